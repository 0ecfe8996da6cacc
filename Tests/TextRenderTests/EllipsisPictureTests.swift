// The ellipsis of a clamped layout is drawn where the layout measures it: after the kept text, at the left of a right-to-left line.
import Foundation
import Testing
import TextLayout
import TextRender

@Suite("The ellipsis in pictures")
struct EllipsisPictureTests {
    /// The picture of `text` clamped to one line at `width`, its ellipsis box, and the picture of
    /// the shown text written out (the kept text and "…") unclamped.
    static func pictures(_ text: String, font: String, width: Double, direction: TextDirection)
        throws -> (clamped: Canvas, written: Canvas, box: LayoutRect) {
        let style = try TextStyle(font: bundledFont(font), settings: TextSettings(direction: direction, paragraph: ParagraphStyle(lineClamp: 1)))
        let measurement = try PreparedText(text, style: style).measureEditor(editorWidth: width)
        let layout = measurement.layout
        let box = try #require(layout.ellipsisRect)
        let hidden = try #require(layout.truncation?.hiddenRange)
        let kept = String(decoding: Array(text.utf16)[..<hidden.lowerBound], as: UTF16.self)
        let options = RenderOptions(scale: 2, background: .transparent)
        let clamped = try RasterRenderer.render(RenderScene(editor: measurement, sizing: EditorSizing(), editorWidth: width), options: options)
        let (written, _) = try editorScene(kept + "\u{2026}", font: font, width: width, direction: direction)
        return (clamped, try RasterRenderer.render(written, options: options), box)
    }

    @Test("a left-to-right line ends in the ellipsis: its ink reaches into the ellipsis box, as the written-out text's does")
    func leftToRight() throws {
        let (clamped, written, box) = try Self.pictures(
            "These fields declare relationships between the source package and packages used to build it.",
            font: "DejaVuSans.ttf", width: 240, direction: .auto)
        let xs = clamped.inkedPixels().map(\.x), writtenXs = written.inkedPixels().map(\.x)
        #expect(abs((xs.max() ?? 0) - (writtenXs.max() ?? 0)) <= 1 && xs.min() == writtenXs.min())
        // The ellipsis' three dots are ink inside its box, right of all the kept text's ink.
        let inBox = clamped.inkedPixels().filter { Double($0.x) >= box.x * 2 && Double($0.x) < box.maxX * 2 }
        #expect(inBox.count > 10)
    }

    @Test("a right-to-left line shows the ellipsis at its left end")
    func rightToLeft() throws {
        let (clamped, written, box) = try Self.pictures(
            "אין מספיק זיכרון לטעינת התמונה, כדאי לנסות לסגור מספר יישומים כדי לפנות זיכרון",
            font: "NotoSansHebrew-Regular.ttf", width: 150, direction: .rtl)
        let xs = clamped.inkedPixels().map(\.x), writtenXs = written.inkedPixels().map(\.x)
        #expect(abs((xs.min() ?? 0) - (writtenXs.min() ?? 0)) <= 1 && xs.max() == writtenXs.max())
        let leftmost = try #require(xs.min())
        #expect(Double(leftmost) >= box.x * 2 - 1 && Double(leftmost) < box.maxX * 2, "the leftmost ink is the ellipsis'")
    }
}
