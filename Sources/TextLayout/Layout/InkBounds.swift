// Ink bounds: the box a glyph run's glyphs and decoration lines ink, gathered over a line and a layout, where renderers draw them.

extension LayoutRect {
    /// The smallest rectangle holding this one and `other`.
    public func union(_ other: LayoutRect) -> LayoutRect {
        let x0 = min(x, other.x), y0 = min(y, other.y)
        return LayoutRect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    /// The same rectangle moved right by `dx` and down by `dy`.
    public func offsetBy(dx: Double, dy: Double) -> LayoutRect {
        LayoutRect(x: x + dx, y: y + dy, width: width, height: height)
    }
}

extension Optional where Wrapped == LayoutRect {
    /// The union of two rectangles that may be missing: either one when the other is.
    func union(_ other: LayoutRect?) -> LayoutRect? {
        switch (self, other) {
        case let (a?, b?): a.union(b)
        case let (a, b): a ?? b
        }
    }
}

extension GlyphRun {
    /// The run's font's underline and strikeout metrics at its size
    /// (``Font/decorationMetrics(size:)``), which its ``decoration`` is drawn with.
    public var decorationMetrics: DecorationMetrics { content.textFont.decorationMetrics(size: size) }

    /// The rectangles of the lines ``decoration`` draws, the underline first, in the coordinates
    /// of the run's line: x from the line's left edge (as ``x``), y down from the baseline. Each is
    /// as wide as the run's advance (whitespace that hangs at the line's end included, as Pango
    /// underlines it) and covers, in y down, −position to −position + thickness of its
    /// ``decorationMetrics``. Empty for a run without decoration.
    public var decorationLineRects: [LayoutRect] { decorationLines.map(\.rect) }

    /// ``decorationLineRects``, each with whether it is the underline.
    var decorationLines: [(rect: LayoutRect, isUnderline: Bool)] {
        guard !decoration.isEmpty else { return [] }
        let metrics = decorationMetrics
        let advance = width
        func line(position: Double, thickness: Double) -> LayoutRect {
            LayoutRect(x: x + min(0, advance), y: -position + min(0, thickness), width: abs(advance), height: abs(thickness))
        }
        var lines: [(LayoutRect, Bool)] = []
        if decoration.contains(.underline) { lines.append((line(position: metrics.underlinePosition, thickness: metrics.underlineThickness), true)) }
        if decoration.contains(.lineThrough) { lines.append((line(position: metrics.strikeoutPosition, thickness: metrics.strikeoutThickness), false)) }
        return lines
    }

    /// The box the run inks, in the coordinates of its line: x from the line's left edge (as
    /// ``x``), y down from the baseline; nil when it inks nothing (spaces, a run without glyphs).
    ///
    /// The union of its glyphs' boxes (each font's box of the glyph, see
    /// `Font.inkBox(ofGlyph:)`, scaled to ``size`` at the glyph's pen position and offsets: marks,
    /// colour emoji and a font's overhangs included), of its inline object's box (the whole box, as
    /// a renderer may fill it; none for an object without area), and of its
    /// ``decorationLineRects``. It is the
    /// exact geometry the renderers draw: their pixels reach at most a device pixel past it
    /// (antialiasing, pen positions snapped to a quarter pixel, a colour picture's edges to whole
    /// pixels). The one place a run's ink is gathered.
    public var inkBounds: LayoutRect? {
        var ink = glyphInk(penStart: x, origin: { glyph, pen in (pen + glyph.xOffset, -glyph.yOffset) }, placement: .upright(scaleX: 1))
        switch content {
        case .text: break
        case .inlineObject(let object, _):
            if object.width > 0, object.height > 0 { ink = ink.union(LayoutRect(x: x, y: -object.ascent, width: object.width, height: object.height)) }
        }
        for line in decorationLineRects where line.width > 0 && line.height > 0 { ink = ink.union(line) }
        return ink
    }

    /// How a glyph's outline stands about its origin: upright (y up), squeezed across by `scaleX`
    /// (a unit combined upright), or turned a quarter turn clockwise (a turned run of a column).
    enum GlyphPlacement {
        case upright(scaleX: Double)
        case turned
    }

    /// The union of the run's glyphs' boxes (see ``inkBounds``): each glyph's font box scaled to
    /// ``size`` and placed as `placement` says at the origin `origin` gives it (x right, y down)
    /// for its pen position, the pen starting at `penStart` and moved by each glyph's advance.
    func glyphInk(penStart: Double, origin: (Glyph, Double) -> (x: Double, y: Double), placement: GlyphPlacement) -> LayoutRect? {
        let font = content.textFont
        let scale = font.metrics.scale(size: size)
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        var pen = penStart
        for glyph in glyphs {
            defer { pen += glyph.advance }
            guard let box = font.inkBox(ofGlyph: glyph.id) else { continue }
            let (originX, originY) = origin(glyph, pen)
            switch placement {
            case .upright(let scaleX):
                x0 = min(x0, originX + box.xMin * scale * scaleX)
                x1 = max(x1, originX + box.xMax * scale * scaleX)
                y0 = min(y0, originY - box.yMax * scale)
                y1 = max(y1, originY - box.yMin * scale)
            case .turned:
                // A quarter turn clockwise, y down: the outline's (u, v), y up, goes to (v, u) from the origin.
                x0 = min(x0, originX + box.yMin * scale)
                x1 = max(x1, originX + box.yMax * scale)
                y0 = min(y0, originY + box.xMin * scale)
                y1 = max(y1, originY + box.xMax * scale)
            }
        }
        return x0 < x1 && y0 < y1 ? LayoutRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
    }
}

extension Line {
    /// The box the line's runs ink (the union of their ``GlyphRun/inkBounds``): x from the line's
    /// left edge, as its runs' x (``Layout/inkBounds(of:)`` places it in the content box), y from
    /// the content box's top, as ``top`` and ``baseline``; nil when nothing is inked (an empty
    /// line, a line of spaces). A line of a horizontal layout: a column's ink is the layout's to
    /// place (``Layout/inkBounds(of:)``). It reads ``runs``, which a layout made without glyph runs leaves
    /// empty: ask the layout there.
    public var inkBounds: LayoutRect? { Self.inkBounds(of: runs, baseline: baseline) }

    /// The union of `runs`' ink, their baseline at `baseline`.
    fileprivate static func inkBounds(of runs: [GlyphRun], baseline: Double) -> LayoutRect? {
        runs.reduce(nil as LayoutRect?) { $0.union($1.inkBounds) }?.offsetBy(dx: 0, dy: baseline)
    }
}

extension Layout {
    /// The box `line` inks, in the content box (x from its left edge, y from its top, y down: where
    /// the line's ``Line/top`` and ``lineOrigin(_:)`` are): ``Line/inkBounds`` moved by the line's
    /// origin, its runs built first on a layout made without them (``glyphRuns(of:)``). Nil when
    /// the line inks nothing. It reaches outside the line's box where marks, tall emoji or
    /// descenders do: a renderer sizes its dirty rectangle and its clip from it. In a vertical
    /// layout the line is a column and its box is in the block (x from the block's left edge, y
    /// down from where the columns start: ``columnFrame(of:)``'s coordinates), as the glyphs are
    /// drawn there (``columnInkBounds(of:in:)``).
    public func inkBounds(of line: Line) -> LayoutRect? {
        if isVertical { return columnInkBounds(of: line) }
        return Line.inkBounds(of: glyphRuns(of: line), baseline: line.baseline)?.offsetBy(dx: lineOrigin(line), dy: 0)
    }

    /// The box `run`, one of `line`'s runs, inks, in the content box (see ``inkBounds(of:)``; in a
    /// vertical layout in the block).
    public func inkBounds(of run: GlyphRun, on line: Line) -> LayoutRect? {
        if let frame = columnFrame(of: line) { return columnInkBounds(of: run, in: frame) }
        return run.inkBounds?.offsetBy(dx: lineOrigin(line), dy: line.baseline)
    }

    /// The box every line inks, in the content box: the union of ``inkBounds(of:)`` over the
    /// lines (those a line clamp keeps); nil when no line inks anything. In a vertical layout, in
    /// the block (see ``inkBounds(of:)``).
    public var inkBounds: LayoutRect? {
        lines.reduce(nil as LayoutRect?) { $0.union(inkBounds(of: $1)) }
    }
}
