// Draws a scene into a canvas: every glyph of every run at its measured position, then the optional overlay.
import TextLayout

/// Renders scenes to RGBA canvases (see ``PNGCodec`` to encode them).
public enum RasterRenderer {
    /// Draws `scene` at `options.scale` on a canvas exactly ``RenderScene/pixelSize(scale:)`` large.
    ///
    /// Each glyph is placed at its run's pen position plus its offsets, on its line's baseline,
    /// with the box's top-left inset, in its run's colour (``RenderScene/color(of:foreground:)``),
    /// and the run's decoration lines after its glyphs, in the same colour;
    /// ink outside the box is clipped (a scrolled editor shows its first lines). The selection's
    /// highlight goes behind the text; the marked text's underlines, the border and the caret, when the scene has them, over
    /// it, and the overlay over everything. Each inline object is an outlined box over the text
    /// (labelled with its index under `debug`).
    /// - Throws: ``RenderError`` for a bad scale or a picture or glyph size past the limits.
    public static func render(_ scene: RenderScene, options: RenderOptions) throws -> Canvas {
        try options.validate()
        let size = try scene.pixelSize(scale: options.scale)
        try scene.checkGlyphSize(scale: options.scale)
        var canvas = Canvas(width: size.width, height: size.height, background: options.background)
        let shapes = options.debug ? scene.overlayShapes(scale: options.scale) : []
        for shape in shapes where shape.isFill { draw(shape, on: &canvas, scale: options.scale) }
        if let selection = scene.selection { canvas.draw(selection, scale: options.scale) }
        drawGlyphs(scene, on: &canvas, options: options)
        drawInlineObjects(scene, on: &canvas, options: options)
        if let border = scene.border { canvas.stroke(border, scale: options.scale) }
        for underline in scene.markedTextUnderlines { canvas.draw(underline, scale: options.scale) }
        if let caret = scene.caret { canvas.draw(caret, scale: options.scale) }
        for shape in shapes where !shape.isFill { draw(shape, on: &canvas, scale: options.scale) }
        return canvas
    }

    /// Renders `scene` and encodes it as PNG.
    public static func png(_ scene: RenderScene, options: RenderOptions) throws -> [UInt8] {
        try PNGCodec.encode(render(scene, options: options))
    }

    private static func drawGlyphs(_ scene: RenderScene, on canvas: inout Canvas, options: RenderOptions) {
        let scale = options.scale
        let rasterizer = GlyphRasterizer()
        for line in scene.lines {
            if let frame = scene.column(of: line) {
                drawColumn(line, frame, scene, on: &canvas, options: options, rasterizer: rasterizer)
                continue
            }
            let top = scene.top(of: line)
            // Skip lines wholly outside the picture, with a line's height of slack for overhangs.
            guard (top + 2 * line.height) * scale >= 0, (top - line.height) * scale <= Double(canvas.height) else { continue }
            let baseline = scene.baseline(of: line) * scale
            for run in line.runs {
                var pen = (scene.lineOrigin(line) + run.x) * scale
                let ppem = run.size * scale
                let color = scene.color(of: run, foreground: options.foreground)
                for glyph in run.glyphs {
                    defer { pen += glyph.advance * scale }
                    paint(glyph.id, of: run.content.textFont, ppem: ppem, x: pen + glyph.xOffset * scale, y: baseline - glyph.yOffset * scale,
                          color: color, on: &canvas, rasterizer: rasterizer)
                }
                for rect in run.decorationLineRects {
                    paintDecorationLine(rect.offsetBy(dx: scene.lineOrigin(line), dy: scene.baseline(of: line)), scale: scale, color: color, on: &canvas)
                }
            }
        }
    }

    /// Draws the runs of `line`, a column whose place in the box is `frame`, down the column: an
    /// upright run's glyphs with the pen on the central baseline (each at the pen plus its
    /// offsets, HarfBuzz's vertical ones, y up), a turned run's turned a quarter turn clockwise
    /// on its alphabetic baseline (``Layout/sidewaysBaseline(of:in:)``), and a unit combined upright
    /// as a row across the column on one baseline (``Layout/combinedBaseline(of:)`` down its em),
    /// each glyph squeezed across by its scaleX (``Layout/columnGlyphOrigin(of:in:)``); each run's
    /// decoration lines down the column beside it (``Layout/columnDecorationLineRects(of:in:)``).
    private static func drawColumn(_ line: Line, _ frame: ColumnFrame, _ scene: RenderScene, on canvas: inout Canvas,
                                   options: RenderOptions, rasterizer: GlyphRasterizer) {
        let scale = options.scale
        for run in line.runs {
            var pen = frame.y + run.x
            let ppem = run.size * scale
            let color = scene.color(of: run, foreground: options.foreground)
            let font = run.content.textFont
            let origin = scene.layout.columnGlyphOrigin(of: run, in: frame)
            let turned = run.isTurnedInColumn
            for glyph in run.glyphs {
                defer { pen += glyph.advance }
                let (x, y) = origin(glyph, pen)
                paint(glyph.id, of: font, ppem: ppem, x: x * scale, y: y * scale, color: color, on: &canvas, rasterizer: rasterizer,
                      turned: turned, scaleX: run.combinedScaleX ?? 1)
            }
            for rect in scene.layout.columnDecorationLineRects(of: run, in: frame) {
                paintDecorationLine(rect, scale: scale, color: color, on: &canvas, across: true)
            }
        }
    }

    /// Paints one glyph with its origin at device pixel (`x`, `y`) (y down): its outline
    /// rasterized at the nearest of ``GlyphRasterizer/subpixelSteps`` subpixel positions, a colour
    /// strike's picture (emoji) scaled to `ppem`, each of its edges at the nearest device pixel;
    /// a glyph wholly off the canvas is skipped. `turned`: the glyph turned a quarter turn
    /// clockwise about its origin (a turned run of a column; a strike's picture stays upright);
    /// `scaleX`: squeezed across by it about its origin (a unit combined upright).
    package static func paint(_ glyph: UInt32, of font: Font, ppem: Double, x: Double, y: Double, color: RGBAColor,
                      on canvas: inout Canvas, rasterizer: GlyphRasterizer, turned: Bool = false, scaleX: Double = 1) {
        let steps = Double(GlyphRasterizer.subpixelSteps)
        // The font's bbox in device pixels around the origin, to skip glyphs wholly off the picture
        // unrasterized (a bitmap-only font has none: its glyphs are always drawn; a turned glyph
        // is always drawn too).
        let box = font.boundingBox, unit = ppem / Double(font.metrics.unitsPerEm)
        if !turned, box.xMax > box.xMin && box.yMax > box.yMin,
           x + Double(box.xMax) * unit < -1 || x + Double(box.xMin) * unit > Double(canvas.width) + 1
            || y - Double(box.yMax) * unit > Double(canvas.height) + 1 || y - Double(box.yMin) * unit < -1 {
            return
        }
        var ix = x.rounded(.down), iy = y.rounded(.down)
        var dx = Int(((x - ix) * steps).rounded()), dy = Int(((y - iy) * steps).rounded())
        if dx == Int(steps) { dx = 0; ix += 1 }
        if dy == Int(steps) { dy = 0; iy += 1 }
        let image = rasterizer.bitmap(font, glyph: glyph, ppem: ppem, dx: dx, dy: dy, turned: turned, scaleX: scaleX)
        guard image.width > 0 else { return }
        if image.isStrikePicture {
            // Each edge of the scaled picture at the device pixel nearest to where it lies, so that
            // its ink stays within half a pixel of its exact box (where the layout reports the ink).
            let x0 = (x + Double(image.left) * image.scale).rounded(), x1 = (x + Double(image.left + image.width) * image.scale).rounded()
            let y0 = (y - Double(image.top) * image.scale).rounded(), y1 = (y - Double(image.top - image.height) * image.scale).rounded()
            canvas.paintColor(image, x: Int(x0), y: Int(y0), targetWidth: Int(x1 - x0), targetHeight: Int(y1 - y0))
        } else if image.isColor {
            canvas.paintColor(image, x: Int(ix) + image.left, y: Int(iy) - image.top, targetWidth: image.width, targetHeight: image.height)
        } else {
            canvas.paintMask(image, x: Int(ix) + image.left, y: Int(iy) - image.top, color: color)
        }
    }

    /// Fills a decoration line, `rect` in the picture's layout pixels (``GlyphRun/decorationLineRects``
    /// placed on its line), in `color`: each edge at the nearest device pixel, and at least one
    /// pixel tall (at least one wide, `across`, for a turned run's line, which runs down), so that
    /// a line thinner than a pixel shows, crisp (as browsers snap it).
    package static func paintDecorationLine(_ rect: LayoutRect, scale: Double, color: RGBAColor, on canvas: inout Canvas, across: Bool = false) {
        let x0 = Int((rect.x * scale).rounded()), y0 = Int((rect.y * scale).rounded())
        let x1 = Int((rect.maxX * scale).rounded()), y1 = Int((rect.maxY * scale).rounded())
        canvas.fill(x0: x0, y0: y0, x1: across ? max(x0 + 1, x1) : x1, y1: across ? y1 : max(y0 + 1, y1), color)
    }

    /// Draws one overlay shape; strokes are one device pixel wide and sit inside a box's edges.
    static func draw(_ shape: OverlayShape, on canvas: inout Canvas, scale: Double) {
        func column(_ x: Double) -> Int { min(canvas.width - 1, max(0, Int((x * scale).rounded(.down)))) }
        func row(_ y: Double) -> Int { min(canvas.height - 1, max(0, Int((y * scale).rounded(.down)))) }
        func end(_ v: Double) -> Int { Int((v * scale).rounded(.up)) }
        switch shape {
        case let .fill(x, y, width, height, color):
            canvas.fill(x0: Int((x * scale).rounded()), y0: Int((y * scale).rounded()),
                        x1: Int(((x + width) * scale).rounded()), y1: Int(((y + height) * scale).rounded()), color)
        case let .box(x, y, width, height, color, dashed):
            let x0 = column(x), y0 = row(y)
            let x1 = max(x0, min(canvas.width, end(x + width)) - 1), y1 = max(y0, min(canvas.height, end(y + height)) - 1)
            horizontal(&canvas, y0, x0, x1, color, dashed)
            if y1 != y0 { horizontal(&canvas, y1, x0, x1, color, dashed) }
            vertical(&canvas, x0, y0 + 1, y1 - 1, color, dashed)
            if x1 != x0 { vertical(&canvas, x1, y0 + 1, y1 - 1, color, dashed) }
        case let .horizontal(y, x0, x1, color, dashed):
            horizontal(&canvas, row(y), column(x0), min(canvas.width, end(x1)) - 1, color, dashed)
        case let .vertical(x, y0, y1, color, dashed):
            vertical(&canvas, column(x), row(y0), min(canvas.height, end(y1)) - 1, color, dashed)
        }
    }

    /// Dashes are 4 device pixels on, 3 off.
    private static func isDrawn(_ i: Int, _ dashed: Bool) -> Bool { !dashed || i % 7 < 4 }

    private static func horizontal(_ canvas: inout Canvas, _ y: Int, _ x0: Int, _ x1: Int, _ color: RGBAColor, _ dashed: Bool) {
        guard x0 <= x1 else { return }
        for x in x0...x1 where isDrawn(x, dashed) { canvas.blend(x, y, color) }
    }

    private static func vertical(_ canvas: inout Canvas, _ x: Int, _ y0: Int, _ y1: Int, _ color: RGBAColor, _ dashed: Bool) {
        guard y0 <= y1 else { return }
        for y in y0...y1 where isDrawn(y, dashed) { canvas.blend(x, y, color) }
    }
}
