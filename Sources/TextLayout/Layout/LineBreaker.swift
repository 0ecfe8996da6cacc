// Greedy line filling over a prepared paragraph: break opportunities first, grapheme clusters for a word wider than the line.

/// Where one line of a paragraph starts and ends, in UTF-8 byte offsets into the prepared text.
struct LineBreak: Sendable, Equatable {
    /// The first byte of the line.
    var start: Int
    /// The end of the line's content: before the whitespace that hangs at its end.
    var contentEnd: Int
    /// The end of the line, hanging whitespace included (the next line's start, or the paragraph end).
    var end: Int
    /// The width of the content in pixels (hanging whitespace left out).
    var width: Double
    /// The width the line would have with the next piece that did not fit (the next segment, or
    /// the next grapheme cluster of a cut word): a wrap width at least this wide would break the
    /// line elsewhere. Infinity for a paragraph's last line.
    var overflowWidth = Double.infinity
    /// Whether the line ends in a generated hyphen, counted in ``width``: at a break opportunity
    /// right after a soft hyphen (U+00AD), or at a point `hyphens: auto` added inside a word.
    var isHyphenated = false
}

/// Breaks one paragraph into lines no wider than `maxWidth` pixels (infinity for no limit), less
/// each line's indent (``ParagraphStyle/indent``).
///
/// Greedy: each line takes as many segments (text between break opportunities) as fit, with the
/// whitespace at its end hanging. A segment that does not fit even on a line of its own is broken
/// between grapheme clusters, as many as fit but at least one, and the rest continues on the next
/// line; spaces (breaking or not) right after such a cut hang at its end. An empty paragraph is one empty line.
///
/// - Parameters:
///   - lineStart: where to begin, a line start of an earlier layout of the paragraph (default: the
///     paragraph's start).
///   - stop: asked with each new line start after the first line; `true` ends the breaking there
///     (an incremental relayout stops once lines start where they started before). The last
///     line's `end` then is that start.
func breakLines(_ paragraph: PreparedParagraph, bytes: UnsafeBufferPointer<UInt8>, style: TextStyle, maxWidth: Double,
                from lineStart: Int? = nil, stop: ((Int) -> Bool)? = nil) throws -> [LineBreak] {
    var lines: [LineBreak] = []
    try forEachLine(paragraph, bytes: bytes, style: style, maxWidth: maxWidth, from: lineStart) { line in
        lines.append(line)
        return line.end < paragraph.range.end && stop?(line.end) != true
    }
    return lines
}

/// The breaker itself: hands each line of the paragraph to `emit`, in order, until the paragraph
/// ends or `emit` returns false. (``breakLines(_:bytes:style:maxWidth:from:stop:)`` collects
/// them; the height-only path just counts and adds up.) Greedy filling unless the style's
/// ``ParagraphStyle/textWrap`` asks for balanced or pretty lines (see ``optimalLines``).
func forEachLine(_ paragraph: PreparedParagraph, bytes: UnsafeBufferPointer<UInt8>, style: TextStyle, maxWidth: Double,
                 from lineStart: Int? = nil, _ emit: (LineBreak) -> Bool) throws {
    let range = paragraph.range
    try style.paragraph.requireRoom(in: maxWidth)
    let start = lineStart ?? range.start
    let lines = LineCandidates(paragraph: paragraph, bytes: bytes, style: style, maxWidth: maxWidth)
    if maxWidth == .infinity || range.isEmpty {
        var measurer = LineMeasurer(paragraph, bytes: bytes, style: style, start: start)
        let contentEnd = paragraph.contentEnds[paragraph.segmentCount - 1]
        _ = emit(LineBreak(start: start, contentEnd: contentEnd, end: range.end, width: measurer.width(to: contentEnd)))
        return
    }
    if style.paragraph.textWrap != .wrap, let optimal = try optimalLines(lines, from: start, wrap: style.paragraph.textWrap) {
        for line in optimal where !emit(line) { return }
        return
    }
    try greedyLines(lines, from: start, emit)
}

/// Greedy filling: each line takes the last break opportunity that fits (a cut between grapheme
/// clusters when none does).
/// - Parameter bySubtraction: whether a line whose widths are subtractions of prepared positions
///   is found by ``LineCandidates/lineBySubtraction(from:segment:)`` (false: every line by the
///   walk that measures each segment, which gives the same lines; for tests).
func greedyLines(_ lines: LineCandidates, from lineStart: Int, bySubtraction: Bool = true, _ emit: (LineBreak) -> Bool) throws {
    let paragraph = lines.paragraph
    let paragraphEnd = paragraph.range.end
    // Tabs make a line's widths depend on where it starts: the walk measures them.
    let subtracts = bySubtraction && paragraph.tabs.isEmpty
    var start = lineStart
    var segment = lines.segment(startingLineAt: start)
    while true {
        var line: LineBreak
        var next = segment
        switch subtracts ? lines.lineBySubtraction(from: start, segment: segment) : .unknown {
        case .fitted(let fitted, let after):
            (line, next) = (fitted, after)
        case .firstSegmentTooWide(let segmentWidth):
            var measurer = lines.measurer(from: start)
            (line, next) = try lines.cutLine(from: start, segment: segment, segmentWidth: segmentWidth, measurer: &measurer)
        case .unknown:
            var measurer = lines.measurer(from: start)
            var fitted: LineBreak?
            let segmentWidth = lines.forEachFittingLine(from: start, segment: segment, measurer: &measurer) { line, after in
                fitted = line
                next = after
            }
            if let fitted {
                line = fitted
            } else {
                (line, next) = try lines.cutLine(from: start, segment: segment, segmentWidth: segmentWidth, measurer: &measurer)
            }
        }
        guard emit(line), line.end < paragraphEnd else { return }
        start = line.end
        segment = next
    }
}

/// What ``LineCandidates/lineBySubtraction(from:segment:)`` found out about a line.
enum SubtractedLine {
    /// The longest line that fits (as greedy filling takes it), with the index of the segment after it.
    case fitted(LineBreak, nextSegment: Int)
    /// Not even the first segment fits: its width, for ``LineCandidates/cutLine(from:segment:segmentWidth:measurer:)``.
    case firstSegmentTooWide(Double)
    /// The prepared positions cannot tell: the line is measured segment by segment.
    case unknown
}

/// The lines that may start at a given position of one paragraph at one wrap width, measured as
/// they would be drawn: what greedy filling chooses among and the optimal breakers search.
struct LineCandidates {
    let paragraph: PreparedParagraph
    let bytes: UnsafeBufferPointer<UInt8>
    let style: TextStyle
    /// The wrap width (finite).
    let maxWidth: Double

    /// The index of the segment a line starting at `start` (a line start of some layout) begins in.
    func segment(startingLineAt start: Int) -> Int {
        start == paragraph.range.start ? 0 : max(0, firstIndex(in: paragraph.segmentStarts, atOrAfter: start + 1) - 1)
    }

    func measurer(from start: Int) -> LineMeasurer {
        LineMeasurer(paragraph, bytes: bytes, style: style, start: start)
    }

    /// The width a line starting at `start` may fill: the wrap width less its indent, with the tolerance.
    func limit(from start: Int) -> Double {
        style.paragraph.availableWidth(maxWidth, isFirstLine: start == paragraph.range.start) + Layout.fitTolerance
    }

    /// The line greedy filling takes from `start` (in segment `segment`), found from the prepared
    /// positions alone: the same line, width and overflow width as
    /// ``forEachFittingLine(from:segment:measurer:_:)`` gives last, when every segment it weighs
    /// (those that fit and the first that does not) is measured there by a subtraction. That holds
    /// when the line starts where it is safe to break (a segment start, or where a word too wide
    /// was cut, within 256 bytes of each content end weighed: further, the walk first asks whether
    /// the piece is far too wide), each such segment's content end is safe to break at and no
    /// hyphen may end a line there (no soft hyphen or automatic hyphenation point right at its
    /// content end), and the paragraph has no tabs (the caller's check); otherwise
    /// ``SubtractedLine/unknown``.
    ///
    /// The segments are scanned in order, not halved: the walk stops at the first segment that does
    /// not fit, and prepared positions need not ascend (a negative advance or letter spacing), nor
    /// `x - startX > limit` agree with `x > startX + limit` in the last place; a line holds a handful
    /// of segments, so the scan reads about as many positions as halving the paragraph would.
    @inline(__always)
    func lineBySubtraction(from start: Int, segment: Int) -> SubtractedLine {
        let p = paragraph
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
        let limit = limit(from: start)
        let lastSegment = p.segmentCount - 1
        let autoHyphens = p.autoHyphens
        var autoHyphen = autoHyphens.isEmpty ? 0 : firstIndex(in: autoHyphens, atOrAfter: start)
        return p.clusterX.withUnsafeBufferPointer { clusterX in
            p.contentEndCluster.withUnsafeBufferPointer { contentEndCluster in
                let startX = clusterX[startCluster]
                var fittedWidth = 0.0
                var next = segment
                while next <= lastSegment {
                    let endCluster = Int(contentEndCluster[next])
                    guard endCluster >= 0 else { return .unknown }
                    let width = clusterX[endCluster] - startX
                    let contentEnd = p.contentEnds[next]
                    if !fromSegmentStart, contentEnd - start > 256 { return .unknown }
                    if next < lastSegment {
                        // Where no whitespace hangs, the segment may end in a hyphen: a soft hyphen
                        // before its end, or an automatic point at it (see `hyphenEnding`).
                        if contentEnd == p.segmentStarts[next + 1] {
                            if contentEnd - 2 >= start, bytes[contentEnd - 2] == 0xC2, bytes[contentEnd - 1] == 0xAD { return .unknown }
                            while autoHyphen < autoHyphens.count, autoHyphens[autoHyphen] < contentEnd { autoHyphen += 1 }
                            if autoHyphen < autoHyphens.count, autoHyphens[autoHyphen] == contentEnd { return .unknown }
                        }
                    }
                    guard width <= limit else {
                        guard next > segment else { return .firstSegmentTooWide(width) }
                        let line = LineBreak(start: start, contentEnd: p.contentEnds[next - 1], end: p.segmentStarts[next],
                                             width: fittedWidth, overflowWidth: width)
                        return .fitted(line, nextSegment: next)
                    }
                    fittedWidth = width
                    next += 1
                }
                let line = LineBreak(start: start, contentEnd: p.contentEnds[lastSegment], end: p.range.end, width: fittedWidth)
                return .fitted(line, nextSegment: next)
            }
        }
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
        let startCluster = paragraph.tabs.isEmpty && start == paragraph.segmentStarts[segment]
            ? Int(paragraph.segmentStartCluster[segment]) : -1
        let startX = startCluster >= 0 ? paragraph.clusterX[startCluster] : 0
        while next <= lastSegment {
            let contentEnd = max(paragraph.contentEnds[next], start)
            let endCluster = Int(paragraph.contentEndCluster[next])
            var width: Double
            if startCluster >= 0 && endCluster >= 0 && contentEnd == paragraph.contentEnds[next] {
                width = paragraph.clusterX[endCluster] - startX
            } else if isFarTooWide(paragraph, start..<contentEnd, limit: limit, em: style.size) {
                // A long word far wider than the line as prepared: measuring it exactly would
                // reshape all of it (in a script unsafe to break throughout), once for every line
                // it is cut into. It does not fit; the next width that could fit it is unknown, so
                // the line's stable widths end at this one.
                if var line = pending { line.overflowWidth = limit.nextUp; each(line, next) }
                return nil
            } else {
                width = measurer.width(to: contentEnd)
            }
            let hyphen = next < lastSegment ? hyphenEnding(paragraph, bytes, segment: next, from: start) : nil
            if let hyphen { width = measurer.hyphenatedWidth(replacing: hyphen) }
            if var line = pending {
                line.overflowWidth = width
                each(line, next)
                pending = nil
            }
            guard width <= limit else { return next == segment ? width : nil }
            pending = LineBreak(start: start, contentEnd: contentEnd, end: paragraph.segmentEnd(next), width: width,
                                isHyphenated: hyphen != nil)
            next += 1
        }
        if let line = pending { each(line, next) }
        return nil
    }

    /// The line from `start` when not even the first segment fits: the segment broken between
    /// grapheme clusters, as many as fit but at least one; with the index of the segment the next
    /// line starts in. `segmentWidth` is the whole segment's width from the line's start, when
    /// measured (what ``forEachFittingLine(from:segment:measurer:_:)`` returns).
    func cutLine(from lineStart: Int, segment: Int, segmentWidth: Double?, measurer: inout LineMeasurer) throws -> (LineBreak, nextSegment: Int) {
        let start = lineStart
        let range = paragraph.range
        let lastSegment = paragraph.segmentCount - 1
        let limit = limit(from: start)
        let contentEnd = paragraph.contentEnds[segment]
        // The segment's grapheme boundaries after the line's start, found by halving: a word cut
        // into many lines is not scanned from its start for each of them.
        let graphemes = try paragraph.graphemeBoundaries(ofSegment: segment, bytes: bytes)
        var clusters = graphemes[firstIndex(in: graphemes, atOrAfter: start + 1)...]
        // A piece of a word that ends at an automatic hyphenation point and fits only without its
        // hyphen is cut like any word too wide (a line never ends there without the hyphen), unless
        // it is one grapheme cluster.
        if clusters.count > 1, segment < lastSegment, paragraph.isAutoHyphen(contentEnd) { clusters = clusters.dropLast() }
        var cut = clusters.first ?? contentEnd
        var cutWidth = measurer.width(to: cut)
        // The cut moves once the next cluster fits, or once the whole segment does (in a script
        // whose letters join, a part of a word can be wider than all of it).
        var overflowWidth = segmentWidth ?? .infinity
        for boundary in clusters.dropFirst() {
            let width = measurer.width(to: boundary)
            guard width <= limit else {
                overflowWidth = min(overflowWidth, width)
                break
            }
            cut = boundary
            cutWidth = width
        }
        // Spaces just before the cut end the line: they hang and count for nothing, as the spaces
        // just after it do, so the line's width does not depend on which side of them it was cut.
        var contentCut = cut
        while contentCut > start, cut < contentEnd, let space = spaceStart(bytes, before: contentCut, from: start),
              space == start || isBoundary(space, in: graphemes) {
            contentCut = space
        }
        if contentCut < cut { cutWidth = measurer.width(to: contentCut) }
        if cut >= contentEnd {
            // One grapheme cluster wider than the line: it stands alone, with its hanging whitespace.
            var line = LineBreak(start: start, contentEnd: contentEnd, end: paragraph.segmentEnd(segment), width: cutWidth)
            // The line gets longer once the width holds both the cluster and the next segment
            // with it: the larger of the two, since in a font with negative advances the next
            // segment can make the line narrower than the cluster alone.
            if segment < lastSegment {
                line.overflowWidth = max(cutWidth, measurer.width(to: max(paragraph.contentEnds[segment + 1], start)))
                // A segment that ends at a soft hyphen lands here when it fits without its hyphen
                // but not with it: the line is cut after the soft hyphen and shows no hyphen, until
                // the width holds the hyphen too.
                if let hyphen = hyphenEnding(paragraph, bytes, segment: segment, from: start) {
                    line.overflowWidth = min(line.overflowWidth, measurer.hyphenatedWidth(replacing: hyphen))
                }
            }
            return (line, segment + 1)
        }
        // Spaces right after the cut (breaking or not) hang at the end of this line rather
        // than starting the next one with blank space, as in Pango; but not a space that a
        // combining mark follows, which is one grapheme cluster with it.
        var end = cut
        while end < contentEnd, let length = spaceLength(bytes, at: end), isBoundary(end + length, in: graphemes) { end += length }
        var line = LineBreak(start: start, contentEnd: contentCut, end: end, width: cutWidth, overflowWidth: overflowWidth)
        guard end >= contentEnd else { return (line, segment) }
        line.end = segment == lastSegment ? range.end : paragraph.segmentEnd(segment)
        return (line, segment + 1)
    }
}

/// Whether `range` of a paragraph certainly does not fit `limit`: it spans more than 256 clusters
/// and, as prepared (shaped in context, tabs counted as nothing), is wider than twice the limit plus
/// 16 em. Measuring it on its own reshapes only its edges differently, a few glyphs' worth.
private func isFarTooWide(_ paragraph: PreparedParagraph, _ range: Range<Int>, limit: Double, em: Double) -> Bool {
    // A cluster holds one byte at least: a range of 256 bytes or fewer spans no more clusters.
    guard range.count > 256 else { return false }
    let first = paragraph.cluster(atOrAfter: range.lowerBound)
    let last = paragraph.cluster(atOrAfter: range.upperBound)
    return last - first > 256 && paragraph.clusterX[last] - paragraph.clusterX[first] > 2 * limit + 16 * em
}

/// The text the hyphen stands in for when a line from `start` that breaks after segment `index`
/// of a paragraph shows one: the soft hyphen (U+00AD) the segment ends with, or an empty range
/// at the automatic hyphenation point it ends at. Nil when the line shows no hyphen there: no
/// soft hyphen or point, whitespace after the soft hyphen (where the line breaks instead),
/// nothing before it on the line (a soft hyphen that starts a line shows nothing), or no font to
/// draw a hyphen with (the soft hyphen's font has neither U+2010 nor `-`; a point is added only
/// where the letter before it has one).
func hyphenEnding(_ paragraph: PreparedParagraph, _ bytes: UnsafeBufferPointer<UInt8>, segment index: Int,
                  from start: Int) -> Range<Int>? {
    let end = paragraph.contentEnds[index]
    guard end > start, end == paragraph.segmentEnd(index) else { return nil }
    if paragraph.isAutoHyphen(end) { return end..<end }
    guard end - 2 > start, bytes[end - 2] == 0xC2, bytes[end - 1] == 0xAD,
          paragraph.runs[paragraph.run(at: end - 2)].font.hyphen != nil else { return nil }
    return (end - 2)..<end
}

/// What the hyphen a line shows stands in for (see ``hyphenEnding(_:_:segment:from:)``): the soft
/// hyphen before the line's content end, or nothing at an automatic hyphenation point.
func hyphenReplacing(_ line: LineBreak, in paragraph: PreparedParagraph) -> Range<Int>? {
    guard line.isHyphenated else { return nil }
    return paragraph.isAutoHyphen(line.contentEnd) ? line.contentEnd..<line.contentEnd : (line.contentEnd - 2)..<line.contentEnd
}

/// Whether a line that breaks after segment `index` may end in a hyphen there, at a soft hyphen or
/// an automatic hyphenation point (see ``hyphenEnding(_:_:segment:from:)``, which also asks what
/// comes before on the line).
func mayShowHyphen(_ paragraph: PreparedParagraph, _ bytes: UnsafeBufferPointer<UInt8>, segment index: Int) -> Bool {
    hyphenEnding(paragraph, bytes, segment: index, from: paragraph.range.start - 1) != nil
}

/// Whether `offset` is one of the ascending `boundaries`.
private func isBoundary(_ offset: Int, in boundaries: [Int]) -> Bool {
    let i = firstIndex(in: boundaries, atOrAfter: offset)
    return i < boundaries.count && boundaries[i] == offset
}

/// Where the space (see ``spaceLength(_:at:)``) that ends just before `end` starts, or nil.
private func spaceStart(_ bytes: UnsafeBufferPointer<UInt8>, before end: Int, from start: Int) -> Int? {
    let i = scalarStart(bytes, atOrBefore: end - 1, notBefore: start)
    guard let length = spaceLength(bytes, at: i), i + length == end else { return nil }
    return i
}

/// The byte length of the space at `i` (one that hangs at a line end, or a no-break space:
/// U+00A0, U+2007, U+202F), or nil when there is none.
func spaceLength(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Int? {
    if bytes[i] == 0xC2, i + 1 < bytes.count, bytes[i + 1] == 0xA0 { return 2 }
    if bytes[i] == 0xE2, i + 2 < bytes.count, bytes[i + 1] == 0x80, bytes[i + 2] == 0x87 || bytes[i + 2] == 0xAF { return 3 }
    let length = utf8SequenceLength(lead: bytes[i])
    guard i + length <= bytes.count else { return nil }
    return hangingWhitespaceStart(bytes, i, i + length) == i ? length : nil
}
