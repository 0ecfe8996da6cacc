// The result of laying out a prepared text at a width: lines with ranges, widths, heights, baselines and glyph runs.

/// One glyph to draw, positioned relative to its run's pen position.
public struct Glyph: Sendable, Hashable {
    /// The glyph id in the run's font.
    public var id: UInt32
    /// The UTF-16 offset into the text of the first character of the glyph's cluster.
    public var cluster: Int
    /// How far the pen moves after the glyph, in pixels.
    public var advance: Double
    /// The glyph's offset from the pen position, in pixels (x right, y up, as in the font).
    public var xOffset: Double
    public var yOffset: Double
    /// Whether the glyph stands for no character of the text: the hyphen a line shows at a break
    /// right after a soft hyphen (U+00AD), its ``cluster`` the soft hyphen's offset; or a glyph of
    /// the ellipsis a clamped line shows (``GlyphRun/isEllipsis``), its ``cluster`` the start of the
    /// hidden text.
    public var isGenerated = false
}

/// Glyphs of one font and direction on one line, in drawing order (left to right), or the place of
/// an inline object (see ``content``).
///
/// Equal runs have the same content (the same ``Font`` instance, the same placed object), size,
/// position, direction, range, glyphs and attributes.
public struct GlyphRun: Sendable, Equatable {
    /// What a run holds: glyphs of text in one font, or an inline object. A kind of content added
    /// later is a new case, so a `switch` over it (without `default`) is where a reader is told.
    public enum Content: Sendable, Equatable {
        /// The run's glyphs, all in this font.
        case text(Font)
        /// An inline object placed on the line, in the text whose font is `around` (the font it
        /// aligns to, whose box joins the line's): the run has no glyphs (a consumer of glyphs draws
        /// nothing), its ``GlyphRun/utf16Range`` is the object's U+FFFC and its width the object's.
        case inlineObject(PlacedInlineObject, around: Font)

        /// The font of the run's text, or of the text around its object: the font the run brings
        /// to its line's box (and, for text, the glyphs' font).
        public var textFont: Font {
            switch self {
            case .text(let font): font
            case .inlineObject(_, let around): around
            }
        }
    }

    /// What the run holds: glyphs in a font, or an inline object in the text around it.
    public var content: Content
    /// The em size in pixels, of the run's text or of the text around its object.
    public var size: Double
    /// The pen's x position at the run's start, from the line's left edge, in pixels.
    public var x: Double
    /// Whether the run's text reads right to left (its glyphs are still listed left to right).
    public var isRightToLeft: Bool
    /// The text of the run, in UTF-16 offsets.
    public var utf16Range: Range<Int>
    public var glyphs: [Glyph]
    /// The attributes of the styled span the run belongs to (empty outside every span).
    public var attributes: [String: String] = [:]
    /// The lines the run's styled span draws with it (none outside every span), with the run's
    /// ``decorationMetrics`` (see ``decorationLineRects``); equal runs have the same.
    public var decoration: TextDecoration = []
    /// Whether the run is the ellipsis of a clamped line (see ``Truncation``): generated glyphs
    /// standing for the hidden text, its ``utf16Range`` empty at the hidden text's start.
    public var isEllipsis = false
    /// Whether the run stands upright in a column (``TextSettings/writingMode`` vertical): shaped
    /// top to bottom, its glyphs' advances down the column and their offsets HarfBuzz's vertical
    /// ones; false in a line and for a turned run.
    public var isUpright = false
    /// For a styled span's text combined upright in a column (``TextCombineUpright/all``), how much
    /// its glyphs are squeezed across the column (1 when they fit in 1.1 em); nil for every other
    /// run. Such a run is one unit an em long down the column: its advances add up to an em (all on
    /// its last glyph), its glyphs are horizontal, set in a row whose x offsets place each glyph's
    /// origin from the column's centre line (already squeezed), and each glyph is drawn squeezed
    /// across by this factor.
    public var combinedScaleX: Double? = nil

    /// The sum of the glyph advances, in pixels (an inline object's width for its run).
    public var width: Double {
        switch content {
        case .text: glyphs.reduce(0) { $0 + $1.advance }
        case .inlineObject(let object, _): object.width
        }
    }

    /// The font of the run's text, or of the text around its object (``Content/textFont``).
    /// Setting it keeps the content's kind.
    @available(*, deprecated, message: "read the font from `content`: `.text(font)`, or for an inline object the font `around` it (`content.textFont` for either)")
    public var font: Font {
        get { content.textFont }
        set {
            switch content {
            case .text: content = .text(newValue)
            case .inlineObject(let object, _): content = .inlineObject(object, around: newValue)
            }
        }
    }

    /// Where the run places an inline object, when it stands for one, else nil. Setting an object
    /// makes the run an object's in the text around it; setting nil makes it a run of text.
    @available(*, deprecated, message: "switch over `content`: `.inlineObject(placed, around: font)`")
    public var inlineObject: PlacedInlineObject? {
        get {
            switch content {
            case .text: nil
            case .inlineObject(let object, _): object
            }
        }
        set { content = newValue.map { .inlineObject($0, around: content.textFont) } ?? .text(content.textFont) }
    }

    /// Whether the run holds the hyphen shown at a break after a soft hyphen (a generated glyph).
    public var hasGeneratedHyphen: Bool { !isEllipsis && glyphs.contains { $0.isGenerated } }
}

/// One laid-out line. Vertical positions are in pixels from the top of the text's content box.
///
/// Equal lines show the same: the same characters (compared by their code units, not by
/// canonical equivalence), at the same ``utf16Range``, with the same width, vertical metrics and
/// position, the same flags and equal ``runs``.
public struct Line: Sendable, Equatable {
    /// The line's characters, hanging whitespace included, the hard break that ends it excluded.
    /// (Computed from the byte range when asked: most layouts never need string indices.)
    public var range: Range<String.Index> { text.indexRange(ofUTF8Range: byteRange) }
    /// The same range in UTF-16 code units.
    public var utf16Range: Range<Int>
    /// The width of the line's content in pixels, without the whitespace that hangs at its end. A
    /// justified line (``isJustified``) is as wide as its room: the wrap width less its indent.
    public var width: Double
    /// The largest ascent among the fonts on the line, in pixels.
    public var ascent: Double
    /// The largest descent among the fonts on the line, in pixels (positive, below the baseline).
    public var descent: Double
    /// The height of the line box: the union, around the baseline, of the boxes of the fonts on
    /// the line (the primary font's for an empty line), each as tall as the style's
    /// ``ParagraphStyle/lineHeight`` makes it, with the ``ParagraphStyle/strut`` applied. With
    /// `lineHeight` normal: the largest ascent plus half line gap above the baseline, plus the
    /// largest descent plus half line gap below it.
    public var height: Double
    /// The y of the line's top edge.
    public var top: Double
    /// The y of the baseline: top + the line box's extent above it (half the line gap + ascent
    /// with `lineHeight` normal).
    public var baseline: Double
    /// Whether a hard break (newline, U+2028...) ends the line.
    public var endsWithHardBreak: Bool
    /// Whether the line breaks right after a soft hyphen (U+00AD) and so shows a hyphen at its end:
    /// a generated glyph in ``runs``, counted in ``width``.
    public var endsWithHyphen: Bool
    /// Whether the line's paragraph reads right to left (so a renderer aligns it to the right).
    public var isRightToLeft: Bool
    /// Whether the line shows an ellipsis where text is hidden (the last line of a clamped layout,
    /// see ``Truncation``): a run of generated glyphs in ``runs``, counted in ``width``.
    public var hasEllipsis = false
    /// The glyphs to draw, one run per font, script and direction, in drawing order (left to
    /// right, after bidi reordering); x positions are from the line's left edge.
    public var runs: [GlyphRun]
    /// The index of the line's paragraph in the prepared text.
    package internal(set) var paragraph: Int
    /// The line's range in UTF-8 bytes.
    var byteRange: Range<Int>
    /// The end of the line's content in UTF-8 bytes, before the whitespace that hangs at its end.
    var contentEnd: Int
    /// The laid-out text, for ``range`` (none for a line of no text, such as an ellipsis's).
    var flatText: FlatText?
    /// The laid-out text.
    var text: String { flatText?.string ?? "" }
    /// The narrowest wrap width at which this line would break elsewhere (see ``LineBreak``).
    var overflowWidth: Double
    /// The baseline's distance below the top, as the line box gave it: a line moved to a new top
    /// (``Layout/updated(for:after:)``) gets its baseline as a fresh layout computes it.
    var baselineOffset: Double
    /// Whether the spaces of the line (or the gaps between its grapheme clusters) are stretched so
    /// that it fills its room (``TextAlignment/justify``).
    public internal(set) var isJustified = false
    /// Whether the line ends in a fullwidth closing mark set half as wide so that it fits
    /// (``LineBreak/isEndTrimmed``): its runs draw the mark so.
    var endsWithTrimmedMark = false

    public static func == (a: Line, b: Line) -> Bool {
        a.showsSameValues(as: b) && a.text.utf8[a.range].elementsEqual(b.text.utf8[b.range])
    }

    /// Whether the lines' public values are equal, their characters aside.
    fileprivate func showsSameValues(as other: Line) -> Bool {
        utf16Range == other.utf16Range && width == other.width && ascent == other.ascent && descent == other.descent
            && height == other.height && top == other.top && baseline == other.baseline
            && endsWithHardBreak == other.endsWithHardBreak && endsWithHyphen == other.endsWithHyphen
            && isRightToLeft == other.isRightToLeft && hasEllipsis == other.hasEllipsis && runs == other.runs
    }
}

/// A prepared text laid out at one width: its lines and its content height.
///
/// Two layouts are equal when they show the same: the same text (compared by its code units, not
/// by canonical equivalence), laid out at the same ``wrapWidth`` with the same ``lineSpace`` into
/// equal ``lines`` (see ``Line``), so their widths and heights are equal too, and placed alike
/// (the same ``ParagraphStyle/alignment`` and ``ParagraphStyle/indent``). How the text was
/// prepared (its other settings, spans, caches) is compared only through what the lines show:
/// their metrics, and the fonts, sizes and attributes of their glyph runs.
public struct Layout: Sendable, Equatable {
    /// Line widths within this much of the wrap width count as fitting: the float error of summing advances.
    public static let fitTolerance = 1e-6

    /// The text and style laid out.
    public let prepared: PreparedText
    /// The wrap width: the width lines were filled to, in pixels (infinity for no limit).
    public let wrapWidth: Double
    /// The space added between two lines, in pixels.
    public let lineSpace: Double
    /// The lines, in order; never empty (an empty text is one empty line).
    public let lines: LayoutLines
    /// Whether the lines carry glyph runs (false for the height-only path: geometry then builds
    /// the runs of the line it looks at, see ``glyphRuns(of:)``).
    let hasGlyphRuns: Bool
    /// What the line clamp hid (see ``ParagraphStyle/lineClamp``), or nil when every line is kept.
    public let truncation: Truncation?
    /// The height the lines were clamped to (``ParagraphStyle/truncate`` with an editor's
    /// `maxHeight`), or nil: a relayout clamps to it again.
    let maxContentHeight: Double?

    /// - Throws: ``LayoutError`` `.invalidArgument` when the lines' height overflows.
    init(prepared: PreparedText, wrapWidth: Double, lineSpace: Double, lines: [Line], hasGlyphRuns: Bool,
         truncation: Truncation? = nil, maxContentHeight: Double? = nil) throws(LayoutError) {
        try self.init(prepared: prepared, wrapWidth: wrapWidth, lineSpace: lineSpace, lines: LayoutLines(lines, text: prepared.flatText),
                      hasGlyphRuns: hasGlyphRuns, truncation: truncation, maxContentHeight: maxContentHeight)
    }

    init(prepared: PreparedText, wrapWidth: Double, lineSpace: Double, lines: LayoutLines, hasGlyphRuns: Bool,
         truncation: Truncation? = nil, maxContentHeight: Double? = nil) throws(LayoutError) {
        self.prepared = prepared
        self.wrapWidth = wrapWidth
        self.lineSpace = lineSpace
        self.lines = lines
        self.hasGlyphRuns = hasGlyphRuns
        self.truncation = truncation
        self.maxContentHeight = maxContentHeight
        try requireFiniteContentHeight(contentHeight, lineCount: lines.count, lineSpace: lineSpace, lineHeight: prepared.style.settings.paragraph.lineHeight)
    }

    /// The height of all lines: the sum of their heights plus `lineSpace` between each two.
    public var contentHeight: Double { lines.bottom }

    /// The width of the widest line, in pixels (its indent left out: see ``alignmentWidth``).
    /// - Complexity: O(n) in the lines: read each time, not kept.
    public var widestLineWidth: Double { lines.maximumWidth }

    /// The number of lines.
    public var lineCount: Int { lines.count }

    public static func == (a: Layout, b: Layout) -> Bool {
        // Each line's characters are compared once, as the whole text: lines cover all of it but
        // the hard breaks that end paragraphs.
        a.wrapWidth == b.wrapWidth && a.lineSpace == b.lineSpace && a.lines.count == b.lines.count && a.truncation == b.truncation
            && a.prepared.style.settings.paragraph.placesLines(like: b.prepared.style.settings.paragraph)
            && a.prepared.text.utf8.elementsEqual(b.prepared.text.utf8)
            && zip(a.lines, b.lines).allSatisfy { $0.showsSameValues(as: $1) }
    }
}

extension PreparedText {
    /// Lays the text out in lines no wider than `wrapWidth` pixels.
    ///
    /// - Parameters:
    ///   - wrapWidth: The width lines are filled to, in pixels; nil (or infinity) for no limit,
    ///     so only hard breaks start new lines. (An editor's wrap width is its width less its
    ///     side insets: ``EditorSizing/wrapWidth(ofEditorWidth:)``.)
    ///   - lineSpace: Space added between two lines, in pixels.
    /// - Throws: ``LayoutError`` `.invalidArgument` for a wrap width that is not a positive number, a
    ///   line space that is negative or not finite, or one so large that the lines' height overflows.
    ///   - glyphRuns: false to leave every line's ``Line/runs`` empty: the height-only path, for
    ///     callers that need line ranges, widths and heights but draw nothing (it skips building
    ///     the glyph arrays, most of a layout's cost). Caret, selection and hit-testing geometry
    ///     still answer right: they build the runs of the lines they look at
    ///     (``Layout/glyphRuns(of:)``), which costs what the skipped work would have for those lines.
    /// - Complexity: O(n) over the prepared widths; only the pieces next to a line edge HarfBuzz
    ///   marks unsafe to break are shaped again.
    public func layout(wrapWidth: Double? = nil, lineSpace: Double = 0, glyphRuns: Bool = true) throws -> Layout {
        try layout(wrapWidth: wrapWidth, lineSpace: lineSpace, glyphRuns: glyphRuns, maxContentHeight: nil)
    }

    /// The layout, clamped (when ``ParagraphStyle/truncates``) to ``ParagraphStyle/lineClamp``
    /// lines and, with ``ParagraphStyle/truncate`` set, to the lines within `maxContentHeight`.
    func layout(wrapWidth: Double?, lineSpace: Double, glyphRuns: Bool, maxContentHeight: Double?) throws -> Layout {
        let wrapWidth = wrapWidth ?? .infinity
        guard wrapWidth == .infinity || wrapWidth.isFinite && wrapWidth > 0 else {
            // A shrink-wrap search can reach it (pretty lines of an empty text); the batch says it as "width".
            throw LayoutError(.invalidArgument, "wrapWidth must be a finite number greater than 0, got \(plainNumber(wrapWidth))", keys: ["wrapWidth"])
        }
        try requireNonNegative(lineSpace, key: "lineSpace")
        return try layout(checkedWrapWidth: wrapWidth, lineSpace: lineSpace, glyphRuns: glyphRuns, maxContentHeight: maxContentHeight)
    }

    /// ``layout(wrapWidth:lineSpace:glyphRuns:maxContentHeight:)`` for a wrap width (infinity for
    /// none) and line space already checked: an editor's, which ``EditorSizing`` checks.
    func layout(checkedWrapWidth wrapWidth: Double, lineSpace: Double, glyphRuns: Bool, maxContentHeight: Double?) throws -> Layout {
        guard style.settings.paragraph.truncates else {
            // Lines are found now and assembled, their glyph runs built, when read (see ``LayoutLines``).
            let found = try foundLines(wrapWidth: wrapWidth, lineSpace: lineSpace)
            let lines = LayoutLines(found: FoundLines(found, of: self, glyphRuns: glyphRuns), text: flatText)
            return try Layout(prepared: self, wrapWidth: wrapWidth, lineSpace: lineSpace, lines: lines, hasGlyphRuns: glyphRuns)
        }
        // A clamped layout's last line is rebuilt with its ellipsis: its lines are built at once.
        var lines = try builtLines(wrapWidth: wrapWidth, lineSpace: lineSpace, glyphRuns: glyphRuns)
        guard let keep = keptLineCount(lines, maxContentHeight: maxContentHeight) else {
            return try Layout(prepared: self, wrapWidth: wrapWidth, lineSpace: lineSpace, lines: lines, hasGlyphRuns: glyphRuns,
                              maxContentHeight: maxContentHeight)
        }
        let truncation = try truncate(&lines, keeping: keep, wrapWidth: wrapWidth)
        return try Layout(prepared: self, wrapWidth: wrapWidth, lineSpace: lineSpace, lines: lines, hasGlyphRuns: glyphRuns,
                          truncation: truncation, maxContentHeight: maxContentHeight)
    }

    /// Every line of the text at `wrapWidth`, built at once (its glyph runs too when `glyphRuns`):
    /// the lines ``foundLines(wrapWidth:lineSpace:)`` finds, each assembled.
    func builtLines(wrapWidth: Double, lineSpace: Double, glyphRuns: Bool) throws -> [Line] {
        let found = try foundLines(wrapWidth: wrapWidth, lineSpace: lineSpace)
        guard glyphRuns else { return found.map { line($0, runs: []) } }
        return bytes.withUnsafeBufferPointer { bytes in
            found.map { line($0, runs: self.glyphRuns(of: $0, in: paragraphs[$0.paragraph], bytes: bytes)) }
        }
    }

    /// Every line of the text at `wrapWidth`, found (ranges, widths, boxes, tops) but not built:
    /// what a fresh layout keeps, each line assembled when read.
    func foundLines(wrapWidth: Double, lineSpace: Double) throws -> [FoundLine] {
        var found: [FoundLine] = []
        // Room for the lines expected, so that the records are not copied as the array grows:
        // a line a paragraph, and for a text of one paragraph its width as prepared over the wrap width.
        found.reserveCapacity(paragraphs.count == 1 ? paragraphs[0].expectedLineCount(wrapWidth: wrapWidth) : paragraphs.count)
        let justifies = style.settings.paragraph.alignment == .justify && wrapWidth.isFinite
        try bytes.withUnsafeBufferPointer { bytes in
            var offsets = UTF16OffsetCounter(bytes)
            var top = 0.0
            for (index, paragraph) in paragraphs.enumerated() {
                let first = found.count
                try forEachLine(paragraph, bytes: bytes, style: style, wrapWidth: wrapWidth) { line in
                    found.append(foundLine(line, of: paragraph, index: index, endsWithHardBreak: false, bytes: bytes, offsets: &offsets,
                                           top: &top, lineSpace: lineSpace, wrapWidth: wrapWidth, justifies: justifies))
                    return true
                }
                // A hard break ends the paragraph's last line.
                if found.count > first { found[found.count - 1].endsWithHardBreak = paragraph.range.endsWithHardBreak }
            }
        }
        return found
    }

    /// Turns the line breaks of paragraph `index` into lines, from `top` down, built at once.
    /// - Parameters:
    ///   - endsParagraph: whether the last break is the paragraph's last line (so a hard break ends it).
    ///   - wrapWidth: the wrap width, which justified lines fill.
    func appendLines(_ breaks: [LineBreak], of paragraph: PreparedParagraph, index paragraphIndex: Int, endsParagraph: Bool,
                     bytes: UnsafeBufferPointer<UInt8>, offsets: inout UTF16OffsetCounter, top: inout Double,
                     lineSpace: Double, wrapWidth: Double, glyphRuns: Bool, to lines: inout [Line]) {
        let justifies = style.settings.paragraph.alignment == .justify && wrapWidth.isFinite
        for (k, line) in breaks.enumerated() {
            let found = foundLine(line, of: paragraph, index: paragraphIndex,
                                  endsWithHardBreak: endsParagraph && k == breaks.count - 1 && paragraph.range.endsWithHardBreak,
                                  bytes: bytes, offsets: &offsets, top: &top, lineSpace: lineSpace, wrapWidth: wrapWidth, justifies: justifies)
            lines.append(self.line(found, runs: glyphRuns ? self.glyphRuns(of: found, in: paragraph, bytes: bytes) : []))
        }
    }

    /// The width a justified layout at wrap width `wrapWidth` stretches `line` of `paragraph` to
    /// (its room: `wrapWidth` less its indent), or nil when the line is not stretched: the
    /// paragraph's last line (which a hard break or the text's end closes), a line as wide as its
    /// room or wider, and a line without a gap to stretch: of one cluster (as shaped), or of
    /// inline objects with at most one other cluster after them (see ``stretch(_:content:at:to:)``).
    func justifiedWidth(_ paragraph: PreparedParagraph, _ line: LineBreak, wrapWidth: Double, bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        guard line.end < paragraph.range.end else { return nil }
        let room = style.settings.paragraph.availableWidth(wrapWidth, isFirstLine: line.start == paragraph.range.start)
        let clusters = paragraph.cluster(atOrAfter: line.start)..<paragraph.cluster(atOrAfter: line.contentEnd)
        guard line.width < room, clusters.count >= 2, !paragraph.hasInlineObjects || hasJustificationGap(paragraph, clusters, bytes: bytes) else {
            return nil
        }
        if style.settings.profile.justifyWithoutSpaces == .start, !hasSpaceOrIdeograph(paragraph, clusters, bytes: bytes) { return nil }
        return room
    }

    /// Whether one of `clusters` of a paragraph starts with a space that justification stretches
    /// or with an ideograph, kana or another character of line break class ID (where Chromium
    /// justifies between the characters of a line without spaces).
    private func hasSpaceOrIdeograph(_ paragraph: PreparedParagraph, _ clusters: Range<Int>, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        clusters.contains { cluster in
            let start = paragraph.clusterStarts[cluster]
            return isExpandableSpace(bytes, at: start) || isIdeographic(decodeScalar(bytes, at: start).0)
        }
    }

    /// Whether justification has a gap to stretch among `clusters` (two or more) of a paragraph
    /// with inline objects: after one of them but the last that is not an object, or a space last.
    private func hasJustificationGap(_ paragraph: PreparedParagraph, _ clusters: Range<Int>, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let last = paragraph.clusterStarts[clusters.upperBound - 1]
        if isExpandableSpace(bytes, at: last) { return true }
        return clusters.dropLast().contains { cluster in
            switch paragraph.runs[paragraph.run(at: paragraph.clusterStarts[cluster])].kind {
            case .text: true
            case .inlineObject: false
            }
        }
    }
}
