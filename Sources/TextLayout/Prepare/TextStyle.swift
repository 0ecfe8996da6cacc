// The style a text is prepared in: its font and size, base direction, language and line break rules.

/// How a text is shaped and broken: its primary font and size, the paragraphs' base direction,
/// the language, and how strictly lines may break.
public struct TextStyle: Sendable, Hashable {
    /// The largest size accepted, in pixels per em.
    public static let maximumSize = 10_000.0

    /// The primary font: it shapes every character it has and gives the height of empty lines.
    /// Characters it lacks are drawn with fallback fonts its ``FontContext`` finds.
    public var font: Font
    /// The em size in pixels, a finite number in (0, ``maximumSize``]. Set only through the
    /// initialiser or ``withSize(_:)``, which check it.
    public private(set) var size: Double
    /// The base direction of each paragraph.
    public var direction: TextDirection
    /// The text's language as a BCP 47 tag ("ja", "sr-Latn"), or nil: it selects line break
    /// tailorings, fallback fonts and language-specific glyph forms, each read from the tag
    /// completed with its likely subtags ("zh" as "zh-Hans-CN", see ``LanguageTag``). Set only
    /// through the initialiser or ``withLanguage(_:)``, which check it.
    public private(set) var language: String? { didSet { languageTag = Self.completed(language) } }
    /// `language` completed with its likely subtags: the one form line breaking, shaping and
    /// fallback fonts read.
    private(set) var languageTag: LanguageTag?
    /// How strictly lines may break.
    public var lineBreak: LineBreakStrictness
    /// Where words may break with a hyphen: nowhere, after soft hyphens (the default), or also
    /// where the language's hyphenation patterns allow (see ``HyphenationDictionaries``).
    public var hyphens: Hyphens
    /// The limits on automatic hyphenation. Set only through the initialiser, which checks them.
    public private(set) var hyphenationLimits: HyphenationLimits
    /// How the paragraphs are set in lines after shaping. Set only through the initialiser or
    /// ``withParagraph(_:)``, which check it.
    public private(set) var paragraph: ParagraphStyle

    /// - Throws: ``LayoutError`` `.invalidArgument` when `size` is not a finite number in (0, 10000],
    ///   `language` is not a BCP 47 tag, a hyphenation limit is below 1 or a value of `paragraph`
    ///   is out of range.
    public init(font: Font, size: Double = 17, direction: TextDirection = .auto, language: String? = nil,
                lineBreak: LineBreakStrictness = .normal, hyphens: Hyphens = .manual,
                hyphenationLimits: HyphenationLimits = HyphenationLimits(), paragraph: ParagraphStyle = ParagraphStyle()) throws {
        self.font = font
        self.size = try Self.checkedSize(size)
        self.direction = direction
        self.language = try Self.checkedLanguage(language)
        self.languageTag = Self.completed(self.language)
        self.lineBreak = lineBreak
        self.hyphens = hyphens
        try hyphenationLimits.validate()
        self.hyphenationLimits = hyphenationLimits
        try paragraph.validate()
        self.paragraph = paragraph
    }

    /// This style with other paragraph settings.
    /// - Throws: ``LayoutError`` `.invalidArgument` naming a value of `paragraph` that is out of range.
    public func withParagraph(_ paragraph: ParagraphStyle) throws -> TextStyle {
        try paragraph.validate()
        var style = self
        style.paragraph = paragraph
        return style
    }

    /// This style at another em size.
    /// - Throws: ``LayoutError`` `.invalidArgument` when `size` is not a finite number in (0, 10000].
    public func withSize(_ size: Double) throws -> TextStyle {
        var style = self
        style.size = try Self.checkedSize(size)
        return style
    }

    /// This style in another language (nil for none).
    /// - Throws: ``LayoutError`` `.invalidArgument` when `language` is not a BCP 47 tag.
    public func withLanguage(_ language: String?) throws -> TextStyle {
        var style = self
        style.language = try Self.checkedLanguage(language)
        return style
    }

    /// `size` when it is a finite number in (0, ``maximumSize``].
    private static func checkedSize(_ size: Double) throws -> Double {
        try requirePositive(size, key: "size")
        guard size <= maximumSize else {
            throw LayoutError(.invalidArgument, "size must be at most \(maximumSize) px, got \(size)", keys: ["size"])
        }
        return size
    }

    /// `language` when it is nil or a BCP 47 tag.
    private static func checkedLanguage(_ language: String?) throws -> String? {
        guard let language else { return nil }
        try validateLanguageTag(language)
        return language
    }

    private static func completed(_ language: String?) -> LanguageTag? {
        language.flatMap { LanguageTag($0) }
    }

    /// The language tag HarfBuzz shapes with: the completed tag, or "" for none.
    package var shapingLanguage: String { languageTag?.full ?? "" }

    /// Pixels per font unit of the primary font.
    var scale: Double { font.metrics.scale(size: size) }

    /// The width of a tab stop: 8 spaces of the primary font (Pango's and CSS's default).
    var tabStop: Double { Double(8 * font.spaceAdvance) * scale }

    /// Checks the form of a BCP 47 tag: subtags of 1 to 8 letters or digits joined by hyphens,
    /// the first of 2 to 8 letters, or `x` for a private-use tag (`x-whatever`).
    static func validateLanguageTag(_ tag: String) throws {
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
        let isPrivateUse = subtags.count > 1 && subtags[0].lowercased() == "x"
        let isValid = !tag.isEmpty
            && subtags.allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
            && (subtags[0].count >= 2 || isPrivateUse) && subtags[0].allSatisfy(\.isLetter)
        guard isValid else {
            throw LayoutError(.invalidArgument, "language must be a BCP 47 tag such as 'en', 'ja' or 'zh-Hant', got '\(tag)'", keys: ["language"])
        }
    }
}
