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
    /// The x of the column's central baseline (CSS's dominant baseline in vertical text): upright
    /// glyphs stand on it (their pen moves down it), a turned run's alphabetic baseline is set off
    /// it by ``Layout/sidewaysBaseline(of:in:)``. Chromium builds a column's box around it from
    /// each font's box, as tall across as it is in a line, centred on it: so it runs down the
    /// column's middle (measured: `Benchmarks/BrowserStudy/vertical_vs_chromium.py`).
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
        let mode = prepared.style.settings.writingMode
        guard mode.isVertical else { return nil }
        let left = mode == .verticalRL ? contentHeight - line.top - line.height : line.top
        return ColumnFrame(x: left, width: line.height, y: lineOrigin(line), length: line.width, center: left + line.height / 2)
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
