// The line model's invariants of a clamped layout (its line count, its ellipsis line, what it hides), checked with the others (`Layout._checkInvariants()`).

extension Layout {
    /// Checks the line count against the clamp: no more lines than ``ParagraphStyle/lineClamp``;
    /// a truncation only where the paragraph style truncates, on the last line, hiding at least
    /// one line's worth of text.
    func checkLineCount(fail: (@autoclosure () -> String) -> Void) {
        let style = prepared.style.settings.paragraph
        if let clamp = style.lineClamp, lines.count > clamp {
            fail("the layout has \(lines.count) lines, over its lineClamp of \(clamp)")
        }
        guard let truncation else { return }
        if !style.truncates { fail("the layout hides text, but its paragraph style sets neither lineClamp nor truncate") }
        if truncation.ellipsisLine != lines.count - 1 {
            fail("the ellipsis is on line \(truncation.ellipsisLine), not on the last line \(lines.count - 1)")
        }
        if truncation.hiddenLineCount < 1 { fail("the truncation hides \(truncation.hiddenLineCount) lines: a clamp that hides nothing sets none") }
        for (k, line) in lines.enumerated() where line.hasEllipsis != (k == lines.count - 1) {
            fail("line \(k) says hasEllipsis \(line.hasEllipsis), but only a clamped layout's last line shows it")
        }
    }

    /// Checks a clamped layout's last line, which starts at byte `start` (where the line before it
    /// ends) and at `top` (see docs/line-model.md, "Truncation"):
    /// - It keeps a head from its start (nothing for a `start` cut) and, for a `start` or `middle`
    ///   cut, a tail that runs to the end of the text's last paragraph; the hidden range lies
    ///   between them (to the text's end for an `end` cut), is not empty, and its edges are
    ///   grapheme cluster boundaries (a tail in another paragraph starts at that paragraph's
    ///   start or after it).
    /// - It is neither justified nor hyphenated, and ends in no hard break.
    /// - With runs: one or more ellipsis runs of generated glyphs, all in the hidden range's start
    ///   cluster, between the head's runs and the tail's in the paragraph's direction; the other
    ///   runs tile the head and the tail and generate nothing; its width is what its runs draw, and
    ///   within its room when it keeps any text (an ellipsis wider than the line keeps none).
    /// - Its metrics are finite and it stands below the line before it.
    func checkTruncation(bytes: UnsafeBufferPointer<UInt8>, start: Int, top: Double, fail: (@autoclosure () -> String) -> Void) {
        guard let truncation else { return }
        let k = lines.count - 1
        let line = lines[k]
        let hidden = truncation.hiddenRange
        let position = prepared.style.settings.paragraph.truncate ?? .end
        checkMetrics(line, k, top: top, fail: fail)
        if line.byteRange.lowerBound != start {
            fail("the clamped line \(k) starts at byte \(line.byteRange.lowerBound), not \(start) where the line before it ends")
        }
        if line.isJustified || line.endsWithHyphen || line.endsWithHardBreak {
            fail("the clamped line \(k) says justified \(line.isJustified), hyphen \(line.endsWithHyphen), hard break \(line.endsWithHardBreak): the ellipsis ends it")
        }
        var offsets = UTF16OffsetCounter(bytes)
        let lineStart = offsets.utf16(at: line.byteRange.lowerBound)
        let lineEnd = offsets.utf16(at: line.byteRange.upperBound)
        if lineStart..<lineEnd != line.utf16Range { fail("the clamped line's utf16Range is \(line.utf16Range), its bytes give \(lineStart)..<\(lineEnd)") }
        guard !hidden.isEmpty, hidden.lowerBound >= lineStart, hidden.upperBound <= prepared.utf16Count,
              let hiddenStart = prepared.byteOffset(ofUTF16: hidden.lowerBound), let hiddenEnd = prepared.byteOffset(ofUTF16: hidden.upperBound) else {
            fail("the hidden range \(hidden) is empty, starts before the clamped line (\(lineStart)), ends past the text (\(prepared.utf16Count)) or splits a character")
            return
        }
        let headParagraph = prepared.paragraphs[line.paragraph]
        let tailParagraph = prepared.paragraphs[prepared.paragraphs.count - 1]
        let tailStart = line.paragraph == prepared.paragraphs.count - 1 ? line.byteRange.lowerBound : tailParagraph.range.start
        let textEnd = offsets.utf16(at: tailParagraph.range.end)
        // What the line keeps: the head before the hidden range, and the tail after it.
        let head = lineStart..<hidden.lowerBound
        let tail = position == .end ? lineEnd..<lineEnd : hidden.upperBound..<lineEnd
        switch position {
        case .end where hidden.upperBound != textEnd || lineEnd != hidden.lowerBound:
            fail("cut at the end, but the line ends at \(lineEnd) and the hidden range \(hidden) does not run from there to the text's end \(textEnd)")
        case .start where hidden.lowerBound != lineStart, .start where lineEnd != textEnd, .middle where lineEnd != textEnd:
            fail("cut at the \(position), but the line \(line.utf16Range) does not show the text's end \(textEnd) after the hidden range \(hidden)"
                 + (position == .start ? " with nothing before it" : ""))
        default: break
        }
        if hiddenStart > headParagraph.range.end || hiddenEnd < tailStart || hiddenEnd > tailParagraph.range.end {
            fail("the hidden range (bytes \(hiddenStart)..<\(hiddenEnd)) does not start in the clamped line's paragraph and end in the text's last")
        } else {
            let headCuts = (try? boundaries(.grapheme, in: bytes, range: line.byteRange.lowerBound..<headParagraph.range.end)) ?? []
            let tailCuts = (try? boundaries(.grapheme, in: bytes, range: tailStart..<tailParagraph.range.end)) ?? []
            if ![line.byteRange.lowerBound, headParagraph.range.end].contains(hiddenStart), !headCuts.contains(hiddenStart) {
                fail("the hidden range starts at byte \(hiddenStart), inside a grapheme cluster")
            }
            if ![tailStart, tailParagraph.range.end].contains(hiddenEnd), !tailCuts.contains(hiddenEnd) {
                fail("the hidden range ends at byte \(hiddenEnd), inside a grapheme cluster")
            }
        }
        guard hasGlyphRuns || !line.runs.isEmpty else { return }
        checkEllipsisRuns(line, k, head: head, tail: tail, hiddenStart: hidden.lowerBound, fail: fail)
    }

    /// Checks a clamped line's runs (see ``checkTruncation(bytes:start:top:fail:)``).
    private func checkEllipsisRuns(_ line: Line, _ k: Int, head: Range<Int>, tail: Range<Int>, hiddenStart: Int,
                                   fail: (@autoclosure () -> String) -> Void) {
        checkRunsTile(line, k, shown: [head, tail], fail: fail)
        let ellipsis = line.runs.indices.filter { line.runs[$0].isEllipsis }
        guard let first = ellipsis.first, let last = ellipsis.last, ellipsis.count == last - first + 1 else {
            fail("the clamped line \(k) has no ellipsis run, or its ellipsis runs are apart")
            return
        }
        for run in ellipsis.map({ line.runs[$0] }) {
            if run.utf16Range != hiddenStart..<hiddenStart || run.glyphs.contains(where: { !$0.isGenerated || $0.cluster != hiddenStart }) {
                fail("the clamped line \(k) has an ellipsis run over \(run.utf16Range) whose glyphs are not all generated at the hidden range's start \(hiddenStart)")
            }
        }
        for (r, run) in line.runs.enumerated() where !run.isEllipsis {
            if run.glyphs.contains(where: \.isGenerated) { fail("the clamped line \(k)'s run \(run.utf16Range) has generated glyphs: only its ellipsis does") }
            if run.glyphs.contains(where: { !run.utf16Range.contains($0.cluster) || !($0.advance.isFinite && $0.xOffset.isFinite && $0.yOffset.isFinite) }) {
                fail("the clamped line \(k)'s run \(run.utf16Range) has a glyph outside it or with numbers that are not finite")
            }
            // Head, ellipsis, tail in logical order: drawn in that order, or its reverse right to left.
            let isHead = !run.utf16Range.isEmpty && run.utf16Range.upperBound <= head.upperBound
            let beforeEllipsis = r < first
            if !run.utf16Range.isEmpty, (r > first && r < last) || beforeEllipsis != (isHead != line.isRightToLeft) {
                fail("the clamped line \(k)'s run \(run.utf16Range) is drawn on the wrong side of the ellipsis")
            }
        }
        let drawn = line.runs.reduce(0) { $0 + $1.width }
        if abs(drawn - line.width) > 1e-6 * max(1, abs(line.width)) {
            fail("the clamped line \(k) is \(line.width) px wide, but its runs draw \(drawn) px")
        }
        let room = prepared.style.settings.lineLimit(wrapWidth, isFirstLine: line.byteRange.lowerBound == prepared.paragraphs[line.paragraph].range.start)
        if !(head.isEmpty && tail.isEmpty), line.width > room {
            fail("the clamped line \(k) keeps text beside its ellipsis but is \(line.width) px wide, over its room \(room)")
        }
    }
}
