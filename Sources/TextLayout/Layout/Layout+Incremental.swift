// Bringing a layout up to date after an edit: re-break from the edited line, stop once lines start where they did before, shift the rest.

extension Layout {
    /// The layout of `prepared` (the result of an edit of this layout's text, described by `edit`)
    /// at the same width and line spacing, made by re-breaking only what the edit can change.
    ///
    /// Lines of paragraphs before the edit are kept; in a single edited paragraph, breaking starts
    /// at the line before the one the edited word starts on (a shorter word may now fit there) and stops
    /// as soon as a line starts where one started before, shifted by the edit; lines after that
    /// are kept, moved by the edit's length and by the change in height. The result equals a full
    /// ``PreparedText/layout(wrapWidth:lineSpace:glyphRuns:)`` of `prepared`, but with balanced or
    /// pretty lines (``ParagraphStyle/textWrap``): then the edited paragraph's lines before the
    /// edit's line are kept and the rest of it is chosen anew from there, to its end.
    /// - Throws: ``LayoutError`` `.invalidArgument` when `edit` does not describe a change of this
    ///   layout's text into `prepared`'s.
    /// - Complexity: O(r + log n) for r lines broken anew in a layout of n lines, and O(a) more
    ///   when the edit changes the height above the a lines after it (their tops are summed again,
    ///   in new arrays); the kept lines are shared with this layout in pieces, and small pieces are
    ///   copied into their neighbours so that a layout edited many times keeps few of them. A
    ///   layout that may hide text (``ParagraphStyle/truncates``: a line clamp or a truncation) is
    ///   laid out again whole: O(n).
    public func updated(for prepared: PreparedText, after edit: TextEdit) throws -> Layout {
        let old = self.prepared
        guard old.byteCount + edit.byteDelta == prepared.byteCount,
              edit.firstParagraph + edit.oldParagraphCount <= old.paragraphs.count,
              prepared.paragraphs.count == old.paragraphs.count - edit.oldParagraphCount + edit.newParagraphCount else {
            throw LayoutError(.invalidArgument, "the edit does not turn this layout's text into the given one")
        }
        if prepared.style.settings.paragraph.truncates || prepared.style.settings.paragraph.textBox.trims {
            // A clamped layout's last line depends on all the text after it, and a trimmed text
            // box's first and last lines on where the text starts and ends: lay it out again.
            return try prepared.layout(wrapWidth: wrapWidth.isFinite ? wrapWidth : nil, lineSpace: lineSpace, glyphRuns: hasGlyphRuns,
                                       maxContentHeight: maxContentHeight)
        }
        // Only the new paragraphs' bytes are read: the other paragraphs' lines are kept.
        let rebroken = try prepared.withBytes(ofParagraphs: edit.firstParagraph..<(edit.firstParagraph + max(1, edit.newParagraphCount))) { bytes in
            edit.oldParagraphCount == 1 && edit.newParagraphCount == 1
                ? try rebreakingEditedParagraph(prepared, after: edit, bytes: bytes)
                : try rebreakingParagraphs(prepared, after: edit, bytes: bytes)
        }
        var kept = LayoutLines.EditBuilder(old: lines)
        kept.keep(0..<rebroken.keptLineCount)
        kept.append(rebroken.lines)
        // The remaining old lines: moved by the edit and by the change in height, shared with this layout.
        kept.appendMoved(from: rebroken.resume, bytes: edit.byteDelta, utf16: edit.utf16Delta, inlineObjects: edit.inlineObjectDelta,
                         paragraphs: edit.newParagraphCount - edit.oldParagraphCount, top: rebroken.top, lineSpace: lineSpace)
        return try Layout(prepared: prepared, wrapWidth: wrapWidth, lineSpace: lineSpace, lines: kept.build(text: prepared.flatText),
                          hasGlyphRuns: hasGlyphRuns)
    }

    /// The lines of `prepared` (this layout's text after `edit`, which edits one paragraph into
    /// one) that replace old ones: broken from the line before the edit's line (a shorter word may
    /// now fit there), and only up to the first line that starts where one started before, shifted
    /// by the edit, when the old lines from there on stay right (their widths are what a fresh layout
    /// measures: see ``ClusterPositions``).
    private func rebreakingEditedParagraph(_ prepared: PreparedText, after edit: TextEdit,
                                           bytes: UnsafeBufferPointer<UInt8>) throws -> RebrokenLines {
        let oldLines = lines
        let first = edit.firstParagraph
        let paragraph = prepared.paragraphs[first]
        let oldParagraph = self.prepared.paragraphs[first]
        let firstOldLine = oldLines.firstLine(ofParagraphAtLeast: first)
        let resume = oldLines.firstLine(ofParagraphAtLeast: first + 1)
        let keepsLinesAbove = prepared.style.settings.paragraph.textWrap != .wrap
        let lineHolding = { (offset: Int) in (firstOldLine..<resume).last { oldLines.byteStart(ofLine: $0) <= offset } ?? firstOldLine }
        let editLine = lineHolding(edit.oldBytes.lowerBound)
        // A word wider than the line is cut over several lines, and which line it starts on depends
        // on its whole width: an edit anywhere in it can let it start on the line before its first
        // (" (abcaa" cut after "(abca" below a line " " fits whole once an "a" is deleted). So
        // re-breaking starts before the line the edited word starts on, not the edit's line.
        let editedWordLine = oldParagraph.segmentCount == 0 ? editLine
            : lineHolding(oldParagraph.segmentStarts[oldParagraph.segment(containing: edit.oldBytes.lowerBound)])
        let startLine = firstRebrokenLine(editLine: keepsLinesAbove ? editLine : editedWordLine, ofParagraphFrom: firstOldLine,
                                          paragraph: paragraph, was: oldParagraph,
                                          keepsLinesAbove: keepsLinesAbove)
        let start = oldLines.byteStart(ofLine: startLine)
        let editEnd = edit.oldBytes.lowerBound + edit.newByteCount
        var candidate = editLine + 1
        var matched: Int?
        // Old lines after the edit keep the widths they were measured with, which depend on
        // their own clusters alone: a fresh layout's (see `ClusterPositions`).
        let mayKeepLinesBelow = !keepsLinesAbove
        let breaks = try breakLines(paragraph, bytes: bytes, style: prepared.style, wrapWidth: wrapWidth, from: start) { newStart in
            guard mayKeepLinesBelow, newStart > editEnd else { return false }
            let oldStart = newStart - edit.byteDelta
            while candidate < resume, oldLines.byteStart(ofLine: candidate) < oldStart { candidate += 1 }
            if candidate < resume, oldLines.byteStart(ofLine: candidate) == oldStart,
               paragraph.tail(from: newStart, matches: oldParagraph, from: oldStart) {
                matched = candidate
                return true
            }
            return false
        }
        var rebroken = RebrokenLines(keptLineCount: startLine, top: top(after: startLine), resume: resume)
        var offsets = UTF16OffsetCounter(bytes, byteOffset: start, utf16Offset: oldLines.line(startLine, withRuns: false).utf16Range.lowerBound)
        prepared.appendLines(breaks, of: paragraph, index: first, endsParagraph: matched == nil, bytes: bytes,
                             offsets: &offsets, top: &rebroken.top, lineSpace: lineSpace, wrapWidth: wrapWidth, glyphRuns: hasGlyphRuns,
                             to: &rebroken.lines)
        if let matched { rebroken.resume = matched }
        return rebroken
    }

    /// The old line of an edited paragraph (its first at `firstOldLine`) that re-breaking starts
    /// at: the line before `editLine` (the line the edited word starts on); with balanced or pretty lines
    /// (`keepsLinesAbove`), the edit's line itself, so that the lines before it stay as they are
    /// while typing (CSS `text-wrap-style: stable`: the result differs from a full layout, which
    /// would weigh the whole paragraph again). The paragraph's first line when `paragraph` (after
    /// the edit) is not prepared as `oldParagraph` was up to there: an edit can change bidi levels,
    /// scripts and break opportunities far before it (a mark typed into a Thai word re-segments
    /// the words before it).
    private func firstRebrokenLine(editLine: Int, ofParagraphFrom firstOldLine: Int, paragraph: PreparedParagraph,
                                   was oldParagraph: PreparedParagraph, keepsLinesAbove: Bool) -> Int {
        let startLine = max(firstOldLine, keepsLinesAbove ? editLine : editLine - 1)
        guard startLine > firstOldLine else { return startLine }
        // The last kept line ended there because the segment after it did not fit, so that
        // segment's start (the end of the width tried) must be a break opportunity as before.
        let keptEnd = lines.byteStart(ofLine: startLine)
        let following = firstIndex(in: oldParagraph.segmentStarts, atOrAfter: keptEnd + 1)
        let nextStart = following < oldParagraph.segmentStarts.count ? oldParagraph.segmentStarts[following] : oldParagraph.range.end
        let checkedEnd = min(nextStart + 1, oldParagraph.range.end, paragraph.range.end)
        let preparedAsBefore = keepsLinesAbove
            // The kept lines need only the text before them prepared as before, and their end
            // still a break opportunity.
            ? paragraph.head(upTo: keptEnd, matches: oldParagraph) && paragraph.isSegmentStart(keptEnd)
            : paragraph.head(upTo: max(keptEnd, checkedEnd), matches: oldParagraph)
        return preparedAsBefore ? startLine : firstOldLine
    }

    /// The lines of `prepared` that replace the old lines of the paragraphs `edit` split or
    /// joined: every new paragraph broken.
    private func rebreakingParagraphs(_ prepared: PreparedText, after edit: TextEdit,
                                      bytes: UnsafeBufferPointer<UInt8>) throws -> RebrokenLines {
        let firstOldLine = lines.firstLine(ofParagraphAtLeast: edit.firstParagraph)
        var rebroken = RebrokenLines(keptLineCount: firstOldLine, top: top(after: firstOldLine),
                                     resume: lines.firstLine(ofParagraphAtLeast: edit.firstParagraph + edit.oldParagraphCount))
        let anchor = lines.line(firstOldLine, withRuns: false)
        var offsets = UTF16OffsetCounter(bytes, byteOffset: anchor.byteRange.lowerBound, utf16Offset: anchor.utf16Range.lowerBound)
        for index in edit.firstParagraph..<(edit.firstParagraph + edit.newParagraphCount) {
            let paragraph = prepared.paragraphs[index]
            let breaks = try breakLines(paragraph, bytes: bytes, style: prepared.style, wrapWidth: wrapWidth)
            prepared.appendLines(breaks, of: paragraph, index: index, endsParagraph: true, bytes: bytes,
                                 offsets: &offsets, top: &rebroken.top, lineSpace: lineSpace, wrapWidth: wrapWidth, glyphRuns: hasGlyphRuns,
                                 to: &rebroken.lines)
        }
        return rebroken
    }

    /// The top of the line after the first `count` lines, as a layout sums it (0 for none).
    private func top(after count: Int) -> Double {
        guard count > 0 else { return 0 }
        let last = lines.line(count - 1, withRuns: false)
        return last.top + (last.height + lineSpace)
    }
}

/// What an edit's relayout breaks anew: the old lines kept before (the first `keptLineCount`), the
/// new lines, the top of the line after them, and the first old line kept after them (`resume`).
private struct RebrokenLines {
    var keptLineCount: Int
    var lines: [Line] = []
    var top: Double
    var resume: Int
}

extension PreparedParagraph {
    /// Whether this paragraph from byte `start` on is prepared exactly as `other` from `otherStart`
    /// on (the same text after an edit before it): the same break opportunities, runs and glyphs,
    /// so old lines from there on stay right. Shaping and itemization can reach back past an edit
    /// (a space takes the script of the text before it), so equal text is not enough.
    func tail(from start: Int, matches other: PreparedParagraph, from otherStart: Int) -> Bool {
        let delta = start - otherStart
        // An edit can change the paragraph's direction (its first strong letter): that moves the
        // whitespace at every line's end to the other level (UAX #9 L1), however far away.
        guard range.end - start == other.range.end - otherStart, bidi.paragraphLevel == other.bidi.paragraphLevel else { return false }
        let segment = firstIndex(in: segmentStarts, atOrAfter: start)
        let otherSegment = firstIndex(in: other.segmentStarts, atOrAfter: otherStart)
        guard segmentStarts.count - segment == other.segmentStarts.count - otherSegment,
              zip(segmentStarts[segment...], other.segmentStarts[otherSegment...]).allSatisfy({ $0 == $1 + delta }),
              zip(contentEnds[max(0, segment - 1)...], other.contentEnds[max(0, otherSegment - 1)...]).allSatisfy({ $0 == $1 + delta })
        else { return false }
        let run = self.run(at: start)
        let otherRun = other.run(at: otherStart)
        guard runs.count - run == other.runs.count - otherRun,
              zip(runs[run...], other.runs[otherRun...]).allSatisfy({ a, b in
                  a.isShapedAlike(b) && a.range.upperBound == b.range.upperBound + delta
              }) else { return false }
        let glyph = clusterFirstGlyph[cluster(atOrAfter: start)]
        let otherGlyph = other.clusterFirstGlyph[other.cluster(atOrAfter: otherStart)]
        guard glyphs.count - glyph == other.glyphs.count - otherGlyph else { return false }
        let d32 = Int32(delta)
        return zip(glyphs[glyph...], other.glyphs[otherGlyph...]).allSatisfy { a, b in
            var shifted = b
            shifted.cluster += d32
            return a == shifted
        }
    }
}

extension PreparedParagraph {
    /// Whether this paragraph before byte `end` is prepared exactly as `other` before it (the same
    /// paragraph before an edit at or after `end`): the same break opportunities, runs and glyphs,
    /// so old lines before `end` stay right. The text there is the same, but a neutral character
    /// takes its direction from the strong text after it (UAX #9 N1, N2) and leading digits and
    /// punctuation the script of the first letter after them, however far away the edit is.
    func head(upTo end: Int, matches other: PreparedParagraph) -> Bool {
        // A paragraph grown from `other` by appending is prepared as it was before the point shaping restarted.
        if end <= grownFromHeadEnd, let grownFrom, grownFrom === other { return true }
        guard range.start == other.range.start, end <= range.end, end <= other.range.end,
              bidi.paragraphLevel == other.bidi.paragraphLevel else { return false }
        let segments = firstIndex(in: segmentStarts, atOrAfter: end)
        guard segments == firstIndex(in: other.segmentStarts, atOrAfter: end),
              zip(segmentStarts[..<segments], other.segmentStarts[..<segments]).allSatisfy({ $0 == $1 }) else { return false }
        let mine = runs.prefix { $0.range.lowerBound < end }
        let theirs = other.runs.prefix { $0.range.lowerBound < end }
        guard mine.count == theirs.count,
              zip(mine, theirs).allSatisfy({ a, b in
                  a.isShapedAlike(b) && a.range.lowerBound == b.range.lowerBound && min(a.range.upperBound, end) == min(b.range.upperBound, end)
              }) else { return false }
        let glyph = clusterFirstGlyph[cluster(atOrAfter: end)]
        guard glyph == other.clusterFirstGlyph[other.cluster(atOrAfter: end)] else { return false }
        return glyphs[..<glyph] == other.glyphs[..<glyph]
    }
}

extension Line {
    /// Moves the line's offsets by an edit before it, and the indices of its inline objects by
    /// the objects the edit added or removed.
    mutating func shift(bytes: Int, utf16: Int, inlineObjects: Int) {
        byteRange = (byteRange.lowerBound + bytes)..<(byteRange.upperBound + bytes)
        contentEnd += bytes
        utf16Range = (utf16Range.lowerBound + utf16)..<(utf16Range.upperBound + utf16)
        guard utf16 != 0 || inlineObjects != 0 else { return }
        for r in runs.indices {
            runs[r].utf16Range = (runs[r].utf16Range.lowerBound + utf16)..<(runs[r].utf16Range.upperBound + utf16)
            for g in runs[r].glyphs.indices { runs[r].glyphs[g].cluster += utf16 }
            switch runs[r].content {
            case .text: break
            case .inlineObject(var placed, let around):
                placed.index += inlineObjects
                runs[r].content = .inlineObject(placed, around: around)
            }
        }
    }
}
