// Byte offsets and indices stored in 32 bits (texts are at most 64 MiB), read as Int: half the memory of [Int], moved in O(1).

/// An array of integers in 0..<2³¹, stored as `Int32` relative to a base that is added on read, so
/// that moving every value (``shifted(by:)``) changes the base and shares the storage.
struct CompactOffsets: RandomAccessCollection, Sendable, Equatable {
    private(set) var storage: [Int32]
    /// Added to every stored value on read.
    private var base: Int32 = 0

    init() { storage = [] }
    init<S: Sequence>(_ values: S) where S.Element == Int { storage = values.map { Int32($0) } }

    var startIndex: Int { 0 }
    var endIndex: Int { storage.count }
    subscript(position: Int) -> Int { Int(storage[position] &+ base) }

    mutating func append(_ value: Int) { storage.append(Int32(value) &- base) }
    mutating func reserveCapacity(_ n: Int) { storage.reserveCapacity(n) }
    var capacity: Int { storage.capacity }

    /// The first `count` values, copied as stored (one block, not value by value), with room for
    /// `room` more (what a grown paragraph adds, so that adding it does not copy them again).
    func prefix(count: Int, room: Int = 0) -> CompactOffsets {
        var copy = self
        copy.storage = Array(storage[..<count], room: room)
        return copy
    }

    /// Every value moved by `delta`: O(1), the storage shared.
    func shifted(by delta: Int) -> CompactOffsets {
        var copy = self
        copy.base &+= Int32(delta)
        return copy
    }

    /// Equal when every value read is equal, whatever the bases.
    static func == (a: CompactOffsets, b: CompactOffsets) -> Bool {
        a.base == b.base ? a.storage == b.storage : a.elementsEqual(b)
    }
}

extension Array {
    /// `elements` copied in one block into an array with room for `room` more.
    init(_ elements: ArraySlice<Element>, room: Int) {
        self.init()
        reserveCapacity(elements.count + room)
        append(contentsOf: elements)
    }
}
