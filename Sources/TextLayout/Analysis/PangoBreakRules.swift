// The break opportunities where Pango 1.50 departs from ICU's UAX #14: Thai words from libthai's dictionary, none inside other complex-context words, after a word-initial hyphen, between punctuation and a digit.
import CICU
import CThai

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

/// `breaks` (ascending, in `range` of `bytes`) without ICU's dictionary breaks: those between
/// two characters of class SA.
func removingComplexContextBreaks(_ breaks: [Int], _ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) -> [Int] {
    breaks.filter { b in
        guard b > range.lowerBound, b < range.upperBound else { return true }
        let before = scalarStart(bytes, atOrBefore: b - 1, notBefore: range.lowerBound)
        return !(cicu_line_break_class(decodeScalar(bytes, at: before).0) == complexContextClass
                 && cicu_line_break_class(decodeScalar(bytes, at: b).0) == complexContextClass)
    }
}

/// `breaks` (ascending) with libthai's breaks inside each of `runs` (a paragraph's shaped runs)
/// in Thai script, as Pango's items are: one font, one script, so a quotation mark the Thai font
/// lacks is not part of the word libthai sees. Only those after `after`.
/// - Throws: ``LayoutError`` `.invalidArgument` (key `profile`) when the text has Thai and
///   libthai (libthai0) cannot be loaded.
func withLibthaiBreaks(_ breaks: [Int], _ bytes: UnsafeBufferPointer<UInt8>, runs: [ShapedRun], after: Int) throws -> [Int] {
    var added: [Int] = []
    for run in runs where run.script == "Thai" && run.range.upperBound > after + 1 {
        added += try libthaiBreaks(bytes, range: run.range).filter { $0 > after }
    }
    return added.isEmpty ? breaks : mergedAscending(breaks, added)
}

/// libthai's word breaks inside `range` of `bytes`, as byte offsets (neither edge).
private func libthaiBreaks(_ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) throws -> [Int] {
    var scalars: [UInt32] = []
    var offsets: [Int] = []
    var i = range.lowerBound
    while i < range.upperBound {
        let (scalar, length) = decodeScalar(bytes, at: i)
        scalars.append(scalar)
        offsets.append(i)
        i += length
    }
    let positions = try [Int32](unsafeUninitializedCapacity: scalars.count + 1) { positions, count in
        let n = cthai_breaks(scalars, Int32(scalars.count), positions.baseAddress!, Int32(scalars.count + 1))
        guard n >= 0 else {
            count = 0
            throw LayoutError(.invalidArgument, "the pango profile breaks Thai with libthai, as Pango does, and libthai (libthai.so.0 "
                              + "and its dictionary, Debian's libthai0) could not be loaded: install it, or lay Thai out without the profile",
                              keys: ["profile"])
        }
        count = Int(n)
    }
    return positions.map { offsets[Int($0)] }
}

/// The break after each hyphen (class HY, or U+2010) that starts a word, a letter (AL or HL)
/// after it, in `range` of `bytes`: Pango 1.50 breaks there, where UAX #14's LB20a (and ICU) do
/// not (`the option -|WIDTH`). A hyphen starts a word at the paragraph's start or after a space,
/// a hard break, a zero width space, a no-break glue character or an object (BK CR LF NL SP ZW GL CB).
func breaksAfterWordInitialHyphens(_ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) -> [Int] {
    var found: [Int] = []
    var previousClass: Int32? = nil
    var i = range.lowerBound
    while i < range.upperBound {
        let (scalar, length) = decodeScalar(bytes, at: i)
        let lineClass = cicu_line_break_class(scalar)
        let end = i + length
        if lineClass == hyphenClass || scalar == 0x2010, previousClass.map(wordStartsAfter.contains) ?? true, end < range.upperBound {
            let next = cicu_line_break_class(decodeScalar(bytes, at: end).0)
            if next == alphabeticClass || next == hebrewLetterClass { found.append(end) }
        }
        previousClass = lineClass
        i = end
    }
    return found
}

/// The break between a `.`, `:`, `,` or `/` (line break classes IS and SY) and the digit (NU)
/// after it, in `range` of `bytes`, unless the punctuation continues a number (`1.5`, `10/20`):
/// Pango 1.50 breaks in `POSIX.|1` and `%.|250s`, where ICU's UAX #14 LB25 does not.
func breaksBetweenPunctuationAndDigits(_ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) -> [Int] {
    var found: [Int] = []
    var inNumber = false
    var i = range.lowerBound
    while i < range.upperBound {
        let (scalar, length) = decodeScalar(bytes, at: i)
        let lineClass = cicu_line_break_class(scalar)
        let end = i + length
        switch lineClass {
        case combiningMarkClass:
            break  // a mark continues what it follows (UAX #14 LB9)
        case numericClass:
            inNumber = true
        case infixSeparatorClass, symbolClass:
            if !inNumber, end < range.upperBound, cicu_line_break_class(decodeScalar(bytes, at: end).0) == numericClass {
                found.append(end)
            }
        default:
            inNumber = false
        }
        i = end
    }
    return found
}

/// ICU's ULineBreak values: AL, CM, HY, IS, NU, SA, SY, HL.
private let alphabeticClass: Int32 = 2, combiningMarkClass: Int32 = 9, hyphenClass: Int32 = 13, infixSeparatorClass: Int32 = 16
private let numericClass: Int32 = 19, complexContextClass: Int32 = 24, symbolClass: Int32 = 27, hebrewLetterClass: Int32 = 38

/// The classes after which a hyphen starts a word: BK 6, CB 7, CR 10, GL 12, LF 17, SP 26, ZW 28, NL 29.
private let wordStartsAfter: Set<Int32> = [6, 7, 10, 12, 17, 26, 28, 29]
