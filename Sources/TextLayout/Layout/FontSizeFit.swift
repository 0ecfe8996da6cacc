// Auto-size: the largest font size on a step grid whose layout keeps within a line count and a height, found exactly with one layout per distinct line breaking where widths scale with the size.

/// What a fitted size must keep to, and the sizes it is chosen from: the grid `minSize`,
/// `minSize + step`, `minSize + 2·step`, … up to `maxSize` (each rounded to 1e-9 px, so that
/// 8 + 3 × 0.1 is 8.3). A size fits when its layout has at most `maxLines` lines (none hidden by a
/// clamp) and a content height at most `maxHeight` (within ``Layout/fitTolerance``); at least one
/// of the two is set. The batch's `fit` object has the same keys.
public struct FontSizeFit: Sendable, Hashable {
    /// The default step, 0.25 px. Blink's font-size quantum is 0.01 px, which is the finest step
    /// that changes anything in a browser; UIs step coarser (Android's `TextView` autosize steps by
    /// 1 px, Compose's `TextAutoSize.StepBased` by 0.25 sp), since a size a hundredth of a pixel
    /// smaller is not a different design. 0.25 px keeps neighbouring sizes within 2% at 12 px, and
    /// bounds the work where every grid size must be laid out (``PreparedText/widthsScaleWithSize`` false): 257
    /// layouts at most from 8 to 72 px. Ask for 0.01 to get Blink's quantum.
    public static let defaultStep = 0.25
    /// The most grid sizes a fit may have (checked by ``validate()``): a bound on the work of the
    /// size-by-size search (1 to 1001 px by 0.01 px is 100,001).
    public static let maximumGridCount = 100_001

    /// The most lines the text may take; nil for no limit on lines.
    public var maxLines: Int?
    /// The largest content height (the layout's, insets aside), in pixels; nil for no limit on height.
    public var maxHeight: Double?
    /// The smallest size tried, the grid's first; in pixels.
    public var minSize: Double
    /// The largest size tried (on the grid or not); in pixels.
    public var maxSize: Double
    /// The distance between two sizes of the grid, in pixels.
    public var step: Double

    public init(maxLines: Int? = nil, maxHeight: Double? = nil, minSize: Double, maxSize: Double, step: Double = Self.defaultStep) {
        self.maxLines = maxLines
        self.maxHeight = maxHeight
        self.minSize = minSize
        self.maxSize = maxSize
        self.step = step
    }

    /// Checks the limits and the grid: `minSize`, `maxSize` and `step` positive finite numbers with
    /// `minSize <= maxSize` and at most ``maximumGridCount`` sizes, `maxSize` at most
    /// ``TextSettings/maximumSize``; `maxLines` at least 1; `maxHeight` a finite number at least 0;
    /// one of them set.
    /// - Throws: ``LayoutError`` `.invalidArgument` naming the key as the batch does (`fit.minSize`).
    public func validate() throws(LayoutError) {
        func positive(_ value: Double, _ key: String) throws(LayoutError) {
            guard value.isFinite, value > 0 else {
                throw LayoutError(.invalidArgument, "fit.\(key) must be a finite number of pixels above 0, got \(plainNumber(value))", keys: ["fit.\(key)"])
            }
        }
        try positive(minSize, "minSize")
        try positive(maxSize, "maxSize")
        try positive(step, "step")
        guard maxSize <= TextSettings.maximumSize else {
            throw LayoutError(.invalidArgument, "fit.maxSize must be at most \(plainNumber(TextSettings.maximumSize)) px, got \(plainNumber(maxSize))", keys: ["fit.maxSize"])
        }
        guard minSize <= maxSize else {
            throw LayoutError(.invalidArgument, "fit.minSize must be at most fit.maxSize, got \(plainNumber(minSize)) and \(plainNumber(maxSize))", keys: ["fit.minSize"])
        }
        guard (maxSize - minSize) / step < Double(Self.maximumGridCount - 1) + 1e-9 else {
            throw LayoutError(.invalidArgument, "fit.step makes more than \(Self.maximumGridCount) sizes from fit.minSize to fit.maxSize: take a larger step, got \(plainNumber(step))",
                              keys: ["fit.step"])
        }
        if let maxLines, maxLines < 1 {
            throw LayoutError(.invalidArgument, "fit.maxLines must be a whole number at least 1, got \(maxLines)", keys: ["fit.maxLines"])
        }
        if let maxHeight, !(maxHeight.isFinite && maxHeight >= 0) {
            throw LayoutError(.invalidArgument, "fit.maxHeight must be a finite number of pixels at least 0, got \(plainNumber(maxHeight))", keys: ["fit.maxHeight"])
        }
        guard maxLines != nil || maxHeight != nil else {
            throw LayoutError(.invalidArgument, "fit needs a limit to fit: fit.maxLines, fit.maxHeight or both", keys: ["fit"])
        }
    }

    /// The index of the grid's last size: the sizes are `size(at: 0...lastIndex)`.
    public var lastIndex: Int { Int(((maxSize - minSize) / step + 1e-9).rounded(.down)) }

    /// The grid's size `index`: `minSize + index·step`, rounded to 1e-9 px, never above `maxSize`.
    public func size(at index: Int) -> Double {
        min(((minSize + Double(index) * step) * 1e9).rounded() / 1e9, maxSize)
    }

    /// Whether `layout` keeps within the limits: at most `maxLines` lines with nothing hidden by a
    /// clamp, and a content height at most `maxHeight` (within ``Layout/fitTolerance``).
    public func isFitting(_ layout: Layout) -> Bool {
        if let maxLines, layout.lineCount > maxLines || (layout.truncation?.hiddenLineCount ?? 0) > 0 { return false }
        if let maxHeight, layout.contentHeight > maxHeight + Layout.fitTolerance { return false }
        return true
    }

    /// The largest grid size whose layout fits, or the smallest with `fits` false when none does.
    ///
    /// Sizes are tried from the largest down. When the text's widths scale in proportion to the
    /// size (`sameFontsAtEverySize`, and ``PreparedText/widthsScaleWithSize`` of the layouts' text), a layout at size s that
    /// does not fit answers for every size whose lines break the same: with the wrap width W and
    /// the layout's ``Layout/stableWidthRange`` [lo, hi), size s′ sets the lines as size s does at
    /// width W·s/s′, so the breaks hold for s′ in (W·s/hi, s]. When the line count is over
    /// `maxLines`, the search jumps below that interval (grid sizes within a relative 1e-6 of its
    /// end are laid out all the same, against rounding); when only the height is over, the
    /// interval's smallest size is laid out and, if it fits, the largest fitting size is halved
    /// for between them (the breaks are the same, so the height grows with the size). Without it,
    /// each grid size is laid out in turn, from the largest, until one fits: exact, one layout a
    /// size. Either way the answer is the largest fitting grid size, which line counts that are
    /// not monotonic in the size (a word that moves can shorten a later line) do not change.
    /// - Parameters:
    ///   - sameFontsAtEverySize: whether every size is laid out in the same font instances (false
    ///     when the fonts are loaded again at each size for an `opsz` axis that follows it).
    ///   - layout: the layout at a size (and what the caller keeps of it, returned with the answer).
    /// - Returns: the size, whether it fits, the caller's value at it and how many layouts were made.
    public func search<Value>(sameFontsAtEverySize: Bool, layout: (Double) throws -> (Layout, Value)) rethrows -> FittedSize<Value> {
        var layoutCount = 0
        var last: (index: Int, value: Value)?
        func laidOut(_ index: Int) throws -> Layout {
            let (made, value) = try layout(size(at: index))
            layoutCount += 1
            last = (index, value)
            return made
        }
        func answer(_ index: Int, fits: Bool) throws -> FittedSize<Value> {
            if last?.index != index { _ = try laidOut(index) }
            return FittedSize(size: size(at: index), fits: fits, value: last!.value, layoutCount: layoutCount)
        }
        var index = lastIndex
        while index >= 0 {
            let current = try laidOut(index)
            if isFitting(current) { return try answer(index, fits: true) }
            guard sameFontsAtEverySize, current.prepared.widthsScaleWithSize, let lowest = lowestSameBreaksSize(current, size: size(at: index)) else {
                index -= 1
                continue
            }
            // The grid sizes above `lowest` (with a margin against rounding) break as this one does.
            var first = index
            while first > 0, size(at: first - 1) > lowest * (1 + 1e-6) { first -= 1 }
            if let maxLines, current.lineCount > maxLines || (current.truncation?.hiddenLineCount ?? 0) > 0 {
                index = first - 1
                continue
            }
            // Only the height is over: it grows with the size while the breaks hold.
            if first < index, isFitting(try laidOut(first)) {
                var fitting = first, over = index
                while over - fitting > 1 {
                    let middle = (fitting + over) / 2
                    if isFitting(try laidOut(middle)) { fitting = middle } else { over = middle }
                }
                return try answer(fitting, fits: true)
            }
            index = first - 1
        }
        return try answer(0, fits: false)
    }

    /// The size at or below which `layout` (made at `size`) may break otherwise: W·size/hi for its
    /// wrap width W and stable range [lo, hi); 0 when no narrower setting breaks it otherwise (no
    /// wrap width, or each paragraph on one line); nil when the layout does not sit inside its
    /// stable range (a line wider than the width), when nothing is known.
    private func lowestSameBreaksSize(_ layout: Layout, size: Double) -> Double? {
        let width = layout.wrapWidth
        guard width.isFinite else { return 0 }
        let stable = layout.stableWidthRange
        guard stable.upperBound > width else { return nil }
        return stable.upperBound.isFinite ? width * size / stable.upperBound : 0
    }
}

/// A fitted size: the size, whether its layout fits, what the caller made at it.
public struct FittedSize<Value> {
    /// The largest grid size that fits; the smallest when none does.
    public let size: Double
    /// Whether the layout at `size` keeps within the limits.
    public let fits: Bool
    /// The caller's layout (or measurement, or result) at `size`.
    public let value: Value
    /// How many layouts the search made (the one at `size` included).
    public let layoutCount: Int
}

extension FittedSize: Sendable where Value: Sendable {}

extension PreparedText {
    /// Whether every width of the text is the size times a width that does not depend on it, so
    /// that a layout's breaks hold over an interval of sizes (``FontSizeFit/search(sameFontsAtEverySize:layout:)``):
    /// the standard and pango profiles (no layout unit, whose rounding is in pixels), greedy lines
    /// (`textWrap: wrap`; balance and pretty choose lines over the paragraph), no indent, no word
    /// spacing, no truncation, no inline objects, and no span with its own size, letter or word
    /// spacing (all in pixels that do not scale). Shaping is in font units (unhinted outlines,
    /// HarfBuzz at the font's units per em), scaled by the size; a font's `opsz` axis follows the
    /// size only where the fonts are loaded for each size, which the caller checks
    /// (``FontFamilyList/hasOpticalSizeAxis``).
    public var widthsScaleWithSize: Bool {
        let settings = style.settings
        let paragraph = settings.paragraph
        return settings.profile.layoutUnit == nil && paragraph.textWrap == .wrap && paragraph.indent == 0 && settings.wordSpacing == 0
            && !paragraph.truncates && inlineObjects.isEmpty
            && spans.allSatisfy { $0.size == nil && $0.letterSpacing == 0 && ($0.wordSpacing ?? 0) == 0 }
    }

    /// The largest size on `fit`'s grid at which this text, in the same fonts, spans and settings,
    /// fits `fit`'s limits in an editor `editorWidth` wide with `sizing`; the smallest size with
    /// `fits` false when none does. The text is prepared again at each size tried (its words come
    /// from the shape cache, in font units, so it is not shaped again) and measured; sizes are
    /// tried as ``FontSizeFit/search(sameFontsAtEverySize:layout:)`` says, by intervals when
    /// ``widthsScaleWithSize``. The fonts keep the instance they were loaded at (an `opsz` axis
    /// does not follow the size).
    /// - Throws: ``LayoutError`` `.invalidArgument` for limits ``FontSizeFit/validate()`` refuses,
    ///   or as ``measureEditor(editorWidth:sizing:glyphRuns:)`` does.
    public func fittingSize(_ fit: FontSizeFit, editorWidth: Double?, sizing: EditorSizing = EditorSizing(),
                            glyphRuns: Bool = true) throws -> FittedSize<EditorMeasurement> {
        try fit.validate()
        return try fit.search(sameFontsAtEverySize: true) { size in
            var settings = style.settings
            settings.size = size
            let resized = try PreparedText(text, style: try TextStyle(fonts: style.fonts, settings: settings), spans: spans, inlineObjects: inlineObjects)
            let measurement = try resized.measureEditor(editorWidth: editorWidth, sizing: sizing, glyphRuns: glyphRuns)
            return (measurement.layout, measurement)
        }
    }
}

extension FontFamilyList {
    /// Whether a font of the list has an `opsz` axis, whose value a size given when the fonts are
    /// loaded sets (so its widths do not scale with the size).
    public var hasOpticalSizeAxis: Bool {
        fonts.contains { $0.axes.contains { $0.tag == "opsz" } }
    }
}
