// UTF-8 read a scalar at a time: how long the sequence a lead byte starts is, in UTF-8 and in UTF-16, where the scalar holding a byte starts, and its value.

/// The length in bytes of the UTF-8 sequence that starts with `lead`: 1 to 4.
/// - Precondition: `lead` starts a sequence of valid UTF-8 (it is no continuation byte).
@inline(__always)
package func utf8SequenceLength(lead: UInt8) -> Int {
    lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
}

/// The length in UTF-16 code units of the scalar whose UTF-8 sequence starts with `lead`: 2 (a
/// surrogate pair) for a four-byte sequence, else 1.
/// - Precondition: `lead` starts a sequence of valid UTF-8 (it is no continuation byte).
@inline(__always)
package func utf16UnitCount(lead: UInt8) -> Int {
    lead >= 0xF0 ? 2 : 1
}

/// The start of the scalar that holds byte `i` of valid UTF-8: `i` moved back over continuation
/// bytes, but not below `lower` (the start of the text or paragraph looked at). `i` may be the
/// end of `bytes`, which starts no scalar and is returned as it is.
@inline(__always)
package func scalarStart(_ bytes: UnsafeBufferPointer<UInt8>, atOrBefore i: Int, notBefore lower: Int) -> Int {
    guard i < bytes.count else { return i }
    var start = i
    while start > lower, UTF8.isContinuation(bytes[start]) { start -= 1 }
    return start
}

/// The Unicode scalar starting at byte `i` of valid UTF-8, and its length in bytes.
@inline(__always)
package func decodeScalar(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (UInt32, Int) {
    let b0 = UInt32(bytes[i])
    if b0 < 0x80 { return (b0, 1) }
    if b0 < 0xE0 { return ((b0 & 0x1F) << 6 | UInt32(bytes[i + 1]) & 0x3F, 2) }
    if b0 < 0xF0 { return ((b0 & 0x0F) << 12 | (UInt32(bytes[i + 1]) & 0x3F) << 6 | UInt32(bytes[i + 2]) & 0x3F, 3) }
    return ((b0 & 0x07) << 18 | (UInt32(bytes[i + 1]) & 0x3F) << 12 | (UInt32(bytes[i + 2]) & 0x3F) << 6 | UInt32(bytes[i + 3]) & 0x3F, 4)
}
