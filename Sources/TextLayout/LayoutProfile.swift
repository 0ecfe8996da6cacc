// A compatibility profile: the rules where another engine (a browser, Pango) lays text out otherwise than this one, each switched by a field, and every rule's enum.

/// The rules where other engines lay text out otherwise than this one, as data: each stored
/// property names one rule and says which way it goes. ``standard`` is the engine's own
/// behaviour (UAX 14 with the documented choices, exact widths); ``chromium`` lays out as
/// Chromium does a `div` with `white-space: pre-wrap; overflow-wrap: anywhere` (docs/profiles.md);
/// ``pango`` as Pango 1.50 does. A profile is part of ``TextSettings`` (`TextSettings.profile`,
/// the batch's `"profile"`, the command line's `--profile`), so it keys the prepared-text cache
/// like every other setting of the text.
///
/// Adding a profile is one more value: a name and the way each rule goes. Its name is what the
/// batch and the command line take (``init(rawValue:)`` finds the named ones, ``allCases``).
public struct LayoutProfile: Sendable, Hashable {
    /// The name the batch's `"profile"` and `--profile` take.
    public var name: String
    /// Where lines may break around ASCII punctuation.
    public var punctuationBreaks: PunctuationBreaks
    /// Whether `lineBreak: normal` breaks before small kana and the prolonged sound mark.
    public var smallKanaBreaks: SmallKanaBreaks
    /// The unit a line's width is truncated to before it is compared with its room, in pixels; nil
    /// for none (exact doubles). Chromium's `LayoutUnit` is 1/64 px: a line up to 1/64 px wider
    /// than its room still fits. Widths are reported exact either way.
    public var layoutUnit: Double?
    /// Whether a no-break space (U+00A0, U+2007, U+202F) at the end of a line cut inside a word
    /// hangs like a space or counts in the line's width and fit.
    public var lineEndNoBreakSpace: LineEndNoBreakSpace
    /// How a justified line with no space between words (one word, a cut word) is set.
    public var justifyWithoutSpaces: JustifyWithoutSpaces
    /// The side an indent is measured from on a line aligned to the end or centred.
    public var indentSide: IndentSide
    /// What the last kept line of an `end` truncation holds.
    public var endTruncation: EndTruncation
    /// How `line-height: normal` is made from the font's ascent and descent.
    public var normalLineHeight: NormalLineHeight
    /// How a line height given as a multiple or in pixels is split around a font's ascent and descent.
    public var explicitLineHeight: ExplicitLineHeight
    /// Where words of Thai, Lao, Khmer and Myanmar (UAX #14 class SA) may break.
    public var complexContextBreaks: ComplexContextBreaks
    /// How much of the whitespace at a line's end hangs out of its width and fit.
    public var hangingWhitespace: HangingWhitespace
    /// Which font draws a space between text in other fonts than the primary.
    public var spaceFont: SpaceFont
    /// Whether every line's box holds the primary font's, or only when the paragraph's strut asks.
    public var primaryFontBox: PrimaryFontBox
    /// Which font draws an emoji-presentation character without a variation selector that a font
    /// of the font-family list has.
    public var emojiPresentationFont: EmojiPresentationFont
    /// Which fullwidth punctuation is set half as wide (CSS `text-spacing-trim`) where the text's
    /// settings do not say (``TextSettings/textSpacingTrim``).
    public var textSpacingTrim: TextSpacingTrim
    /// Whether space goes between ideographs and non-ideographic letters or numerals (CSS
    /// `text-autospace`) where the text's settings do not say (``TextSettings/textAutospace``).
    public var textAutospace: TextAutospace
    /// How a glyph of a font of bitmap strikes only (CBDT, sbix: Noto Color Emoji) advances.
    public var bitmapGlyphAdvance: BitmapGlyphAdvance
    /// How the min-content width measures the pieces no break opportunity splits.
    public var minContentPieces: MinContentPieces
    /// Where a cluster goes that no font of the font-family list has, and what the list's generic
    /// families (`serif`, `sans-serif`...) name.
    public var familyFallback: FamilyFallback
    /// Where `text-box` finds the cap height and x-height it trims to, and which edges it knows.
    public var textBoxEdges: TextBoxEdges
    /// Where a tab takes the pen: how close to the pen a stop may be, where stops are measured from
    /// and in what unit.
    public var tabStops: TabStopRule
    /// Whether letter spacing goes after the letters of a cursive script (Arabic, Syriac, N'Ko)
    /// or only after its word separators.
    public var cursiveLetterSpacing: CursiveLetterSpacing
    /// Whether letter spacing turns the optional ligatures off.
    public var letterSpacingLigatures: LetterSpacingLigatures
    /// How a piece of a line shaped again at an edge HarfBuzz marks unsafe to break (the end of a
    /// word cut inside, the start of its rest) is shaped: on its own, or with the text around it
    /// as context, so that the letters of a cursive script keep their joined forms.
    public var reshapedEdges: ReshapedEdges
    /// Which `word-break: break-all` opportunities follow a combining mark.
    public var breakAllAfterMarks: BreakAllAfterMarks
    /// When a line may end inside a shaped cluster of several grapheme clusters (a ligature).
    public var lineEndsInsideClusters: LineEndsInsideClusters
    /// Where the break opportunities after a line's start come from: the paragraph's, or found again
    /// from the line's start as if the text began there (inside a word of Thai and the like, after
    /// a hyphen that starts the line).
    public var lineStartBreaks: LineStartBreaks

    public init(name: String, punctuationBreaks: PunctuationBreaks = .unicode, smallKanaBreaks: SmallKanaBreaks = .forbidden, layoutUnit: Double? = nil,
                lineEndNoBreakSpace: LineEndNoBreakSpace = .hangs, justifyWithoutSpaces: JustifyWithoutSpaces = .betweenClusters,
                indentSide: IndentSide = .alignedSide, endTruncation: EndTruncation = .fillsLine,
                normalLineHeight: NormalLineHeight = .exact, explicitLineHeight: ExplicitLineHeight = .exact, complexContextBreaks: ComplexContextBreaks = .icuDictionaries,
                hangingWhitespace: HangingWhitespace = .all, spaceFont: SpaceFont = .firstFontWithIt,
                primaryFontBox: PrimaryFontBox = .whenStrutAsks, emojiPresentationFont: EmojiPresentationFont = .colourFont,
                textSpacingTrim: TextSpacingTrim = .spaceAll, textAutospace: TextAutospace = .noAutospace, bitmapGlyphAdvance: BitmapGlyphAdvance = .designUnits,
                minContentPieces: MinContentPieces = .laidOut, familyFallback: FamilyFallback = .fontconfig,
                textBoxEdges: TextBoxEdges = .fontTables, tabStops: TabStopRule = .oneSpaceGap,
                cursiveLetterSpacing: CursiveLetterSpacing = .everyCluster, letterSpacingLigatures: LetterSpacingLigatures = .kept,
                reshapedEdges: ReshapedEdges = .alone, breakAllAfterMarks: BreakAllAfterMarks = .asTheirBase,
                lineEndsInsideClusters: LineEndsInsideClusters = .whenItFits,
                lineStartBreaks: LineStartBreaks = .paragraphs) {
        self.name = name
        self.punctuationBreaks = punctuationBreaks
        self.smallKanaBreaks = smallKanaBreaks
        self.layoutUnit = layoutUnit
        self.lineEndNoBreakSpace = lineEndNoBreakSpace
        self.justifyWithoutSpaces = justifyWithoutSpaces
        self.indentSide = indentSide
        self.endTruncation = endTruncation
        self.normalLineHeight = normalLineHeight
        self.explicitLineHeight = explicitLineHeight
        self.complexContextBreaks = complexContextBreaks
        self.hangingWhitespace = hangingWhitespace
        self.spaceFont = spaceFont
        self.primaryFontBox = primaryFontBox
        self.emojiPresentationFont = emojiPresentationFont
        self.textSpacingTrim = textSpacingTrim
        self.textAutospace = textAutospace
        self.bitmapGlyphAdvance = bitmapGlyphAdvance
        self.minContentPieces = minContentPieces
        self.familyFallback = familyFallback
        self.textBoxEdges = textBoxEdges
        self.tabStops = tabStops
        self.cursiveLetterSpacing = cursiveLetterSpacing
        self.letterSpacingLigatures = letterSpacingLigatures
        self.reshapedEdges = reshapedEdges
        self.breakAllAfterMarks = breakAllAfterMarks
        self.lineEndsInsideClusters = lineEndsInsideClusters
        self.lineStartBreaks = lineStartBreaks
    }

    /// The engine's own rules: the default.
    public static let standard = LayoutProfile(name: "standard")

    /// Chromium as Debian ships it, for a `div` with `white-space: pre-wrap; overflow-wrap:
    /// anywhere; line-height: normal` (docs/profiles.md lists what each rule changes).
    public static let chromium = LayoutProfile(name: "chromium", punctuationBreaks: .chromium, smallKanaBreaks: .allowed,
                                               layoutUnit: 1.0 / 64, lineEndNoBreakSpace: .counts, justifyWithoutSpaces: .start, indentSide: .start,
                                               endTruncation: .keepsBrokenLine, normalLineHeight: .roundedAscentDescent,
                                               explicitLineHeight: .layoutUnits,
                                               primaryFontBox: .always, emojiPresentationFont: .familyList, textSpacingTrim: .normal,
                                               bitmapGlyphAdvance: .strikePixels, minContentPieces: .shapedInContext, familyFallback: .browser,
                                               textBoxEdges: .chromium, tabStops: .halfSpaceGapInLayoutUnits, cursiveLetterSpacing: .separatorsOnly,
                                               letterSpacingLigatures: .disabled, reshapedEdges: .inContext, breakAllAfterMarks: .none,
                                               lineEndsInsideClusters: .whenClusterFits, lineStartBreaks: .fromLineStart)

    /// Pango 1.50 as Debian ships it, a `PangoLayout` wrapping words and characters
    /// (`PANGO_WRAP_WORD_CHAR`): its punctuation breaks, Thai words from libthai, one hanging
    /// space, spaces in the font before them (docs/profiles.md lists what each rule changes).
    public static let pango = LayoutProfile(name: "pango", punctuationBreaks: .pango, complexContextBreaks: .libthai,
                                            hangingWhitespace: .lastCharacter, spaceFont: .previousCharacter)
}

extension LayoutProfile {
    /// How far a font's box `box` px across (its ascent plus descent) reaches right of the central
    /// baseline in a column (the line-over side in both vertical modes): `box − ⌊box/2⌋` when
    /// boxes are placed in whole layout units (``explicitLineHeight`` `layoutUnits`, as Chromium
    /// 156 splits it: 13 of Noto Sans CJK's 25 at 17 px), else half of it.
    func centralBaselineReach(ofBox box: Double) -> Double {
        explicitLineHeight == .layoutUnits ? box - (box / 2).rounded(.down) : box / 2
    }
}

extension LayoutProfile {
    /// Hashes the profile by its name: a profile is a named value (``allCases``), and its rules,
    /// each an enum of String raw values, would each hash their name. Equal profiles hash alike;
    /// two of one name and other rules (made in Swift) collide, and `==` tells them apart.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
    }
}

extension LayoutProfile: CaseIterable, RawRepresentable {
    /// The named profiles, in the order messages list them.
    public static let allCases: [LayoutProfile] = [.standard, .chromium, .pango]

    /// The named profile called `rawValue`; nil for any other name.
    public init?(rawValue: String) {
        guard let profile = Self.allCases.first(where: { $0.name == rawValue }) else { return nil }
        self = profile
    }

    /// The profile's name.
    public var rawValue: String { name }
}

/// Where lines may break around ASCII punctuation.
public enum PunctuationBreaks: String, Sendable, Hashable, CaseIterable {
    /// UAX 14 as ICU tailors it, with the engine's documented choices.
    case unicode
    /// Chromium's own rules on top of them (its LayoutNG break iterator): between two printable
    /// ASCII characters its pair table (`/usr/bin` and `${name}` whole, `UTF-|8`, `'**|[`), a
    /// break after every run of spaces (` |:`), and after a hyphen between Hebrew letters; no
    /// break inside a run of spaces and tabs, under `lineBreak: anywhere` too.
    case chromium
    /// Pango 1.50's: a break after a hyphen that starts a word (`-|WIDTH`, where UAX 14's LB20a
    /// has none) and between `.`, `:`, `,` or `/` and a digit that does not continue a number
    /// (`POSIX.|1`, where ICU's LB25 has none).
    case pango
}

/// Whether `lineBreak: normal` breaks before small kana (`ッ`, `ィ`) and the prolonged sound mark
/// `ー` (line break class CJ).
public enum SmallKanaBreaks: String, Sendable, Hashable, CaseIterable {
    /// No break before them: ICU's default rules, which take CJ as NS (CSS `line-break: strict`'s rule).
    case forbidden
    /// A break before them: ICU's `lb=normal`, which takes CJ as ID, as Chromium's `line-break: auto` does.
    case allowed
}

/// How the min-content width (``PreparedText/intrinsicWidths()``) measures the pieces no break
/// opportunity splits (under `overflow-wrap: anywhere`, each HarfBuzz cluster).
public enum MinContentPieces: String, Sendable, Hashable, CaseIterable {
    /// As the line breaker lays each out on a line of its own, shaped again at an edge HarfBuzz
    /// marks unsafe to break: a layout at the min-content width overflows no line.
    case laidOut
    /// By its advance as shaped in its paragraph, its kerning with the next cluster included, and
    /// never split inside a HarfBuzz cluster (a ligature), as Chromium measures `min-content`
    /// without shaping again; a cluster laid out alone may then be up to its kerning wider.
    case shapedInContext
}

/// Where a tab takes the pen: the first tab stop (every ``TextStyle/tabStop`` pixels) far enough
/// past it.
public enum TabStopRule: String, Sendable, Hashable, CaseIterable {
    /// The first stop at least one space width (the primary font's space advance) past the pen,
    /// stops measured from the line's first character, exact widths (Pango's rule for its
    /// default tabs).
    case oneSpaceGap
    /// The first stop at least half a space width past the pen (CSS Text: "if this distance is
    /// less than 0.5ch, then the subsequent tab stop is used instead", with Blink's space for
    /// `ch`), stops measured from the content box's start edge (an indented line's indent
    /// counts), the text before the tab rounded up to 1/64 px and the tab's advance too, as
    /// Chromium snaps each inline item's width to its layout unit.
    case halfSpaceGapInLayoutUnits
}

/// Whether letter spacing goes after the letters of a cursive script, whose letters join.
public enum CursiveLetterSpacing: String, Sendable, Hashable, CaseIterable {
    /// After every grapheme cluster, whatever its script (Pango's spans).
    case everyCluster
    /// In a run of a cursive script (``isCursiveScript(_:)``: Arabic, Syriac, N'Ko and the
    /// others CSS Text names), only after its word separators (the spaces between words), as
    /// Chromium 156 does: `مرحبا` is as wide with `letter-spacing: 3px` as without, `م ر` 3 px
    /// wider (CSS Text: UAs should not apply letter-spacing to cursive scripts).
    case separatorsOnly
}

/// Whether `script` (an ISO 15924 code, as a run has it) is cursive, its letters joined, so that
/// letter spacing would break them apart: Arabic, Syriac and N'Ko (Chromium 156 spaces none of
/// them, as measured), and Mongolian, Mandaic, Manichaean, Psalter Pahlavi, Phags-pa, Hanifi
/// Rohingya, Sogdian, Old Uyghur and Adlam, HarfBuzz's joining scripts.
func isCursiveScript(_ script: String) -> Bool {
    cursiveScripts.contains(script)
}

private let cursiveScripts: Set<String> = ["Arab", "Syrc", "Nkoo", "Mong", "Mand", "Mani", "Phlp", "Phag", "Rohg", "Sogd", "Ougr", "Adlm"]

/// Whether letter spacing turns the optional ligatures off.
public enum LetterSpacingLigatures: String, Sendable, Hashable, CaseIterable {
    /// The features as given.
    case kept
    /// `liga`, `clig` and `calt` off before the text's and span's features (which may turn them
    /// on again), as Blink's FontFeatures does when letter-spacing is not 0 (CSS Text: UAs should
    /// not apply optional ligatures): `ffi fl office` in DejaVu Sans at 17 px is 3.52 px wider
    /// with `letter-spacing: 3px` than its twelve spacings make it, its `ffi` and `fl` ligatures undone.
    case disabled
}

/// How a piece of a line is shaped again where the line starts or ends at a position HarfBuzz marks
/// unsafe to break (inside a word cut because it is too wide, or broken by `word-break: break-all`
/// or `line-break: anywhere`): the piece from the nearest safe position to the edge.
public enum ReshapedEdges: String, Sendable, Hashable, CaseIterable {
    /// On its own, as if the text began or ended at the edge: the Arabic letter before a cut takes
    /// its final form, the one after it its initial form, each as wide as so drawn.
    case alone
    /// With the text around it as HarfBuzz's context (read, not shaped), in a run of a cursive
    /// script (``isCursiveScript(_:)``): a letter at the edge keeps the form it has in the joined
    /// word, and its advance, on both lines, as Chromium's line breaker shapes a line's ends
    /// within the whole text (`الاستقلالية` cut after `الاس` in Noto Sans Arabic at 17 px: 27.27
    /// px, the joined advances, not 34.49 with a final `س`; its rest `تقلالية` starts with a
    /// medial `ت`).
    case inContext
}

/// Which `word-break: break-all` opportunities follow a combining mark (line break class CM: a
/// vowel sign, a nukta, a virama, a combining accent), between two letters of a word.
public enum BreakAllAfterMarks: String, Sendable, Hashable, CaseIterable {
    /// The mark counts as the character it follows (UAX #14's LB9), so a break follows it where
    /// one would follow that character, except after a virama (inside a conjunct) and a spacing
    /// mark (a Devanagari vowel sign such as `ि`).
    case asTheirBase
    /// None: Blink's break-all table has an empty row for class CM, and its line breaker looks
    /// for a line's end backwards, reading the class of the character right before each
    /// position, not the mark's base (`e\u{301}b` breaks after `b` only; `सेटपैराम` after `ट` only).
    /// A word left too wide is cut between grapheme clusters, after a mark too, as any other.
    case none
}

/// When a line may end at a grapheme boundary inside a cluster HarfBuzz shaped as one (a ligature
/// of several letters, the lam-alef `لا`), a break opportunity under `line-break: anywhere` or
/// `word-break: break-all`, or a cut in a word too wide.
public enum LineEndsInsideClusters: String, Sendable, Hashable, CaseIterable {
    /// Whenever the line, measured with its end shaped again, fits.
    case whenItFits
    /// Only when the whole cluster fits the line as shaped in the paragraph, or nothing shorter
    /// does: Chromium's line breaker looks for a line's end backwards from the cluster in which
    /// the room ends (its offset for the room's end position is the start of that cluster), so a
    /// position inside that cluster is never tried first (under `line-break: anywhere` at 120 px,
    /// `غيّر اسم الملف أولا.` in Noto Sans Arabic at 17 px ends its line `أو|لا`, not `أول|ا`,
    /// though `أول` shaped again would fit: headless Chromium 156, measured).
    case whenClusterFits
}

/// Where the break opportunities after a line's start come from, where the text from the line's
/// start has other opportunities than the paragraph: after a start inside a run of a script whose
/// words a dictionary finds (UAX #14 class SA: Thai, Lao, Khmer, Myanmar), and after a hyphen
/// that starts a line (a word too wide cut before it) before a letter.
public enum LineStartBreaks: String, Sendable, Hashable, CaseIterable {
    /// The paragraph's: the words the dictionary found in the whole run, a break after a hyphen
    /// between letters.
    case paragraphs
    /// Found again from the line's start, as if the text began there (``lineStartBreaks(_:from:in:style:)``):
    /// Chromium's line breaker gives its break iterator the text from each line's start (Blink's
    /// `LazyLineBreakIterator::SetStartOffset`, set by each line's `LineBreaker` from its break
    /// token). So ICU's dictionary segments the rest of the run anew: `เหมือนกัน` in Noto Sans
    /// Thai at 17 px on 30 px lines is `เหมื|อ|นกั|น` (the words of `อนกัน` alone), not
    /// `เหมื|อน|กัน`; `แพกเกจ` under `overflow-wrap: normal` is `แพ|กเกจ`, where the paragraph's
    /// words are `แพ|ก|เกจ`. And a hyphen that starts a line keeps the letter after it (UAX #14's
    /// LB20a of Unicode 15.1, `sot HY × AL`, which Chromium's ICU has and ICU 72 lacks):
    /// `mô-đun` cut before its hyphen at 30 px goes on `-đu|n`, not `-|đun` (headless Chromium
    /// 156, measured). The min-content width's words under ``MinContentPieces/shapedInContext``
    /// follow it too, each found from the end of the one before (`แพกเกจ`'s widest is `กเกจ`).
    case fromLineStart
}

/// Whether a no-break space that ends a line hangs or counts in its width.
public enum LineEndNoBreakSpace: String, Sendable, Hashable, CaseIterable {
    /// It hangs past the line's end as a space does, out of its width (as Pango).
    case hangs
    /// It counts in the line's width and fit (as Chromium).
    case counts
}

/// How a justified line without a space between words is set.
public enum JustifyWithoutSpaces: String, Sendable, Hashable, CaseIterable {
    /// The stretch is spread over the gaps between its grapheme clusters (Pango's rule).
    case betweenClusters
    /// It is not stretched and sits at its start (Chromium, outside Chinese and Japanese).
    case start
}

/// The side an indent is measured from on a line aligned to the end or centred.
public enum IndentSide: String, Sendable, Hashable, CaseIterable {
    /// From the side the line is aligned to; a centred line is narrowed, not moved (Pango).
    case alignedSide
    /// Always from the paragraph's start side, as CSS `text-indent`.
    case start
}

/// What the last kept line of an `end` truncation holds.
public enum EndTruncation: String, Sendable, Hashable, CaseIterable {
    /// The text past where the line broke, as much as fits with the ellipsis (Pango).
    case fillsLine
    /// The line as it broke, the ellipsis after it, cut only when both do not fit
    /// (`-webkit-line-clamp`).
    case keepsBrokenLine
}

/// How `line-height: normal` is made from a font's ascent and descent.
public enum NormalLineHeight: String, Sendable, Hashable, CaseIterable {
    /// Ascent + descent (+ line gap) as the font scales them.
    case exact
    /// Ascent, descent and line gap each rounded to whole pixels first (Chromium's
    /// `SimpleFontData`), and of the gap the whole pixels of its half above the ascent, the rest
    /// below the descent (LayoutNG's half-leading: a gap of 1 px all below).
    case roundedAscentDescent

    /// The part of a font's line gap (as ``FontMetrics/lineBoxMetrics(size:_:)`` makes it under
    /// this rule) above its ascent in a line of `line-height: normal`; the rest is below its descent.
    @inline(__always)
    func gapAbove(_ gap: Double) -> Double {
        switch self {
        case .exact: gap / 2
        case .roundedAscentDescent: (gap / 2).rounded(.down)
        }
    }
}

/// How a line height given as a multiple or in pixels (not `normal`) makes a font's box.
public enum ExplicitLineHeight: String, Sendable, Hashable, CaseIterable {
    /// The height as given; half of what it leaves beside the ascent and descent above, half below.
    case exact
    /// As Chromium: the height floored to its 1/64 px layout unit (`line-height: 20.3px` is
    /// 20.296875), the leading above the ascent floored to whole pixels and the rest below
    /// (Blink's `CalculateLeadingSpace`: `1.5` at 17 px over DejaVu Sans' rounded 16 + 4 puts 2 px
    /// above, 3.5 below, not 2.75 each).
    case layoutUnits
}

/// Where a paragraph may break inside words of the scripts UAX #14 leaves to a dictionary (line
/// break class SA: Thai, Lao, Khmer, Myanmar).
public enum ComplexContextBreaks: String, Sendable, Hashable, CaseIterable {
    /// ICU's dictionaries, for every such script (UAX #14's own advice).
    case icuDictionaries = "icu-dictionaries"
    /// As Pango 1.50 as Debian builds it: Thai between the words libthai's dictionary finds (in
    /// each run of Thai script and one font), and no break between two letters of the other
    /// scripts (Pango takes them for AL).
    case libthai
}

/// How much of the whitespace at a line's end hangs past it, out of its width and fit.
public enum HangingWhitespace: String, Sendable, Hashable, CaseIterable {
    /// All of it (text views, CSS `pre-wrap`).
    case all
    /// Its last character only; the spaces before it count in the width, as in Pango 1.50, where
    /// `section.␣␣SECTION` breaks after the two spaces only when the first fits.
    case lastCharacter = "last-character"
}

/// The font a space (a character of general category Zs) is drawn in when fallback puts the text
/// around it in other fonts than the primary.
public enum SpaceFont: String, Sendable, Hashable, CaseIterable {
    /// The first font of the list that has it, as for any character (CSS font matching): the
    /// primary font, most often.
    case firstFontWithIt = "first-font-with-it"
    /// As Pango 1.50's itemizer: the font of the character before it; spaces between two fonts
    /// go to the font after them when that one comes earlier in the font list (the primary
    /// before the listed fonts, these before fallback fonts); spaces at the start, to the font
    /// of the first character after them. A font that lacks the space keeps the first choice.
    /// A format character that is a cluster of its own (a directional mark or embedding, a
    /// zero-width space, the word joiner, the soft hyphen; not those of the Arabic block, which
    /// are drawn) moves as a space does: Pango gives it no font of its own either.
    case previousCharacter = "previous-character"
}

/// Whether every line's box holds the primary font's box, as well as the boxes of the fonts on it.
public enum PrimaryFontBox: String, Sendable, Hashable, CaseIterable {
    /// Only when ``ParagraphStyle/strut`` asks for it: a line all in a fallback font is as tall
    /// as that font makes it.
    case whenStrutAsks
    /// Always, as CSS's root inline box holds it (a `strut` of `minimum` at least): a line of
    /// Latin words that a Hebrew font lacks is as tall as a line of Hebrew.
    case always
}

/// Which font draws a character of emoji presentation (UTS #51 Emoji_Presentation, such as `😀`
/// U+1F600) written without a variation selector, when a font of the font-family list has it.
public enum EmojiPresentationFont: String, Sendable, Hashable, CaseIterable {
    /// A colour font of the `emoji` family, before the list: the character is drawn as emoji even
    /// when the primary font has a text glyph of it (DejaVu Sans' `😀`).
    case colourFont
    /// The list's first font that has it, as for any character (Chromium's `font-variant-emoji:
    /// normal`): a colour font comes first only for a cluster that asks for one with VS16, and
    /// for a character no font of the list has, in the fallback after it.
    case familyList
}

/// Where a cluster goes that no font of the font-family list has, and what the list's generic
/// families name.
public enum FamilyFallback: String, Sendable, Hashable, CaseIterable {
    /// Generic families as fontconfig resolves them; after the list, the first font with the
    /// cluster in the order fontconfig sorts fonts for the primary font's family and the language.
    case fontconfig
    /// As a browser does (Blink's font fallback list): generic families are the fonts of
    /// ``GenericFamilies`` (`sans-serif` is Arial, through fontconfig's Liberation Sans), the
    /// list ends with the standard font (Times New Roman: Liberation Serif), and after it the
    /// first font with the cluster in the order fontconfig sorts fonts for the language alone,
    /// no family asked for.
    case browser
}

/// Which fullwidth punctuation is set half as wide (CSS `text-spacing-trim`, the values Chromium
/// 156 parses): the job's ``TextSettings/textSpacingTrim``, or where it is unset the profile's
/// ``LayoutProfile/textSpacingTrim`` (the standard profile's `space-all`, Chromium's `normal`).
/// Marks are trimmed by the font's `halt` feature (half an em in Noto Sans CJK), where the font
/// has it, in left-to-right text.
public enum TextSpacingTrim: String, Sendable, Hashable, CaseIterable {
    /// Chromium's initial value (CSS `space-first trim-adjacent allow-end`, as Chromium reads it):
    /// an opening mark after an opening, middle or closing one (`。「`, `（「`), and a closing mark
    /// before a closing or middle one (`），`, `」。`), are trimmed; a mark that starts a line keeps
    /// its width (Chromium shapes a line's start anew); a line that ends in a closing bracket or
    /// quote fits when it fits with that mark trimmed, and is then measured so (`allow-end`).
    case normal
    /// Every mark as wide as the font makes it.
    case spaceAll = "space-all"
    /// As ``normal``, and an opening mark that starts a line wrapped from the one before (not the
    /// paragraph's first line, nor a line after a hard break) is trimmed.
    case spaceFirst = "space-first"
    /// As ``spaceFirst``, and the opening mark that starts a paragraph is trimmed too.
    case trimStart = "trim-start"

    /// Whether marks beside another are trimmed, and a line's last closing mark to fit.
    var trimsAdjacent: Bool { self != .spaceAll }
    /// Whether an opening mark that starts a paragraph is trimmed.
    var trimsParagraphStarts: Bool { self == .trimStart }
    /// Whether an opening mark that starts a wrapped line is trimmed.
    var trimsWrappedLineStarts: Bool { self == .spaceFirst || self == .trimStart }
}

/// How a glyph of a font of bitmap strikes only (CBDT, sbix: a colour font without outlines)
/// advances. Its pictures are drawn from the strike the size selects (the smallest at or above
/// the size, else the largest), scaled to the size, whichever way it goes.
public enum BitmapGlyphAdvance: String, Sendable, Hashable, CaseIterable {
    /// Its `hmtx` advance in design units, scaled as any font's (Noto Color Emoji's 2,550 of
    /// 2,048 units: 21.17 px at 17 px).
    case designUnits
    /// Its advance in the strike, as FreeType gives it with the strike selected (whole pixels for a
    /// glyph with a picture: 136 at Noto Color Emoji's 109 ppem), scaled by the size over the
    /// strike's pixels per em (21.211 px at 17 px), as Skia measures it for Chromium.
    case strikePixels
}

/// Where `text-box` (``TextBox``) finds the metrics it trims the text's outer line edges to.
public enum TextBoxEdges: String, Sendable, Hashable, CaseIterable {
    /// As CSS Inline Layout 3 says: the cap height and x-height of the `OS/2` table (else the top
    /// of the unhinted `H` and `x`), the ideographic em box and character face of the `BASE`
    /// table (else as HarfBuzz synthesises them from the ascent and descent), at exact sizes.
    case fontTables
    /// As Chromium 156 (Skia over FreeType): the `OS/2` table's cap height and x-height when it
    /// has them (version 2 or later, not 0), else the top of the `H` and the `x` hinted lightly at
    /// the size (FreeType's light hinting, whole pixels for most fonts); each rounded to 1/64 px
    /// (`LayoutUnit`). The ideographic edges are not parsed: a text box naming one trims nothing,
    /// as Chromium drops the declaration.
    case chromium
}
