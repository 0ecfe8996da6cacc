// A prepared text's paragraphs and their bytes in a balanced sum tree of their UTF-8 and UTF-16 lengths: an edit replaces the paragraphs it reaches and moves none after it.

/// A paragraph as the text's tree keeps it: prepared where it lay when it was shaped (its offsets
/// may lag behind edits before it since), with its bytes and lengths, which the tree sums.
struct ParagraphEntry: SumTreeElement {
    let paragraph: PreparedParagraph
    /// The paragraph's UTF-8 bytes, its hard break included: the text's chunk that it holds
    /// (a slice of the array the text or the edit that made it was read into).
    let bytes: ArraySlice<UInt8>
    /// The paragraph's UTF-16 length, its hard break included.
    let utf16Count: Int

    var summary: TextExtent { TextExtent(bytes: bytes.count, utf16: utf16Count) }
}

/// A length of text in UTF-8 bytes and in UTF-16 code units.
struct TextExtent: SumTreeSummary, Equatable {
    var bytes = 0
    var utf16 = 0

    static let zero = TextExtent()
    static func + (a: TextExtent, b: TextExtent) -> TextExtent { TextExtent(bytes: a.bytes + b.bytes, utf16: a.utf16 + b.utf16) }
}

/// The paragraphs of a ``PreparedText``, in order: a random-access collection of
/// ``PreparedParagraph`` values, each at its place in the text, and the text's bytes in one chunk
/// a paragraph (the text is a rope of its paragraphs).
///
/// Kept in a ``SumTree`` whose nodes sum the paragraphs' UTF-8 and UTF-16 lengths. An edit
/// replaces the paragraphs it reaches, and their chunks, in O(log n) and leaves the ones after it
/// as they were prepared: where each starts now is the sum of the lengths before it, and a paragraph read
/// (``subscript(_:)``) whose stored offsets lag behind is moved there then
/// (``PreparedParagraph/shifted(by:)``, its arrays shared). Reading a paragraph, finding the one
/// that holds a byte or UTF-16 offset, and where it starts, are O(log n).
struct PreparedParagraphs: RandomAccessCollection, Sendable {
    private var tree: SumTree<ParagraphEntry>

    /// Paragraphs prepared where they lie, with their UTF-16 lengths.
    init(_ entries: [ParagraphEntry]) { tree = SumTree(entries) }

    var startIndex: Int { 0 }
    var endIndex: Int { tree.count }

    /// Paragraph `index`, moved to where it starts now.
    subscript(index: Int) -> PreparedParagraph {
        let (entry, before) = tree.element(at: index)
        let lag = before.bytes - entry.paragraph.range.start
        return entry.paragraph.shifted(by: lag)
    }

    /// The paragraphs in order, each moved to where it starts now: one walk of the tree.
    struct Iterator: IteratorProtocol {
        fileprivate var entries: SumTree<ParagraphEntry>.Iterator
        fileprivate var start = 0

        mutating func next() -> PreparedParagraph? {
            guard let entry = entries.next() else { return nil }
            defer { start += entry.summary.bytes }
            return entry.paragraph.shifted(by: start - entry.paragraph.range.start)
        }
    }

    func makeIterator() -> Iterator { Iterator(entries: tree.makeIterator()) }

    /// Where paragraph `index` (or, for `count`, the text's end) starts, in bytes and UTF-16 code units.
    func start(of index: Int) -> TextExtent { tree.summary(before: index) }

    /// The text's length.
    var extent: TextExtent { tree.summary }

    /// The index of the paragraph that holds byte `offset` (the last one that starts at or before it).
    func index(holdingByte offset: Int) -> Int {
        tree.firstIndex { $0.bytes > offset }?.index ?? Swift.max(0, count - 1)
    }

    /// The index of the paragraph that holds UTF-16 offset `offset` (the last one that starts at or
    /// before it), and where it starts.
    func index(holdingUTF16 offset: Int) -> (index: Int, start: TextExtent) {
        if let found = tree.firstIndex(where: { $0.utf16 > offset }) { return (found.index, found.before) }
        let last = Swift.max(0, count - 1)
        return (last, start(of: last))
    }

    /// Replaces the paragraphs `range` by `entries` (prepared where they lie); the paragraphs after
    /// them are left as they are, to be moved when read.
    mutating func replaceSubrange(_ range: Range<Int>, with entries: [ParagraphEntry]) {
        tree.replaceSubrange(range, with: entries)
    }

    /// The byte at `offset` (in `0..<extent.bytes`), read from its paragraph's chunk. O(log n).
    func byte(at offset: Int) -> UInt8 {
        let (index, before) = tree.firstIndex { $0.bytes > offset }!
        let chunk = tree[index].bytes
        return chunk[chunk.startIndex + offset - before.bytes]
    }

    /// Runs `body` on the bytes of the paragraphs `range` (consecutive, at least one) as a window
    /// on the text (``textWindow(_:at:)``): a buffer indexed by text offsets in which only those
    /// paragraphs' bytes may be read. One paragraph's chunk is read where it lies; several are
    /// copied together first. O(log n + the paragraphs' bytes).
    func withBytes<Result>(ofParagraphs range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        let (first, before) = tree.element(at: range.lowerBound)
        if range.count == 1 {
            return try first.bytes.withUnsafeBufferPointer { try body(textWindow($0, at: before.bytes)) }
        }
        var joined: [UInt8] = []
        joined.reserveCapacity(start(of: range.upperBound).bytes - before.bytes)
        for index in range { joined += tree[index].bytes }
        return try joined.withUnsafeBufferPointer { try body(textWindow($0, at: before.bytes)) }
    }

    /// The whole text's bytes, the chunks joined in order. O(n).
    var joinedBytes: [UInt8] {
        var joined: [UInt8] = []
        joined.reserveCapacity(extent.bytes)
        for entry in tree { joined += entry.bytes }
        return joined
    }

    /// Every paragraph as stored (offsets possibly lagging), with no moving: for sizes and counts.
    var storedParagraphs: LazyMapSequence<SumTree<ParagraphEntry>, PreparedParagraph> { tree.lazy.map(\.paragraph) }

    /// Roughly the memory the tree's nodes take, in bytes.
    var nodeBytes: Int { tree.count * 80 }
}

extension Array where Element == PreparedParagraph {
    /// The paragraphs as tree entries: paragraph k starts at UTF-16 offset `utf16Starts[k]`, the
    /// last ends at `utf16End`; each holds its slice of `bytes`, which hold the text from byte
    /// offset `bytesStart` on.
    func entries(utf16Starts: [Int], utf16End: Int, bytes: [UInt8], from bytesStart: Int) -> [ParagraphEntry] {
        indices.map {
            let range = self[$0].range
            return ParagraphEntry(paragraph: self[$0], bytes: bytes[(range.start - bytesStart)..<(range.next - bytesStart)],
                                  utf16Count: ($0 + 1 < count ? utf16Starts[$0 + 1] : utf16End) - utf16Starts[$0])
        }
    }
}
