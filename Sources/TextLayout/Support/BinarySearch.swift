// Binary searches over ascending keys: which run, paragraph, line or piece holds an offset, and where an offset would go.

/// The index of the last of `count` ascending keys (`key(i)` at index `i`) that is at most `value`,
/// or 0 when none is: the run, paragraph or piece that holds `value`, when each starts at its key.
/// - Complexity: O(log `count`) calls of `key`.
@inline(__always)
package func lastIndex<Key: Comparable>(count: Int, atOrBefore value: Key, key: (Int) -> Key) -> Int {
    var low = 0
    var high = count - 1
    while low < high {
        let mid = (low + high + 1) / 2
        if key(mid) <= value { low = mid } else { high = mid - 1 }
    }
    return low
}

/// The index of the last element of ascending `values` that is at most `value` (0 when none is).
/// `values`' indices start at 0.
package func lastIndex<C: RandomAccessCollection>(in values: C, atOrBefore value: Int) -> Int where C.Element == Int, C.Index == Int {
    lastIndex(count: values.count, atOrBefore: value) { values[$0] }
}

/// The index of the first of `count` ascending keys (`key(i)` at index `i`) that is at least
/// `value`, or `count` when none is: where `value` would be inserted to keep the keys ascending.
/// - Complexity: O(log `count`) calls of `key`.
@inline(__always)
package func firstIndex<Key: Comparable>(count: Int, atOrAfter value: Key, key: (Int) -> Key) -> Int {
    var low = 0
    var high = count
    while low < high {
        let mid = (low + high) / 2
        if key(mid) < value { low = mid + 1 } else { high = mid }
    }
    return low
}

/// The index of the first element of ascending `values` that is at least `value` (`values.count`
/// when none is). `values`' indices start at 0.
package func firstIndex<C: RandomAccessCollection>(in values: C, atOrAfter value: Int) -> Int where C.Element == Int, C.Index == Int {
    firstIndex(count: values.count, atOrAfter: value) { values[$0] }
}
