// Splits text into paragraphs at hard line breaks, over UTF-8 bytes.

/// A paragraph of text: the bytes between two hard breaks.
package struct ParagraphRange: Sendable, Equatable {
    /// The byte offset of the paragraph's first character.
    package var start: Int
    /// The byte offset just past its last character, before the hard break.
    package var end: Int
    /// The byte offset where the next paragraph starts: past the hard break (`end` when there is none).
    package var next: Int
    /// Whether the paragraph ends in a hard break (every paragraph but the last does).
    var endsWithHardBreak: Bool { next > end }
    /// Whether the paragraph has no characters (an empty text, or two hard breaks in a row).
    var isEmpty: Bool { start == end }
}

/// The hard line breaks of the line model: LF, CR LF (one break), CR, NEL (U+0085), VT, FF,
/// LINE SEPARATOR (U+2028) and PARAGRAPH SEPARATOR (U+2029): every character UAX #14 gives the
/// classes BK, CR, LF or NL, so the breaks agree with ICU's mandatory breaks.
///
/// - Returns: The byte length of the hard break starting at `i`, or 0 when there is none.
@inline(__always)
func hardBreakLength(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
    switch bytes[i] {
    case 0x0A, 0x0B, 0x0C: return 1
    case 0x0D: return i + 1 < bytes.count && bytes[i + 1] == 0x0A ? 2 : 1
    case 0xC2: return i + 1 < bytes.count && bytes[i + 1] == 0x85 ? 2 : 0
    case 0xE2:
        return i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9) ? 3 : 0
    default: return 0
    }
}

/// Splits UTF-8 text into paragraphs at hard breaks. Empty text is one empty paragraph, and text
/// that ends in a hard break ends with an empty paragraph (the caret's line).
package func splitParagraphs(_ bytes: UnsafeBufferPointer<UInt8>) -> [ParagraphRange] {
    var paragraphs: [ParagraphRange] = []
    var start = 0
    var i = 0
    while i < bytes.count {
        let length = hardBreakLength(bytes, at: i)
        if length > 0 {
            paragraphs.append(ParagraphRange(start: start, end: i, next: i + length))
            i += length
            start = i
        } else {
            i += 1
        }
    }
    paragraphs.append(ParagraphRange(start: start, end: bytes.count, next: bytes.count))
    return paragraphs
}
