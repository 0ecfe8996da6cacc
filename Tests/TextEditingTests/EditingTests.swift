// Editing as tests: insert over the selection, delete by grapheme cluster, caret and selection as String.Index and UTF-16 offsets.
import Testing
import TextEditing
import TextLayout

@Suite("Editing: grapheme clusters, caret, selection, offsets")
struct EditingTests {
    @Test("deleteBackward deletes whole grapheme clusters",
          arguments: [("a👨‍👩‍👧b", 9, 1, "ab", 1), ("e\u{301}", 2, 1, "", 0), ("🇫🇷🇩🇪", 8, 1, "🇫🇷", 4),
                      ("a\r\nb", 3, 1, "ab", 1), ("abc", 3, 2, "a", 1), ("abc", 1, 5, "bc", 0), ("abc", 0, 1, "abc", 0),
                      ("👍🏽x", 4, 1, "x", 0)])
    func deleteBackward(_ text: String, _ caret: Int, _ count: Int, _ result: String, _ newCaret: Int) throws {
        let editor = try makeEditor(text: text)
        try editor.moveCaret(toUTF16Offset: caret)
        #expect(editor.deleteBackward(count) == .accepted)
        #expect(editor.text == result)
        #expect(editor.snapshot.caret == newCaret)
        #expect(editor.checkInvariants() == [])
    }

    @Test("deleteForward deletes whole grapheme clusters",
          arguments: [("a👨‍👩‍👧b", 1, 1, "ab"), ("e\u{301}x", 0, 1, "x"), ("a\r\nb", 1, 1, "ab"), ("abc", 1, 9, "a"),
                      ("abc", 3, 1, "abc")])
    func deleteForward(_ text: String, _ caret: Int, _ count: Int, _ result: String) throws {
        let editor = try makeEditor(text: text)
        try editor.moveCaret(toUTF16Offset: caret)
        #expect(editor.deleteForward(count) == .accepted)
        #expect(editor.text == result)
        #expect(editor.snapshot.caret == caret)
    }

    @Test("the first delete removes the selection; later ones go on from there")
    func deleteSelection() throws {
        let editor = try makeEditor(text: "abcdef")
        try editor.select(fromUTF16Offset: 2, to: 4)
        editor.deleteBackward(2)
        #expect(editor.text == "aef")
        try editor.select(fromUTF16Offset: 3, to: 1)
        editor.deleteForward()
        #expect(editor.text == "a")
    }

    @Test("insert replaces the selection and leaves the caret after the new text")
    func insertOverSelection() throws {
        let editor = try makeEditor(text: "Hello world")
        try editor.select(fromUTF16Offset: 6, to: 11)
        #expect(editor.snapshot.selection == 6..<11)
        #expect(editor.snapshot.caret == 11)
        editor.insert("there 👋")
        #expect(editor.text == "Hello there 👋")
        #expect(editor.snapshot.caret == 14)
        #expect(editor.snapshot.selection == 14..<14)
        #expect(editor.caretIndex == editor.text.endIndex)
    }

    @Test("a reversed selection keeps the caret at its end")
    func reversedSelection() throws {
        let editor = try makeEditor(text: "abcdef")
        try editor.select(fromUTF16Offset: 5, to: 1)
        #expect(editor.snapshot.selection == 1..<5)
        #expect(editor.snapshot.caret == 1)
        #expect(editor.selectedRange == editor.text.index(editor.text.startIndex, offsetBy: 1)..<editor.text.index(editor.text.startIndex, offsetBy: 5))
        editor.selectAll()
        #expect(editor.snapshot.selection == 0..<6)
    }

    @Test("an offset inside a grapheme cluster rounds down to its start",
          arguments: [("a👍🏽b", 2, 1), ("a👍🏽b", 3, 1), ("a👍🏽b", 5, 5), ("e\u{301}x", 1, 0), ("a\r\nb", 2, 1), ("🇫🇷", 2, 0)])
    func offsetsRoundDown(_ text: String, _ offset: Int, _ caret: Int) throws {
        let editor = try makeEditor(text: text)
        try editor.moveCaret(toUTF16Offset: offset)
        #expect(editor.snapshot.caret == caret)
        #expect(editor.utf16Offset(of: editor.caretIndex) == caret)
        #expect(editor.checkInvariants() == [])
    }

    @Test("an offset outside the text is an error and changes nothing", arguments: [-1, 4, 100])
    func offsetsOutside(_ offset: Int) throws {
        let editor = try makeEditor(text: "a👍")
        try editor.moveCaret(toUTF16Offset: 1)
        #expect(throws: EditorError.self) { try editor.moveCaret(toUTF16Offset: offset) }
        #expect(throws: EditorError.self) { try editor.select(fromUTF16Offset: 0, to: offset) }
        #expect(editor.snapshot.caret == 1)
        #expect(editor.snapshot.selection == 1..<1)
    }

    @Test("String.Index and UTF-16 offsets agree")
    func indexAndOffsets() throws {
        let editor = try makeEditor(text: "añ👨‍👩‍👧z")
        editor.moveCaret(to: editor.text.index(editor.text.startIndex, offsetBy: 3))
        #expect(editor.snapshot.caret == 10)
        #expect(try editor.index(atUTF16Offset: 10) == editor.caretIndex)
        #expect(editor.snapshot.caretIndex == editor.caretIndex)
        editor.select(editor.text.index(after: editor.text.startIndex)..<editor.text.endIndex)
        #expect(editor.snapshot.selection == 1..<11)
        #expect(String(editor.text[editor.snapshot.selectionRange]) == "ñ👨‍👩‍👧z")
    }

    @Test("only a text change shapes again; caret moves and focus lay nothing out")
    func invalidation() throws {
        let editor = try makeEditor(text: "Some text")
        editor.moveCaret(to: editor.text.startIndex)
        editor.setFocused(true)
        try editor.select(fromUTF16Offset: 1, to: 3)
        #expect(editor.prepareCount == 1)
        #expect(editor.layoutCount == 1)
        editor.insert("X")
        #expect(editor.prepareCount == 2)
        try editor.setEditorWidth(100)
        #expect(editor.prepareCount == 2)
        #expect(editor.layoutCount == 3)
        editor.setText(editor.text)
        #expect(editor.prepareCount == 2, "the same text is not shaped again")
    }

    @Test("a bad width is an error and keeps the old layout", arguments: [0.0, -5, .nan, .infinity, 10])
    func badWidth(_ width: Double) throws {
        let editor = try makeEditor(text: "Some text", width: 200) {
            $0.settings.sizing.insets = EdgeInsets(top: 0, left: 6, bottom: 0, right: 6)
        }
        let before = editor.snapshot
        #expect(throws: LayoutError.self) { try editor.setEditorWidth(width) }
        #expect(editor.editorWidth == 200)
        #expect(editor.snapshot.height == before.height)
        try editor.setEditorWidth(nil)
        #expect(editor.measurement.layout.wrapWidth == .infinity)
    }

    @Test("the configuration is checked when the editor is made")
    func badConfiguration() throws {
        #expect(throws: EditorError.self) { _ = try makeEditor { $0.maxLength = 0 } }
        #expect(throws: EditorError.self) { _ = try makeEditor { $0.liveValidationInterval = -1 } }
        #expect(throws: LayoutError.self) { _ = try makeEditor { $0.settings.text.size = 0 } }
        #expect(throws: LayoutError.self) { _ = try makeEditor { $0.settings.sizing.minLines = 0 } }
        #expect(throws: LayoutError.self) { _ = try makeEditor(width: -3) }
    }
}
