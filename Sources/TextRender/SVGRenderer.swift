// Writes a scene as SVG: each glyph outline once in <defs>, placed with <use>, so the picture scales and diffs as text.
import Foundation
import TextLayout

/// Renders scenes as SVG documents.
public enum SVGRenderer {
    /// The SVG of `scene`: `width` and `height` are the box's size times the scale (exactly, not
    /// rounded), the view box is the box in layout pixels. Outline glyphs are paths in font units,
    /// placed with `<use>` in the text's colour (a run of another colour, from its span, carries
    /// its own `fill`); bitmap glyphs (colour emoji strikes) are embedded PNG images; a run's
    /// decoration lines are `<rect>`s after its glyphs, in its colour. The selection's rectangles
    /// come before the text; each inline object's outline (and its index under `debug`) after it,
    /// in a `<g class="inline-objects">`.
    /// - Throws: ``RenderError`` for a bad scale or a picture past the size limit.
    public static func render(_ scene: RenderScene, options: RenderOptions) throws -> String {
        try options.validate()
        _ = try scene.pixelSize(scale: options.scale)
        try scene.checkGlyphSize(scale: options.scale)
        let n = RenderScene.decimal
        var out = """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" \
        width="\(n(scene.width * options.scale))" height="\(n(scene.height * options.scale))" \
        viewBox="0 0 \(n(scene.width)) \(n(scene.height))">

        """
        if options.background.alpha > 0 {
            out += "<rect width=\"\(n(scene.width))\" height=\"\(n(scene.height))\"\(fill(options.background))/>\n"
        }
        let shapes = options.debug ? scene.overlayShapes(scale: options.scale) : []
        if !shapes.isEmpty { out += "<g shape-rendering=\"crispEdges\">\n" }
        for shape in shapes where shape.isFill { out += element(shape, scale: options.scale, scene: scene) }
        if !shapes.isEmpty { out += "</g>\n" }
        if let selection = scene.selection, !selection.rects.isEmpty {
            out += "<g\(fill(selection.color))>\n"
            for rect in selection.rects {
                out += "<rect x=\"\(n(rect.x))\" y=\"\(n(rect.y))\" width=\"\(n(rect.width))\" height=\"\(n(rect.height))\"/>\n"
            }
            out += "</g>\n"
        }
        let textColor = scene.textColor ?? options.foreground

        var definitions = ""
        var uses = ""
        var art: [GlyphKey: GlyphArt] = [:]
        var fontNumbers: [ObjectIdentifier: Int] = [:]
        for line in scene.lines {
            let column = scene.column(of: line)
            let baseline = scene.baseline(of: line)
            for run in line.runs {
                // Numbered for an object's run too (the font around it), which draws no glyph.
                let font = run.content.textFont
                let fontNumber = fontNumbers[ObjectIdentifier(font)] ?? fontNumbers.count
                fontNumbers[ObjectIdentifier(font)] = fontNumber
                let s = run.size / Double(font.metrics.unitsPerEm)
                let color = scene.color(of: run, foreground: options.foreground)
                let runFill = color == textColor ? "" : fill(color)
                // Where the pen starts and how a glyph's offsets place it: along a line; down a
                // column, upright on the central baseline (offsets y up), turned on its run's
                // baseline, or combined upright: a row across the column on its baseline down the unit.
                var pen: Double
                let origin: (Glyph, Double) -> (x: Double, y: Double)
                let turned = column != nil && run.isTurnedInColumn
                if let column {
                    pen = column.y + run.x
                    origin = scene.layout.columnGlyphOrigin(of: run, in: column)
                } else {
                    pen = scene.lineOrigin(line) + run.x
                    origin = { glyph, pen in (pen + glyph.xOffset, baseline - glyph.yOffset) }
                }
                for glyph in run.glyphs {
                    defer { pen += glyph.advance }
                    let key = GlyphKey(font: fontNumber, glyph: glyph.id, size: run.size)
                    let (x, y) = origin(glyph, pen)
                    if art[key] == nil {
                        let id = "g\(fontNumber)-\(glyph.id)"
                        if let path = GlyphOutlines.pathData(font, glyph: glyph.id) {
                            let known = art.keys.contains { $0.font == fontNumber && $0.glyph == glyph.id }
                            if !path.isEmpty && !known { definitions += "<path id=\"\(id)\" d=\"\(path)\"/>\n" }
                            art[key] = path.isEmpty ? .nothing : .path(id)
                        } else {
                            art[key] = image(run, glyph: glyph.id, scale: options.scale).map(GlyphArt.image) ?? .nothing
                        }
                    }
                    switch art[key]! {
                    case .nothing:
                        break
                    case .path(let id):
                        let turn = turned ? " rotate(90)" : ""
                        let across = s * (column == nil ? 1 : run.combinedScaleX ?? 1)  // a combined unit's squeeze
                        uses += "<use xlink:href=\"#\(id)\" transform=\"translate(\(n(x)) \(n(y)))\(turn) scale(\(scaleText(across)) \(scaleText(-s)))\"\(runFill)/>\n"
                    case .image(let image):
                        uses += "<image x=\"\(n(x + image.left))\" y=\"\(n(y - image.top))\" width=\"\(n(image.width))\" " +
                            "height=\"\(n(image.height))\" xlink:href=\"data:image/png;base64,\(image.base64)\"/>\n"
                    }
                }
                let lines = column.map { scene.layout.columnDecorationLineRects(of: run, in: $0) }
                    ?? run.decorationLineRects.map { $0.offsetBy(dx: scene.lineOrigin(line), dy: baseline) }
                for rect in lines {
                    uses += "<rect x=\"\(n(rect.x))\" y=\"\(n(rect.y))\" width=\"\(n(rect.width))\" height=\"\(n(rect.height))\"\(runFill)/>\n"
                }
            }
        }
        if !definitions.isEmpty { out += "<defs>\n" + definitions + "</defs>\n" }
        out += "<g\(fill(textColor))>\n" + uses + "</g>\n"
        out += inlineObjectsSVG(scene, options: options)
        out += scene.decorationsSVG(scale: options.scale)
        if !shapes.isEmpty {
            out += "<g fill=\"none\" shape-rendering=\"crispEdges\">\n"
            for shape in shapes where !shape.isFill { out += element(shape, scale: options.scale, scene: scene) }
            out += "</g>\n"
        }
        return out + "</svg>\n"
    }

    private struct GlyphKey: Hashable {
        let font: Int
        let glyph: UInt32
        let size: Double
    }

    /// How a glyph is drawn: an outline defined once, an embedded picture, or nothing (no ink).
    private enum GlyphArt {
        case nothing
        case path(String)
        case image(EmbeddedImage)
    }

    /// A bitmap glyph as PNG data, placed relative to the pen in layout pixels (top is up from the baseline).
    private struct EmbeddedImage {
        let left, top, width, height: Double
        let base64: String
    }

    /// A bitmap glyph (a colour strike) as an embedded PNG; nil when it has no image.
    private static func image(_ run: GlyphRun, glyph: UInt32, scale: Double) -> EmbeddedImage? {
        let bitmap = GlyphRasterizer().bitmap(run.content.textFont, glyph: glyph, ppem: run.size * scale, dx: 0, dy: 0)
        guard bitmap.width > 0, bitmap.isColor else { return nil }
        var pixels = [UInt8](repeating: 0, count: bitmap.bytes.count)
        for i in stride(from: 0, to: pixels.count, by: 4) {  // premultiplied BGRA → straight RGBA
            let a = Double(bitmap.bytes[i + 3])
            for (to, from) in [(0, 2), (1, 1), (2, 0)] {
                pixels[i + to] = a > 0 ? UInt8(min(255, (Double(bitmap.bytes[i + from]) * 255 / a).rounded())) : 0
            }
            pixels[i + 3] = bitmap.bytes[i + 3]
        }
        guard let png = try? PNGCodec.encode(Canvas(width: bitmap.width, height: bitmap.height, pixels: pixels)) else { return nil }
        let unit = bitmap.scale / scale  // layout pixels per bitmap pixel
        return EmbeddedImage(left: Double(bitmap.left) * unit, top: Double(bitmap.top) * unit, width: Double(bitmap.width) * unit,
                             height: Double(bitmap.height) * unit, base64: Data(png).base64EncodedString())
    }

    /// One overlay shape; strokes are one device pixel wide, inside the picture as in the PNG.
    static func element(_ shape: OverlayShape, scale: Double, scene: RenderScene) -> String {
        let n = RenderScene.decimal
        let w = 1 / scale
        func stroke(_ color: RGBAColor, _ dashed: Bool) -> String {
            "stroke=\"\(color.hexRGB)\"" + (color.alpha == 255 ? "" : " stroke-opacity=\"\(n(Double(color.alpha) / 255))\"") +
                " stroke-width=\"\(scaleText(w))\"" + (dashed ? " stroke-dasharray=\"\(scaleText(4 * w)) \(scaleText(3 * w))\"" : "")
        }
        switch shape {
        case let .fill(x, y, width, height, color):
            return "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(width))\" height=\"\(n(height))\"\(fill(color))/>\n"
        case let .box(x, y, width, height, color, dashed):
            return "<rect x=\"\(n(x + w / 2))\" y=\"\(n(y + w / 2))\" width=\"\(n(max(0, width - w)))\" height=\"\(n(max(0, height - w)))\" \(stroke(color, dashed))/>\n"
        case let .horizontal(y, x0, x1, color, dashed):
            let at = min(y, scene.height - w) + w / 2
            return "<line x1=\"\(n(x0))\" y1=\"\(n(at))\" x2=\"\(n(x1))\" y2=\"\(n(at))\" \(stroke(color, dashed))/>\n"
        case let .vertical(x, y0, y1, color, dashed):
            let at = min(x, scene.width - w) + w / 2
            return "<line x1=\"\(n(at))\" y1=\"\(n(y0))\" x2=\"\(n(at))\" y2=\"\(n(y1))\" \(stroke(color, dashed))/>\n"
        }
    }

    private static func fill(_ color: RGBAColor) -> String {
        " fill=\"\(color.hexRGB)\"" + (color.alpha == 255 ? "" : " fill-opacity=\"\(RenderScene.decimal(Double(color.alpha) / 255))\"")
    }

    /// A scale factor with enough digits for font units (6 significant decimals).
    private static func scaleText(_ value: Double) -> String {
        let text = String(format: "%.6f", value)
        var trimmed = Substring(text)
        while trimmed.hasSuffix("0") { trimmed = trimmed.dropLast() }
        if trimmed.hasSuffix(".") { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }
}

extension RGBAColor {
    /// `#rrggbb`, alpha left out.
    var hexRGB: String { "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined() }
}
