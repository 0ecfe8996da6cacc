// Reading the big-endian numbers of a font table's bytes, nil past their end, for the table readers that check fonts for the word cache.

extension UnsafeRawBufferPointer {
    /// The big-endian 16-bit number at `offset`, nil when it does not lie wholly inside the bytes.
    func bigEndianUInt16(at offset: Int) -> UInt16? {
        guard offset >= 0, offset + 2 <= count else { return nil }
        return UInt16(self[offset]) << 8 | UInt16(self[offset + 1])
    }

    /// The big-endian 32-bit number at `offset`, nil when it does not lie wholly inside the bytes.
    func bigEndianUInt32(at offset: Int) -> UInt32? {
        guard let high = bigEndianUInt16(at: offset), let low = bigEndianUInt16(at: offset + 2) else { return nil }
        return UInt32(high) << 16 | UInt32(low)
    }
}
