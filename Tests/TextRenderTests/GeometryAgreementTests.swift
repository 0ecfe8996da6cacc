// The engine's caret geometry agrees with where the renderer draws: every line's runs start at the same x, in either direction and alignment.
import Testing
import TextLayout
import TextRender

@Suite("Geometry agrees with the renderer")
struct GeometryAgreementTests {
    @Test("a line's origin in the engine's geometry, moved by the left inset, is where the scene draws its runs", arguments: [
        ("Hello, world, a line that wraps", 120.0 as Double?, TextDirection.auto),
        ("שלום עולם, שורה ארוכה שנשברת", 120, .auto),
        ("abc שלום def\nשלום 123 עולם", nil, .auto),
        ("plain text, right to left", 150, .rtl),
    ])
    func origins(_ text: String, _ width: Double?, _ direction: TextDirection) throws {        let sizing = EditorSizing(insets: EdgeInsets(top: 5, left: 7, bottom: 5, right: 11))
        let (scene, measurement) = try editorScene(text, width: width.map { $0 + 18 }, sizing: sizing, direction: direction)
        let layout = measurement.layout
        for line in layout.lines {
            #expect(abs(scene.lineOrigin(line) - (7 + layout.lineOrigin(line))) < 1e-9, "line \(line.utf16Range)")
        }
        // The caret at the start of a right-to-left line that starts with right-to-left text is
        // at the right end of its content, as drawn.
        for line in layout.lines where line.isRightToLeft
            && line.runs.first(where: { $0.utf16Range.contains(line.utf16Range.lowerBound) })?.isRightToLeft == true {
            let caret = layout.caretRect(forUTF16Offset: line.utf16Range.lowerBound)
            #expect(abs(7 + caret.x - scene.contentSpan(line).x1) < 1e-9)
        }
    }

    @Test("aligned and indented lines are drawn where the layout places them: the ink of one line of H's sits there", arguments: [
        (ParagraphStyle(alignment: .center), "centre"), (ParagraphStyle(alignment: .right), "right"),
        (ParagraphStyle(indent: 40), "indent"), (ParagraphStyle(alignment: .end, indent: 25), "end and indent"),
    ])
    func alignedInk(_ paragraph: ParagraphStyle, _ name: String) throws {
        let sizing = EditorSizing(insets: EdgeInsets(top: 4, left: 10, bottom: 4, right: 6))
        let (scene, measurement) = try editorScene("HHHH", width: 216, sizing: sizing, paragraph: paragraph)
        let line = measurement.layout.lines[0]
        let canvas = try RasterRenderer.render(scene, options: RenderOptions(background: .transparent))
        let ink = try #require(canvas.inkBounds(threshold: 64))
        // Where the content goes in the box, from the rules alone: a 200 px text area from x = 10.
        let expectedLeft = switch name {
        case "centre": 10 + (200 - line.width) / 2
        case "right": 10 + 200 - line.width
        case "indent": 10 + 40.0
        default: 10 + 200 - 25 - line.width
        }
        // An H's side bearings are about 2 px at 17 px: its ink starts and ends that far inside its advance.
        #expect(abs(Double(ink.x0) - expectedLeft - 2) <= 1.5, "\(name): ink from \(ink.x0), content from \(expectedLeft)")
        #expect(abs(Double(ink.x1) - (expectedLeft + line.width) + 2) <= 1.5, "\(name): ink to \(ink.x1)")
    }
}
