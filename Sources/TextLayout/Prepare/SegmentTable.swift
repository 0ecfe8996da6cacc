// A paragraph's segments, the text between two break opportunities: where each starts, where its content ends before the whitespace that hangs, its tabs.

/// A paragraph's segments built from its break opportunities, in order: where each starts, where
/// its content ends, the tabs in it, and the automatic hyphenation points among the breaks.
struct SegmentTable {
    var starts: CompactOffsets
    var contentEnds = CompactOffsets()
    var tabs: [Int] = []
    var autoHyphens = CompactOffsets()

    /// No segment yet but one that starts at `start`.
    init(start: Int) { starts = CompactOffsets([start]) }

    /// The first `count` segments of `paragraph` (count ≥ 1): the last of them still open, its end
    /// to come; with room for `room` more.
    init(first count: Int, of paragraph: PreparedParagraph, room: Int) {
        starts = paragraph.segmentStarts.prefix(count: count, room: room)
        contentEnds = paragraph.contentEnds.prefix(count: count - 1, room: room + 1)
        let open = starts[count - 1]
        tabs = Array(paragraph.tabs[..<firstIndex(in: paragraph.tabs, atOrAfter: open)])
        autoHyphens = paragraph.autoHyphens.prefix(count: firstIndex(in: paragraph.autoHyphens, atOrAfter: open + 1))
    }

    /// Closes the open segment at the first of `breaks` (ascending, after it, ending with the
    /// paragraph's `end`) and adds one segment for each of the others but `end`, each one's content
    /// ending where the whitespace that hangs under `hanging` begins (nil: none hangs, as under
    /// white-space `break-spaces`: each segment's content is all of it).
    mutating func append(breaks: (breaks: [Int], points: [Int]), bytes: UnsafeBufferPointer<UInt8>, end: Int, hanging: HangingWhitespace?) {
        starts.reserveCapacity(starts.count + breaks.breaks.count)
        contentEnds.reserveCapacity(contentEnds.count + breaks.breaks.count)
        for point in breaks.points { autoHyphens.append(point) }
        for next in breaks.breaks {
            let start = starts[starts.count - 1]
            if let hanging {
                contentEnds.append(hangingWhitespaceStart(bytes, start, next, rule: hanging))
            } else {
                contentEnds.append(next)
            }
            for i in start..<next where bytes[i] == 0x09 { tabs.append(i) }
            if next < end { starts.append(next) }
        }
        if contentEnds.count < starts.count { contentEnds.append(starts[starts.count - 1]) }
    }
}
