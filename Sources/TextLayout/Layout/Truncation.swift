// Clamping a layout to a number of lines: which grapheme clusters the last kept line keeps, the ellipsis it shows, what is hidden.

/// What a clamped layout hides (see ``ParagraphStyle/lineClamp``): one range of the text, the
/// lines it would have taken, and the line that shows the ellipsis in its place.
public struct Truncation: Sendable, Equatable {
    /// The hidden text, in UTF-16 offsets: from the cut to the text's end (`end`), or from the
    /// last kept line's start to the kept tail (`start`), or between the kept head and tail (`middle`).
    public var hiddenRange: Range<Int>
    /// The number of lines the text has unclamped, less the lines kept: what a "Show more" hides.
    public var hiddenLineCount: Int
    /// The index of the line that shows the ellipsis: the last kept line.
    public var ellipsisLine: Int
}

extension Layout {
    /// The ellipsis' box in the content box: its glyph run's x from where its line starts
    /// (``lineOrigin(_:)``) and its advance, the line's top and height. Nil when nothing is hidden.
    public var ellipsisRect: LayoutRect? {
        guard let truncation else { return nil }
        let line = lines[truncation.ellipsisLine]
        guard let run = line.runs.first(where: \.isEllipsis) else { return nil }
        return LayoutRect(x: lineOrigin(line) + run.x, y: line.top, width: run.width, height: line.height)
    }
}

/// One place the text may be cut at: a grapheme boundary and the width of the line's text up to
/// it, in logical order (the kept tail of a `start` or `middle` cut is measured from its end).
private struct CutPoint {
    var byte: Int
    var x: Double
}

extension PreparedText {
    /// How many of `lines` a layout keeps: ``ParagraphStyle/lineClamp``, and with
    /// ``ParagraphStyle/truncate`` set, no more than the lines whose bottom is within
    /// `maxContentHeight` (at least one); nil when every line is kept.
    func keptLineCount(_ lines: [Line], maxContentHeight: Double?) -> Int? {
        let paragraphStyle = style.paragraph
        var keep = paragraphStyle.lineClamp ?? lines.count
        if paragraphStyle.truncate != nil, let maxContentHeight {
            let fitting = lines.prefix { $0.top + $0.height <= maxContentHeight + Layout.fitTolerance }.count
            keep = min(keep, max(1, fitting))
        }
        return keep < lines.count ? keep : nil
    }

    /// Clamps `lines` (the whole text laid out at `maxWidth`) to their first `keep`: the last kept
    /// line shows the ellipsis where text is cut, keeping as many whole grapheme clusters as fit
    /// with it (one more would not), and the lines after it are dropped.
    /// - Throws: ``LayoutError`` when ICU cannot find grapheme boundaries.
    func truncate(_ lines: inout [Line], keeping keep: Int, maxWidth: Double) throws -> Truncation {
        let position = style.paragraph.truncate ?? .end
        let last = lines[keep - 1]
        let hiddenLineCount = lines.count - keep
        let textEnd = lines[lines.count - 1].utf16Range.upperBound
        let limit = style.paragraph.availableWidth(maxWidth, isFirstLine: last.byteRange.lowerBound == paragraphs[last.paragraph].range.start)
            + Layout.fitTolerance
        var truncation = Truncation(hiddenRange: 0..<0, hiddenLineCount: hiddenLineCount, ellipsisLine: keep - 1)
        try bytes.withUnsafeBufferPointer { bytes in
            let headParagraph = paragraphs[last.paragraph]
            let tailParagraph = paragraphs[paragraphs.count - 1]
            let start = last.byteRange.lowerBound
            var ellipses = EllipsisShapes(prepared: self, rightToLeft: last.isRightToLeft)
            // The head: the line's text from its start, as far as its paragraph goes.
            var head = [CutPoint(byte: start, x: 0)]
            var headMeasurer = LineMeasurer(headParagraph, bytes: bytes, style: style, start: start)
            // The tail: the text's last paragraph, each cut measured to its end (a `start` or `middle` cut).
            var tail: [CutPoint] = []
            let tailStart = headParagraph.range.start == tailParagraph.range.start ? start : tailParagraph.range.start
            var cut = (head: 0, tail: 0)
            // The narrowest cut tried that did not fit: the cuts are tried in one order
            // whatever the width, so the cut stays the same up to that width (the line's
            // overflowWidth, for ``Layout/stableWidthRange``).
            var overflowWidth = Double.infinity
            func fits(_ headIndex: Int, _ tailIndex: Int?) -> Bool {
                let headWidth = head[headIndex].x
                let tailWidth = tailIndex.map { tail[$0].x } ?? 0
                let fontByte = ellipsisFontByte(head: head[headIndex].byte, start: start,
                                                tail: tailIndex.map { tail[$0].byte }, tailEnd: tailParagraph.range.end)
                let width = headWidth + tailWidth + ellipses.width(at: fontByte)
                if width > limit { overflowWidth = min(overflowWidth, width) }
                return width <= limit
            }
            switch position {
            case .end:
                for boundary in try graphemeBoundaries(headParagraph, bytes, from: start) {
                    head.append(CutPoint(byte: boundary, x: headMeasurer.width(to: boundary)))
                    guard fits(head.count - 1, nil) else { head.removeLast(); break }
                }
                cut.head = head.count - 1
            case .start, .middle:
                if position == .middle {
                    for boundary in try graphemeBoundaries(headParagraph, bytes, from: start)
                        where boundary <= (tailStart == start ? tailParagraph.range.end : headParagraph.range.end) {
                        head.append(CutPoint(byte: boundary, x: headMeasurer.width(to: boundary)))
                    }
                }
                let tailEnd = tailParagraph.range.end
                tail = try ([tailStart] + graphemeBoundaries(tailParagraph, bytes, from: tailStart)).map { boundary in
                    var measurer = LineMeasurer(tailParagraph, bytes: bytes, style: style, start: boundary)
                    return CutPoint(byte: boundary, x: measurer.width(to: tailEnd))
                }
                cut = position == .start ? startCut(tail: tail, sameParagraph: tailStart == start, fits: { fits(0, $0) })
                    : middleCut(head: head, tail: tail, sameParagraph: tailStart == start, fits: fits)
            }
            if headParagraph.range.start == tailParagraph.range.start {
                // In the last paragraph, a width that holds the rest of it on this line hides nothing.
                var measurer = LineMeasurer(headParagraph, bytes: bytes, style: style, start: start)
                let contentEnd = max(start, headParagraph.contentEnds[headParagraph.segmentCount - 1])
                overflowWidth = min(overflowWidth, measurer.width(to: contentEnd))
            }
            let keptHead = start..<head[cut.head].byte
            let keptTail = tail.isEmpty ? nil : tail[cut.tail].byte..<tailParagraph.range.end
            let ellipsisByte = ellipsisFontByte(head: keptHead.upperBound, start: start, tail: keptTail?.lowerBound,
                                                tailEnd: tailParagraph.range.end)
            var offsets = UTF16OffsetCounter(bytes, byteOffset: start, utf16Offset: last.utf16Range.lowerBound)
            let headUTF16 = last.utf16Range.lowerBound..<offsets.utf16(at: keptHead.upperBound)
            let tailUTF16 = keptTail.map { offsets.utf16(at: $0.lowerBound)..<offsets.utf16(at: $0.upperBound) }
            truncation.hiddenRange = headUTF16.upperBound..<(tailUTF16?.lowerBound ?? textEnd)
            let parts = [
                keptHead.isEmpty ? nil : buildLine(headParagraph, LineBreak(start: keptHead.lowerBound, contentEnd: keptHead.upperBound,
                                                                             end: keptHead.upperBound, width: head[cut.head].x),
                                                   bytes: bytes, utf16Start: headUTF16.lowerBound),
                ellipses.line(at: ellipsisByte, standingFor: truncation.hiddenRange.lowerBound, within: limit),
                keptTail.flatMap { range in
                    range.isEmpty ? nil : buildLine(tailParagraph, LineBreak(start: range.lowerBound, contentEnd: range.upperBound,
                                                                             end: range.upperBound, width: tail[cut.tail].x),
                                                    bytes: bytes, utf16Start: tailUTF16!.lowerBound)
                },
            ].compactMap { $0 }
            let built = joined(last.isRightToLeft ? parts.reversed() : parts)
            let byteEnd = keptTail?.upperBound ?? keptHead.upperBound
            var line = last
            // The line runs from its start to the end of what it shows, the hidden text of a
            // `start` or `middle` cut inside it (as in Pango).
            line.utf16Range = headUTF16.lowerBound..<(tailUTF16?.upperBound ?? headUTF16.upperBound)
            line.byteRange = start..<byteEnd
            line.contentEnd = byteEnd
            line.width = built.runs.reduce(0) { $0 + $1.width }
            line.ascent = built.ascent
            line.descent = built.descent
            line.height = built.height
            line.baseline = line.top + built.baselineOffset
            line.endsWithHardBreak = false
            line.endsWithHyphen = false
            line.hasEllipsis = true
            // The ellipsis ends what is shown: the line is not stretched, it sits at the start.
            line.isJustified = false
            line.runs = built.runs
            line.overflowWidth = overflowWidth
            lines.removeSubrange(keep - 1..<lines.count)
            lines.append(line)
        }
        return truncation
    }

    /// The byte whose font the ellipsis takes: the last kept character before it, or the first
    /// kept one after it when nothing is kept before (a `start` cut), or the line's start.
    private func ellipsisFontByte(head: Int, start: Int, tail: Int?, tailEnd: Int) -> Int {
        if head > start { return head - 1 }
        if let tail, tail < tailEnd { return tail }
        return start
    }

    /// The `start` cut: the shortest tail that fits with the ellipsis (one more cluster would not).
    private func startCut(tail: [CutPoint], sameParagraph: Bool, fits: (Int) -> Bool) -> (head: Int, tail: Int) {
        // In one paragraph the first cut point is the line's own start: keeping all from there
        // would hide nothing, so at least its first cluster goes.
        let first = sameParagraph ? min(1, tail.count - 1) : 0
        var index = tail.count - 1
        while index > first, fits(index - 1) { index -= 1 }
        return (0, index)
    }

    /// The `middle` cut, as Pango makes it: a gap from the cluster at the middle of the line's
    /// width, widened one cluster at a time on the side that keeps it nearer centred, until the
    /// head and tail fit with the ellipsis. Head cut points run from the line's start; tail cut
    /// points are measured to the text's end. In one paragraph a head and a tail cut point at the
    /// same byte are the same place; across paragraphs the paragraph breaks between are always hidden.
    private func middleCut(head: [CutPoint], tail: [CutPoint], sameParagraph: Bool,
                           fits: (Int, Int?) -> Bool) -> (head: Int, tail: Int) {
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
    private func graphemeBoundaries(_ paragraph: PreparedParagraph, _ bytes: UnsafeBufferPointer<UInt8>,
                                    from start: Int) throws -> [Int] {
        let end = paragraph.range.end
        guard start < end else { return [] }
        var found = try boundaries(.grapheme, in: bytes, range: start..<end).filter { $0 > start && $0 < end }
        found.append(end)
        return found
    }

    /// Built pieces of one line, in visual order, as one: their runs placed one after the other,
    /// the line's metrics the largest of theirs.
    private func joined(_ parts: [BuiltLine]) -> BuiltLine {
        var joined = BuiltLine(runs: [], ascent: 0, descent: 0, height: 0, baselineOffset: 0)
        var below = 0.0
        var x = 0.0
        for part in parts {
            for var run in part.runs {
                run.x += x
                joined.runs.append(run)
            }
            x += part.runs.reduce(0) { $0 + $1.width }
            joined.ascent = max(joined.ascent, part.ascent)
            joined.descent = max(joined.descent, part.descent)
            joined.baselineOffset = max(joined.baselineOffset, part.baselineOffset)
            below = max(below, part.height - part.baselineOffset)
        }
        joined.height = joined.baselineOffset + below
        return joined
    }
}

/// The ellipsis shaped in the font and size of the text at a byte, with fallback fonts for what
/// that font lacks, and the attributes of the styled span there; shaped once per run of the text.
private struct EllipsisShapes {
    let prepared: PreparedText
    let rightToLeft: Bool
    private var shaped: [String: (line: Line, attributes: [String: String])] = [:]

    init(prepared: PreparedText, rightToLeft: Bool) {
        self.prepared = prepared
        self.rightToLeft = rightToLeft
    }

    /// The ellipsis' advance in the font of the text at `byte`.
    mutating func width(at byte: Int) -> Double {
        shape(at: byte, prepared.style.paragraph.ellipsis).line.width
    }

    /// The ellipsis as a piece of a line in the font of the text at `byte`: its glyphs generated
    /// (they stand for no character), each with cluster `hiddenStart` (the hidden text's start).
    /// An ellipsis wider than `limit` is cut to its first grapheme cluster.
    mutating func line(at byte: Int, standingFor hiddenStart: Int, within limit: Double) -> BuiltLine {
        var (line, attributes) = shape(at: byte, prepared.style.paragraph.ellipsis)
        if line.width > limit, let first = prepared.style.paragraph.ellipsis.first {
            line = shape(at: byte, String(first)).line
        }
        let runs = line.runs.map { run in
            var run = run
            run.isEllipsis = true
            run.utf16Range = hiddenStart..<hiddenStart
            run.attributes = attributes
            run.glyphs = run.glyphs.map { glyph in
                var glyph = glyph
                glyph.cluster = hiddenStart
                glyph.isGenerated = true
                return glyph
            }
            return run
        }
        return BuiltLine(runs: runs, ascent: line.ascent, descent: line.descent, height: line.height,
                         baselineOffset: line.baseline - line.top)
    }

    /// `ellipsis` (the whole ellipsis or its first cluster) shaped in the font of the text at `byte`.
    private mutating func shape(at byte: Int, _ ellipsis: String) -> (line: Line, attributes: [String: String]) {
        let paragraphIndex = prepared.paragraphs.lastIndex { $0.range.start <= byte } ?? 0
        let paragraph = prepared.paragraphs[paragraphIndex]
        let runIndex = paragraph.runs.isEmpty ? -1 : paragraph.run(at: min(byte, paragraph.runs[paragraph.runs.count - 1].range.upperBound - 1))
        let key = "\(paragraphIndex) \(runIndex) \(ellipsis.count)"
        if let known = shaped[key] { return known }
        let font = runIndex >= 0 ? paragraph.runs[runIndex].font : prepared.style.font
        let size = runIndex >= 0 ? paragraph.runs[runIndex].size : prepared.style.size
        let attributes = prepared.resolvedSpans.first { $0.bytes.contains(byte) }?.index.map { prepared.spans[$0].attributes } ?? [:]
        // The style is the text's own with its line-height model but no clamp, so the ellipsis'
        // box is measured as the text's are and the ellipsis is never clamped itself.
        let line: Line
        do {
            let paragraph = ParagraphStyle(lineHeight: prepared.style.paragraph.lineHeight, strut: prepared.style.paragraph.strut)
            let style = try TextStyle(font: font, size: size, direction: rightToLeft ? .rtl : .ltr,
                                      language: prepared.style.language, lineBreak: prepared.style.lineBreak, paragraph: paragraph)
            line = try PreparedText(ellipsis, style: style).layout().lines[0]
        } catch {
            // The text's own font and size passed these checks already; only an ellipsis ICU
            // cannot analyse could fail, and then none is shown.
            line = Line(utf16Range: 0..<0, width: 0, ascent: 0, descent: 0, height: 0, top: 0, baseline: 0,
                        endsWithHardBreak: false, endsWithHyphen: false, isRightToLeft: rightToLeft, runs: [],
                        paragraph: 0, byteRange: 0..<0, contentEnd: 0, text: "", overflowWidth: .infinity, baselineOffset: 0)
        }
        shaped[key] = (line, attributes)
        return (line, attributes)
    }
}
