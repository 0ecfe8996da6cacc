// Converts ascending UTF-8 byte offsets into UTF-16 code unit offsets, and back, in one pass over the text.

/// Converts UTF-8 byte offsets of one text into UTF-16 offsets, for offsets asked in ascending order.
///
/// Each call continues from the previous one, so converting every line start and end of a layout
/// reads the text once. Asking for an offset below the previous one starts again from 0.
package struct UTF16OffsetCounter {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var byteOffset = 0
    private var utf16Offset = 0

    package init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// A counter that starts from a known pair: byte `byteOffset` is UTF-16 offset `utf16Offset`.
    package init(_ bytes: UnsafeBufferPointer<UInt8>, byteOffset: Int, utf16Offset: Int) {
        self.bytes = bytes
        self.byteOffset = byteOffset
        self.utf16Offset = utf16Offset
    }

    /// The UTF-16 offset of the character that starts at byte `target` (or of the text's end).
    package mutating func utf16(at target: Int) -> Int {
        // (A line starts where the last one ended: asked again for the offset just counted.)
        if target == byteOffset { return utf16Offset }
        if target < byteOffset { byteOffset = 0; utf16Offset = 0 }
        var i = byteOffset
        var n = utf16Offset
        // Eight bytes a word: each byte but a continuation byte (10xxxxxx) starts a scalar, one
        // unit, and a lead byte of four (11110xxx) adds a second (``unitCounts(_:)``); four words
        // summed before their bytes are added up. The bytes before the target that are fewer than
        // a word are read in one when a whole word can be read there, the bytes past them left out.
        if let base = bytes.baseAddress {
            let end = Swift.min(target, bytes.count)
            @inline(__always) func word(at offset: Int) -> UInt64 {
                UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
            }
            while i + 32 <= end {
                let counts = unitCounts(word(at: i)) &+ unitCounts(word(at: i + 8)) &+ unitCounts(word(at: i + 16)) &+ unitCounts(word(at: i + 24))
                n += byteSum(counts)
                i += 32
            }
            while i + 8 <= end {
                n += byteSum(unitCounts(word(at: i)))
                i += 8
            }
            if i < end, i + 8 <= bytes.count {
                let kept: UInt64 = (1 << UInt64(8 * (end - i))) - 1
                n += byteSum(unitCounts(word(at: i)) & kept)
                i = end
            }
        }
        while i < target {
            let byte = bytes[i]
            // A lead byte starts a scalar: one UTF-16 unit, or a surrogate pair for 4-byte sequences.
            if !UTF8.isContinuation(byte) { n += utf16UnitCount(lead: byte) }
            i += 1
        }
        byteOffset = target
        utf16Offset = n
        return n
    }

    /// The byte offset of UTF-16 offset `target` (at or after the previous one asked, and no
    /// further than the text's end), or nil when it falls inside a surrogate pair.
    package mutating func byte(atUTF16 target: Int) -> Int? {
        var i = byteOffset
        var n = utf16Offset
        while n < target, i < bytes.count {
            let lead = bytes[i]
            i += utf8SequenceLength(lead: lead)
            n += utf16UnitCount(lead: lead)
        }
        byteOffset = i
        utf16Offset = n
        return n == target ? i : nil
    }
}

/// The UTF-16 units each byte of `word` (eight bytes of UTF-8) starts, in that byte: 0 for a
/// continuation byte, 2 for the lead byte of a 4-byte sequence, else 1.
@inline(__always)
private func unitCounts(_ word: UInt64) -> UInt64 {
    let high: UInt64 = 0x8080_8080_8080_8080
    let notContinuation = ~(word & ~(word << 1)) & high
    let fourByteLead = word & (word << 1) & (word << 2) & (word << 3) & high
    return (notContinuation >> 7) &+ (fourByteLead >> 7)
}

/// The sum of the bytes of `counts` (a sum under 256).
@inline(__always)
private func byteSum(_ counts: UInt64) -> Int {
    Int((counts &* 0x0101_0101_0101_0101) >> 56)
}
