// Reads a font's legacy `kern` table far enough to tell whether any of its pairs kerns a glyph (the space), for the word cache.

/// The bytes of a legacy `kern` table: the OpenType one (version 0, 16-bit subtable headers) or
/// Apple's (version 1.0, 32-bit headers), which HarfBuzz applies when the font's `GPOS` has no
/// `kern` feature for the script (and which this reader checks whatever the `GPOS`, so as to
/// answer for every script).
struct LegacyKernTable {
    /// The table's bytes, big-endian as in the font file.
    let bytes: UnsafeRawBufferPointer

    /// Whether some pair of a horizontal subtable kerns `glyph` against a neighbour on either
    /// side by a nonzero amount: then text shaped across a space glyph is not the words shaped
    /// apart. Subtables of format 0 (sorted pairs) and 2 (class arrays) are read; a subtable of
    /// another format (1 and 3, state machines and Apple's index arrays), an unknown version or
    /// a table cut short answer true, since they are not understood. An empty table answers false.
    func kerns(glyph: UInt32) -> Bool {
        if bytes.isEmpty { return false }
        guard let version = uint16(at: 0) else { return true }
        if version == 0, let count = uint16(at: 2) {
            return subtablesKern(glyph: glyph, count: Int(count), first: 4, headerSize: 6) { start in
                guard let length = uint16(at: start + 2), let coverage = uint16(at: start + 4) else { return nil }
                // Coverage: the format in the high byte; bit 0 set for horizontal kerning.
                return (Int(length), Int(coverage >> 8), coverage & 0x0001 != 0)
            }
        }
        if version == 1, uint16(at: 2) == 0, let count = uint32(at: 4) {
            return subtablesKern(glyph: glyph, count: Int(count), first: 8, headerSize: 8) { start in
                guard let length = uint32(at: start), let coverage = uint16(at: start + 4) else { return nil }
                // Coverage: the format in the low byte; bit 15 set for vertical kerning.
                return (Int(length), Int(coverage & 0xFF), coverage & 0x8000 == 0)
            }
        }
        return true
    }

    /// Walks `count` subtables from byte `first`, each read by `header` (its length in bytes,
    /// format and whether it kerns horizontally, nil when cut short), whose own fields start
    /// `headerSize` bytes in. The last subtable runs to the table's end whatever its length says
    /// (HarfBuzz reads it so: a large format 0 subtable overflows a 16-bit length).
    private func subtablesKern(glyph: UInt32, count: Int, first: Int, headerSize: Int,
                               header: (Int) -> (length: Int, format: Int, horizontal: Bool)?) -> Bool {
        var start = first
        for index in 0..<count {
            guard let (length, format, horizontal) = header(start) else { return true }
            let isLast = index == count - 1
            guard isLast || length >= headerSize else { return true }
            if horizontal {
                let kerns = switch format {
                case 0: pairsKern(glyph: glyph, at: start + headerSize)
                case 2: classesKern(glyph: glyph, subtable: start, fields: start + headerSize)
                default: true
                }
                if kerns { return true }
            }
            if !isLast { start += length }
        }
        return false
    }

    /// Format 0: a count of pairs, three binary-search fields, then the pairs (left glyph, right
    /// glyph, value). Every pair is read, sorted or not.
    private func pairsKern(glyph: UInt32, at fields: Int) -> Bool {
        guard let pairCount = uint16(at: fields), fields + 8 + Int(pairCount) * 6 <= bytes.count else { return true }
        for pair in 0..<Int(pairCount) {
            let offset = fields + 8 + pair * 6
            let (left, right, value) = (uint16(at: offset)!, uint16(at: offset + 2)!, uint16(at: offset + 4)!)
            if value != 0, UInt32(left) == glyph || UInt32(right) == glyph { return true }
        }
        return false
    }

    /// Format 2: a row width, then the offsets (from the subtable's start) of the left and the
    /// right class table and of the kerning array. A class table is a first glyph, a glyph count
    /// and a 16-bit value for each glyph; a glyph outside it has value 0. The kerning value of a
    /// pair is the 16-bit number at the subtable's start plus the left glyph's value plus the
    /// right one's; an offset before the array or past the table reads 0, as HarfBuzz reads it.
    /// The glyph kerns when a value in its row (against every right value, and 0) or its column
    /// (against every left value, and 0) is not 0.
    private func classesKern(glyph: UInt32, subtable: Int, fields: Int) -> Bool {
        guard let left = uint16(at: fields + 2), let right = uint16(at: fields + 4), let array = uint16(at: fields + 6),
              let lefts = classValues(at: subtable + Int(left)), let rights = classValues(at: subtable + Int(right)) else { return true }
        let arrayStart = subtable + Int(array)
        func value(_ offset: Int) -> UInt16 {
            let start = subtable + offset
            guard start >= arrayStart else { return 0 }
            return uint16(at: arrayStart + (start - arrayStart) / 2 * 2) ?? 0
        }
        let glyphLeft = lefts.value(of: glyph), glyphRight = rights.value(of: glyph)
        return (rights.values + [0]).contains { value(glyphLeft + $0) != 0 } || (lefts.values + [0]).contains { value($0 + glyphRight) != 0 }
    }

    /// A format 2 class table at `offset`: its first glyph and the value of each glyph from there
    /// (nil when the table runs past the bytes).
    private func classValues(at offset: Int) -> KernClasses? {
        guard let firstGlyph = uint16(at: offset), let count = uint16(at: offset + 2), offset + 4 + Int(count) * 2 <= bytes.count else { return nil }
        return KernClasses(firstGlyph: UInt32(firstGlyph), values: (0..<Int(count)).map { Int(uint16(at: offset + 4 + $0 * 2)!) })
    }

    private func uint16(at offset: Int) -> UInt16? { bytes.bigEndianUInt16(at: offset) }

    private func uint32(at offset: Int) -> UInt32? { bytes.bigEndianUInt32(at: offset) }
}

/// A format 2 subtable's class table: the value (an offset in bytes) of each glyph from the first.
private struct KernClasses {
    let firstGlyph: UInt32
    let values: [Int]

    /// The glyph's value, 0 outside the table.
    func value(of glyph: UInt32) -> Int {
        glyph >= firstGlyph && glyph - firstGlyph < UInt32(values.count) ? values[Int(glyph - firstGlyph)] : 0
    }
}
