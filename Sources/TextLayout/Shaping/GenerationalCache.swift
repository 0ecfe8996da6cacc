// An approximate LRU within a byte budget, in 16 locked shards: the storage under the word cache and the prepared-text cache.

/// Values by hashed key, in two generations per shard: a lookup that hits the old generation
/// moves the value to the young one, and a young generation that outgrows its share of the
/// budget becomes the old one, dropping the previous old one. Thread-safe: 16 shards, each
/// behind its own lock.
final class GenerationalCache<Value: Sendable>: Sendable {
    private struct Shard {
        var young = HashedKeyTable<Value>()
        var old = HashedKeyTable<Value>()
        var youngBytes = 0
        var oldBytes = 0
        var hits = 0
        var misses = 0
    }

    private let shards: [Locked<Shard>]
    /// The most bytes the cache holds (its two generations together).
    let budget: Int
    /// The bytes a value holds.
    private let size: @Sendable (Value) -> Int

    init(budget: Int, size: @escaping @Sendable (Value) -> Int) {
        self.budget = max(0, budget)
        self.size = size
        shards = (0..<16).map { _ in Locked(Shard()) }
    }

    func removeAll() {
        for shard in shards { shard.withLock { $0 = Shard() } }
    }

    /// Hits, misses and the bytes held, over all shards.
    var statistics: (hits: Int, misses: Int, bytes: Int) {
        var total = (hits: 0, misses: 0, bytes: 0)
        for shard in shards {
            shard.withLock { shard in
                total.hits += shard.hits
                total.misses += shard.misses
                total.bytes += shard.youngBytes + shard.oldBytes
            }
        }
        return total
    }

    /// The value stored under `key` that `matches` accepts (keys are hashes: the caller checks
    /// the value is really the one asked for), or nil.
    func lookup(_ key: UInt64, matches: (Value) -> Bool) -> Value? {
        guard budget > 0 else { return nil }
        return shards[Int(key & 15)].withLock { shard -> Value? in
            if let value = shard.young[key], matches(value) {
                shard.hits += 1
                return value
            }
            if let value = shard.old.removeValue(forKey: key) {
                let bytes = size(value)
                shard.oldBytes -= bytes
                if matches(value) {
                    shard.hits += 1
                    insert(value, bytes: bytes, key: key, into: &shard)
                    return value
                }
            }
            shard.misses += 1
            return nil
        }
    }

    func store(_ value: Value, key: UInt64) {
        guard budget > 0 else { return }
        // Measured once (a prepared text's measure walks all its paragraphs).
        let bytes = size(value)
        guard bytes <= budget / 32 else { return }
        shards[Int(key & 15)].withLock { insert(value, bytes: bytes, key: key, into: &$0) }
    }

    /// Stores `value`, which holds `bytes`, in the young generation.
    private func insert(_ value: Value, bytes: Int, key: UInt64, into shard: inout Shard) {
        if let previous = shard.young.updateValue(value, forKey: key) { shard.youngBytes -= size(previous) }
        shard.youngBytes += bytes
        // Each shard's young generation holds at most half its share of the budget.
        if shard.youngBytes > budget / 32 {
            shard.old = shard.young
            shard.oldBytes = shard.youngBytes
            // Made with room for as many entries as the last generation took, so that filling it
            // does not grow the table again and again.
            shard.young = HashedKeyTable(minimumCapacity: shard.old.count)
            shard.youngBytes = 0
        }
    }
}
