// Word and paragraph editing as tests: option-backspace and forward by ICU words, command-backspace to the wrapped line's start, double and triple taps, each one undo group.
import Testing
import TextEditing
import TextLayout

@Suite("Word and paragraph editing")
struct WordEditingTests {
    @Test("deleteWordBackward deletes to the word's start, taking the spaces and punctuation before the caret",
          arguments: [("hello world", 1, "hello "), ("hello world", 2, ""), ("hello   ", 1, ""), ("foo, bar", 2, ""),
                      ("foo, bar!", 1, "foo, "), ("a\nb", 2, "a"), ("a\nb", 3, ""), ("a\r\n", 1, "a"),
                      ("cafe\u{301} au lait", 1, "cafe\u{301} au "), ("cafe\u{301}", 1, ""), ("مرحبا بالعالم", 1, "مرحبا "),
                      ("one 👍🏽", 1, ""), ("x  ", 0, "x  ")])
    func deleteWordBackward(_ text: String, _ count: Int, _ result: String) throws {
        let editor = try makeEditor(text: text)
        #expect(editor.deleteWordBackward(count) == .accepted)
        #expect(editor.text == result)
        #expect(editor.snapshot.caret == result.utf16.count)
        #expect(editor.checkInvariants() == [])
    }

    @Test("deleteWordForward deletes to the end of the word after the caret",
          arguments: [("hello world", 0, 1, " world"), ("hello world", 5, 1, "hello"), ("hello world", 2, 1, "he world"),
                      ("a\nb", 1, 1, "ab"), ("مرحبا بالعالم", 0, 1, " بالعالم"), ("a, b", 1, 1, "a")])
    func deleteWordForward(_ text: String, _ caret: Int, _ count: Int, _ result: String) throws {
        let editor = try makeEditor(text: text)
        try editor.moveCaret(toUTF16Offset: caret)
        editor.deleteWordForward(count)
        #expect(editor.text == result)
        #expect(editor.snapshot.caret == caret)
    }

    @Test("the first word deletion deletes the selection; each is one undo group that restores text and selection")
    func selectionAndUndo() throws {
        let editor = try makeEditor(text: "one two three")
        try editor.select(fromUTF16Offset: 8, to: 13)
        editor.deleteWordBackward(2)
        #expect(editor.text == "one ")
        editor.deleteWordBackward()
        #expect(editor.text == "")
        editor.undo()
        #expect(editor.text == "one " && editor.snapshot.selection == 4..<4)
        editor.undo()
        #expect(editor.text == "one two three" && editor.snapshot.selection == 8..<13)
    }

    @Test("a secure field deletes to the paragraph's start: its words are not told apart")
    func secure() throws {
        let editor = try makeEditor(text: "pass word") { $0.secure = true }
        editor.deleteWordBackward()
        #expect(editor.text == "")
    }

    @Test("deleteToLineStart deletes to the wrapped line's start, then the break before it")
    func deleteToLineStart() throws {
        let editor = try makeEditor(text: "alpha beta gamma delta epsilon zeta", width: 120)
        let lines = editor.measurement.layout.lines
        #expect(lines.count > 1, "the text wraps")
        let lastStart = lines[lines.count - 1].utf16Range.lowerBound
        editor.deleteToLineStart()
        #expect(editor.text == String(editor.configuration.text.utf16.prefix(lastStart))!)
        #expect(editor.snapshot.caret == lastStart)
        editor.undo()
        #expect(editor.text == editor.configuration.text && !editor.canUndo)
        let secondStart = lines[1].utf16Range.lowerBound
        try editor.moveCaret(toUTF16Offset: secondStart)
        editor.deleteToLineStart()
        #expect(editor.text == String(editor.configuration.text.utf16.prefix(secondStart - 1))! + String(editor.configuration.text.utf16.dropFirst(secondStart))!,
                "at a line's start, the cluster before goes")
    }

    @Test("selectWord selects the word, or the run of spaces or punctuation, at an offset",
          arguments: [("hello, world", 1, 0..<5), ("hello, world", 5, 0..<5), ("hello, world", 6, 6..<7),
                      ("hello, world", 12, 7..<12), ("a...b", 2, 1..<4), ("a   b", 2, 1..<4), ("cafe\u{301} x", 1, 0..<5),
                      ("مرحبا بالعالم", 8, 6..<13), ("a\n\nb", 2, 2..<2)])
    func selectWord(_ text: String, _ offset: Int, _ selection: Range<Int>) throws {
        let editor = try makeEditor(text: text)
        try editor.selectWord(atUTF16Offset: offset)
        #expect(editor.snapshot.selection == selection)
    }

    @Test("selectWord at a point selects the word under it")
    func selectWordAtPoint() throws {
        let editor = try makeEditor(text: "hello world")
        let inside = editor.measurement.layout.caretRect(forUTF16Offset: 8)
        editor.selectWord(atX: inside.x + 2, y: inside.y + inside.height / 2)
        #expect(editor.snapshot.selection == 6..<11)
    }

    @Test("selectParagraph selects the paragraph with its hard break; selectAll everything",
          arguments: [(5, 4..<8), (0, 0..<4), (10, 8..<13)])
    func selectParagraph(_ offset: Int, _ selection: Range<Int>) throws {
        let editor = try makeEditor(text: "one\ntwo\nthree")
        try editor.selectParagraph(atUTF16Offset: offset)
        #expect(editor.snapshot.selection == selection)
        editor.selectAll()
        #expect(editor.snapshot.selection == 0..<13)
    }

    @Test("an offset outside the text is an error naming the allowed range")
    func badOffset() throws {
        let editor = try makeEditor(text: "abc")
        #expect(throws: EditorError.self) { try editor.selectWord(atUTF16Offset: 4) }
        #expect(throws: EditorError.self) { try editor.selectParagraph(atUTF16Offset: -1) }
    }
}
