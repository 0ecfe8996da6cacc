// Undo and redo as tests: which edits make one group (runs, pauses, caret moves, pastes, hard breaks), what comes back, the limit, appended text, masks and objects.
import Testing
import TextEditing
import TextLayout

@Suite("Undo and redo: groups, selections, limit")
struct UndoTests {
    /// Undoes until nothing is left, returning the texts seen after each undo.
    func undoAll(_ editor: EditorModel) -> [String] {
        var texts: [String] = []
        while editor.canUndo {
            editor.undo()
            texts.append(editor.text)
        }
        return texts
    }

    @Test("a run of typing is one group; undo restores the text and caret, redo reapplies")
    func typingRun() throws {
        let editor = try makeEditor(text: "Hi ")
        for letter in ["t", "h", "e", "r", "e"] { editor.insert(letter) }
        #expect(editor.snapshot.canUndo && !editor.snapshot.canRedo)
        editor.undo()
        #expect(editor.text == "Hi " && editor.snapshot.selection == 3..<3)
        #expect(!editor.canUndo && editor.canRedo)
        editor.redo()
        #expect(editor.text == "Hi there" && editor.snapshot.selection == 8..<8)
        #expect(editor.checkInvariants() == [])
    }

    @Test("the pause ends a group: at undoGroupPause seconds, not before", arguments: [0.99, 1.0])
    func pause(_ seconds: Double) throws {
        let clock = ManualClock()
        let editor = try makeEditor(clock: clock)
        editor.insert("ab")
        try clock.advance(by: seconds)
        editor.insert("cd")
        #expect(undoAll(editor) == (seconds < 1 ? [""] : ["ab", ""]))
    }

    @Test("undoGroupPause is a configuration key")
    func longerPause() throws {
        let clock = ManualClock()
        let editor = try makeEditor(clock: clock) { $0.undoGroupPause = 5 }
        editor.insert("ab")
        try clock.advance(by: 4)
        editor.insert("cd")
        #expect(undoAll(editor) == [""])
    }

    @Test("a caret move ends a group, and undo puts the caret back where the group began")
    func caretMove() throws {
        let editor = try makeEditor()
        editor.insert("ab")
        try editor.moveCaret(toUTF16Offset: 1)
        editor.insert("x")
        editor.insert("y")
        #expect(editor.text == "axyb")
        editor.undo()
        #expect(editor.text == "ab" && editor.snapshot.selection == 1..<1)
        editor.undo()
        #expect(editor.text == "" && !editor.canUndo)
    }

    @Test("switching between typing and deleting ends a group; a run of backspaces is one")
    func typingThenDeleting() throws {
        let editor = try makeEditor()
        editor.insert("abc")
        editor.deleteBackward()
        editor.deleteBackward()
        editor.insert("z")
        #expect(undoAll(editor) == ["a", "abc", ""])
    }

    @Test("a paste is a group of its own, between two runs of typing")
    func paste() throws {
        let editor = try makeEditor()
        editor.insert("a")
        editor.paste("bc")
        editor.insert("d")
        #expect(undoAll(editor) == ["abc", "a", ""])
    }

    @Test("a hard break ends the run it is typed in", arguments: ["\n", "\r\n", "\u{2029}"])
    func hardBreak(_ hardBreak: String) throws {
        let editor = try makeEditor()
        editor.insert("a")
        editor.insert(hardBreak)
        editor.insert("b")
        #expect(undoAll(editor) == ["a" + hardBreak, ""])
    }

    @Test("deleting a selection is a group of its own, and undo selects the text again")
    func selectionDeletion() throws {
        let editor = try makeEditor(text: "hello world")
        try editor.select(fromUTF16Offset: 5, to: 0)
        editor.deleteBackward()
        editor.deleteBackward()
        #expect(editor.text == " world")
        editor.undo()
        #expect(editor.text == "hello world")
        #expect(editor.snapshot.selection == 0..<5 && editor.snapshot.caret == 0, "the caret end of the selection too")
        #expect(!editor.canUndo, "the backspace with nothing to delete changed nothing")
    }

    @Test("a new edit after an undo drops what could be redone")
    func newEditDropsRedo() throws {
        let editor = try makeEditor()
        editor.insert("ab")
        editor.undo()
        #expect(editor.canRedo)
        editor.insert("c")
        #expect(!editor.canRedo)
        #expect(editor.redo() == .accepted && editor.text == "c", "redo with nothing to redo changes nothing")
    }

    @Test("setText clears the history; append is no step and leaves the user's steps")
    func codeEdits() throws {
        let editor = try makeEditor()
        editor.insert("hi")
        editor.append(" there")
        #expect(editor.text == "hi there")
        editor.undo()
        #expect(editor.text == " there" && editor.snapshot.caret == 0)
        editor.redo()
        #expect(editor.text == "hi there" && editor.snapshot.caret == 2)
        editor.setText("new")
        #expect(!editor.canUndo && !editor.canRedo)
    }

    @Test("the history keeps undoLimit groups, the oldest dropped")
    func limit() throws {
        let editor = try makeEditor { $0.undoLimit = 2 }
        for word in ["a", "b", "c"] {
            editor.insert(word)
            try editor.moveCaret(toUTF16Offset: editor.text.utf16.count)
            editor.paste(" ")
        }
        #expect(undoAll(editor) == ["a b c", "a b "])
        #expect(editor.checkInvariants() == [])
        let none = try makeEditor { $0.undoLimit = 0 }
        none.insert("a")
        none.paste("b")
        #expect(!none.canUndo)
        #expect(none.undo() == .accepted && none.text == "ab")
    }

    @Test("undo with nothing to undo is a no-op; while disabled it is refused")
    func nothingToUndo() throws {
        let editor = try makeEditor(text: "abc")
        #expect(editor.undo() == .accepted && editor.text == "abc")
        editor.insert("d")
        editor.setEnabled(false)
        #expect(editor.undo() == .rejected && editor.text == "abcd")
    }

    @Test("in a mask field undo acts on the typed characters; the literals follow")
    func mask() throws {
        let editor = try makeEditor { $0.mask = InputMask(format: "+7(ddd)ddd-dd-dd", appearance: .whole) }
        editor.insert("912")
        try editor.moveCaret(toUTF16Offset: 3)
        editor.paste("3456789")
        #expect(editor.text == "9123456789")
        editor.undo()
        #expect(editor.text == "912")
        #expect(editor.formattedText.hasPrefix("+7(912)"))
        editor.undo()
        #expect(editor.text == "" && editor.checkInvariants() == [])
        editor.redo()
        editor.redo()
        #expect(editor.text == "9123456789" && editor.formattedText == "+7(912)345-67-89")
    }

    @Test("an inline object inserted is an undo step of its own, undone with its object and redone with the same one")
    func objects() throws {
        // All within one undoGroupPause (the manual clock stands still): only the object splits the typing.
        let editor = try makeEditor()
        let chip = InlineObject(width: 48, height: 18, align: .middle)
        editor.insert("Ping ")
        try editor.insertInlineObject(chip)
        editor.insert(" about lunch")
        #expect(editor.text == "Ping \u{FFFC} about lunch" && editor.inlineObjects == [chip])
        editor.undo()
        #expect(editor.text == "Ping \u{FFFC}" && editor.inlineObjects == [chip] && editor.snapshot.selection == 6..<6)
        editor.undo()
        #expect(editor.text == "Ping " && editor.inlineObjects.isEmpty && editor.snapshot.selection == 5..<5)
        editor.undo()
        #expect(editor.text == "" && !editor.canUndo)
        editor.redo()
        editor.redo()
        #expect(editor.text == "Ping \u{FFFC}" && editor.inlineObjects == [chip])
        editor.redo()
        #expect(editor.text == "Ping \u{FFFC} about lunch" && editor.inlineObjects == [chip] && !editor.canRedo)
        #expect(editor.checkInvariants() == [])
    }

    @Test("an inline object typed over a selection is one step: undo brings the selected text back, selected")
    func objectOverSelection() throws {
        let editor = try makeEditor(text: "Ping Ana")
        try editor.select(fromUTF16Offset: 5, to: 8)
        try editor.insertInlineObject(InlineObject(width: 48, height: 18))
        editor.insert("!")
        editor.undo()
        #expect(editor.text == "Ping \u{FFFC}" && editor.inlineObjects.count == 1)
        editor.undo()
        #expect(editor.text == "Ping Ana" && editor.inlineObjects.isEmpty && editor.snapshot.selection == 5..<8)
    }

    @Test("a negative undoLimit or undoGroupPause is refused, naming the key")
    func badConfiguration() throws {
        #expect(throws: EditorError.self) { try makeEditor { $0.undoLimit = -1 } }
        do {
            _ = try makeEditor { $0.undoGroupPause = .nan }
            Issue.record("a NaN pause was taken")
        } catch let error as EditorError {
            #expect(error.message.contains("undoGroupPause"))
        }
    }
}
