// Pictures under a line-height model: the picture is the editor's height with the line boxes, and each line's ink moves down by its half-leading.
import Foundation
import Testing
import TextLayout
import TextRender

@Suite("Pictures with a line height")
struct LineHeightPictureTests {
    /// `text` in DejaVu Sans 17 px with `lineHeight`, at least `minLines` lines tall, and its picture at scale 1.
    static func picture(_ text: String, _ lineHeight: LineHeight, minLines: Int = 1) throws -> (scene: RenderScene, canvas: Canvas) {
        let sizing = EditorSizing(minLines: minLines)
        let style = try TextStyle(font: bundledFont(), settings: TextSettings(paragraph: ParagraphStyle(lineHeight: lineHeight)))
        let measurement = try PreparedText(text, style: style).measureEditor(editorWidth: 200, sizing: sizing)
        let scene = RenderScene(editor: measurement, sizing: sizing, editorWidth: 200)
        return (scene, try RasterRenderer.render(scene, options: RenderOptions(scale: 1, background: .transparent)))
    }

    /// The first and last inked rows.
    static func inkRows(_ canvas: Canvas) -> ClosedRange<Int>? {
        let rows = canvas.inkedPixels().map(\.y)
        guard let first = rows.min(), let last = rows.max() else { return nil }
        return first...last
    }

    @Test("a 40 px line box: the picture is 3 × 40 px tall for minLines 3, and the ink sits 10.1 px lower than with normal")
    func fixedLineBoxes() throws {
        let normal = try Self.picture("Ag", .normal, minLines: 3)
        let fixed = try Self.picture("Ag", .fixed(40), minLines: 3)
        #expect(try normal.scene.pixelSize(scale: 1).height == 60, "3 × 19.79 px, rounded up")
        #expect(try fixed.scene.pixelSize(scale: 1).height == 120)
        #expect(fixed.scene.bottom(ofLine: 3) == 120)
        // Half-leading (40 − 19.789062) / 2 = 10.105469 px: the ink moves down 10 px, give or take a pixel of antialiasing.
        let normalInk = try #require(Self.inkRows(normal.canvas)), fixedInk = try #require(Self.inkRows(fixed.canvas))
        #expect(abs(fixedInk.lowerBound - normalInk.lowerBound - 10) <= 1)
        #expect(abs(fixedInk.upperBound - normalInk.upperBound - 10) <= 1)
        #expect(inkOutsideLineBoxes(fixed.scene, canvas: fixed.canvas, scale: 1).isEmpty)
    }
}
