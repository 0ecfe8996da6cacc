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
/// Text in which no byte starts a character at U+0580 or above can hold no right-to-left letter
/// and no bidi control, so it is left to right without asking ICU (unless `direction` is rtl).
func resolveBidi(_ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, direction: TextDirection) throws -> BidiLevels {
    if direction != .rtl, !range.contains(where: { bytes[$0] >= 0xD6 }) {
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
