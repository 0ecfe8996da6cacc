// A line's ascent, descent, height and baseline from what is on it: one font, or the fonts of its runs and its inline objects, under the line-height model.

extension TextStyle {
    /// The metrics of `line` of `paragraph` (no glyph runs): the largest ascent and descent of its
    /// fonts, and its line box under the paragraph's line-height model, grown to hold its inline
    /// objects (``lineBox(_:holding:)``). The one place a line's box is found: layouts, the
    /// height-only path and the editor's height read it. A paragraph in one font and size has its
    /// lines' metrics found once, when it is prepared (``PreparedParagraph/onlyFontLine``),
    /// without looking at their runs; an empty line is the primary font's.
    func lineMetrics(_ paragraph: PreparedParagraph, _ line: LineBreak) -> BuiltLine {
        let isEmpty = line.end == line.start
        // Found once when the paragraph was prepared: every line of text of a paragraph in one font is alike.
        if !isEmpty, let known = paragraph.onlyFontLine { return known }
        if let (font, size) = paragraph.onlyFont ?? (isEmpty ? (self.font, settings.size) : nil) {
            return oneFontLine(font, size: size, boxMetrics(font, size: size), isEmpty: isEmpty)
        }
        // The runs on the line (hanging whitespace included): their fonts' metrics, each font
        // scaled once in a row of runs in the same font and size (a run in those of the run
        // before it adds nothing), and the objects among them.
        // (Read field by field: a run copied whole is four retains and releases.)
        let allRuns = paragraph.runs
        let first = paragraph.run(at: line.start)
        var end = first
        while end < allRuns.count, allRuns[end].range.lowerBound < line.end { end += 1 }
        let runs = allRuns[first..<end]
        let rule = paragraph.lineBoxRule
        let makesUnion = rule.makesUnion
        var extent = FontLineExtent()
        var union: LineBox?
        var hasObjects = false
        for index in runs.indices {
            switch runs[index].kind {
            case .text: break
            case .inlineObject: hasObjects = true
            }
            if index > runs.startIndex, runs[index - 1].textFont === runs[index].textFont, runs[index - 1].size == runs[index].size { continue }
            let metrics = boxMetrics(runs[index].textFont, size: runs[index].size)
            extent.include(metrics.scaled, settings.profile.normalLineHeight)
            if makesUnion { union = union?.union(metrics.box) ?? metrics.box }
        }
        var box: LineBox
        if rule.usesFontLineBoxes {
            guard hasObjects else {
                return BuiltLine(runs: [], ascent: extent.ascent, descent: extent.descent, height: extent.height, baselineOffset: extent.above)
            }
            box = LineBox(above: extent.above, height: extent.height)
        } else {
            box = rule.lineBox(union: union)
        }
        if hasObjects { box = lineBox(box, holding: runs) }
        return BuiltLine(runs: [], ascent: extent.ascent, descent: extent.descent, height: box.height, baselineOffset: box.above)
    }

    /// ``lineMetrics(_:_:)`` without the runs (a line found, not built): for a line of text of a
    /// paragraph in one font, the fields of ``PreparedParagraph/onlyFontLine`` read where they are
    /// kept, without copying the value and its (empty) array of runs.
    @inline(__always)
    func lineBox(_ paragraph: PreparedParagraph, _ line: LineBreak) -> (ascent: Double, descent: Double, height: Double, baselineOffset: Double) {
        if line.end != line.start, case .some = paragraph.onlyFontLine {
            return (paragraph.onlyFontLine.unsafelyUnwrapped.ascent, paragraph.onlyFontLine.unsafelyUnwrapped.descent,
                    paragraph.onlyFontLine.unsafelyUnwrapped.height, paragraph.onlyFontLine.unsafelyUnwrapped.baselineOffset)
        }
        let metrics = lineMetrics(paragraph, line)
        return (metrics.ascent, metrics.descent, metrics.height, metrics.baselineOffset)
    }

    /// The metrics of a line in `font` at `size` alone (`metrics` its ``boxMetrics(_:size:)``), or
    /// of an empty line (`isEmpty`) in them: the font's ascent and descent, and its box.
    func oneFontLine(_ font: Font, size: Double, _ metrics: FontBoxMetrics, isEmpty: Bool) -> BuiltLine {
        let (ascent, descent, gap) = metrics.scaled
        guard settings.usesFontLineBoxes else {
            // A line in the primary font at its size has the primary's box whatever the line
            // height and the strut (its font's box, that box with the strut's floor, or the
            // strut forced are all that box): the font's own box, without the union.
            let box = font === self.font && size == settings.size ? metrics.box : isEmpty ? primaryLineBox : lineBox(union: metrics.box)
            return BuiltLine(runs: [], ascent: ascent, descent: descent, height: box.height, baselineOffset: box.above)
        }
        return BuiltLine(runs: [], ascent: ascent, descent: descent, height: ascent + descent + gap,
                         baselineOffset: ascent + settings.profile.normalLineHeight.gapAbove(gap))
    }
}
