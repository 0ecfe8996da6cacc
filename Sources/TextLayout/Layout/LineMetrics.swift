// A line's ascent, descent, height and baseline from what is on it: one font, or the fonts of its runs and its inline objects, under the line-height model.

extension TextStyle {
    /// The metrics of `line` of `paragraph` (no glyph runs): the largest ascent and descent of its
    /// fonts, and its line box under the paragraph's line-height model, grown to hold its inline
    /// objects (``lineBox(_:holding:)``). The one place a line's box is found: layouts, the
    /// height-only path and the editor's height read it. A paragraph in one font and size has its
    /// lines' box without looking at their runs; an empty line is the primary font's.
    func lineMetrics(_ paragraph: PreparedParagraph, _ line: LineBreak) -> BuiltLine {
        if let (font, size) = paragraph.onlyFont ?? (line.end == line.start ? (self.font, settings.size) : nil) {
            let rule = settings.profile.normalLineHeight
            let scaled = font.metrics.lineBoxMetrics(size: size, rule)
            let (ascent, descent, fullGap) = scaled
            let gap = fullGap / 2
            guard settings.usesFontLineBoxes else {
                // A line in the primary font at its size has the primary's box whatever the line
                // height and the strut (its font's box, that box with the strut's floor, or the
                // strut forced are all that box): made from the metrics above, without the union,
                // as cheap as the one height of lines as tall as their font (the chromium
                // profile's strut on a paragraph in its primary font is the common case).
                let fontBox = settings.paragraph.lineHeight.box(font.metrics, size: size, rule, scaled)
                let box = font === self.font && size == settings.size ? fontBox : line.end == line.start ? primaryLineBox : lineBox(union: fontBox)
                return BuiltLine(runs: [], ascent: ascent, descent: descent, height: box.height, baselineOffset: box.above)
            }
            return BuiltLine(runs: [], ascent: ascent, descent: descent, height: ascent + descent + 2 * gap, baselineOffset: ascent + gap)
        }
        // The runs on the line (hanging whitespace included): their fonts, and the objects among them.
        let runs = paragraph.runs[paragraph.run(at: line.start)...].prefix { $0.range.lowerBound < line.end }
        // One pass: each font and size met (a run in those of the run before it adds nothing) is
        // scaled once, for the extent and, when the line's box is made from its fonts', for the union.
        let rule = settings.profile.normalLineHeight
        let makesUnion = !settings.usesFontLineBoxes && settings.paragraph.strut != .forced
        var extent = FontLineExtent()
        var union: LineBox?
        var hasObjects = false
        var last: (font: Font, size: Double)?
        for run in runs {
            if run.inlineObject != nil { hasObjects = true }
            if let last, last.font === run.font, last.size == run.size { continue }
            last = (run.font, run.size)
            let scaled = run.font.metrics.lineBoxMetrics(size: run.size, rule)
            extent.include(scaled)
            if makesUnion {
                let fontBox = settings.paragraph.lineHeight.box(run.font.metrics, size: run.size, rule, scaled)
                union = union?.union(fontBox) ?? fontBox
            }
        }
        var box: LineBox
        if settings.usesFontLineBoxes {
            guard hasObjects else {
                return BuiltLine(runs: [], ascent: extent.ascent, descent: extent.descent, height: extent.height, baselineOffset: extent.above)
            }
            box = LineBox(above: extent.above, height: extent.height)
        } else {
            box = lineBox(union: union)
        }
        if hasObjects { box = lineBox(box, holding: runs.filter { $0.inlineObject != nil }) }
        return BuiltLine(runs: [], ascent: extent.ascent, descent: extent.descent, height: box.height, baselineOffset: box.above)
    }
}
