// Values under keys that are already hashes, in an open-addressing table: the caches' storage without Hasher.

/// Values under 64-bit keys that are already hashes (the caches' keys). The entries lie in one
/// array, in no order; an open-addressing index of slots (linear probing, a key's first slot
/// taken from its bits by one multiplication) holds each entry's position. A `Dictionary` would
/// run `Hasher` over the key at every lookup, store and rehash; here growing the index rewrites
/// only 4-byte positions, and the entries move only as an array grows, without being copied one
/// by one. Deleting shifts back the slots after the hole, so no tombstones are kept.
struct HashedKeyTable<Value> {
    fileprivate struct Entry {
        var key: UInt64
        var value: Value
    }

    private var entries: [Entry] = []
    /// Each slot holds 1 + the position of an entry in ``entries``, or 0 when empty; a power of
    /// two of them, at most three quarters used (as a `Dictionary`'s).
    private var slots: [Int32] = []

    /// The entries held.
    var count: Int { entries.count }

    /// A table that holds `minimumCapacity` entries before it grows; empty ones allocate on the first store.
    init(minimumCapacity: Int = 0) {
        guard minimumCapacity > 0 else { return }
        entries.reserveCapacity(minimumCapacity)
        slots = Array(repeating: 0, count: Self.slotCount(for: minimumCapacity))
    }

    /// The value under `key`, or nil.
    subscript(key: UInt64) -> Value? {
        guard !entries.isEmpty, case let (_, position?) = find(key) else { return nil }
        return entries[position].value
    }

    /// Stores `value` under `key`; returns the value it replaces, if any.
    @discardableResult
    mutating func updateValue(_ value: Value, forKey key: UInt64) -> Value? {
        if !slots.isEmpty, case let (_, position?) = find(key) {
            var previous = value
            swap(&previous, &entries[position].value)
            return previous
        }
        if entries.count + 1 > slots.count * 3 / 4 { reindex(slotCount: Self.slotCount(for: entries.count + 1)) }
        slots[find(key).slot] = Int32(entries.count + 1)
        entries.append(Entry(key: key, value: value))
        return nil
    }

    /// Removes the value under `key` and returns it, or returns nil when there is none.
    @discardableResult
    mutating func removeValue(forKey key: UInt64) -> Value? {
        guard !entries.isEmpty, case let (slot, position?) = find(key) else { return nil }
        // The last entry fills the removed one's place in the array.
        let last = entries.count - 1
        if position != last {
            slots[slotHolding(last)] = Int32(position + 1)
            entries.swapAt(position, last)
        }
        let removed = entries.removeLast().value
        // Each slot after the hole, up to the next empty one, moves into it when the hole lies on
        // its key's probe path (from its first slot to where it is), so that the key is still found.
        let mask = slots.count - 1
        var hole = slot
        slots[hole] = 0
        var next = (slot + 1) & mask
        while slots[next] != 0 {
            let first = firstSlot(entries[Int(slots[next]) - 1].key)
            if (next - first) & mask >= (next - hole) & mask {
                slots.swapAt(hole, next)
                hole = next
            }
            next = (next + 1) & mask
        }
        return removed
    }

    /// The slot of `key` and its entry's position, or the empty slot where it would go and nil
    /// (the table has slots).
    private func find(_ key: UInt64) -> (slot: Int, position: Int?) {
        let mask = slots.count - 1
        var slot = firstSlot(key)
        while slots[slot] != 0 {
            let position = Int(slots[slot]) - 1
            if entries[position].key == key { return (slot, position) }
            slot = (slot + 1) & mask
        }
        return (slot, nil)
    }

    /// The slot that holds the entry at `position`.
    private func slotHolding(_ position: Int) -> Int {
        let mask = slots.count - 1
        var slot = firstSlot(entries[position].key)
        while Int(slots[slot]) != position + 1 { slot = (slot + 1) & mask }
        return slot
    }

    /// The slot where the search for `key` starts: high bits of the key times 2^64 over the golden
    /// ratio (Fibonacci hashing), which depend on all of the key's low bits; a cache picks its
    /// shard by the key's lowest bits, so those alone would crowd a shard's keys together.
    private func firstSlot(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & (slots.count - 1)
    }

    /// The fewest slots (a power of two, 2 at least) that index `count` entries three quarters full at most.
    private static func slotCount(for count: Int) -> Int {
        var slots = 2
        while slots * 3 / 4 < count { slots *= 2 }
        return slots
    }

    /// Indexes every entry again in `slotCount` slots.
    private mutating func reindex(slotCount: Int) {
        slots = Array(repeating: 0, count: slotCount)
        let mask = slotCount - 1
        for position in entries.indices {
            var slot = firstSlot(entries[position].key)
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(position + 1)
        }
    }
}

extension HashedKeyTable: Sendable where Value: Sendable {}
extension HashedKeyTable.Entry: Sendable where Value: Sendable {}
