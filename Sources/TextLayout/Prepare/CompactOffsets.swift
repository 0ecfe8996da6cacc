// Byte offsets and indices stored in 32 bits (texts are at most 64 MiB), read as Int: half the memory of [Int].

/// An array of non-negative integers below 2³¹, stored as `Int32`, read and written as `Int`.
struct CompactOffsets: RandomAccessCollection, Sendable, Equatable {
    private(set) var storage: [Int32]

    init() { storage = [] }
    init<S: Sequence>(_ values: S) where S.Element == Int { storage = values.map { Int32($0) } }

    var startIndex: Int { 0 }
    var endIndex: Int { storage.count }
    subscript(position: Int) -> Int { Int(storage[position]) }

    mutating func append(_ value: Int) { storage.append(Int32(value)) }
    mutating func reserveCapacity(_ n: Int) { storage.reserveCapacity(n) }

    /// Every value moved by `delta`.
    func shifted(by delta: Int) -> CompactOffsets {
        var copy = self
        let d = Int32(delta)
        for i in copy.storage.indices { copy.storage[i] += d }
        return copy
    }
}
