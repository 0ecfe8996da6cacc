// Prepared texts by text and style, so measuring a text again (another width, a re-render, a repeated message) skips shaping and analysis.
import Synchronization

/// Whole prepared texts, reused when the same text is prepared again in the same style: chat
/// lists and servers measure the same messages over and over. An approximate LRU (two
/// generations per shard) within a byte budget, thread-safe (16 shards).
public final class PreparedTextCache: Sendable {
    /// The default budget: 64 MiB, about 1.3 million characters of prepared text.
    public static let defaultBudget = 64 << 20

    private struct Shard {
        var young: [Int: PreparedText] = [:]
        var old: [Int: PreparedText] = [:]
        var youngBytes = 0
    }

    private final class LockedShard: Sendable {
        let mutex = Mutex(Shard())
    }

    private let shards: [LockedShard]
    /// The most bytes the cache holds (its two generations together).
    public let budget: Int

    public init(budget: Int = PreparedTextCache.defaultBudget) {
        self.budget = max(0, budget)
        shards = (0..<16).map { _ in LockedShard() }
    }

    public func removeAll() {
        for shard in shards { shard.mutex.withLock { $0 = Shard() } }
    }

    func lookup(_ text: String, _ style: TextStyle, _ spans: [StyledSpan]) -> PreparedText? {
        guard budget > 0 else { return nil }
        let key = Self.key(text, style, spans)
        return shards[key & 15].mutex.withLock { shard -> PreparedText? in
            if let hit = shard.young[key], hit.style == style, hit.spans == spans, hit.text == text { return hit }
            if let hit = shard.old.removeValue(forKey: key), hit.style == style, hit.spans == spans, hit.text == text {
                insert(hit, key: key, into: &shard)
                return hit
            }
            return nil
        }
    }

    func store(_ prepared: PreparedText) {
        guard budget > 0, prepared.estimatedBytes <= budget / 32 else { return }
        let key = Self.key(prepared.text, prepared.style, prepared.spans)
        shards[key & 15].mutex.withLock { insert(prepared, key: key, into: &$0) }
    }

    private func insert(_ prepared: PreparedText, key: Int, into shard: inout Shard) {
        if let previous = shard.young.updateValue(prepared, forKey: key) { shard.youngBytes -= previous.estimatedBytes }
        shard.youngBytes += prepared.estimatedBytes
        if shard.youngBytes > budget / 32 {
            shard.old = shard.young
            shard.young = [:]
            shard.youngBytes = 0
        }
    }

    private static func key(_ text: String, _ style: TextStyle, _ spans: [StyledSpan]) -> Int {
        var hasher = Hasher()
        hasher.combine(text)
        hasher.combine(style)
        hasher.combine(spans)
        return hasher.finalize() & Int.max
    }
}
