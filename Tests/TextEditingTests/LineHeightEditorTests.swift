// An editor under a line-height model: its caret rectangles, taps, selection and height follow the line boxes, and a new width reshapes nothing.
import Testing
import TextEditing
import TextLayout

@Suite("Editors with a line height")
struct LineHeightEditorTests {
    /// DejaVu Sans at 17 px: ascent 1901 / 2048 × 17 = 15.779785, descent 483 / 2048 × 17 =
    /// 4.009277; at 24 px the half-leading is (24 − 19.789062) / 2 = 2.105469, so the baseline is
    /// 17.885254 below a line's top.
    static let fixed = ParagraphStyle(lineHeight: .fixed(24))

    @Test("the caret is the line box's height at the line's top; a tap in a line box lands in that line")
    func caretFollowsTheLineBox() throws {
        let editor = try makeEditor(text: "one two three four five six seven", width: 80) {
            $0.settings.text.paragraph = Self.fixed
            $0.settings.sizing = EditorSizing(lineSpace: 2, insets: EdgeInsets(top: 5, left: 3, bottom: 5, right: 3))
        }
        let lines = editor.measurement.layout.lines
        #expect(lines.count >= 3)
        for (k, line) in lines.enumerated() {
            _ = try editor.moveCaret(toUTF16Offset: line.utf16Range.lowerBound)
            #expect(editor.caretRect.y == 5 + Double(k) * 26, "line \(k)")
            #expect(editor.caretRect.height == 24)
            // A tap 1 px inside the bottom of the line box lands on this line, not the next.
            _ = editor.tap(x: 3 + 1, y: 5 + Double(k) * 26 + 23)
            #expect(editor.caretRect.y == 5 + Double(k) * 26, "a tap at the bottom of line \(k)")
        }
        #expect(editor.snapshot.height == 5 + 5 + Double(lines.count) * 24 + Double(lines.count - 1) * 2)
        #expect(abs(lines[1].baseline - 26 - 17.885254) < 1e-6)
    }

    @Test("minLines past the text and a text ending in a hard break count the line box, strut forced or not",
          arguments: Strut.allCases)
    func linesPastTheText(strut: Strut) throws {
        let editor = try makeEditor(text: "Hi 直\n", width: 200) {
            $0.settings.text.paragraph = ParagraphStyle(lineHeight: .fixed(24), strut: strut)
            $0.settings.text.language = "ja"
            $0.settings.sizing = EditorSizing(minLines: 4, lineSpace: 2)
        }
        let heights = editor.measurement.layout.lines.map(\.height)
        // The CJK face (ascent 1.16 em, descent 0.288 em) centred in 24 px reaches 19.412 above the
        // baseline; DejaVu's box reaches 6.114746 below: 25.526746, unless the strut forces 24.
        #expect(abs(heights[0] - (strut == .forced ? 24 : 25.526746)) < 1e-6)
        #expect(heights[1] == 24, "the empty last line is the primary font's box")
        #expect(abs(editor.snapshot.height - (heights[0] + 3 * 24 + 3 * 2)) < 1e-9)
    }

    @Test("a new width re-breaks the lines under the line height without shaping again")
    func newWidthReshapesNothing() throws {
        let text = "A new width re-breaks the same shaped text into a different number of lines."
        let editor = try makeEditor(text: text, width: 200) { $0.settings.text.paragraph = ParagraphStyle(lineHeight: .multiple(1.5)) }
        try editor.setEditorWidth(90)
        let expected = try PreparedText(text, style: TextStyle(font: dejaVu(), settings: TextSettings(paragraph: ParagraphStyle(lineHeight: .multiple(1.5)))))
            .layout(wrapWidth: 90)
        #expect(editor.snapshot.lineCount == expected.lineCount)
        #expect(editor.snapshot.contentHeight == Double(expected.lineCount) * 25.5)
        #expect(editor.prepareCount == 1, "a width change must not shape the text again")
        #expect(editor.layoutCount == 2)
    }
}
