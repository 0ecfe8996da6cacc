// Break opportunities (UAX #14) and grapheme cluster boundaries (UAX #29) from ICU, as UTF-8 byte offsets.
import CICU

package enum BreakKind {
    case line, grapheme, word

    var icuKind: cicu_break_kind {
        switch self {
        case .line: CICU_LINE
        case .grapheme: CICU_GRAPHEME
        case .word: CICU_WORD
        }
    }
}

/// The boundaries of `kind` inside `range` of UTF-8 `bytes`, as absolute byte offsets, ascending,
/// excluding `range.lowerBound` and including `range.upperBound` (when the range is not empty).
///
/// The text is analysed on its own, without the text around it: callers pass whole paragraphs (for
/// line breaks) or whole words (for graphemes), whose edges are boundaries anyway. With `after`
/// (an offset inside the range), only the boundaries after it, found in the whole range's context.
package func boundaries(_ kind: BreakKind, in bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, locale: String? = nil,
                after: Int? = nil) throws -> [Int] {
    let length = range.count
    guard length > 0 else { return [] }
    guard length < Int(Int32.max) else {
        throw LayoutError(.invalidText, "a paragraph of \(length) bytes is longer than the \(Int32.max - 1) bytes ICU can analyse")
    }
    let found = try [Int32](unsafeUninitializedCapacity: length + 1) { positions, count in
        let n = cicu_breaks_after(kind.icuKind, locale, bytes.baseAddress! + range.lowerBound, Int32(length),
                                  Int32((after ?? range.lowerBound) - range.lowerBound), positions.baseAddress!, nil, Int32(length + 1))
        guard n >= 0 else {
            count = 0
            throw LayoutError(.internalError, "ICU could not find \(kind) boundaries: \(String(cString: cicu_error_name(n)))")
        }
        count = Int(n)
    }
    return found.map { range.lowerBound + Int($0) }
}

/// How strictly lines may break (CSS `line-break` and `word-break: keep-all`).
public enum LineBreakStrictness: String, Sendable, CaseIterable {
    /// UAX #14 with the language's tailoring (ICU's default).
    case normal
    /// Fewer breaks: not before small kana, iteration marks and the like (CSS `line-break: strict`).
    case strict
    /// More breaks (CSS `line-break: loose`).
    case loose
    /// `normal`, but no break between two letters or digits, so Korean and CJK words stay whole:
    /// the old spelling of ``WordBreak/keepAll`` (CSS `word-break: keep-all`), which it means.
    case keepAll = "keep-all"
    /// The profile's own rules for the language: as `normal` (CSS `line-break: auto`; Chromium
    /// gives it no ICU keyword, and its default rules break as `lb=normal`).
    case auto
    /// A break between every two grapheme clusters, whatever UAX #14 and ``WordBreak`` say (CSS
    /// `line-break: anywhere`): for text of no words, such as a hash or a long code.
    case anywhere
}

/// The ICU locale (a BCP 47 tag) that selects the line break rules for `language` and
/// `strictness`, `normal` with or without breaks before small kana as `smallKana` says.
func lineBreakLocale(language: String?, strictness: LineBreakStrictness, smallKana: SmallKanaBreaks = .forbidden) -> String? {
    let keyword: String? = switch strictness {
    case .strict: "strict"
    case .loose: "loose"
    case .normal, .auto: smallKana == .allowed ? "normal" : nil
    case .keepAll, .anywhere: nil
    }
    guard let keyword else { return language }
    return (language ?? "und") + "-u-lb-" + keyword
}

/// Removes the break opportunities between two letters or digits (general categories L and N, but
/// not of line break class SA, whose words the dictionaries find; combining marks count as their
/// base), for `keep-all`: Chromium's rule (`ShouldKeepAfterKeepAll`), so ideographs, kana (small
/// kana and `ー` included) and Hangul stay together, while emoji and symbols (class ID, but no
/// letters) and punctuation still break.
func removingBreaksInsideWords(_ breaks: [Int], _ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) -> [Int] {
    breaks.filter { b in
        guard b > range.lowerBound, b < range.upperBound else { return true }
        var before = b - 1
        while true {
            before = scalarStart(bytes, atOrBefore: before, notBefore: range.lowerBound)
            let scalar = decodeScalar(bytes, at: before).0
            if cicu_line_break_class(scalar) == LineBreakClass.combiningMark, before > range.lowerBound {
                before -= 1
                continue
            }
            return !(isWordLetter(scalar) && isWordLetter(decodeScalar(bytes, at: b).0))
        }
    }
}

/// Whether `scalar` is of line break class ID (ideographs, kana, most emoji).
func isIdeographic(_ scalar: UInt32) -> Bool { cicu_line_break_class(scalar) == LineBreakClass.ideographic }

/// The end of the hyphen (line break class HY, or U+2010 HYPHEN) at `start` when a letter (AL
/// or HL) follows it within `content`; nil otherwise.
func endOfHyphenBeforeLetter(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, in content: Range<Int>) -> Int? {
    guard start < content.upperBound else { return nil }
    let (hyphen, length) = decodeScalar(bytes, at: start)
    let end = start + length
    guard end < content.upperBound, hyphen == 0x2010 || cicu_line_break_class(hyphen) == LineBreakClass.hyphen else { return nil }
    let letterClass = cicu_line_break_class(decodeScalar(bytes, at: end).0)
    return letterClass == LineBreakClass.alphabetic || letterClass == LineBreakClass.hebrewLetter ? end : nil
}

/// ICU's ULineBreak values (`cicu_line_break_class`) that the break rules name.
enum LineBreakClass {
    static let alphabetic: Int32 = 2, closePunctuation: Int32 = 8, combiningMark: Int32 = 9, hyphen: Int32 = 13, ideographic: Int32 = 14
    static let infixSeparator: Int32 = 16, numeric: Int32 = 19, complexContext: Int32 = 24, symbol: Int32 = 27
    static let hebrewLetter: Int32 = 38, mandatoryBreak: Int32 = 6, space: Int32 = 26
    static let zeroWidthSpace: Int32 = 28, nextLine: Int32 = 29, wordJoiner: Int32 = 30
    static let zeroWidthJoiner: Int32 = 42
}

private func isWordLetter(_ scalar: UInt32) -> Bool {
    guard let value = Unicode.Scalar(scalar), cicu_line_break_class(scalar) != LineBreakClass.complexContext else { return false }
    switch value.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
         .decimalNumber, .letterNumber, .otherNumber: return true
    default: return false
    }
}

/// The ICU objects (break iterators, bidi objects) that the C shim's per-thread caches hold open,
/// for tests that check exiting threads leave none behind.
package enum ICUObjectCounts {
    /// Open in all threads together.
    package static var live: Int { Int(cicu_live_objects()) }
    /// Open in the calling thread's cache.
    package static var heldByThisThread: Int { Int(cicu_thread_objects()) }
    /// Closed because the thread holding them exited, since the process began.
    package static var closedAtThreadExit: Int { Int(cicu_objects_closed_at_thread_exit()) }
}
