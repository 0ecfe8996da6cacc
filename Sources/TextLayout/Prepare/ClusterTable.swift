// A paragraph's glyphs and clusters built run by run: where each cluster starts, its font units from the paragraph's start, whether a break before it is unsafe.

/// The runs of `content` (a paragraph of `bytes` with levels `bidi`), shaped, with their glyphs and clusters.
func shapeParagraph(_ content: Range<Int>, bytes: UnsafeBufferPointer<UInt8>, style: TextStyle, bidi: BidiLevels,
                    spans: [ResolvedSpan], objects: InlineObjectTable = InlineObjectTable(),
                    collapsed: BitFlags? = nil) throws -> (ClusterTable, [ShapedRun]) {
    var clusters = ClusterTable(capacity: content.count)
    clusters.collapsed = collapsed
    let runs = clusters.appendRuns(try itemize(bytes, range: content, style: style, bidi: bidi, spans: spans, objects: objects),
                                   bytes: bytes, style: style, spans: spans, paragraphEnd: content.upperBound)
    return (clusters, runs)
}

/// A paragraph's glyphs and clusters built run by run, in logical order.
struct ClusterTable {
    /// The glyphs kept from the paragraph a piece was appended to (its first `count`), already
    /// stored: copied as they are stored rather than read out and stored again.
    private var keptGlyphs: (glyphs: ParagraphGlyphs, count: Int)?
    /// The glyphs added after ``keptGlyphs``.
    private var glyphs = ShapedGlyphs()
    var starts = CompactOffsets()
    var positions = ClusterPositions()
    var unsafe = BitFlags()
    var firstGlyph = ClusterFirstGlyphs()
    /// The character of each .notdef glyph but a tab's (see ``PreparedParagraph/missingGlyphCharacters``).
    var missing = CompactOffsets()
    /// The font units of the glyphs added, tabs left out.
    private var unitSum = 0
    /// The word separators added that take word spacing.
    private var separatorCount = 0
    /// The spaces white-space collapsing removed, by byte offset (nil when none): their glyphs
    /// are stored without advance and they take no word spacing.
    var collapsed: BitFlags?

    init(capacity: Int) { glyphs.reserveCapacity(capacity) }

    /// The glyphs and clusters of `paragraph` before its cluster `count`, and the terms of its runs
    /// that start before cluster `runStart` (the first cluster of the run that goes on from there),
    /// with room for `room` more clusters.
    init(first count: Int, of paragraph: PreparedParagraph, runsBefore runStart: Int, room: Int) {
        keptGlyphs = (paragraph.glyphs, paragraph.clusterFirstGlyph[count])
        starts = paragraph.clusterStarts.prefix(count: count, room: room)
        let kept = paragraph.positions
        // The sums start at 0: the one at `count` is the units before it.
        positions.units = ClusterUnits(first: count, of: kept.units, room: room + 1)
        unitSum = kept.units.units(from: 0, to: count)
        if !kept.separators.isEmpty {
            positions.separators = Array(kept.separators[..<count], room: room + 1)
            separatorCount = Int(kept.separators[count])
        }
        positions.runs = kept.runs.filter { $0.firstCluster < runStart }
        unsafe = paragraph.clusterUnsafe.prefix(count: count)
        firstGlyph = paragraph.clusterFirstGlyph.prefix(count: count, room: room + 1)
        let keptEnd = count < paragraph.clusterCount ? paragraph.clusterStarts[count] : paragraph.range.end
        missing = paragraph.missingGlyphCharacters.prefix(count: firstIndex(in: paragraph.missingGlyphCharacters, atOrAfter: keptEnd))
    }

    /// Shapes the run `item` (through the word cache) and adds its glyphs and clusters; an inline
    /// object's run is not shaped (see ``appendObject(_:of:)``).
    /// - Parameter paragraphEnd: where the paragraph ends, for the space `text-autospace` puts at
    ///   the run's end (nil: a paragraph being appended to, which is prepared again whole under
    ///   `text-autospace: normal`).
    mutating func appendRun(_ item: TextRun, bytes: UnsafeBufferPointer<UInt8>, style: TextStyle, spans: [ResolvedSpan],
                            paragraphEnd: Int? = nil) -> ShapedRun {
        let (run, shaped) = Self.shape(item, firstGlyph: glyphCount, bytes: bytes, style: style, spans: spans, paragraphEnd: paragraphEnd)
        append(run, shaped: shaped, bytes: bytes)
        return run
    }

    /// Shapes the runs `items` of a paragraph and adds their glyphs and clusters, all shaped before
    /// any is added, so that the clusters' tables are reserved once in the room the paragraph needs
    /// (a Japanese paragraph is a run every few characters: grown run by run, its tables kept a
    /// quarter of their room unused).
    mutating func appendRuns(_ items: [TextRun], bytes: UnsafeBufferPointer<UInt8>, style: TextStyle, spans: [ResolvedSpan],
                             paragraphEnd: Int) -> [ShapedRun] {
        guard items.count > 1 else { return items.map { appendRun($0, bytes: bytes, style: style, spans: spans, paragraphEnd: paragraphEnd) } }
        var runs: [ShapedRun] = []
        runs.reserveCapacity(items.count)
        var shapedRuns: [ShapedGlyphs?] = []
        shapedRuns.reserveCapacity(items.count)
        var glyphTotal = glyphCount
        // At most a cluster a glyph, and an object's one.
        var clusterTotal = 0
        for item in items {
            let (run, shaped) = Self.shape(item, firstGlyph: glyphTotal, bytes: bytes, style: style, spans: spans, paragraphEnd: paragraphEnd)
            glyphTotal += shaped?.count ?? 0
            clusterTotal += shaped?.count ?? 1
            runs.append(run)
            shapedRuns.append(shaped)
        }
        reserveClusters(clusterTotal)
        for k in runs.indices { append(runs[k], shaped: shapedRuns[k], bytes: bytes) }
        return runs
    }

    /// The run `item` whose first glyph is `firstGlyph`, and its glyphs shaped (through the word
    /// cache); nil for an inline object's run, which is not shaped.
    private static func shape(_ item: TextRun, firstGlyph: Int, bytes: UnsafeBufferPointer<UInt8>, style: TextStyle,
                              spans: [ResolvedSpan], paragraphEnd: Int?) -> (run: ShapedRun, glyphs: ShapedGlyphs?) {
        let span = item.span.map { spans[$0] }
        let size = span?.size ?? style.settings.size
        let strike = item.content.textFont.advanceStrike(size: size, style.settings.profile.bitmapGlyphAdvance)
        var features = style.settings.features + (span?.features ?? [])
        switch item.content {
        case .text:
            let profile = style.settings.profile
            var letterSpacing = span?.letterSpacing ?? style.settings.letterSpacing
            var wordSpacing = span?.wordSpacing ?? style.settings.wordSpacing
            if letterSpacing != 0 {
                if profile.letterSpacingLigatures == .disabled { features = FontFeature.noOptionalLigatures + features }
                if profile.cursiveLetterSpacing == .separatorsOnly, isCursiveScript(item.script) {
                    // Only the word separators of a cursive run take it: as word spacing.
                    wordSpacing += letterSpacing
                    letterSpacing = 0
                }
            }
            if item.combined {
                // One unit an em long, spaced as a whole (Chromium sets the combined text's own spacings to 0).
                var run = ShapedRun(range: item.range, level: item.level, script: item.script, content: item.content, firstGlyph: firstGlyph,
                                    size: size, letterSpacing: 0, features: features, span: span?.index)
                run.combinedScaleX = 1
                let combined = Shaper.shapeCombinedUpright(run.shapingProperties(style), bytes, item.range)
                run.combinedScaleX = combined.scaleX
                return (run, combined.glyphs)
            }
            var run = ShapedRun(range: item.range, level: item.level, script: item.script, content: item.content, firstGlyph: firstGlyph,
                                size: size, letterSpacing: letterSpacing, wordSpacing: wordSpacing,
                                features: features, span: span?.index, strike: strike)
            run.upright = item.upright
            var glyphs = shapeRun(run.shapingProperties(style).around(bytes, item.range), item.range, bytes: bytes,
                                  cache: style.font.context?.shapeCache)
            // (One test a run on the default path: the classes are read only under `normal`.)
            if style.autospaces, !run.isRightToLeft {
                addAutospace(&glyphs, range: item.range, through: paragraphEnd ?? item.range.upperBound, bytes: bytes,
                             units: autospaceUnits(style: style, run: run), chinese: style.autospacesAsChinese)
            }
            return (run, glyphs)
        case .inlineObject:
            // Letter spacing is for text: an object is as wide as it is (CSS spaces text only).
            let run = ShapedRun(range: item.range, level: item.level, script: item.script, content: item.content, firstGlyph: firstGlyph,
                                size: size, letterSpacing: 0, wordSpacing: 0, features: features, span: span?.index, strike: strike)
            return (run, nil)
        }
    }

    /// Adds the run `run` (its ``RunPositions``) and its glyphs `shaped`, or its inline object's cluster.
    private mutating func append(_ run: ShapedRun, shaped: ShapedGlyphs?, bytes: UnsafeBufferPointer<UInt8>) {
        positions.beginRun(run, firstCluster: starts.count)
        switch run.kind {
        case .text: if let shaped { append(shaped, of: run, bytes: bytes) }
        case .inlineObject: appendObject(of: run)
        }
    }

    /// Adds the cluster of the inline object that is the whole of `run`: no glyph (so no missing
    /// glyph either), safe to break before, as wide as the object. From here on layout measures it
    /// as any cluster.
    private mutating func appendObject(of run: ShapedRun) {
        starts.append(run.range.lowerBound)
        appendSums()
        firstGlyph.append(glyphCount)
    }

    /// Adds `shaped`, the glyphs of `run` (whose ``RunPositions`` are added) from its start or
    /// from a later cluster.
    mutating func append(_ shaped: ShapedGlyphs, of run: ShapedRun, bytes: UnsafeBufferPointer<UInt8>) {
        var shaped = shaped
        if let collapsed { zeroCollapsedAdvances(&shaped, collapsed, bytes: bytes) }
        let base = glyphCount
        glyphs.append(contentsOf: shaped)
        reserveClusters(shaped.count)
        // The .notdef glyphs of the cluster being read, recorded once it is known where it ends.
        var missingInCluster = (start: 0, count: 0)
        for g in 0..<shaped.count {
            let cluster = Int(shaped[g].cluster)
            if missingInCluster.count > 0, missingInCluster.start != cluster {
                appendMissing(missingInCluster.count, of: missingInCluster.start..<cluster, font: run.textFont, bytes: bytes)
                missingInCluster.count = 0
            }
            if starts.last != cluster {
                starts.append(cluster)
                appendSums()
                // Each piece is shaped on its own, so its first cluster is always safe to break at.
                if g > 0 && shaped[g].unsafeToBreak { unsafe.set(starts.count - 1) }
                firstGlyph.append(base + g)
                if run.takesWordSpacing(bytes, cluster: cluster), collapsed?[cluster] != true { countSeparator() }
            }
            if bytes[cluster] != 0x09 {
                unitSum += Int(shaped[g].advance)
                if shaped[g].id == 0 { missingInCluster = (cluster, missingInCluster.count + 1) }
            }
        }
        if missingInCluster.count > 0 {
            appendMissing(missingInCluster.count, of: missingInCluster.start..<run.range.upperBound, font: run.textFont, bytes: bytes)
        }
    }

    /// Records `count` .notdef glyphs of the shaped cluster `cluster` (byte offsets) in `font`: at
    /// the first `count` characters of it the font cannot draw (HarfBuzz puts the .notdef of a
    /// mark in its base's cluster, so the cluster's start may be a character the font has), at the
    /// cluster's start for any beyond them.
    private mutating func appendMissing(_ count: Int, of cluster: Range<Int>, font: Font, bytes: UnsafeBufferPointer<UInt8>) {
        var offsets: [Int] = []
        var k = cluster.lowerBound
        while k < cluster.upperBound, offsets.count < count {
            let (scalar, length) = decodeScalar(bytes, at: k)
            if !isCovered(scalar, by: font) { offsets.append(k) }
            k += length
        }
        offsets += repeatElement(cluster.lowerBound, count: count - offsets.count)
        for offset in offsets.sorted() { missing.append(offset) }
    }

    /// Records the sums before the cluster just started.
    private mutating func appendSums() {
        positions.units.append(unitSum)
        if !positions.separators.isEmpty { positions.separators.append(Int32(separatorCount)) }
    }

    /// Counts a word separator that takes word spacing, the sums before it recorded.
    private mutating func countSeparator() {
        // Until the first, no sum of separators is kept: all were 0.
        if positions.separators.isEmpty { positions.separators = Array(repeating: 0, count: positions.units.count) }
        separatorCount += 1
    }

    /// Adds the entries for the paragraph's end.
    mutating func finish() {
        appendSums()
        firstGlyph.append(glyphCount)
    }

    /// How many glyphs the table holds.
    var glyphCount: Int { (keptGlyphs?.count ?? 0) + glyphs.count }

    /// The glyphs as a paragraph stores them.
    var storedGlyphs: ParagraphGlyphs { keptGlyphs.map { $0.glyphs.first($0.count, then: glyphs) } ?? ParagraphGlyphs(glyphs) }
}

extension ClusterTable {
    /// Makes room for up to `count` more clusters (one a glyph at most) in the starts, first
    /// glyphs and unit sums, with the paragraph's end entry: a paragraph of one run keeps them in the room
    /// they need rather than in arrays grown by doubling, a third of them unused on average.
    mutating func reserveClusters(_ count: Int) {
        let needed = starts.count + count
        guard starts.capacity < needed else { return }
        // Later runs grow the room by half at least, so that many runs do not copy it each time.
        let room = max(needed, starts.capacity * 3 / 2)
        starts.reserveCapacity(room)
        firstGlyph.reserveCapacity(room + 1)
        positions.units.reserveCapacity(room + 1)
    }
}
