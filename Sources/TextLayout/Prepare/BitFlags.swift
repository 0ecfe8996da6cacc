// Flags stored as bits, the first 64 in the value itself: a short paragraph's unsafe-to-break clusters take no allocation.

/// Flags by index, a bit each, all clear until set: the first 64 held inline, the others in
/// 64-bit words on the heap, as many as reach the last flag set (so equal flags are stored alike).
struct BitFlags: Sendable, Equatable {
    private var first: UInt64 = 0
    /// The flags from index 64 on, 64 to a word.
    private var rest: [UInt64] = []

    init() {}

    subscript(index: Int) -> Bool {
        @inline(__always) get { index < 64 ? first >> UInt64(index) & 1 != 0 : isSet(beyondFirst: index) }
    }

    /// The flag at `index` (64 or more): out of line, so that the loops that read flags keep the short path alone.
    @inline(never)
    private func isSet(beyondFirst index: Int) -> Bool {
        let word = (index - 64) >> 6
        return word < rest.count && rest[word] >> UInt64(index & 63) & 1 != 0
    }

    /// Sets the flag at `index`.
    mutating func set(_ index: Int) {
        if index < 64 {
            first |= 1 << UInt64(index)
            return
        }
        let word = (index - 64) >> 6
        while rest.count <= word { rest.append(0) }
        rest[word] |= 1 << UInt64(index & 63)
    }

    /// The flags before index `count`, the others clear.
    func prefix(count: Int) -> BitFlags {
        var copy = BitFlags()
        copy.first = count >= 64 ? first : first & ((1 << UInt64(count)) - 1)
        guard count > 64 else { return copy }
        var words = Array(rest.prefix((count - 1) >> 6))
        if count & 63 != 0, words.count == (count - 1) >> 6 { words[words.count - 1] &= (1 << UInt64(count & 63)) - 1 }
        while words.last == 0 { words.removeLast() }
        copy.rest = words
        return copy
    }

    /// The bytes the flags take on the heap.
    var storageBytes: Int { heapBytes(rest) }
}
