// A paragraph's cluster positions as integers (font units summed from its start, one scale per run), read as widths that do not depend on the order of additions.

/// What each run of a paragraph adds to the width of its clusters: its font units times its scale,
/// a spacing after each cluster and one after each word separator. Plain values, read in the hot
/// loops of line filling without touching the run's font, script or features. Runs one after
/// another with the same three (a Japanese line's kanji and kana, say) share one entry: their
/// units are summed before they are scaled, as every path that prepares them sums them.
struct RunPositions: Sendable, Equatable {
    /// The index of the first cluster of the run (or of the first of the runs that share it).
    var firstCluster: Int
    /// Pixels per font unit (``ShapedRun/scale``).
    var scale: Double
    /// Pixels after each cluster: the run's letter spacing, or for an inline object's run (one
    /// cluster without glyphs) the object's width.
    var clusterSpacing: Double
    /// Pixels after each word separator (``ShapedRun/wordSpacing``).
    var wordSpacing: Double

    init(_ run: ShapedRun, firstCluster: Int) {
        self.firstCluster = firstCluster
        scale = run.scale
        switch run.content {
        case .text: clusterSpacing = run.letterSpacing
        case .inlineObject(let object, _): clusterSpacing = object.width
        }
        wordSpacing = run.wordSpacing
    }

    /// Whether `other` adds to its clusters' widths as this does.
    func addsAlike(_ other: RunPositions) -> Bool {
        scale == other.scale && clusterSpacing == other.clusterSpacing && wordSpacing == other.wordSpacing
    }
}

/// The font units of a paragraph's glyphs summed from its start, at the start of each cluster and
/// at the end: 32 bits each while the sum stays within `Int32` (a paragraph of about a million
/// ems), else 64. Tabs count 0: their width depends on the line.
struct ClusterUnits: Sendable, Equatable {
    private(set) var compact: [Int32] = []
    /// Every sum, once one no longer fits 32 bits (then `compact` is empty).
    private(set) var wide: [Int] = []

    init() {}

    /// The first `count` sums of `other`, with room for `room` more.
    init(first count: Int, of other: ClusterUnits, room: Int) {
        if other.wide.isEmpty { compact = Array(other.compact[..<count], room: room) } else { wide = Array(other.wide[..<count], room: room) }
    }

    var count: Int { wide.isEmpty ? compact.count : wide.count }

    mutating func reserveCapacity(_ n: Int) {
        if wide.isEmpty { compact.reserveCapacity(n) } else { wide.reserveCapacity(n) }
    }
    var estimatedBytes: Int { heapBytes(compact) + heapBytes(wide) }

    mutating func append(_ sum: Int) {
        if wide.isEmpty, let small = Int32(exactly: sum) {
            compact.append(small)
        } else {
            if wide.isEmpty {
                wide = compact.map(Int.init)
                compact = []
            }
            wide.append(sum)
        }
    }

    /// The units before cluster `i` (or the end).
    @inline(__always)
    func value(at i: Int) -> Int { wide.isEmpty ? Int(compact[i]) : wide[i] }

    /// The units from the start of cluster `a` to the start of cluster `b`: an exact integer.
    @inline(__always)
    func units(from a: Int, to b: Int) -> Int { value(at: b) - value(at: a) }
}

/// A paragraph's cluster positions: integer font units, the number of word separators before each
/// cluster, and each run's scale and spacings. The width of clusters `a..<b` is, run by run from
/// `a`, `scale × units + clusterSpacing × clusters + wordSpacing × separators`, the runs' terms
/// added in logical order: it depends on those clusters alone, not on what comes before them, so
/// every path that measures them (fresh, cached, after an edit or an append) gets the same bits.
struct ClusterPositions: Sendable, Equatable {
    var units = ClusterUnits()
    /// The word separators (``ShapedRun/takesWordSpacing(_:cluster:)``) before each cluster and at
    /// the end; empty while no run has word spacing on a separator.
    var separators: [Int32] = []
    /// The runs' terms, in logical order, one entry for runs one after another that add alike.
    var runs: [RunPositions] = []

    /// Adds the terms of a run that starts at cluster `firstCluster` (unless the last entry's are the same).
    mutating func beginRun(_ run: ShapedRun, firstCluster: Int) {
        let next = RunPositions(run, firstCluster: firstCluster)
        if let last = runs.last, last.addsAlike(next) { return }
        runs.append(next)
    }

    var estimatedBytes: Int { units.estimatedBytes + heapBytes(separators) + heapBytes(runs) }

    /// The pixels per font unit of a paragraph whose every width is its units times one scale:
    /// one entry of terms, no spacing, 32-bit sums. Then the width of clusters `a..<b` (`b ≥ a`)
    /// is `Double(units(b) - units(a)) × scale`, the same bits as ``WidthCursor`` gives (its
    /// `0 + width` leaves the product as it is: a normal positive scale makes no product -0).
    /// Nil otherwise.
    var onlyScale: Double? {
        @inline(__always) get {
        guard runs.count == 1, units.wide.isEmpty else { return nil }
        let run = runs[0]
        guard run.clusterSpacing == 0, run.wordSpacing == 0 || separators.isEmpty, run.scale.isNormal, run.scale > 0 else { return nil }
        return run.scale
        }
    }

    /// The width of clusters `a..<b` of a paragraph whose ``onlyScale`` is `scale`: the same bits
    /// as ``width(from:to:)``.
    @inline(__always)
    func width(from a: Int, to b: Int, onlyScale scale: Double) -> Double {
        b > a ? Double(units.units(from: a, to: b)) * scale : 0
    }

    /// The index of the entry of ``runs`` that holds cluster `cluster` (the last when it is the end).
    @inline(__always)
    func run(ofCluster cluster: Int) -> Int {
        runs.count <= 1 ? 0 : lastIndex(count: runs.count, atOrBefore: cluster) { runs[$0].firstCluster }
    }

    /// Where run `r`'s clusters end: the next run's first cluster, or the end entry.
    @inline(__always)
    func end(ofRun r: Int) -> Int { r + 1 < runs.count ? runs[r + 1].firstCluster : units.count - 1 }

    /// The width of clusters `a..<b`, all of run `r`.
    @inline(__always)
    func width(from a: Int, to b: Int, inRun r: Int) -> Double {
        let run = runs[r]
        var width = Double(units.units(from: a, to: b)) * run.scale + Double(b - a) * run.clusterSpacing
        if run.wordSpacing != 0, !separators.isEmpty { width += Double(separators[b] - separators[a]) * run.wordSpacing }
        return width
    }

    /// The width in pixels of clusters `a..<b` (`b` may be the end): see ``WidthCursor``.
    func width(from a: Int, to b: Int) -> Double {
        guard b > a else { return 0 }
        if let scale = onlyScale { return width(from: a, to: b, onlyScale: scale) }
        var cursor = WidthCursor(from: a, run: run(ofCluster: a))
        return cursor.width(to: b, in: self)
    }
}

/// Widths from one cluster to later and later ones, each the same as
/// ``ClusterPositions/width(from:to:)`` gives: the terms of the runs passed are added once, in the
/// same order, and kept; the run reached is read once, so an end in it costs one integer
/// difference or two, scaled.
struct WidthCursor {
    /// The first cluster of the run reached (the start, in the start's run), and the sums there.
    private var runStart: Int
    private var startUnits: Int
    private var startSeparators: Int
    /// The entry of ``ClusterPositions/runs`` reached, where it ends, and its terms (a word
    /// spacing of 0 when the paragraph counts no separator).
    private var run: Int
    private var runEnd = 0
    private var scale = 0.0
    private var clusterSpacing = 0.0
    private var wordSpacing = 0.0
    /// The width of the runs passed, from the start to ``runStart``.
    private var passed = 0.0

    init(from start: Int, run: Int) {
        runStart = start
        startUnits = 0
        startSeparators = 0
        self.run = run
        runEnd = -1  // read on the first width asked
    }

    /// The width from the start to cluster `end`, which is no earlier than any end asked before.
    @inline(__always)
    mutating func width(to end: Int, in positions: ClusterPositions) -> Double {
        guard end > runStart else { return passed }
        if end > runEnd { reach(end, in: positions) }
        // (A spacing of 0 adds +0, which leaves a sum as it is: skipped.)
        var width = Double(positions.units.value(at: end) - startUnits) * scale
        if clusterSpacing != 0 { width += Double(end - runStart) * clusterSpacing }
        if wordSpacing != 0 { width += Double(Int(positions.separators[end]) - startSeparators) * wordSpacing }
        return passed + width
    }

    /// Reads the run reached first, or passes the runs that end before `end`, adding their terms.
    @inline(never)
    private mutating func reach(_ end: Int, in positions: ClusterPositions) {
        if runEnd >= 0 {
            passed = passed + positions.width(from: runStart, to: runEnd, inRun: run)
            runStart = runEnd
            run += 1
        }
        while run + 1 < positions.runs.count, end > positions.runs[run + 1].firstCluster {
            let next = positions.runs[run + 1].firstCluster
            passed = passed + positions.width(from: runStart, to: next, inRun: run)
            runStart = next
            run += 1
        }
        let terms = positions.runs[run]
        runEnd = positions.end(ofRun: run)
        scale = terms.scale
        clusterSpacing = terms.clusterSpacing
        wordSpacing = positions.separators.isEmpty ? 0 : terms.wordSpacing
        startUnits = positions.units.value(at: runStart)
        startSeparators = positions.separators.isEmpty ? 0 : Int(positions.separators[runStart])
    }
}
