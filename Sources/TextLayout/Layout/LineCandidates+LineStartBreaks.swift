// A line whose break opportunities after its start are found again from it (LineStartBreaks.fromLineStart): inside a word of Thai and the like, after a hyphen that starts it.

extension LineCandidates {
    /// The line greedy filling takes from `start` (in segment `segment`) when the profile finds the
    /// break opportunities after a line's start again from it (``LineStartBreaks/fromLineStart``)
    /// and they differ there from the paragraph's (``lineStartBreaks(_:from:in:style:)``); with the
    /// index of the segment the next line starts in. Nil otherwise: the line is found over the
    /// paragraph's segments.
    ///
    /// The line ends at the last of the opportunities found that fits, or past them at the last of
    /// the paragraph's that does when all of them fit; when not even the first piece fits, that
    /// piece is cut between grapheme clusters, as a word too wide is.
    func lineWithBreaksFromLineStart(from start: Int, segment: Int) throws -> (LineBreak, nextSegment: Int)? {
        guard findsBreaksFromLineStart,
              let found = try lineStartBreaks(bytes, from: start, in: paragraph.range.start..<paragraph.range.end, style: style)
        else { return nil }
        // The paragraph's opportunities before the found ones' end, and the first segment that ends at or past it.
        let kept = paragraph.firstSegment(from: segment, endingAtOrPast: found.end)
        let paragraphBreaks = (segment..<kept).map(paragraph.segmentEnd).filter { $0 > start }
        guard paragraphBreaks != found.breaks else { return nil }
        let limit = limit(from: start)
        var measurer = measurer(from: start)
        var fitted: LineBreak?
        for end in found.breaks {
            let width = measurer.width(to: end)
            // (No whitespace before the found ones' end: each opportunity ends the content.)
            let needed = max(width, try widthToEndInside(from: start, at: end))
            guard needed <= limit else {
                guard var line = fitted else { return try cutPiece(from: start, to: end, endingSegment: nil, pieceWidth: needed, measurer: &measurer) }
                line.overflowWidth = needed
                return (line, self.segment(startingLineAt: line.end))
            }
            fitted = LineBreak(start: start, contentEnd: end, end: end, width: width)
        }
        // Every opportunity found fits: the line may go on over the paragraph's segments past them.
        var longer: (LineBreak, nextSegment: Int)?
        let keptWidth = forEachFittingLine(from: start, segment: kept, measurer: &measurer) { line, next in longer = (line, next) }
        if let longer { return longer }
        let pieceWidth = keptWidth ?? measurer.width(to: max(paragraph.contentEnds[kept], start))
        guard var line = fitted else {
            return try cutPiece(from: start, to: paragraph.contentEnds[kept], endingSegment: kept, pieceWidth: pieceWidth, measurer: &measurer)
        }
        line.overflowWidth = pieceWidth
        return (line, self.segment(startingLineAt: line.end))
    }

    /// The line from `start` that cuts the piece up to `pieceEnd` (an opportunity found, or
    /// the content end of segment `endingSegment`), too wide for it, after as many grapheme
    /// clusters as fit, at least one; the whole piece when it is one grapheme cluster.
    private func cutPiece(from start: Int, to pieceEnd: Int, endingSegment: Int?, pieceWidth: Double,
                          measurer: inout LineMeasurer) throws -> (LineBreak, nextSegment: Int) {
        if style.settings.paragraph.overflowWrap == .normal {
            // Not cut: the piece overflows its line, as a word too wide does.
            let width = measurer.width(to: pieceEnd)
            guard let endingSegment else {
                return (LineBreak(start: start, contentEnd: pieceEnd, end: pieceEnd, width: width), segment(startingLineAt: pieceEnd))
            }
            return (line(from: start, endingAfter: endingSegment, width: width), endingSegment + 1)
        }
        let graphemes = try boundaries(.grapheme, in: bytes, range: start..<pieceEnd)
        let (cut, width, overflowWidth) = try lastFittingCut(from: start, to: pieceEnd, endingSegment: endingSegment, graphemes: graphemes,
                                                             pieceWidth: pieceWidth, measurer: &measurer)
        if cut >= pieceEnd, let endingSegment {
            return (line(from: start, endingAfter: endingSegment, width: width), endingSegment + 1)
        }
        let line = LineBreak(start: start, contentEnd: cut, end: cut, width: width, overflowWidth: overflowWidth)
        return (line, segment(startingLineAt: cut))
    }
}
