// A word too wide for its line: cut between grapheme clusters, as many as fit but at least one, the spaces around the cut hanging (or, under `overflow-wrap: normal`, whole and overflowing).

extension LineCandidates {
    /// The line from `start` when not even the first segment fits: the segment broken between
    /// grapheme clusters, as many as fit but at least one; with the index of the segment the next
    /// line starts in. `segmentWidth` is the whole segment's width from the line's start, when
    /// measured (what ``forEachFittingLine(from:segment:measurer:_:)`` returns).
    /// Under ``OverflowWrap/normal`` the segment is not cut: it stands whole and overflows.
    func cutLine(from start: Int, segment: Int, segmentWidth: Double?, measurer: inout LineMeasurer) throws -> (LineBreak, nextSegment: Int) {
        if style.settings.paragraph.overflowWrap == .normal { return overflowingLine(from: start, segment: segment, measurer: &measurer) }
        let contentEnd = paragraph.contentEnds[segment]
        // The segment's grapheme boundaries, found once: a word cut into many lines is not
        // analysed again for each of them.
        let graphemes = try paragraph.graphemeBoundaries(ofSegment: segment, bytes: bytes)
        var (cut, cutWidth, overflowWidth) = try lastFittingCut(from: start, to: contentEnd, endingSegment: segment, graphemes: graphemes,
                                                            pieceWidth: segmentWidth, measurer: &measurer)
        if cut >= contentEnd { return loneClusterLine(from: start, segment: segment, width: cutWidth, measurer: &measurer) }
        // Spaces just before the cut end the line: they hang and count for nothing, as the spaces
        // just after it do, so the line's width does not depend on which side of them it was cut.
        // Under white-space break-spaces no space hangs: the cut is where the line ends.
        let spacesHang = style.settings.whiteSpace != .breakSpaces
        let contentCut = spacesHang ? spacesStart(before: cut, from: start, graphemes: graphemes) : cut
        if contentCut < cut { cutWidth = measurer.width(to: contentCut) }
        let end = spacesHang ? spacesEnd(after: cut, before: contentEnd, graphemes: graphemes) : cut
        var line = LineBreak(start: start, contentEnd: contentCut, end: end, width: cutWidth, overflowWidth: overflowWidth)
        guard line.end >= contentEnd else { return (line, segment) }
        line.end = paragraph.segmentEnd(segment)
        return (line, segment + 1)
    }

    /// Where the piece of a line from `start` to `pieceEnd`, too wide for it, is cut: after as
    /// many of its grapheme clusters (`graphemes`, boundaries of a range that holds the piece) as
    /// fit, at least one; the width to the cut, and the width at which the cut moves: once the
    /// next cluster fits, or once the whole piece does (`pieceWidth`, when measured: in a script
    /// whose letters join, a part of a word can be wider than all of it). `endingSegment`: the
    /// segment whose content the piece ends with (nil when it ends at another opportunity).
    func lastFittingCut(from start: Int, to pieceEnd: Int, endingSegment segment: Int?, graphemes: [Int], pieceWidth: Double?,
                        measurer: inout LineMeasurer) throws -> (cut: Int, width: Double, overflowWidth: Double) {
        let limit = limit(from: start)
        // The boundaries after the line's start, found by halving.
        var clusters = graphemes[firstIndex(in: graphemes, atOrAfter: start + 1)..<firstIndex(in: graphemes, atOrAfter: pieceEnd + 1)]
        // A piece of a word that ends at an automatic hyphenation point and fits only without its
        // hyphen is cut like any word too wide (a line never ends there without the hyphen), unless
        // it is one grapheme cluster.
        if clusters.count > 1, let segment, paragraph.hyphenationPoint(endingSegment: segment, bytes: bytes) == .automatic {
            clusters = clusters.dropLast()
        }
        var cut = clusters.first ?? pieceEnd
        var cutWidth = measurer.width(to: cut)
        var overflowWidth = pieceWidth ?? .infinity
        for boundary in clusters.dropFirst() {
            let width = measurer.width(to: boundary)
            // A boundary inside a shaped cluster may wait for the whole cluster to fit (the profile's rule).
            let needed = max(width, try widthToEndInside(from: start, at: boundary))
            guard needed <= limit else {
                overflowWidth = min(overflowWidth, needed)
                break
            }
            cut = boundary
            cutWidth = width
        }
        return (cut, cutWidth, overflowWidth)
    }

    /// The line of one grapheme cluster wider than the line, `width` wide: it stands alone, with
    /// its hanging whitespace.
    private func loneClusterLine(from start: Int, segment: Int, width: Double,
                                 measurer: inout LineMeasurer) -> (LineBreak, nextSegment: Int) {
        var line = line(from: start, endingAfter: segment, width: width)
        // The line gets longer once the width holds both the cluster and the next segment with
        // it: the larger of the two, since in a font with negative advances the next segment can
        // make the line narrower than the cluster alone.
        if segment < paragraph.segmentCount - 1 {
            line.overflowWidth = max(width, measurer.width(to: max(paragraph.contentEnds[segment + 1], start)))
            // A segment that ends at a soft hyphen lands here when it fits without its hyphen but
            // not with it: the line is cut after the soft hyphen and shows no hyphen, until the
            // width holds the hyphen too.
            if let hyphen = hyphenEnding(paragraph, bytes, segment: segment, from: start) {
                line.overflowWidth = min(line.overflowWidth, measurer.hyphenatedWidth(replacing: hyphen))
            }
        }
        return (line, segment + 1)
    }

    /// The line of segment `segment` whole although it is too wide for a line from `start`
    /// (``OverflowWrap/normal``): it overflows, with its generated hyphen when it ends at a soft
    /// hyphen or a hyphenation point. It gets longer once the width holds the next segment too.
    private func overflowingLine(from start: Int, segment: Int, measurer: inout LineMeasurer) -> (LineBreak, nextSegment: Int) {
        func width(endingAfter segment: Int) -> (Double, isHyphenated: Bool) {
            if let hyphen = hyphenEnding(paragraph, bytes, segment: segment, from: start) {
                return (measurer.hyphenatedWidth(replacing: hyphen), true)
            }
            return (measurer.width(to: max(paragraph.contentEnds[segment], start)), false)
        }
        let (lineWidth, isHyphenated) = width(endingAfter: segment)
        var line = line(from: start, endingAfter: segment, width: lineWidth, isHyphenated: isHyphenated)
        if segment < paragraph.segmentCount - 1 { line.overflowWidth = max(lineWidth, width(endingAfter: segment + 1).0) }
        return (line, segment + 1)
    }

    /// Whether the no-break spaces at a cut hang with the breaking ones or count as content (the profile's rule).
    private var noBreakSpaces: LineEndNoBreakSpace { style.settings.profile.lineEndNoBreakSpace }

    /// Where the spaces (breaking or not) just before `cut` start, each a grapheme cluster of
    /// its own, back to `start` at most: `cut` when there are none.
    private func spacesStart(before cut: Int, from start: Int, graphemes: [Int]) -> Int {
        var contentCut = cut
        while contentCut > start, let space = spaceStart(bytes, before: contentCut, from: start, noBreakSpaces: noBreakSpaces),
              space == start || isBoundary(space, in: graphemes) {
            contentCut = space
        }
        return contentCut
    }

    /// Where the spaces (breaking or not) right after `cut` end, up to `contentEnd`: they hang at
    /// the end of the cut line rather than starting the next one with blank space, as in Pango
    /// (no-break spaces only when ``LayoutProfile/lineEndNoBreakSpace`` lets them hang);
    /// but not a space that a combining mark follows, which is one grapheme cluster with it.
    private func spacesEnd(after cut: Int, before contentEnd: Int, graphemes: [Int]) -> Int {
        var end = cut
        while end < contentEnd, let length = spaceLength(bytes, at: end, noBreakSpaces: noBreakSpaces), isBoundary(end + length, in: graphemes) { end += length }
        return end
    }
}

/// Whether `offset` is one of the ascending `boundaries`.
private func isBoundary(_ offset: Int, in boundaries: [Int]) -> Bool {
    let i = firstIndex(in: boundaries, atOrAfter: offset)
    return i < boundaries.count && boundaries[i] == offset
}
