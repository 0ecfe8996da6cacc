// Styled spans: ranges of a text with their own font, size, OpenType features, letter spacing, opaque attributes and decoration lines.

/// An OpenType feature setting, such as `liga` off or `smcp` on.
public struct FontFeature: Sendable, Hashable {
    /// The four-letter feature tag.
    public var tag: String
    /// 0 turns the feature off, 1 on; larger values pick an alternate.
    public var value: UInt32

    /// - Throws: ``LayoutError`` `.invalidArgument` when `tag` is not four ASCII characters.
    public init(_ tag: String, _ value: UInt32 = 1) throws {
        guard tag.utf8.count == 4, tag.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else {
            throw LayoutError(.invalidArgument, "a font feature tag has four ASCII letters or digits, such as 'liga' or 'smcp', got '\(tag)'")
        }
        self.tag = tag
        self.value = value
    }
}

/// The lines drawn with a span's text: under it, through it, or both. Decoration changes no
/// measurement: a span that only decorates shapes with its neighbours (as one that only carries
/// attributes does), and its glyph runs carry it (``GlyphRun/decoration``) for the renderer, which
/// draws each line with the run's font's ``DecorationMetrics``.
public struct TextDecoration: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// A line under the text, at the font's underline position.
    public static let underline = TextDecoration(rawValue: 1)
    /// A line through the text, at the font's strikeout position.
    public static let lineThrough = TextDecoration(rawValue: 2)

    /// Each decoration line by the name the batch format gives it, in the order they are drawn.
    public static let named: [(name: String, decoration: TextDecoration)] = [("underline", .underline), ("lineThrough", .lineThrough)]

    /// The names of the lines this decoration draws, in ``named``'s order.
    public var names: [String] { Self.named.filter { contains($0.decoration) }.map(\.name) }
}

/// A range of the text drawn in its own style. Unset properties come from the text's
/// ``TextStyle``. Spans may not overlap.
public struct StyledSpan: Sendable, Hashable {
    /// The range, in UTF-16 offsets into the text.
    public var range: Range<Int>
    /// The span's font-family list (its fallback fonts come from its primary's context), or nil
    /// for the text's.
    public var fonts: FontFamilyList?
    /// The span's primary font, or nil; setting it makes the span's list that font alone.
    public var font: Font? {
        get { fonts?.primary }
        set { fonts = newValue.map(FontFamilyList.init) }
    }
    /// The span's em size in pixels, or nil.
    public var size: Double?
    /// OpenType features for the span's shaping.
    public var features: [FontFeature]
    /// Space added after each grapheme cluster, in pixels (negative tightens); nil for the
    /// text's (``TextSettings/letterSpacing``).
    public var letterSpacing: Double?
    /// Space added after each word separator, in pixels (see ``TextSettings/wordSpacing``); nil
    /// for the text's.
    public var wordSpacing: Double? = nil
    /// Opaque attributes (a colour, a link) carried to the span's glyph runs for the renderer.
    public var attributes: [String: String]
    /// The lines drawn with the span's text (none by default), carried to its glyph runs.
    public var decoration: TextDecoration
    /// Whether the span's text is one upright unit in a column (CSS `text-combine-upright`; none
    /// by default, and nothing in horizontal text).
    public var textCombineUpright: TextCombineUpright = .none

    public init(range: Range<Int>, font: Font? = nil, size: Double? = nil, features: [FontFeature] = [],
                letterSpacing: Double? = nil, attributes: [String: String] = [:], decoration: TextDecoration = []) {
        self.range = range
        self.fonts = font.map(FontFamilyList.init)
        self.size = size
        self.features = features
        self.letterSpacing = letterSpacing
        self.attributes = attributes
        self.decoration = decoration
    }
}

extension FontFeature {
    /// The optional ligatures off (`liga`, `clig`, `calt`), as letter spacing asks under
    /// ``LetterSpacingLigatures/disabled``.
    static let noOptionalLigatures = ["liga", "clig", "calt"].map { FontFeature(knownTag: $0, 0) }

    /// The font's half, third and quarter widths on (`hwid`, `twid`, `qwid`), in the order
    /// Chromium tries them to fit text combined upright in an em (its compressed fonts).
    static let widthVariants = ["hwid", "twid", "qwid"].map { FontFeature(knownTag: $0, 1) }

    /// A feature of a tag known to be four ASCII characters.
    private init(knownTag tag: String, _ value: UInt32) {
        self.tag = tag
        self.value = value
    }
}

extension StyledSpan {
    /// Equal, with the attributes' keys and values compared by their code units
    /// (``Swift/String/hasSameCodeUnits(as:)``), not by canonical equivalence.
    package func isExactly(_ other: StyledSpan) -> Bool {
        self == other && attributes.count == other.attributes.count && attributes.allSatisfy { key, value in
            other.attributes.contains { $0.key.hasSameCodeUnits(as: key) && $0.value.hasSameCodeUnits(as: value) }
        }
    }
}

extension Array where Element == StyledSpan {
    /// The same spans in the same order, compared with ``StyledSpan/isExactly(_:)``.
    package func areExactly(_ other: [StyledSpan]) -> Bool {
        count == other.count && zip(self, other).allSatisfy { $0.isExactly($1) }
    }
}

/// A span resolved against its text: a byte range and every property set.
struct ResolvedSpan: Sendable {
    var bytes: Range<Int>
    var fonts: FontFamilyList
    var font: Font { fonts.primary }
    var size: Double
    var features: [FontFeature]
    /// The span's letter spacing, else the text's.
    var letterSpacing: Double
    /// The span's word spacing, else the text's.
    var wordSpacing: Double
    /// Whether the span's text is one upright unit in a column: ``TextCombineUpright/all`` in a
    /// vertical writing mode (in horizontal text the key changes nothing).
    var combinesUpright = false
    /// The index of the span in ``PreparedText/spans``, or nil for text outside every span.
    var index: Int?
}

extension StyledSpan {
    /// Checks the spans against a text of `utf16Count` code units and sorts them by start.
    static func validated(_ spans: [StyledSpan], utf16Count: Int) throws -> [(offset: Int, span: StyledSpan)] {
        let sorted = spans.enumerated().sorted { $0.element.range.lowerBound < $1.element.range.lowerBound }
        var end = 0
        for (index, span) in sorted {
            guard span.range.lowerBound >= 0, span.range.upperBound <= utf16Count else {
                throw LayoutError(.invalidArgument, "span \(index)'s range \(span.range.lowerBound)..<\(span.range.upperBound) is outside the text's \(utf16Count) UTF-16 code units",
                                  keys: ["spans[\(index)]"])
            }
            guard span.range.lowerBound >= end else {
                throw LayoutError(.invalidArgument, "span \(index) overlaps the span before it; spans may not overlap", keys: ["spans[\(index)]"])
            }
            if let size = span.size {
                try requirePositive(size, key: "spans[\(index)].size", as: "span \(index)'s size")
                guard size <= TextSettings.maximumSize else {
                    throw LayoutError(.invalidArgument, "span \(index)'s size must be at most \(plainNumber(TextSettings.maximumSize)) px, got \(plainNumber(size))",
                                      keys: ["spans[\(index)].size"])
                }
            }
            try TextSettings.checkSpacing(span.letterSpacing ?? 0, key: "spans[\(index)].letterSpacing")
            try TextSettings.checkSpacing(span.wordSpacing ?? 0, key: "spans[\(index)].wordSpacing")
            end = span.range.upperBound
        }
        return sorted.map { ($0.offset, $0.element) }
    }
}
