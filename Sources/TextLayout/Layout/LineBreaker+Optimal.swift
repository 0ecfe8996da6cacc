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
/// - balance: the widest line (with its indent); then, in a second search among the lines no
///   wider than that, the sum of the lines' squared widths, which for a given line count is least
///   when the widths are even. (One search keeping the best pair per start would drop a way whose
///   lines so far are wider but more even, which the widest line found later makes as good.)
///   Neither depends on the wrap width, so the result at its own widest line's width is the same
///   (a balanced bubble shrink-wraps).
/// - pretty: the sum over the lines but the last of the squared slack as a share of the line's
///   room, plus ``prettyHyphenPenalty`` for each line that ends in a hyphen and
///   ``prettyShortLastLinePenalty`` for a last line of one segment narrower than a third of its room.
///
/// The work is the candidates tried: the break opportunities on a line, for every start tried.
/// A start reached in `k` lines is tried only if the rest fits in the fewest lines less `k`
/// (``earliestStarts(_:firstSegment:)``, filling backwards): fewest lines come first, so no other
/// start can be on the cheapest way.
func optimalLines(_ lines: LineCandidates, from start: Int, wrap: TextWrap) throws -> [LineBreak]? {
    // A paragraph that fits on its first line has one breaking into one line: greedy's, found
    // without the search's bookkeeping (most UI strings).
    if fitsOnOneLine(lines, from: start) { return nil }
    switch wrap {
    case .wrap:
        return nil
    case .pretty:
        var search = OptimalLineSearch(lines: lines, criterion: .raggedness)
        return try search.run(from: start)
    case .balance:
        return try balancedLines(lines, from: start)
    }
}

/// Balance: the fewest lines, the least widest line, then the most even widths: a first search
/// finds the least widest line, a second the most even lines no wider.
private func balancedLines(_ lines: LineCandidates, from start: Int) throws -> [LineBreak]? {
    let paragraph = lines.paragraph
    var narrowest = OptimalLineSearch(lines: lines, criterion: .widest)
    guard let widest = try narrowest.run(from: start) else { return nil }
    // Only when no word was cut: a cut depends on the width it is made at.
    guard widest.count > 1, widest.allSatisfy({ $0.end == paragraph.range.end || paragraph.isSegmentStart($0.end) }) else {
        return widest
    }
    let style = lines.style.settings.paragraph
    let extent = widest.map { $0.width + style.indent(isFirstLine: $0.start == paragraph.range.start) }.max() ?? 0
    guard let even = try evenestLines(lines, within: extent, from: start), even.count == widest.count else { return widest }
    return even
}

/// The most even lines (least sum of squared widths) among those in the fewest lines with none
/// wider than `width` (with its indent; within ``Layout/fitTolerance``): balance's last search.
private func evenestLines(_ lines: LineCandidates, within width: Double, from start: Int) throws -> [LineBreak]? {
    let narrower = LineCandidates(paragraph: lines.paragraph, bytes: lines.bytes, style: lines.style, wrapWidth: min(lines.wrapWidth, width))
    var search = OptimalLineSearch(lines: narrower, criterion: .evenness)
    return try search.run(from: start)
}

/// Whether the paragraph from `start` certainly fits on one line, as the prepared positions say:
/// a start and content end that are safe to break at, no tabs, and a width within the line's limit.
private func fitsOnOneLine(_ lines: LineCandidates, from start: Int) -> Bool {
    let paragraph = lines.paragraph
    let last = paragraph.segmentCount - 1
    guard paragraph.tabs.isEmpty, let first = paragraph.safeCluster(at: start), paragraph.contentEndCluster[last] >= 0 else {
        return false
    }
    return paragraph.width(fromCluster: first, to: Int(paragraph.contentEndCluster[last])) <= lines.limit(from: start)
}

/// For each number of lines `j` from 1, the first segment from whose start the rest of the
/// paragraph fits in `j` lines (at index `j - 1`), found by filling lines backwards from its end
/// over the prepared positions, up to one at or before `firstSegment`: the count is the fewest
/// lines the paragraph from there can take. Nil when the prepared positions cannot tell it as
/// the breaker would measure it: tabs, a line edge unsafe to break at, a line that would end in a
/// hyphen, a segment wider than a line.
private func earliestStarts(_ lines: LineCandidates, firstSegment: Int) -> [Int]? {
    let p = lines.paragraph
    guard p.tabs.isEmpty else { return nil }
    let style = lines.style.settings
    let firstLimit = style.lineLimit(lines.wrapWidth, isFirstLine: true)
    let otherLimit = style.lineLimit(lines.wrapWidth, isFirstLine: false)
    var starts: [Int] = []
    var target = p.segmentCount          // the line ends where this segment starts (or at the end)
    while target > firstSegment {
        let last = target - 1
        let endCluster = Int(p.contentEndCluster[last])
        guard endCluster >= 0, last == p.segmentCount - 1 || !mayShowHyphen(p, lines.bytes, segment: last) else { return nil }
        var earliest = -1
        var s = last
        while s >= firstSegment {
            let startCluster = Int(p.segmentStartCluster[s])
            guard startCluster >= 0 else { return nil }
            let limit = p.segmentStarts[s] == p.range.start ? firstLimit : otherLimit
            guard p.width(fromCluster: startCluster, to: endCluster) <= limit else { break }
            earliest = s
            s -= 1
        }
        guard earliest >= 0 else { return nil }
        starts.append(earliest)
        target = earliest
    }
    return starts
}

/// The most break opportunities that may fit one line before the optimal breakers give way to
/// greedy filling (a paragraph of thousands of words on one very wide line).
let maxCandidatesPerLine = 256

/// What a search minimises, after the line count.
private enum Criterion {
    /// The widest line, with its indent (balance's first search).
    case widest
    /// The sum of the lines' squared widths, with their indents (balance's second search).
    case evenness
    /// Squared slack and penalties (pretty).
    case raggedness
}

/// What ``TextWrap/pretty`` adds for a line that ends in a hyphen: as much as a line left a third
/// empty (a hyphen is taken when it saves more raggedness than that).
let prettyHyphenPenalty = 1.0 / 9
/// What ``TextWrap/pretty`` adds for a last line of one segment (one word and its spaces) narrower
/// than a third of its room: as much as a line left empty.
let prettyShortLastLinePenalty = 1.0

/// The state of one optimal search: the best way found to each line start.
private struct OptimalLineSearch {
    /// What reaching a line start costs, compared fewest lines first.
    struct Cost {
        var lineCount: Int
        /// What the criterion adds up (the widest line, squared widths, raggedness).
        var primary: Double

        static let unreached = Cost(lineCount: .max, primary: 0)

        func isCheaper(than other: Cost) -> Bool {
            (lineCount, primary) < (other.lineCount, other.primary)
        }
    }

    /// How a line start is best reached: its cost, the line that ends there and where it began.
    struct Way {
        var cost = Cost.unreached
        var line = LineBreak(start: 0, contentEnd: 0, end: 0, width: 0)
        var previous = Node.segment(-1)
    }

    /// A line start: the start of a segment (`segmentCount` for the paragraph's end), or a
    /// position inside one where a word too long for a line was cut (an index into ``cuts``).
    enum Node: Equatable {
        case segment(Int)
        case cut(Int)
    }

    let lines: LineCandidates
    let rule: CostRule
    /// Starts inside segments, ascending by offset as they are found, each with its segment.
    var cuts: [(offset: Int, segment: Int, way: Way)] = []

    init(lines: LineCandidates, criterion: Criterion) {
        self.lines = lines
        rule = CostRule(criterion: criterion, paragraphStyle: lines.style.settings.paragraph, wrapWidth: lines.wrapWidth,
                        paragraphStart: lines.paragraph.range.start, paragraphEnd: lines.paragraph.range.end)
    }

    mutating func run(from start: Int) throws -> [LineBreak]? {
        let firstSegment = lines.segment(startingLineAt: start)
        let bounds = start == lines.paragraph.segmentStarts[firstSegment] ? earliestStarts(lines, firstSegment: firstSegment) : nil
        if let bounds, let found = try search(from: start, firstSegment: firstSegment, bounds: bounds), found.count == bounds.count {
            return found
        }
        // Without bounds, or when they were wrong (advances that are not all positive can make a
        // shorter line wider): every start is tried.
        if bounds != nil { cuts = [] }
        return try search(from: start, firstSegment: firstSegment, bounds: nil)
    }

    /// The search itself. With `bounds` (``earliestStarts(_:firstSegment:)``), a start reached in
    /// `k` lines is tried only if the rest of the paragraph fits in the fewest lines less `k`:
    /// since the fewest lines come first, no other start can be on the cheapest way.
    mutating func search(from start: Int, firstSegment: Int, bounds: [Int]?) throws -> [LineBreak]? {
        let paragraph = lines.paragraph
        // The best way to each segment start, and to the paragraph's end (the last).
        var atSegment = Array(repeating: Way(), count: paragraph.segmentCount + 1)
        let origin = Way(cost: Cost(lineCount: 0, primary: 0))
        if start == paragraph.segmentStarts[firstSegment] {
            atSegment[firstSegment] = origin
        } else {
            cuts.append((start, firstSegment, origin))
        }
        var cut = 0
        for segment in firstSegment..<paragraph.segmentCount {
            let lineCount = atSegment[segment].cost.lineCount
            if let bounds, lineCount != .max, lineCount >= bounds.count || segment < bounds[bounds.count - lineCount - 1] {
                // Too far back, or already too many lines: the rest does not fit in what is left.
            } else if lineCount != .max {
                guard try expand(from: paragraph.segmentStarts[segment], segment: segment, atSegment[segment].cost,
                                 node: .segment(segment), ways: &atSegment) else { return nil }
            }
            // The cuts inside this segment come only from starts in it, in order.
            while cut < cuts.count, cuts[cut].segment == segment {
                guard try expand(from: cuts[cut].offset, segment: segment, cuts[cut].way.cost, node: .cut(cut),
                                 ways: &atSegment) else { return nil }
                cut += 1
            }
        }
        var result: [LineBreak] = []
        var way = atSegment[paragraph.segmentCount]
        if way.cost.lineCount == .max { return nil }
        while way.cost.lineCount > 0 {
            result.append(way.line)
            switch way.previous {
            case let .segment(index): way = atSegment[index]
            case let .cut(index): way = cuts[index].way
            }
        }
        return result.reversed()
    }

    /// Tries every candidate line from `offset`, reached at `cost`, improving `ways` (the best
    /// way to each segment start) and ``cuts``; false when more fit than the search allows.
    mutating func expand(from offset: Int, segment: Int, _ cost: Cost, node: Node, ways: inout [Way]) throws -> Bool {
        var measurer = lines.measurer(from: offset)
        var count = 0
        let rule = self.rule
        let segmentWidth = lines.forEachFittingLine(from: offset, segment: segment, measurer: &measurer) { line, next in
            count += 1
            let reached = rule.extended(cost, by: line, onlySegment: next == segment + 1)
            if reached.isCheaper(than: ways[next].cost) { ways[next] = Way(cost: reached, line: line, previous: node) }
        }
        guard count <= maxCandidatesPerLine else { return false }
        guard count == 0 else { return true }
        let (line, next) = try lines.cutLine(from: offset, segment: segment, segmentWidth: segmentWidth, measurer: &measurer)
        let reached = rule.extended(cost, by: line, onlySegment: true)
        if next > segment {
            if reached.isCheaper(than: ways[next].cost) { ways[next] = Way(cost: reached, line: line, previous: node) }
        } else if let i = cuts.firstIndex(where: { $0.offset == line.end }) {
            if reached.isCheaper(than: cuts[i].way.cost) { cuts[i].way = Way(cost: reached, line: line, previous: node) }
        } else {
            let i = cuts.firstIndex { $0.offset > line.end } ?? cuts.count
            cuts.insert((line.end, segment, Way(cost: reached, line: line, previous: node)), at: i)
        }
        return true
    }
}

/// How a line adds to the cost of the way to its end: the paragraph's settings it reads, read once.
private struct CostRule {
    let criterion: Criterion
    /// The room and the indent of a paragraph's first line and of its other lines.
    let firstRoom: Double
    let otherRoom: Double
    let firstIndent: Double
    let otherIndent: Double
    let paragraphStart: Int
    let paragraphEnd: Int

    init(criterion: Criterion, paragraphStyle: ParagraphStyle, wrapWidth: Double, paragraphStart: Int, paragraphEnd: Int) {
        self.criterion = criterion
        firstRoom = paragraphStyle.availableWidth(wrapWidth, isFirstLine: true)
        otherRoom = paragraphStyle.availableWidth(wrapWidth, isFirstLine: false)
        firstIndent = paragraphStyle.indent(isFirstLine: true)
        otherIndent = paragraphStyle.indent(isFirstLine: false)
        self.paragraphStart = paragraphStart
        self.paragraphEnd = paragraphEnd
    }

    /// The cost of a start reached by `line` from a start reached at `cost`.
    /// - Parameter onlySegment: whether the line holds one segment (or part of one).
    func extended(_ cost: OptimalLineSearch.Cost, by line: LineBreak, onlySegment: Bool) -> OptimalLineSearch.Cost {
        let isFirstLine = line.start == paragraphStart
        var next = OptimalLineSearch.Cost(lineCount: cost.lineCount + 1, primary: cost.primary)
        switch criterion {
        case .widest:
            next.primary = max(cost.primary, line.width + (isFirstLine ? firstIndent : otherIndent))
        case .evenness:
            let extent = line.width + (isFirstLine ? firstIndent : otherIndent)
            next.primary = cost.primary + extent * extent
        case .raggedness:
            let room = isFirstLine ? firstRoom : otherRoom
            if line.end < paragraphEnd {
                let slack = max(0, room - line.width) / room
                next.primary += slack * slack
            } else if onlySegment, cost.lineCount > 0, line.width < room / 3 {
                next.primary += prettyShortLastLinePenalty
            }
            if line.isHyphenated { next.primary += prettyHyphenPenalty }
        }
        return next
    }
}
