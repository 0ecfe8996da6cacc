// The ellipsis of a clamped line shaped in the font and size of the text where it stands (with fallback), once per run.

/// The ellipsis shaped in the font and size of the text at a byte, with fallback fonts for what
/// that font lacks, and the attributes and decoration of the styled span there; shaped once per run of the text.
struct EllipsisShapes {
    let prepared: PreparedText
    let rightToLeft: Bool
    private var shaped: [String: (line: Line, span: StyledSpan?)] = [:]

    init(prepared: PreparedText, rightToLeft: Bool) {
        self.prepared = prepared
        self.rightToLeft = rightToLeft
    }

    /// The ellipsis' advance in the font of the text at `byte`, measured as it is drawn: a space
    /// at its end does not hang (as the spaces of CSS's `text-overflow` string and Pango's
    /// ellipsis run do not), since text or the line's end follows it, not a break.
    mutating func width(at byte: Int) -> Double {
        shape(at: byte, prepared.style.settings.paragraph.ellipsis).line.runs.drawnWidth
    }

    /// The ellipsis as a piece of a line in the font of the text at `byte`: its glyphs generated
    /// (they stand for no character), each with cluster `hiddenStart` (the hidden text's start).
    /// An ellipsis wider than `limit` is cut to its first grapheme cluster.
    mutating func line(at byte: Int, standingFor hiddenStart: Int, within limit: Double) -> BuiltLine {
        var (line, span) = shape(at: byte, prepared.style.settings.paragraph.ellipsis)
        if line.runs.drawnWidth > limit, let first = prepared.style.settings.paragraph.ellipsis.first {
            line = shape(at: byte, String(first)).line
        }
        let runs = line.runs.map { run in
            var run = run
            run.isEllipsis = true
            run.utf16Range = hiddenStart..<hiddenStart
            run.attributes = span?.attributes ?? [:]
            run.decoration = span?.decoration ?? []
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

    /// `ellipsis` (the whole ellipsis or its first cluster) shaped in the font of the text at
    /// `byte`, and the styled span there.
    private mutating func shape(at byte: Int, _ ellipsis: String) -> (line: Line, span: StyledSpan?) {
        let paragraphIndex = prepared.paragraphIndex(holdingByte: byte)
        let paragraph = prepared.paragraphs[paragraphIndex]
        let runIndex = paragraph.runs.isEmpty ? -1 : paragraph.run(at: min(byte, paragraph.runs[paragraph.runs.count - 1].range.upperBound - 1))
        let key = "\(paragraphIndex) \(runIndex) \(ellipsis.count)"
        if let known = shaped[key] { return known }
        let font = runIndex >= 0 ? paragraph.runs[runIndex].textFont : prepared.style.font
        let size = runIndex >= 0 ? paragraph.runs[runIndex].size : prepared.style.settings.size
        let span = prepared.resolvedSpans.first { $0.bytes.contains(byte) }?.index.map { prepared.spans[$0] }
        // The style is the text's own with its line-height model and profile but no clamp, so the
        // ellipsis' box is measured as the text's are and the ellipsis is never clamped itself.
        let line: Line
        do {
            let paragraph = ParagraphStyle(lineHeight: prepared.style.settings.paragraph.lineHeight, strut: prepared.style.settings.paragraph.strut)
            let text = prepared.style.settings
            var settings = TextSettings(size: size, direction: rightToLeft ? .rtl : .ltr, language: text.language,
                                        lineBreak: text.lineBreak, paragraph: paragraph)
            // The profile too: its line heights are the text's (Chromium's rounded metrics).
            settings.profile = text.profile
            let style = try TextStyle(font: font, settings: settings)
            line = try PreparedText(ellipsis, style: style).layout().lines[0]
        } catch {
            // The text's own font and size passed these checks already; only an ellipsis ICU
            // cannot analyse could fail, and then none is shown.
            line = Line(utf16Range: 0..<0, width: 0, ascent: 0, descent: 0, height: 0, top: 0, baseline: 0,
                        endsWithHardBreak: false, endsWithHyphen: false, isRightToLeft: rightToLeft, runs: [],
                        paragraph: 0, byteRange: 0..<0, contentEnd: 0, flatText: nil, overflowWidth: .infinity, baselineOffset: 0)
        }
        shaped[key] = (line, span)
        return (line, span)
    }
}
