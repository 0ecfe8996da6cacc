// Where a picture shows the text's inline objects: an outlined box at each, labelled with its index under --debug, for the PNG and SVG renderers.
import TextLayout

/// An inline object as a picture shows it: its box in the scene and its index.
struct InlineObjectBox: Equatable {
    var index: Int
    var x: Double
    var y: Double
    var width: Double
    var height: Double

    /// The outline's colour: a neutral gray, which reads on light and dark backgrounds alike.
    static let color = RGBAColor(red: 128, green: 128, blue: 128, alpha: 255)
    /// The label's size in layout pixels, at most: smaller in a smaller box.
    static let labelSize = 9.0

    /// The outline: one device pixel wide, inside the box's edges, as the overlay's boxes are drawn.
    var outline: OverlayShape { .box(x: x, y: y, width: width, height: height, Self.color, dashed: false) }

    /// The label's em size: ``labelSize``, or the box's height when it is smaller (at least 1 pixel).
    var labelFontSize: Double { max(1, min(Self.labelSize, height)) }
}

extension RenderScene {
    /// The boxes of the inline objects on the lines the scene draws, where the layout puts them
    /// (``Layout/inlineObjectFrames``' rectangles, moved into the box by the insets and scroll; in
    /// columns, ``Layout/columnBox(of:drawnBy:of:in:)`` in the scene's column, ``column(of:)``).
    var inlineObjectBoxes: [InlineObjectBox] {
        lines.flatMap { line in
            line.runs.compactMap { run -> InlineObjectBox? in
                switch run.content {
                case .text: nil
                case .inlineObject(let object, _):
                    column(of: line).map { frame in
                        let box = layout.columnBox(of: object, drawnBy: run, of: line, in: frame)
                        return InlineObjectBox(index: object.index, x: box.x, y: box.y, width: box.width, height: box.height)
                    } ?? InlineObjectBox(index: object.index, x: lineOrigin(line) + run.x, y: baseline(of: line) - object.ascent,
                                         width: object.width, height: object.height)
                }
            }
        }
    }
}

extension Canvas {
    /// Writes the index of `box` in its top-left corner in `font`, in the outline's colour.
    mutating func drawLabel(of box: InlineObjectBox, font: Font, scale: Double) {
        guard let label = try? PreparedText(String(box.index), style: TextStyle(font: font, settings: TextSettings(size: box.labelFontSize)))
            .layout() else { return }
        let rasterizer = GlyphRasterizer()
        for line in label.linesWithGlyphRuns {
            for run in line.runs {
                var pen = (box.x + 1 / scale + run.x) * scale
                for glyph in run.glyphs {
                    defer { pen += glyph.advance * scale }
                    RasterRenderer.paint(glyph.id, of: run.content.textFont, ppem: run.size * scale, x: pen + glyph.xOffset * scale,
                                         y: (box.y + 1 / scale + line.baseline) * scale - glyph.yOffset * scale,
                                         color: InlineObjectBox.color, on: &self, rasterizer: rasterizer)
                }
            }
        }
    }
}

extension InlineObjectBox {
    /// The label as SVG text in the box's top-left corner.
    var svgLabel: String {
        let n = RenderScene.decimal
        return "<text x=\"\(n(x + 1))\" y=\"\(n(y + labelFontSize))\" font-size=\"\(n(labelFontSize))\" font-family=\"sans-serif\" fill=\"\(Self.color.hexRGB)\">\(index)</text>\n"
    }
}

extension SVGRenderer {
    /// The outlines of the scene's inline objects, and their labels under `--debug`.
    static func inlineObjectsSVG(_ scene: RenderScene, options: RenderOptions) -> String {
        let boxes = scene.inlineObjectBoxes
        guard !boxes.isEmpty else { return "" }
        var out = "<g class=\"inline-objects\" fill=\"none\" shape-rendering=\"crispEdges\">\n"
        for box in boxes { out += element(box.outline, scale: options.scale, scene: scene) }
        out += "</g>\n"
        if options.debug { out += boxes.map(\.svgLabel).joined() }
        return out
    }
}

extension RasterRenderer {
    /// Draws the outlines of the scene's inline objects, and their labels under `--debug`.
    static func drawInlineObjects(_ scene: RenderScene, on canvas: inout Canvas, options: RenderOptions) {
        for box in scene.inlineObjectBoxes {
            draw(box.outline, on: &canvas, scale: options.scale)
            if options.debug { canvas.drawLabel(of: box, font: scene.layout.prepared.style.font, scale: options.scale) }
        }
    }
}
