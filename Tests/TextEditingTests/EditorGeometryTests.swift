// The editor's caret, selection, taps and arrow keys go through the engine's geometry: insets, wraps, right-to-left text, secure entry.
import Testing
import TextEditing
import TextLayout

@Suite("Editor geometry")
struct EditorGeometryTests {
    let insets = EdgeInsets(top: 6, left: 12, bottom: 6, right: 8)

    @Test("the caret and selection rectangles are the engine's, moved by the insets")
    func engineRectsWithInsets() throws {
        let editor = try makeEditor(text: "alpha beta gamma delta", width: 120) { $0.settings.sizing.insets = insets }
        let layout = editor.measurement.layout
        for offset in [0, 3, 6, 11, 22] {
            try editor.moveCaret(toUTF16Offset: offset)
            let rect = layout.caretRect(forUTF16Offset: offset)
            #expect(editor.snapshot.caretRect == LayoutRect(x: rect.x + 12, y: rect.y + 6, width: 1, height: rect.height))
        }
        try editor.select(fromUTF16Offset: 2, to: 20)
        let expected = layout.selectionRects(forUTF16Range: 2..<20).map { LayoutRect(x: $0.x + 12, y: $0.y + 6, width: $0.width, height: $0.height) }
        #expect(editor.snapshot.selectionRects == expected)
        #expect(expected.count == layout.lineCount)
        try editor.moveCaret(toUTF16Offset: 4)
        #expect(editor.snapshot.selectionRects.isEmpty)
    }

    @Test("a tap puts the caret at the nearer edge of the cluster under it; at a line's end it keeps to that line")
    func taps() throws {
        let editor = try makeEditor(text: "alpha beta gamma delta", width: 120) { $0.settings.sizing.insets = insets }
        let lines = editor.measurement.layout.lines
        editor.tap(x: 12 + 1, y: 6 + 2)
        #expect(editor.snapshot.caret == 0)
        editor.tap(x: 500, y: 6 + 2)
        #expect(editor.snapshot.caret == lines[1].utf16Range.lowerBound, "the wrap offset")
        #expect(editor.caretAffinity == .upstream)
        #expect(editor.snapshot.caretRect.y == 6, "drawn at the end of the first line")
        editor.tap(x: 0, y: 6 + lines[1].top + 2)
        #expect(editor.snapshot.caret == lines[1].utf16Range.lowerBound)
        #expect(editor.snapshot.caretRect.y == 6 + lines[1].top, "the same offset, at the next line's start")
        editor.tap(x: 500, y: 1000)
        #expect(editor.snapshot.caret == 22)
        editor.tap(x: 12 + 1, y: 6 + 2, extendingSelection: true)
        #expect(editor.snapshot.selection == 0..<22)
        editor.insert("x")
        #expect(editor.caretAffinity == .downstream, "an edit forgets the affinity")
    }

    @Test("arrow keys: on screen in right-to-left text, by word, to line ends, and up and down keeping x")
    func arrows() throws {
        let hebrew = try makeEditor(text: "שלום עולם", width: 200)
        try hebrew.moveCaret(toUTF16Offset: 0)
        hebrew.moveCaret(.left)
        #expect(hebrew.snapshot.caret == 1, "left goes on in a right-to-left line")
        hebrew.moveCaret(.wordLeft)
        #expect(hebrew.snapshot.caret == 4)
        hebrew.moveCaret(.right)
        #expect(hebrew.snapshot.caret == 3)

        let text = "a first line that is long\nab\nanother long line here"
        let editor = try makeEditor(text: text, width: nil)
        try editor.moveCaret(toUTF16Offset: 15)
        let x = editor.snapshot.caretRect.x
        editor.moveCaret(.down)
        #expect(editor.snapshot.caret == 28, "the end of the short line")
        editor.moveCaret(.down)
        #expect(abs(editor.snapshot.caretRect.x - x) < 8, "the goal x is kept past the short line")
        editor.moveCaret(.lineStart)
        #expect(editor.snapshot.caret == 29)
        editor.moveCaret(.lineEnd)
        #expect(editor.snapshot.caret == text.utf16.count)
        editor.moveCaret(.left, extendingSelection: true)
        editor.moveCaret(.left, extendingSelection: true)
        #expect(editor.snapshot.selection == text.utf16.count - 2..<text.utf16.count)
        editor.moveCaret(.right)
        #expect(editor.snapshot.selection == text.utf16.count..<text.utf16.count, "right collapses to the selection's end")
    }

    @Test("a placeholder keeps the caret at its start; secure entry moves over bullets")
    func placeholderAndSecure() throws {
        let editor = try makeEditor(width: 200) { $0.placeholder = "What's up?" }
        editor.tap(x: 150, y: 5)
        #expect(editor.snapshot.caret == 0 && editor.snapshot.caretRect.x == 0)
        editor.moveCaret(.right)
        #expect(editor.snapshot.caret == 0)
        let secure = try makeEditor(text: "p👍🏽ss", width: 200) { $0.secure = true }
        try secure.moveCaret(toUTF16Offset: 0)
        secure.moveCaret(.right)
        secure.moveCaret(.right)
        #expect(secure.snapshot.caret == 5, "past the emoji: UTF-16 offsets of the typed text")
        #expect(secure.snapshot.caretRect.x == secure.measurement.layout.caretRect(forUTF16Offset: 2).x, "after two bullets")
        secure.tap(x: 1000, y: 5)
        #expect(secure.snapshot.caret == 7)
        try secure.select(fromUTF16Offset: 1, to: 5)
        #expect(secure.snapshot.selectionRects.count == 1)
    }

    @Test("moving while disabled is refused")
    func disabled() throws {
        let editor = try makeEditor(text: "abc", width: 200) { $0.enabled = false }
        #expect(editor.moveCaret(.left) == .rejected)
        #expect(editor.tap(x: 0, y: 0) == .rejected)
    }
}
