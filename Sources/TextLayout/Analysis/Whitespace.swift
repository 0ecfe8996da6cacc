// Which whitespace hangs at a line's end, and the spaces (no-break ones too) that a line cut inside a word keeps around the cut.

/// Where the whitespace that hangs at the end of `start..<end` begins (`end` when there is none).
///
/// Hanging whitespace: spaces and tabs, and the other breaking space separators (U+1680,
/// U+2000–U+2006, U+2008–U+200A, U+205F, U+3000), as text views and CSS `pre-wrap` let them hang.
/// No-break spaces (U+00A0, U+2007, U+202F) are content.
func hangingWhitespaceStart(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
    var i = end
    while i > start {
        let b = bytes[i - 1]
        if b == 0x20 || b == 0x09 { i -= 1; continue }
        guard i - 3 >= start, b >= 0x80 else { break }
        let (b0, b1, b2) = (bytes[i - 3], bytes[i - 2], b)
        let isSpace = (b0 == 0xE1 && b1 == 0x9A && b2 == 0x80)           // U+1680
            || (b0 == 0xE2 && b1 == 0x80 && (0x80...0x8A).contains(b2) && b2 != 0x87)  // U+2000–U+200A but U+2007
            || (b0 == 0xE2 && b1 == 0x81 && b2 == 0x9F)                  // U+205F
            || (b0 == 0xE3 && b1 == 0x80 && b2 == 0x80)                  // U+3000
        guard isSpace else { break }
        i -= 3
    }
    return i
}

/// Where the whitespace that hangs at the end of `start..<end` begins under `rule` (`end` when there is none).
func hangingWhitespaceStart(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, rule: HangingWhitespace) -> Int {
    let hanging = hangingWhitespaceStart(bytes, start, end)
    guard rule == .lastCharacter, hanging < end else { return hanging }
    return scalarStart(bytes, atOrBefore: end - 1, notBefore: hanging)
}

/// Where the space (see ``spaceLength(_:at:noBreakSpaces:)``) that ends just before `end` starts, or nil.
func spaceStart(_ bytes: UnsafeBufferPointer<UInt8>, before end: Int, from start: Int,
                noBreakSpaces: LineEndNoBreakSpace = .hangs) -> Int? {
    let i = scalarStart(bytes, atOrBefore: end - 1, notBefore: start)
    guard let length = spaceLength(bytes, at: i, noBreakSpaces: noBreakSpaces), i + length == end else { return nil }
    return i
}

/// The byte length of the space at `i` (one that hangs at a line end, or a no-break space:
/// U+00A0, U+2007, U+202F, unless `noBreakSpaces` says they count as content), or nil when there is none.
func spaceLength(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, noBreakSpaces: LineEndNoBreakSpace = .hangs) -> Int? {
    if noBreakSpaces == .hangs {
        if bytes[i] == 0xC2, i + 1 < bytes.count, bytes[i + 1] == 0xA0 { return 2 }
        if bytes[i] == 0xE2, i + 2 < bytes.count, bytes[i + 1] == 0x80, bytes[i + 2] == 0x87 || bytes[i + 2] == 0xAF { return 3 }
    }
    let length = utf8SequenceLength(lead: bytes[i])
    guard i + length <= bytes.count else { return nil }
    return hangingWhitespaceStart(bytes, i, i + length) == i ? length : nil
}

/// Whether the character at byte `i` is a word separator, which word spacing follows (CSS Text
/// 3: U+0020, U+00A0, U+1361 ETHIOPIC WORDSPACE, U+10100 and U+10101 AEGEAN WORD SEPARATORs,
/// U+1039F UGARITIC WORD DIVIDER, U+1091F PHOENICIAN WORD SEPARATOR).
func isWordSeparator(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
    switch bytes[i] {
    case 0x20: return true
    case 0xC2, 0xE1, 0xF0: return wordSeparators.contains(decodeScalar(bytes, at: i).0)
    default: return false
    }
}

/// The word separators beyond U+0020 (see ``isWordSeparator(_:at:)``).
private let wordSeparators: Set<UInt32> = [0xA0, 0x1361, 0x10100, 0x10101, 0x1039F, 0x1091F]
