// Builds one line's glyph runs in drawing order (bidi rules L1 and L2) and its height from the fonts it uses.

/// A line's glyph runs and vertical metrics: the fonts' largest ascent and descent, and the line
/// box (its height and the baseline's place in it) under the paragraph's line-height model.
struct BuiltLine {
    var runs: [GlyphRun]
    var ascent: Double
    var descent: Double
    var height: Double
    /// The baseline's distance below the line's top.
    var baselineOffset: Double
}

/// A glyph that ends a cluster of a justified line: where it is among the line's pieces' glyphs.
private struct JustificationGap {
    var piece: Int
    var glyph: Int
    /// Whether the cluster is a space that justification stretches (``isExpandableSpace(_:at:)``).
    var isSpace: Bool
}

/// Whether the character at byte `i` is a space that justification stretches: U+0020 or U+00A0.
private func isExpandableSpace(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
    bytes[i] == 0x20 || (bytes[i] == 0xC2 && i + 1 < bytes.count && bytes[i + 1] == 0xA0)
}

/// A piece of a line: the part of one shaped run on it, at one bidi level.
private struct LinePiece {
    var range: Range<Int>
    var run: Int
    var level: UInt8
    /// The index in ``PreparedText/spans`` of the styled span the piece is in, or nil.
    var span: Int? = nil
}

extension PreparedText {
    /// The glyph runs of `line`, shaped as the line was measured (the paragraph's glyphs, with the
    /// pieces next to unsafe-to-break edges reshaped, tabs advanced to their stops), ordered for
    /// drawing, and the line's metrics from the fonts of its runs.
    /// - Parameter justifiedWidth: the width to stretch the line's content to (see
    ///   ``stretch(_:content:at:to:)``), nil to leave it as measured.
    func buildLine(_ paragraph: PreparedParagraph, _ line: LineBreak, bytes: UnsafeBufferPointer<UInt8>,
                   utf16Start: Int, glyphRuns: Bool = true, justifiedWidth: Double? = nil) -> BuiltLine {
        if !glyphRuns, let (font, size) = paragraph.onlyFont ?? (line.end == line.start ? (style.font, style.size) : nil) {
            let metrics = font.metrics
            let gap = metrics.leading(size: size) / 2
            let ascent = metrics.ascent(size: size)
            let descent = metrics.descent(size: size)
            guard style.paragraph.usesFontLineBoxes else {
                let box = style.lineBox(line.end == line.start ? [] : [(font, size)])
                return BuiltLine(runs: [], ascent: ascent, descent: descent, height: box.height, baselineOffset: box.above)
            }
            return BuiltLine(runs: [], ascent: ascent, descent: descent, height: ascent + descent + 2 * gap, baselineOffset: ascent + gap)
        }
        if !glyphRuns, style.paragraph.usesFontLineBoxes, line.end > line.start {
            // Only the fonts' boxes: the runs on the line tell them without cutting it into pieces.
            let extent = fontLineExtent(of: paragraph, line)
            return BuiltLine(runs: [], ascent: extent.ascent, descent: extent.descent, height: extent.height, baselineOffset: extent.above)
        }
        let pieces = linePieces(paragraph, line)
        // Metrics from the fonts on the line; an empty line has the primary font's.
        var extent = FontLineExtent()
        if pieces.isEmpty { extent.include(style.font, size: style.size) }
        for piece in pieces { extent.include(paragraph.runs[piece.run].font, size: paragraph.runs[piece.run].size) }
        let (ascent, descent) = (extent.ascent, extent.descent)
        var above = extent.above
        var height = extent.height
        if !style.paragraph.usesFontLineBoxes {
            let box = style.lineBox(pieces.lazy.map { (paragraph.runs[$0.run].font, paragraph.runs[$0.run].size) })
            height = box.height
            above = box.above
        }
        guard glyphRuns else {
            return BuiltLine(runs: [], ascent: ascent, descent: descent, height: height, baselineOffset: above)
        }
        let measurer = LineMeasurer(paragraph, bytes: bytes, style: style, start: line.start)
        var logical = ShapedGlyphs()
        func appendPlan(_ s: Int, _ c: Int) {
            guard c > s else { return }
            let plan = measurer.plan(s, c)
            if let head = plan.head { logical.append(contentsOf: measurer.reshape(head)) }
            logical.append(contentsOf: paragraph.glyphs[paragraph.clusterFirstGlyph[plan.clusters.lowerBound]..<paragraph.clusterFirstGlyph[plan.clusters.upperBound]])
            if let tail = plan.tail { logical.append(contentsOf: measurer.reshape(tail)) }
        }
        // Split at tabs as the line was measured (see ``LineMeasurer/width(to:)``): each tab one
        // glyph of its own that advances to the stop, the text after it shaped from the byte
        // after the tab, so that a mark or joiner HarfBuzz put in the tab's cluster is drawn as
        // it was measured.
        let tabs = paragraph.tabs
        var t = tabs.isEmpty ? 0 : firstIndex(in: tabs, atOrAfter: line.start)
        func appendSpan(_ s: Int, _ c: Int) {
            var position = s
            while t < tabs.count, tabs[t] < c {
                appendPlan(position, tabs[t])
                logical.append(ShapedGlyph(id: style.font.spaceGlyph, cluster: Int32(tabs[t]), advance: 0, xOffset: 0, yOffset: 0,
                                           unsafeToBreak: false))
                position = tabs[t] + 1
                t += 1
            }
            appendPlan(position, c)
        }
        // A line that breaks after a soft hyphen or at an automatic hyphenation point ends in its
        // hyphen, shaped with the letters before it as the line was measured (see
        // ``LineMeasurer/hyphenatedWidth(replacing:)``). Its glyphs take the soft hyphen's cluster;
        // at a point, which replaces no character, the cluster of the letter before it, so that
        // they stay inside the line's range (a caret after the line's last letter stands after
        // the hyphen, as after a soft hyphen).
        let hyphen = hyphenReplacing(line, in: paragraph)
        if let hyphen {
            let piece = measurer.hyphenPiece(replacing: hyphen)
            appendSpan(line.start, piece.lowerBound)
            logical.append(contentsOf: measurer.reshape(piece, hyphenAt: hyphen))
        } else {
            appendSpan(line.start, line.contentEnd)
        }
        appendSpan(line.contentEnd, line.end)

        // Glyphs in logical order, tabs advanced to their stops, split by piece.
        var offsets = UTF16OffsetCounter(bytes, byteOffset: line.start, utf16Offset: utf16Start)
        var pieceGlyphs = [[Glyph]](repeating: [], count: pieces.count)
        var pieceRanges = [Range<Int>](repeating: 0..<0, count: pieces.count)
        var x = 0.0
        var p = 0
        // With justification: where each glyph that may take extra space went, and whether it ends a space.
        var gaps: [JustificationGap] = []
        var content = 0.0
        var utf16Cluster = 0
        for (g, shaped) in logical.enumerated() {
            let cluster = Int(shaped.cluster)
            let isHyphen = cluster == hyphen?.lowerBound
            while p + 1 < pieces.count, cluster >= pieces[p].range.upperBound { p += 1 }
            let run = paragraph.runs[pieces[p].run]
            let scale = run.scale
            var advance = Double(shaped.advance) * scale
            // Letter spacing follows each cluster: it goes on the cluster's last glyph.
            if run.letterSpacing != 0, g + 1 == logical.count || logical[g + 1].cluster != shaped.cluster {
                advance += run.letterSpacing
            }
            var id = shaped.id
            if bytes[cluster] == 0x09 {
                advance = measurer.nextTabStop(after: x) - x
                id = style.font.spaceGlyph
            }
            x += advance
            if justifiedWidth != nil, cluster < line.contentEnd || isHyphen {
                content += advance
                if g + 1 == logical.count || logical[g + 1].cluster != shaped.cluster {
                    gaps.append(JustificationGap(piece: p, glyph: pieceGlyphs[p].count, isSpace: isExpandableSpace(bytes, at: cluster)))
                }
            }
            if !(isHyphen && hyphen!.isEmpty && g > 0) { utf16Cluster = offsets.utf16(at: cluster) }
            pieceGlyphs[p].append(Glyph(id: id, cluster: utf16Cluster, advance: advance,
                                        xOffset: Double(shaped.xOffset) * scale, yOffset: Double(shaped.yOffset) * scale,
                                        isGenerated: isHyphen))
        }
        if let justifiedWidth { stretch(&pieceGlyphs, content: content, at: gaps, to: justifiedWidth) }
        var rangeOffsets = UTF16OffsetCounter(bytes, byteOffset: line.start, utf16Offset: utf16Start)
        for (k, piece) in pieces.enumerated() {
            pieceRanges[k] = rangeOffsets.utf16(at: piece.range.lowerBound)..<rangeOffsets.utf16(at: piece.range.upperBound)
        }

        var runs: [GlyphRun] = []
        var penX = 0.0
        for k in visualOrder(pieces.map(\.level)) {
            let piece = pieces[k]
            let run = paragraph.runs[piece.run]
            var glyphs = pieceGlyphs[k]
            let rightToLeft = piece.level & 1 == 1
            if rightToLeft { glyphs.reverse() }
            let glyphRun = GlyphRun(font: run.font, size: run.size, x: penX, isRightToLeft: rightToLeft,
                                    utf16Range: pieceRanges[k], glyphs: glyphs,
                                    attributes: piece.span.map { spans[$0].attributes } ?? [:])
            penX += glyphRun.width
            runs.append(glyphRun)
        }
        return BuiltLine(runs: runs, ascent: ascent, descent: descent, height: height, baselineOffset: above)
    }

    /// Stretches a line's content to `width` pixels: the glyphs that end its spaces (U+0020 and
    /// U+00A0, as Pango and CSS stretch) share the difference evenly; in a line without such a space
    /// (Chinese, Japanese), the glyphs that end each cluster but the last do (the cluster's own
    /// advance, so the gap follows it in the cluster's direction). `gaps` are the glyphs that end
    /// the line's clusters before its hanging whitespace, in logical order; the hanging whitespace
    /// keeps its advance.
    private func stretch(_ pieceGlyphs: inout [[Glyph]], content: Double, at gaps: [JustificationGap], to width: Double) {
        var stretched = gaps.filter(\.isSpace)
        if stretched.isEmpty { stretched = gaps.count > 1 ? Array(gaps.dropLast()) : gaps }
        guard !stretched.isEmpty else { return }
        let extra = (width - content) / Double(stretched.count)
        for gap in stretched { pieceGlyphs[gap.piece][gap.glyph].advance += extra }
    }

    /// The pieces of `line` in logical order: its part of each shaped run, with the whitespace that
    /// hangs at its end put at the paragraph's level (UAX #9 rule L1).
    private func linePieces(_ paragraph: PreparedParagraph, _ line: LineBreak) -> [LinePiece] {
        guard line.end > line.start else { return [] }
        var pieces: [LinePiece] = []
        var r = paragraph.run(at: line.start)
        while r < paragraph.runs.count, paragraph.runs[r].range.lowerBound < line.end {
            let run = paragraph.runs[r]
            let start = max(run.range.lowerBound, line.start)
            let end = min(run.range.upperBound, line.end)
            let trailing = max(start, line.contentEnd)
            if trailing < end, run.level != paragraph.bidi.paragraphLevel {
                if trailing > start { pieces.append(LinePiece(range: start..<trailing, run: r, level: run.level)) }
                pieces.append(LinePiece(range: trailing..<end, run: r, level: paragraph.bidi.paragraphLevel))
            } else {
                pieces.append(LinePiece(range: start..<end, run: r, level: run.level))
            }
            r += 1
        }
        return resolvedSpans.isEmpty ? pieces : splitAtSpans(pieces)
    }

    /// The pieces cut at the edges of styled spans, each knowing its span: spans that shape alike
    /// share a run, but each keeps its own attributes.
    private func splitAtSpans(_ pieces: [LinePiece]) -> [LinePiece] {
        var result: [LinePiece] = []
        for piece in pieces {
            var start = piece.range.lowerBound
            while start < piece.range.upperBound {
                var end = piece.range.upperBound
                var span: Int?
                if let next = resolvedSpans.first(where: { $0.bytes.upperBound > start }) {
                    if next.bytes.lowerBound <= start {
                        span = next.index
                        end = min(end, next.bytes.upperBound)
                    } else {
                        end = min(end, next.bytes.lowerBound)
                    }
                }
                result.append(LinePiece(range: start..<end, run: piece.run, level: piece.level, span: span))
                start = end
            }
        }
        return result
    }
}
