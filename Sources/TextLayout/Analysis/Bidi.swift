// Bidi embedding levels of a paragraph (UAX #9, ICU) and the visual order of a line's runs (rule L2).
import CICU

/// The base direction of paragraphs.
public enum TextDirection: String, Sendable, CaseIterable {
    /// From the first strong character of each paragraph (rules P2, P3); left to right when there is none.
    case auto
    case ltr
    case rtl
}

/// The resolved bidi levels of one paragraph.
struct BidiLevels: Sendable {
    /// 0 for a left-to-right paragraph, 1 for a right-to-left one.
    var paragraphLevel: UInt8
    /// The level of each byte of the paragraph (indexed from the paragraph's start); nil when every
    /// character is at the paragraph level 0 (text with no right-to-left character or control).
    var levels: [UInt8]?

    func level(at offset: Int, paragraphStart: Int) -> UInt8 {
        levels?[offset - paragraphStart] ?? paragraphLevel
    }
}

/// Resolves the levels of `range` of UTF-8 `bytes`, a paragraph, in `direction`.
///
/// Text with no character that can leave level 0 (``canLeaveLevelZero(_:)``) is left to right
/// at level 0 throughout, so ICU is not asked (unless `direction` is rtl): most text of most
/// scripts, Chinese, Japanese, Thai and Devanagari as much as Latin.
func resolveBidi(_ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, direction: TextDirection) throws -> BidiLevels {
    if direction != .rtl, !holdsCharacterLeavingLevelZero(bytes, range) {
        return BidiLevels(paragraphLevel: 0, levels: nil)
    }
    guard !range.isEmpty else { return BidiLevels(paragraphLevel: direction == .rtl ? 1 : 0, levels: nil) }
    var levels = [UInt8](repeating: 0, count: range.count)
    let wanted: Int32 = direction == .ltr ? 0 : direction == .rtl ? 1 : -1
    let result = levels.withUnsafeMutableBufferPointer { out in
        cicu_bidi_levels(bytes.baseAddress! + range.lowerBound, Int32(range.count), wanted, out.baseAddress!)
    }
    guard result >= 0 else {
        throw LayoutError(.internalError, "ICU could not resolve bidi levels: \(String(cString: cicu_error_name(result)))")
    }
    let paragraphLevel = UInt8(result)
    if paragraphLevel == 0, !levels.contains(where: { $0 != 0 }) { return BidiLevels(paragraphLevel: 0, levels: nil) }
    return BidiLevels(paragraphLevel: paragraphLevel, levels: levels)
}

/// Whether `range` of UTF-8 `bytes` (whole characters) holds a character that can leave level 0
/// (``canLeaveLevelZero(_:)``). Bytes below 0xD6 (ASCII, continuation bytes, and the leads of
/// U+0000 to U+057F) are passed over without decoding.
func holdsCharacterLeavingLevelZero(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
    var i = range.lowerBound
    while i < range.upperBound {
        guard bytes[i] >= 0xD6 else { i += 1; continue }
        let (scalar, length) = decodeScalar(bytes, at: i)
        if canLeaveLevelZero(scalar) { return true }
        i += length
    }
    return false
}

/// Whether `scalar` can put a character of a paragraph that is not right to left at a level
/// other than 0: a right-to-left letter (bidi class R or AL), an Arabic number (AN, which rule I1
/// raises by two), or an explicit embedding, override or isolate (LRE, RLE, LRO, RLO, PDF, LRI,
/// RLI, FSI, PDI). Without one, rules W1 to W7 turn every European number and weak or neutral
/// character into L or into the paragraph's direction, and the paragraph's direction is left to
/// right (rules P2 and P3 find no strong right-to-left letter), so every level is 0. The blocks
/// are wider than the characters (a test holds them to ICU's classes of every code point).
@inline(__always)
func canLeaveLevelZero(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0x0590...0x08FF,                   // Hebrew to Arabic Extended-A
         0x200F, 0x202A...0x202E, 0x2066...0x2069, // RLM; embeddings and overrides; isolates
         0xFB1D...0xFDFF, 0xFE70...0xFEFF,  // Hebrew and Arabic presentation forms
         0x10800...0x10FFF, 0x1E800...0x1EFFF: // right-to-left scripts of the SMP
        true
    default:
        false
    }
}

/// The visual order of items with bidi `levels`, given in logical order (UAX #9 rule L2): from the
/// highest level down to the lowest odd one, every maximal sequence at that level or higher is
/// reversed. Returns the logical indices in drawing order, left to right.
func visualOrder(_ levels: [UInt8]) -> [Int] {
    var order = Array(levels.indices)
    guard let highest = levels.max(), let lowestOdd = levels.filter({ $0 & 1 == 1 }).min() else { return order }
    var level = highest
    while level >= lowestOdd {
        var i = 0
        while i < order.count {
            guard levels[order[i]] >= level else { i += 1; continue }
            var j = i
            while j < order.count, levels[order[j]] >= level { j += 1 }
            order[i..<j].reverse()
            i = j
        }
        if level == 0 { break }
        level -= 1
    }
    return order
}
