// Ink falls inside the measured line boxes (up to the font's own bbox overhang) and where FreeType's glyph boxes put it.
import Foundation
import Testing
import TextLayout
import TextRender

@Suite("Ink placement")
struct InkTests {
    struct Case: Sendable, CustomStringConvertible {
        let text: String
        let font: String
        let size: Double
        let width: Double?
        let scale: Double
        let line: Int
        var description: String { "line \(line): \(font) \(size) px at scale \(scale)" }
    }

    static let cases: [Case] = [
        Case(text: "Colour emoji 👍🏾 🇧🇷 ❤️ fall back to Noto Color Emoji", font: "DejaVuSans.ttf", size: 17, width: 150, scale: 2, line: #line),
        Case(text: "Hello, world! A longer message wraps over several lines.", font: "DejaVuSans.ttf", size: 17, width: 140, scale: 1, line: #line),
        Case(text: "Quick jumpy fog: gypsy [brackets] {braces} | ÅÉÎ ÇØ ñ", font: "DejaVuSans.ttf", size: 23, width: 160, scale: 2, line: #line),
        Case(text: "Bold Type\nwith Hard Breaks\n", font: "DejaVuSans-Bold.ttf", size: 15, width: 200, scale: 1.5, line: #line),
        Case(text: "let x = 42\t// tab\nfunc f() -> Int { return x }", font: "DejaVuSansMono.ttf", size: 13, width: nil, scale: 1, line: #line),
        Case(text: "Ελληνικά и русский текст, Tiếng Việt có dấu", font: "DejaVuSans.ttf", size: 19, width: 170, scale: 1, line: #line),
        Case(text: "مرحبا بالعالم hello", font: "DejaVuSans.ttf", size: 21, width: 300, scale: 1, line: #line),
        Case(text: "שלום עולם, זו פסקה מימין לשמאל עם 42 מספרים ו-English.", font: "NotoSansHebrew-Regular.ttf", size: 18, width: 150, scale: 1, line: #line),
        Case(text: "النص العربي يلتف على عدة أسطر في هذا المحرر الصغير", font: "NotoSansArabic-Regular.ttf", size: 20, width: 140, scale: 2, line: #line),
        Case(text: "नमस्ते दुनिया, यह हिन्दी है", font: "NotoSansDevanagari-Regular.ttf", size: 19, width: 120, scale: 1, line: #line),
    ]

    /// Every inked pixel lies in some line's box, grown by its fonts' bbox overhang (see
    /// ``inkOutsideLineBoxes(_:canvas:scale:)``).
    @Test("no ink outside the line boxes beyond the font's own overhang", arguments: cases)
    func inkInsideLineBoxes(_ c: Case) throws {
        let (scene, _) = try editorScene(c.text, font: c.font, size: c.size, width: c.width)
        let canvas = try RasterRenderer.render(scene, options: RenderOptions(scale: c.scale, background: .transparent))
        #expect(!canvas.inkedPixels().isEmpty)
        let outside = inkOutsideLineBoxes(scene, canvas: canvas, scale: c.scale)
        #expect(outside.isEmpty, "\(outside.count) inked pixels outside every line box, first at \(outside.first.map { "\($0)" } ?? "")")
    }

    /// The ink of each line spans what the glyphs' own outline boxes say, placed at the pen
    /// positions the layout gives, within a device pixel and a half (antialiasing, quarter-pixel pens).
    /// Bitmap glyphs (colour emoji) have no outline box, so that case is left out here.
    @Test("each line's ink matches its glyphs' boxes at their measured positions", arguments: cases.filter { !$0.text.contains("emoji") })
    func inkMatchesGlyphBoxes(_ c: Case) throws {
        let (scene, measurement) = try editorScene(c.text, font: c.font, size: c.size, width: c.width)
        for (index, line) in measurement.layout.lines.enumerated() {
            var expected: (x0: Double, y0: Double, x1: Double, y1: Double)?
            for run in line.runs {
                let unit = run.size / Double(run.content.textFont.metrics.unitsPerEm) * c.scale
                var pen = (scene.lineOrigin(line) + run.x) * c.scale
                for glyph in run.glyphs {
                    defer { pen += glyph.advance * c.scale }
                    guard let box = GlyphOutlines.controlBox(run.content.textFont, glyph: glyph.id) else { continue }
                    let x = pen + glyph.xOffset * c.scale, y = (scene.baseline(of: line) - glyph.yOffset) * c.scale
                    let g = (x + Double(box.xMin) * unit, y - Double(box.yMax) * unit, x + Double(box.xMax) * unit, y - Double(box.yMin) * unit)
                    expected = expected.map { (min($0.x0, g.0), min($0.y0, g.1), max($0.x1, g.2), max($0.y1, g.3)) } ?? g
                }
            }
            let picture = try RasterRenderer.render(scene.keepingGlyphs(ofLine: index), options: RenderOptions(scale: c.scale, background: .transparent))
            let ink = picture.inkBounds(threshold: 8)
            guard let expected else {
                #expect(ink == nil, "line \(index) has no glyph with ink")
                continue
            }
            let found = try #require(ink, "line \(index) has ink")
            let tolerance = 1.5
            #expect(abs(Double(found.x0) - expected.x0) <= tolerance, "line \(index) left: \(found.x0) vs \(expected.x0)")
            #expect(abs(Double(found.x1) - expected.x1) <= tolerance, "line \(index) right: \(found.x1) vs \(expected.x1)")
            #expect(abs(Double(found.y0) - expected.y0) <= tolerance, "line \(index) top: \(found.y0) vs \(expected.y0)")
            #expect(abs(Double(found.y1) - expected.y1) <= tolerance, "line \(index) bottom: \(found.y1) vs \(expected.y1)")
        }
    }

    @Test("pictures rendered on several threads at once are identical")
    func concurrentRendering() async throws {
        let (scene, _) = try editorScene("Threads share fonts; FreeType faces are locked while rendering.", width: 150)
        let reference = try RasterRenderer.render(scene, options: RenderOptions(scale: 1.5))
        let pictures = try await withThrowingTaskGroup(of: [UInt8].self) { group in
            for _ in 0..<8 { group.addTask { try RasterRenderer.render(scene, options: RenderOptions(scale: 1.5)).pixels } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(pictures.allSatisfy { $0 == reference.pixels })
    }
}
