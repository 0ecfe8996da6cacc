// Clamping a layout to a number of lines: how many it keeps, the last kept line rebuilt with its ellipsis, what is hidden.

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

extension PreparedText {
    /// How many of `lines` a layout keeps: ``ParagraphStyle/lineClamp``, and with
    /// ``ParagraphStyle/truncate`` set, no more than the lines whose bottom is within
    /// `maxContentHeight` (at least one); nil when every line is kept.
    func keptLineCount(_ lines: [Line], maxContentHeight: Double?) -> Int? {
        let paragraphStyle = style.settings.paragraph
        var keep = paragraphStyle.lineClamp ?? lines.count
        if paragraphStyle.truncate != nil, let maxContentHeight {
            let fitting = lines.prefix { $0.top + $0.height <= maxContentHeight + Layout.fitTolerance }.count
            keep = min(keep, max(1, fitting))
        }
        return keep < lines.count ? keep : nil
    }

    /// Clamps `lines` (the whole text laid out at `wrapWidth`) to their first `keep`: the last kept
    /// line shows the ellipsis where text is cut, keeping as many whole grapheme clusters as fit
    /// with it (one more would not), and the lines after it are dropped.
    /// - Throws: ``LayoutError`` when ICU cannot find grapheme boundaries.
    func truncate(_ lines: inout [Line], keeping keep: Int, wrapWidth: Double) throws -> Truncation {
        let last = lines[keep - 1]
        let textEnd = lines[lines.count - 1].utf16Range.upperBound
        var truncation = Truncation(hiddenRange: 0..<0, hiddenLineCount: lines.count - keep, ellipsisLine: keep - 1)
        let line = try bytes.withUnsafeBufferPointer { bytes in
            var cut = TruncationCut(self, line: last, bytes: bytes, wrapWidth: wrapWidth)
            let kept = try cut.kept(at: style.settings.paragraph.truncate ?? .end)
            var offsets = UTF16OffsetCounter(bytes, byteOffset: kept.head.lowerBound, utf16Offset: last.utf16Range.lowerBound)
            let headUTF16 = last.utf16Range.lowerBound..<offsets.utf16(at: kept.head.upperBound)
            let tailUTF16 = kept.tail.map { offsets.utf16(at: $0.lowerBound)..<offsets.utf16(at: $0.upperBound) }
            truncation.hiddenRange = headUTF16.upperBound..<(tailUTF16?.lowerBound ?? textEnd)
            let ellipsisByte = ellipsisFontByte(headEnd: kept.head.upperBound, lineStart: kept.head.lowerBound,
                                                tailStart: kept.tail?.lowerBound, tailEnd: cut.tailParagraph.range.end)
            let parts = [
                builtPart(kept.head, width: kept.headWidth, of: cut.headParagraph, bytes: bytes, utf16Start: headUTF16.lowerBound),
                cut.ellipses.line(at: ellipsisByte, standingFor: truncation.hiddenRange.lowerBound, within: cut.limit),
                kept.tail.flatMap { builtPart($0, width: kept.tailWidth, of: cut.tailParagraph, bytes: bytes, utf16Start: tailUTF16!.lowerBound) },
            ].compactMap { $0 }
            // The line runs from its start to the end of what it shows, the hidden text of a
            // `start` or `middle` cut inside it (as in Pango).
            return ellipsized(last, showing: placingLineAlignedObjects(joined(last.isRightToLeft ? parts.reversed() : parts)),
                              utf16: headUTF16.lowerBound..<(tailUTF16?.upperBound ?? headUTF16.upperBound),
                              bytes: kept.head.lowerBound..<(kept.tail?.upperBound ?? kept.head.upperBound), overflowWidth: cut.overflowWidth)
        }
        lines.removeSubrange(keep - 1..<lines.count)
        lines.append(style.settings.paragraph.textBox.trims ? trimmingTextBox(line, isFirst: keep == 1) : line)
        return truncation
    }

    /// The ellipsis line `line`, the last shown, trimmed by the style's text box as the text's last
    /// line is (Chromium trims the last line a clamp keeps), and as its first when `isFirst`.
    private func trimmingTextBox(_ line: Line, isFirst: Bool) -> Line {
        guard let trimming = style.textBoxTrimming else { return line }
        var line = line
        var baselineOffset = line.baseline - line.top
        trimming.trim(height: &line.height, baselineOffset: &baselineOffset, isFirst: isFirst, isLast: true)
        line.baseline = line.top + baselineOffset
        line.baselineOffset = baselineOffset
        return line
    }

    /// A kept piece of the line (`range` of `paragraph`, `width` wide) built as a line of its own;
    /// nil when it is empty.
    private func builtPart(_ range: Range<Int>, width: Double, of paragraph: PreparedParagraph, bytes: UnsafeBufferPointer<UInt8>,
                           utf16Start: Int) -> BuiltLine? {
        guard !range.isEmpty else { return nil }
        return buildLine(paragraph, LineBreak(start: range.lowerBound, contentEnd: range.upperBound, end: range.upperBound, width: width),
                         bytes: bytes, utf16Start: utf16Start)
    }

    /// `line` rebuilt to show `built` (its kept text and the ellipsis, joined) over `utf16` and
    /// `bytes`: not hyphenated, not ending in a hard break, not justified (the ellipsis ends what
    /// is shown: the line sits at the start).
    private func ellipsized(_ line: Line, showing built: BuiltLine, utf16: Range<Int>, bytes: Range<Int>,
                            overflowWidth: Double) -> Line {
        var line = line
        line.utf16Range = utf16
        line.byteRange = bytes
        line.contentEnd = bytes.upperBound
        line.width = built.drawnWidth
        line.ascent = built.ascent
        line.descent = built.descent
        line.height = built.height
        line.baseline = line.top + built.baselineOffset
        line.endsWithHardBreak = false
        line.endsWithHyphen = false
        line.hasEllipsis = true
        line.isJustified = false
        line.runs = built.runs
        line.overflowWidth = overflowWidth
        return line
    }

    /// `built` with its `top` and `bottom` inline objects placed again in its own line box: each
    /// part was built in its own, which the joined box holds.
    private func placingLineAlignedObjects(_ built: BuiltLine) -> BuiltLine {
        var built = built
        let box = LineBox(above: built.baselineOffset, height: built.height)
        for r in built.runs.indices {
            switch built.runs[r].content {
            case .text: continue
            case .inlineObject(var placed, let around):
                placed.ascent = inlineObjects[placed.index].laidOut(in: style.settings.writingMode).ascent(in: box, font: around, size: built.runs[r].size, profile: style.settings.profile)
                built.runs[r].content = .inlineObject(placed, around: around)
            }
        }
        return built
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
            x += part.drawnWidth
            joined.ascent = max(joined.ascent, part.ascent)
            joined.descent = max(joined.descent, part.descent)
            joined.baselineOffset = max(joined.baselineOffset, part.baselineOffset)
            below = max(below, part.height - part.baselineOffset)
        }
        joined.height = joined.baselineOffset + below
        return joined
    }
}
