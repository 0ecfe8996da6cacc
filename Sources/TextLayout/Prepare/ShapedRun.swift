// A run of a paragraph as it was shaped, text in one font or an inline object (``RunContent``), in 56 bytes, with the fields few runs set beside it.

/// What a run of a paragraph holds: text shaped in one font, or an inline object. Adding a kind of
/// content is adding a case here (and to ``GlyphRun/Content``, what a line's run holds): every
/// place that treats the kinds apart is a `switch` without `default`, so the compiler lists them.
enum RunContent: Sendable, Equatable {
    /// Text shaped in the font.
    case text(Font)
    /// An inline object at its U+FFFC: one cluster without glyphs, never shaped, in the text whose
    /// font is `around` (the primary font of the object's span, else the style's): the object
    /// aligns to that font, and that font's box joins the line's.
    case inlineObject(InlineObject, around: Font)

    /// The kinds of content, without what each holds: what a ``ShapedRun`` keeps in a byte.
    enum Kind: UInt8, Sendable {
        case text
        case inlineObject
    }

    var kind: Kind {
        switch self {
        case .text: .text
        case .inlineObject: .inlineObject
        }
    }

    /// The font of the run's text, or of the text around its object: the font whose box, ascent
    /// and hyphen the run brings to its line.
    var textFont: Font {
        switch self {
        case .text(let font): font
        case .inlineObject(_, let around): around
        }
    }
}

/// A run of a paragraph as it was shaped, in 56 bytes: offsets in 32 bits (texts are at most
/// 64 MiB), the script's four-letter code in 4 bytes, the content's kind in the byte after the bidi
/// level (padding otherwise), its scale found from its font and size, the fields few runs set
/// (spacings, span, inline object, strike) in a ``RareRunFields`` beside it, shared and absent
/// while they are all unset. (A Japanese paragraph is a run every few characters, as kanji and
/// kana alternate.)
struct ShapedRun: Sendable {
    private var start: Int32
    private var end: Int32
    private var storedFirstGlyph: Int32
    /// The script's ISO 15924 code: letter `i` in bits `8i` to `8i + 7`, zeros after a shorter code.
    private var scriptCode: UInt32
    var level: UInt8
    /// The kind of ``content``: read without the rare fields, where an object's run keeps its object.
    private(set) var kind: RunContent.Kind
    /// Whether the run stands upright in a column, shaped top to bottom (``TextRun/upright``): kept
    /// in the padding after ``kind``, so the run stays 56 bytes.
    var upright = false
    /// ``RunContent/textFont``: the font of the run's text, or of the text around its object.
    private(set) var textFont: Font
    /// The em size in pixels (the style's, or the run's span's), of the run's text or of the text around its object.
    var size: Double
    /// OpenType features the run was shaped with.
    var features: [FontFeature]
    /// The letter and word spacings, span, inline object, bitmap strike and combined scale, nil while all are unset.
    private var rare: RareRunFields?

    init(range: Range<Int>, level: UInt8, script: String, content: RunContent, firstGlyph: Int, size: Double,
         letterSpacing: Double, wordSpacing: Double = 0, features: [FontFeature], span: Int?, strike: BitmapStrike? = nil) {
        start = Int32(range.lowerBound)
        end = Int32(range.upperBound)
        storedFirstGlyph = Int32(firstGlyph)
        self.level = level
        scriptCode = Self.code(ofScript: script)
        kind = content.kind
        textFont = content.textFont
        self.size = size
        self.features = features
        var rareValues = RareRunFields.Values(letterSpacing: letterSpacing, wordSpacing: wordSpacing, span: span, strike: strike)
        switch content {
        case .text: break
        case .inlineObject(let object, _): rareValues.inlineObject = object
        }
        rare = RareRunFields(rareValues)
    }

    /// What the run holds: text in its font, or an inline object in the text around it.
    var content: RunContent {
        get {
            switch kind {
            case .text: .text(textFont)
            case .inlineObject: .inlineObject(rare!.inlineObject!, around: textFont)
            }
        }
        set {
            kind = newValue.kind
            textFont = newValue.textFont
            switch newValue {
            case .text: if rare?.inlineObject != nil { changeRare { $0.inlineObject = nil } }
            case .inlineObject(let object, _): changeRare { $0.inlineObject = object }
            }
        }
    }

    var range: Range<Int> {
        @inline(__always) get { Int(start)..<Int(end) }
        set {
            start = Int32(newValue.lowerBound)
            end = Int32(newValue.upperBound)
        }
    }
    /// Pixels per unit of the run's glyphs (``ShapedGlyph``) at its size: per font unit, or per
    /// 1/64 pixel of ``strike``. Found from them when read rather than kept (8 bytes a run).
    var scale: Double {
        @inline(__always) get { rare?.strike?.advanceScale(size: size) ?? textFont.metrics.scale(size: size) }
    }

    /// ISO 15924 script code ("Zyyy" when the run has no letters).
    var script: String {
        get {
            // Its letters in memory order, as many as are not zero.
            let length = 4 - (scriptCode == 0 ? 4 : scriptCode.leadingZeroBitCount / 8)
            return withUnsafeBytes(of: scriptCode.littleEndian) { String(decoding: UnsafeRawBufferPointer(rebasing: $0[..<length]), as: UTF8.self) }
        }
        set { scriptCode = Self.code(ofScript: newValue) }
    }

    /// `script`'s letters (four: ICU's short names, which every script has) as stored.
    private static func code(ofScript script: String) -> UInt32 {
        var script = script
        return script.withUTF8 { letters in
            precondition(letters.count <= 4 && !letters.contains(0), "a script code has at most four letters")
            var code: UInt32 = 0
            for i in 0..<letters.count { code |= UInt32(letters[i]) << (8 * i) }
            return code
        }
    }

    /// The index of the run's first glyph in the paragraph's glyphs.
    var firstGlyph: Int {
        @inline(__always) get { Int(storedFirstGlyph) }
        set { storedFirstGlyph = Int32(newValue) }
    }
    /// Pixels added after each cluster (from the run's span).
    var letterSpacing: Double {
        get { rare?.letterSpacing ?? 0 }
        set { changeRare { $0.letterSpacing = newValue } }
    }
    /// Pixels added after each word separator (``isWordSeparator(_:at:)``), beside the letter spacing.
    var wordSpacing: Double {
        get { rare?.wordSpacing ?? 0 }
        set { changeRare { $0.wordSpacing = newValue } }
    }
    /// The index in ``PreparedText/spans`` of the run's span, or nil.
    var span: Int? {
        get { rare?.span }
        set { changeRare { $0.span = newValue } }
    }
    /// The strike whose advances the run's glyphs take (``Font/advanceStrike(size:_:)``), or nil
    /// for the font's design units.
    var strike: BitmapStrike? {
        get { rare?.strike }
        set { changeRare { $0.strike = newValue } }
    }

    /// For a span's text combined upright in a column (``TextRun/combined``), how much its
    /// horizontal row of glyphs is squeezed across the column (1 where it fits; see
    /// ``GlyphRun/combinedScaleX``); nil for every other run.
    var combinedScaleX: Double? {
        get { rare?.combinedScaleX }
        set { changeRare { $0.combinedScaleX = newValue } }
    }

    /// Sets rare fields: a new ``RareRunFields``, as the one there may be shared (nil when all are unset).
    private mutating func changeRare(_ change: (inout RareRunFields.Values) -> Void) {
        var values = rare?.values ?? RareRunFields.Values()
        change(&values)
        rare = RareRunFields(values)
    }

    var isRightToLeft: Bool { level & 1 == 1 }

    /// What the run's text is shaped with in `style`: its font, script, direction and features,
    /// the strike its advances come from, the profile's punctuation trim, and upright, the advance
    /// its glyphs take where its font has no vertical ones.
    func shapingProperties(_ style: TextStyle) -> ShapingProperties {
        ShapingProperties(font: textFont, script: script, rightToLeft: isRightToLeft, language: style.shapingLanguage, features: features,
                          textSpacingTrim: style.settings.effectiveTextSpacingTrim, strike: strike,
                          textTransform: style.settings.textTransform, transformContext: range, upright: upright,
                          uprightAdvance: upright ? textFont.uprightAdvance(size: size, style.settings.profile.normalLineHeight) : nil,
                          combinesUpright: rare?.combinedScaleX != nil)
    }

    /// Whether the cluster starting at byte `cluster` takes the run's word spacing.
    func takesWordSpacing(_ bytes: UnsafeBufferPointer<UInt8>, cluster: Int) -> Bool {
        wordSpacing != 0 && isWordSeparator(bytes, at: cluster)
    }

    /// The width of `units` font units over `clusters` clusters, `separators` of them word
    /// separators: each cluster followed by the letter spacing, each separator by the word spacing.
    func width(units: Int, clusters: Int, separators: Int) -> Double {
        Double(units) * scale + Double(clusters) * letterSpacing + Double(separators) * wordSpacing
    }

    /// Whether `other` was shaped as this run was (content, level, orientation, script, size, letter spacing,
    /// features, span), whatever its range: an edit elsewhere left it as it was.
    func isShapedAlike(_ other: ShapedRun) -> Bool {
        content == other.content && level == other.level && upright == other.upright && scriptCode == other.scriptCode && size == other.size
            && letterSpacing == other.letterSpacing && wordSpacing == other.wordSpacing && features == other.features && span == other.span
            && combinedScaleX == other.combinedScaleX
    }
}

/// A run's fields that few runs set, kept out of ``ShapedRun`` and shared by its copies.
final class RareRunFields: Sendable {
    struct Values {
        var letterSpacing = 0.0
        var wordSpacing = 0.0
        var span: Int?
        /// The object of a run whose ``ShapedRun/content`` is one (its kind says so), else nil.
        var inlineObject: InlineObject?
        var strike: BitmapStrike?
        var combinedScaleX: Double?
    }
    let values: Values

    var letterSpacing: Double { values.letterSpacing }
    var wordSpacing: Double { values.wordSpacing }
    var span: Int? { values.span }
    var inlineObject: InlineObject? { values.inlineObject }
    var strike: BitmapStrike? { values.strike }
    var combinedScaleX: Double? { values.combinedScaleX }

    private init(values: Values) { self.values = values }

    /// The fields `values`, or nil when all are unset (spacings of +0, not -0, which is kept).
    convenience init?(_ values: Values) {
        guard values.letterSpacing.bitPattern != 0 || values.wordSpacing.bitPattern != 0 || values.span != nil || values.inlineObject != nil
                || values.strike != nil || values.combinedScaleX != nil else {
            return nil
        }
        self.init(values: values)
    }
}
