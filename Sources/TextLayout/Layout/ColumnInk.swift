// How a column's runs are drawn and what they ink: each glyph's origin (upright, turned, combined), the decoration lines beside the column's text, and the ink of a run and a column in the block.

extension GlyphRun {
    /// Whether the run, a run of a column, is drawn turned a quarter turn clockwise: neither
    /// ``isUpright`` nor combined upright (``combinedScaleX``).
    public var isTurnedInColumn: Bool { !isUpright && combinedScaleX == nil }
}

extension Layout {
    /// How the glyphs of `run`, a run of the column `frame`, are placed: for each glyph, from the
    /// pen's place down the column (the run starts at `frame.y + run.x`, each glyph's advance
    /// moves it), the origin it is drawn at, in the frame's coordinates (x right, y down). An
    /// upright run's glyphs stand on the central baseline, their offsets HarfBuzz's vertical ones
    /// (y up); a turned run's lie on its alphabetic baseline (``sidewaysBaseline(of:in:)``),
    /// turned a quarter turn clockwise, so their offsets turn with them; a unit combined upright
    /// is a row across the column on one baseline (``combinedBaseline(of:)`` down its em),
    /// whatever the pen. What the renderers draw a column's glyphs by and its ink is found by.
    public func columnGlyphOrigin(of run: GlyphRun, in frame: ColumnFrame) -> (_ glyph: Glyph, _ pen: Double) -> (x: Double, y: Double) {
        if run.combinedScaleX != nil {
            let rowBaseline = frame.y + run.x + combinedBaseline(of: run)
            return { glyph, _ in (frame.center + glyph.xOffset, rowBaseline - glyph.yOffset) }
        }
        if run.isUpright { return { glyph, pen in (frame.center + glyph.xOffset, pen - glyph.yOffset) } }
        let baseline = sidewaysBaseline(of: run, in: frame)
        return { glyph, pen in (baseline + glyph.yOffset, pen + glyph.xOffset) }
    }

    /// The rectangles of the lines `run`'s ``GlyphRun/decoration`` draws in the column `frame`,
    /// in the frame's coordinates (x right, y down), the underline first; empty for a run without
    /// decoration. Each runs down the column along the run's advance (as
    /// ``GlyphRun/decorationLineRects`` along a line), across as thick as its
    /// ``GlyphRun/decorationMetrics`` say. Upright and turned runs alike, as Chromium 156 draws
    /// them (measured: docs/profiles.md, "Decoration lines in columns"), are decorated about the
    /// alphabetic baseline the run has turned (``sidewaysBaseline(of:in:)``): the underline where
    /// the turned run's would be, its top edge −position left of the baseline (CSS's line-under
    /// side), except under a ``TextSettings/language`` of Japanese, where it is mirrored about the
    /// central baseline to the right side (`text-underline-position: auto` for `lang="ja"`); the
    /// line-through centred a third of the font's ascent (as the line box takes it) right of the
    /// baseline, where Chromium centres it, not at the font's strikeout position.
    public func columnDecorationLineRects(of run: GlyphRun, in frame: ColumnFrame) -> [LayoutRect] {
        guard !run.decoration.isEmpty else { return [] }
        let baseline = sidewaysBaseline(of: run, in: frame)
        let underlineOnRight = underlinesOnRightInColumns
        return run.decorationLines.map { line in
            // Turned a quarter turn clockwise: along the run becomes down the column, down from the baseline leftwards.
            var rect = LayoutRect(x: baseline - line.rect.maxY, y: frame.y + line.rect.x, width: line.rect.height, height: line.rect.width)
            if !line.isUnderline {
                let ascent = run.content.textFont.metrics.lineBoxMetrics(size: run.size, prepared.style.settings.profile.normalLineHeight).ascent
                rect.x = baseline + ascent / 3 - rect.width / 2
            } else if underlineOnRight {
                rect.x = 2 * frame.center - rect.maxX
            }
            return rect
        }
    }

    /// Whether a column's underline goes on its right side: the text's language is Japanese.
    private var underlinesOnRightInColumns: Bool {
        guard let language = prepared.style.settings.language?.lowercased() else { return false }
        return language == "ja" || language.hasPrefix("ja-")
    }

    /// The box `run`, a run of the column `frame`, inks, in the frame's coordinates (x right,
    /// y down): the union of its glyphs' boxes as ``columnGlyphOrigin(of:in:)`` places them
    /// (upright, about their origin; turned, the box turned a quarter turn clockwise; combined,
    /// squeezed across by ``GlyphRun/combinedScaleX``; a colour strike's picture neither turned
    /// nor squeezed, as renderers draw it) and of its ``columnDecorationLineRects(of:in:)`` (an
    /// inline object's box is its line's: see ``columnInkBounds(of:)``). Nil when it inks nothing.
    public func columnInkBounds(of run: GlyphRun, in frame: ColumnFrame) -> LayoutRect? {
        let origin = columnGlyphOrigin(of: run, in: frame)
        let font = run.content.textFont
        let strike = !run.isUpright || run.combinedScaleX != nil ? font.withFreeTypeFace { Font.hasColorStrikesOnly($0) } : false
        let placement: GlyphRun.GlyphPlacement = strike ? .upright(scaleX: 1) : run.isTurnedInColumn ? .turned : .upright(scaleX: run.combinedScaleX ?? 1)
        var ink = run.glyphInk(penStart: frame.y + run.x, origin: origin, placement: placement)
        for line in columnDecorationLineRects(of: run, in: frame) where line.width > 0 && line.height > 0 { ink = ink.union(line) }
        return ink
    }

    /// The box the column `line` inks, in the block (``columnFrame(of:)``'s coordinates): the
    /// union of its runs' ``columnInkBounds(of:in:)`` and of its inline objects' boxes
    /// (``columnBox(of:drawnBy:of:in:)``, those with an area); nil in a horizontal layout or when nothing is inked.
    func columnInkBounds(of line: Line) -> LayoutRect? {
        guard let frame = columnFrame(of: line) else { return nil }
        return glyphRuns(of: line).reduce(nil as LayoutRect?) { ink, run in
            switch run.content {
            case .inlineObject(let object, _):
                guard object.width > 0, object.height > 0 else { return ink }
                return ink.union(columnBox(of: object, drawnBy: run, of: line, in: frame))
            case .text:
                return ink.union(columnInkBounds(of: run, in: frame))
            }
        }
    }
}
