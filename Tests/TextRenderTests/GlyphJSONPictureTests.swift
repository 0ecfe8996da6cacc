// A picture drawn from `measure --glyphs` JSON alone (font files, sizes, glyph ids and positions) is the picture `render` draws.
import Foundation
import Testing
import TextLayout
import TextLayoutIO
import TextRender
import TestSupport

@Suite("Drawing from the glyph JSON")
struct GlyphJSONPictureTests {
    /// Texts with what a renderer in another language must get right: bidi reordering, marks
    /// with offsets, colour emoji, fallback fonts, wraps, a soft hyphen, spans in another size,
    /// justified lines (stretched advances) and centred ones (each line's x), decoration lines
    /// (from each run's `decoration`, `underline` and `strikeout`, across its width, a smaller
    /// span's thinner, right to left too).
    static let jobs = [
        #"{"text":"Hello שלום world, e\u0301\u0323 مرحبا بالعالم 👍🏽 done","width":150,"lineSpace":3,"insets":{"top":8,"left":12,"bottom":8,"right":12}}"#,
        #"{"text":"super\u00adcali\u00adfragilistic","width":60}"#,
        #"{"text":"עברית first line\nsecond","direction":"rtl","width":140,"insets":{"top":2,"left":5,"bottom":2,"right":9}}"#,
        #"{"text":"big and small","width":120,"spans":[{"start":0,"end":3,"size":30},{"start":8,"end":13,"size":11,"letterSpacing":2}]}"#,
        #"{"text":"Justified lines stretch their spaces to fill the width, a hanging indent after the first\nלבסוף שורה מיושרת לשני הצדדים גם מימין","width":170,"align":"justify","indent":-14,"insets":{"top":4,"left":6,"bottom":4,"right":6}}"#,
        #"{"text":"Centred lines split their slack\nשלום עולם in the middle too","width":160,"align":"center","indent":20,"insets":{"top":3,"left":7,"bottom":3,"right":5}}"#,
        #"{"text":"Underlined words wrap, struck ones too; שלום עולם both","width":130,"spans":[{"start":0,"end":16,"decoration":"underline"},{"start":23,"end":29,"size":12,"decoration":"lineThrough"},{"start":35,"end":44,"decoration":["underline","lineThrough"]}]}"#,
    ]

    @Test("every pixel equals render's", arguments: 0..<7, [1.0, 2.0])
    func samePixels(_ index: Int, _ scale: Double) throws {
        let request = try LayoutRequest(job: parseJSON(Self.jobs[index]))
        let result = try request.measure(in: bundledFonts)
        let options = RenderOptions(scale: scale)
        let scene = RenderScene(editor: result.measurement, sizing: request.settings.sizing, editorWidth: request.settings.editorWidth)
        let rendered = try RasterRenderer.render(scene, options: options)

        // From here on only the JSON, the request's box and the font files are read.
        let json = try parseJSON(result.json(.glyphs))
        let contentWidth = try number(json["width"])
        let boxWidth = request.settings.editorWidth ?? request.settings.sizing.editorWidth(ofWrapWidth: contentWidth)
        let size = (width: Int((boxWidth * scale - 1e-9).rounded(.up)), height: Int((try number(json["editorHeight"]) * scale - 1e-9).rounded(.up)))
        var canvas = Canvas(width: size.width, height: size.height, background: options.background)
        let rasterizer = GlyphRasterizer()
        var glyphCount = 0, decorationCount = 0
        for line in try list(json["lines"]) {
            let baselineY = request.settings.sizing.insets.top + (try number(line["baseline"]))
            let baseline = baselineY * scale
            let origin = request.settings.sizing.insets.left + (try number(line["x"]))
            for run in try list(line["runs"]) {
                guard case let .string(path)? = run["fontFile"] else { throw TestFailure("a run without fontFile") }
                let font = try bundledFonts.font(path: path, faceIndex: Int(try number(run["faceIndex"])))
                let ppem = try number(run["size"]) * scale
                let ids = try list(run["glyphs"]), advances = try list(run["advances"]), offsets = try list(run["offsets"])
                let clusters = try list(run["clusters"])
                #expect(ids.count == advances.count && ids.count == offsets.count && ids.count == clusters.count)
                var pen = (origin + (try number(run["x"]))) * scale
                for (k, id) in ids.enumerated() {
                    let offset = try list(offsets[k])
                    RasterRenderer.paint(UInt32(try number(id)), of: font, ppem: ppem, x: pen + (try number(offset[0])) * scale,
                                         y: baseline - (try number(offset[1])) * scale, color: options.foreground, on: &canvas, rasterizer: rasterizer)
                    pen += try number(advances[k]) * scale
                    glyphCount += 1
                }
                // Each decoration line from the baseline − position down by its thickness, across the run.
                let lines = try run["decoration"].map { try list($0) } ?? []
                for name in lines {
                    let metrics = try list(run[name == .string("underline") ? "underline" : "strikeout"])
                    let rect = LayoutRect(x: origin + (try number(run["x"])), y: baselineY - (try number(metrics[0])),
                                          width: try number(run["width"]), height: try number(metrics[1]))
                    RasterRenderer.paintDecorationLine(rect, scale: scale, color: options.foreground, on: &canvas)
                    decorationCount += 1
                }
            }
        }
        #expect(glyphCount > 10)
        #expect((decorationCount > 3) == (index == 6))
        #expect(canvas.width == rendered.width && canvas.height == rendered.height)
        #expect(canvas.pixels == rendered.pixels, "job \(index) at scale \(scale)")
        #expect(!rendered.inkedPixels().isEmpty)
    }

    private func number(_ value: JSONValue?) throws -> Double {
        guard case let .number(n, _)? = value else { throw TestFailure("expected a number, got \(value?.typeName ?? "nothing")") }
        return n
    }

    private func list(_ value: JSONValue?) throws -> [JSONValue] {
        guard case let .array(items)? = value else { throw TestFailure("expected a list, got \(value?.typeName ?? "nothing")") }
        return items
    }
}
