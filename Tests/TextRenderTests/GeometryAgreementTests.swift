// The engine's caret geometry agrees with where the renderer draws: every line's runs start at the same x, in either direction.
import Testing
import TextLayout
@testable import TextRender

@Suite("Geometry agrees with the renderer")
struct GeometryAgreementTests {
    @Test("a line's origin in the engine's geometry, moved by the left inset, is where the scene draws its runs", arguments: [
        ("Hello, world, a line that wraps", 120.0 as Double?, TextDirection.auto),
        ("שלום עולם, שורה ארוכה שנשברת", 120, .auto),
        ("abc שלום def\nשלום 123 עולם", nil, .auto),
        ("plain text, right to left", 150, .rtl),
    ])
    func origins(_ text: String, _ width: Double?, _ direction: TextDirection) throws {
        let sizing = EditorSizing(insets: EdgeInsets(top: 5, left: 7, bottom: 5, right: 11))
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
}
