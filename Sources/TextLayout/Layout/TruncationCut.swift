// Where a clamped layout's last kept line is cut: the grapheme clusters its head and tail keep beside the ellipsis, at the end, the start or the middle.

/// One place the text may be cut at: a grapheme boundary and the width of the line's text up to
/// it, in logical order (the kept tail of a `start` or `middle` cut is measured from its end).
struct CutPoint {
    var byte: Int
    var x: Double
}

/// What the last kept line of a clamped layout shows of the text, beside the ellipsis: the head
/// from the line's start, and for a `start` or `middle` cut the tail up to the text's end, each
/// with its width.
struct KeptText {
    var head: Range<Int>
    var headWidth: Double
    var tail: Range<Int>?
    var tailWidth: Double
}

/// The byte whose font the ellipsis takes: the last kept character before it (`headEnd` is the
/// head's end), or the first kept one after it when nothing is kept before (a `start` cut), or
/// the line's start.
func ellipsisFontByte(headEnd: Int, lineStart: Int, tailStart: Int?, tailEnd: Int) -> Int {
    if headEnd > lineStart { return headEnd - 1 }
    if let tailStart, tailStart < tailEnd { return tailStart }
    return lineStart
}

/// The search for the cut of a clamped layout's last kept line (`line`): the cut points of its
/// head (from the line's start, as far as its paragraph goes) and of its tail (the text's last
/// paragraph, each cut measured to its end), the ellipsis' width at each, and the narrowest
/// width tried that did not fit. The cuts are tried in one order whatever the width, so the cut
/// stays the same up to that width (the line's overflowWidth, for ``Layout/stableWidthRange``).
struct TruncationCut {
    /// Measures the head: the line from its start in its paragraph.
    private var headMeasurer: LineMeasurer
    let tailParagraph: PreparedParagraph
    /// Where the tail's cut points start: the line's start when the line is in the last
    /// paragraph, else that paragraph's start.
    let tailStart: Int
    /// The width the line's text and the ellipsis may fill (its room, with the tolerance).
    let limit: Double
    private(set) var head: [CutPoint]
    private(set) var tail: [CutPoint] = []
    var ellipses: EllipsisShapes
    private(set) var overflowWidth = Double.infinity
    /// Where an `end` cut's head stops at the latest: the paragraph's end, or the line's content
    /// end when the profile keeps the line as it broke (``EndTruncation/keepsBrokenLine``).
    private let headEnd: Int

    init(_ prepared: PreparedText, line: Line, bytes: UnsafeBufferPointer<UInt8>, wrapWidth: Double) {
        let headParagraph = prepared.paragraphs[line.paragraph]
        let start = line.byteRange.lowerBound
        headMeasurer = LineMeasurer(headParagraph, bytes: bytes, style: prepared.style, start: start)
        tailParagraph = prepared.paragraphs[prepared.paragraphs.count - 1]
        tailStart = headParagraph.range.start == tailParagraph.range.start ? start : tailParagraph.range.start
        limit = prepared.style.settings.lineLimit(wrapWidth, isFirstLine: start == headParagraph.range.start)
        head = [CutPoint(byte: start, x: 0)]
        if prepared.style.settings.profile.endTruncation == .keepsBrokenLine {
            headEnd = line.contentEnd
            // The line as it broke changes where its own break moves.
            overflowWidth = line.overflowWidth
        } else {
            headEnd = headParagraph.range.end
        }
        ellipses = EllipsisShapes(prepared: prepared, rightToLeft: line.isRightToLeft)
    }

    /// The paragraph of the line, where its head is cut.
    var headParagraph: PreparedParagraph { headMeasurer.paragraph }
    /// The line's start.
    private var start: Int { headMeasurer.start }
    private var bytes: UnsafeBufferPointer<UInt8> { headMeasurer.bytes }
    private var style: TextStyle { headMeasurer.style }

    /// Whether head and tail are cut in one paragraph: then a head and a tail cut point at the
    /// same byte are the same place.
    private var sameParagraph: Bool { tailStart == start }

    /// What the line keeps with the ellipsis at `position`, as many whole grapheme clusters as fit
    /// (one more would not).
    /// - Throws: ``LayoutError`` when ICU cannot find grapheme boundaries.
    mutating func kept(at position: TruncationPosition) throws -> KeptText {
        let cut: (head: Int, tail: Int)
        switch position {
        case .end:
            cut = (try endCut(), 0)
        case .start:
            try measureTail()
            cut = startCut()
        case .middle:
            try measureHead(upTo: sameParagraph ? tailParagraph.range.end : headParagraph.range.end)
            try measureTail()
            cut = middleCut()
        }
        // The cut found, with the whole ellipsis: where even the narrowest cut does not fit, the
        // line shows the ellipsis' first cluster alone (``EllipsisShapes/line(at:standingFor:within:)``),
        // up to the width where the whole ellipsis fits, which this counts in ``overflowWidth``.
        _ = fits(cut.head, tail.isEmpty ? nil : cut.tail)
        if headParagraph.range.start == tailParagraph.range.start {
            // In the last paragraph, a width that holds the rest of it on this line hides nothing.
            var measurer = LineMeasurer(headParagraph, bytes: bytes, style: style, start: start)
            let contentEnd = max(start, headParagraph.contentEnds[headParagraph.segmentCount - 1])
            overflowWidth = min(overflowWidth, measurer.width(to: contentEnd))
        }
        return KeptText(head: start..<head[cut.head].byte, headWidth: head[cut.head].x,
                        tail: tail.isEmpty ? nil : tail[cut.tail].byte..<tailParagraph.range.end,
                        tailWidth: tail.isEmpty ? 0 : tail[cut.tail].x)
    }

    /// Whether the head to cut point `headIndex` and the tail from `tailIndex` fit with the
    /// ellipsis; a width that does not fit lowers ``overflowWidth``.
    /// - Parameter headNeeds: a width the head needs besides its own, when it ends inside a shaped
    ///   cluster that must fit first (``PreparedParagraph/widthToEndInside(from:at:bytes:style:evenlyShared:)``).
    private mutating func fits(_ headIndex: Int, _ tailIndex: Int?, headNeeds: Double = 0) -> Bool {
        let headWidth = max(head[headIndex].x, headNeeds)
        let tailWidth = tailIndex.map { tail[$0].x } ?? 0
        let fontByte = ellipsisFontByte(headEnd: head[headIndex].byte, lineStart: start,
                                        tailStart: tailIndex.map { tail[$0].byte }, tailEnd: tailParagraph.range.end)
        let width = headWidth + tailWidth + ellipses.width(at: fontByte)
        if width > limit { overflowWidth = min(overflowWidth, width) }
        return width <= limit
    }

    /// The `end` cut: the longest head that fits with the ellipsis, measured one cluster at a time
    /// until one does not fit or the head reaches ``headEnd``.
    private mutating func endCut() throws -> Int {
        for boundary in try graphemeBoundaries(headParagraph, from: start) where boundary <= headEnd {
            head.append(CutPoint(byte: boundary, x: headMeasurer.width(to: boundary)))
            let needs = try headParagraph.widthToEndInside(from: start, at: boundary, bytes: bytes, style: style, evenlyShared: true)
            guard fits(head.count - 1, nil, headNeeds: needs) else { head.removeLast(); break }
        }
        return head.count - 1
    }

    /// Adds the head's cut points up to `end`.
    private mutating func measureHead(upTo end: Int) throws {
        for boundary in try graphemeBoundaries(headParagraph, from: start) where boundary <= end {
            head.append(CutPoint(byte: boundary, x: headMeasurer.width(to: boundary)))
        }
    }

    /// The tail's cut points: from its start and each grapheme boundary after it, the width to the text's end.
    private mutating func measureTail() throws {
        let tailEnd = tailParagraph.range.end
        tail = try ([tailStart] + graphemeBoundaries(tailParagraph, from: tailStart)).map { boundary in
            var measurer = LineMeasurer(tailParagraph, bytes: bytes, style: style, start: boundary)
            return CutPoint(byte: boundary, x: measurer.width(to: tailEnd))
        }
    }

    /// The `start` cut: the shortest tail that fits with the ellipsis (one more cluster would not).
    private mutating func startCut() -> (head: Int, tail: Int) {
        // In one paragraph the first cut point is the line's own start: keeping all from there
        // would hide nothing, so at least its first cluster goes.
        let first = sameParagraph ? min(1, tail.count - 1) : 0
        var index = tail.count - 1
        while index > first, fits(0, index - 1) { index -= 1 }
        return (0, index)
    }

    /// The `middle` cut, as Pango makes it: a gap from the cluster at the middle of the line's
    /// width, widened one cluster at a time on the side that keeps it nearer centred, until the
    /// head and tail fit with the ellipsis. Head cut points run from the line's start; tail cut
    /// points are measured to the text's end. In one paragraph a head and a tail cut point at the
    /// same byte are the same place; across paragraphs the paragraph breaks between are always hidden.
    private mutating func middleCut() -> (head: Int, tail: Int) {
        // Every cut point's x on one axis: the head's from the start, the tail's from its end back.
        let total = sameParagraph ? head[head.count - 1].x : head[head.count - 1].x + tail[0].x
        let centre = total / 2
        var h = max(0, head.lastIndex { $0.x <= centre } ?? 0)
        var t = tail.firstIndex { total - $0.x >= centre } ?? tail.count - 1
        if sameParagraph {
            // The tail's cut points are the head's, measured from the other end: a gap of at least one cluster.
            h = min(h, head.count - 2 < 0 ? 0 : head.count - 2)
            t = max(t, tail.firstIndex { $0.byte > head[h].byte } ?? tail.count - 1)
        }
        while !fits(h, t) {
            let canWidenEnd = t < tail.count - 1
            let canWidenStart = h > 0
            guard canWidenEnd || canWidenStart else { break }
            // The side whose next cluster leaves the gap nearer centred; the end on a tie.
            if canWidenStart, !canWidenEnd || centre - head[h - 1].x < (total - tail[t + 1].x) - centre - Layout.fitTolerance {
                h -= 1
            } else {
                t += 1
            }
        }
        return (h, t)
    }

    /// The grapheme cluster boundaries after `start` up to the end of `paragraph`.
    private func graphemeBoundaries(_ paragraph: PreparedParagraph, from start: Int) throws -> [Int] {
        let end = paragraph.range.end
        guard start < end else { return [] }
        var found = try boundaries(.grapheme, in: bytes, range: start..<end).filter { $0 > start && $0 < end }
        found.append(end)
        return found
    }
}
