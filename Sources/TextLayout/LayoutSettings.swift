// Every setting of a layout but its font, in one value: how the text is set (what a TextStyle carries) and the editor it is measured in.

/// Every setting a text is laid out and measured with, but its font: the one value a batch job,
/// the command line's options and an editor's configuration hold (`LayoutRequest.settings`,
/// `EditorConfiguration.settings`).
///
/// Its parts are apart because they change different stages: ``text`` changes how the text is
/// prepared and is what a ``TextStyle`` carries with its font (and so what the prepared-text
/// cache keys on), while ``editorWidth`` and ``sizing`` change only the layout and the editor's
/// height, so a new width or sizing finds the prepared text in the cache.
public struct LayoutSettings: Sendable, Hashable {
    /// How the text is set: its size, direction, language, line breaking, hyphenation and paragraphs.
    public var text: TextSettings
    /// The editor's width in pixels, its insets included (the wrap width is less the side
    /// insets: ``EditorSizing/wrapWidth(ofEditorWidth:)``); nil for no wrap limit.
    public var editorWidth: Double?
    /// Line caps, line space, insets and pixel bounds of the editor around the text.
    public var sizing: EditorSizing

    public init(text: TextSettings = TextSettings(), editorWidth: Double? = nil, sizing: EditorSizing = EditorSizing()) {
        self.text = text
        self.editorWidth = editorWidth
        self.sizing = sizing
    }
}

/// How a text is set, its font aside: the em size, the paragraphs' base direction, the language,
/// how strictly lines may break, hyphenation, features, word spacing, and how paragraphs are set in lines
/// (``ParagraphStyle``, the part read after shaping) and the engine whose rules it follows
/// (``LayoutProfile``). A ``TextStyle`` is a font and these,
/// checked when it is made.
public struct TextSettings: Sendable, Hashable {
    /// The largest size accepted, in pixels per em.
    public static let maximumSize = 10_000.0

    /// The em size in pixels, a finite number in (0, ``maximumSize``].
    public var size: Double
    /// The base direction of each paragraph.
    public var direction: TextDirection
    /// The text's language as a BCP 47 tag ("ja", "sr-Latn"), or nil: it selects line break
    /// tailorings, fallback fonts and language-specific glyph forms, each read from the tag
    /// completed with its likely subtags ("zh" as "zh-Hans-CN", see ``LanguageTag``).
    public var language: String?
    /// How strictly lines may break.
    public var lineBreak: LineBreakStrictness
    /// Where words may break with a hyphen: nowhere, after soft hyphens (the default), or also
    /// where the language's hyphenation patterns allow (see ``HyphenationDictionaries``).
    public var hyphens: Hyphens
    /// The limits on automatic hyphenation.
    public var hyphenationLimits: HyphenationLimits
    /// How the paragraphs are set in lines after shaping: line height, alignment, indent, truncation.
    public var paragraph: ParagraphStyle
    /// OpenType features the whole text is shaped with (CSS `font-feature-settings`; read one
    /// from its syntax with ``FontFeature/list(parsing:key:)``); a span's own come after them.
    public var features: [FontFeature] = []
    /// Pixels added after each word separator (CSS `word-spacing`: U+0020, U+00A0, U+1361,
    /// U+10100, U+10101, U+1039F, U+1091F), beside any letter spacing; negative tightens.
    public var wordSpacing = 0.0
    /// Whether lines may also break between letters (`break-all`) or not between them
    /// (`keep-all`), as CSS `word-break` (see ``WordBreak``).
    public var wordBreak = WordBreak.normal
    /// How far apart tab stops stand (CSS `tab-size`): a number of spaces, each the primary font's
    /// space advance plus the letter and word spacing, or pixels; 8 spaces by default.
    public var tabSize = TabSize.spaces(8)
    /// Pixels added after each grapheme cluster of the text (CSS `letter-spacing`), the line's
    /// last included; negative tightens. A span's own replaces it. How a profile treats cursive
    /// scripts and ligatures with it: ``LayoutProfile/cursiveLetterSpacing``,
    /// ``LayoutProfile/letterSpacingLigatures``.
    public var letterSpacing = 0.0
    /// How spaces, tabs and newlines are kept or collapsed and whether lines wrap (CSS
    /// `white-space`, see ``WhiteSpace``); `pre-wrap`, every character kept, by default.
    public var whiteSpace = WhiteSpace.preWrap
    /// How the characters are shown (CSS `text-transform`): in another case by the ``language``'s
    /// rules, full-width or full-size kana, every offset of the results still the text's own
    /// (``TextTransform``); ``TextTransform/none`` by default.
    public var textTransform = TextTransform.none
    /// Which fullwidth punctuation is set half as wide (CSS `text-spacing-trim`); nil for the
    /// profile's rule (``LayoutProfile/textSpacingTrim``: `space-all` in the standard profile,
    /// `normal` in Chromium's).
    public var textSpacingTrim: TextSpacingTrim?
    /// Whether an eighth of an ideograph's advance goes between ideographs and non-ideographic
    /// letters or numerals (CSS `text-autospace`); nil for the profile's rule
    /// (``LayoutProfile/textAutospace``: `no-autospace` in every profile, Chromium's initial value).
    public var textAutospace: TextAutospace?
    /// Whether lines are horizontal or vertical columns (CSS `writing-mode`, ``WritingMode``);
    /// `horizontal-tb` by default. In a vertical mode the wrap width is a column's length, a
    /// line is a column, and the layout's height is the block's extent across its columns.
    public var writingMode = WritingMode.horizontalTB
    /// Which characters of a column stand upright (CSS `text-orientation`, ``TextOrientation``):
    /// by their Unicode `Vertical_Orientation` (`mixed`, the default), all, or none; read only in
    /// a vertical ``writingMode``.
    public var textOrientation = TextOrientation.mixed
    /// The rules where the layout follows another engine's (``LayoutProfile``): ``LayoutProfile/standard``,
    /// the engine's own, by default; ``LayoutProfile/chromium`` lays out as the browser does.
    public var profile = LayoutProfile.standard

    public init(size: Double = 17, direction: TextDirection = .auto, language: String? = nil,
                lineBreak: LineBreakStrictness = .normal, hyphens: Hyphens = .manual,
                hyphenationLimits: HyphenationLimits = HyphenationLimits(), paragraph: ParagraphStyle = ParagraphStyle()) {
        self.size = size
        self.direction = direction
        self.language = language
        self.lineBreak = lineBreak
        self.hyphens = hyphens
        self.hyphenationLimits = hyphenationLimits
        self.paragraph = paragraph
    }

    /// Checks every value, naming the one that is wrong and what is allowed.
    /// - Throws: ``LayoutError`` `.invalidArgument` when `size` is not a finite number in
    ///   (0, 10000], `language` is not a BCP 47 tag, a hyphenation limit is below 1 or a value of
    ///   `paragraph` is out of range.
    func validate() throws {
        try Self.checkSize(size)
        try Self.checkLanguage(language)
        try Self.checkSpacing(wordSpacing, key: "wordSpacing")
        try tabSize.validate()
        try Self.checkSpacing(letterSpacing, key: "letterSpacing")
        try hyphenationLimits.validate()
        try paragraph.validate()
    }

    /// Checks that `size` is a finite number in (0, ``maximumSize``].
    static func checkSize(_ size: Double) throws {
        try requirePositive(size, key: "size")
        guard size <= maximumSize else {
            throw LayoutError(.invalidArgument, "size must be at most \(plainNumber(maximumSize)) px, got \(plainNumber(size))", keys: ["size"])
        }
    }

    /// Checks that `spacing`, the setting `key` (a letter or word spacing), is a finite number of
    /// pixels no larger in size than ``maximumSize``.
    static func checkSpacing(_ spacing: Double, key: String) throws {
        guard spacing.isFinite, abs(spacing) <= maximumSize else {
            throw LayoutError(.invalidArgument, "\(key) must be a finite number of pixels from -\(plainNumber(maximumSize)) to \(plainNumber(maximumSize)), got \(plainNumber(spacing))", keys: [key])
        }
    }

    /// Checks that `language` is nil or a BCP 47 tag: subtags of 1 to 8 letters or digits joined
    /// by hyphens, the first of 2 to 8 letters, or `x` for a private-use tag (`x-whatever`).
    static func checkLanguage(_ language: String?) throws {
        guard let tag = language else { return }
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
        let isPrivateUse = subtags.count > 1 && subtags[0].lowercased() == "x"
        let isValid = !tag.isEmpty
            && subtags.allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
            && (subtags[0].count >= 2 || isPrivateUse) && subtags[0].allSatisfy(\.isLetter)
        guard isValid else {
            throw LayoutError(.invalidArgument, "language must be a BCP 47 tag such as 'en', 'ja' or 'zh-Hant', got '\(tag)'",
                              keys: ["language"])
        }
    }
}

extension TextSettings {
    /// The `text-spacing-trim` in force: ``textSpacingTrim``, else the profile's.
    var effectiveTextSpacingTrim: TextSpacingTrim { textSpacingTrim ?? profile.textSpacingTrim }

    /// The `text-autospace` in force: ``textAutospace``, else the profile's.
    var effectiveTextAutospace: TextAutospace { textAutospace ?? profile.textAutospace }

    /// The strut lines are held to: the paragraph's, at least `minimum` under a profile whose
    /// lines always hold the primary font's box (``PrimaryFontBox/always``).
    var strut: Strut { profile.primaryFontBox == .always && paragraph.strut == .none ? .minimum : paragraph.strut }

    /// The widest a line may be and fit at wrap width `wrapWidth`: the paragraph's
    /// ``ParagraphStyle/lineLimit(_:isFirstLine:)``, or under a profile with a
    /// ``LayoutProfile/layoutUnit`` anything short of one unit past it, as a width truncated to
    /// whole units then fits (Chromium's `LayoutUnit`).
    @inline(__always)
    func lineLimit(_ wrapWidth: Double, isFirstLine: Bool) -> Double {
        let limit = paragraph.lineLimit(wrapWidth, isFirstLine: isFirstLine)
        guard let unit = profile.layoutUnit, limit.isFinite else { return limit }
        return (((limit / unit).rounded(.down) + 1) * unit).nextDown
    }

    /// The room a line `width` wide needs to fit (see ``lineLimit(_:isFirstLine:)``): the width,
    /// or under a profile with a layout unit the width truncated to whole units.
    func fittingWidth(_ width: Double) -> Double {
        guard let unit = profile.layoutUnit, width.isFinite else { return width }
        return (width / unit).rounded(.down) * unit
    }

    /// The width of a box sized to hold content `width` wide: the width, or under a profile with
    /// a layout unit the width rounded up to whole units, so that the content fits (as Chromium
    /// sizes a box, or adds a line's items, in whole `LayoutUnit`s).
    func boxWidth(holding width: Double) -> Double {
        guard let unit = profile.layoutUnit, width.isFinite else { return width }
        return (width / unit).rounded(.up) * unit
    }

    /// Whether lines are as tall as their fonts' own metrics make them (`lineHeight` normal, no
    /// strut): the model of the layouts before line heights, and its faster path.
    var usesFontLineBoxes: Bool { paragraph.lineHeight == .normal && strut == .none }
}

extension TextSettings {
    /// Hashes the settings with each enum by its case (``caseByte(_:)``), not its name: the
    /// prepared-text cache hashes them for every text it looks up. Equal settings hash alike; a
    /// field left out here only makes settings that differ in it alone collide, which `==` then
    /// tells apart.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(size)
        hasher.combine(language)
        hasher.combine(wordSpacing)
        hasher.combine(letterSpacing)
        hasher.combine(caseByte(direction))
        hasher.combine(caseByte(lineBreak))
        hasher.combine(caseByte(hyphens))
        hasher.combine(caseByte(wordBreak))
        hasher.combine(caseByte(whiteSpace))
        hasher.combine(caseByte(textTransform))
        if let textSpacingTrim { hasher.combine(caseByte(textSpacingTrim)) }
        if let textAutospace { hasher.combine(caseByte(textAutospace)) }
        hasher.combine(caseByte(writingMode))
        hasher.combine(caseByte(textOrientation))
        hasher.combine(hyphenationLimits)
        hasher.combine(tabSize)
        hasher.combine(features)
        hasher.combine(paragraph)
        hasher.combine(profile)
    }
}
