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
        if target < byteOffset { byteOffset = 0; utf16Offset = 0 }
        var i = byteOffset
        var n = utf16Offset
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
