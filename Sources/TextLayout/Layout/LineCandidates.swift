// The lines that may start at a position of a paragraph, measured as drawn: the walk over each line that ends at a break opportunity and fits.

/// The lines that may start at a given position of one paragraph at one wrap width, measured as
/// they would be drawn: what greedy filling chooses among and the optimal breakers search.
struct LineCandidates {
    let paragraph: PreparedParagraph
    let bytes: UnsafeBufferPointer<UInt8>
    let style: TextStyle
    /// The wrap width (finite).
    let wrapWidth: Double
    /// ``limit(from:)`` of the paragraph's first line and of the others, and the paragraph's
    /// ``ClusterPositions/onlyScale``: found once, not once a line.
    private let firstLineLimit: Double
    private let otherLineLimit: Double
    let onlyScale: Double?
    /// ``TextStyle/trimsLineEnds``, found once.
    let trimsLineEnds: Bool
    /// Whether a wrapped line's first opening mark is trimmed (``TextSpacingTrim/trimsWrappedLineStarts``), found once.
    let trimsWrappedLineStarts: Bool
    /// ``TextStyle/autospaces``, found once: a line's end then leaves out the space before the next line.
    let autospaces: Bool
    /// Whether a line's break opportunities are found again from its start (``LineStartBreaks/fromLineStart``), found once.
    let findsBreaksFromLineStart: Bool

    init(paragraph: PreparedParagraph, bytes: UnsafeBufferPointer<UInt8>, style: TextStyle, wrapWidth: Double) {
        self.paragraph = paragraph
        self.bytes = bytes
        self.style = style
        self.wrapWidth = wrapWidth
        let settings = style.settings
        firstLineLimit = settings.lineLimit(wrapWidth, isFirstLine: true)
        otherLineLimit = settings.lineLimit(wrapWidth, isFirstLine: false)
        onlyScale = paragraph.positions.onlyScale
        let textSpacingTrim = settings.effectiveTextSpacingTrim
        trimsLineEnds = textSpacingTrim.trimsAdjacent
        trimsWrappedLineStarts = textSpacingTrim.trimsWrappedLineStarts
        autospaces = style.autospaces
        findsBreaksFromLineStart = settings.profile.lineStartBreaks == .fromLineStart
    }

    /// The index of the segment a line starting at `start` (a line start of some layout) begins in.
    func segment(startingLineAt start: Int) -> Int {
        start == paragraph.range.start ? 0 : paragraph.segment(containing: start)
    }

    func measurer(from start: Int) -> LineMeasurer {
        LineMeasurer(paragraph, bytes: bytes, style: style, start: start)
    }

    /// The width a line starting at `start` may fill (``TextSettings/lineLimit(_:isFirstLine:)``).
    @inline(__always)
    func limit(from start: Int) -> Double {
        start == paragraph.range.start ? firstLineLimit : otherLineLimit
    }

    /// The line from `start` that ends after segment `segment`, at the break opportunity there (or
    /// the paragraph's end), its whitespace hanging: `width` is its content's width.
    func line(from start: Int, endingAfter segment: Int, width: Double, overflowWidth: Double = .infinity,
              isHyphenated: Bool = false, isEndTrimmed: Bool = false) -> LineBreak {
        LineBreak(start: start, contentEnd: max(paragraph.contentEnds[segment], start), end: paragraph.segmentEnd(segment),
                  width: width, overflowWidth: overflowWidth, isHyphenated: isHyphenated, isEndTrimmed: isEndTrimmed)
    }

    /// The line greedy filling takes from `start` (in segment `segment`), measured segment by
    /// segment: the last that ``forEachFittingLine(from:segment:measurer:_:)`` hands over, or the
    /// word cut between grapheme clusters when not even the first segment fits; with the index of
    /// the segment the next line starts in.
    func walkedLine(from start: Int, segment: Int) throws -> (LineBreak, nextSegment: Int) {
        var measurer = measurer(from: start)
        var fitted: (LineBreak, nextSegment: Int)?
        let segmentWidth = forEachFittingLine(from: start, segment: segment, measurer: &measurer) { line, next in
            fitted = (line, next)
        }
        if let fitted { return fitted }
        return try cutLine(from: start, segment: segment, segmentWidth: segmentWidth, measurer: &measurer)
    }

    /// Calls `each` with every line from `start` (in segment `segment`) that ends at a break
    /// opportunity and fits, shortest first, with the index of the segment after it. Each line's
    /// ``LineBreak/overflowWidth`` is the width of the next one tried, which for the last is the
    /// first that does not fit. Nothing when not even the first segment fits: then it returns that
    /// segment's width, as the line would measure it (nil when it was not measured).
    @inline(__always) @discardableResult
    func forEachFittingLine(from start: Int, segment: Int, measurer: inout LineMeasurer,
                            _ each: (LineBreak, _ nextSegment: Int) -> Void) -> Double? {
        let limit = limit(from: start)
        let lastSegment = paragraph.segmentCount - 1
        var pending: LineBreak?
        var next = segment
        // The common case: a line starting at a safe segment start in a paragraph without tabs,
        // where each safe content end's width is a subtraction of prepared positions.
        let startCluster = paragraph.tabs.isEmpty && start == paragraph.segmentStarts[segment] && !measurer.startsTrimmed
            ? Int(paragraph.segmentStartCluster[segment]) : -1
        let positions = paragraph.positions
        let onlyScale = positions.onlyScale
        var widths = WidthCursor(from: max(0, startCluster), run: startCluster >= 0 ? positions.run(ofCluster: startCluster) : 0)
        while next <= lastSegment {
            let contentEnd = max(paragraph.contentEnds[next], start)
            let endCluster = Int(paragraph.contentEndCluster[next])
            var width: Double
            if startCluster >= 0 && endCluster >= 0 && contentEnd == paragraph.contentEnds[next] {
                width = onlyScale.map { positions.width(from: startCluster, to: endCluster, onlyScale: $0) }
                    ?? widths.width(to: endCluster, in: positions)
            } else if isFarTooWide(paragraph, start..<contentEnd, limit: limit, em: style.settings.size) {
                // A long word far wider than the line as prepared: measuring it exactly would
                // reshape all of it (in a script unsafe to break throughout), once for every line
                // it is cut into. It does not fit; the next width that could fit it is unknown, so
                // the line's stable widths end at this one.
                if var line = pending { line.overflowWidth = limit.nextUp; each(line, next) }
                return nil
            } else {
                width = measurer.width(to: contentEnd)
            }
            let hyphen = hyphenEnding(paragraph, bytes, segment: next, from: start)
            if let hyphen {
                width = measurer.hyphenatedWidth(replacing: hyphen)
            } else if autospaces {
                // The space `text-autospace` put before the next line's first character is not this line's.
                width -= paragraph.autospaceAtLineEnd(bytes, at: contentEnd, style: style)
            }
            // The width the line needs to end here: more than its own when it ends inside a
            // shaped cluster that must fit whole first (only where the end is not a safe cluster).
            let needed = endCluster >= 0 ? width : max(width, (try? widthToEndInside(from: start, at: contentEnd)) ?? 0)
            // A line that ends right after a closing mark fits if it fits with the mark half as
            // wide (`allow-end`): its narrowest fitting width is that one.
            var fittingWidth = needed
            if trimsLineEnds, hyphen == nil, let trimmed = endTrimmedWidth(from: start, to: contentEnd, segment: next,
                                                                                  isFirstSegment: next == segment, measurer: &measurer) {
                fittingWidth = min(needed, trimmed)
            }
            if var line = pending {
                line.overflowWidth = min(line.overflowWidth, fittingWidth)
                each(line, next)
                pending = nil
            }
            guard fittingWidth <= limit else { return next == segment ? needed : nil }
            if needed <= limit {
                pending = line(from: start, endingAfter: next, width: width, isHyphenated: hyphen != nil)
            } else {
                // Trimmed only because it does not fit whole: at a wrap width where it does, it is wider.
                pending = line(from: start, endingAfter: next, width: fittingWidth, overflowWidth: needed, isEndTrimmed: true)
            }
            next += 1
        }
        if let line = pending { each(line, next) }
        return nil
    }
}

extension LineCandidates {
    /// The width a line from `start` needs before it may end at `end` for being inside a shaped
    /// cluster (``PreparedParagraph/widthToEndInside(from:at:bytes:style:evenlyShared:)``).
    func widthToEndInside(from start: Int, at end: Int) throws -> Double {
        try paragraph.widthToEndInside(from: start, at: end, bytes: bytes, style: style)
    }
}

extension PreparedParagraph {
    /// The width a line from `start` needs before it may end at `end` for being inside a shaped
    /// cluster, under ``LineEndsInsideClusters/whenClusterFits`` (0 otherwise, and at a cluster's
    /// edge): the width as prepared from `start` to where the paragraph's shaping puts `end`. In a
    /// left-to-right run that is the cluster's start plus its advance shared evenly among its
    /// grapheme clusters, up to `end` (the `ffi` of `Insufficient`, 16.44 px in DejaVu Sans at
    /// 17 px: `Insuf` may end a line once the room reaches a third of it); in a right-to-left run
    /// the cluster's end (the lam-alef: the whole of it), as Chromium finds the offset of a
    /// position (`evenlyShared`: shared evenly in a right-to-left run too, as Chromium's line
    /// truncator places the ellipsis after a ligature's share: `…انقر ع|لى`). A line that starts
    /// inside a cluster counts the share of it after its start (a start inside a grapheme cluster,
    /// after a break of `word-break: break-all` before a Thai vowel, `ท|ำ`, the share of that
    /// grapheme cluster's characters after it, as for an end).
    func widthToEndInside(from start: Int, at end: Int, bytes: UnsafeBufferPointer<UInt8>, style: TextStyle,
                          evenlyShared: Bool = false) throws -> Double {
        guard style.settings.profile.lineEndsInsideClusters == .whenClusterFits else { return 0 }
        let after = cluster(atOrAfter: end)
        guard after < clusterCount, clusterStarts[after] != end, after > 0 else { return 0 }
        let inside = after - 1
        // Where the paragraph's shaping puts the line's start and `end`, from the start of the
        // cluster `end` is inside: the line's start before it (or inside it too).
        var startX = 0.0
        let startCluster = cluster(atOrAfter: start)
        if startCluster < clusterCount, clusterStarts[startCluster] == start {
            startX = -width(fromCluster: min(startCluster, inside), to: inside)
        } else {
            let startInside = startCluster - 1
            startX = -width(fromCluster: min(startInside, inside), to: inside)
                + width(fromCluster: startInside, to: startInside + 1) * (try shareOfCluster(startInside, before: start, bytes: bytes, splittingGrapheme: true))
        }
        let clusterWidth = width(fromCluster: inside, to: after)
        // (An end inside a grapheme cluster, a break of `word-break: break-all` before a Thai vowel
        // or tone mark of class SA, `ส|ำ`, counts the share of that grapheme cluster's characters
        // before it: `ตัวสำเนา` in Noto Sans Thai at 17 px under break-all ends its first line
        // `ตัวส` (28.91 px shaped again) from a room of 29 px, in headless Chromium 156.)
        let endX = runs[run(at: end)].isRightToLeft && !evenlyShared
            ? clusterWidth : clusterWidth * (try shareOfCluster(inside, before: end, bytes: bytes, splittingGrapheme: true))
        return endX - startX
    }

    /// The share of cluster `cluster`'s grapheme clusters that lie before `offset` (inside it);
    /// `splittingGrapheme`: the one `offset` lies inside counted by the share of its characters
    /// (Unicode scalars) before `offset`.
    private func shareOfCluster(_ cluster: Int, before offset: Int, bytes: UnsafeBufferPointer<UInt8>, splittingGrapheme: Bool = false) throws -> Double {
        let range = clusterStarts[cluster]..<(cluster + 1 < clusterCount ? clusterStarts[cluster + 1] : self.range.end)
        let graphemes = try boundaries(.grapheme, in: bytes, range: range)
        let whole = Double(graphemes.filter { $0 <= offset }.count)
        guard splittingGrapheme, let graphemeEnd = graphemes.first(where: { $0 > offset }) else { return whole / Double(max(1, graphemes.count)) }
        let graphemeStart = graphemes.last { $0 <= offset } ?? range.lowerBound
        func scalarCount(_ bytesRange: Range<Int>) -> Int { bytesRange.filter { bytes[$0] & 0xC0 != 0x80 }.count }
        let part = Double(scalarCount(graphemeStart..<offset)) / Double(max(1, scalarCount(graphemeStart..<graphemeEnd)))
        return (whole + part) / Double(max(1, graphemes.count))
    }
}

extension ParagraphStyle {
    /// The widest a line may be and fit at wrap width `wrapWidth`: its room (the wrap width less
    /// its indent, ``availableWidth(_:isFirstLine:)``) with ``Layout/fitTolerance``. The
    /// breaker's test, which truncation, the optimal searches and the height steps ask too.
    @inline(__always)
    func lineLimit(_ wrapWidth: Double, isFirstLine: Bool) -> Double {
        availableWidth(wrapWidth, isFirstLine: isFirstLine) + Layout.fitTolerance
    }
}

/// The most clusters a piece of a line may span and still be measured exactly, however much wider
/// than the line it is (see ``isFarTooWide(_:_:limit:em:)``).
private let exactlyMeasuredClusters = 256

/// Whether a piece of a line `byteCount` bytes long may be far too wide to measure: a cluster holds
/// one byte at least, so a piece of ``exactlyMeasuredClusters`` bytes or fewer spans no more clusters.
func mayBeFarTooWide(byteCount: Int) -> Bool {
    byteCount > exactlyMeasuredClusters
}

/// Whether `range` of a paragraph certainly does not fit `limit`: it spans more than 256 clusters
/// and, as prepared (shaped in context, tabs counted as nothing), is wider than twice the limit plus
/// 16 em. Measuring it on its own reshapes only its edges differently, a few glyphs' worth.
private func isFarTooWide(_ paragraph: PreparedParagraph, _ range: Range<Int>, limit: Double, em: Double) -> Bool {
    guard mayBeFarTooWide(byteCount: range.count) else { return false }
    let first = paragraph.cluster(atOrAfter: range.lowerBound)
    let last = paragraph.cluster(atOrAfter: range.upperBound)
    return last - first > exactlyMeasuredClusters && paragraph.width(fromCluster: first, to: last) > 2 * limit + 16 * em
}
