// Where a vertical layout's columns stand in the block: each column's frame across the block and down it, its central baseline, and a turned run's alphabetic baseline.

/// A column's place in the block of a vertical layout (``TextSettings/writingMode`` vertical), in
/// pixels from the block's top-left corner, x right, y down: what a renderer draws a column by.
///
/// Columns stack across the block from its start side (the right under
/// ``WritingMode/verticalRL``, the left under ``WritingMode/verticalLR``), each as wide as its line
/// is tall (``Line/height``); the block is as wide as the layout's ``Layout/contentHeight``.
public struct ColumnFrame: Sendable, Hashable {
    /// The x of the column's left edge across the block.
    public var x: Double
    /// The column's width across the block: its line's ``Line/height``.
    public var width: Double
    /// The y where the column's runs start down it (their ``GlyphRun/x`` is from here): the
    /// line's ``Layout/lineOrigin(_:)``, after alignment and indent.
    public var y: Double
    /// The column's length down the block: its line's ``Line/width`` (hanging whitespace left out).
    public var length: Double
    /// The x where the column's text is centred across (CSS's central baseline, to Chromium's
    /// half pixel): upright glyphs stand on it (their pen moves down it), a turned run's alphabetic
    /// baseline is set off it by ``Layout/sidewaysBaseline(of:in:)``. It is the middle of the
    /// primary font's box as ``Layout/columnCenter(of:left:)`` places it: the column's middle
    /// when the column is of one font under `lineHeight` normal, off it under other line heights
    /// and spans (measured: `Benchmarks/BrowserStudy/vertical_vs_chromium.py`).
    public var center: Double
}

extension Layout {
    /// Whether the lines are columns (a vertical ``TextSettings/writingMode``).
    public var isVertical: Bool { prepared.style.settings.writingMode.isVertical }

    /// Where `line` stands in the block as a column, or nil in a horizontal layout. Under
    /// ``WritingMode/verticalRL`` the first column is at the block's right edge (``contentHeight``),
    /// under ``WritingMode/verticalLR`` at its left edge; a line's ``Line/top`` is its distance
    /// from that side.
    public func columnFrame(of line: Line) -> ColumnFrame? {
        guard isVertical else { return nil }
        let left = columnLeft(of: line)
        return ColumnFrame(x: left, width: line.height, y: lineOrigin(line), length: line.width, center: columnCenter(of: line, left: left))
    }

    /// The x of the left edge of `line`'s column across the block (``ColumnFrame/x``): the line's
    /// ``Line/top`` from the block's right edge under ``WritingMode/verticalRL``, from its left
    /// edge under ``WritingMode/verticalLR``.
    func columnLeft(of line: Line) -> Double {
        prepared.style.settings.writingMode == .verticalRL ? contentHeight - line.top - line.height : line.top
    }

    /// The x of the middle of the primary font's box in `line`, a column whose left edge is at
    /// `left`: the column's box built about the central baseline as Chromium 156 builds it. Each
    /// font's box on the line (the strut's and each run's font at its size, as the line's box
    /// takes them) is its ascent plus descent, `h`, split about the central baseline, `h − ⌊h/2⌋`
    /// towards the right (the line-over side in both vertical modes) and `⌊h/2⌋` towards the left
    /// (`h / 2` each unless the profile places boxes in layout units), with the leading the line
    /// height gives it above (``LineHeight/box(_:size:_:_:)``: under the chromium profile
    /// ⌊(line height − h) / 2⌋ whole pixels) on the right and the rest on the left. The central
    /// baseline is as far from the column's right edge as the boxes reach right of it at most,
    /// and the primary font's box, which holds the text, is drawn from it. Measured in headless
    /// Chromium (Noto Sans CJK at 17 px, `h` 25 = 20 + 5): `line-height: 2`, a 34 px column, the
    /// box 5 to 30 px from its left edge; `24px`, 0 to 25 of a 24 px column; a span at 24 px
    /// (35 = 28 + 7), a 35 px column, the box 5 to 30.
    public func columnCenter(of line: Line, left: Double) -> Double {
        let style = prepared.style
        let profile = style.settings.profile
        // How far right of the central baseline a font's box reaches without its leading, and with it.
        func reach(_ font: Font, _ size: Double) -> (box: Double, line: Double, height: Double) {
            let metrics = style.boxMetrics(font, size: size)
            let height = metrics.scaled.ascent + metrics.scaled.descent
            let over = profile.centralBaselineReach(ofBox: height)
            return (over, over + metrics.box.above - metrics.scaled.ascent, height)
        }
        let primary = reach(style.font, style.settings.size)
        var farthest = primary.line
        // The fonts on the line as its box reads them (``TextStyle/lineMetrics(_:_:)``): the prepared runs it covers.
        let paragraph = prepared.paragraphs[line.paragraph]
        if let (font, size) = paragraph.onlyFont {
            farthest = max(farthest, reach(font, size).line)
        } else if line.byteRange.lowerBound < line.byteRange.upperBound {
            let runs = paragraph.runs
            var index = paragraph.run(at: line.byteRange.lowerBound)
            let lineBox = LineBox(above: line.baseline - line.top, height: line.height)
            while index < runs.count, runs[index].range.lowerBound < line.byteRange.upperBound {
                let run = runs[index]
                switch run.content {
                case .text(let font):
                    farthest = max(farthest, reach(font, run.size).line)
                case .inlineObject(let object, let around):
                    // An object's right edge, as far right of the central baseline of the text around it as it stands above that baseline.
                    let metrics = style.boxMetrics(around, size: run.size).scaled
                    let central = metrics.ascent - profile.centralBaselineReach(ofBox: metrics.ascent + metrics.descent)
                    farthest = max(farthest, object.ascent(in: lineBox, font: around, size: run.size, profile: profile) - central)
                }
                index += 1
            }
        }
        let centralBaseline = left + line.height - farthest
        return centralBaseline + primary.box - primary.height / 2
    }

    /// The physical box of `object`, the inline object `run` of `line` draws, in the column `frame`
    /// (``columnFrame(of:)``, or one moved into a picture): the line turned a quarter turn, so the
    /// object starts down the column where its run does (`frame.y + run.x`) and is as tall as
    /// its advance (``PlacedInlineObject/width``, the object's height), and across the column it
    /// stands where its line puts it, its line-space top (``PlacedInlineObject/ascent`` above the
    /// line's baseline) towards the column's right edge, the line's top, and is as wide as the object.
    public func columnBox(of object: PlacedInlineObject, drawnBy run: GlyphRun, of line: Line, in frame: ColumnFrame) -> LayoutRect {
        let right = frame.x + frame.width - (line.baseline - line.top - object.ascent)
        return LayoutRect(x: right - object.height, y: frame.y + run.x, width: object.height, height: object.width)
    }

    /// The x of the alphabetic baseline of `run`, a turned run (not ``GlyphRun/isUpright``) of the
    /// column `frame`: the run is a line turned a quarter turn clockwise, its ascent towards the
    /// right (CSS's line-over side in both vertical modes), and its font's box (ascent and descent
    /// as the line box takes them) is centred on the central baseline, as Chromium places a text
    /// fragment in a column: the baseline lies (ascent − descent) / 2 left of it (7.5 px for Noto
    /// Sans CJK at 17 px by the chromium profile: 20 and 5).
    public func sidewaysBaseline(of run: GlyphRun, in frame: ColumnFrame) -> Double {
        let box = run.content.textFont.metrics.lineBoxMetrics(size: run.size, prepared.style.settings.profile.normalLineHeight)
        return frame.center - (box.ascent - box.descent) / 2
    }

    /// How far down the unit a run combined upright (``GlyphRun/combinedScaleX``) has its row's
    /// baseline, from where its em starts down the column: the font's box (ascent and descent as
    /// the line box takes them) centred in the em, as Chromium paints the unit (the ascent less
    /// half of ascent + descent − em): (ascent − descent + em) / 2, 16 px for Noto Sans CJK at
    /// 17 px by the chromium profile (20 and 5), 37 px at 40 px (46 and 12).
    public func combinedBaseline(of run: GlyphRun) -> Double {
        let box = run.content.textFont.metrics.lineBoxMetrics(size: run.size, prepared.style.settings.profile.normalLineHeight)
        return (box.ascent - box.descent + run.size) / 2
    }
}
