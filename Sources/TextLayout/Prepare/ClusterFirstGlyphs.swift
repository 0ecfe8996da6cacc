// The index of each cluster's first glyph, stored as the few places where it stops being the cluster's index plus a constant: nothing for one glyph a cluster.

/// The index of each cluster's first glyph in a paragraph's glyphs, with one more entry for the
/// glyph count: ascending, appended in order. Where every cluster is one glyph (a CJK paragraph,
/// most Latin words) the first glyph of cluster `i` is `i` plus what earlier ligatures and marks
/// moved it by, so only the clusters where that difference changes are stored (a ``Step`` each,
/// none at all for one glyph a cluster). Once those would take more room than every value (marks
/// on most clusters), every value is stored in 32 bits instead.
struct ClusterFirstGlyphs: Sendable, Equatable {
    /// From cluster `cluster` on (up to the next step), the first glyph is the cluster's index plus `difference`.
    struct Step: Sendable, Equatable {
        var cluster: Int32
        var difference: Int32
    }
    /// The steps, by ascending cluster; before the first, the difference is 0. Empty once ``values`` holds every value.
    private(set) var steps: [Step] = []
    /// Every value, once steps take more room than they would (then ``steps`` is empty).
    private(set) var values: [Int32] = []
    private var storedCount: Int32 = 0
    /// Room asked for (``reserveCapacity(_:)``) while the steps are kept, given to ``values`` if they come to be stored.
    private var plannedCapacity: Int32 = 0

    init() {}

    var count: Int { Int(storedCount) }

    /// Whether every value is stored (rather than the steps).
    private var storesValues: Bool { !values.isEmpty }

    @inline(__always)
    subscript(position: Int) -> Int {
        if storesValues { return Int(values[position]) }
        if steps.isEmpty { return position }
        return position + Int(difference(at: position))
    }

    /// The difference of the last step at or before cluster `position` (0 before the first).
    private func difference(at position: Int) -> Int32 {
        let after = TextLayout.firstIndex(count: steps.count, atOrAfter: Int32(position + 1)) { steps[$0].cluster }
        return after == 0 ? 0 : steps[after - 1].difference
    }

    @inline(__always)
    mutating func append(_ value: Int) {
        if storesValues {
            values.append(Int32(value))
        } else {
            let difference = Int32(value) &- storedCount
            if difference != steps.last?.difference ?? 0 { addStep(difference) }
        }
        storedCount += 1
    }

    /// Adds a step at the value being appended (index ``count``), whose difference is `difference`.
    @inline(never)
    private mutating func addStep(_ difference: Int32) {
        steps.append(Step(cluster: storedCount, difference: difference))
        // A step takes 8 bytes where a value takes 4: past half as many steps as values, store the values.
        if steps.count * 2 > count + 16 { storeValues(upTo: count + 1) }
    }

    /// Replaces the steps with the values before index `end` (read from them).
    private mutating func storeValues(upTo end: Int) {
        var all: [Int32] = []
        all.reserveCapacity(max(Int(plannedCapacity), end + 1))
        for i in 0..<end { all.append(Int32(self[i])) }
        values = all
        steps = []
    }

    mutating func reserveCapacity(_ n: Int) {
        if storesValues { values.reserveCapacity(n) } else { plannedCapacity = Int32(n) }
    }

    /// The first `count` values, with room for `room` more when every value is stored.
    func prefix(count: Int, room: Int = 0) -> ClusterFirstGlyphs {
        var copy = ClusterFirstGlyphs()
        copy.storedCount = Int32(count)
        if storesValues {
            copy.values = Array(values[..<count], room: room)
        } else {
            copy.steps = Array(steps[..<TextLayout.firstIndex(count: steps.count, atOrAfter: Int32(count)) { steps[$0].cluster }])
        }
        return copy
    }

    /// The bytes the steps or values take on the heap.
    var storageBytes: Int { heapBytes(steps) + heapBytes(values) }

    /// Equal when every value read is equal, however they are stored.
    static func == (a: ClusterFirstGlyphs, b: ClusterFirstGlyphs) -> Bool {
        a.count == b.count && (0..<a.count).allSatisfy { a[$0] == b[$0] }
    }
}
