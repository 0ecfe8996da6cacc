// Prepared texts by text and style, so measuring a text again (another width, a re-render, a repeated message) skips shaping and analysis.

/// Whole prepared texts, reused when the same text is prepared again in the same style: chat
/// lists and servers measure the same messages over and over. An approximate LRU (two
/// generations per shard, ``GenerationalCache``) within a byte budget, thread-safe.
public final class PreparedTextCache: Sendable {
    /// The default budget: 64 MiB, about 1.3 million characters of prepared text.
    public static let defaultBudget = 64 << 20

    private let entries: GenerationalCache<PreparedText>
    /// The most bytes the cache holds (its two generations together).
    public var budget: Int { entries.budget }

    public init(budget: Int = PreparedTextCache.defaultBudget) {
        entries = GenerationalCache(budget: budget) { $0.estimatedBytes }
    }

    public func removeAll() { entries.removeAll() }

    /// Hits, misses and the bytes held (the texts' own estimate), over all shards.
    public var statistics: (hits: Int, misses: Int, bytes: Int) { entries.statistics }

    /// The cache's key of a text in a style, with spans and objects: computed once a preparation,
    /// for its lookup and, on a miss, its store.
    static func key(_ text: String, _ style: TextStyle, _ spans: [StyledSpan], _ inlineObjects: [InlineObject]) -> UInt64 {
        var hasher = Hasher()
        text.hashCodeUnits(into: &hasher)
        hasher.combine(style)
        hasher.combine(spans)
        hasher.combine(inlineObjects)
        return UInt64(bitPattern: Int64(hasher.finalize()))
    }

    /// The prepared text stored under `key` (``key(_:_:_:_:)`` of the same arguments) that is
    /// this text in this style, with these spans and objects, or nil.
    func lookup(_ key: UInt64, _ text: String, _ style: TextStyle, _ spans: [StyledSpan], _ inlineObjects: [InlineObject]) -> PreparedText? {
        // Code units, not String ==: canonically equivalent texts have different offsets.
        entries.lookup(key) {
            $0.style == style && $0.spans.areExactly(spans) && $0.inlineObjects == inlineObjects && $0.text.hasSameCodeUnits(as: text)
        }
    }

    /// Stores `prepared` under `key`, its text's, style's, spans' and objects' ``key(_:_:_:_:)``.
    func store(_ prepared: PreparedText, key: UInt64) {
        entries.store(prepared, key: key)
    }
}
