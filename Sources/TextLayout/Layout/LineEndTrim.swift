// The line edges of text-spacing-trim: a line that ends right after a fullwidth closing bracket or quote fits when it fits with that mark half as wide (Chromium's `allow-end`); a wrapped line's opening mark trimmed (`space-first`, `trim-start`).

/// Whether `scalar` is a closing mark that a line's end may set half as wide (Chromium's
/// `MaybeHanKerningClose`: a closing bracket of the CJK Symbols and Punctuation block or the
/// fullwidth forms, and the closing curly quotes `’` `”`). The fullwidth full stops and commas
/// `。`, `、`, `，`, `．` are not: Chromium classes them as dots, which it trims only beside
/// another mark. Whether the mark is then trimmed is the shaping's business (a quote the font
/// draws proportional is not: ``Font/drawsFullwidthQuotes(language:)``).
func isLineEndTrimmable(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0x2019, 0x201D: return true
    case 0x3008...0x301F, 0xFF08...0xFF60:
        return PunctuationSpacingClass(scalar, placed: .byCharacter) == .close && ![0x3001, 0x3002, 0xFF0C, 0xFF0E].contains(scalar)
    default: return false
    }
}

/// Where the mark that ends `start..<contentEnd` of `bytes` starts, when it is one a line's end
/// may set half as wide (``isLineEndTrimmable(_:)``); nil otherwise. Reads a byte for any other
/// line: every such mark is three bytes past ASCII.
@inline(__always)
func lineEndTrimmableMark(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to contentEnd: Int) -> Int? {
    guard contentEnd - start >= 3, bytes[contentEnd - 1] >= 0x80 else { return nil }
    let markStart = scalarStart(bytes, atOrBefore: contentEnd - 1, notBefore: start)
    return isLineEndTrimmable(decodeScalar(bytes, at: markStart).0) ? markStart : nil
}

extension TextStyle {
    /// Whether a line that ends in a fullwidth closing mark fits when it fits with that mark set
    /// half as wide (every ``TextSpacingTrim`` but `space-all`: Chromium's `allow-end`).
    var trimsLineEnds: Bool { settings.effectiveTextSpacingTrim.trimsAdjacent }
}

extension LineMeasurer {
    /// The end of a line shaped again with its last mark (at `markStart`) set half as wide: from
    /// the last cluster at or before the mark that is safe to break at, no earlier than the line,
    /// the mark's run or the byte after the last tab before it, up to `contentEnd`.
    func endTrimPiece(markStart: Int, contentEnd: Int) -> Range<Int> {
        let p = paragraph
        var floor = max(start, p.runs[p.run(at: markStart)].range.lowerBound)
        if !p.tabs.isEmpty {
            let t = firstIndex(in: p.tabs, atOrAfter: markStart)
            if t > 0 { floor = max(floor, p.tabs[t - 1] + 1) }
        }
        var k = p.cluster(atOrAfter: markStart)
        if k >= p.clusterCount || p.clusterStarts[k] != markStart { k -= 1 }
        while k > 0, p.clusterUnsafe[k], p.clusterStarts[k] > floor { k -= 1 }
        let pieceStart = k >= 0 ? max(floor, p.clusterStarts[k]) : floor
        return min(pieceStart, markStart)..<contentEnd
    }

    /// The width in pixels of the line from ``start`` to `contentEnd` with its last mark (at
    /// `markStart`) set half as wide, as Chromium measures a line it ends so: the piece of
    /// ``endTrimPiece(markStart:contentEnd:)`` shaped again with the mark trimmed.
    mutating func endTrimmedWidth(markStart: Int, contentEnd: Int) -> Double {
        let piece = endTrimPiece(markStart: markStart, contentEnd: contentEnd)
        return width(to: piece.lowerBound) + reshapedWidth(piece, trimmingEnd: true)
    }
}

extension LineCandidates {
    /// Whether a line whose content ends at `contentEnd` and that ends after segment `segment`
    /// ends right after its content, as Chromium's `allow-end` asks of a line whose last mark it
    /// sets half as wide (it tries the mark only with a break opportunity right after it): not
    /// before a hanging space or tab (`）` then ` 漢`: the break comes after the space) nor before a
    /// hard break (`）` then a preserved newline). At the text's end it does, and there spaces that
    /// collapse (`normal`, `nowrap`, `pre-line`) are gone, so `）` then a space ends it right after
    /// the mark; a space kept (`pre-wrap`) hangs after it. Measured in headless Chromium 156
    /// (Noto Sans CJK JP 17 px at 111 px; ChromiumProfileTests).
    /// A line that is its first segment alone (`isFirstSegment`: no break opportunity before its
    /// end, so the line is cut if its mark is not trimmed) is trimmed before a hanging space too,
    /// where `overflowWrap` may cut it: Chromium 156 holds `件，“/var” ` (no opportunity inside) in a
    /// 120 px upright column, 119 px with `”` trimmed (vertical_vs_chromium.py's `zh-258-w120`), and
    /// at 100 px `（abcdefgh） ` in a line with `）` 8.516 px under `overflow-wrap: anywhere`, 17.016
    /// (overflowing) under `normal`.
    func endsRightAfterContent(_ contentEnd: Int, segment: Int, isFirstSegment: Bool = false) -> Bool {
        if isFirstSegment && style.settings.paragraph.overflowWrap != .normal
            && !(paragraph.segmentEnd(segment) == paragraph.range.end && paragraph.range.endsWithHardBreak) { return true }
        let lineEnd = paragraph.segmentEnd(segment)
        guard lineEnd == paragraph.range.end else { return lineEnd == contentEnd }
        return !paragraph.range.endsWithHardBreak && (lineEnd == contentEnd || style.settings.whiteSpace.collapsesSpaces)
    }

    /// The width of the line from `start` to `contentEnd` (ending after segment `segment`) with
    /// its last mark set half as wide, when the style trims line ends, the line ends in such a
    /// mark and nothing follows the mark before the line's break
    /// (``endsRightAfterContent(_:segment:)``); else nil.
    func endTrimmedWidth(from start: Int, to contentEnd: Int, segment: Int, isFirstSegment: Bool,
                         measurer: inout LineMeasurer) -> Double? {
        guard trimsLineEnds, let mark = lineEndTrimmableMark(bytes, from: start, to: contentEnd),
              endsRightAfterContent(contentEnd, segment: segment, isFirstSegment: isFirstSegment) else { return nil }
        return measurer.endTrimmedWidth(markStart: mark, contentEnd: contentEnd)
    }
}

/// Whether `scalar` is an opening mark that a line's start may set half as wide (Chromium's
/// `MaybeHanKerningOpen`: an opening bracket of the CJK Symbols and Punctuation block or the
/// fullwidth forms, and the opening curly quotes `‘` `“`, trimmed where the font draws them
/// fullwidth).
func isLineStartTrimmable(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0x2018, 0x201C: return true
    case 0x3008...0x301F, 0xFF08...0xFF60: return PunctuationSpacingClass(scalar, placed: .byCharacter) == .open
    default: return false
    }
}

/// Whether the line of `paragraph` that starts at `start` starts with an opening mark trimmed
/// there because the line is wrapped from the one before (under ``TextSpacingTrim/spaceFirst``
/// and ``TextSpacingTrim/trimStart``; a paragraph's first line is trimmed, under `trim-start`, in
/// its shaping). Reads a byte for any other line: every such mark is three bytes past ASCII.
@inline(__always)
func startsTrimmedLine(_ paragraph: PreparedParagraph, bytes: UnsafeBufferPointer<UInt8>, style: TextStyle, at start: Int) -> Bool {
    guard start != paragraph.range.start, start < paragraph.range.end, bytes[start] >= 0xE2,
          style.settings.effectiveTextSpacingTrim.trimsWrappedLineStarts else { return false }
    return isLineStartTrimmable(decodeScalar(bytes, at: start).0)
}
