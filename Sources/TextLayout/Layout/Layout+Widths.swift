// Widths around a layout: the range of wrap widths that keeps its breaks, and the narrowest width that keeps its line count (shrink-wrap).

extension Layout {
    /// The wrap widths over which this layout's line breaks stay exactly the same and every line
    /// fits: from the widest line's width (narrower, that line must break, or overflow when it is
    /// one grapheme cluster) up to, not including, the narrowest width at which some line could
    /// take its next piece. A resize within it needs no relayout. (A piece fits a width when it is
    /// at most ``Layout/fitTolerance`` wider, hence the shift of the upper end; under a profile's
    /// ``LayoutProfile/layoutUnit`` both ends are the widths truncated to the unit.) In a clamped
    /// layout (see ``truncation``) the kept lines, the cut and the ellipsis stay the same over it;
    /// ``Truncation/hiddenLineCount``, the hidden text's line count at this width, may not.
    /// With an indent, each line's widths count with its indent. (A justified layout keeps its
    /// breaks over the range, but its justified lines stretch to the new width.)
    ///
    /// Balanced lines (``ParagraphStyle/textWrap``) are chosen over the whole paragraph: they stay
    /// from the widest line up to the width they were made at, no further. Pretty lines weigh
    /// each line's slack against the width, so they stay only at that width.
    public var stableWidthRange: Range<Double> {
        let settings = prepared.style.settings
        // Under a profile's layout unit a line fits from its width truncated to the unit.
        let lower = settings.profile.layoutUnit == nil ? widestExtent
            : lines.reduce(0) { max($0, settings.fittingWidth($1.width) + indent(of: $1)) }
        if wrapWidth.isFinite {
            switch prepared.style.settings.paragraph.textWrap {
            case .wrap: break
            case .balance: return lower..<max(wrapWidth, lower).nextUp
            case .pretty: return max(wrapWidth, lower)..<max(wrapWidth, lower).nextUp
            }
        }
        let upper = lines.reduce(Double.infinity) { min($0, settings.fittingWidth($1.overflowWidth) + indent(of: $1)) } - Self.fitTolerance
        return lower..<max(upper, lower.nextUp)
    }

    /// The narrowest wrap width that keeps this layout's number of lines with every line inside it
    /// (for a chat bubble that hugs its text): never less than the widest line, since a line of one
    /// grapheme cluster keeps the line count at any width but overflows a narrower one, and never
    /// so narrow that a word is cut between grapheme clusters that this layout does not cut (a
    /// narrower width can keep the line count by cutting the widest word, which no bubble wants;
    /// the count of cut lines may not grow). Found by
    /// halving the interval between a width that is too narrow (more lines, or a line wider than
    /// it) and one that is not, each step a relayout of the prepared widths (no shaping), then
    /// taken as the widest line of the layout at the width found, so the result itself lays out
    /// the same, with its stable range starting at it.
    /// - Complexity: O(n log(w / ε)) in the text's prepared segments, with ε = 1/1024 px.
    ///
    /// A clamped layout (see ``truncation``) shrinks to its widest line, the ellipsis' included:
    /// any narrower and the cut moves. One that hides nothing shrinks only as far as it still does.
    ///
    /// Balanced lines already have the narrowest widest line their count allows: the result is
    /// that line's width. Pretty lines are chosen for the width: the halving's result is laid out
    /// again at its own widest line until that holds still, so that it lays out the same.
    public func shrinkWrapWidth() throws -> Double {
        if truncation != nil { return widestExtent }
        let wrap = prepared.style.settings.paragraph.textWrap
        if wrap == .balance { return widestExtent }
        let count = lineCount
        let cuts = cutLineCount
        var fits = widestExtent                  // gives at most `count` lines, each within it, no more cut
        var tooNarrow = 0.0                      // gives more lines, a line wider than it, or more cut
        while fits - tooNarrow > 1.0 / 1024 {
            let probe = (fits + tooNarrow) / 2
            let candidate = try prepared.layout(wrapWidth: probe, lineSpace: lineSpace, glyphRuns: false)
            if candidate.lineCount <= count, candidate.widestExtent <= probe, candidate.truncation == nil,
               candidate.cutLineCount <= cuts {
                fits = candidate.widestExtent
            } else {
                tooNarrow = probe
            }
        }
        // A text without width (empty, or only what hangs) is 0 wide whatever its lines: no
        // layout at 0 to settle.
        guard wrap == .pretty, fits > 0 else { return fits }
        for _ in 0..<8 {
            let settled = try prepared.layout(wrapWidth: fits, lineSpace: lineSpace, glyphRuns: false)
            guard settled.lineCount <= count, settled.widestExtent < fits, settled.cutLineCount <= cuts else { break }
            fits = settled.widestExtent
        }
        return fits
    }

    /// How many lines end inside a word: cut between grapheme clusters for want of room, rather
    /// than at a break opportunity, a hard break or the text's end.
    package var cutLineCount: Int {
        lines.reduce(0) { cuts, line in
            let paragraph = prepared.paragraphs[line.paragraph]
            let end = line.byteRange.upperBound
            return cuts + (end < paragraph.range.end && !paragraph.isSegmentStart(end) ? 1 : 0)
        }
    }
}
