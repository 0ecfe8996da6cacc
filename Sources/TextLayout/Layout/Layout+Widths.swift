// Widths around a layout: the range of wrap widths that keeps its breaks, and the narrowest width that keeps its line count (shrink-wrap).

extension Layout {
    /// The wrap widths over which this layout's line breaks stay exactly the same: from the
    /// widest line's width (narrower, that line must break) up to, not including, the narrowest
    /// width at which some line could take its next piece. A resize within it needs no relayout.
    /// (A line fits a width when it is at most ``fitTolerance`` wider, hence the shift of both ends.)
    public var stableWidthRange: Range<Double> {
        let lower = max(0, width - fitTolerance)
        let upper = lines.reduce(Double.infinity) { min($0, $1.overflowWidth) } - fitTolerance
        return lower..<max(upper, lower.nextUp)
    }

    /// The narrowest wrap width that keeps this layout's number of lines (for a chat bubble that
    /// hugs its text): found by halving the interval between a width that gives more lines and
    /// one that does not, each step a relayout of the prepared widths (no shaping), then taken as
    /// the widest line of the layout at the width found, so the result itself lays out the same.
    /// - Complexity: O(n log(w / ε)) in the text's prepared segments, with ε = 1/1024 px.
    public func shrinkWrapWidth() throws -> Double {
        let count = lineCount
        var fits = width                         // gives `count` lines (the current widest line)
        var tooNarrow = 0.0                      // gives more lines (or is not a width at all)
        while fits - tooNarrow > 1.0 / 1024 {
            let probe = (fits + tooNarrow) / 2
            let candidate = try prepared.layout(width: probe, lineSpace: lineSpace, glyphRuns: false)
            if candidate.lineCount <= count {
                fits = min(candidate.width, probe)
            } else {
                tooNarrow = probe
            }
        }
        return fits
    }
}
