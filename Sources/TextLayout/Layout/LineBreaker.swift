// Greedy line filling over a prepared paragraph: each line the last break opportunity that fits, by subtraction or by the walk, a cut word when none does.

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
    /// Whether the line ends in a fullwidth closing mark set half as wide so that it fits
    /// (Chromium's `allow-end`, ``TextSpacingTrim/normal``), counted so in ``width``.
    var isEndTrimmed = false
}

/// Breaks one paragraph into lines no wider than `wrapWidth` pixels (infinity for no limit), less
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
func breakLines(_ paragraph: PreparedParagraph, bytes: UnsafeBufferPointer<UInt8>, style: TextStyle, wrapWidth: Double,
                from lineStart: Int? = nil, stop: ((Int) -> Bool)? = nil) throws -> [LineBreak] {
    var lines: [LineBreak] = []
    try forEachLine(paragraph, bytes: bytes, style: style, wrapWidth: wrapWidth, from: lineStart) { line in
        lines.append(line)
        return line.end < paragraph.range.end && stop?(line.end) != true
    }
    return lines
}

/// The breaker itself: hands each line of the paragraph to `emit`, in order, until the paragraph
/// ends or `emit` returns false. (``breakLines(_:bytes:style:wrapWidth:from:stop:)`` collects
/// them; the height-only path just counts and adds up.) Greedy filling unless the style's
/// ``ParagraphStyle/textWrap`` asks for balanced or pretty lines (see ``optimalLines``).
func forEachLine(_ paragraph: PreparedParagraph, bytes: UnsafeBufferPointer<UInt8>, style: TextStyle, wrapWidth: Double,
                 from lineStart: Int? = nil, _ emit: (LineBreak) -> Bool) throws {
    let range = paragraph.range
    try style.settings.paragraph.requireRoom(in: wrapWidth)
    let start = lineStart ?? range.start
    let lines = LineCandidates(paragraph: paragraph, bytes: bytes, style: style, wrapWidth: wrapWidth)
    // Under white-space nowrap and pre a paragraph is one line, however wide (it overflows).
    if wrapWidth == .infinity || range.isEmpty || !style.settings.whiteSpace.wraps {
        var measurer = LineMeasurer(paragraph, bytes: bytes, style: style, start: start)
        let contentEnd = paragraph.contentEnds[paragraph.segmentCount - 1]
        _ = emit(LineBreak(start: start, contentEnd: contentEnd, end: range.end, width: measurer.width(to: contentEnd)))
        return
    }
    if style.settings.paragraph.textWrap != .wrap, let optimal = try optimalLines(lines, from: start, wrap: style.settings.paragraph.textWrap) {
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
    // Tabs make a line's widths depend on where it starts, and `text-autospace` on where it
    // ends (the space before the next line's first character left out): the walk measures them.
    let subtracts = bySubtraction && paragraph.tabs.isEmpty && !lines.autospaces
    var start = lineStart
    var segment = lines.segment(startingLineAt: start)
    while true {
        let line: LineBreak
        let next: Int
        if lines.findsBreaksFromLineStart, let found = try lines.lineWithBreaksFromLineStart(from: start, segment: segment) {
            // The profile's rule: the line's break opportunities found again from its start.
            (line, next) = found
        } else {
            switch subtracts ? lines.lineBySubtraction(from: start, segment: segment) : .unknown {
            case .fitted(let fitted, let after):
                (line, next) = (fitted, after)
            case .firstSegmentTooWide(let segmentWidth):
                var measurer = lines.measurer(from: start)
                (line, next) = try lines.cutLine(from: start, segment: segment, segmentWidth: segmentWidth, measurer: &measurer)
            case .unknown:
                (line, next) = try lines.walkedLine(from: start, segment: segment)
            }
        }
        guard emit(line), line.end < paragraphEnd else { return }
        start = line.end
        segment = next
    }
}
