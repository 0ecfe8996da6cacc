// A prepared text's paragraphs in a balanced sum tree of their UTF-8 and UTF-16 lengths: an edit replaces the paragraphs it reaches and moves none after it.

/// A paragraph as the text's tree keeps it: prepared where it lay when it was shaped (its offsets
/// may lag behind edits before it since), with its lengths, which the tree sums.
struct ParagraphEntry: SumTreeElement {
    let paragraph: PreparedParagraph
    /// The paragraph's UTF-16 length, its hard break included.
    let utf16Count: Int

    var summary: TextExtent { TextExtent(bytes: paragraph.range.next - paragraph.range.start, utf16: utf16Count) }
}

/// A length of text in UTF-8 bytes and in UTF-16 code units.
struct TextExtent: SumTreeSummary, Equatable {
    var bytes = 0
    var utf16 = 0

    static let zero = TextExtent()
    static func + (a: TextExtent, b: TextExtent) -> TextExtent { TextExtent(bytes: a.bytes + b.bytes, utf16: a.utf16 + b.utf16) }
}

/// The paragraphs of a ``PreparedText``, in order: a random-access collection of
/// ``PreparedParagraph`` values, each at its place in the text.
///
/// Kept in a ``SumTree`` whose nodes sum the paragraphs' UTF-8 and UTF-16 lengths. An edit
/// replaces the paragraphs it reaches in O(log n) and leaves the ones after it as they were
/// prepared: where each starts now is the sum of the lengths before it, and a paragraph read
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

    /// Every paragraph as stored (offsets possibly lagging), with no moving: for sizes and counts.
    var storedParagraphs: LazyMapSequence<SumTree<ParagraphEntry>, PreparedParagraph> { tree.lazy.map(\.paragraph) }

    /// Roughly the memory the tree's nodes take, in bytes.
    var nodeBytes: Int { tree.count * 80 }
}

extension Array where Element == PreparedParagraph {
    /// The paragraphs as tree entries: paragraph k starts at UTF-16 offset `utf16Starts[k]`, the
    /// last ends at `utf16End`.
    func entries(utf16Starts: [Int], utf16End: Int) -> [ParagraphEntry] {
        indices.map { ParagraphEntry(paragraph: self[$0], utf16Count: ($0 + 1 < count ? utf16Starts[$0 + 1] : utf16End) - utf16Starts[$0]) }
    }
}
