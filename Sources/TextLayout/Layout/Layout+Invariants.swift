// The line model's invariants checked on a finished layout: run by the tests and the fuzzers on every layout they make.

extension Layout {
    /// Checks the layout against the promises of the line model and returns one message per broken
    /// promise (empty when every one holds). For tests and fuzzers; it never traps.
    ///
    /// - The lines cover the text in order: each paragraph's lines follow each other with no gap
    ///   or overlap, from the paragraph's start to its end, and only its last line ends in its hard
    ///   break; `utf16Range` is the byte range in UTF-16 code units.
    /// - A line edge inside a paragraph is a break opportunity (UAX #14), or, where a word too wide
    ///   for the line was cut, a grapheme cluster boundary of that word (UAX #29).
    /// - Each line fits the width less its indent (within ``Layout/fitTolerance``), unless it holds a single grapheme
    ///   cluster (spaces hanging after it aside); and the piece that follows it would not have fitted
    ///   (the lines are greedy; unless ``ParagraphStyle/textWrap`` chooses them otherwise).
    /// - Widths, heights, ascents, descents, tops and baselines are finite; widths and heights are
    ///   not negative; lines stack from 0 down.
    /// - With glyph runs, every glyph's numbers are finite and its cluster lies in its run, and
    ///   the advances of the glyphs before the line's hanging whitespace add up to its width.
    /// - Only a line before its paragraph's last is justified, to the width less its indent.
    /// - A line shows a hyphen only where it breaks right after a soft hyphen that follows its
    ///   text, or at an automatic hyphenation point (not at its paragraph's end); with glyph runs,
    ///   exactly such a line has generated glyphs, in the soft hyphen's cluster or the cluster of
    ///   the letter before the point.
    /// - Inline objects: see ``checkInlineObjects(fail:)``.
    /// - A clamped layout (``truncation`` set): its lines before the ellipsis line keep all of the
    ///   above; the text after them is the ellipsis line's, held to the truncation's rules by
    ///   ``checkTruncation(bytes:start:top:fail:)``, and no paragraph after it has a line.
    ///
    /// - Complexity: O(n) in the text, plus a grapheme analysis of each word that was cut (and of
    ///   the clamped line's paragraph and the text's last).
    package func _checkInvariants() -> [String] {
        var problems: [String] = []
        func fail(_ message: @autoclosure () -> String) {
            if problems.count < 20 { problems.append(message()) }
        }
        let paragraphs = prepared.paragraphs
        guard !lines.isEmpty else { return ["the layout has no lines"] }
        checkLineCount(fail: fail)
        // The lines laid out as without a clamp: all, or those before the ellipsis line.
        let unclamped = truncation.map { min(max(0, $0.ellipsisLine), lines.count - 1) } ?? lines.count
        prepared.bytes.withUnsafeBufferPointer { bytes in
            var offsets = UTF16OffsetCounter(bytes)
            var graphemes = GraphemeMemo()
            var l = 0
            var top = 0.0
            for (p, paragraph) in paragraphs.enumerated() {
                let first = l
                while l < unclamped, lines[l].paragraph == p { l += 1 }
                // The paragraph the ellipsis line cuts: its lines before it, then that line.
                let isClamped = l == unclamped && l < lines.count && lines[l].paragraph == p
                guard l > first || isClamped else {
                    fail("paragraph \(p) (bytes \(paragraph.range.start)..<\(paragraph.range.end)) has no line")
                    continue
                }
                let end = checkLines(first..<l, of: paragraph, reachesItsEnd: !isClamped, bytes: bytes, offsets: &offsets,
                                     graphemes: &graphemes, top: &top, fail: fail)
                if isClamped {
                    checkTruncation(bytes: bytes, start: end, top: top, fail: fail)
                    l += 1
                    break
                }
                if end != paragraph.range.end {
                    fail("paragraph \(p)'s lines end at byte \(end), not at its end \(paragraph.range.end)")
                }
            }
            if l != lines.count { fail("\(lines.count - l) line(s) belong to no paragraph (from line \(l) on)") }
            if !contentHeight.isFinite || contentHeight < 0 { fail("the content height is \(contentHeight)") }
        }
        if !prepared.inlineObjects.isEmpty { checkInlineObjects(fail: fail) }
        return problems
    }

    /// Checks the lines `range` of `paragraph` (all of them when `reachesItsEnd`, else those before
    /// a clamped layout's ellipsis line), which start at `top`; returns where they end (the
    /// paragraph's end when they cover it).
    private func checkLines(_ range: Range<Int>, of paragraph: PreparedParagraph, reachesItsEnd: Bool, bytes: UnsafeBufferPointer<UInt8>,
                            offsets: inout UTF16OffsetCounter, graphemes: inout GraphemeMemo, top: inout Double,
                            fail: (@autoclosure () -> String) -> Void) -> Int {
        var expected = paragraph.range.start
        for k in range {
            let line = lines[k]
            let r = line.byteRange
            if r.lowerBound != expected {
                fail("line \(k) starts at byte \(r.lowerBound), not \(expected) where the line before it ends: a gap or an overlap")
            }
            guard r.lowerBound <= r.upperBound, r.upperBound <= paragraph.range.end, r.lowerBound >= paragraph.range.start else {
                fail("line \(k)'s bytes \(r) lie outside its paragraph \(paragraph.range.start)..<\(paragraph.range.end)")
                expected = max(expected, min(r.upperBound, paragraph.range.end))
                continue
            }
            expected = r.upperBound
            let place = LinePlace(index: k, isFirst: k == range.lowerBound, isLast: reachesItsEnd && k == range.upperBound - 1)
            checkEdges(line, place, paragraph, bytes: bytes, offsets: &offsets, graphemes: &graphemes, fail: fail)
            checkMetrics(line, k, top: top, fail: fail)
            top = line.top + line.height + lineSpace
            checkWidth(line, place, bytes: bytes, graphemes: graphemes, fail: fail)
            if hasGlyphRuns { checkGlyphs(line, k, paragraph, bytes: bytes, fail: fail) }
        }
        return expected
    }

    /// Checks where a line within its paragraph begins and ends: its UTF-16 range, its hard break,
    /// a start at a break opportunity or between grapheme clusters of a cut word, a hyphen only
    /// after a soft hyphen that follows its text or at a hyphenation point.
    private func checkEdges(_ line: Line, _ place: LinePlace, _ paragraph: PreparedParagraph, bytes: UnsafeBufferPointer<UInt8>,
                            offsets: inout UTF16OffsetCounter, graphemes: inout GraphemeMemo,
                            fail: (@autoclosure () -> String) -> Void) {
        let (k, r) = (place.index, line.byteRange)
        let utf16 = offsets.utf16(at: r.lowerBound)..<offsets.utf16(at: r.upperBound)
        if utf16 != line.utf16Range { fail("line \(k)'s utf16Range is \(line.utf16Range), its bytes give \(utf16)") }
        if line.endsWithHardBreak != (place.isLast && paragraph.range.endsWithHardBreak) {
            fail("line \(k) says endsWithHardBreak \(line.endsWithHardBreak), wrongly")
        }
        if !place.isFirst, !paragraph.isSegmentStart(r.lowerBound) {
            // A cut inside a word: it must fall between two grapheme clusters of that word.
            if !graphemes.isBoundary(r.lowerBound, in: paragraph, bytes: bytes) {
                fail("line \(k) starts at byte \(r.lowerBound), inside a grapheme cluster and not at a break opportunity")
            }
        }
        let afterSoftHyphen = endsWithSoftHyphen(bytes, r.upperBound, from: r.lowerBound + 1)
        if line.endsWithHyphen, place.isLast || !paragraph.isSegmentStart(r.upperBound)
            || !(afterSoftHyphen || paragraph.isAutoHyphen(r.upperBound)) {
            fail("line \(k) shows a hyphen but does not break right after a soft hyphen that follows its text, nor at a hyphenation point")
        }
    }

    /// Checks a line's width against its room: justified only before its paragraph's last line
    /// and to its room, not negative, over the room only as one grapheme cluster, and (greedy
    /// lines) stopped only where its next piece did not fit.
    private func checkWidth(_ line: Line, _ place: LinePlace, bytes: UnsafeBufferPointer<UInt8>, graphemes: GraphemeMemo,
                            fail: (@autoclosure () -> String) -> Void) {
        let k = place.index
        let room = prepared.style.settings.paragraph.availableWidth(wrapWidth, isFirstLine: place.isFirst)
        let limit = prepared.style.settings.lineLimit(wrapWidth, isFirstLine: place.isFirst)
        if line.isJustified, line.width != room || place.isLast {
            fail("line \(k) is justified to \(line.width) px, but only a paragraph's line before its last is, to its room \(room)")
        }
        if line.width < 0 { fail("line \(k) has a negative width \(line.width)") }
        if line.width > limit {
            let content = line.byteRange.lowerBound..<trimmedEnd(bytes, line.byteRange)
            if graphemes.count(in: content, bytes: bytes) > 1 {
                fail("line \(k) is \(line.width) px wide, over the width \(wrapWidth), but holds more than one grapheme cluster")
            }
        }
        if line.overflowWidth <= limit, !place.isLast, prepared.style.settings.paragraph.textWrap == .wrap {
            fail("line \(k) stopped although its next piece fits: \(line.overflowWidth) px within \(wrapWidth)")
        }
    }

    /// The end of `range` without the whitespace that hangs there and the no-break spaces that stay
    /// after a cut: what must be one grapheme cluster when the line overflows.
    private func trimmedEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        var end = range.upperBound
        while end > range.lowerBound {
            let hanging = hangingWhitespaceStart(bytes, range.lowerBound, end)
            if hanging < end { end = hanging; continue }
            guard let space = spaceStart(bytes, before: end, from: range.lowerBound) else { break }
            end = space
        }
        return end
    }

    func checkMetrics(_ line: Line, _ k: Int, top: Double, fail: (@autoclosure () -> String) -> Void) {
        let values = [("width", line.width), ("height", line.height), ("ascent", line.ascent), ("descent", line.descent),
                      ("top", line.top), ("baseline", line.baseline)]
        for (name, value) in values where !value.isFinite { fail("line \(k)'s \(name) is \(value)") }
        if line.height < 0 { fail("line \(k) has a negative height \(line.height)") }
        if abs(line.top - top) > 1e-9 * max(1, abs(top)) { fail("line \(k)'s top is \(line.top), not \(top) below the line before") }
    }

    /// Checks a line's glyph runs: they tile the line, each glyph's numbers are finite and its
    /// cluster in its run, the generated glyphs are its hyphen's, and the glyphs before its hanging
    /// whitespace add up to its width.
    private func checkGlyphs(_ line: Line, _ k: Int, _ paragraph: PreparedParagraph, bytes: UnsafeBufferPointer<UInt8>,
                             fail: (@autoclosure () -> String) -> Void) {
        // Candidate content ends: before the no-break spaces that stay after a cut and the
        // whitespace that hangs; before the hanging whitespace alone; and before the whitespace
        // that ends the line's last segment (a line of whitespace only, from two segments, counts
        // the first segment's).
        let r = line.byteRange
        var offsets = UTF16OffsetCounter(bytes, byteOffset: r.lowerBound, utf16Offset: line.utf16Range.lowerBound)
        let lastSegment = max(0, firstIndex(in: paragraph.segmentStarts, atOrAfter: max(r.lowerBound, r.upperBound - 1) + 1) - 1)
        let lastSegmentStart = max(r.lowerBound, paragraph.segmentStarts[lastSegment])
        let hanging = prepared.style.settings.profile.hangingWhitespace
        let ends = [trimmedEnd(bytes, r), hangingWhitespaceStart(bytes, r.lowerBound, r.upperBound, rule: hanging),
                    hangingWhitespaceStart(bytes, lastSegmentStart, r.upperBound, rule: hanging)].sorted()
        let trimmedUTF16 = offsets.utf16(at: ends[0])
        let hangingUTF16 = offsets.utf16(at: ends[1])
        let segmentUTF16 = offsets.utf16(at: ends[2])
        var sumHanging = 0.0
        var sumTrimmed = 0.0
        var sumSegment = 0.0
        checkRunsTile(line, k, fail: fail)
        for run in line.runs {
            if !run.x.isFinite { fail("line \(k) has a run at x \(run.x)") }
            switch run.content {
            case .text: break
            case .inlineObject(let object, _):
                // An object is one cluster as wide as it is.
                let cluster = run.utf16Range.lowerBound
                if cluster < hangingUTF16 { sumHanging += object.width }
                if cluster < trimmedUTF16 { sumTrimmed += object.width }
                if cluster < segmentUTF16 { sumSegment += object.width }
            }
            for glyph in run.glyphs {
                if !(glyph.advance.isFinite && glyph.xOffset.isFinite && glyph.yOffset.isFinite) {
                    fail("line \(k) has a glyph with advance \(glyph.advance), offsets \(glyph.xOffset), \(glyph.yOffset)")
                }
                if !run.utf16Range.contains(glyph.cluster) || !line.utf16Range.contains(glyph.cluster) {
                    fail("line \(k) has a glyph of cluster \(glyph.cluster) outside its run \(run.utf16Range) or line \(line.utf16Range)")
                }
                if glyph.cluster < hangingUTF16 { sumHanging += glyph.advance }
                if glyph.cluster < trimmedUTF16 { sumTrimmed += glyph.advance }
                if glyph.cluster < segmentUTF16 { sumSegment += glyph.advance }
            }
        }
        checkGeneratedGlyphs(line, k, paragraph, fail: fail)
        let tolerance = 1e-6 * max(1, abs(line.width))
        // (A line whose glyphs add up to less than 0 is 0 wide.)
        if [sumHanging, sumTrimmed, sumSegment].allSatisfy({ abs(max(0, $0) - line.width) > tolerance }) {
            fail("line \(k) is \(line.width) px wide, but its glyphs before the hanging whitespace advance \(sumHanging) px")
        }
    }

    /// Checks that a line's runs come in drawing order, each starting where the one before it
    /// ends, and that in logical order their ranges (an ellipsis' aside) tile `shown`: the line's
    /// range, or a clamped line's kept head and tail, in order.
    func checkRunsTile(_ line: Line, _ k: Int, shown: [Range<Int>]? = nil, fail: (@autoclosure () -> String) -> Void) {
        for (a, b) in zip(line.runs, line.runs.dropFirst()) where abs(a.x + a.width - b.x) > 1e-6 * max(1, abs(b.x)) {
            fail("line \(k)'s run \(b.utf16Range) starts at x \(b.x), not where the run before it ends (\(a.x + a.width))")
        }
        var logical = line.runs.filter { !$0.isEllipsis }.map(\.utf16Range).filter { !$0.isEmpty }.sorted { $0.lowerBound < $1.lowerBound }[...]
        for part in (shown ?? [line.utf16Range]) where !part.isEmpty {
            var covered = part.lowerBound
            while let range = logical.first, range.lowerBound < part.upperBound {
                if range.lowerBound != covered { fail("line \(k)'s runs leave a gap or overlap at UTF-16 offset \(covered): the next run is \(range)") }
                covered = max(covered, range.upperBound)
                logical.removeFirst()
            }
            if covered != part.upperBound { fail("line \(k)'s runs end at UTF-16 offset \(covered), the text they show at \(part.upperBound)") }
        }
        if let stray = logical.first { fail("line \(k) has a run over \(stray), past the text it shows") }
    }

    /// Checks that the hyphen a line shows after a soft hyphen is generated and stands in the soft
    /// hyphen's cluster (at an automatic point, the cluster of the letter before it, the line's
    /// last), and that only such a line has generated glyphs.
    private func checkGeneratedGlyphs(_ line: Line, _ k: Int, _ paragraph: PreparedParagraph, fail: (@autoclosure () -> String) -> Void) {
        let generated = line.runs.flatMap(\.glyphs).filter(\.isGenerated)
        if generated.isEmpty == line.endsWithHyphen {
            fail("line \(k) says endsWithHyphen \(line.endsWithHyphen) but has \(generated.count) generated glyphs")
        }
        let hyphenCluster = paragraph.isAutoHyphen(line.byteRange.upperBound)
            ? line.runs.flatMap(\.glyphs).filter { !$0.isGenerated }.map(\.cluster).max() ?? -1
            : line.utf16Range.upperBound - 1
        if let stray = generated.first(where: { $0.cluster != hyphenCluster }) {
            fail("line \(k) has a generated glyph at UTF-16 offset \(stray.cluster), not at its soft hyphen or the letter before its hyphenation point")
        }
    }
}

/// Where a checked line stands: its index, and whether it is its paragraph's first or last.
private struct LinePlace {
    var index: Int
    var isFirst: Bool
    var isLast: Bool
}

/// The grapheme cluster boundaries of the segment last asked about, so that the many lines of
/// one long cut word analyse it once.
private struct GraphemeMemo {
    var segment: Range<Int> = 0..<0
    var boundaries: [Int] = []

    /// Whether `offset` is a grapheme boundary of the segment of `paragraph` that holds it, as the
    /// line breaker finds them (from the segment's start).
    mutating func isBoundary(_ offset: Int, in paragraph: PreparedParagraph, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let s = max(0, firstIndex(in: paragraph.segmentStarts, atOrAfter: offset + 1) - 1)
        let range = paragraph.segmentStarts[s]..<paragraph.segmentEnd(s)
        if range != segment {
            segment = range
            boundaries = (try? TextLayout.boundaries(.grapheme, in: bytes, range: range)) ?? []
        }
        let i = firstIndex(in: boundaries, atOrAfter: offset)
        return i < boundaries.count && boundaries[i] == offset
    }

    /// The number of grapheme clusters in `range`.
    func count(in range: Range<Int>, bytes: UnsafeBufferPointer<UInt8>) -> Int {
        (try? TextLayout.boundaries(.grapheme, in: bytes, range: range).count) ?? 0
    }
}
