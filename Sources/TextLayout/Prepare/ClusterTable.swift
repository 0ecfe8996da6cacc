// A paragraph's glyphs and clusters built run by run: where each cluster starts, its x from the paragraph's start, whether a break before it is unsafe.

/// The runs of `content` (a paragraph of `bytes` with levels `bidi`), shaped, with their glyphs and clusters.
func shapeParagraph(_ content: Range<Int>, bytes: UnsafeBufferPointer<UInt8>, style: TextStyle, bidi: BidiLevels,
                    spans: [ResolvedSpan], objects: InlineObjectTable = InlineObjectTable()) throws -> (ClusterTable, [ShapedRun]) {
    var clusters = ClusterTable(capacity: content.count)
    let runs = try itemize(bytes, range: content, style: style, bidi: bidi, spans: spans, objects: objects).map {
        clusters.appendRun($0, bytes: bytes, style: style, spans: spans)
    }
    return (clusters, runs)
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
        starts = paragraph.clusterStarts.prefix(count: count)
        x = Array(paragraph.clusterX[..<count])
        unsafe = Array(paragraph.clusterUnsafe[..<count])
        firstGlyph = paragraph.clusterFirstGlyph.prefix(count: count)
        let keptEnd = count < paragraph.clusterCount ? paragraph.clusterStarts[count] : paragraph.range.end
        missing = paragraph.missingGlyphClusters.prefix(count: firstIndex(in: paragraph.missingGlyphClusters, atOrAfter: keptEnd))
        self.runX = runX
    }

    /// Shapes the run `item` (through the word cache) and adds its glyphs and clusters; an inline
    /// object's run is not shaped (see ``appendObject(_:of:)``).
    mutating func appendRun(_ item: TextRun, bytes: UnsafeBufferPointer<UInt8>, style: TextStyle, spans: [ResolvedSpan]) -> ShapedRun {
        let span = item.span.map { spans[$0] }
        let size = span?.size ?? style.settings.size
        let properties = ShapingProperties(font: item.font, script: item.script, rightToLeft: item.level & 1 == 1,
                                           language: style.shapingLanguage, features: style.settings.features + (span?.features ?? []),
                                           textSpacingTrim: style.settings.profile.textSpacingTrim)
        var run = ShapedRun(range: item.range, level: item.level, script: item.script, font: item.font,
                            scale: item.font.metrics.scale(size: size), firstGlyph: glyphs.count, size: size,
                            letterSpacing: span?.letterSpacing ?? 0, wordSpacing: span?.wordSpacing ?? style.settings.wordSpacing,
                            features: properties.features, span: span?.index)
        if let object = item.inlineObject {
            // Letter spacing is for text: an object is as wide as it is (CSS spaces text only).
            run.letterSpacing = 0
            run.wordSpacing = 0
            run.inlineObject = object
            appendObject(object, of: run)
            return run
        }
        append(shapeRun(properties.after(bytes, item.range.lowerBound), item.range, bytes: bytes, cache: style.font.context?.shapeCache),
               of: run, bytes: bytes)
        return run
    }

    /// Adds the cluster of `object`, the whole of `run`: no glyph (so no missing glyph either),
    /// safe to break before, as wide as the object. From here on layout measures it as any cluster.
    private mutating func appendObject(_ object: InlineObject, of run: ShapedRun) {
        starts.append(run.range.lowerBound)
        x.append(runX)
        unsafe.append(false)
        firstGlyph.append(glyphs.count)
        runX += object.width
    }

    /// Adds `shaped`, the glyphs of `run` from its start or (with `units` font units and
    /// `clusters` clusters of it already added, `separators` of them word separators) from a
    /// later cluster, and moves ``runX`` past the run.
    mutating func append(_ shaped: ShapedGlyphs, of run: ShapedRun, bytes: UnsafeBufferPointer<UInt8>, units: Int = 0, clusters: Int = 0,
                         separators: Int = 0) {
        let base = glyphs.count
        glyphs.append(contentsOf: shaped)
        reserveClusters(shaped.count)
        var units = units
        var clusters = clusters
        var separators = separators
        for g in 0..<shaped.count {
            let cluster = Int(shaped[g].cluster)
            if starts.last != cluster {
                starts.append(cluster)
                // Letter spacing follows every cluster, word spacing every word separator: `clusters`
                // and `separators` of them lie before this one.
                x.append(runX + run.width(units: units, clusters: clusters, separators: separators))
                // Each piece is shaped on its own, so its first cluster is always safe to break at.
                unsafe.append(g > 0 && shaped[g].unsafeToBreak)
                firstGlyph.append(base + g)
                clusters += 1
                if run.takesWordSpacing(bytes, cluster: cluster) { separators += 1 }
            }
            if bytes[cluster] != 0x09 {
                units += Int(shaped[g].advance)
                if shaped[g].id == 0 { missing.append(cluster) }
            }
        }
        runX += run.width(units: units, clusters: clusters, separators: separators)
    }

    /// Adds the entries for the paragraph's end.
    mutating func finish() {
        x.append(runX)
        firstGlyph.append(glyphs.count)
    }
}

extension ClusterTable {
    /// Makes room for up to `count` more clusters (one a glyph at most) in the starts, flags and
    /// first glyphs, with the paragraph's end entry: a paragraph of one run keeps them in the room
    /// they need rather than in arrays grown by doubling, a third of them unused on average.
    mutating func reserveClusters(_ count: Int) {
        let needed = starts.count + count
        guard starts.capacity < needed else { return }
        // Later runs grow the room by half at least, so that many runs do not copy it each time.
        let room = max(needed, starts.capacity * 3 / 2)
        starts.reserveCapacity(room)
        unsafe.reserveCapacity(room)
        firstGlyph.reserveCapacity(room + 1)
    }
}
