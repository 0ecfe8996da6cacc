// A line's ascent, descent, height and baseline from the fonts on it: from one font, from the runs it holds, or from its pieces.

extension PreparedText {
    /// The metrics of `line` found without cutting it into pieces, for the height-only path: the
    /// one font of a paragraph in one font and size (the primary font's for an empty line), or,
    /// under the fonts' own line boxes, the fonts of the runs the line holds. Nil when the line
    /// box needs the pieces.
    func lineMetricsWithoutPieces(_ paragraph: PreparedParagraph, _ line: LineBreak) -> BuiltLine? {
        if let (font, size) = paragraph.onlyFont ?? (line.end == line.start ? (style.font, style.settings.size) : nil) {
            let metrics = font.metrics
            let gap = metrics.leading(size: size) / 2
            let ascent = metrics.ascent(size: size)
            let descent = metrics.descent(size: size)
            guard style.settings.paragraph.usesFontLineBoxes else {
                let box = style.lineBox(line.end == line.start ? [] : [(font, size)])
                return BuiltLine(runs: [], ascent: ascent, descent: descent, height: box.height, baselineOffset: box.above)
            }
            return BuiltLine(runs: [], ascent: ascent, descent: descent, height: ascent + descent + 2 * gap, baselineOffset: ascent + gap)
        }
        guard style.settings.paragraph.usesFontLineBoxes, line.end > line.start else { return nil }
        // Only the fonts' boxes: the runs on the line tell them without cutting it into pieces.
        let extent = fontLineExtent(of: paragraph, line)
        return BuiltLine(runs: [], ascent: extent.ascent, descent: extent.descent, height: extent.height, baselineOffset: extent.above)
    }

    /// The metrics of a line cut into `pieces` (no glyph runs yet): the largest ascent and descent
    /// of their fonts, and the line box under the paragraph's line-height model. An empty line has
    /// the primary font's.
    func lineMetrics(of pieces: [RunPiece], in paragraph: PreparedParagraph) -> BuiltLine {
        var extent = FontLineExtent()
        if pieces.isEmpty { extent.include(style.font, size: style.settings.size) }
        for piece in pieces { extent.include(paragraph.runs[piece.run].font, size: paragraph.runs[piece.run].size) }
        guard !style.settings.paragraph.usesFontLineBoxes else {
            return BuiltLine(runs: [], ascent: extent.ascent, descent: extent.descent, height: extent.height, baselineOffset: extent.above)
        }
        let box = style.lineBox(pieces.lazy.map { (paragraph.runs[$0.run].font, paragraph.runs[$0.run].size) })
        return BuiltLine(runs: [], ascent: extent.ascent, descent: extent.descent, height: box.height, baselineOffset: box.above)
    }
}
