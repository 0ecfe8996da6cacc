// Widths around a layout: the range of wrap widths that keeps its breaks, the narrowest width that keeps its line count (shrink-wrap), and the text's min-content and max-content widths.

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

/// A text's intrinsic widths, as CSS sizes a box by its content (`width: min-content`,
/// `max-content`) for the engine's line model (`white-space: pre-wrap; overflow-wrap: anywhere`):
/// see ``PreparedText/intrinsicWidths()``.
public struct IntrinsicWidths: Sendable, Hashable {
    /// The narrowest wrap width at which no line overflows: the widest piece no break opportunity
    /// splits. Under `overflow-wrap: anywhere` every grapheme cluster boundary is one, so it is the
    /// widest grapheme cluster or inline object (with the first line's indent), spaces that hang at
    /// a line's end left out.
    public var minContent: Double
    /// The widest paragraph laid out on one line (only hard breaks break), with its indent and
    /// with the spaces at its end: they hang when a line wraps, but a box as wide as its text
    /// holds them (as Chromium sizes `width: max-content` under `white-space: pre-wrap`).
    public var maxContent: Double

    public init(minContent: Double, maxContent: Double) {
        self.minContent = minContent
        self.maxContent = maxContent
    }
}

extension PreparedText {
    /// The wrap width the min-content lines are found at: narrower than any piece that has width,
    /// so each line takes one piece no break opportunity splits (and what hangs or has no width).
    static let minContentProbeWidth = Layout.fitTolerance

    /// The text's min-content and max-content widths (``IntrinsicWidths``): the widest line when
    /// every line takes as little as the breaking rules allow (at most one grapheme cluster, or
    /// object, beyond what has no width or hangs, and more only where the rules forbid a break
    /// inside it), and the widest line when only hard breaks break, with the spaces at its end.
    /// Both are found by the line breaker itself over the prepared widths (no glyph runs; only
    /// the pieces at line edges HarfBuzz marks unsafe to break are shaped again), so a layout at
    /// `minContent` overflows no line and one at `maxContent` lays each paragraph on one line. A
    /// line clamp or truncation does not narrow them (its lines are not clamped); with an indent,
    /// the first line of a paragraph counts with it.
    /// - Complexity: O(n) in the text's prepared segments: two passes of the line breaker, no
    ///   search over widths.
    public func intrinsicWidths() throws -> IntrinsicWidths {
        let profile = style.settings.profile
        // Under white-space nowrap and pre only hard breaks break: min-content is max-content.
        guard style.settings.whiteSpace.wraps else {
            let maxContent = style.settings.boxWidth(holding: try maxContentWidth())
            return IntrinsicWidths(minContent: maxContent, maxContent: maxContent)
        }
        let countsCuts = style.settings.paragraph.overflowWrap == .anywhere
        let minContent = switch profile.minContentPieces {
        case .laidOut: try widestPieceLaidOut()
        case .shapedInContext: countsCuts ? widestClusterShapedInContext() : try widestWordShapedInContext()
        }
        let maxContent = try maxContentWidth()
        return IntrinsicWidths(minContent: style.settings.boxWidth(holding: minContent), maxContent: style.settings.boxWidth(holding: maxContent))
    }

    /// The widest HarfBuzz cluster by its advance as shaped in its paragraph (``MinContentPieces/shapedInContext``),
    /// with the indent of its line if it were the only piece on it; whitespace that hangs (and tabs) left out.
    /// A piece runs over several HarfBuzz clusters where a conjunct continues across them
    /// (``continuesConjunct(at:in:)``).
    private func widestClusterShapedInContext() -> Double {
        let paragraphStyle = style.settings.paragraph
        let autospaces = style.autospaces
        var widest = 0.0
        bytes.withUnsafeBufferPointer { bytes in
            for paragraph in paragraphs {
                var segment = 0
                var cluster = 0
                while cluster < paragraph.clusterCount {
                    let start = paragraph.clusterStarts[cluster]
                    var end = cluster + 1
                    while end < paragraph.clusterCount, Self.continuesConjunct(at: paragraph.clusterStarts[end], in: bytes) { end += 1 }
                    while segment + 1 < paragraph.segmentCount, paragraph.segmentStarts[segment + 1] <= start { segment += 1 }
                    if start < paragraph.contentEnds[segment] {
                        var width = paragraph.width(fromCluster: cluster, to: end) + paragraphStyle.indent(isFirstLine: cluster == 0)
                        if autospaces {
                            // The space `text-autospace` put before the next piece ends no piece alone on its line.
                            width -= paragraph.autospaceAtLineEnd(bytes, at: end < paragraph.clusterCount ? paragraph.clusterStarts[end] : paragraph.range.end,
                                                                  style: style)
                        }
                        widest = max(widest, width)
                    }
                    cluster = end
                }
            }
        }
        return widest
    }

    /// The widest piece between break opportunities (a word, its hanging whitespace left out) by
    /// its advances as shaped in its paragraph, in whole layout units a run of one bidi level as
    /// Chromium adds its items, with its line's indent if it were the only piece on it: the
    /// ``MinContentPieces/shapedInContext`` min-content width when a word's cuts do not count
    /// (``OverflowWrap/normal`` and ``OverflowWrap/breakWord``). A piece that ends where a line
    /// would show a hyphen (a soft hyphen, a point of `hyphens: auto`) counts the hyphen, shaped
    /// alone and rounded up as an item of its own, as Chromium adds it: `ab` then a soft hyphen is
    /// 1,751/64 px in DejaVu Sans at 17 px (the word's 1,357.34 and the hyphen's 392.59 each
    /// rounded up; together they would make 1,750), and the word keeps its advances as shaped
    /// before the soft hyphen (`AV` 1,789/64, its `V` kerned against it). Under
    /// ``LineStartBreaks/fromLineStart`` a word ends at the first opportunity found from its start
    /// (``lineStartBreaks(_:from:in:style:)``), as a line of its own would.
    private func widestWordShapedInContext() throws -> Double {
        let paragraphStyle = style.settings.paragraph
        let autospaces = style.autospaces
        let findsWordsFromStart = style.settings.profile.lineStartBreaks == .fromLineStart
        var widest = 0.0
        try bytes.withUnsafeBufferPointer { bytes in
            for paragraph in paragraphs {
                var segment = 0
                var start = paragraph.range.start
                while segment < paragraph.segmentCount {
                    // The word from `start`: to its segment's content end, or to the first
                    // opportunity found from it; and where the next one starts.
                    var end = paragraph.contentEnds[segment]
                    var ending: Int? = segment
                    var next = (start: paragraph.segmentEnd(segment), segment: segment + 1)
                    if findsWordsFromStart,
                       let found = try lineStartBreaks(bytes, from: start, in: paragraph.range.start..<paragraph.range.end, style: style) {
                        if let first = found.breaks.first {
                            (end, ending, next) = (first, nil, (first, paragraph.segment(containing: first)))
                        } else {
                            let kept = paragraph.firstSegment(from: segment, endingAtOrPast: found.end)
                            (end, ending, next) = (paragraph.contentEnds[kept], kept, (paragraph.segmentEnd(kept), kept + 1))
                        }
                    }
                    if end > start {
                        var width = Self.widthInUnitsByDirection(paragraph, from: start, to: end, settings: style.settings)
                        if let ending, let hyphen = hyphenEnding(paragraph, bytes, segment: ending, from: start) {
                            let measurer = LineMeasurer(paragraph, bytes: bytes, style: style, start: start)
                            width += style.settings.boxWidth(holding: measurer.reshapedWidth(hyphen.lowerBound..<hyphen.lowerBound, hyphenAt: hyphen))
                        } else if autospaces {
                            // The space `text-autospace` put before the next word ends no word alone on its line.
                            width -= paragraph.autospaceAtLineEnd(bytes, at: end, style: style)
                        }
                        widest = max(widest, width + paragraphStyle.indent(isFirstLine: start == paragraph.range.start))
                    }
                    (start, segment) = next
                }
            }
        }
        return widest
    }

    /// The width of `start..<end` of `paragraph` (whole clusters, at safe breaks) as the sum of
    /// its runs of one bidi level, each rounded up to whole layout units (``TextSettings/boxWidth(holding:)``):
    /// Chromium adds up a line's items in whole layout units, and a run of digits in right-to-left
    /// text is an item of its own.
    static func widthInUnitsByDirection(_ paragraph: PreparedParagraph, from start: Int, to end: Int, settings: TextSettings) -> Double {
        var total = 0.0
        var itemStart = start
        var level: UInt8?
        func addItem(upTo itemEnd: Int) {
            guard itemEnd > itemStart else { return }
            let width = paragraph.width(fromCluster: paragraph.cluster(atOrAfter: itemStart), to: paragraph.cluster(atOrAfter: itemEnd))
            total += settings.boxWidth(holding: width)
            itemStart = itemEnd
        }
        for run in paragraph.runs where run.range.upperBound > start && run.range.lowerBound < end {
            if let level, level != run.level { addItem(upTo: max(run.range.lowerBound, start)) }
            level = run.level
        }
        addItem(upTo: end)
        return total
    }

    /// Whether the consonant at `offset` continues a grapheme cluster across a virama before it
    /// (Unicode 15.1's rule GB9c: a consonant, a linker such as U+094D, a consonant, of
    /// Devanagari, Bengali, Gujarati, Oriya, Telugu or Malayalam, a ZWJ or nukta between them
    /// allowed), as the browser's segmentation has it: one piece for min-content.
    static func continuesConjunct(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard offset + 2 < bytes.count, offset >= 3, bytes[offset] == 0xE0 else { return false }
        // Each scalar of these blocks is three bytes: E0 A4..B5 xx.
        func scalar(at i: Int) -> UInt32? {
            guard i >= 0, i + 2 < bytes.count, bytes[i] == 0xE0 || bytes[i] == 0xE2 else { return nil }
            return (UInt32(bytes[i] & 0x0F) << 12) | (UInt32(bytes[i + 1] & 0x3F) << 6) | UInt32(bytes[i + 2] & 0x3F)
        }
        guard let consonant = scalar(at: offset) else { return false }
        let block = consonant & ~0x7F
        let linker = block + 0x4D
        guard [0x0900, 0x0980, 0x0A80, 0x0B00, 0x0C00, 0x0D00].contains(block),
              (block + 0x15...block + 0x39).contains(consonant) || (block + 0x58...block + 0x5F).contains(consonant) else { return false }
        var before = offset - 3
        while let previous = scalar(at: before), previous == 0x200D || previous == block + 0x3C { before -= 3 }
        return scalar(at: before) == linker
    }

    /// The widest line at no width limit (a paragraph a line), measured to its end: the spaces
    /// that hang at its end counted, with its indent.
    private func maxContentWidth() throws -> Double {
        let found = try foundLines(wrapWidth: .infinity, lineSpace: 0)
        let paragraphStyle = style.settings.paragraph
        return bytes.withUnsafeBufferPointer { bytes in
            found.reduce(0.0) { widest, line in
                let lineBreak = line.lineBreak
                let indent = paragraphStyle.indent(isFirstLine: lineBreak.start == paragraphs.start(of: line.paragraph).bytes)
                let paragraph = paragraphs[line.paragraph]
                if style.settings.profile.layoutUnit != nil, paragraph.tabs.isEmpty {
                    return max(widest, Self.widthInUnitsByDirection(paragraph, from: lineBreak.start, to: lineBreak.end, settings: style.settings) + indent)
                }
                guard lineBreak.end > lineBreak.contentEnd else { return max(widest, line.width + indent) }
                var measurer = LineMeasurer(paragraphs[line.paragraph], bytes: bytes, style: style, start: lineBreak.start)
                return max(widest, max(line.width, measurer.width(to: lineBreak.end)) + indent)
            }
        }
    }

    /// The widest line when each takes one piece (``MinContentPieces/laidOut``): the greedy
    /// breaker at ``minContentProbeWidth`` without the indent (which would leave it no room),
    /// each line's indent added after. A piece is a grapheme cluster under ``OverflowWrap/anywhere``,
    /// a word under the other modes (their cuts do not count: CSS Text 3 §5.5).
    private func widestPieceLaidOut() throws -> Double {
        var flat = style.settings
        flat.paragraph.indent = 0
        flat.paragraph.textWrap = .wrap
        if flat.paragraph.overflowWrap == .breakWord { flat.paragraph.overflowWrap = .normal }
        let unindented = try TextStyle(fonts: style.fonts, settings: flat)
        let paragraphStyle = style.settings.paragraph
        var widest = 0.0
        try bytes.withUnsafeBufferPointer { bytes in
            for paragraph in paragraphs {
                var isFirstLine = true
                try forEachLine(paragraph, bytes: bytes, style: unindented, wrapWidth: Self.minContentProbeWidth) { line in
                    widest = max(widest, max(0, line.width) + paragraphStyle.indent(isFirstLine: isFirstLine))
                    isFirstLine = false
                    return true
                }
            }
        }
        return widest
    }
}

extension Layout {
    /// The intrinsic widths of this layout's text (``PreparedText/intrinsicWidths()``): they do
    /// not depend on its wrap width.
    /// - Complexity: O(n) in the text's prepared segments.
    public func intrinsicWidths() throws -> IntrinsicWidths {
        try prepared.intrinsicWidths()
    }
}
