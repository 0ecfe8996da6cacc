// One shaped and analysed paragraph: break opportunities, clusters with their x positions and unsafe-to-break flags.
import CICU

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
    /// The x position in pixels where each cluster starts, from the paragraph start, with one more
    /// entry for the paragraph's end. Tabs count 0 here: their width depends on the line.
    let clusterX: [Double]
    /// Whether a break at the start of each cluster is unsafe (reshaping needed).
    let clusterUnsafe: [Bool]
    /// The index of each cluster's first glyph, with one more entry for the glyph count.
    let clusterFirstGlyph: CompactOffsets
    /// The paragraph's glyphs, in logical order: the glyphs of each run, one run after another.
    let glyphs: ParagraphGlyphs
    /// The runs the paragraph was shaped in (one level, script and font each), in logical order.
    let runs: [ShapedRun]
    /// The bidi levels of the paragraph's characters.
    let bidi: BidiLevels
    /// The byte offsets of tab characters, ascending.
    let tabs: [Int]
    /// The cluster (byte offset) of each glyph shaped as the font's .notdef (glyph 0) because no
    /// font had the character, ascending: one entry per such character. Tabs, drawn as spaces,
    /// are not among them.
    let missingGlyphClusters: CompactOffsets
    /// The hyphenation points `hyphens: auto` added (byte offsets, ascending): each is also a
    /// segment start, where a line may end with a generated hyphen that replaces no character.
    let autoHyphens: CompactOffsets
    /// For each segment, the index of the cluster its start is, when a line may start there without
    /// reshaping (see ``safeCluster(at:)``), else -1; and likewise for each segment's content end.
    /// With these, filling a line is a subtraction per segment.
    let segmentStartCluster: [Int32]
    let contentEndCluster: [Int32]
    /// The one font and size every run uses, or nil when the paragraph is empty or uses several:
    /// then every line's height is that font's, without looking at the line's runs.
    let onlyFont: (font: Font, size: Double)?
    /// Whether every x position (``clusterX``) is an exact multiple of 2⁻²⁰ px: each run's scale
    /// (size / units per em, 17 / 2048 say) and letter spacing is, and the paragraph is narrower
    /// than 2³² px. Then the width between two positions is the same whatever text comes before
    /// them, so an edit's relayout may keep the lines after it as they were measured. Otherwise
    /// (a font of 1,000 units per em, a size such as 17.3) an edit before them changes how every
    /// later position rounds, and so the last bits of widths measured there.
    let hasExactPositions: Bool
    /// Grapheme cluster boundaries of segments cut for want of room, by segment, found once.
    /// Touched only with the paragraph's ``LockPool`` mutex held: a mutex per paragraph would cost
    /// a text of a million short paragraphs a million mutexes, for words few of them ever cut.
    nonisolated(unsafe) private var cutSegmentGraphemes: [Int: [Int]] = [:]

    /// A paragraph moved by `delta` bytes: offsets shifted, everything else shared.
    init(_ other: PreparedParagraph, shiftedBy delta: Int) {
        range = ParagraphRange(start: other.range.start + delta, end: other.range.end + delta, next: other.range.next + delta)
        segmentStarts = other.segmentStarts.shifted(by: delta)
        contentEnds = other.contentEnds.shifted(by: delta)
        clusterStarts = other.clusterStarts.shifted(by: delta)
        clusterX = other.clusterX
        clusterUnsafe = other.clusterUnsafe
        clusterFirstGlyph = other.clusterFirstGlyph
        glyphs = other.glyphs.shifted(by: delta)
        runs = other.runs.map { var run = $0; run.range = (run.range.lowerBound + delta)..<(run.range.upperBound + delta); return run }
        bidi = other.bidi
        tabs = other.tabs.map { $0 + delta }
        missingGlyphClusters = other.missingGlyphClusters.shifted(by: delta)
        autoHyphens = other.autoHyphens.shifted(by: delta)
        segmentStartCluster = other.segmentStartCluster
        contentEndCluster = other.contentEndCluster
        onlyFont = other.onlyFont
        hasExactPositions = other.hasExactPositions
    }

    init(range: ParagraphRange, segmentStarts: CompactOffsets, contentEnds: CompactOffsets, clusterStarts: CompactOffsets,
         clusterX: [Double], clusterUnsafe: [Bool], clusterFirstGlyph: CompactOffsets, glyphs: ParagraphGlyphs, runs: [ShapedRun],
         bidi: BidiLevels, tabs: [Int], autoHyphens: CompactOffsets = CompactOffsets(), missingGlyphClusters: CompactOffsets = CompactOffsets()) {
        self.range = range
        self.segmentStarts = segmentStarts
        self.contentEnds = contentEnds
        self.clusterStarts = clusterStarts
        self.clusterX = clusterX
        self.clusterUnsafe = clusterUnsafe
        self.clusterFirstGlyph = clusterFirstGlyph
        self.glyphs = glyphs
        self.runs = runs
        self.bidi = bidi
        self.tabs = tabs
        self.autoHyphens = autoHyphens
        self.missingGlyphClusters = missingGlyphClusters
        // A cluster index where the paragraph may be cut without reshaping, else -1.
        func safeIndex(_ offset: Int) -> Int32 {
            if offset <= range.start { return 0 }
            if offset >= range.end { return Int32(clusterStarts.count) }
            let i = firstIndex(in: clusterStarts, atOrAfter: offset)
            return i < clusterStarts.count && clusterStarts[i] == offset && !clusterUnsafe[i] ? Int32(i) : -1
        }
        onlyFont = runs.first.flatMap { first in
            runs.allSatisfy { $0.font === first.font && $0.size == first.size } ? (first.font, first.size) : nil
        }
        let grid = 1048576.0  // 2²⁰: multiplying by it is exact
        func onGrid(_ value: Double) -> Bool { (value * grid).rounded() == value * grid }
        hasExactPositions = runs.allSatisfy { onGrid($0.scale) && onGrid($0.letterSpacing) } && (clusterX.last ?? 0) < 4294967296
        segmentStartCluster = segmentStarts.map(safeIndex)
        contentEndCluster = contentEnds.map(safeIndex)
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
        heapBytes(segmentStarts.storage) + heapBytes(contentEnds.storage) + heapBytes(clusterStarts.storage)
            + heapBytes(clusterX) + heapBytes(clusterUnsafe) + heapBytes(clusterFirstGlyph.storage) + heapBytes(glyphs.storage)
            + heapBytes(runs) + (bidi.levels.map(heapBytes) ?? 0) + heapBytes(tabs) + heapBytes(segmentStartCluster)
            + heapBytes(contentEndCluster) + heapBytes(autoHyphens.storage) + heapBytes(missingGlyphClusters.storage) + 256
    }
    var clusterCount: Int { clusterStarts.count }

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

    func segmentEnd(_ i: Int) -> Int { i + 1 < segmentStarts.count ? segmentStarts[i + 1] : range.end }

    /// The index of the first cluster that starts at or after `offset` (`clusterCount` if none).
    func cluster(atOrAfter offset: Int) -> Int { firstIndex(in: clusterStarts, atOrAfter: offset) }

    /// The index of the run that holds byte `offset`.
    func run(at offset: Int) -> Int { runIndex(in: runs, at: offset) }

    /// The cluster index of `offset` when the paragraph may be cut there without reshaping: its
    /// start, its end, or the start of a cluster HarfBuzz marks safe to break. Nil otherwise.
    func safeCluster(at offset: Int) -> Int? {
        if offset <= range.start { return 0 }
        if offset >= range.end { return clusterCount }
        let i = cluster(atOrAfter: offset)
        return i < clusterCount && clusterStarts[i] == offset && !clusterUnsafe[i] ? i : nil
    }
}

/// The index of the run of `runs` (ascending, not empty) that holds byte `offset`.
func runIndex(in runs: [ShapedRun], at offset: Int) -> Int {
    lastIndex(count: runs.count, atOrBefore: offset) { runs[$0].range.lowerBound }
}

/// Two ascending arrays merged into one, without repeating a value both hold.
func mergedAscending(_ a: [Int], _ b: [Int]) -> [Int] {
    var merged: [Int] = []
    merged.reserveCapacity(a.count + b.count)
    var i = 0
    var j = 0
    while i < a.count || j < b.count {
        if j == b.count || (i < a.count && a[i] < b[j]) {
            merged.append(a[i])
            i += 1
        } else if i == a.count || b[j] < a[i] {
            merged.append(b[j])
            j += 1
        } else {
            merged.append(a[i])
            i += 1
            j += 1
        }
    }
    return merged
}

/// A run of a paragraph as it was shaped.
struct ShapedRun: Sendable {
    var range: Range<Int>
    var level: UInt8
    var script: String
    var font: Font
    /// Pixels per font unit of the run's font at the style's size.
    var scale: Double
    /// The index of the run's first glyph in the paragraph's glyphs.
    var firstGlyph: Int
    /// The em size in pixels (the style's, or the run's span's).
    var size: Double
    /// Pixels added after each cluster (from the run's span).
    var letterSpacing: Double
    /// OpenType features the run was shaped with.
    var features: [FontFeature]
    /// The index in ``PreparedText/spans`` of the run's span, or nil.
    var span: Int?

    var isRightToLeft: Bool { level & 1 == 1 }
}

extension PreparedParagraph {
    /// Shapes and analyses the paragraph `range` of `bytes` in `style`.
    /// - Parameter hyphenation: the patterns that add break opportunities inside words (`hyphens: auto`).
    static func prepare(_ range: ParagraphRange, bytes: UnsafeBufferPointer<UInt8>, style: TextStyle,
                        spans: [ResolvedSpan] = [], hyphenation: HyphenationPatterns? = nil) throws -> PreparedParagraph {
        let content = range.start..<range.end
        let breaks = try lineBreaks(bytes, in: content, style: style)
        let bidi = try resolveBidi(bytes, range: content, direction: style.direction)
        let shaped = try shapeParagraph(content, bytes: bytes, style: style, bidi: bidi, spans: spans)
        var clusters = shaped.0
        let runs = shaped.1
        clusters.finish()
        var segments = SegmentTable(start: range.start)
        segments.append(breaks: try withAutomaticHyphens(breaks, bytes, in: content, runs: runs, style: style, hyphenation: hyphenation),
                        bytes: bytes, end: range.end)
        return PreparedParagraph(range: range, segments: segments, clusters: clusters, runs: runs, bidi: bidi)
    }

    /// Assembles a paragraph from its tables.
    convenience init(range: ParagraphRange, segments: SegmentTable, clusters: ClusterTable, runs: [ShapedRun], bidi: BidiLevels) {
        self.init(range: range, segmentStarts: segments.starts, contentEnds: segments.contentEnds, clusterStarts: clusters.starts,
                  clusterX: clusters.x, clusterUnsafe: clusters.unsafe, clusterFirstGlyph: clusters.firstGlyph,
                  glyphs: ParagraphGlyphs(clusters.glyphs), runs: runs, bidi: bidi, tabs: segments.tabs,
                  autoHyphens: segments.autoHyphens, missingGlyphClusters: clusters.missing)
    }
}

/// The runs of `content` (a paragraph of `bytes` with levels `bidi`), shaped, with their glyphs and clusters.
func shapeParagraph(_ content: Range<Int>, bytes: UnsafeBufferPointer<UInt8>, style: TextStyle, bidi: BidiLevels,
                    spans: [ResolvedSpan]) throws -> (ClusterTable, [ShapedRun]) {
    var clusters = ClusterTable(capacity: content.count)
    let runs = try itemize(bytes, range: content, style: style, bidi: bidi, spans: spans).map {
        clusters.appendRun($0, bytes: bytes, style: style, spans: spans)
    }
    return (clusters, runs)
}

/// The line break opportunities of `content` (a paragraph of `bytes`) in `style`, ascending, the
/// paragraph's end last; with `after`, only those after it (found in the whole paragraph's context).
func lineBreaks(_ bytes: UnsafeBufferPointer<UInt8>, in content: Range<Int>, style: TextStyle, after: Int? = nil) throws -> [Int] {
    var breaks = try boundaries(.line, in: bytes, range: content,
                                locale: lineBreakLocale(language: style.languageTag?.full, strictness: style.lineBreak), after: after)
    if style.lineBreak == .keepAll { breaks = removingBreaksInsideWords(breaks, bytes, range: content) }
    if style.hyphens == .none {
        // CSS: a soft hyphen is then no break opportunity.
        breaks.removeAll { $0 < content.upperBound && $0 - 2 >= content.lowerBound && bytes[$0 - 2] == 0xC2 && bytes[$0 - 1] == 0xAD }
    }
    return breaks
}

/// `breaks` with the automatic hyphenation points of `range` (whole words of a paragraph shaped in
/// `runs`) merged in, where the font of the letter before a point can draw a hyphen; and the
/// points alone.
func withAutomaticHyphens(_ breaks: [Int], _ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>, runs: [ShapedRun],
                          style: TextStyle, hyphenation: HyphenationPatterns?) throws -> (breaks: [Int], points: [Int]) {
    guard let hyphenation else { return (breaks, []) }
    let points = hyphenationPoints(bytes, range: range, patterns: hyphenation, limits: style.hyphenationLimits).filter { point in
        let letter = scalarStart(bytes, atOrBefore: point - 1, notBefore: range.lowerBound)
        return runs[runIndex(in: runs, at: letter)].font.hyphen != nil
    }
    return points.isEmpty ? (breaks, []) : (mergedAscending(breaks, points), points)
}

/// A paragraph's segments built from its break opportunities, in order: where each starts, where
/// its content ends, the tabs in it, and the automatic hyphenation points among the breaks.
struct SegmentTable {
    var starts: CompactOffsets
    var contentEnds = CompactOffsets()
    var tabs: [Int] = []
    var autoHyphens = CompactOffsets()

    /// No segment yet but one that starts at `start`.
    init(start: Int) { starts = CompactOffsets([start]) }

    /// The first `count` segments of `paragraph` (count ≥ 1): the last of them still open, its end to come.
    init(first count: Int, of paragraph: PreparedParagraph) {
        starts = CompactOffsets(paragraph.segmentStarts[..<count])
        contentEnds = CompactOffsets(paragraph.contentEnds[..<(count - 1)])
        let open = starts[count - 1]
        tabs = Array(paragraph.tabs[..<firstIndex(in: paragraph.tabs, atOrAfter: open)])
        autoHyphens = CompactOffsets(paragraph.autoHyphens[..<firstIndex(in: paragraph.autoHyphens, atOrAfter: open + 1)])
    }

    /// Closes the open segment at the first of `breaks` (ascending, after it, ending with the
    /// paragraph's `end`) and adds one segment for each of the others but `end`.
    mutating func append(breaks: (breaks: [Int], points: [Int]), bytes: UnsafeBufferPointer<UInt8>, end: Int) {
        starts.reserveCapacity(starts.count + breaks.breaks.count)
        contentEnds.reserveCapacity(contentEnds.count + breaks.breaks.count)
        for point in breaks.points { autoHyphens.append(point) }
        for next in breaks.breaks {
            let start = starts[starts.count - 1]
            contentEnds.append(hangingWhitespaceStart(bytes, start, next))
            for i in start..<next where bytes[i] == 0x09 { tabs.append(i) }
            if next < end { starts.append(next) }
        }
        if contentEnds.count < starts.count { contentEnds.append(starts[starts.count - 1]) }
    }
}

/// A paragraph's glyphs and clusters built run by run, in logical order.
struct ClusterTable {
    var glyphs = ShapedGlyphs()
    var starts = CompactOffsets()
    var x: [Double] = []
    var unsafe: [Bool] = []
    var firstGlyph = CompactOffsets()
    /// The cluster of each .notdef glyph but a tab's (see ``PreparedParagraph/missingGlyphClusters``).
    var missing = CompactOffsets()
    /// Where the next run starts, in pixels from the paragraph's start.
    var runX = 0.0

    init(capacity: Int) { glyphs.reserveCapacity(capacity) }

    /// The glyphs and clusters of `paragraph` before its cluster `count`, the next run to start at `runX`.
    init(first count: Int, of paragraph: PreparedParagraph, runX: Double, capacity: Int) {
        glyphs.reserveCapacity(capacity)
        glyphs.append(contentsOf: paragraph.glyphs[..<paragraph.clusterFirstGlyph[count]])
        starts = CompactOffsets(paragraph.clusterStarts[..<count])
        x = Array(paragraph.clusterX[..<count])
        unsafe = Array(paragraph.clusterUnsafe[..<count])
        firstGlyph = CompactOffsets(paragraph.clusterFirstGlyph[..<count])
        let keptEnd = count < paragraph.clusterCount ? paragraph.clusterStarts[count] : paragraph.range.end
        missing = CompactOffsets(paragraph.missingGlyphClusters[..<firstIndex(in: paragraph.missingGlyphClusters, atOrAfter: keptEnd)])
        self.runX = runX
    }

    /// Shapes the run `item` (through the word cache) and adds its glyphs and clusters.
    mutating func appendRun(_ item: TextRun, bytes: UnsafeBufferPointer<UInt8>, style: TextStyle, spans: [ResolvedSpan]) -> ShapedRun {
        let span = item.span.map { spans[$0] }
        let size = span?.size ?? style.size
        let properties = ShapingProperties(font: item.font, script: item.script, rightToLeft: item.level & 1 == 1,
                                           language: style.shapingLanguage, features: span?.features ?? [])
        let run = ShapedRun(range: item.range, level: item.level, script: item.script, font: item.font,
                            scale: item.font.metrics.scale(size: size), firstGlyph: glyphs.count, size: size,
                            letterSpacing: span?.letterSpacing ?? 0, features: properties.features, span: span?.index)
        append(shapeRun(properties, item.range, bytes: bytes, cache: style.font.context?.shapeCache), of: run, bytes: bytes)
        return run
    }

    /// Adds `shaped`, the glyphs of `run` from its start or (with `units` font units and
    /// `clusters` clusters of it already added) from a later cluster, and moves ``runX`` past the run.
    mutating func append(_ shaped: ShapedGlyphs, of run: ShapedRun, bytes: UnsafeBufferPointer<UInt8>, units: Int = 0, clusters: Int = 0) {
        let base = glyphs.count
        glyphs.append(contentsOf: shaped)
        var units = units
        var clusters = clusters
        for g in 0..<shaped.count {
            let cluster = Int(shaped[g].cluster)
            if starts.last != cluster {
                starts.append(cluster)
                // Letter spacing follows every cluster: `clusters` of them lie before this one.
                x.append(runX + Double(units) * run.scale + Double(clusters) * run.letterSpacing)
                // Each piece is shaped on its own, so its first cluster is always safe to break at.
                unsafe.append(g > 0 && shaped[g].unsafeToBreak)
                firstGlyph.append(base + g)
                clusters += 1
            }
            if bytes[cluster] != 0x09 {
                units += Int(shaped[g].advance)
                if shaped[g].id == 0 { missing.append(cluster) }
            }
        }
        runX += Double(units) * run.scale + Double(clusters) * run.letterSpacing
    }

    /// Adds the entries for the paragraph's end.
    mutating func finish() {
        x.append(runX)
        firstGlyph.append(glyphs.count)
    }
}

/// The glyphs of one run, through the word cache.
///
/// A run is cut into pieces after each run of spaces, when the font's space glyph takes part in no
/// substitution or positioning (so no shaping reaches across a space); otherwise the whole run is
/// one piece. When every piece is cached the run is assembled without shaping. Otherwise the run is
/// shaped whole, and each piece whose edges HarfBuzz marks safe to break is cached for next time.
func shapeRun(_ properties: ShapingProperties, _ range: Range<Int>, bytes: UnsafeBufferPointer<UInt8>,
                      cache: ShapeCache?) -> ShapedGlyphs {
    if range.count > longRun, let chunks = streamSafeChunks(bytes, range) {
        return chunks.flatMap { Shaper.shape(properties, bytes, $0) }
    }
    guard let cache else { return Shaper.shape(properties, bytes, range) }
    let splits = properties.font.spaceIsInert
    func pieceEnd(after start: Int) -> Int {
        guard splits else { return range.upperBound }
        var i = start
        repeat {
            while i < range.upperBound, bytes[i] != 0x20 { i += 1 }
            while i < range.upperBound, bytes[i] == 0x20 { i += 1 }
            // A mark or joiner after the spaces joins the last space's cluster: no cut there.
        } while i < range.upperBound && bytes[i] >= 0x80 && extendsCluster(decodeScalar(bytes, at: i).0)
        return i
    }
    var assembled = ShapedGlyphs()
    assembled.reserveCapacity(range.count)
    var start = range.lowerBound
    var allCached = true
    while start < range.upperBound {
        let end = pieceEnd(after: start)
        guard let glyphs = cache.lookup(properties, bytes, start..<end) else { allCached = false; break }
        let base = Int32(start)
        for var glyph in glyphs {
            glyph.cluster += base
            assembled.append(glyph)
        }
        start = end
    }
    if allCached { return assembled }

    let shaped = Shaper.shape(properties, bytes, range)
    start = range.lowerBound
    var g = 0
    while start < range.upperBound {
        let end = pieceEnd(after: start)
        let first = g
        while g < shaped.count, Int(shaped[g].cluster) < end { g += 1 }
        let safeStart = start == range.lowerBound || (first < shaped.count && Int(shaped[first].cluster) == start && !shaped[first].unsafeToBreak)
        let safeEnd = end == range.upperBound || (g < shaped.count && Int(shaped[g].cluster) == end && !shaped[g].unsafeToBreak)
        if safeStart, safeEnd, g > first { cache.store(properties, bytes, start..<end, shaped[first..<g]) }
        start = end
    }
    return shaped
}

/// Whether `scalar` joins the grapheme cluster (and so HarfBuzz's cluster) of the character
/// before it, as a space's: a combining mark, a joiner, a variation selector or another
/// default-ignorable character, an emoji modifier. (Errs towards yes: a piece that is not cut
/// costs only a cache entry.)
func extendsCluster(_ scalar: UInt32) -> Bool {
    guard let value = Unicode.Scalar(scalar) else { return false }
    let properties = value.properties
    switch properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: return true
    default: return properties.isDefaultIgnorableCodePoint || properties.isEmojiModifier
    }
}

/// Runs longer than this many bytes are checked for long sequences of combining marks.
let longRun = 4096

/// The pieces to shape a long run in when it holds more than 30 combining marks in a row (text
/// that is not stream-safe, UAX #15): cut after every 30th mark, so that each piece is shaped on
/// its own. HarfBuzz 6 takes time quadratic in the length of such a sequence; marks past the
/// 30th are then positioned on their own rather than stacked on their base. Nil when there is
/// no such sequence.
func streamSafeChunks(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [Range<Int>]? {
    var chunks: [Range<Int>] = []
    var start = range.lowerBound
    var marks = 0
    var i = range.lowerBound
    while i < range.upperBound {
        let (scalar, length) = decodeScalar(bytes, at: i)
        if scalar >= 0x300, cicu_combining_class(scalar) != 0 {
            marks += 1
            if marks % 30 == 0 {
                chunks.append(start..<(i + length))
                start = i + length
            }
        } else {
            marks = 0
        }
        i += length
    }
    guard !chunks.isEmpty else { return nil }
    if start < range.upperBound { chunks.append(start..<range.upperBound) }
    return chunks
}

/// Where the whitespace that hangs at the end of `start..<end` begins (`end` when there is none).
///
/// Hanging whitespace: spaces and tabs, and the other breaking space separators (U+1680,
/// U+2000–U+2006, U+2008–U+200A, U+205F, U+3000), as text views and CSS `pre-wrap` let them hang.
/// No-break spaces (U+00A0, U+2007, U+202F) are content.
func hangingWhitespaceStart(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
    var i = end
    while i > start {
        let b = bytes[i - 1]
        if b == 0x20 || b == 0x09 { i -= 1; continue }
        guard i - 3 >= start, b >= 0x80 else { break }
        let (b0, b1, b2) = (bytes[i - 3], bytes[i - 2], b)
        let isSpace = (b0 == 0xE1 && b1 == 0x9A && b2 == 0x80)           // U+1680
            || (b0 == 0xE2 && b1 == 0x80 && (0x80...0x8A).contains(b2) && b2 != 0x87)  // U+2000–U+200A but U+2007
            || (b0 == 0xE2 && b1 == 0x81 && b2 == 0x9F)                  // U+205F
            || (b0 == 0xE3 && b1 == 0x80 && b2 == 0x80)                  // U+3000
        guard isSpace else { break }
        i -= 3
    }
    return i
}
