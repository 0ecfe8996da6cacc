// Balanced and pretty wrapping: among all the lines greedy filling could choose from, the breaks that cost least, fewest lines first.

/// The lines of a paragraph from `start` to its end that `wrap` (``TextWrap/balance`` or
/// ``TextWrap/pretty``) chooses, or nil when the paragraph's lines are too long for the search
/// to stay linear (more than ``maxCandidatesPerLine`` break opportunities fit on one line): then
/// greedy filling stands.
///
/// Dynamic programming over line starts in text order. From each start the candidates are the
/// lines greedy filling weighs there (``LineCandidates/forEachFittingLine(from:segment:measurer:_:)``,
/// or the cut line when not even one segment fits), measured as drawn; each start keeps the
/// cheapest way to reach it. Costs compare fewest lines first, so the result never has more lines
/// than greedy filling, whose lines are among the candidates; then:
/// - balance: the widest line (with its indent), then the sum of the lines' squared widths, which
///   for a given line count is least when the widths are even. Neither depends on the wrap width,
///   so the result at its own widest line's width is the same (a balanced bubble shrink-wraps).
/// - pretty: the sum over the lines but the last of the squared slack as a share of the line's
///   room, plus ``prettyHyphenPenalty`` for each line that ends in a hyphen and
///   ``prettyShortLastLinePenalty`` for a last line of one segment narrower than a third of its room.
///
/// The work is the candidates tried: the break opportunities on a line, for every start.
func optimalLines(_ lines: LineCandidates, from start: Int, wrap: TextWrap) throws -> [LineBreak]? {
    var search = OptimalLineSearch(lines: lines, wrap: wrap)
    return try search.run(from: start)
}

/// The most break opportunities that may fit one line before the optimal breakers give way to
/// greedy filling (a paragraph of thousands of words on one very wide line).
let maxCandidatesPerLine = 256

/// What ``TextWrap/pretty`` adds for a line that ends in a hyphen: as much as a line left a third
/// empty (a hyphen is taken when it saves more raggedness than that).
let prettyHyphenPenalty = 1.0 / 9
/// What ``TextWrap/pretty`` adds for a last line of one segment (one word and its spaces) narrower
/// than a third of its room: as much as a line left empty.
let prettyShortLastLinePenalty = 1.0

/// The state of one optimal search: the best way found to each line start.
private struct OptimalLineSearch {
    /// The cheapest known way to reach a line start.
    struct Label {
        var lineCount: Int
        /// balance: the widest line; pretty: the cost.
        var primary: Double
        /// balance: the sum of squared widths; pretty: 0.
        var secondary: Double
        /// The line that ends here and the start it came from (nil at the search's start).
        var line: LineBreak?
        var previous: Node?

        func isCheaper(than other: Label) -> Bool {
            (lineCount, primary, secondary) < (other.lineCount, other.primary, other.secondary)
        }
    }

    /// A line start: the start of a segment (`segmentCount` for the paragraph's end), or a
    /// position inside one where a word too long for a line was cut (an index into ``cuts``).
    enum Node: Equatable {
        case segment(Int)
        case cut(Int)
    }

    let lines: LineCandidates
    let wrap: TextWrap
    var atSegment: [Label?]
    /// Starts inside segments, ascending by offset as they are found, each with its segment.
    var cuts: [(offset: Int, segment: Int, label: Label)] = []

    init(lines: LineCandidates, wrap: TextWrap) {
        self.lines = lines
        self.wrap = wrap
        atSegment = Array(repeating: nil, count: lines.paragraph.segmentCount + 1)
    }

    mutating func run(from start: Int) throws -> [LineBreak]? {
        let paragraph = lines.paragraph
        let firstSegment = lines.segment(startingLineAt: start)
        let origin = Label(lineCount: 0, primary: 0, secondary: 0)
        if start == paragraph.segmentStarts[firstSegment] {
            atSegment[firstSegment] = origin
        } else {
            cuts.append((start, firstSegment, origin))
        }
        var cut = 0
        for segment in firstSegment..<paragraph.segmentCount {
            if let label = atSegment[segment] {
                guard try expand(from: paragraph.segmentStarts[segment], segment: segment, label, node: .segment(segment)) else { return nil }
            }
            // The cuts inside this segment come only from starts in it, in order.
            while cut < cuts.count, cuts[cut].segment == segment {
                guard try expand(from: cuts[cut].offset, segment: segment, cuts[cut].label, node: .cut(cut)) else { return nil }
                cut += 1
            }
        }
        var result: [LineBreak] = []
        var node = Node.segment(paragraph.segmentCount)
        while let label = label(at: node), let line = label.line, let previous = label.previous {
            result.append(line)
            node = previous
        }
        return result.reversed()
    }

    func label(at node: Node) -> Label? {
        switch node {
        case let .segment(index): atSegment[index]
        case let .cut(index): cuts[index].label
        }
    }

    /// Tries every candidate line from `offset`; false when more fit than the search allows.
    mutating func expand(from offset: Int, segment: Int, _ label: Label, node: Node) throws -> Bool {
        let candidates = lines
        var measurer = candidates.measurer(from: offset)
        var count = 0
        candidates.forEachFittingLine(from: offset, segment: segment, measurer: &measurer) { line, next in
            count += 1
            if count <= maxCandidatesPerLine { offer(line, to: .segment(next), from: node, label, onlySegment: next == segment + 1) }
        }
        guard count <= maxCandidatesPerLine else { return false }
        if count == 0 {
            let (line, next) = try lines.cutLine(from: offset, segment: segment, measurer: &measurer)
            if next > segment {
                offer(line, to: .segment(next), from: node, label, onlySegment: true)
            } else {
                // Cut lines from one start lead to one later start in the same segment.
                let cost = extended(label, by: line, from: node, onlySegment: true)
                if let i = cuts.firstIndex(where: { $0.offset == line.end }) {
                    if cost.isCheaper(than: cuts[i].label) { cuts[i].label = cost }
                } else {
                    let i = cuts.firstIndex { $0.offset > line.end } ?? cuts.count
                    cuts.insert((line.end, segment, cost), at: i)
                }
            }
        }
        return true
    }

    mutating func offer(_ line: LineBreak, to node: Node, from previous: Node, _ label: Label, onlySegment: Bool) {
        guard case let .segment(index) = node else { return }
        let cost = extended(label, by: line, from: previous, onlySegment: onlySegment)
        if let known = atSegment[index], !cost.isCheaper(than: known) { return }
        atSegment[index] = cost
    }

    /// The label of a start reached by `line` from a start labelled `label`.
    /// - Parameter onlySegment: whether the line holds one segment (or part of one).
    func extended(_ label: Label, by line: LineBreak, from previous: Node, onlySegment: Bool) -> Label {
        let style = lines.style.paragraph
        let isFirstLine = line.start == lines.paragraph.range.start
        var next = Label(lineCount: label.lineCount + 1, primary: label.primary, secondary: label.secondary, line: line, previous: previous)
        switch wrap {
        case .wrap, .balance:
            let extent = line.width + style.indent(isFirstLine: isFirstLine)
            next.primary = max(label.primary, extent)
            next.secondary = label.secondary + extent * extent
        case .pretty:
            let room = style.availableWidth(lines.maxWidth, isFirstLine: isFirstLine)
            if line.end < lines.paragraph.range.end {
                let slack = max(0, room - line.width) / room
                next.primary += slack * slack
            } else if onlySegment, label.lineCount > 0, line.width < room / 3 {
                next.primary += prettyShortLastLinePenalty
            }
            if line.isHyphenated { next.primary += prettyHyphenPenalty }
        }
        return next
    }
}
