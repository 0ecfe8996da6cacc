// The height of a growing editor that holds a layout: line caps, insets, pixel bounds, and whether it scrolls.

/// Space between an editor's border and its text, in pixels.
public struct EdgeInsets: Sendable, Hashable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public static let zero = EdgeInsets()
}

/// How a growing editor sizes itself around its text (docs/line-model.md).
public struct EditorSizing: Sendable, Hashable {
    /// The fewest lines the editor shows (at least 1): an empty editor is this tall.
    public var minLines: Int
    /// The most lines the editor grows to before it scrolls; nil for no cap.
    public var maxLines: Int?
    /// Space between two lines, in pixels.
    public var lineSpace: Double
    /// Space around the text; left and right narrow the wrap width.
    public var insets: EdgeInsets
    /// Bounds on the editor's height in pixels, applied after the line caps.
    public var minHeight: Double?
    public var maxHeight: Double?

    public init(minLines: Int = 1, maxLines: Int? = nil, lineSpace: Double = 0, insets: EdgeInsets = .zero,
                minHeight: Double? = nil, maxHeight: Double? = nil) {
        self.minLines = minLines
        self.maxLines = maxLines
        self.lineSpace = lineSpace
        self.insets = insets
        self.minHeight = minHeight
        self.maxHeight = maxHeight
    }

    /// Checks every value, so that a bad one is reported by name with what is allowed.
    public func validate() throws {
        if isPlainlyValid { return }
        guard minLines >= 1 else {
            throw LayoutError(.invalidArgument, "minLines must be at least 1, got \(minLines)", keys: ["minLines"])
        }
        if let maxLines, maxLines < minLines {
            throw LayoutError(.invalidArgument, "maxLines (\(maxLines)) must be at least minLines (\(minLines))", keys: ["maxLines", "minLines"])
        }
        try requireNonNegative(lineSpace, key: "lineSpace")
        try requireNonNegative(insets.top, key: "insets.top")
        try requireNonNegative(insets.left, key: "insets.left")
        try requireNonNegative(insets.bottom, key: "insets.bottom")
        try requireNonNegative(insets.right, key: "insets.right")
        if let minHeight { try requireNonNegative(minHeight, key: "minHeight") }
        if let maxHeight { try requireNonNegative(maxHeight, key: "maxHeight") }
        if let minHeight, let maxHeight, maxHeight < minHeight {
            throw LayoutError(.invalidArgument, "maxHeight (\(maxHeight)) must be at least minHeight (\(minHeight))",
                              keys: ["maxHeight", "minHeight"])
        }
        try requireFinite(insets.top + insets.bottom, "the editor's height",
                          from: "insets.top (\(insets.top)) and insets.bottom (\(insets.bottom))", keys: ["insets.top", "insets.bottom"])
        try requireFinite(insets.left + insets.right, "the editor's width",
                          from: "insets.left (\(insets.left)) and insets.right (\(insets.right))", keys: ["insets.left", "insets.right"])
    }

    /// Whether every value is in range, tested at once: a sizing is checked on each measurement,
    /// and the named checks of ``validate()`` run only when this fails (a NaN fails every
    /// comparison; infinity fails `< .infinity`).
    @inline(__always) private var isPlainlyValid: Bool {
        minLines >= 1 && (maxLines ?? minLines) >= minLines
            && 0 <= lineSpace && lineSpace < .infinity
            && 0 <= insets.top && 0 <= insets.bottom && insets.top + insets.bottom < .infinity
            && 0 <= insets.left && 0 <= insets.right && insets.left + insets.right < .infinity
            && 0 <= (minHeight ?? 0) && (minHeight ?? 0) < .infinity
            && 0 <= (maxHeight ?? .greatestFiniteMagnitude) && (maxHeight ?? .greatestFiniteMagnitude) < .infinity
            && (maxHeight ?? .greatestFiniteMagnitude) >= (minHeight ?? 0)
    }

    /// The wrap width of an editor `editorWidth` pixels wide: less the left and right insets.
    /// With ``editorWidth(ofWrapWidth:)``, the one place an editor's width and its text's meet.
    public func wrapWidth(ofEditorWidth editorWidth: Double) -> Double {
        editorWidth - insets.left - insets.right
    }

    /// The width of an editor whose text wraps at `wrapWidth`: the left and right insets added,
    /// as the batch's `shrinkWrapWidth` and `stableWidth` add them (the bubble a chat app draws),
    /// and as a picture's box is drawn around a layout without a width.
    public func editorWidth(ofWrapWidth wrapWidth: Double) -> Double {
        wrapWidth + (insets.left + insets.right)
    }

    /// Checks this sizing and an editor `editorWidth` pixels wide (nil for no limit), and gives
    /// the editor's wrap width (nil for no limit).
    /// - Throws: ``LayoutError`` `.invalidArgument` for an invalid sizing, or an editor width that
    ///   is not a positive number or leaves no room between the left and right insets.
    func checkedWrapWidth(ofEditorWidth editorWidth: Double?) throws -> Double? {
        try validate()
        guard let editorWidth else { return nil }
        try requirePositive(editorWidth, key: "editorWidth")
        let wrapWidth = self.wrapWidth(ofEditorWidth: editorWidth)
        guard wrapWidth > 0 else {
            throw LayoutError(.invalidArgument, "editorWidth \(plainNumber(editorWidth)) leaves no room for text between the left and right insets (\(plainNumber(insets.left)) + \(plainNumber(insets.right)))",
                              keys: ["editorWidth", "insets"])
        }
        return wrapWidth
    }
}

/// Throws when the height of `lineCount` lines with `lineSpace` between them overflowed: only a
/// huge lineSpace or lineHeight can do that, since otherwise a line's height is bounded by the
/// size and the font's metrics.
func requireFiniteContentHeight(_ height: Double, lineCount: Int, lineSpace: Double, lineHeight: LineHeight) throws(LayoutError) {
    try requireFinite(height, "the text's height", from: "lineSpace (\(plainNumber(lineSpace)))"
                      + (lineHeight == .normal ? "" : " and lineHeight (\(lineHeight))") + " between \(lineCount) lines",
                      keys: lineHeight == .normal ? ["lineSpace"] : ["lineSpace", "lineHeight"])
}

/// A growing editor measured around its text. Equal measurements have equal layouts (see
/// ``Layout``) and the same height, visible lines and scrolling.
public struct EditorMeasurement: Sendable, Equatable {
    /// The text laid out at the editor's wrap width (its width less the left and right insets).
    public let layout: Layout
    /// The editor's height in pixels: insets plus `visibleLineCount` lines, within minHeight...maxHeight.
    public let height: Double
    /// The number of lines the text has.
    public var lineCount: Int { layout.lineCount }
    /// The number of lines the editor is sized for: lineCount clamped to minLines...maxLines.
    public let visibleLineCount: Int
    /// The height of all the text's lines (see ``Layout/contentHeight``).
    public var contentHeight: Double { layout.contentHeight }
    /// Whether the text is taller than the editor's inside, so the editor scrolls.
    public let isScrollable: Bool
}

extension PreparedText {
    /// Measures a growing editor `editorWidth` pixels wide, its insets included (nil for no
    /// limit), holding this text: the text is laid out at the editor's wrap width (its width less
    /// the side insets, ``EditorSizing/wrapWidth(ofEditorWidth:)``).
    ///
    /// Height = top inset + bottom inset + the height of clamp(lineCount, minLines, maxLines) lines
    /// (lines past the text's own are as tall as an empty line, ``TextStyle/emptyLineHeight``), then clamped to minHeight and
    /// maxHeight. The editor scrolls when the content is taller than its inside.
    /// - Throws: ``LayoutError`` `.invalidArgument` for an invalid sizing, an editor width that leaves
    ///   no room between the left and right insets, or sizes whose sum overflows (the error names them).
    /// - Parameter glyphRuns: false for the height-only path (see ``layout(wrapWidth:lineSpace:glyphRuns:)``).
    /// - Complexity: a layout's: O(n) in the prepared segments, allocating the layout's lines
    ///   (their glyph runs built when first read, see ``LayoutLines``).
    public func measureEditor(editorWidth: Double?, sizing: EditorSizing = EditorSizing(), glyphRuns: Bool = true) throws -> EditorMeasurement {
        // The sizing, the width and the line space checked once, here.
        let wrapWidth = try sizing.checkedWrapWidth(ofEditorWidth: editorWidth) ?? .infinity
        let layout = try layout(checkedWrapWidth: wrapWidth, lineSpace: sizing.lineSpace, glyphRuns: glyphRuns,
                                maxContentHeight: sizing.maxHeight.map { $0 - sizing.insets.top - sizing.insets.bottom })
        return try layout.editorMeasurement(sizing: sizing)
    }

    /// The editor's height without the layout: the height-only path. It counts lines and adds up
    /// their heights as the breaker finds them, building no `Line` and no glyph run (a chat list
    /// re-measuring its bubbles at a new width needs nothing more). Equal to ``measureEditor(editorWidth:sizing:glyphRuns:)``.
    /// - Complexity: O(n) in the prepared segments, allocating nothing per line; a text that may be
    ///   truncated (``ParagraphStyle/truncates``) takes ``measureEditor(editorWidth:sizing:glyphRuns:)``'s path.
    ///   The first call on an edited text joins its bytes into one array: O(n) once.
    public func editorHeight(editorWidth: Double?, sizing: EditorSizing = EditorSizing()) throws -> EditorHeight {
        if style.settings.paragraph.truncates {
            // A clamped text's last line is built with its ellipsis: measure it as a layout does.
            let measured = try measureEditor(editorWidth: editorWidth, sizing: sizing, glyphRuns: false)
            return EditorHeight(height: measured.height, lineCount: measured.lineCount, visibleLineCount: measured.visibleLineCount,
                                contentHeight: measured.contentHeight, isScrollable: measured.isScrollable)
        }
        let wrapWidth = try sizing.checkedWrapWidth(ofEditorWidth: editorWidth) ?? .infinity
        let lineSpace = sizing.lineSpace
        let maxLines = sizing.maxLines ?? Int.max
        var count = 0
        var top = 0.0          // the next line's top, summed exactly as a layout sums it
        var content = 0.0
        var visibleHeight = 0.0
        // The text box's trimming of the first and last lines, found once (nil when it trims nothing).
        let trimming = style.settings.paragraph.textBox.trims ? style.textBoxTrimming : nil
        try bytes.withUnsafeBufferPointer { [paragraphs, style] bytes in
            for paragraph in paragraphs {
                // A line of text of a paragraph in one font has the height found when it was
                // prepared, which `lineMetrics` returns for it: read here once, not once a line.
                let textLineHeight = paragraph.onlyFontLine?.height
                try forEachLine(paragraph, bytes: bytes, style: style, wrapWidth: wrapWidth) { line in
                    // The height a layout gives the line, to the last bit: from the one place a
                    // line's box is found (a paragraph in one font has it found once, when prepared).
                    // The font's line height in one product is not it: a layout sums the scaled
                    // ascent, descent and gap, which may differ in the last bit.
                    var height = (line.end != line.start ? textLineHeight : nil) ?? style.lineMetrics(paragraph, line).height
                    if let trimming {
                        let isLast = paragraph === paragraphs.last && line.end == paragraph.range.end
                        if count == 0 || isLast {
                            var box = style.lineBox(paragraph, line)
                            trimming.trim(height: &box.height, baselineOffset: &box.baselineOffset, isFirst: count == 0, isLast: isLast)
                            height = box.height
                        }
                    }
                    content = top + height
                    top += height + lineSpace
                    count += 1
                    if count <= maxLines { visibleHeight = content }
                    return true
                }
            }
        }
        try requireFiniteContentHeight(content, lineCount: count, lineSpace: sizing.lineSpace, lineHeight: style.settings.paragraph.lineHeight)
        let visible = min(max(count, sizing.minLines), maxLines)
        let box = try editorBox(lineCount: count, visibleLines: visible, visibleHeight: visible <= count ? visibleHeight : content,
                            contentHeight: content, sizing: sizing)
        return EditorHeight(height: box.height, lineCount: count, visibleLineCount: visible, contentHeight: content,
                            isScrollable: box.isScrollable)
    }

    /// The editor's height and whether it scrolls, from its lines: `visibleHeight` is the height
    /// of the first `visibleLines` lines when the text has that many.
    /// - Throws: ``LayoutError`` `.invalidArgument` when the height overflows, naming the keys.
    func editorBox(lineCount: Int, visibleLines: Int, visibleHeight: Double, contentHeight: Double,
                   sizing: EditorSizing) throws(LayoutError) -> (height: Double, isScrollable: Bool) {
        var linesHeight = visibleHeight
        if visibleLines > lineCount {
            linesHeight = contentHeight + Double(visibleLines - lineCount) * (style.emptyLineHeight + sizing.lineSpace)
            try requireFinite(linesHeight, "the editor's height",
                              from: "minLines (\(sizing.minLines)) and lineSpace (\(sizing.lineSpace))", keys: ["minLines", "lineSpace"])
        }
        var height = sizing.insets.top + sizing.insets.bottom + linesHeight
        try requireFinite(height, "the editor's height",
                          from: "insets.top (\(sizing.insets.top)) and insets.bottom (\(sizing.insets.bottom)) with the lines' height (\(linesHeight) px)",
                          keys: ["insets.top", "insets.bottom"])
        if let minHeight = sizing.minHeight { height = max(height, minHeight) }
        if let maxHeight = sizing.maxHeight { height = min(height, maxHeight) }
        let room = height - sizing.insets.top - sizing.insets.bottom
        return (height, contentHeight > room + Layout.fitTolerance)
    }
}

/// A growing editor's height, measured without building lines (see ``PreparedText/editorHeight(editorWidth:sizing:)``).
public struct EditorHeight: Sendable, Equatable {
    public init(height: Double, lineCount: Int, visibleLineCount: Int, contentHeight: Double, isScrollable: Bool) {
        self.height = height
        self.lineCount = lineCount
        self.visibleLineCount = visibleLineCount
        self.contentHeight = contentHeight
        self.isScrollable = isScrollable
    }

    public let height: Double
    public let lineCount: Int
    public let visibleLineCount: Int
    public let contentHeight: Double
    public let isScrollable: Bool
}
