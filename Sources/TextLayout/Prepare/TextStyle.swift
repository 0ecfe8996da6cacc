// The style a text is prepared in: its primary font and how the text is set (TextSettings), checked.

/// How a text is shaped and broken: its primary font and its ``TextSettings`` (size, the
/// paragraphs' base direction, the language, line breaking, hyphenation and paragraphs),
/// checked when the style is made.
public struct TextStyle: Sendable, Hashable {
    /// The style's values behind one reference: a style is copied into every layout, line
    /// measurer and shaping call, and copying one reference is one retain where copying the
    /// fields (fonts, strings and arrays of the settings, the language tag) took a dozen.
    /// Immutable: a change makes new values.
    private final class Values: Sendable {
        let fonts: FontFamilyList
        let settings: TextSettings
        let languageTag: LanguageTag?

        init(fonts: FontFamilyList, settings: TextSettings, languageTag: LanguageTag?) {
            self.fonts = fonts
            self.settings = settings
            self.languageTag = languageTag
        }
    }

    private var values: Values

    /// The font-family list: each cluster takes its first font that has all the cluster's
    /// characters; a cluster none has, a fallback font the primary's ``FontContext`` finds.
    public var fonts: FontFamilyList {
        @inline(__always) get { values.fonts }
        set { values = Values(fonts: newValue, settings: values.settings, languageTag: values.languageTag) }
    }
    /// The primary font (the list's first): it shapes every character it has and gives the
    /// height of empty lines. Setting it makes the list that font alone.
    public var font: Font {
        @inline(__always) get { values.fonts.primary }
        set { fonts = FontFamilyList(newValue) }
    }
    /// How the text is set. Set only through the initialiser or ``withSize(_:)``,
    /// ``withLanguage(_:)`` and ``withParagraph(_:)``, which check it.
    public private(set) var settings: TextSettings {
        @inline(__always) get { values.settings }
        set { values = Values(fonts: values.fonts, settings: newValue, languageTag: values.languageTag) }
    }
    /// The settings' language completed with its likely subtags: the one form line breaking,
    /// shaping and fallback fonts read.
    private(set) var languageTag: LanguageTag? {
        @inline(__always) get { values.languageTag }
        set { values = Values(fonts: values.fonts, settings: values.settings, languageTag: newValue) }
    }

    /// Equal styles have equal fonts, settings and language tags (the values, not the reference).
    public static func == (a: TextStyle, b: TextStyle) -> Bool {
        a.fonts == b.fonts && a.settings == b.settings && a.languageTag == b.languageTag
    }

    /// Hashes the fonts, settings and language tag, in that order.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(fonts)
        hasher.combine(settings)
        hasher.combine(languageTag)
    }

    /// - Throws: ``LayoutError`` `.invalidArgument` naming a value of `settings` that is out of
    ///   range (see ``TextSettings``).
    public init(font: Font, settings: TextSettings = TextSettings()) throws {
        try self.init(fonts: FontFamilyList(font), settings: settings)
    }

    /// A style in the fonts of a family list (see ``FontContext/fonts(familyList:weight:key:)``).
    /// - Throws: ``LayoutError`` `.invalidArgument` naming a value of `settings` that is out of
    ///   range (see ``TextSettings``).
    public init(fonts: FontFamilyList, settings: TextSettings = TextSettings()) throws {
        try settings.validate()
        values = Values(fonts: fonts, settings: settings, languageTag: Self.completed(settings.language))
    }

    /// A style in the fonts of a family list at `size` pixels, the other settings their defaults.
    /// - Throws: ``LayoutError`` `.invalidArgument` when `size` is not a finite number in (0, 10000].
    public init(fonts: FontFamilyList, size: Double) throws {
        try self.init(fonts: fonts, settings: TextSettings(size: size))
    }

    /// A style in the fonts of a CSS `font-family` list (`"Inter, Noto Sans, sans-serif"`) at
    /// `weight` (nil for the regular weight), loaded by `context` as
    /// ``FontContext/fonts(familyList:weight:key:)`` loads them, at `size` pixels.
    /// - Throws: what ``FontContext/fonts(familyList:weight:key:)`` throws for the list (naming
    ///   the key `font`), and ``LayoutError`` `.invalidArgument` for a `size` out of range.
    public init(familyList: String, weight: Double? = nil, size: Double = 17, in context: FontContext = .shared) throws {
        try self.init(fonts: context.fonts(familyList: familyList, weight: weight), size: size)
    }

    /// This style with other paragraph settings.
    /// - Throws: ``LayoutError`` `.invalidArgument` naming a value of `paragraph` that is out of range.
    public func withParagraph(_ paragraph: ParagraphStyle) throws -> TextStyle {
        try paragraph.validate()
        var style = self
        style.settings.paragraph = paragraph
        return style
    }

    /// This style at another em size.
    /// - Throws: ``LayoutError`` `.invalidArgument` when `size` is not a finite number in (0, 10000].
    public func withSize(_ size: Double) throws -> TextStyle {
        try TextSettings.checkSize(size)
        var style = self
        style.settings.size = size
        return style
    }

    /// This style in another language (nil for none).
    /// - Throws: ``LayoutError`` `.invalidArgument` when `language` is not a BCP 47 tag.
    public func withLanguage(_ language: String?) throws -> TextStyle {
        try TextSettings.checkLanguage(language)
        var style = self
        style.settings.language = language
        style.languageTag = Self.completed(language)
        return style
    }

    private static func completed(_ language: String?) -> LanguageTag? {
        language.flatMap { LanguageTag($0) }
    }

    /// The language tag HarfBuzz shapes with: the completed tag, or "" for none.
    package var shapingLanguage: String { languageTag?.full ?? "" }

    /// Pixels per font unit of the primary font.
    var scale: Double { font.metrics.scale(size: settings.size) }

    /// The width of the primary font's space, without spacing: a tab's least gap is counted in it
    /// (``TabStopRule``).
    var spaceWidth: Double { Double(font.spaceAdvance) * scale }

    /// How far apart tab stops stand, in pixels (``TextSettings/tabSize``): a number of spaces of
    /// the primary font, each with the letter and word spacing (CSS's rule: the space's advance as
    /// set), or pixels.
    var tabStop: Double {
        switch settings.tabSize {
        case let .spaces(count): count * (spaceWidth + settings.letterSpacing + settings.wordSpacing)
        case let .pixels(pixels): pixels
        }
    }
}
