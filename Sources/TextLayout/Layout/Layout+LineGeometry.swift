// Where each grapheme cluster of a line is drawn: boxes from the glyph runs' clusters and advances, in logical and visual order.

/// One grapheme cluster of a line as drawn: its UTF-16 range and the x span its glyphs cover.
struct ClusterBox: Sendable {
    var range: Range<Int>
    var x0: Double
    var x1: Double
    /// Whether the cluster's run reads right to left (its logical start is on its right).
    var isRightToLeft: Bool

    /// The caret at the box's left edge: before it (left to right) or after it (right to left).
    var leftCaret: TextCaret {
        isRightToLeft ? TextCaret(offset: range.upperBound, affinity: .upstream) : TextCaret(offset: range.lowerBound, affinity: .downstream)
    }

    /// The caret at the box's right edge: after it (left to right) or before it (right to left).
    var rightCaret: TextCaret {
        isRightToLeft ? TextCaret(offset: range.lowerBound, affinity: .downstream) : TextCaret(offset: range.upperBound, affinity: .upstream)
    }
}

/// An edge of a cluster box: where a caret is drawn.
struct BoxEdge: Equatable {
    var box: Int
    var isRight: Bool
}

/// The grapheme clusters of one line, with their boxes in the coordinates the line is drawn in.
struct LineGeometry {
    let index: Int
    /// One box per grapheme cluster, in logical order; box `k` covers `bounds[k]..<bounds[k + 1]`.
    let boxes: [ClusterBox]
    /// The grapheme cluster boundaries of the line, ascending, from its start to its end.
    let bounds: [Int]
    /// Box indices from left to right.
    let visualOrder: [Int]
    /// Each box's position in ``visualOrder``.
    let visualPosition: [Int]
    /// The line's direction (an empty line after a hard break in `auto` text: the line before's).
    let isRightToLeft: Bool
    /// The caret's x on an empty line.
    let emptyX: Double

    /// The edge a caret is drawn at (nil on an empty line): after the cluster before the offset
    /// when `.upstream` and there is one, else before the cluster after it, else after the one before.
    func edge(for caret: TextCaret) -> BoxEdge? {
        guard !boxes.isEmpty else { return nil }
        let j = lastIndex(in: bounds, atOrBefore: caret.offset)
        let before = j > 0 ? j - 1 : nil
        let after = j < boxes.count ? j : nil
        if caret.affinity == .upstream, let before { return BoxEdge(box: before, isRight: !boxes[before].isRightToLeft) }
        if let after { return BoxEdge(box: after, isRight: boxes[after].isRightToLeft) }
        return BoxEdge(box: before!, isRight: !boxes[before!].isRightToLeft)
    }

    /// The x of an edge (``emptyX`` for none).
    func x(of edge: BoxEdge?) -> Double {
        guard let edge else { return emptyX }
        return edge.isRight ? boxes[edge.box].x1 : boxes[edge.box].x0
    }

    /// The caret drawn at an edge.
    func caret(at edge: BoxEdge) -> TextCaret {
        edge.isRight ? boxes[edge.box].rightCaret : boxes[edge.box].leftCaret
    }
}

extension Layout {
    /// Whether line `index` reads right to left; an empty line that a hard break starts, in a text
    /// of `auto` direction, reads as the line before it.
    func lineIsRightToLeft(_ index: Int) -> Bool {
        var i = index
        while i > 0, lines.line(i, withRuns: false).utf16Range.isEmpty, prepared.style.settings.direction == .auto, lines.line(i - 1, withRuns: false).endsWithHardBreak {
            i -= 1
        }
        return lines.line(i, withRuns: false).isRightToLeft
    }

    /// The boxes of line `index`'s grapheme clusters.
    ///
    /// Each run's glyphs are grouped into HarfBuzz clusters (consecutive glyphs with the same
    /// cluster offset); a HarfBuzz cluster's advance is split evenly among the grapheme clusters it
    /// touches (a ligature), and a grapheme cluster's box is the union of its shares in the run
    /// that holds its first character (one split between runs is where its base is drawn). A grapheme
    /// cluster without glyphs gets an empty box at the trailing edge of the one before it; an
    /// inline object's is the object's width.
    /// - Complexity: O(n log n) in the length of the line.
    func lineGeometry(_ index: Int) -> LineGeometry {
        let line = lines[index]
        let rightToLeft = lineIsRightToLeft(index)
        // Where the runs start; on a line without glyphs, where the caret stands.
        let origin = lineOrigin(line, rightToLeft: rightToLeft)
        var bounds = [line.utf16Range.lowerBound]
        var offset = line.utf16Range.lowerBound
        if let collapsed = prepared.collapsedWhiteSpace {
            bounds = Self.uncollapsedBounds(prepared.text[line.range], from: offset, byte: line.byteRange.lowerBound, collapsed)
        } else {
            for character in prepared.text[line.range] {
                offset += character.utf16.count
                bounds.append(offset)
            }
        }
        var extents = ClusterExtents(bounds: bounds)
        if extents.count > 0 {
            for run in glyphRuns(of: line) { extents.add(run, from: origin + run.x) }
        }
        let boxes = extents.boxes(rightToLeft: rightToLeft, emptyX: origin)
        let visualOrder = boxes.indices.sorted { a, b in
            let ma = (boxes[a].x0 + boxes[a].x1) / 2
            let mb = (boxes[b].x0 + boxes[b].x1) / 2
            if ma != mb { return ma < mb }
            return boxes[a].isRightToLeft ? a > b : a < b
        }
        var visualPosition = [Int](repeating: 0, count: boxes.count)
        for (position, box) in visualOrder.enumerated() { visualPosition[box] = position }
        return LineGeometry(index: index, boxes: boxes, bounds: bounds, visualOrder: visualOrder,
                            visualPosition: visualPosition, isRightToLeft: rightToLeft, emptyX: origin)
    }
}

extension Layout {
    /// The grapheme cluster boundaries (UTF-16 offsets from `utf16Start`) of `text`, a line that
    /// starts at byte `byteStart`, but those white-space collapsing hides (`collapsed`, by byte):
    /// a collapsed character joins the cluster before it, or the one after it when it starts the
    /// line, so that no caret or hit test lands among collapsed characters.
    static func uncollapsedBounds(_ text: Substring, from utf16Start: Int, byte byteStart: Int, _ collapsed: BitFlags) -> [Int] {
        var bounds = [utf16Start]
        var offset = utf16Start
        var byte = byteStart
        for character in text {
            let isCollapsed = character.utf8.count == 1 && collapsed[byte]
            if !isCollapsed {
                bounds.append(offset + character.utf16.count)
            } else if bounds.count > 1 {
                // Joins the cluster before: that cluster's end moves past it.
                bounds[bounds.count - 1] += character.utf16.count
            }
            // (At the line's start it joins the cluster after it: no bound is added for it.)
            offset += character.utf16.count
            byte += character.utf8.count
        }
        if bounds.last != offset { bounds.append(offset) }
        return bounds
    }
}

/// The x span each grapheme cluster of a line covers, gathered run by run: the union of the
/// shares of the HarfBuzz clusters that touch it in the run that holds its first character, and
/// that run's direction.
///
/// A grapheme cluster can be split between runs: bidi resolution may give a character that
/// extends it (a zero width non-joiner, a flag's tag characters: class BN, at a change of
/// direction, with or without an embedding or isolate) another level than its base. Its pieces
/// are then drawn apart, with other text between them; the cluster is where its base is drawn, as
/// a tap or a selection finds it (the pieces elsewhere draw nothing of their own: they are zero
/// width, or drawn by the base's glyph). Should no run hold the first character, the other pieces
/// give the box.
private struct ClusterExtents {
    /// The x span of each cluster and the direction of the run it was found in.
    private struct Extent {
        var x0 = Double.infinity
        var x1 = -Double.infinity
        /// Whether the run reads right to left; nil: no glyph reached the cluster.
        var isRightToLeft: Bool?

        mutating func add(_ a: Double, _ b: Double, _ rightToLeft: Bool) {
            x0 = min(x0, a)
            x1 = max(x1, b)
            if isRightToLeft == nil { isRightToLeft = rightToLeft }
        }
    }

    /// The line's grapheme cluster boundaries, ascending, from its start to its end.
    let bounds: [Int]
    /// Per cluster, its extent in the run that holds its first character.
    private var base: [Extent]
    /// Per cluster, its extent in the runs that hold only later characters of it.
    private var pieces: [Extent]

    init(bounds: [Int]) {
        self.bounds = bounds
        base = [Extent](repeating: Extent(), count: bounds.count - 1)
        pieces = base
    }

    /// The number of grapheme clusters.
    var count: Int { bounds.count - 1 }

    /// Adds the clusters of `run`, drawn from `x`: its glyphs grouped into HarfBuzz clusters
    /// (consecutive glyphs with the same cluster offset), each spread over the grapheme clusters
    /// it touches; an inline object's run, which has no glyphs, is one box as wide as the object.
    mutating func add(_ run: GlyphRun, from x: Double) {
        switch run.content {
        case .text: break
        case .inlineObject:
            distribute(run.utf16Range, x, x + run.width, run)
            return
        }
        let starts = Set(run.glyphs.map(\.cluster)).sorted()
        var x = x
        var g = 0
        while g < run.glyphs.count {
            let cluster = run.glyphs[g].cluster
            var advance = 0.0
            var h = g
            while h < run.glyphs.count, run.glyphs[h].cluster == cluster {
                advance += run.glyphs[h].advance
                h += 1
            }
            let s = lastIndex(in: starts, atOrBefore: cluster) + 1
            let end = s < starts.count ? starts[s] : run.utf16Range.upperBound
            if end > cluster { distribute(cluster..<end, x, x + advance, run) }
            x += advance
            g = h
        }
    }

    /// Gives each grapheme cluster that `range` of `run` touches an even share of `left..<right`.
    private mutating func distribute(_ range: Range<Int>, _ left: Double, _ right: Double, _ run: GlyphRun) {
        let first = lastIndex(in: bounds, atOrBefore: range.lowerBound)
        guard first < count else { return }
        var last = first
        while last + 1 < count, bounds[last + 1] < range.upperBound { last += 1 }
        let share = (right - left) / Double(last - first + 1)
        for k in first...last {
            let n = Double(k - first)
            let (a, b) = run.isRightToLeft ? (right - (n + 1) * share, right - n * share) : (left + n * share, left + (n + 1) * share)
            if run.utf16Range.contains(bounds[k]) {
                base[k].add(a, b, run.isRightToLeft)
            } else {
                pieces[k].add(a, b, run.isRightToLeft)
            }
        }
    }

    /// One box per cluster. Clusters without glyphs get an empty box at the trailing edge of the
    /// cluster before, or the leading edge of the next one with glyphs, or `emptyX` (the line's
    /// start) in the line's direction.
    func boxes(rightToLeft: Bool, emptyX: Double) -> [ClusterBox] {
        var boxes: [ClusterBox] = []
        boxes.reserveCapacity(count)
        let extents = zip(base, pieces).map { $0.isRightToLeft == nil ? $1 : $0 }
        for k in 0..<count {
            let range = bounds[k]..<bounds[k + 1]
            if let isRightToLeft = extents[k].isRightToLeft {
                boxes.append(ClusterBox(range: range, x0: extents[k].x0, x1: extents[k].x1, isRightToLeft: isRightToLeft))
            } else if let previous = boxes.last {
                let x = previous.isRightToLeft ? previous.x0 : previous.x1
                boxes.append(ClusterBox(range: range, x0: x, x1: x, isRightToLeft: previous.isRightToLeft))
            } else if let next = (k..<count).first(where: { extents[$0].isRightToLeft != nil }) {
                let isRightToLeft = extents[next].isRightToLeft!
                let x = isRightToLeft ? extents[next].x1 : extents[next].x0
                boxes.append(ClusterBox(range: range, x0: x, x1: x, isRightToLeft: isRightToLeft))
            } else {
                boxes.append(ClusterBox(range: range, x0: emptyX, x1: emptyX, isRightToLeft: rightToLeft))
            }
        }
        return boxes
    }
}
