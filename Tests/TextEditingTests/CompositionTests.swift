// Composition (marked text) as tests: input methods' sequences, the height while composing, the rules at commit, cancelling, and bad input.
import Testing
import TextEditing
import TextLayout

@Suite("Composition: marked text")
struct CompositionTests {
    /// The height a fresh editor with the same configuration gives for `text`.
    func freshHeight(_ editor: EditorModel, _ text: String) throws -> Double {
        var configuration = editor.configuration
        configuration.text = text
        return try EditorModel(configuration: configuration, clock: ManualClock()).snapshot.height
    }

    @Test("Japanese: romaji to kana to a kanji conversion, marked text replaced, then committed")
    func japanese() throws {
        let editor = try makeEditor(text: "今日は")
        let steps: [(String, Range<Int>)] = [("n", 1..<1), ("に", 1..<1), ("にh", 2..<2), ("にほ", 2..<2), ("にほn", 3..<3),
                                             ("にほん", 3..<3), ("日本", 0..<2)]
        for (marked, selection) in steps {
            #expect(try editor.setMarkedText(marked, selectedRange: selection) == .accepted)
            let snapshot = editor.snapshot
            #expect(snapshot.text == "今日は" + marked)
            #expect(snapshot.markedRange == 3..<(3 + marked.utf16.count))
            #expect(snapshot.selection == (3 + selection.lowerBound)..<(3 + selection.upperBound))
            #expect(!snapshot.canUndo, "composing is no undo step")
        }
        #expect(editor.unmarkText() == .accepted)
        #expect(editor.text == "今日は日本" && editor.snapshot.markedRange == nil && editor.snapshot.caret == 5)
        editor.undo()
        #expect(editor.text == "今日は" && editor.snapshot.caret == 3, "the composition is one undo group")
        editor.redo()
        #expect(editor.text == "今日は日本")
    }

    @Test("the editor grows while composing exactly as it will after the commit")
    func growsWhileComposing() throws {
        let editor = try makeEditor(width: 100) { $0.settings.sizing = EditorSizing(maxLines: 4) }
        let oneLine = editor.snapshot.height
        try editor.setMarkedText("にほんごのぶんしょうをかいています", selectedRange: 17..<17)
        let composing = editor.snapshot
        #expect(composing.height > oneLine, "the marked text wraps")
        #expect(composing.height == (try freshHeight(editor, composing.text)))
        editor.unmarkText()
        #expect(editor.snapshot.height == composing.height && editor.snapshot.lineCount == composing.lineCount)
    }

    @Test("cancelling restores the text, the selection and the height from before the composition")
    func cancel() throws {
        let editor = try makeEditor(text: "abcd", width: 60)
        try editor.select(fromUTF16Offset: 3, to: 1)
        let before = editor.snapshot
        try editor.setMarkedText("한국어 문장이 길어요", selectedRange: 2..<2)
        #expect(editor.snapshot.height > before.height)
        #expect(editor.cancelComposition() == .accepted)
        let after = editor.snapshot
        #expect(after.text == "abcd" && after.selection == 1..<3 && after.caret == 1 && after.height == before.height)
        #expect(after.markedRange == nil && !after.canUndo)
        #expect(editor.checkInvariants() == [])
    }

    @Test("Korean: jamo compose syllables, each committed before the next begins")
    func korean() throws {
        let editor = try makeEditor()
        for marked in ["ㅎ", "하", "한"] { try editor.setMarkedText(marked, selectedRange: 1..<1) }
        editor.unmarkText()
        for marked in ["ㄱ", "그", "글"] { try editor.setMarkedText(marked, selectedRange: 1..<1) }
        #expect(editor.snapshot.markedRange == 1..<2)
        editor.unmarkText()
        #expect(editor.text == "한글" && editor.snapshot.caret == 2)
        editor.undo()
        #expect(editor.text == "한")
    }

    @Test("Chinese: pinyin marked, a candidate chosen replaces it (insert while composing)")
    func chinese() throws {
        let editor = try makeEditor(text: "说")
        for marked in ["n", "ni", "ni h", "ni hao"] { try editor.setMarkedText(marked, selectedRange: marked.utf16.count..<marked.utf16.count) }
        editor.insert("你好")
        #expect(editor.text == "说你好" && editor.snapshot.markedRange == nil && editor.snapshot.caret == 3)
        editor.undo()
        #expect(editor.text == "说", "the composition and the chosen candidate are one group")
    }

    @Test("another event commits the composition first")
    func otherEventsCommit() throws {
        let editor = try makeEditor(text: "ab")
        try editor.setMarkedText("に", selectedRange: 1..<1)
        try editor.moveCaret(toUTF16Offset: 0)
        #expect(editor.text == "abに" && editor.snapshot.markedRange == nil && editor.snapshot.caret == 0)
        try editor.setMarkedText("x", selectedRange: 0..<1)
        editor.setFocused(false)
        #expect(editor.snapshot.markedRange == nil && editor.text == "xabに")
    }

    @Test("maxLength applies at the commit: reject cancels, truncate cuts; the counter leaves marked text out",
          arguments: [LengthPolicy.reject, .truncate])
    func lengthLimit(_ policy: LengthPolicy) throws {
        let editor = try makeEditor(text: "ab") {
            $0.maxLength = 3
            $0.lengthPolicy = policy
        }
        try editor.setMarkedText("にほん", selectedRange: 3..<3)
        #expect(editor.text == "abにほん" && editor.counter == "2/3", "composing is not held to the limit")
        let outcome = editor.unmarkText()
        #expect(outcome == (policy == .reject ? .rejected : .truncated))
        #expect(editor.text == (policy == .reject ? "ab" : "abに"))
        #expect(editor.snapshot.markedRange == nil)
    }

    @Test("live validation waits for the commit, and its debounce starts there")
    func validation() throws {
        let clock = ManualClock()
        let editor = try makeEditor(clock: clock) {
            $0.liveValidation = minimumLength(4)
            $0.liveValidationInterval = 0.5
        }
        editor.insert("a")
        try editor.setMarkedText("にほ", selectedRange: 2..<2)
        try clock.advance(by: 1)
        editor.tick()
        #expect(editor.state == .standard, "no validation while composing")
        editor.unmarkText()
        #expect(editor.nextDeadline == 1.5)
        try clock.advance(by: 0.5)
        editor.tick()
        #expect(editor.state == .error && editor.helperText == "Too short")
    }

    @Test("the placeholder hides while marked text shows")
    func placeholder() throws {
        let editor = try makeEditor { $0.placeholder = "Message" }
        try editor.setMarkedText("に", selectedRange: 1..<1)
        #expect(!editor.showsPlaceholder && editor.displayText == "に")
        editor.cancelComposition()
        #expect(editor.showsPlaceholder)
    }

    @Test("bad input: a secure field, a selectedRange outside the marked text; nothing marked is a no-op")
    func badInput() throws {
        let secure = try makeEditor { $0.secure = true }
        #expect(throws: EditorError.self) { try secure.setMarkedText("に", selectedRange: 0..<0) }
        #expect(secure.text == "" && secure.snapshot.markedRange == nil)
        let editor = try makeEditor(text: "ab")
        do {
            try editor.setMarkedText("にほ", selectedRange: 1..<3)
            Issue.record("a selectedRange past the marked text was taken")
        } catch {
            #expect(error.keys == ["selectedRange"] && error.message.contains("0...2"))
        }
        #expect(editor.text == "ab" && editor.snapshot.markedRange == nil)
        #expect(editor.unmarkText() == .accepted && editor.cancelComposition() == .accepted && editor.text == "ab")
    }

    @Test("an empty marked text ends the composition; what it replaced stays deleted, as one undo group")
    func emptyMarkedText() throws {
        let editor = try makeEditor(text: "abc")
        try editor.select(fromUTF16Offset: 1, to: 2)
        try editor.setMarkedText("ㅎ", selectedRange: 1..<1)
        try editor.setMarkedText("", selectedRange: 0..<0)
        #expect(editor.text == "ac" && editor.snapshot.markedRange == nil)
        editor.undo()
        #expect(editor.text == "abc" && editor.snapshot.selection == 1..<2)
    }
}
