// Inline objects: boxes of a given size that stand in the text at U+FFFC (an image, a mention chip, a custom emoji), their vertical alignment (CSS `vertical-align`), where they are in a text.

/// Where an inline object sits on its line: CSS `vertical-align`'s keywords for an atomic inline
/// (CSS 2.1 §10.8.1). The raw values are the keywords' names as the batch format spells them.
public enum InlineObjectAlignment: String, Sendable, Hashable, CaseIterable {
    /// The object's baseline (``InlineObject/baseline``) on the line's baseline.
    case baseline
    /// The object's vertical middle at the baseline raised by half the x-height of the text
    /// around it (``Font/xHeight``).
    case middle
    /// The object's top at the top of the line box (after the rest of the line is aligned; a
    /// taller object makes the line taller below).
    case top
    /// The object's bottom at the bottom of the line box (a taller object makes the line taller above).
    case bottom
    /// The object's top at the top of the content area (the ascent) of the font around it.
    case textTop
    /// The object's bottom at the bottom of the content area (the descent) of the font around it.
    case textBottom
}

/// A box of a given size laid out inside the text, as CSS lays out an `inline-block` (an image, a
/// mention chip, a custom emoji).
///
/// An object stands at a U+FFFC OBJECT REPLACEMENT CHARACTER of the text: the k-th U+FFFC takes
/// the k-th object given with the text (``PreparedText/init(_:style:spans:inlineObjects:)``). It is
/// one cluster that is never shaped: as wide as ``width``, with a break opportunity before and
/// after it, and its line box grows to hold it (docs/line-model.md, "Inline objects").
public struct InlineObject: Sendable, Hashable {
    /// The largest width, height or baseline accepted, in pixels.
    public static let maximumSize = 1_000_000.0

    /// The object's width in pixels (its margin box's, as CSS counts it on the line).
    public var width: Double
    /// The object's height in pixels.
    public var height: Double
    /// Where the object sits on its line.
    public var align: InlineObjectAlignment
    /// For ``InlineObjectAlignment/baseline``: the distance from the object's top down to its own
    /// baseline, in pixels; nil for its height (its bottom on the line's baseline, as CSS puts an
    /// empty inline-block's).
    public var baseline: Double?

    /// Whether this is an object turned into a column's line (``turnedIntoColumn()``): aligned
    /// about the central baseline of the text around it, not its alphabetic one.
    private(set) var isInColumn = false

    public init(width: Double, height: Double, align: InlineObjectAlignment = .baseline, baseline: Double? = nil) {
        self.width = width
        self.height = height
        self.align = align
        self.baseline = baseline
    }

    /// The distance from the object's top down to its baseline: ``baseline``, or its height (in a
    /// column, half its extent across: its middle, the central baseline Chromium gives an empty
    /// inline-block in vertical writing).
    var baselineFromTop: Double { baseline ?? (isInColumn ? height / 2 : height) }

    /// The object as a column's line lays it out (``TextSettings/writingMode`` vertical): a line
    /// turned a quarter turn, along it the object's physical ``height`` (its advance down the
    /// column), across it its physical ``width``, the line's top the column's right edge (CSS's
    /// line-over side in both vertical modes). Its ``baseline`` is then measured from that edge
    /// leftwards, and the alignments are about the central baseline (see ``alignedBox(font:size:profile:)``).
    func turnedIntoColumn() -> InlineObject {
        var turned = InlineObject(width: height, height: width, align: align, baseline: baseline)
        turned.isInColumn = true
        return turned
    }

    /// The object as a line of `mode` lays it out: itself in a horizontal line, ``turnedIntoColumn()`` in a column.
    func laidOut(in mode: WritingMode) -> InlineObject {
        mode.isVertical ? turnedIntoColumn() : self
    }

    /// Checks the object's sizes; `index` is its place among the text's objects, which the error's
    /// key names as the Swift API does (`inlineObjects[2].width`).
    /// - Throws: as ``validate(name:)``.
    func validate(index: Int) throws(LayoutError) {
        try validate(name: "inlineObjects[\(index)]")
    }

    /// Checks the object's sizes; `name` is how the error's key names the object
    /// (`inlineObjects[2]` gives the key `inlineObjects[2].width`).
    /// - Throws: ``LayoutError`` `.invalidArgument` for a width or height that is negative, not
    ///   finite or over ``maximumSize``, or a baseline that is not finite or over it either way.
    public func validate(name: String) throws(LayoutError) {
        func check(_ value: Double, _ field: String, allowsNegative: Bool) throws(LayoutError) {
            guard value.isFinite, allowsNegative || value >= 0, abs(value) <= Self.maximumSize else {
                let limit = Int(Self.maximumSize)
                let range = allowsNegative ? "between -\(limit) and \(limit)" : "between 0 and \(limit)"
                throw LayoutError(.invalidArgument, "'\(name).\(field)' (an inline object's) must be a finite number of pixels \(range), got \(plainNumber(value))",
                                  keys: ["\(name).\(field)"])
            }
        }
        try check(width, "width", allowsNegative: false)
        try check(height, "height", allowsNegative: false)
        if let baseline { try check(baseline, "baseline", allowsNegative: true) }
    }
}

extension InlineObject {
    /// Checks that `text` holds one U+FFFC for each of `count` objects, as
    /// ``PreparedText/init(_:style:spans:inlineObjects:)`` requires (or that `count` is 0).
    /// - Throws: ``LayoutError`` `.invalidArgument` naming both counts, about the key `inlineObjects`.
    public static func requireOneForEachCharacter(of text: String, count: Int) throws(LayoutError) {
        guard count > 0 else { return }
        let characters = text.unicodeScalars.reduce(0) { $1 == "\u{FFFC}" ? $0 + 1 : $0 }
        try InlineObjectTable.requireMatching(characters: characters, objects: count)
    }
}

extension InlineObject {
    /// The object's box around the line's baseline when it aligns with the text around it, in
    /// `font` at `size` (the primary font and size of the styled span it stands in, else the
    /// style's: CSS's parent inline box); nil for ``InlineObjectAlignment/top`` and
    /// ``InlineObjectAlignment/bottom``, which align with the line box (see ``ascent(in:font:size:profile:)``).
    /// - baseline: its baseline on the line's;
    /// - middle: its middle half the font's x-height above the baseline;
    /// - textTop: its top at the font's ascent above the baseline;
    /// - textBottom: its bottom at the font's descent below the baseline.
    ///
    /// In a column (``turnedIntoColumn()``) the line's baseline is still the alphabetic one the
    /// line box is built on, but the object aligns as Chromium aligns an inline-block in vertical
    /// writing, about the font's central baseline (``LayoutProfile/centralBaselineReach(ofBox:)``
    /// above the box's left edge, its ascent and descent as `profile` takes them), measured in
    /// headless Chromium (docs/profiles.md, "Inline objects in columns"):
    /// - baseline: its baseline (by default its middle across) on the central baseline;
    /// - middle: its middle half the x-height right of (above) the central baseline (to the nearest
    ///   1/64 px when `profile` places boxes in layout units: 4.609375 px for Noto Sans CJK at 17 px);
    /// - textTop: its right edge at the font box's right edge (the ascent above the alphabetic baseline);
    /// - textBottom: its left edge half the font box (ascent + descent, unrounded) left of the central baseline.
    func alignedBox(font: Font, size: Double, profile: LayoutProfile) -> LineBox? {
        let above: Double
        if isInColumn {
            let metrics = font.metrics.lineBoxMetrics(size: size, profile.normalLineHeight)
            let box = metrics.ascent + metrics.descent
            // How far the central baseline stands above the alphabetic one.
            let central = metrics.ascent - profile.centralBaselineReach(ofBox: box)
            switch align {
            case .baseline: above = central + baselineFromTop
            case .middle:
                // Half the x-height, to Chromium's nearest layout unit when boxes are placed in them.
                let halfXHeight = Double(font.xHeight) * font.metrics.scale(size: size) / 2
                above = central + height / 2 + (profile.explicitLineHeight == .layoutUnits ? (halfXHeight * 64).rounded() / 64 : halfXHeight)
            case .textTop: above = metrics.ascent
            case .textBottom: above = height + central - box / 2
            case .top, .bottom: return nil
            }
            return LineBox(above: above, height: height)
        }
        switch align {
        case .baseline: above = baselineFromTop
        case .middle: above = (height + Double(font.xHeight) * font.metrics.scale(size: size)) / 2
        case .textTop: above = font.metrics.ascent(size: size)
        case .textBottom: above = height - font.metrics.descent(size: size)
        case .top, .bottom: return nil
        }
        return LineBox(above: above, height: height)
    }

    /// How far the object's top stands above the baseline of a line whose box is `line`
    /// (negative when the object lies wholly below it), among text in `font` at `size`: `top` at
    /// the line box's top, `bottom` with its bottom at the line box's bottom, the others as
    /// ``alignedBox(font:size:profile:)`` puts them.
    func ascent(in line: LineBox, font: Font, size: Double, profile: LayoutProfile) -> Double {
        switch align {
        case .top: line.above
        case .bottom: height - line.below
        default: alignedBox(font: font, size: size, profile: profile)!.above
        }
    }
}

/// The inline objects of a text and where they stand: the byte offset of each one's U+FFFC,
/// ascending, the k-th object at the k-th offset. Empty when the text has none (its U+FFFC
/// characters, if any, are then characters).
struct InlineObjectTable: Sendable, Equatable {
    private(set) var objects: [InlineObject] = []
    /// The byte offset of each object's U+FFFC, ascending.
    private(set) var offsets: [Int] = []

    /// The byte length of U+FFFC in UTF-8 (EF BF BC): an object's range in the text.
    static let characterLength = 3

    init() {}

    /// The objects of a text of `bytes`: one for each U+FFFC, in order.
    /// - Throws: ``LayoutError`` `.invalidArgument` when the counts differ or an object's size is
    ///   out of range (see ``InlineObject/validate(index:)``).
    init(_ objects: [InlineObject], bytes: UnsafeBufferPointer<UInt8>) throws(LayoutError) {
        guard !objects.isEmpty else { return }
        let offsets = objectReplacementOffsets(bytes, in: 0..<bytes.count)
        try Self.requireMatching(characters: offsets.count, objects: objects.count)
        for (index, object) in objects.enumerated() { try object.validate(index: index) }
        self.objects = objects
        self.offsets = offsets
    }

    var isEmpty: Bool { objects.isEmpty }

    /// Checks that a text holds one U+FFFC for each object.
    static func requireMatching(characters: Int, objects: Int) throws(LayoutError) {
        guard characters != objects else { return }
        throw LayoutError(.invalidArgument,
                          "the text holds \(characters) U+FFFC (object replacement) character\(characters == 1 ? "" : "s") but \(objects) inline object\(objects == 1 ? " was" : "s were") given: give one object for each U+FFFC, in order, or none",
                          keys: ["inlineObjects"])
    }

    /// The index of the object whose U+FFFC starts at byte `offset`, or nil when none does.
    func index(atByte offset: Int) -> Int? {
        let i = firstIndex(in: offsets, atOrAfter: offset)
        return i < offsets.count && offsets[i] == offset ? i : nil
    }

    /// The indices of the objects whose U+FFFC lies in `range` of bytes.
    func indices(in range: Range<Int>) -> Range<Int> {
        firstIndex(in: offsets, atOrAfter: range.lowerBound)..<firstIndex(in: offsets, atOrAfter: range.upperBound)
    }

    /// The table after the bytes `old` of a text are replaced by `replacementLength` bytes, now
    /// at `replacementStart` of the new text (readable there in `replacement`, a buffer indexed by
    /// text offsets), whose U+FFFC characters take `newObjects`: the objects before the edit stay,
    /// those after it move by `byteDelta`, those in `old` go. `newBytes` gives the whole new text,
    /// read only when a text without objects gets its first (its every U+FFFC then needs one).
    /// - Throws: ``LayoutError`` `.invalidArgument` when the new text would not hold one U+FFFC
    ///   for each object (or no object), or a new object's size is out of range.
    func replacing(_ old: Range<Int>, byteDelta: Int, newObjects: [InlineObject], replacement: UnsafeBufferPointer<UInt8>,
                   replacementAt replacementStart: Int, replacementLength: Int, newBytes: () -> [UInt8]) throws(LayoutError) -> InlineObjectTable {
        let removed = indices(in: old)
        var table = InlineObjectTable()
        table.objects = Array(objects[..<removed.lowerBound]) + newObjects + objects[removed.upperBound...]
        guard !table.objects.isEmpty else { return table }
        // A text without objects had its U+FFFC characters as characters: now each needs one.
        table.offsets = isEmpty ? newBytes().withUnsafeBufferPointer { objectReplacementOffsets($0, in: 0..<$0.count) }
            : Array(offsets[..<removed.lowerBound])
                + objectReplacementOffsets(replacement, in: replacementStart..<(replacementStart + replacementLength))
                + offsets[removed.upperBound...].map { $0 + byteDelta }
        try Self.requireMatching(characters: table.offsets.count, objects: table.objects.count)
        for (k, object) in newObjects.enumerated() { try object.validate(index: removed.lowerBound + k) }
        return table
    }

    /// Roughly the memory the table holds, in bytes.
    var estimatedBytes: Int { heapBytes(objects) + heapBytes(offsets) }
}

/// The byte offsets of the U+FFFC characters (EF BF BC) in `range` of `bytes`, ascending.
func objectReplacementOffsets(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> [Int] {
    var found: [Int] = []
    var i = range.lowerBound
    while i + 2 < range.upperBound {
        if bytes[i] == 0xEF, bytes[i + 1] == 0xBF, bytes[i + 2] == 0xBC { found.append(i); i += 3 } else { i += 1 }
    }
    return found
}

/// Where an inline object is drawn on its line: what a ``GlyphRun`` that stands for one carries
/// (``GlyphRun/inlineObject``) instead of glyphs.
public struct PlacedInlineObject: Sendable, Hashable {
    /// The object's index among the text's objects (its U+FFFC's among the text's).
    public var index: Int
    public var width: Double
    public var height: Double
    /// How far the object's top stands above the line's baseline, in pixels (negative when it
    /// lies wholly below it): its top is at the line's `baseline - ascent`.
    public var ascent: Double

    public init(index: Int, width: Double, height: Double, ascent: Double) {
        self.index = index
        self.width = width
        self.height = height
        self.ascent = ascent
    }
}

/// An inline object's rectangle in a layout (see ``Layout/inlineObjectFrames``).
public struct InlineObjectFrame: Sendable, Hashable {
    /// The object's index among the text's objects.
    public var index: Int
    /// The index of the line it stands on.
    public var line: Int
    /// Its box, in the coordinates the layout is drawn in (as ``Layout/caretRect(for:width:)``):
    /// after alignment, indent, justification and bidi reordering.
    public var rect: LayoutRect

    public init(index: Int, line: Int, rect: LayoutRect) {
        self.index = index
        self.line = line
        self.rect = rect
    }
}
