// Greedy filling's common case: the line from a safe start found by subtracting prepared positions, with no measurer.

/// What ``LineCandidates/lineBySubtraction(from:segment:)`` found out about a line.
enum SubtractedLine {
    /// The longest line that fits (as greedy filling takes it), with the index of the segment after it.
    case fitted(LineBreak, nextSegment: Int)
    /// Not even the first segment fits: its width, for ``LineCandidates/cutLine(from:segment:segmentWidth:measurer:)``.
    case firstSegmentTooWide(Double)
    /// The prepared positions cannot tell: the line is measured segment by segment.
    case unknown
}

extension LineCandidates {
    /// The line greedy filling takes from `start` (in segment `segment`), found from the prepared
    /// positions alone: the same line, width and overflow width as
    /// ``forEachFittingLine(from:segment:measurer:_:)`` gives last, when every segment it weighs
    /// (those that fit and the first that does not) is measured there by a subtraction. That holds
    /// when the line starts where it is safe to break (a segment start, or where a word too wide
    /// was cut, as long as the walk would not first ask whether the piece is far too wide:
    /// ``mayBeFarTooWide(byteCount:)``), each such segment's content end is safe to break at and no
    /// hyphen may end a line there (``PreparedParagraph/hyphenationPoint(endingSegment:bytes:)``),
    /// and the paragraph has no tabs (the caller's check); otherwise ``SubtractedLine/unknown``.
    ///
    /// The segments are scanned in order, not halved: the walk stops at the first segment that does
    /// not fit, and widths need not grow with the end (a negative advance or letter spacing); a
    /// line holds a handful of segments, so the scan reads about as many positions as halving the
    /// paragraph would, and a ``WidthCursor`` passes each run once.
    @inline(__always)
    func lineBySubtraction(from start: Int, segment: Int) -> SubtractedLine {
        let p = paragraph
        // A wrapped line that starts with a trimmed mark is measured by the walk.
        if trimsWrappedLineStarts, startsTrimmedLine(p, bytes: bytes, style: style, at: start) { return .unknown }
        let fromSegmentStart = start == p.segmentStarts[segment]
        let startCluster: Int
        if fromSegmentStart {
            startCluster = Int(p.segmentStartCluster[segment])
            guard startCluster >= 0 else { return .unknown }
        } else {
            // Inside the segment's content (a cut word's rest), at a cluster safe to break at.
            guard p.contentEnds[segment] >= start, let safe = p.safeCluster(at: start) else { return .unknown }
            startCluster = safe
        }
        if let scale = onlyScale {
            // The common case (one font, no spacing): each width one difference of sums, scaled.
            return p.positions.units.compact.withUnsafeBufferPointer { units in
                let startUnits = Int(units[startCluster])
                var widths = OneScaleWidths(units: units, startCluster: startCluster, startUnits: startUnits, scale: scale)
                return fillLine(from: start, segment: segment, fromSegmentStart: fromSegmentStart, widths: &widths)
            }
        }
        let positions = p.positions
        var widths = CursorWidths(cursor: WidthCursor(from: startCluster, run: positions.run(ofCluster: startCluster)), positions: positions)
        return fillLine(from: start, segment: segment, fromSegmentStart: fromSegmentStart, widths: &widths)
    }

    /// ``lineBySubtraction(from:segment:)``'s scan, `widths` giving the width from the line's start
    /// cluster to later ones.
    @inline(__always)
    private func fillLine<Widths: LineStartWidths>(from start: Int, segment: Int, fromSegmentStart: Bool, widths: inout Widths) -> SubtractedLine {
        let p = paragraph
        let limit = limit(from: start)
        let lastSegment = p.segmentCount - 1
        return p.contentEndCluster.withUnsafeBufferPointer { contentEndCluster in p.segmentStartCluster.withUnsafeBufferPointer { startCluster in
            var fittedWidth = 0.0
            var next = segment
            while next <= lastSegment {
                let endCluster = Int(contentEndCluster[next])
                guard endCluster >= 0 else { return .unknown }
                if !fromSegmentStart, mayBeFarTooWide(byteCount: p.contentEnds[next] - start) { return .unknown }
                // A line that may end in a hyphen there is measured with it: the walk's. Only a
                // segment that is not the last and whose content runs to the next one's start may
                // (``PreparedParagraph/hyphenationPoint(endingSegment:bytes:)``): when the next
                // start is a safe cluster other than the content end's, whitespace lies between
                // them (a safe cluster's index is its offset's), and the bytes need no reading.
                if next < lastSegment, startCluster[next + 1] < 0 || Int(startCluster[next + 1]) == endCluster,
                   p.hyphenationPoint(endingSegment: next, bytes: bytes) != nil {
                    return .unknown
                }
                let width = widths.width(to: endCluster)
                guard width <= limit else {
                    // A line that may fit with its last mark half as wide is measured by the walk.
                    if trimsLineEnds, lineEndTrimmableMark(bytes, from: start, to: p.contentEnds[next]) != nil,
                       endsRightAfterContent(p.contentEnds[next], segment: next, isFirstSegment: next == segment) { return .unknown }
                    guard next > segment else { return .firstSegmentTooWide(width) }
                    return .fitted(line(from: start, endingAfter: next - 1, width: fittedWidth, overflowWidth: width), nextSegment: next)
                }
                fittedWidth = width
                next += 1
            }
            return .fitted(line(from: start, endingAfter: lastSegment, width: fittedWidth), nextSegment: next)
        } }
    }
}

/// Widths from a line's start cluster to later and later ones (asked in increasing order).
protocol LineStartWidths {
    mutating func width(to end: Int) -> Double
}

/// The widths of a paragraph with ``ClusterPositions/onlyScale``, read straight from its 32-bit
/// sums: the same bits as ``ClusterPositions/width(from:to:onlyScale:)``.
private struct OneScaleWidths: LineStartWidths {
    let units: UnsafeBufferPointer<Int32>
    let startCluster: Int
    let startUnits: Int
    let scale: Double

    @inline(__always)
    mutating func width(to end: Int) -> Double { Double(Int(units[max(end, startCluster)]) - startUnits) * scale }
}

/// The widths of any paragraph, through a ``WidthCursor``.
private struct CursorWidths: LineStartWidths {
    var cursor: WidthCursor
    let positions: ClusterPositions

    @inline(__always)
    mutating func width(to end: Int) -> Double { cursor.width(to: end, in: positions) }
}
