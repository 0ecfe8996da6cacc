// A fresh layout's lines as the breaker found them, kept compact: each assembled into a Line, its glyph runs built, only when read.

/// A line as a fresh layout found it: its break, where it lies and its box, everything a
/// ``Line`` shows but its glyph runs, which are built from it when the line is read
/// (``PreparedText/line(_:runs:)``).
struct FoundLine: Sendable {
    var lineBreak: LineBreak
    /// The index of the line's paragraph in the prepared text.
    var paragraph: Int
    var utf16Range: Range<Int>
    /// The width the line shows: the content's, at least 0, or its room when justified.
    var width: Double
    var isJustified: Bool
    var endsWithHardBreak: Bool
    var isRightToLeft: Bool
    var ascent: Double
    var descent: Double
    var height: Double
    var top: Double
    var baselineOffset: Double
}

/// The lines of a fresh layout (see ``LayoutLines``): found, not yet assembled, with what
/// assembling one needs, in one object that copies of the layout share (a copy retains it alone,
/// not each field of the prepared text).
///
/// Read from any thread: the records never change, and the glyph runs built for a line on its
/// first read are kept in a table only reached under the lock ``LockPool`` gives this object.
/// Threads reading a line at once may each build its runs (equal: they are a function of the
/// prepared text and the record); the table keeps one.
final class FoundLines: @unchecked Sendable {
    let lines: [FoundLine]
    /// The text laid out, whose paragraphs the lines are read from.
    let prepared: PreparedText
    /// Each line's glyph runs once built; empty when the layout has none (the height-only path).
    private var runs: [[GlyphRun]?]

    init(_ lines: [FoundLine], of prepared: PreparedText, glyphRuns: Bool) {
        self.lines = lines
        self.prepared = prepared
        runs = glyphRuns ? Array(repeating: nil, count: lines.count) : []
    }

    /// Line `index`, assembled; with its glyph runs when `withRuns` and the layout has them.
    func line(_ index: Int, withRuns: Bool) -> Line {
        let found = lines[index]
        guard withRuns, !runs.isEmpty else { return prepared.line(found, runs: []) }
        if let built = LockPool.withLock(for: self, { runs[index] }) { return prepared.line(found, runs: built) }
        let built = prepared.withBytes(ofParagraphs: found.paragraph..<found.paragraph + 1) { bytes in
            prepared.glyphRuns(of: found, in: prepared.paragraphs[found.paragraph], bytes: bytes)
        }
        LockPool.withLock(for: self) { runs[index] = built }
        return prepared.line(found, runs: built)
    }
}

extension PreparedText {
    /// What `line` of `paragraph` (index `paragraphIndex`) shows, but its glyph runs, found from
    /// `top` down: the one place a line's ranges, width and box are found, for lines built at once
    /// (``appendLines(_:of:index:endsParagraph:bytes:offsets:top:lineSpace:wrapWidth:glyphRuns:to:)``)
    /// and for lines assembled when read. Moves `top` to the next line's.
    /// - Parameter justifies: whether the style justifies and the wrap width is finite.
    func foundLine(_ line: LineBreak, of paragraph: PreparedParagraph, index paragraphIndex: Int, endsWithHardBreak: Bool,
                   bytes: UnsafeBufferPointer<UInt8>, offsets: inout UTF16OffsetCounter, top: inout Double, lineSpace: Double,
                   wrapWidth: Double, justifies: Bool) -> FoundLine {
        let utf16Start = offsets.utf16(at: line.start)
        let utf16End = offsets.utf16(at: line.end)
        let justifiedWidth = justifies ? self.justifiedWidth(paragraph, line, wrapWidth: wrapWidth, bytes: bytes) : nil
        var metrics = style.lineBox(paragraph, line)
        if style.settings.paragraph.textBox.trims { trimmingTextBox(&metrics, of: line, in: paragraph, index: paragraphIndex) }
        let found = FoundLine(
            lineBreak: line, paragraph: paragraphIndex, utf16Range: utf16Start..<utf16End,
            // A font whose kerning outweighs its advances (zeroed or broken metrics) can add
            // up to less than nothing: a line is never narrower than 0.
            width: justifiedWidth ?? max(0, line.width), isJustified: justifiedWidth != nil, endsWithHardBreak: endsWithHardBreak,
            isRightToLeft: paragraph.bidi.paragraphLevel == 1,
            ascent: metrics.ascent, descent: metrics.descent, height: metrics.height, top: top, baselineOffset: metrics.baselineOffset)
        top += metrics.height + lineSpace
        return found
    }

    /// The glyph runs of `found`, a line of `paragraph`, as ``buildLine(_:_:bytes:utf16Start:glyphRuns:justifiedWidth:)`` builds them.
    func glyphRuns(of found: FoundLine, in paragraph: PreparedParagraph, bytes: UnsafeBufferPointer<UInt8>) -> [GlyphRun] {
        buildLine(paragraph, found.lineBreak, bytes: bytes, utf16Start: found.utf16Range.lowerBound,
                  justifiedWidth: found.isJustified ? found.width : nil).runs
    }

    /// The ``Line`` `found` stands for, with `runs` (empty for a layout without glyph runs), its
    /// text left empty (the layout's lines give each line read its text).
    func line(_ found: FoundLine, runs: [GlyphRun]) -> Line {
        Line(
            utf16Range: found.utf16Range, width: found.width, ascent: found.ascent, descent: found.descent, height: found.height,
            top: found.top, baseline: found.top + found.baselineOffset,
            endsWithHardBreak: found.endsWithHardBreak, endsWithHyphen: found.lineBreak.isHyphenated,
            isRightToLeft: found.isRightToLeft,
            runs: runs,
            paragraph: found.paragraph,
            byteRange: found.lineBreak.start..<found.lineBreak.end,
            contentEnd: found.lineBreak.contentEnd,
            flatText: nil,  // the layout's lines give each line read its text
            overflowWidth: found.lineBreak.overflowWidth,
            baselineOffset: found.baselineOffset,
            isJustified: found.isJustified,
            endsWithTrimmedMark: found.lineBreak.isEndTrimmed)
    }
}

extension PreparedParagraph {
    /// About how many lines the paragraph takes at `wrapWidth`: its width as prepared (its font
    /// units in the first run's scale) over the wrap width, a quarter more for the room lines
    /// leave at their ends, rounded up, 1 at least and 4,096 at most. An estimate, for the room a
    /// layout reserves for its lines.
    func expectedLineCount(wrapWidth: Double) -> Int {
        guard wrapWidth.isFinite, wrapWidth > 0, let scale = positions.runs.first?.scale, positions.units.count > 0 else { return 1 }
        let lines = (1.25 * Double(positions.units.value(at: positions.units.count - 1)) * scale / wrapWidth).rounded(.up)
        return lines.isFinite ? Int(Swift.min(Swift.max(lines, 1), 4096)) : 1
    }
}
