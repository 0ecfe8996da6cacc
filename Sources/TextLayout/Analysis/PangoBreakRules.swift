// The break opportunities where Pango 1.50 departs from ICU's UAX #14: Thai words from libthai's dictionary, none inside other complex-context words, after a word-initial hyphen, between punctuation and a digit.
import CICU
import CThai

/// `breaks` (ascending, in `range` of `bytes`) without ICU's dictionary breaks: those between
/// two characters of class SA.
func removingComplexContextBreaks(_ breaks: [Int], _ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) -> [Int] {
    breaks.filter { b in
        // Every character of class SA is past U+0E00: an ASCII byte on either side is none.
        guard b > range.lowerBound, b < range.upperBound, bytes[b] >= 0xE0, bytes[b - 1] >= 0x80 else { return true }
        let before = scalarStart(bytes, atOrBefore: b - 1, notBefore: range.lowerBound)
        return !(cicu_line_break_class(decodeScalar(bytes, at: before).0) == LineBreakClass.complexContext
                 && cicu_line_break_class(decodeScalar(bytes, at: b).0) == LineBreakClass.complexContext)
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
    // HY is U+002D alone and U+2010 is E2 80 90: a hyphen starts with one of those two bytes,
    // neither of which continues a UTF-8 sequence.
    for i in range where bytes[i] == 0x2D || bytes[i] == 0xE2 {
        guard let end = endOfHyphenBeforeLetter(bytes, at: i, in: range) else { continue }
        let startsWord = i == range.lowerBound
            || wordStartsAfter.contains(cicu_line_break_class(decodeScalar(bytes, at: scalarStart(bytes, atOrBefore: i - 1, notBefore: range.lowerBound)).0))
        if startsWord { found.append(end) }
    }
    return found
}

/// The break between a `.`, `:`, `,` or `/` (line break classes IS and SY) and the digit (NU)
/// after it, in `range` of `bytes`, unless the punctuation continues a number (`1.5`, `10/20`:
/// digits, then only digits, IS and SY, combining marks between): Pango 1.50 breaks in
/// `POSIX.|1` and `%.|250s`, where ICU's UAX #14 LB25 does not.
func breaksBetweenPunctuationAndDigits(_ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) -> [Int] {
    var found: [Int] = []
    var i = range.lowerBound
    while i < range.upperBound {
        let (scalar, length) = decodeScalar(bytes, at: i)
        let end = i + length
        defer { i = end }
        guard infixSeparatorsAndSymbols.contains(scalar), end < range.upperBound else { continue }
        guard cicu_line_break_class(decodeScalar(bytes, at: end).0) == LineBreakClass.numeric,
              !continuesNumber(bytes, before: i, from: range.lowerBound) else { continue }
        found.append(end)
    }
    return found
}

/// Whether the text before `position` (back to `floor`) ends in a number: a digit, then only
/// digits, IS, SY and combining marks.
private func continuesNumber(_ bytes: UnsafeBufferPointer<UInt8>, before position: Int, from floor: Int) -> Bool {
    var i = position
    while i > floor {
        i = scalarStart(bytes, atOrBefore: i - 1, notBefore: floor)
        switch cicu_line_break_class(decodeScalar(bytes, at: i).0) {
        case LineBreakClass.numeric: return true
        case LineBreakClass.infixSeparator, LineBreakClass.symbol, LineBreakClass.combiningMark: continue
        default: return false
        }
    }
    return false
}

/// The characters of line break classes IS and SY (Unicode 15): , . : ; / and their kin in other scripts.
private let infixSeparatorsAndSymbols: Set<UInt32> = [0x2C, 0x2E, 0x2F, 0x3A, 0x3B, 0x37E, 0x589, 0x60C, 0x60D, 0x7F8, 0x2044, 0xFE10, 0xFE13, 0xFE14]

/// The classes after which a hyphen starts a word: BK 6, CB 7, CR 10, GL 12, LF 17, SP 26, ZW 28, NL 29.
private let wordStartsAfter: Set<Int32> = [6, 7, 10, 12, 17, 26, 28, 29]
