// CSS text-autospace as Chromium 156 applies it: which characters are ideographs and which non-ideographic letters or numerals, the space between them in the glyph before, and its removal at a line's end.

import CHarfBuzz
import CICU

/// Whether an eighth of an ideograph's advance goes between an ideograph and a non-ideographic
/// letter or numeral beside it (CSS `text-autospace`, the two values Chromium 156 parses): the
/// job's ``TextSettings/textAutospace``, or where it is unset the profile's
/// ``LayoutProfile/textAutospace`` (`no-autospace` in every profile, Chromium's initial value).
public enum TextAutospace: String, Sendable, Hashable, CaseIterable {
    /// Space between ideographs (Han, kana, and, as Chromium 156 classes them, the wide letters of
    /// Hangul, Bopomofo and Yi) and non-ideographic letters or numerals (Latin, Greek, Cyrillic,
    /// digits, marks; not fullwidth or halfwidth forms): 1/8 of the primary font's advance of `水`
    /// (of the em where it has none), added after the character before the boundary, in
    /// left-to-right text. None at a line's end, none across a hard break, none where anything
    /// else (a space, punctuation, a symbol) stands between them.
    case normal
    /// No space added: the text as the font sets it.
    case noAutospace = "no-autospace"
}

/// A character's part in `text-autospace` (CSS Text 4's text spacing classes, as Chromium 156
/// classes them).
enum AutospaceClass {
    case other
    case ideograph
    case letterOrNumeral

    /// Whether space goes between a character of this class and one of `next` after it.
    @inline(__always)
    func spaced(before next: AutospaceClass) -> Bool {
        (self == .ideograph && next == .letterOrNumeral) || (self == .letterOrNumeral && next == .ideograph)
    }
}

/// The ``AutospaceClass`` of `scalar`, as measured in Chromium 156: an ideograph is a character of
/// U+3041 to U+30FF that is not punctuation, of U+31C0 to U+31FF, of the Han script, or a letter,
/// mark or decimal digit of East Asian Width wide (Hangul, Bopomofo and Yi: `a한` is spaced, `漢한`
/// is not); a letter or numeral is any other letter, mark or decimal digit but a fullwidth or
/// halfwidth one (`Ａ`, `１`, `ｱ` are other, as are `ⅰ`, `①`, `²` of other number classes).
///
/// In Chinese text (`chinese`: a content language `zh`) Chromium 156 also spaces the punctuation
/// of general category Po that is neither fullwidth, wide nor halfwidth, as a letter (`作.`, `a!作!b`
/// spaced on both sides of the ideograph), but for `"`, `'`, `*`, `/`, `·`, `†`, `‡` and `…`: measured
/// for every such character of ASCII, Latin-1 and General Punctuation; Japanese and untagged
/// text space none.
func autospaceClass(_ scalar: UInt32, chinese: Bool) -> AutospaceClass {
    if scalar < 0x80 {
        switch scalar {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return .letterOrNumeral
        // ! # % & , . : ; ? @ \
        case 0x21, 0x23, 0x25, 0x26, 0x2C, 0x2E, 0x3A, 0x3B, 0x3F, 0x40, 0x5C: return chinese ? .letterOrNumeral : .other
        default: return .other
        }
    }
    guard let value = Unicode.Scalar(scalar) else { return .other }
    let category = value.properties.generalCategory
    switch scalar {
    case 0x3041...0x30FF:
        switch category {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
             .finalPunctuation, .otherPunctuation: return .other
        default: return .ideograph
        }
    case 0x31C0...0x31FF: return .ideograph
    default: break
    }
    if cicu_script(scalar) == hanScript { return .ideograph }
    if chinese, category == .otherPunctuation, ![0xB7, 0x2020, 0x2021, 0x2026].contains(scalar) {
        switch cicu_east_asian_width(scalar) {
        case eastAsianWide, eastAsianFullwidth, eastAsianHalfwidth: return .other
        default: return .letterOrNumeral
        }
    }
    switch category {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
         .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber:
        switch cicu_east_asian_width(scalar) {
        case eastAsianWide: return .ideograph
        case eastAsianFullwidth, eastAsianHalfwidth: return .other
        default: return .letterOrNumeral
        }
    default: return .other
    }
}

/// ICU's USCRIPT_HAN.
private let hanScript: Int32 = 17
/// ICU's U_EA_HALFWIDTH, U_EA_FULLWIDTH and U_EA_WIDE.
let eastAsianHalfwidth: Int32 = 2
let eastAsianFullwidth: Int32 = 3
let eastAsianWide: Int32 = 5

extension TextStyle {
    /// Whether the text is set with `text-autospace: normal` (``TextSettings/textAutospace``, else the profile's).
    var autospaces: Bool { settings.effectiveTextAutospace == .normal }

    /// Whether `text-autospace` spaces punctuation as Chromium does in Chinese text (see
    /// ``autospaceClass(_:chinese:)``): the text's language is `zh` or a variant of it.
    var autospacesAsChinese: Bool {
        guard let language = settings.language?.lowercased() else { return false }
        return language == "zh" || language.hasPrefix("zh-") || language.hasPrefix("zh_")
    }

    /// The space `text-autospace` adds, in pixels, in text of em size `size`: an eighth of the
    /// primary font's advance of `水` (Chromium's `ic`), or of the em where the font has none.
    func autospaceWidth(size: Double) -> Double {
        font.ideographicAdvance(size: size) / 8
    }
}

extension Font {
    /// The advance in pixels at em size `size` of the font's `水` (U+6C34), CSS's `ic`; the em
    /// where the font has none.
    func ideographicAdvance(size: Double) -> Double {
        var glyph: hb_codepoint_t = 0
        guard hb_font_get_nominal_glyph(hbFont, 0x6C34, &glyph) != 0 else { return size }
        return Double(hb_font_get_glyph_h_advance(hbFont, glyph)) * metrics.scale(size: size)
    }
}

/// Adds `units` (the run's font units) to the advance of the last glyph before each boundary of
/// `range` where `text-autospace` puts space: each character start after the range's first
/// character, and the range's end when it is before `end` (the paragraph's end: the space before
/// a character of the next run, or of the next line, which a line's end leaves out again:
/// ``PreparedParagraph/autospaceAtLineEnd(_:at:style:)``). `glyphs` are the range's, in logical
/// order, of a left-to-right run shaped as the paragraph's (a piece of a line's edge shaped again
/// takes none, as in Chromium: ``LineMeasurer/reshape(_:hyphenAt:trimmingEnd:)``).
func addAutospace(_ glyphs: inout ShapedGlyphs, range: Range<Int>, through end: Int, bytes: UnsafeBufferPointer<UInt8>, units: Int32,
                  chinese: Bool) {
    guard !glyphs.isEmpty, !range.isEmpty, units != 0 else { return }
    let last = min(end, range.upperBound + 1)
    var offset = range.lowerBound
    var previous = AutospaceClass.other
    var g = 0
    while offset < last {
        let (scalar, length) = decodeScalar(bytes, at: offset)
        let current = autospaceClass(scalar, chinese: chinese)
        if offset > range.lowerBound, previous.spaced(before: current) {
            // The last glyph whose cluster starts before the boundary.
            while g + 1 < glyphs.count, Int(glyphs[g + 1].cluster) < offset { g += 1 }
            glyphs[g].advance += units
        }
        previous = current
        offset += length
    }
}

/// Whether `text-autospace` puts space at `offset` of `bytes` (inside a paragraph that ends at
/// `paragraphEnd`): between the character before it and the one at it.
func autospaced(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, paragraphStart: Int, paragraphEnd: Int, chinese: Bool) -> Bool {
    guard offset > paragraphStart, offset < paragraphEnd else { return false }
    let before = scalarStart(bytes, atOrBefore: offset - 1, notBefore: paragraphStart)
    return autospaceClass(decodeScalar(bytes, at: before).0, chinese: chinese)
        .spaced(before: autospaceClass(decodeScalar(bytes, at: offset).0, chinese: chinese))
}

extension PreparedParagraph {
    /// The space `text-autospace` put before `offset` (in the glyph before it), in pixels, which a
    /// line that ends at `offset` leaves out, as Chromium does; 0 where there is none (in
    /// right-to-left runs, which take none, and where the break is unsafe: the end of the line is
    /// shaped again, without the space, as Chromium shapes it).
    func autospaceAtLineEnd(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, style: TextStyle) -> Double {
        guard autospaced(bytes, at: offset, paragraphStart: range.start, paragraphEnd: range.end, chinese: style.autospacesAsChinese),
              safeCluster(at: offset) != nil else { return 0 }
        let run = runs[run(at: offset - 1)]
        guard !run.isRightToLeft, run.kind == .text else { return 0 }
        return Double(autospaceUnits(style: style, run: run)) * run.scale
    }
}

/// The space `text-autospace` adds after a character of `run`, in the run's font units (rounded:
/// an eighth of an em is a whole number of units in the fonts of 1000 and 2048 units an em).
func autospaceUnits(style: TextStyle, run: ShapedRun) -> Int32 {
    Int32((style.autospaceWidth(size: run.size) / run.scale).rounded())
}
