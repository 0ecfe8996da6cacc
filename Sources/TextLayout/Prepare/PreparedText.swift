// A text prepared once in a style (shaped, break opportunities found), ready to be laid out at any width.

/// A text shaped and analysed once, to be laid out at any number of widths.
///
/// Preparing does the expensive work (shaping with HarfBuzz, break opportunities with ICU);
/// ``layout(wrapWidth:lineSpace:)`` is then arithmetic over the measured widths, reshaping only the
/// few pieces next to a line edge HarfBuzz marks unsafe to break. A `PreparedText` is a value:
/// cheap to copy, safe to share between threads.
public struct PreparedText: Sendable {
    /// The longest text accepted, in UTF-8 bytes (64 MiB).
    public static let maximumLength = 64 << 20

    /// The text as given. (An edited text keeps its characters paragraph by paragraph: the first
    /// read of `text` after an edit builds the string, once.)
    /// - Complexity: O(1) for a text prepared from a string; O(n) on the first read after an edit
    ///   (the paragraphs' chunks are joined into a new string, under a lock), then O(1).
    public var text: String { flatText.string }
    /// The font and size it was shaped in.
    public var style: TextStyle { parts.style }
    /// Ranges of the text in their own font, size, features, letter spacing and attributes.
    public var spans: [StyledSpan] { parts.spans }
    /// The boxes laid out in the text, the k-th at its k-th U+FFFC; empty when the text has none
    /// (its U+FFFC characters, if any, are then characters).
    public var inlineObjects: [InlineObject] { objectTable.objects }
    /// The objects with the byte offsets of their U+FFFC characters.
    var objectTable: InlineObjectTable { parts.objectTable }
    /// The text's UTF-8 bytes in one array; every internal offset points into them. Built from the
    /// paragraphs' chunks on the first read after an edit: readers that need only some paragraphs
    /// read their chunks (``withBytes(ofParagraphs:_:)``).
    var bytes: [UInt8] { flatText.bytes }
    /// The text's length in UTF-8 bytes.
    var byteCount: Int { paragraphs.extent.bytes }
    /// The paragraphs and their bytes, in a tree that sums their UTF-8 and UTF-16 lengths: an
    /// edit's UTF-16 range is found in bytes by reading only the paragraphs it falls in, and an
    /// edit moves none of the paragraphs after it nor copies their bytes (see ``PreparedParagraphs``).
    var paragraphs: PreparedParagraphs { parts.paragraphs }
    /// The whole text, as a string and as bytes, built when first read.
    var flatText: FlatText { parts.flatText }
    /// The text's length in UTF-16 code units.
    var utf16Count: Int { paragraphs.extent.utf16 }
    /// The spans in byte ranges, sorted, for the paragraphs to split their runs at.
    var resolvedSpans: [ResolvedSpan] { parts.resolvedSpans }
    /// What went less well than asked without failing: a family of the style's or a span's font
    /// list that no font has (``FontFamilyList/skippedFamilies``); with ``TextSettings/hyphens``
    /// `auto`, that the language has no usable hyphenation patterns (none installed, or a file
    /// that cannot be read), so words break only at soft hyphens. Empty when all is well.
    public var warnings: [String] { parts.warnings }
    /// The patterns ``TextSettings/hyphens`` `auto` hyphenates with (nil otherwise, or without any).
    var hyphenation: HyphenationPatterns? { parts.hyphenation }
    /// The characters white-space collapsing removed, a flag by byte offset (nil when none: see
    /// ``WhiteSpaceCollapsing``): no caret stands among them.
    var collapsedWhiteSpace: BitFlags? { parts.collapsed }

    /// The preparation's parts behind one reference: a prepared text is copied into every
    /// layout, and by callers that keep many, and copying one reference is one retain where
    /// copying the parts (the style, the paragraphs, the spans, the text...) took a score.
    private final class Parts: Sendable {
        let style: TextStyle
        let spans: [StyledSpan]
        let objectTable: InlineObjectTable
        let paragraphs: PreparedParagraphs
        let flatText: FlatText
        let resolvedSpans: [ResolvedSpan]
        let warnings: [String]
        let hyphenation: HyphenationPatterns?
        let collapsed: BitFlags?

        init(style: TextStyle, spans: [StyledSpan], objectTable: InlineObjectTable, paragraphs: PreparedParagraphs,
             flatText: FlatText, resolvedSpans: [ResolvedSpan], warnings: [String], hyphenation: HyphenationPatterns?,
             collapsed: BitFlags? = nil) {
            self.style = style
            self.spans = spans
            self.objectTable = objectTable
            self.paragraphs = paragraphs
            self.flatText = flatText
            self.resolvedSpans = resolvedSpans
            self.warnings = warnings
            self.hyphenation = hyphenation
            self.collapsed = collapsed
        }
    }

    private let parts: Parts

    /// Shapes and analyses `text` in `style`, with `spans` styled on their own and
    /// `inlineObjects` laid out at its U+FFFC characters. The same text prepared again in the same
    /// style, spans and objects (and font context) comes from the context's
    /// ``FontContext/preparedTextCache`` without any work.
    /// - Parameter inlineObjects: one object for each U+FFFC of the text, in order (see
    ///   ``InlineObject``), or none: then a U+FFFC is a character like any other.
    /// - Throws: ``LayoutError`` `.invalidText` when the text is longer than ``maximumLength``,
    ///   `.invalidArgument` for a span outside the text, overlapping another, or with a bad size,
    ///   for inline objects that are not one for each U+FFFC (the message gives both counts), or
    ///   for an object's size out of range (naming its key, `inlineObjects[k].width`).
    /// - Complexity: O(n) in the length of the text.
    public init(_ text: String, style: TextStyle, spans: [StyledSpan] = [], inlineObjects: [InlineObject] = []) throws {
        guard let cache = style.font.context?.preparedTextCache else {
            try self.init(uncached: text, style: style, spans: spans, inlineObjects: inlineObjects)
            return
        }
        let key = PreparedTextCache.key(text, style, spans, inlineObjects)
        if let cached = cache.lookup(key, text, style, spans, inlineObjects) {
            self = cached
            return
        }
        try self.init(uncached: text, style: style, spans: spans, inlineObjects: inlineObjects)
        cache.store(self, key: key)
    }

    private init(uncached text: String, style: TextStyle, spans: [StyledSpan], inlineObjects: [InlineObject]) throws {
        var bytes = Array(text.utf8)
        guard bytes.count <= Self.maximumLength else {
            throw LayoutError(.invalidText, "the text is \(bytes.count) bytes of UTF-8; at most \(Self.maximumLength) are allowed")
        }
        // Under a collapsing white-space every stage reads the shaping copy (the same offsets):
        // the text as given is kept only as the string.
        var collapsed: BitFlags?
        if let collapsing = WhiteSpaceCollapsing(bytes, whiteSpace: style.settings.whiteSpace) {
            bytes = collapsing.shapingBytes
            if collapsing.hasCollapsed { collapsed = collapsing.collapsed }
        }
        let ranges = bytes.withUnsafeBufferPointer(splitParagraphs)
        let (utf16Starts, utf16Count) = bytes.withUnsafeBufferPointer { Self.utf16Starts(of: ranges[...], in: $0, from: 0) }
        let resolved = try Self.resolve(spans, bytes: bytes, utf16Count: utf16Count, style: style)
        let objects = try bytes.withUnsafeBufferPointer { try InlineObjectTable(inlineObjects, bytes: $0) }
        let lookup = style.hyphenationLookup()
        var hyphenation: HyphenationPatterns?
        let warnings: [String]
        switch lookup {
        case let .patterns(patterns)?: hyphenation = patterns; warnings = Self.fontListWarnings(style, spans)
        case let .unavailable(warning)?: warnings = Self.fontListWarnings(style, spans) + [warning]
        case nil: warnings = Self.fontListWarnings(style, spans)
        }
        let paragraphs = PreparedParagraphs(try bytes.withUnsafeBufferPointer { buffer in
            try ranges.map {
                try PreparedParagraph.prepare($0, bytes: buffer, style: style, spans: resolved, objects: objects, hyphenation: hyphenation,
                                              collapsed: collapsed)
            }
        }.entries(utf16Starts: utf16Starts, utf16End: utf16Count, bytes: bytes, from: 0))
        parts = Parts(style: style, spans: spans, objectTable: objects, paragraphs: paragraphs,
                      flatText: FlatText(paragraphs, bytes: bytes, string: text), resolvedSpans: resolved,
                      warnings: warnings, hyphenation: hyphenation, collapsed: collapsed)
    }

    /// A preparation assembled from parts (an edit's), hyphenated as `original` was; `wholeBytes`
    /// are the text's bytes in one array when the edit had them built already.
    init(style: TextStyle, spans: [StyledSpan], resolvedSpans: [ResolvedSpan], objectTable: InlineObjectTable,
         paragraphs: PreparedParagraphs, wholeBytes: [UInt8]?, hyphenatedAs original: PreparedText) {
        parts = Parts(style: style, spans: spans, objectTable: objectTable, paragraphs: paragraphs,
                      flatText: FlatText(paragraphs, bytes: wholeBytes), resolvedSpans: resolvedSpans,
                      warnings: original.warnings, hyphenation: original.hyphenation)
    }

    /// Runs `body` on the bytes of the paragraphs `range` (consecutive, at least one), in a buffer
    /// indexed by text offsets in which only those paragraphs may be read (see
    /// ``PreparedParagraphs/withBytes(ofParagraphs:_:)``): what an edit and a relayout after it
    /// read instead of the whole text.
    func withBytes<Result>(ofParagraphs range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try paragraphs.withBytes(ofParagraphs: range, body)
    }

    /// A warning for each family skipped in the style's font list and in each span's, once each.
    private static func fontListWarnings(_ style: TextStyle, _ spans: [StyledSpan]) -> [String] {
        var warnings: [String] = []
        for list in [style.fonts] + spans.compactMap(\.fonts) {
            for warning in list.warnings where !warnings.contains(warning) { warnings.append(warning) }
        }
        return warnings
    }

    /// The spans in byte ranges, sorted by start, for a text of `bytes` that is `utf16Count` UTF-16 code units long.
    static func resolve(_ spans: [StyledSpan], bytes: [UInt8], utf16Count: Int, style: TextStyle) throws -> [ResolvedSpan] {
        guard !spans.isEmpty else { return [] }
        let sorted = try StyledSpan.validated(spans, utf16Count: utf16Count)
        return try bytes.withUnsafeBufferPointer { buffer in
            // One pass over the text turns the sorted UTF-16 offsets into byte offsets.
            var counter = UTF16OffsetCounter(buffer)
            func byte(at target: Int) throws -> Int {
                guard let offset = counter.byte(atUTF16: target) else {
                    throw LayoutError(.invalidArgument, "a span boundary at UTF-16 offset \(target) splits a surrogate pair", keys: ["spans"])
                }
                return offset
            }
            return try sorted.map { index, span in
                let start = try byte(at: span.range.lowerBound)
                let end = try byte(at: span.range.upperBound)
                return ResolvedSpan(bytes: start..<end, fonts: span.fonts ?? style.fonts, size: span.size ?? style.settings.size,
                                    features: span.features, letterSpacing: span.letterSpacing ?? style.settings.letterSpacing,
                                    wordSpacing: span.wordSpacing ?? style.settings.wordSpacing,
                                    combinesUpright: span.textCombineUpright == .all && style.settings.writingMode.isVertical, index: index)
            }
        }
    }

    /// The UTF-16 offset where each of `ranges` (consecutive paragraphs of `bytes`, the first
    /// starting at UTF-16 offset `utf16Start`) starts, and the UTF-16 offset where the last ends
    /// (its ``ParagraphRange/next``).
    static func utf16Starts(of ranges: ArraySlice<ParagraphRange>, in bytes: UnsafeBufferPointer<UInt8>,
                            from utf16Start: Int) -> (starts: [Int], end: Int) {
        guard let first = ranges.first else { return ([], utf16Start) }
        var counter = UTF16OffsetCounter(bytes, byteOffset: first.start, utf16Offset: utf16Start)
        let starts = ranges.map { counter.utf16(at: $0.start) }
        return (starts, counter.utf16(at: ranges.last!.next))
    }

    /// Prepares `text` in `font` at `size` pixels, with `inlineObjects` at its U+FFFC characters
    /// (as ``init(_:style:spans:inlineObjects:)`` takes them).
    public init(_ text: String, font: Font, size: Double = 17, inlineObjects: [InlineObject] = []) throws {
        try self.init(text, fonts: FontFamilyList(font), size: size, inlineObjects: inlineObjects)
    }

    /// Prepares `text` in the fonts of a family list at `size` pixels, with `inlineObjects` at
    /// its U+FFFC characters (as ``init(_:style:spans:inlineObjects:)`` takes them).
    public init(_ text: String, fonts: FontFamilyList, size: Double = 17, inlineObjects: [InlineObject] = []) throws {
        try self.init(text, style: TextStyle(fonts: fonts, size: size), inlineObjects: inlineObjects)
    }

    /// Roughly the memory the preparation holds, in bytes (for cache budgets).
    public var estimatedBytes: Int {
        var total = 0
        forEachEstimatedPart { total += $1 }
        return total
    }

    /// The memory ``estimatedBytes`` counts, part by part (the paragraphs' tables summed over the
    /// paragraphs): `body(name, bytes)` for each, a part named more than once adding up.
    package func forEachEstimatedPart(_ body: (String, Int) -> Void) {
        // The text's string and bytes (see FlatText), the paragraphs' tree.
        body("text", flatText.estimatedBytes)
        body("paragraph tree", paragraphs.nodeBytes)
        body("spans, inline objects", heapBytes(resolvedSpans) + objectTable.estimatedBytes + 64)
        for paragraph in paragraphs.storedParagraphs { paragraph.forEachEstimatedPart(body) }
    }
}
