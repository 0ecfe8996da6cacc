// The caret's rectangle as tests: x from the glyph advances, the line's top and height, insets, wraps, ligatures and right-to-left text.
import Testing
import TextEditing
import TextLayout

@Suite("Caret rectangle")
struct CaretTests {
    /// The width of `text` on one line in DejaVu Sans 17 px.
    func width(_ text: String) throws -> Double {
        try PreparedText(text, font: dejaVu(), size: 17).layout().widestLineWidth
    }

    @Test("the caret's x is the width of the text before it on its line",
          arguments: [("Hello", 5), ("Hello", 0), ("Hello", 2), ("Ta Va", 5), ("a\tb", 2), ("xy👍🏽z", 6)])
    func xFromAdvances(_ text: String, _ offset: Int) throws {
        let editor = try makeEditor(text: text, width: nil)
        try editor.moveCaret(toUTF16Offset: offset)
        let before = String(text.utf16.prefix(offset))!
        let expected = before.hasSuffix("\t") ? try width(before + "b") - width("b") : try width(before)
        #expect(abs(editor.snapshot.caretRect.x - expected) < 1e-9)
        #expect(editor.snapshot.caretRect.y == 0)
        #expect(editor.snapshot.caretRect.height == editor.measurement.layout.lines[0].height)
    }

    @Test("insets move the caret; its width is caretWidth")
    func insets() throws {
        let editor = try makeEditor(text: "", width: 200) {
            $0.settings.sizing.insets = EdgeInsets(top: 8, left: 12, bottom: 8, right: 12)
            $0.caretWidth = 2
        }
        #expect(editor.snapshot.caretRect == LayoutRect(x: 12, y: 8, width: 2, height: lineHeight17))
    }

    @Test("at a soft wrap the caret starts the next line; after a hard break too")
    func wrapsAndBreaks() throws {
        let editor = try makeEditor(text: "alpha beta gamma delta", width: 100) { $0.settings.sizing.lineSpace = 3 }
        let lines = editor.measurement.layout.lines
        #expect(lines.count > 1)
        try editor.moveCaret(toUTF16Offset: lines[1].utf16Range.lowerBound)
        #expect(editor.snapshot.caretRect.x == 0)
        #expect(editor.snapshot.caretRect.y == lineHeight17 + 3)
        editor.setText("one\ntwo\n")
        #expect(editor.snapshot.caretRect.y == 2 * (lineHeight17 + 3))
        try editor.moveCaret(toUTF16Offset: 3)
        #expect(editor.snapshot.caretRect.y == 0)
        #expect(abs(editor.snapshot.caretRect.x - (try width("one"))) < 1e-9)
    }

    @Test("the caret never passes the wrap width, even after hanging spaces")
    func hangingSpaces() throws {
        let editor = try makeEditor(text: "word" + String(repeating: " ", count: 60), width: 100)
        #expect(editor.snapshot.lineCount == 1)
        #expect(editor.snapshot.caretRect.x == 100)
    }

    @Test("a ligature's advance is shared between the clusters it joins")
    func ligatureSplit() throws {
        let layout = try PreparedText("ffi", font: dejaVu(), size: 17).layout()
        let glyphs = layout.lines[0].runs.flatMap(\.glyphs)
        let editor = try makeEditor(text: "ffi", width: nil)
        try editor.moveCaret(toUTF16Offset: 1)
        let x = editor.snapshot.caretRect.x
        if glyphs.count < 3 {  // the font joined letters into one glyph: the caret splits it evenly
            let first = glyphs[0]
            let end = glyphs.count > 1 ? glyphs[1].cluster : 3
            #expect(abs(x - first.advance / Double(end - first.cluster)) < 1e-9)
        } else {
            #expect(abs(x - glyphs[0].advance) < 1e-9)
        }
        #expect(x > 0)
        #expect(x < layout.widestLineWidth)
    }

    @Test("a right-to-left text has its caret where the renderer draws it: from the right edge")
    func rightToLeftText() throws {
        let text = "\u{5E9}\u{5DC}\u{5D5}\u{5DD}"  // Hebrew: shalom
        let editor = try makeEditor(text: text, width: 200) { $0.settings.sizing.insets = EdgeInsets(top: 4, left: 10, bottom: 4, right: 10) }
        let line = editor.measurement.layout.lines[0]
        #expect(line.isRightToLeft)
        try editor.moveCaret(toUTF16Offset: 0)
        #expect(editor.snapshot.caretRect.x == 10 + 180, "the start of the text is at the right edge")
        try editor.moveCaret(toUTF16Offset: 4)
        #expect(abs(editor.snapshot.caretRect.x - (10 + 180 - line.width)) < 1e-9)
    }
}
