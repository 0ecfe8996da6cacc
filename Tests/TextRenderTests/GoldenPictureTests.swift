// Golden pictures: small renders compared with Tests/Goldens/render/<case>.png within a tolerance; TEXTLAYOUT_BLESS=1 rewrites them.
import Foundation
import Testing
import TextLayout
import TextRender
import TestSupport

@Suite("Golden pictures")
struct GoldenPictureTests {
    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let text: String
        var font = "DejaVuSans.ttf"
        var size = 17.0
        var width: Double?
        var sizing = EditorSizing()
        var options = RenderOptions()
        var language: String?
        var paragraph = ParagraphStyle()
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "wrap-debug", text: "Hello, world! Wrapping text.", width: 130,
             sizing: EditorSizing(maxLines: 2, insets: EdgeInsets(top: 4, left: 6, bottom: 4, right: 6)),
             options: RenderOptions(debug: true)),
        Case(name: "hard-breaks-scale2", text: "one\ntwo\n", size: 13, width: 60,
             sizing: EditorSizing(lineSpace: 2), options: RenderOptions(scale: 2, debug: true)),
        Case(name: "mono-colours", text: "let x = 42\tTab", font: "DejaVuSansMono.ttf", size: 14,
             sizing: EditorSizing(insets: EdgeInsets(top: 3, left: 4, bottom: 3, right: 4)),
             options: RenderOptions(foreground: RGBAColor(red: 16, green: 64, blue: 160),
                                    background: RGBAColor(red: 255, green: 248, blue: 224))),
        Case(name: "bold-min-lines", text: "Hi", font: "DejaVuSans-Bold.ttf", size: 15, width: 80,
             sizing: EditorSizing(minLines: 3, maxLines: 4, insets: EdgeInsets(top: 2, left: 2, bottom: 2, right: 2)),
             options: RenderOptions(background: .transparent, debug: true)),
        Case(name: "rtl-emoji-debug", text: "שלום 👍🏾 עולם, 42 ו-OK", font: "NotoSansHebrew-Regular.ttf", size: 15, width: 110,
             sizing: EditorSizing(insets: EdgeInsets(top: 3, left: 4, bottom: 3, right: 4)), options: RenderOptions(debug: true)),
        // 24 px line boxes: 24.07 px with the emoji, 25.53 px with Latin and CJK, 24 px for CJK alone and the empty slots.
        Case(name: "line-height-fallback-debug", text: "Hi ❤️ there\nSave 設定を保存\n設定", width: 150,
             sizing: EditorSizing(minLines: 5, insets: EdgeInsets(top: 3, left: 4, bottom: 3, right: 4)), options: RenderOptions(debug: true),
             language: "ja", paragraph: ParagraphStyle(lineHeight: .fixed(24))),
    ]

    private func scene(_ c: Case) throws -> RenderScene {
        try editorScene(c.text, font: c.font, size: c.size, width: c.width, sizing: c.sizing, language: c.language, paragraph: c.paragraph).scene
    }

    @Test("golden picture", arguments: cases)
    func golden(_ c: Case) throws {
        let png = try RasterRenderer.png(scene(c), options: c.options)
        let url = renderGoldens.appendingPathComponent(c.name + ".png")
        if blessing {
            try PictureFile.write(png, to: url.path)
            return
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record("no \(c.name).png in Tests/Goldens/render; run the tests with TEXTLAYOUT_BLESS=1 to create it")
            return
        }
        let expected = try PNGCodec.decode(Array(data))
        let actual = try PNGCodec.decode(png)
        let diff = try #require(difference(actual, expected),
                                "\(c.name): \(actual.width)×\(actual.height) px, the golden is \(expected.width)×\(expected.height)")
        // FreeType versions antialias edges a little differently: allow a few strongly differing
        // pixels and a small mean difference, not a moved glyph or a missing line.
        let passes = diff.badShare <= 0.005 && diff.mean <= 2
        if !passes {
            let failures = FileManager.default.temporaryDirectory.appendingPathComponent("textlayout-render-failures")
            try? FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
            try? PictureFile.write(png, to: failures.appendingPathComponent(c.name + ".png").path)
            Issue.record("\(c.name) differs from its golden: \(String(format: "%.2f", diff.badShare * 100))% of pixels off by more than 40, mean difference \(String(format: "%.2f", diff.mean)); the new picture is in \(failures.path)")
        }
    }

    @Test("the comparison catches a picture moved by one pixel")
    func toleranceCatchesShift() throws {
        let canvas = try RasterRenderer.render(scene(Self.cases[0]), options: RenderOptions())
        var pixels = Canvas(width: canvas.width, height: canvas.height, background: .white).pixels
        for y in 0..<canvas.height {
            for x in 1..<canvas.width {
                for c in 0..<4 { pixels[(y * canvas.width + x) * 4 + c] = canvas.pixels[(y * canvas.width + x - 1) * 4 + c] }
            }
        }
        let shifted = Canvas(width: canvas.width, height: canvas.height, pixels: pixels)
        let diff = try #require(difference(canvas, shifted))
        #expect(diff.badShare > 0.005 || diff.mean > 2)
        #expect(difference(canvas, canvas)!.badShare == 0)
    }

    @Test("a layout made without glyph runs draws the same picture as one made with them")
    func runlessLayout() throws {
        let prepared = try PreparedText("Hello שלום world\nwrapped over lines", font: bundledFont(), size: 17)
        let withRuns = try SVGRenderer.render(RenderScene(layout: try prepared.layout(wrapWidth: 90)), options: RenderOptions())
        let without = try SVGRenderer.render(RenderScene(layout: try prepared.layout(wrapWidth: 90, glyphRuns: false)), options: RenderOptions())
        #expect(withRuns.contains("<use "))
        #expect(without == withRuns)
    }

    @Test("the SVG of a small text is stable: one path per glyph, one use per glyph drawn")
    func svgStructure() throws {
        let (scene, measurement) = try editorScene("abba cab", width: 200)
        let svg = try SVGRenderer.render(scene, options: RenderOptions())
        let glyphs = measurement.layout.lines.flatMap { $0.runs.flatMap(\.glyphs) }
        let inked = glyphs.filter { GlyphOutlines.controlBox(scene.layout.prepared.style.font, glyph: $0.id) != nil }
        #expect(svg.components(separatedBy: "<path id=").count - 1 == Set(inked.map(\.id)).count)
        #expect(svg.components(separatedBy: "<use ").count - 1 == inked.count)
        #expect(svg.hasPrefix("<?xml"))
        #expect(svg.hasSuffix("</svg>\n"))
        #expect(try SVGRenderer.render(scene, options: RenderOptions()) == svg, "the same scene gives the same SVG")
    }
}
