// String indices from and to UTF-8 and UTF-16 offsets: the engine counts bytes, its API and the editor count UTF-16 code units and hand out indices.

extension String {
    /// The index `offset` UTF-8 code units from the start.
    /// - Precondition: `offset` is in `0...utf8.count`.
    package func index(atUTF8Offset offset: Int) -> String.Index {
        utf8.index(startIndex, offsetBy: offset)
    }

    /// The indices of a range of UTF-8 offsets (see ``index(atUTF8Offset:)``).
    package func indexRange(ofUTF8Range range: Range<Int>) -> Range<String.Index> {
        index(atUTF8Offset: range.lowerBound)..<index(atUTF8Offset: range.upperBound)
    }

    /// The UTF-8 offset of `index`: how many UTF-8 code units come before it.
    package func utf8Offset(of index: String.Index) -> Int {
        utf8.distance(from: startIndex, to: index)
    }

    /// The UTF-16 offset of `index`: how many UTF-16 code units come before it.
    package func utf16Offset(of index: String.Index) -> Int {
        utf16.distance(from: startIndex, to: index)
    }

    /// The UTF-16 offsets of a range of indices.
    package func utf16Range(of range: Range<String.Index>) -> Range<Int> {
        let start = utf16Offset(of: range.lowerBound)
        return start..<(start + utf16.distance(from: range.lowerBound, to: range.upperBound))
    }

    /// The index of the grapheme cluster boundary at or before UTF-16 offset `offset` (clamped to
    /// `0...utf16.count`): an offset inside a surrogate pair, an emoji sequence or between a
    /// letter and its accent lands before the whole cluster.
    package func characterIndex(atOrBeforeUTF16Offset offset: Int) -> String.Index {
        var index = utf16.index(startIndex, offsetBy: min(max(offset, 0), utf16.count))
        while index > startIndex, index.samePosition(in: self) == nil {
            index = utf16.index(before: index)
        }
        return index
    }
}
