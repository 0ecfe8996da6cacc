// One shaped and analysed paragraph: its tables (segments, clusters with their integer positions and unsafe-to-break flags, runs), how it is prepared, and the lookups layout reads them by.

/// A paragraph after the expensive work: shaped once, its break opportunities found.
///
/// Everything reads as absolute UTF-8 byte offsets into the prepared text. Laying the paragraph out
/// at a width reads these arrays and reshapes only the pieces next to an unsafe-to-break line edge.
/// A class, immutable after preparing: layouts pass it around without copying its many arrays, and
/// an edit before it moves it in O(runs + tabs), its offset arrays and glyphs shared (their stored
/// values stay, a base added on read moves).
final class PreparedParagraph: Sendable {
    let range: ParagraphRange
    /// The start of each segment: the text between two break opportunities. `segmentStarts[0]`
    /// is the paragraph start; segment `i` ends where segment `i + 1` starts, the last at `range.end`.
    let segmentStarts: CompactOffsets
    /// Where each segment's content ends: before its trailing whitespace, which hangs at a line end.
    let contentEnds: CompactOffsets
    /// The byte offset where each cluster (HarfBuzz's, one or more grapheme clusters) starts, ascending.
    let clusterStarts: CompactOffsets
    /// Where each cluster starts, as integers: the font units from the paragraph's start (and the
    /// word separators before it), with one more entry for the paragraph's end, and each run's
    /// scale and spacings. Tabs count 0 here: their width depends on the line. Widths are read
    /// from them exactly (``width(fromCluster:to:)``): the same bits whatever comes before.
    let positions: ClusterPositions
    /// Whether a break at the start of each cluster is unsafe (reshaping needed), a bit each.
    let clusterUnsafe: BitFlags
    /// The index of each cluster's first glyph, with one more entry for the glyph count.
    let clusterFirstGlyph: ClusterFirstGlyphs
    /// The paragraph's glyphs, in logical order: the glyphs of each run, one run after another.
    let glyphs: ParagraphGlyphs
    /// The runs the paragraph was shaped in (one level, script and font each), in logical order.
    let runs: [ShapedRun]
    /// The bidi levels of the paragraph's characters.
    let bidi: BidiLevels
    /// The byte offsets of tab characters, ascending.
    let tabs: [Int]
    /// The character (byte offset) of each glyph shaped as the font's .notdef (glyph 0) because no
    /// font had it, ascending: one entry per such character, the character itself even when
    /// HarfBuzz puts its glyph in the cluster of the base before it. Tabs, drawn as spaces, are
    /// not among them.
    let missingGlyphCharacters: CompactOffsets
    /// The hyphenation points `hyphens: auto` added (byte offsets, ascending): each is also a
    /// segment start, where a line may end with a generated hyphen that replaces no character.
    let autoHyphens: CompactOffsets
    /// For each segment, the index of the cluster its start is, when a line may start there without
    /// reshaping (see ``safeCluster(at:)``), else -1; and likewise for each segment's content end.
    /// With these, filling a line is a subtraction per segment.
    let segmentStartCluster: [Int32]
    let contentEndCluster: [Int32]
    /// The one font and size every run uses, or nil when the paragraph is empty, uses several or
    /// holds an inline object: then every line's height is that font's, without looking at the
    /// line's runs.
    let onlyFont: (font: Font, size: Double)?
    /// The metrics of every line of text of a paragraph in one font (``onlyFont``), found once in
    /// the style the paragraph was prepared in (``TextStyle/oneFontLine(_:size:_:isEmpty:)``); nil otherwise.
    let onlyFontLine: BuiltLine?
    /// How that style makes a line's box from its fonts' (``TextStyle/lineBoxRule``), found once
    /// for the paragraph's lines of several fonts.
    let lineBoxRule: LineBoxRule
    /// Whether a run stands for an inline object.
    let hasInlineObjects: Bool
    /// Grapheme cluster boundaries of segments cut for want of room, by segment, found once.
    /// Touched only with the paragraph's ``LockPool`` mutex held: a mutex per paragraph would cost
    /// a text of a million short paragraphs a million mutexes, for words few of them ever cut.
    nonisolated(unsafe) private var cutSegmentGraphemes: [Int: [Int]] = [:]
    /// The paragraph this one was made from by appending to it (see ``init(range:segmentStarts:contentEnds:clusterStarts:positions:clusterUnsafe:clusterFirstGlyph:glyphs:runs:bidi:tabs:autoHyphens:missingGlyphCharacters:style:sharingHead:)``),
    /// while it lives: set once, when the paragraph is made. Weak, so that a streamed text does not
    /// keep every paragraph it grew through.
    nonisolated(unsafe) private(set) weak var grownFrom: PreparedParagraph?
    /// The byte before which this paragraph is prepared exactly as ``grownFrom`` (the start when none).
    let grownFromHeadEnd: Int
    /// The characters white-space collapsing removed, by byte offset in the text (nil when none):
    /// a piece shaped again at a line's edge drops their advances too. (A text with any is prepared
    /// whole after each edit, so a paragraph that has them is never moved.)
    let collapsed: BitFlags?

    /// A paragraph moved by `delta` bytes: offsets shifted, everything else shared; the next
    /// paragraph starting at `next` when given (a hard break appended to the text's last paragraph).
    init(_ other: PreparedParagraph, shiftedBy delta: Int, next: Int? = nil) {
        range = ParagraphRange(start: other.range.start + delta, end: other.range.end + delta, next: next ?? other.range.next + delta)
        segmentStarts = other.segmentStarts.shifted(by: delta)
        contentEnds = other.contentEnds.shifted(by: delta)
        clusterStarts = other.clusterStarts.shifted(by: delta)
        positions = other.positions
        clusterUnsafe = other.clusterUnsafe
        clusterFirstGlyph = other.clusterFirstGlyph
        glyphs = other.glyphs.shifted(by: delta)
        runs = other.runs.map { var run = $0; run.range = (run.range.lowerBound + delta)..<(run.range.upperBound + delta); return run }
        bidi = other.bidi
        tabs = other.tabs.map { $0 + delta }
        missingGlyphCharacters = other.missingGlyphCharacters.shifted(by: delta)
        autoHyphens = other.autoHyphens.shifted(by: delta)
        segmentStartCluster = other.segmentStartCluster
        contentEndCluster = other.contentEndCluster
        onlyFont = other.onlyFont
        onlyFontLine = other.onlyFontLine
        lineBoxRule = other.lineBoxRule
        hasInlineObjects = other.hasInlineObjects
        grownFromHeadEnd = range.start
        collapsed = delta == 0 ? other.collapsed : nil
    }

    /// A paragraph of these tables. `head`: a paragraph whose clusters (starts and unsafe flags)
    /// and segments before byte `end` these tables share (the paragraph a piece was appended to,
    /// and where it was shaped again from), so that the indices of safe clusters there are taken
    /// from it rather than searched again.
    init(range: ParagraphRange, segmentStarts: CompactOffsets, contentEnds: CompactOffsets, clusterStarts: CompactOffsets,
         positions: ClusterPositions, clusterUnsafe: BitFlags, clusterFirstGlyph: ClusterFirstGlyphs, glyphs: ParagraphGlyphs, runs: [ShapedRun],
         bidi: BidiLevels, tabs: [Int], autoHyphens: CompactOffsets = CompactOffsets(), missingGlyphCharacters: CompactOffsets = CompactOffsets(),
         style: TextStyle, sharingHead head: (paragraph: PreparedParagraph, end: Int)? = nil, collapsed: BitFlags? = nil) {
        self.range = range
        self.collapsed = collapsed
        self.segmentStarts = segmentStarts
        self.contentEnds = contentEnds
        self.clusterStarts = clusterStarts
        self.positions = positions
        self.clusterUnsafe = clusterUnsafe
        self.clusterFirstGlyph = clusterFirstGlyph
        self.glyphs = glyphs
        self.runs = runs
        self.bidi = bidi
        self.tabs = tabs
        self.autoHyphens = autoHyphens
        self.missingGlyphCharacters = missingGlyphCharacters
        grownFrom = head?.paragraph
        grownFromHeadEnd = head?.end ?? range.start
        // A cluster index where the paragraph may be cut without reshaping, else -1.
        func safeIndex(_ offset: Int) -> Int32 {
            Int32(Self.safeCluster(at: offset, range: range, clusterStarts: clusterStarts, clusterUnsafe: clusterUnsafe) ?? -1)
        }
        hasInlineObjects = runs.contains { run in
            switch run.kind {
            case .text: false
            case .inlineObject: true
            }
        }
        onlyFont = runs.first.flatMap { first in
            let isOneFont = runs.allSatisfy { run in
                switch run.kind {
                case .text: run.textFont === first.textFont && run.size == first.size
                case .inlineObject: false
                }
            }
            return isOneFont ? (first.textFont, first.size) : nil
        }
        onlyFontLine = onlyFont.map { style.oneFontLine($0.font, size: $0.size, style.boxMetrics($0.font, size: $0.size), isEmpty: false) }
        lineBoxRule = style.lineBoxRule
        // Offsets before the head's end have the indices they have in the head's paragraph.
        func safeIndices(_ offsets: CompactOffsets, known: [Int32]?) -> [Int32] {
            guard let head, let known else { return offsets.map(safeIndex) }
            let kept = min(firstIndex(in: offsets, atOrAfter: head.end), known.count)
            var indices = Array(known[..<kept])
            indices.reserveCapacity(offsets.count)
            for i in kept..<offsets.count { indices.append(safeIndex(offsets[i])) }
            return indices
        }
        segmentStartCluster = safeIndices(segmentStarts, known: head?.paragraph.segmentStartCluster)
        contentEndCluster = safeIndices(contentEnds, known: head?.paragraph.contentEndCluster)
    }

    var segmentCount: Int { segmentStarts.count }

    /// The grapheme cluster boundaries of segment `index`'s content (after its start, up to its
    /// content end), for cutting a word too long for the line; found with ICU once, then kept.
    func graphemeBoundaries(ofSegment index: Int, bytes: UnsafeBufferPointer<UInt8>) throws -> [Int] {
        if let known = LockPool.withLock(for: self, { cutSegmentGraphemes[index] }) { return known }
        let found = try boundaries(.grapheme, in: bytes, range: segmentStarts[index]..<contentEnds[index])
        LockPool.withLock(for: self) { cutSegmentGraphemes[index] = found }
        return found
    }

    /// Roughly the memory the paragraph holds, in bytes.
    var estimatedBytes: Int {
        var total = 0
        forEachEstimatedPart { total += $1 }
        return total
    }

    /// The memory ``estimatedBytes`` counts, part by part: `body(name, bytes)` for each table.
    func forEachEstimatedPart(_ body: (String, Int) -> Void) {
        body("glyphs", glyphs.storageBytes)
        body("cluster starts", heapBytes(clusterStarts.storage))
        body("cluster positions", positions.estimatedBytes)
        body("cluster unsafe flags", clusterUnsafe.storageBytes)
        body("cluster first glyphs", clusterFirstGlyph.storageBytes)
        body("segment starts and content ends", heapBytes(segmentStarts.storage) + heapBytes(contentEnds.storage))
        body("segment safe clusters", heapBytes(segmentStartCluster) + heapBytes(contentEndCluster))
        body("runs", heapBytes(runs))
        body("bidi levels", bidi.levels.map(heapBytes) ?? 0)
        body("tabs, hyphens, missing glyphs", heapBytes(tabs) + heapBytes(autoHyphens.storage) + heapBytes(missingGlyphCharacters.storage))
        body("paragraph object", 256)
    }
    var clusterCount: Int { clusterStarts.count }

    /// The width in pixels of clusters `a..<b` (`b` may be ``clusterCount``, the end), tabs
    /// counting 0: exact, whatever comes before them (see ``ClusterPositions``).
    func width(fromCluster a: Int, to b: Int) -> Double { positions.width(from: a, to: b) }

    /// Whether `offset` starts a segment (is a break opportunity, or the paragraph's start).
    func isSegmentStart(_ offset: Int) -> Bool {
        let i = firstIndex(in: segmentStarts, atOrAfter: offset)
        return i < segmentCount && segmentStarts[i] == offset
    }

    /// Whether a line that ends at `offset` ends at a point `hyphens: auto` added.
    func isAutoHyphen(_ offset: Int) -> Bool {
        guard !autoHyphens.isEmpty else { return false }
        let i = firstIndex(in: autoHyphens, atOrAfter: offset)
        return i < autoHyphens.count && autoHyphens[i] == offset
    }

    @inline(__always)
    func segmentEnd(_ i: Int) -> Int { i + 1 < segmentStarts.count ? segmentStarts[i + 1] : range.end }

    /// The first segment from `segment` on that ends at or past `offset`; the last segment when none does.
    func firstSegment(from segment: Int, endingAtOrPast offset: Int) -> Int {
        var i = segment
        while i < segmentCount - 1, segmentEnd(i) < offset { i += 1 }
        return i
    }

    /// The index of the segment that holds byte `offset` (the last one starting at or before it; 0 before the first).
    func segment(containing offset: Int) -> Int { max(0, firstIndex(in: segmentStarts, atOrAfter: offset + 1) - 1) }

    /// The index of the first cluster that starts at or after `offset` (`clusterCount` if none).
    func cluster(atOrAfter offset: Int) -> Int { firstIndex(in: clusterStarts, atOrAfter: offset) }

    /// The index of the run that holds byte `offset`.
    func run(at offset: Int) -> Int { runIndex(in: runs, at: offset) }

    /// The cluster index of `offset` when the paragraph may be cut there without reshaping: its
    /// start, its end, or the start of a cluster HarfBuzz marks safe to break. Nil otherwise.
    func safeCluster(at offset: Int) -> Int? {
        Self.safeCluster(at: offset, range: range, clusterStarts: clusterStarts, clusterUnsafe: clusterUnsafe)
    }

    /// ``safeCluster(at:)`` in a paragraph's tables, before the paragraph is made.
    private static func safeCluster(at offset: Int, range: ParagraphRange, clusterStarts: CompactOffsets, clusterUnsafe: BitFlags) -> Int? {
        if offset <= range.start { return 0 }
        if offset >= range.end { return clusterStarts.count }
        let i = firstIndex(in: clusterStarts, atOrAfter: offset)
        return i < clusterStarts.count && clusterStarts[i] == offset && !clusterUnsafe[i] ? i : nil
    }
}

/// The index of the run of `runs` (ascending, not empty) that holds byte `offset`.
func runIndex(in runs: [ShapedRun], at offset: Int) -> Int {
    lastIndex(count: runs.count, atOrBefore: offset) { runs[$0].range.lowerBound }
}

extension PreparedParagraph {
    /// Shapes and analyses the paragraph `range` of `bytes` in `style`.
    /// - Parameters:
    ///   - objects: the text's inline objects (those in the paragraph are laid out in it).
    ///   - hyphenation: the patterns that add break opportunities inside words (`hyphens: auto`).
    ///   - collapsed: the characters white-space collapsing removed, by byte offset (see
    ///     ``WhiteSpaceCollapsing``): shaped as the spaces `bytes` holds there, then given no advance.
    static func prepare(_ range: ParagraphRange, bytes: UnsafeBufferPointer<UInt8>, style: TextStyle,
                        spans: [ResolvedSpan] = [], objects: InlineObjectTable = InlineObjectTable(),
                        hyphenation: HyphenationPatterns? = nil, collapsed: BitFlags? = nil) throws -> PreparedParagraph {
        let content = range.start..<range.end
        let objectOffsets = objects.offsets[objects.indices(in: content)]
        var breaks = style.settings.textTransform.findsBreaksInTransformedText
            ? try transformedLineBreaks(bytes, in: content, style: style, objects: objectOffsets)
            : try lineBreaks(bytes, in: content, style: style, objects: objectOffsets)
        if let collapsed { breaks = removingCollapsedBreaks(breaks, collapsed, in: content) }
        let breaksSpaces = style.settings.whiteSpace == .breakSpaces
        if breaksSpaces { breaks = mergedAscending(breaks, preservedSpaceBreaks(bytes, in: content)) }
        let bidi = try resolveBidi(bytes, range: content, direction: style.settings.direction)
        let shaped = try shapeParagraph(content, bytes: bytes, style: style, bidi: bidi, spans: spans, objects: objects, collapsed: collapsed)
        var clusters = shaped.0
        let runs = shaped.1
        clusters.finish()
        var segments = SegmentTable(start: range.start)
        let allBreaks = try withShapedRunBreaks(breaks, bytes, runs: runs, style: style, after: range.start)
        var segmentBreaks = try withAutomaticHyphens(allBreaks, bytes, in: content, runs: runs, style: style, hyphenation: hyphenation)
        if spans.contains(where: \.combinesUpright) {
            let combined = runs.filter { $0.combinedScaleX != nil }.map(\.range)
            segmentBreaks.breaks = breaksAroundCombinedRuns(segmentBreaks.breaks, bytes, in: content, combined: combined, style: style)
            segmentBreaks.points = removingBreaksInsideCombinedRuns(segmentBreaks.points, combined: combined)
        }
        segments.append(breaks: segmentBreaks, bytes: bytes, end: range.end, hanging: breaksSpaces ? nil : style.settings.profile.hangingWhitespace)
        return PreparedParagraph(range: range, segments: segments, clusters: clusters, runs: runs, bidi: bidi, style: style,
                                 collapsed: collapsed)
    }

    /// Assembles a paragraph from its tables (sharing `head`'s before its end: see ``init(range:segmentStarts:contentEnds:clusterStarts:positions:clusterUnsafe:clusterFirstGlyph:glyphs:runs:bidi:tabs:autoHyphens:missingGlyphCharacters:style:sharingHead:)``).
    convenience init(range: ParagraphRange, segments: SegmentTable, clusters: ClusterTable, runs: [ShapedRun], bidi: BidiLevels,
                     style: TextStyle, sharingHead head: (paragraph: PreparedParagraph, end: Int)? = nil, collapsed: BitFlags? = nil) {
        self.init(range: range, segmentStarts: segments.starts, contentEnds: segments.contentEnds, clusterStarts: clusters.starts,
                  positions: clusters.positions, clusterUnsafe: clusters.unsafe, clusterFirstGlyph: clusters.firstGlyph,
                  glyphs: clusters.storedGlyphs, runs: runs, bidi: bidi, tabs: segments.tabs,
                  autoHyphens: segments.autoHyphens, missingGlyphCharacters: clusters.missing, style: style, sharingHead: head,
                  collapsed: collapsed)
    }
}
