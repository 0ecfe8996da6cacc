// Colour emoji from the bundled Noto Color Emoji subset (CBDT bitmaps) are drawn in colour, inside their line, in PNG and SVG.
import Foundation
import Testing
import TextLayout
import TextRender

@Suite("Colour glyphs")
struct ColorGlyphTests {
    static let text = "Hi 👍🏾 from 🇧🇷 ❤️ ok"

    /// Pixels whose channels differ clearly: colour, where black text on white gives only grays.
    private func colouredPixels(_ canvas: Canvas) -> [(x: Int, y: Int)] {
        var found: [(x: Int, y: Int)] = []
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                let p = canvas.pixel(x, y)
                let channels = [Int(p.red), Int(p.green), Int(p.blue)]
                if channels.max()! - channels.min()! > 60 { found.append((x, y)) }
            }
        }
        return found
    }

    @Test("emoji fall back to the colour font and are drawn in colour within their line", arguments: [1.0, 2.0])
    func emojiInColour(_ scale: Double) throws {
        let (scene, measurement) = try editorScene(Self.text, width: 300)
        let fonts = Set(measurement.layout.lines.flatMap { $0.runs.map(\.content.textFont.familyName) })
        #expect(fonts.contains("Noto Color Emoji"), "the emoji fall back to the bundled colour font, got \(fonts)")
        let canvas = try RasterRenderer.render(scene, options: RenderOptions(scale: scale))
        let coloured = colouredPixels(canvas)
        // Three emoji about 17 px square each: well over a hundred coloured pixels at scale 1.
        #expect(coloured.count > Int(100 * scale * scale), "\(coloured.count) coloured pixels")
        let line = try #require(measurement.layout.lines.first)
        let font = try #require(measurement.layout.lines.first?.runs.first { $0.content.textFont.familyName == "Noto Color Emoji" }?.content.textFont)
        // A bitmap font has no outline bbox: its strikes fill the em box, ascender to descender.
        let top = (line.baseline - font.metrics.ascent(size: 17)) * scale - 1, bottom = (line.baseline + font.metrics.descent(size: 17)) * scale + 1
        let outside = coloured.filter { Double($0.y) < top || Double($0.y) > bottom }
        #expect(outside.count == 0, "coloured ink stays within the emoji font's ascent and descent (\(top)...\(bottom)), not at \(outside.prefix(3))")
        if !outside.isEmpty {
            try? PictureFile.write(PNGCodec.encode(canvas), to: FileManager.default.temporaryDirectory.appendingPathComponent("textlayout-emoji-\(scale).png").path)
        }
    }

    @Test("the SVG embeds colour glyphs as PNG images at their place")
    func emojiInSVG() throws {
        let (scene, _) = try editorScene(Self.text, width: 300)
        let svg = try SVGRenderer.render(scene, options: RenderOptions())
        let images = svg.components(separatedBy: "<image ").count - 1
        #expect(images >= 3, "one image per emoji drawn, got \(images)")
        #expect(svg.contains("data:image/png;base64,"))
    }
}
