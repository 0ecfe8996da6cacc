// Builds one line's glyph runs: its glyphs shaped as it was measured, advanced (letter spacing, tabs, justification), ordered for drawing (UAX #9 L2).

/// A line's glyph runs and vertical metrics: the fonts' largest ascent and descent, and the line
/// box (its height and the baseline's place in it) under the paragraph's line-height model.
struct BuiltLine {
    var runs: [GlyphRun]
    var ascent: Double
    var descent: Double
    var height: Double
    /// The baseline's distance below the line's top.
    var baselineOffset: Double

    /// The advance of everything the line draws, whitespace at its end included.
    var drawnWidth: Double { runs.drawnWidth }
}

extension [GlyphRun] {
    /// The runs' advances summed: the width they are drawn over, whitespace that would hang at a
    /// line's end included (a ``Line/width`` leaves that out).
    var drawnWidth: Double { reduce(0) { $0 + $1.width } }
}

/// A line's glyphs with their advances in pixels, split by piece (in logical order), and where
/// justification may add space (``JustificationGap``) to the `content` width.
private struct PlacedGlyphs {
    var byPiece: [[Glyph]]
    var gaps: [JustificationGap] = []
    var content = 0.0
}

extension PreparedText {
    /// The glyph runs of `line`, shaped as the line was measured (the paragraph's glyphs, with the
    /// pieces next to unsafe-to-break edges reshaped, tabs advanced to their stops), ordered for
    /// drawing, and the line's metrics from the fonts of its runs.
    /// - Parameter justifiedWidth: the width to stretch the line's content to (see
    ///   ``stretch(_:content:at:to:)``), nil to leave it as measured.
    func buildLine(_ paragraph: PreparedParagraph, _ line: LineBreak, bytes: UnsafeBufferPointer<UInt8>,
                   utf16Start: Int, glyphRuns: Bool = true, justifiedWidth: Double? = nil) -> BuiltLine {
        var built = style.lineMetrics(paragraph, line)
        guard glyphRuns else { return built }
        let pieces = linePieces(paragraph, line)
        let measurer = LineMeasurer(paragraph, bytes: bytes, style: style, start: line.start)
        let hyphen = hyphenReplacing(line, in: paragraph)
        let logical = logicalGlyphs(paragraph, line, hyphen: hyphen, measurer: measurer)
        var placed = placedGlyphs(logical, pieces: pieces, of: paragraph, line, hyphen: hyphen, bytes: bytes, utf16Start: utf16Start,
                                  measurer: measurer, justifies: justifiedWidth != nil)
        if let justifiedWidth { stretch(&placed.byPiece, content: placed.content, at: placed.gaps, to: justifiedWidth) }
        built.runs = drawingOrderRuns(pieces, glyphs: placed.byPiece, of: paragraph, bytes: bytes, lineStart: line.start,
                                      utf16Start: utf16Start, lineBox: LineBox(above: built.baselineOffset, height: built.height))
        return built
    }

    /// The shaped glyphs of `line` in logical order, as the line was measured: the paragraph's
    /// glyphs, the pieces next to unsafe-to-break edges reshaped; each tab one glyph of its own
    /// (advanced later), the text after it shaped from the byte after it; and a line that breaks
    /// after a soft hyphen or at an automatic hyphenation point ends in its hyphen (`hyphen`
    /// stands for), shaped with the letters before it.
    private func logicalGlyphs(_ paragraph: PreparedParagraph, _ line: LineBreak, hyphen: Range<Int>?,
                               measurer: LineMeasurer) -> ShapedGlyphs {
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
        // The hyphen is shaped with the letters before it as the line was measured (see
        // ``LineMeasurer/hyphenatedWidth(replacing:)``).
        if let hyphen {
            let piece = measurer.hyphenPiece(replacing: hyphen)
            appendSpan(line.start, piece.lowerBound)
            logical.append(contentsOf: measurer.reshape(piece, hyphenAt: hyphen))
        } else if line.isEndTrimmed, let mark = lineEndTrimmableMark(measurer.bytes, from: line.start, to: line.contentEnd) {
            // The last mark set half as wide, shaped with the characters before it as the line
            // was measured (see ``LineMeasurer/endTrimmedWidth(markStart:contentEnd:)``).
            let piece = measurer.endTrimPiece(markStart: mark, contentEnd: line.contentEnd)
            appendSpan(line.start, piece.lowerBound)
            logical.append(contentsOf: measurer.reshape(piece, trimmingEnd: true))
        } else {
            appendSpan(line.start, line.contentEnd)
        }
        appendSpan(line.contentEnd, line.end)
        return logical
    }

    /// The `logical` glyphs of `line` in pixels, split by piece: letter spacing after each
    /// cluster, tabs advanced to their stops, clusters in UTF-16 offsets. A hyphen's glyphs are
    /// generated and take the soft hyphen's cluster; at an automatic point, which replaces no
    /// character, the cluster of the letter before it, so that they stay inside the line's range
    /// (a caret after the line's last letter stands after the hyphen, as after a soft hyphen).
    /// With `justifies`, the glyphs that end the content's clusters are gathered as gaps.
    private func placedGlyphs(_ logical: ShapedGlyphs, pieces: [RunPiece], of paragraph: PreparedParagraph, _ line: LineBreak,
                              hyphen: Range<Int>?, bytes: UnsafeBufferPointer<UInt8>, utf16Start: Int,
                              measurer: LineMeasurer, justifies: Bool) -> PlacedGlyphs {
        var offsets = UTF16OffsetCounter(bytes, byteOffset: line.start, utf16Offset: utf16Start)
        var placed = PlacedGlyphs(byPiece: [[Glyph]](repeating: [], count: pieces.count))
        var x = 0.0
        var p = 0
        var utf16Cluster = 0
        // An inline object's piece has no glyph: the pen passes it as the piece is entered, and
        // it is a gap of the content that justification leaves as it is.
        func enter(_ piece: Int) {
            switch paragraph.runs[pieces[piece].run].content {
            case .text: return
            case .inlineObject(let object, _):
                x += object.width
                if justifies {
                    placed.content += object.width
                    placed.gaps.append(JustificationGap(piece: piece, glyph: 0, isSpace: false, isInlineObject: true))
                }
            }
        }
        if !pieces.isEmpty { enter(0) }
        // The spaces white-space collapsing removed: no word spacing, and no justification gap.
        let collapsed = paragraph.collapsed
        // The space `text-autospace` put before the next line's first character, which the line's
        // last glyph leaves out as its width does (``LineCandidates/forEachFittingLine``).
        let endAutospace = hyphen == nil && style.autospaces ? paragraph.autospaceAtLineEnd(bytes, at: line.contentEnd, style: style) : 0
        for (g, shaped) in logical.enumerated() {
            let cluster = Int(shaped.cluster)
            let isHyphen = cluster == hyphen?.lowerBound
            let endsCluster = g + 1 == logical.count || logical[g + 1].cluster != shaped.cluster
            while p + 1 < pieces.count, cluster >= pieces[p].range.upperBound {
                p += 1
                enter(p)
            }
            let run = paragraph.runs[pieces[p].run]
            let scale = run.scale
            var advance = Double(shaped.advance) * scale
            if endAutospace != 0, cluster < line.contentEnd, g + 1 == logical.count || Int(logical[g + 1].cluster) >= line.contentEnd {
                advance -= endAutospace
            }
            // Letter spacing follows each cluster: it goes on the cluster's last glyph.
            if run.letterSpacing != 0, endsCluster { advance += run.letterSpacing }
            // Word spacing follows each word separator, on its cluster's last glyph too.
            let isCollapsed = collapsed?[cluster] == true
            if endsCluster, !isCollapsed, run.takesWordSpacing(bytes, cluster: cluster) { advance += run.wordSpacing }
            var id = shaped.id
            if bytes[cluster] == 0x09 {
                advance = measurer.nextTabStop(after: x) - x
                id = style.font.spaceGlyph
            }
            x += advance
            if justifies, cluster < line.contentEnd || isHyphen {
                placed.content += advance
                if endsCluster {
                    placed.gaps.append(JustificationGap(piece: p, glyph: placed.byPiece[p].count,
                                                        isSpace: !isCollapsed && isExpandableSpace(bytes, at: cluster)))
                }
            }
            if !(isHyphen && hyphen!.isEmpty && g > 0) { utf16Cluster = offsets.utf16(at: cluster) }
            placed.byPiece[p].append(Glyph(id: id, cluster: utf16Cluster, advance: advance,
                                           xOffset: Double(shaped.xOffset) * scale, yOffset: Double(shaped.yOffset) * scale,
                                           isGenerated: isHyphen))
        }
        while p + 1 < pieces.count {
            p += 1
            enter(p)
        }
        return placed
    }

    /// The glyph runs of a line's `pieces` (with their `glyphs`, in logical order) in drawing
    /// order (UAX #9 rule L2), each placed where the one before it ends; a right-to-left run's
    /// glyphs reversed. The piece of an inline object is a run without glyphs that places the
    /// object (``GlyphRun/inlineObject``) in the line box `lineBox`.
    private func drawingOrderRuns(_ pieces: [RunPiece], glyphs pieceGlyphs: [[Glyph]], of paragraph: PreparedParagraph,
                                  bytes: UnsafeBufferPointer<UInt8>, lineStart: Int, utf16Start: Int, lineBox: LineBox) -> [GlyphRun] {
        var rangeOffsets = UTF16OffsetCounter(bytes, byteOffset: lineStart, utf16Offset: utf16Start)
        var pieceRanges = [Range<Int>](repeating: 0..<0, count: pieces.count)
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
            let content: GlyphRun.Content
            switch run.content {
            case .text(let font):
                content = .text(font)
            case .inlineObject(let object, let around):
                content = .inlineObject(PlacedInlineObject(index: objectTable.index(atByte: piece.range.lowerBound) ?? 0,
                                                           width: object.width, height: object.height,
                                                           ascent: object.ascent(in: lineBox, font: around, size: run.size, profile: style.settings.profile)),
                                        around: around)
            }
            var glyphRun = GlyphRun(content: content, size: run.size, x: penX, isRightToLeft: rightToLeft,
                                    utf16Range: pieceRanges[k], glyphs: glyphs,
                                    attributes: piece.span.map { spans[$0].attributes } ?? [:])
            glyphRun.decoration = piece.span.map { spans[$0].decoration } ?? []
            glyphRun.isUpright = run.upright
            glyphRun.combinedScaleX = run.combinedScaleX
            penX += glyphRun.width
            runs.append(glyphRun)
        }
        return runs
    }
}
