// The hyphen a line shows after a soft hyphen is drawn in the pictures, PNG and SVG, where the layout measures it.
import Foundation
import Testing
import TextLayout
import TextRender

@Suite("Soft hyphens in pictures")
struct SoftHyphenPictureTests {
    /// "super\u{AD}cali" broken after the soft hyphen draws its first line as "super‐" (U+2010)
    /// set on its own: the same ink, and in SVG a use of the hyphen's glyph.
    @Test func theHyphenIsDrawn() throws {
        let (hyphenated, measurement) = try editorScene("super\u{AD}cali", width: 60)
        let line = measurement.layout.lines[0]
        #expect(line.endsWithHyphen)
        let (written, _) = try editorScene("super\u{2010}")
        let options = RenderOptions(scale: 2, background: .transparent)
        let firstLine = try RasterRenderer.render(hyphenated, options: options)
        let reference = try RasterRenderer.render(written, options: options)
        let lineBottom = Int((line.top + line.height) * 2)
        let inkOfFirstLine = firstLine.inkedPixels().filter { $0.y < lineBottom }
        let xs = inkOfFirstLine.map(\.x), referenceXs = reference.inkedPixels().map(\.x)
        #expect(xs.min() == referenceXs.min() && xs.max() == referenceXs.max())
        // Without the hyphen, the ink would end where "super" does, some 5 px (10 device px) sooner.
        let (bare, _) = try editorScene("super")
        let bareMax = try RasterRenderer.render(bare, options: options).inkedPixels().map(\.x).max() ?? 0
        #expect((xs.max() ?? 0) > bareMax + 6)

        let hyphen = try #require(line.runs.flatMap(\.glyphs).last { $0.isGenerated })
        let svg = try SVGRenderer.render(hyphenated, options: options)
        #expect(svg.contains("-\(hyphen.id)\""))
    }
}
