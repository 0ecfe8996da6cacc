// Chromium's break rules around ASCII punctuation, applied to ICU's break opportunities under the chromium profile's `punctuationBreaks`.
import CICU

/// `breaks` (ascending byte offsets in `content` of `bytes`, the paragraph's end last) with the
/// opportunities Chromium's line breaker has where ICU's differ, as measured against headless
/// Chromium on the corpus (docs/profiles.md):
///
/// - between two printable ASCII characters, its own table and not UAX 14 (``chromiumASCIIBreak``:
///   `/etc/pam.d/common`, `${name}`, `C++` stay whole; `UTF-|8`, `-|-|version`, `'**|[`, `"-|"`);
/// - one after a space before anything but a space, a combining mark, a zero width joiner or a word
///   joiner, where UAX 14 has none (` .org`, ` :`, ` !`, ` ,`, `» (`, `( x`: Chromium breaks after
///   every run of spaces in `pre-wrap`); and so after a tab, which Blink breaks after as after a
///   space, where UAX 14's LB21a keeps a tab (class BA) after a Hebrew letter with what follows
///   (`דהו\t|זחט`); but none between a space or tab and a tab, where UAX 14 breaks (` |\t`): Blink
///   keeps a run of spaces and tabs whole, hanging at the line's end;
/// - one after a hyphen or a maqaf (U+05BE, class BA) between Hebrew letters (`הזנב-|השמאלי`,
///   `הדו־|שיח`), as Unicode 15.1's rule LB21a has it (`HL (HY | [BA - $EastAsian]) × [^HL]`) where
///   ICU's older one forbids it;
/// - one before an opening curly quote between an ideograph and an East Asian character
///   (`漢|“漢`) and one after a closing one between an East Asian character and an ideograph
///   (`漢”|漢`; East Asian also an emoji or a halfwidth kana, of East Asian width wide, fullwidth or
///   halfwidth: `为|“👍`), as Unicode 15.1's rule LB19a lets a quote surrounded by East Asian characters
///   break (``breakBesideCurlyQuote(_:at:in:)``) where ICU's older LB19 keeps it with both neighbours.
///
/// Only opportunities after `after` (when given) are added, as ICU gives only those.
func chromiumPunctuationBreaks(_ breaks: [Int], _ bytes: UnsafeBufferPointer<UInt8>, in content: Range<Int>, after: Int?) -> [Int] {
    let first = max(content.lowerBound, after ?? content.lowerBound) + 1
    guard first < content.upperBound else { return breaks }
    var removed = Set<Int>()
    var added: [Int] = []
    for offset in first..<content.upperBound {
        let before = bytes[offset - 1], next = bytes[offset]
        let rule: Bool?
        if before == UInt8(ascii: " ") || before == UInt8(ascii: "\t") {
            rule = breakAfterSpace(bytes, at: offset)
        } else if isPrintableASCII(before) && isPrintableASCII(next) {
            rule = chromiumASCIIBreak(before: before, next: next, beforeThat: offset - 2 >= content.lowerBound ? bytes[offset - 2] : nil)
        } else if before == UInt8(ascii: "-"), next >= 0x80, offset - 2 >= content.lowerBound {
            rule = breakAfterHebrewHyphen(bytes, at: offset, in: content) ? true : nil
        } else if before == 0xBE, next >= 0x80, offset - 3 >= content.lowerBound, bytes[offset - 2] == 0xD6 {
            // A maqaf (U+05BE: D6 BE).
            rule = breakAfterHebrewHyphen(bytes, at: offset, hyphenLength: 2, in: content) ? true : nil
        } else if before >= 0x80, next >= 0xC0 {
            rule = breakBesideCurlyQuote(bytes, at: offset, in: content) ? true : nil
        } else {
            rule = nil
        }
        switch rule {
        case true?: added.append(offset)
        case false?: removed.insert(offset)
        case nil: break
        }
    }
    guard !removed.isEmpty || !added.isEmpty else { return breaks }
    return mergedAscending(breaks.filter { !removed.contains($0) }, added)
}

/// Whether Chromium breaks between two printable ASCII characters (`!` to DEL), `before` then
/// `next` (`beforeThat` the byte before `before`): the pair table of its break iterator, which
/// decides such pairs without UAX 14. Never after a letter, a digit, `$`, `'`, `(`, `/`, `<`, `@`,
/// `[`, `^`, `_`, the grave accent, `{` or DEL, nor before `!`, `)`, `,`, `.`, `/`, `:`, `;`, `?`,
/// `]` or `}`; otherwise after `-` (but not before `$`, and before a digit only when a letter or
/// digit precedes the hyphen: `UTF-|8`, `-1`), after `?` (but not before a quote), and before `(`,
/// `<`, `[` or `{` (`'**|[`, `=|(`); nowhere else.
func chromiumASCIIBreak(before: UInt8, next: UInt8, beforeThat: UInt8?) -> Bool {
    if isASCIIAlphanumeric(before) || neverBreakAfter.contains(before) { return false }
    if before == UInt8(ascii: "-"), isASCIIDigit(next) { return beforeThat.map(isASCIIAlphanumeric) ?? false }
    if neverBreakBefore.contains(next) { return false }
    switch before {
    case UInt8(ascii: "-"): return next != UInt8(ascii: "$")
    case UInt8(ascii: "?"): return next != UInt8(ascii: "\"") && next != UInt8(ascii: "'")
    default: return breakBeforeAfterPunctuation.contains(next)
    }
}

/// `breaks` (ascending byte offsets in `content` of `bytes`) without the one between a `-` right
/// after a unit combined upright (`combined`, the units' byte ranges, ascending) and an ASCII digit
/// after it, as Chromium 156 breaks in a column. Its line breaker decides the break before a unit
/// from the text before it joined to the unit's own text, in a new break iterator, and breaks
/// elsewhere in the paragraph's text, where a unit stands as U+FFFC: either way the `-` has no letter
/// or digit before it, so its pair rule (``chromiumASCIIBreak(before:next:beforeThat:)``: `-` then a
/// digit breaks only after a letter or digit, `UTF-|8`) keeps the two together, as it keeps `-8` at
/// a paragraph's start. `[UTF]-[8]`, `[UTF]-8` and `POSIX.[1]-[2001]` keep whole, `[AB]-|[CD]` breaks
/// (measured; Blink's line breaker, its CanBreakAfter).
func removingChromiumBreaksAfterCombinedHyphens(_ breaks: [Int], _ bytes: UnsafeBufferPointer<UInt8>, in content: Range<Int>,
                                                combined: [Range<Int>]) -> [Int] {
    let afterHyphens = combined.compactMap { unit -> Int? in
        let hyphen = unit.upperBound
        guard hyphen + 1 < content.upperBound, bytes[hyphen] == UInt8(ascii: "-"), isASCIIDigit(bytes[hyphen + 1]) else { return nil }
        return hyphen + 1
    }
    guard !afterHyphens.isEmpty else { return breaks }
    return breaks.filter { !afterHyphens.contains($0) }
}

/// The printable ASCII characters no break follows, letters and digits aside.
private let neverBreakAfter = ASCIISet("$'(/<@[^_`{\u{7F}")
/// The printable ASCII characters no break precedes.
private let neverBreakBefore = ASCIISet("!),./:;?]}")
/// The opening brackets a break precedes after other ASCII punctuation.
private let breakBeforeAfterPunctuation = ASCIISet("(<[{")

/// A set of ASCII characters as two bit masks (a lookup per byte of the paragraph costs no hashing).
private struct ASCIISet {
    private var low: UInt64 = 0, high: UInt64 = 0

    init(_ characters: String) {
        for byte in characters.utf8 where byte < 0x80 {
            if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
        }
    }

    func contains(_ byte: UInt8) -> Bool {
        byte < 64 ? low & (1 << UInt64(byte)) != 0 : byte < 128 && high & (1 << UInt64(byte - 64)) != 0
    }
}

/// Whether the hyphen before byte `offset` (a non-ASCII character), `hyphenLength` bytes of UTF-8,
/// stands between Hebrew letters.
private func breakAfterHebrewHyphen(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, hyphenLength: Int = 1, in content: Range<Int>) -> Bool {
    let letterStart = scalarStart(bytes, atOrBefore: offset - hyphenLength - 1, notBefore: content.lowerBound)
    return cicu_line_break_class(decodeScalar(bytes, at: offset).0) == LineBreakClass.hebrewLetter
        && cicu_line_break_class(decodeScalar(bytes, at: letterStart).0) == LineBreakClass.hebrewLetter
}

/// Whether Chromium breaks before byte `offset` beside a curly quote: before `“` or `‘` after an
/// ideograph (line break class ID, or Hangul, or kana) or an East Asian closing mark (`。`, `」`)
/// when an East Asian character follows the quote (`漢|“漢`, `。|“漢`, not `漢“a`), and after `”`
/// or `’` before an ideograph when an East Asian character precedes the quote (`漢”|漢`). Not after
/// an opening quote, nor before a closing one, nor beside a character of another class, where
/// headless Chromium 156 does not break either (`漢漢漢漢漢漢“漢漢漢` at 119 px breaks before the
/// `“`, not after it). East Asian: an ideograph as above, or a mark of the CJK Symbols and
/// Punctuation block or the fullwidth forms (`「`, `。`).
func breakBesideCurlyQuote(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, in content: Range<Int>) -> Bool {
    // (`offset` starts a character. Only `“‘` start with E2, only `”’` end in 9D or 99, among
    // those this looks at: no decoding elsewhere.)
    guard bytes[offset] == 0xE2 || bytes[offset - 1] == 0x9D || bytes[offset - 1] == 0x99 else { return false }
    let (next, nextLength) = decodeScalar(bytes, at: offset)
    let beforeStart = scalarStart(bytes, atOrBefore: offset - 1, notBefore: content.lowerBound)
    let before = decodeScalar(bytes, at: beforeStart).0
    if next == 0x201C || next == 0x2018 {
        let farStart = offset + nextLength
        let breaksAfterBefore = isIdeographClass(before) || (isEastAsian(before) && cicu_line_break_class(before) == LineBreakClass.closePunctuation)
        return farStart < content.upperBound && breaksAfterBefore && isEastAsian(decodeScalar(bytes, at: farStart).0)
    }
    if before == 0x201D || before == 0x2019 {
        guard beforeStart > content.lowerBound else { return false }
        let far = decodeScalar(bytes, at: scalarStart(bytes, atOrBefore: beforeStart - 1, notBefore: content.lowerBound)).0
        return isEastAsian(far) && isIdeographClass(next)
    }
    return false
}

/// Whether `scalar`'s line break class is an ideograph's, a Hangul syllable's or jamo's, or a small kana's.
private func isIdeographClass(_ scalar: UInt32) -> Bool {
    // ULineBreak values: ID 14, H2 31, H3 32, JL 33, JT 34, JV 35, CJ 37.
    switch cicu_line_break_class(scalar) {
    case LineBreakClass.ideographic, 31, 32, 33, 34, 35, 37: true
    default: false
    }
}

/// Whether `scalar` is East Asian for ``breakBesideCurlyQuote(_:at:in:)``: of an ideograph's class,
/// in the CJK Symbols and Punctuation block or the fullwidth forms, or of East Asian width wide,
/// fullwidth or halfwidth (LB19a's `$EastAsian`: an emoji such as `👍` or `⌚`, a halfwidth kana
/// `ｱ`; headless Chromium 156 breaks before the `“` of `为“👍`, `为“⌚` and `为“ｱ`, after the `”` of
/// `ｱ”扩`, not before the `“` of `为“a`).
private func isEastAsian(_ scalar: UInt32) -> Bool {
    if isIdeographClass(scalar) || (0x3000...0x303F).contains(scalar) || (0xFF01...0xFF60).contains(scalar) { return true }
    switch cicu_east_asian_width(scalar) {
    case eastAsianWide, eastAsianFullwidth, eastAsianHalfwidth: return true
    default: return false
    }
}

/// Whether Chromium breaks after the space before byte `offset` where ICU may not: before any
/// character but a space, a zero width space, a combining mark, a zero width joiner or a word
/// joiner (which keep to what comes before them), and a hard break; nil there (ICU's answer stands).
private func breakAfterSpace(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool? {
    let next = bytes[offset]
    // Spaces and tabs are one run of preserved white space to Blink, with no break inside it,
    // where UAX 14's LB18 breaks between a space and a tab (class BA).
    if next == 0x09 { return false }
    if next < 0x80 { return next > 0x20 && next != 0x7F ? true : nil }
    switch cicu_line_break_class(decodeScalar(bytes, at: offset).0) {
    case LineBreakClass.combiningMark, LineBreakClass.space, LineBreakClass.zeroWidthSpace, LineBreakClass.wordJoiner,
         LineBreakClass.zeroWidthJoiner, LineBreakClass.mandatoryBreak, LineBreakClass.nextLine: return nil
    default: return true
    }
}

private func isPrintableASCII(_ byte: UInt8) -> Bool { byte > 0x20 && byte <= 0x7F }
private func isASCIIAlphanumeric(_ byte: UInt8) -> Bool { isASCIILetter(byte) || isASCIIDigit(byte) }
private func isASCIILetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
private func isASCIIDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
