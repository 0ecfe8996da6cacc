// One shaped and analysed paragraph: break opportunities, clusters with their x positions and unsafe-to-break flags.

/// A paragraph after the expensive work: shaped once, its break opportunities found.
///
/// Everything is in absolute UTF-8 byte offsets into the prepared text. Laying the paragraph out at
/// a width reads these arrays and reshapes only the pieces next to an unsafe-to-break line edge.
struct PreparedParagraph: Sendable {
    let range: ParagraphRange
    /// The start of each segment: the text between two break opportunities. `segmentStarts[0]`
    /// is the paragraph start; segment `i` ends where segment `i + 1` starts, the last at `range.end`.
    let segmentStarts: [Int]
    /// Where each segment's content ends: before its trailing whitespace, which hangs at a line end.
    let contentEnds: [Int]
    /// The byte offset where each cluster (HarfBuzz's, one or more grapheme clusters) starts, ascending.
    let clusterStarts: [Int]
    /// The x position in pixels where each cluster starts, from the paragraph start, with one more
    /// entry for the paragraph's end. Tabs count 0 here: their width depends on the line.
    let clusterX: [Double]
    /// Whether a break at the start of each cluster is unsafe (reshaping needed).
    let clusterUnsafe: [Bool]
    /// The index of each cluster's first glyph, with one more entry for the glyph count.
    let clusterFirstGlyph: [Int]
    /// The paragraph's glyphs, in logical order: the glyphs of each run, one run after another.
    let glyphs: ShapedGlyphs
    /// The runs the paragraph was shaped in (one level, script and font each), in logical order.
    let runs: [ShapedRun]
    /// The bidi levels of the paragraph's characters.
    let bidi: BidiLevels
    /// The byte offsets of tab characters, ascending.
    let tabs: [Int]

    var segmentCount: Int { segmentStarts.count }
    var clusterCount: Int { clusterStarts.count }

    func segmentEnd(_ i: Int) -> Int { i + 1 < segmentStarts.count ? segmentStarts[i + 1] : range.end }

    /// The index of the first cluster that starts at or after `offset` (`clusterCount` if none).
    func cluster(atOrAfter offset: Int) -> Int { firstIndex(in: clusterStarts, atOrAfter: offset) }

    /// The index of the run that holds byte `offset`.
    func run(at offset: Int) -> Int {
        var low = 0
        var high = runs.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if runs[mid].range.lowerBound <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The cluster index of `offset` when the paragraph may be cut there without reshaping: its
    /// start, its end, or the start of a cluster HarfBuzz marks safe to break. Nil otherwise.
    func safeCluster(at offset: Int) -> Int? {
        if offset <= range.start { return 0 }
        if offset >= range.end { return clusterCount }
        let i = cluster(atOrAfter: offset)
        return i < clusterCount && clusterStarts[i] == offset && !clusterUnsafe[i] ? i : nil
    }
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

    var isRightToLeft: Bool { level & 1 == 1 }
}

extension PreparedParagraph {
    /// Shapes and analyses the paragraph `range` of `bytes` in `style`.
    init(_ range: ParagraphRange, bytes: UnsafeBufferPointer<UInt8>, style: TextStyle) throws {
        self.range = range
        let content = range.start..<range.end
        var breaks = try boundaries(.line, in: bytes, range: content,
                                    locale: lineBreakLocale(language: style.language, strictness: style.lineBreak))
        if style.lineBreak == .keepAll { breaks = removingBreaksInsideWords(breaks, bytes, range: content) }
        var segmentStarts = [range.start]
        var contentEnds: [Int] = []
        segmentStarts.reserveCapacity(breaks.count)
        contentEnds.reserveCapacity(breaks.count)
        var tabs: [Int] = []
        for end in breaks {
            let start = segmentStarts[segmentStarts.count - 1]
            contentEnds.append(hangingWhitespaceStart(bytes, start, end))
            for i in start..<end where bytes[i] == 0x09 { tabs.append(i) }
            if end < range.end { segmentStarts.append(end) }
        }
        if breaks.isEmpty { contentEnds.append(range.start) }
        self.segmentStarts = segmentStarts
        self.contentEnds = contentEnds
        self.tabs = tabs

        // Each run is shaped on its own, so a run's first cluster is always safe to break at.
        let bidi = try resolveBidi(bytes, range: content, direction: style.direction)
        self.bidi = bidi
        var runs: [ShapedRun] = []
        var glyphs = ShapedGlyphs()
        var clusterStarts: [Int] = []
        var clusterX: [Double] = []
        var clusterUnsafe: [Bool] = []
        var clusterFirstGlyph: [Int] = []
        var x = 0.0
        for item in try itemize(bytes, range: content, style: style, bidi: bidi) {
            let shaped = Shaper.shape(item.font, bytes, item.range, script: item.script,
                                      rightToLeft: item.level & 1 == 1, language: style.language)
            let scale = item.font.metrics.scale(size: style.size)
            let base = glyphs.count
            runs.append(ShapedRun(range: item.range, level: item.level, script: item.script, font: item.font,
                                  scale: scale, firstGlyph: base))
            glyphs.append(shaped)
            var units = 0
            for g in 0..<shaped.count {
                let cluster = shaped.clusters[g]
                if clusterStarts.last != cluster {
                    clusterStarts.append(cluster)
                    clusterX.append(x + Double(units) * scale)
                    clusterUnsafe.append(g > 0 && shaped.unsafeToBreak[g])
                    clusterFirstGlyph.append(base + g)
                }
                if bytes[cluster] != 0x09 { units += Int(shaped.advances[g]) }
            }
            x += Double(units) * scale
        }
        self.glyphs = glyphs
        self.runs = runs
        clusterX.append(x)
        clusterFirstGlyph.append(glyphs.count)
        self.clusterStarts = clusterStarts
        self.clusterX = clusterX
        self.clusterUnsafe = clusterUnsafe
        self.clusterFirstGlyph = clusterFirstGlyph
    }
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
