// Break opportunities (UAX #14) and grapheme cluster boundaries (UAX #29) from ICU, as UTF-8 byte offsets.
import CICU

enum BreakKind {
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
/// line breaks) or whole words (for graphemes), whose edges are boundaries anyway.
func boundaries(_ kind: BreakKind, in bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, locale: String? = nil) throws -> [Int] {
    let length = range.count
    guard length > 0 else { return [] }
    guard length < Int(Int32.max) else {
        throw LayoutError(.invalidText, "a paragraph of \(length) bytes is longer than the \(Int32.max - 1) bytes ICU can analyse")
    }
    let found = try [Int32](unsafeUninitializedCapacity: length + 1) { positions, count in
        let n = cicu_breaks(kind.icuKind, locale, bytes.baseAddress! + range.lowerBound, Int32(length),
                            positions.baseAddress!, nil, Int32(length + 1))
        guard n >= 0 else {
            count = 0
            throw LayoutError(.internalError, "ICU could not find \(kind) boundaries: \(String(cString: cicu_error_name(n)))")
        }
        count = Int(n)
    }
    return found.map { range.lowerBound + Int($0) }
}
