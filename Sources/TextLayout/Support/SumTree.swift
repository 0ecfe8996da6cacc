// A persistent balanced tree of elements whose nodes sum what lookups need (lengths, counts): positional lookups and replacements in O(log n).

/// What a ``SumTree`` adds up over its elements: lengths, counts, heights. Sums must be
/// associative, with ``zero`` as their identity.
protocol SumTreeSummary: Sendable {
    static var zero: Self { get }
    static func + (a: Self, b: Self) -> Self
}

/// An element of a ``SumTree``: it says what it adds to the sums.
protocol SumTreeElement: Sendable {
    associatedtype Summary: SumTreeSummary
    var summary: Summary { get }
}

/// Elements in order, kept in a height-balanced (AVL) binary tree whose every node holds the sum of
/// its subtree and its element count.
///
/// A value: nodes are immutable and shared between copies, so replacing `k` elements by `m` builds
/// O(log n + m) new nodes and leaves every other node (and every copy made before) as it was.
/// Reading the element at an index, the sum of the elements before an index, and the first index
/// where the running sum passes a bound all descend one path: O(log n).
struct SumTree<Element: SumTreeElement>: Sendable {
    typealias Summary = Element.Summary

    final class Node: Sendable {
        let left: Node?
        let right: Node?
        let element: Element
        /// The sum of the subtree's elements.
        let summary: Summary
        /// The subtree's element count and height (a leaf is 1 high).
        let count: Int
        let height: Int

        init(_ left: Node?, _ element: Element, _ right: Node?) {
            self.left = left
            self.right = right
            self.element = element
            var summary = left?.summary ?? .zero
            summary = summary + element.summary
            if let right { summary = summary + right.summary }
            self.summary = summary
            count = (left?.count ?? 0) + 1 + (right?.count ?? 0)
            height = Swift.max(left?.height ?? 0, right?.height ?? 0) + 1
        }
    }

    private var root: Node?

    init() {}

    /// A tree of `elements`, in order. O(n).
    init<S: Sequence>(_ elements: S) where S.Element == Element {
        let array = Array(elements)
        root = Self.build(array[...])
    }

    private init(root: Node?) { self.root = root }

    /// The number of elements.
    var count: Int { root?.count ?? 0 }
    var isEmpty: Bool { root == nil }
    /// The sum of every element.
    var summary: Summary { root?.summary ?? .zero }
    /// The tree's height (0 when empty): at most about 1.44 log₂(count + 2).
    var height: Int { root?.height ?? 0 }

    /// The element at `index` (in `0..<count`) and the sum of the elements before it. O(log n).
    func element(at index: Int) -> (element: Element, before: Summary) {
        precondition(index >= 0 && index < count, "index \(index) out of range 0..<\(count)")
        var node = root!
        var index = index
        var before = Summary.zero
        while true {
            let leftCount = node.left?.count ?? 0
            if index < leftCount {
                node = node.left!
            } else if index == leftCount {
                if let left = node.left { before = before + left.summary }
                return (node.element, before)
            } else {
                if let left = node.left { before = before + left.summary }
                before = before + node.element.summary
                index -= leftCount + 1
                node = node.right!
            }
        }
    }

    subscript(index: Int) -> Element { element(at: index).element }

    /// The sum of the elements before `index` (in `0...count`). O(log n).
    func summary(before index: Int) -> Summary {
        precondition(index >= 0 && index <= count, "index \(index) out of range 0...\(count)")
        return index == count ? summary : element(at: index).before
    }

    /// The first index whose running sum, its own element included, satisfies `reached` (which
    /// must be false up to some index and true from there on), with the sum of the elements before
    /// it; nil when no running sum does. O(log n).
    func firstIndex(where reached: (Summary) -> Bool) -> (index: Int, before: Summary)? {
        guard let root, reached(root.summary) else { return nil }
        var node = root
        var index = 0
        var before = Summary.zero
        while true {
            if let left = node.left, reached(before + left.summary) {
                node = left
                continue
            }
            let leftCount = node.left?.count ?? 0
            let throughLeft = node.left.map { before + $0.summary } ?? before
            if reached(throughLeft + node.element.summary) { return (index + leftCount, throughLeft) }
            before = throughLeft + node.element.summary
            index += leftCount + 1
            node = node.right!  // the whole subtree's sum is reached, so its right part reaches it
        }
    }

    /// Replaces the elements in `range` by `elements`: O(log n + m) for m new elements, however
    /// many are removed.
    mutating func replaceSubrange<C: Collection>(_ range: Range<Int>, with elements: C) where C.Element == Element {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "range \(range) out of range 0...\(count)")
        if range.count == 1, elements.count == 1, let root, let element = elements.first {
            // One element for one (a streamed piece grows the last paragraph): the same shape, the path to it rebuilt.
            self.root = Self.replacing(root, at: range.lowerBound, with: element)
            return
        }
        let (head, rest) = Self.split(root, at: range.lowerBound)
        let tail = Self.split(rest, at: range.count).right
        root = Self.concatenate(Self.concatenate(head, Self.build(Array(elements)[...])), tail)
    }

    /// `node`'s tree with its element at `index` replaced by `element`: the nodes on the path to it
    /// rebuilt, the others shared. O(log n).
    private static func replacing(_ node: Node, at index: Int, with element: Element) -> Node {
        let leftCount = node.left?.count ?? 0
        if index < leftCount { return Node(replacing(node.left!, at: index, with: element), node.element, node.right) }
        if index == leftCount { return Node(node.left, element, node.right) }
        return Node(node.left, node.element, replacing(node.right!, at: index - leftCount - 1, with: element))
    }

    /// Builds a balanced tree of `elements`.
    private static func build(_ elements: ArraySlice<Element>) -> Node? {
        guard !elements.isEmpty else { return nil }
        let middle = elements.startIndex + elements.count / 2
        return Node(build(elements[..<middle]), elements[middle], build(elements[(middle + 1)...]))
    }

    /// The first `index` elements of `node`'s tree, and the rest.
    private static func split(_ node: Node?, at index: Int) -> (left: Node?, right: Node?) {
        guard let node else { return (nil, nil) }
        let leftCount = node.left?.count ?? 0
        if index <= leftCount {
            let (a, b) = split(node.left, at: index)
            return (a, join(b, node.element, node.right))
        }
        let (a, b) = split(node.right, at: index - leftCount - 1)
        return (join(node.left, node.element, a), b)
    }

    /// The elements of `left`, then those of `right`.
    private static func concatenate(_ left: Node?, _ right: Node?) -> Node? {
        guard let left else { return right }
        guard right != nil else { return left }
        let (head, last) = split(left, at: left.count - 1)
        return join(head, last!.element, right)
    }

    /// The elements of `left`, `element`, then those of `right`, balanced (any heights).
    private static func join(_ left: Node?, _ element: Element, _ right: Node?) -> Node {
        let (hl, hr) = (left?.height ?? 0, right?.height ?? 0)
        if hl > hr + 1 { return joinRight(left!, element, right) }
        if hr > hl + 1 { return joinLeft(left, element, right!) }
        return Node(left, element, right)
    }

    /// `join` when `left` is more than one taller than `right`: goes down `left`'s right spine.
    private static func joinRight(_ left: Node, _ element: Element, _ right: Node?) -> Node {
        let (l, k, c) = (left.left, left.element, left.right)
        let h = right?.height ?? 0
        if (c?.height ?? 0) <= h + 1 {
            let t = Node(c, element, right)
            if t.height <= (l?.height ?? 0) + 1 { return Node(l, k, t) }
            return rotateLeft(Node(l, k, rotateRight(t)))
        }
        let t = joinRight(c!, element, right)
        let joined = Node(l, k, t)
        return t.height <= (l?.height ?? 0) + 1 ? joined : rotateLeft(joined)
    }

    /// `join` when `right` is more than one taller than `left`: goes down `right`'s left spine.
    private static func joinLeft(_ left: Node?, _ element: Element, _ right: Node) -> Node {
        let (c, k, r) = (right.left, right.element, right.right)
        let h = left?.height ?? 0
        if (c?.height ?? 0) <= h + 1 {
            let t = Node(left, element, c)
            if t.height <= (r?.height ?? 0) + 1 { return Node(t, k, r) }
            return rotateRight(Node(rotateLeft(t), k, r))
        }
        let t = joinLeft(left, element, c!)
        let joined = Node(t, k, r)
        return t.height <= (r?.height ?? 0) + 1 ? joined : rotateRight(joined)
    }

    private static func rotateLeft(_ node: Node) -> Node {
        let right = node.right!
        return Node(Node(node.left, node.element, right.left), right.element, right.right)
    }

    private static func rotateRight(_ node: Node) -> Node {
        let left = node.left!
        return Node(left.left, left.element, Node(left.right, node.element, node.right))
    }

    /// Whether every node's sums, counts and heights are its children's, and its children's
    /// heights differ by at most one (for tests).
    var isBalanced: Bool {
        func check(_ node: Node?) -> Bool {
            guard let node else { return true }
            let (hl, hr) = (node.left?.height ?? 0, node.right?.height ?? 0)
            return abs(hl - hr) <= 1 && node.height == Swift.max(hl, hr) + 1
                && node.count == (node.left?.count ?? 0) + 1 + (node.right?.count ?? 0) && check(node.left) && check(node.right)
        }
        return check(root)
    }
}

extension SumTree: Sequence {
    struct Iterator: IteratorProtocol {
        /// The nodes whose element and right subtree are still to come: the next one in `top`, the
        /// others in `below`, the next after it last. (The top kept apart, a tree of one element,
        /// a text of one paragraph, is walked without allocating.)
        private var top: Node?
        private var below: [Node] = []

        fileprivate init(_ root: Node?) { descend(root) }

        private mutating func descend(_ node: Node?) {
            var node = node
            while let next = node {
                if let top { below.append(top) }
                top = next
                node = next.left
            }
        }

        mutating func next() -> Element? {
            guard let node = top else { return nil }
            top = below.popLast()
            descend(node.right)
            return node.element
        }
    }

    func makeIterator() -> Iterator { Iterator(root) }
    var underestimatedCount: Int { count }
}
