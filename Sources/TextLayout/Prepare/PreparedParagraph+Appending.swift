// Appending to a text's last paragraph: only its tail is shaped and analysed again, from the last point the appended text cannot reach back past.
import CICU

extension PreparedParagraph {
    /// This paragraph, the text's last, grown to end at `newEnd` of `bytes` (text appended to it),
    /// the next paragraph starting at `next` (after a hard break the text appended ends it with,
    /// else `newEnd`): exactly what ``prepare(_:bytes:style:spans:hyphenation:)`` gives for the
    /// grown paragraph without spans, but shaping and analysing only its tail.
    ///
    /// Break opportunities, hyphenation points and segments are found again from after the last
    /// run of spaces (the break rules and the hyphenation of the words before it cannot see past
    /// it; ICU finds the breaks after it from a break before it that is certain, when there is one
    /// near, else in the whole paragraph's context). The glyphs are shaped
    /// again from the same point when the last run's font has an inert space (no shaping reaches
    /// across a space: the word cache's rule), else from the last run's start. Bidi levels are
    /// resolved for the whole paragraph, and runs found again from the shaping point on (from the
    /// start: as preparing finds them).
    /// - Returns: nil when the paragraph has spans or inline objects (left to the edit path), no space yet, or a
    ///   mark or joiner after its last one; and, when shaping starts after the paragraph's start,
    ///   when the tail's analysis could change what lies before it or come out differently on its
    ///   own than in the whole paragraph: the paragraph's direction or the bidi levels before the
    ///   tail change, the tail's first run does not continue the last kept run (script, font,
    ///   level), the tail closes a bracket (whose script comes from its opening one), or a long
    ///   run would be shaped in pieces. The caller then prepares the whole paragraph.
    func appending(upTo newEnd: Int, next: Int, bytes: UnsafeBufferPointer<UInt8>, style: TextStyle,
                   hyphenation: HyphenationPatterns?) throws -> PreparedParagraph? {
        let start = range.start
        // Runs of text outside every span: an object's run or a span's is prepared again whole.
        let isPlainText = { (run: ShapedRun) -> Bool in
            switch run.kind {
            case .text: run.span == nil
            case .inlineObject: false
            }
        }
        guard range.next == range.end, newEnd >= range.end, let lastRun = runs.last, runs.allSatisfy(isPlainText),
              style.settings.textTransform == .none else { return nil }
        // Nothing appended before the hard break: the same tables, the paragraph ended.
        if newEnd == range.end { return PreparedParagraph(self, shiftedBy: 0, next: next) }
        // After the last run of spaces.
        var analysisStart = range.end
        while analysisStart > start, bytes[analysisStart - 1] != 0x20 { analysisStart -= 1 }
        guard analysisStart > start else { return nil }
        if extendsCluster(decodeScalar(bytes, at: analysisStart).0) { return nil }
        let shapingStart = lastRun.textFont.spaceIsInert && analysisStart > lastRun.range.lowerBound ? analysisStart : lastRun.range.lowerBound
        let content = start..<newEnd
        let bidi = try resolveBidi(bytes, range: content, direction: style.settings.direction)
        // From the start, the whole paragraph is itemized and shaped again, as preparing does.
        guard let shaped = try shapingStart == start
            ? shapeParagraph(content, bytes: bytes, style: style, bidi: bidi, spans: [])
            : appendingTail(from: shapingStart, upTo: newEnd, bytes: bytes, style: style, bidi: bidi) else { return nil }
        var clusters = shaped.0
        let newRuns = shaped.1
        clusters.finish()

        // A segment or cluster takes a byte at least.
        var segments = SegmentTable(first: firstIndex(in: segmentStarts, atOrAfter: analysisStart), of: self, room: newEnd - analysisStart)
        let breaks = try lineBreaks(bytes, in: content, style: style, after: analysisStart - 1)
        let allBreaks = try withShapedRunBreaks(breaks, bytes, runs: newRuns, style: style, after: analysisStart - 1)
        segments.append(breaks: try withAutomaticHyphens(allBreaks, bytes, in: analysisStart..<newEnd, runs: newRuns, style: style,
                                                         hyphenation: hyphenation),
                        bytes: bytes, end: newEnd, hanging: style.settings.profile.hangingWhitespace)
        // Clusters and segments before the shaping point are this paragraph's.
        return PreparedParagraph(range: ParagraphRange(start: start, end: newEnd, next: next), segments: segments, clusters: clusters,
                                 runs: newRuns, bidi: bidi, style: style, sharingHead: shapingStart == start ? nil : (self, min(shapingStart, analysisStart)))
    }

    /// The glyphs, clusters and runs of this paragraph grown to `newEnd`, from `shapingStart` (a
    /// point after the paragraph's start, where shaping the text before and after on their own
    /// gives what shaping it whole does) on, with `bidi` the grown paragraph's levels; nil when the
    /// runs found from there could differ from the whole paragraph's (see ``appending(upTo:next:bytes:style:hyphenation:)``).
    private func appendingTail(from shapingStart: Int, upTo newEnd: Int, bytes: UnsafeBufferPointer<UInt8>, style: TextStyle,
                               bidi: BidiLevels) throws -> (ClusterTable, [ShapedRun])? {
        let start = range.start
        let lastRun = runs[runs.count - 1]
        let keptClusters = cluster(atOrAfter: shapingStart)
        if keptClusters < clusterCount, clusterStarts[keptClusters] != shapingStart || clusterUnsafe[keptClusters] { return nil }
        if containsClosingBracket(bytes, shapingStart..<newEnd) { return nil }
        guard bidi.paragraphLevel == self.bidi.paragraphLevel else { return nil }
        if bidi.levels != nil || self.bidi.levels != nil {
            for i in start..<shapingStart where bidi.level(at: i, paragraphStart: start) != self.bidi.level(at: i, paragraphStart: start) {
                return nil
            }
        }
        let tailBidi = BidiLevels(paragraphLevel: bidi.paragraphLevel, levels: bidi.levels.map { Array($0[(shapingStart - start)...]) })
        let items = try itemize(bytes, range: shapingStart..<newEnd, style: style, bidi: tailBidi)
        guard let first = items.first, first.level == lastRun.level, first.script == lastRun.script, first.content == lastRun.content,
              first.span == nil, lastRun.span == nil else { return nil }

        // The last run goes on through the tail's first: its kept glyphs, then the tail's shaped on their own.
        var grown = lastRun
        grown.range = lastRun.range.lowerBound..<first.range.upperBound
        if grown.range.count > longRun, streamSafeChunks(bytes, grown.range) != nil { return nil }
        let runFirstCluster = cluster(atOrAfter: lastRun.range.lowerBound)
        var clusters = ClusterTable(first: keptClusters, of: self, runsBefore: runFirstCluster, room: newEnd - shapingStart)
        clusters.positions.beginRun(grown, firstCluster: runFirstCluster)
        clusters.append(shapeRun(grown.shapingProperties(style).around(bytes, shapingStart..<grown.range.upperBound), shapingStart..<grown.range.upperBound, bytes: bytes, cache: style.font.context?.shapeCache),
                        of: grown, bytes: bytes)
        var newRuns = Array(runs.dropLast())
        newRuns.append(grown)
        for item in items.dropFirst() { newRuns.append(clusters.appendRun(item, bytes: bytes, style: style, spans: [])) }
        return (clusters, newRuns)
    }
}

/// Whether `range` of `bytes` holds a closing paired bracket (whose script itemization takes from
/// its opening bracket, wherever that is).
private func containsClosingBracket(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
    var i = range.lowerBound
    while i < range.upperBound {
        let (scalar, length) = decodeScalar(bytes, at: i)
        var pair: UInt32 = 0
        if scalar == 0x29 || scalar == 0x5D || scalar == 0x7D || (scalar >= 0x80 && cicu_paired_bracket(scalar, &pair) == 2) { return true }
        i += length
    }
    return false
}

extension PreparedText {
    /// The text with `piece` appended: the same as `replacingCharacters(inUTF16: n..<n, with: piece)`
    /// at the end `n`, for text that arrives in pieces (a streamed answer), but cheaper: the last
    /// paragraph is shaped and analysed again only from its last run of spaces (or its last run)
    /// on, unless the piece could change what lies before that (see
    /// ``PreparedParagraph/appending(upTo:next:bytes:style:hyphenation:)``); the paragraphs the
    /// piece's hard breaks start are prepared on their own. A piece with an inline object, a
    /// text with spans, or a text that ends in a CR takes the edit path.
    /// - Parameter inlineObjects: the objects of the piece's U+FFFC characters, in order (see
    ///   ``replacingCharacters(inUTF16:with:inlineObjects:)``).
    /// - Throws: ``LayoutError`` `.invalidText` when the text would be longer than ``maximumLength``;
    ///   `.invalidArgument` when it would not hold one U+FFFC for each inline object.
    /// - Complexity: O(m + k + log p) for a last paragraph of m bytes, a piece of k bytes and p
    ///   paragraphs: the last paragraph's bytes and tables are copied (so a text streamed into one
    ///   paragraph costs O(m) a piece), and only its tail is shaped and analysed again: the word
    ///   being written, and its line break opportunities from a break near it.
    public func appending(_ piece: String, inlineObjects: [InlineObject] = []) throws -> (text: PreparedText, edit: TextEdit) {
        let pieceBytes = Array(piece.utf8)
        let hasHardBreak = pieceBytes.withUnsafeBufferPointer { buffer in buffer.indices.contains { hardBreakLength(buffer, at: $0) > 0 } }
        // A U+FFFC is an object's (and needs one) once the text has objects.
        let takesObjects = !inlineObjects.isEmpty || (!objectTable.isEmpty && piece.unicodeScalars.contains("\u{FFFC}"))
        // A CR at the end (after which the last paragraph is empty) would join an LF at the piece's start into one break.
        let lastParagraph = paragraphs.last
        let endsWithCR = lastParagraph?.range.isEmpty == true && byteCount > 0 && paragraphs.byte(at: byteCount - 1) == 0x0D
        guard !piece.isEmpty, spans.isEmpty, !takesObjects, !endsWithCR, !style.settings.whiteSpace.collapsesSpaces, style.settings.whiteSpace != .breakSpaces,
              !style.autospaces,
              byteCount + pieceBytes.count <= Self.maximumLength, let last = lastParagraph else {
            return try replacingCharacters(inUTF16: utf16Count..<utf16Count, with: piece, inlineObjects: inlineObjects)
        }
        let lastIndex = paragraphs.count - 1
        let lastStart = paragraphs.start(of: lastIndex)
        // The last paragraph's chunk grown by the piece: the only bytes copied.
        let grownBytes = withBytes(ofParagraphs: lastIndex..<(lastIndex + 1)) { Array($0[last.range.start...]) } + pieceBytes
        let pieceUTF16 = piece.utf16.count
        let style = self.style
        let objects = objectTable
        let region: [ParagraphEntry] = try grownBytes.withUnsafeBufferPointer { chunk in
            let buffer = textWindow(chunk, at: last.range.start)
            // The grown last paragraph, then one for each hard break in the piece.
            let ranges = hasHardBreak
                ? splitParagraphs(UnsafeBufferPointer(rebasing: buffer[last.range.start...])).map {
                    ParagraphRange(start: $0.start + last.range.start, end: $0.end + last.range.start, next: $0.next + last.range.start)
                }
                : [ParagraphRange(start: last.range.start, end: buffer.count, next: buffer.count)]
            var grown = [try last.appending(upTo: ranges[0].end, next: ranges[0].next, bytes: buffer, style: style, hyphenation: hyphenation)
                ?? PreparedParagraph.prepare(ranges[0], bytes: buffer, style: style, objects: objects, hyphenation: hyphenation)]
            for range in ranges.dropFirst() {
                grown.append(try PreparedParagraph.prepare(range, bytes: buffer, style: style, objects: objects, hyphenation: hyphenation))
            }
            // Without a hard break, the grown paragraph ends where the text does.
            let (starts, end) = hasHardBreak ? Self.utf16Starts(of: ranges[...], in: buffer, from: lastStart.utf16)
                : ([lastStart.utf16], utf16Count + pieceUTF16)
            return grown.entries(utf16Starts: starts, utf16End: end, bytes: grownBytes, from: last.range.start)
        }
        var newParagraphs = paragraphs
        newParagraphs.replaceSubrange(lastIndex..<(lastIndex + 1), with: region)
        let prepared = PreparedText(style: style, spans: spans, resolvedSpans: resolvedSpans, objectTable: objectTable,
                                    paragraphs: newParagraphs, wholeBytes: nil, hyphenatedAs: self)
        let edit = TextEdit(oldBytes: byteCount..<byteCount, oldUTF16: utf16Count..<utf16Count, newByteCount: pieceBytes.count,
                            newUTF16Count: pieceUTF16, firstParagraph: lastIndex, oldParagraphCount: 1, newParagraphCount: region.count,
                            oldInlineObjectCount: 0, newInlineObjectCount: 0)
        return (prepared, edit)
    }
}
