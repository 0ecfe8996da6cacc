// Shaping one run through the word cache: the run cut into pieces after its spaces, assembled from cached pieces and the missing ones shaped in context, or shaped whole, its safe pieces stored.

/// The glyphs of one run, through the word cache.
///
/// A run is cut into pieces after each run of spaces, when the font's space glyph takes part in no
/// substitution or positioning (so no shaping reaches across a space); otherwise the whole run is
/// one piece. Cached pieces are reused; each stretch of pieces that are not cached is shaped on
/// its own, in the run's context, and used when HarfBuzz marks both its edges safe to break
/// (``WordPieces/shapedInContext(_:)``). When a stretch's edge is unsafe to break, or no piece is
/// cached, the run is shaped whole. The pieces shaped either way whose edges HarfBuzz marks safe to
/// break are cached for next time.
func shapeRun(_ properties: ShapingProperties, _ range: Range<Int>, bytes: UnsafeBufferPointer<UInt8>,
              cache: ShapeCache?) -> ShapedGlyphs {
    if range.count > longRun, let chunks = streamSafeChunks(bytes, range) {
        return chunks.flatMap { Shaper.shape(properties, bytes, $0) }
    }
    guard let cache else { return Shaper.shape(properties, bytes, range) }
    let pieces = WordPieces(bytes: bytes, range: range, splits: properties.font.spaceIsInert)
    if let assembled = pieces.assembled(from: cache, properties) { return assembled }
    let shaped = Shaper.shape(properties, bytes, range)
    pieces.store(shaped, of: range, in: cache, properties)
    return shaped
}

/// A run cut into the pieces the word cache holds: after each run of spaces when `splits` (the
/// font's space is inert), else the run whole.
struct WordPieces {
    let bytes: UnsafeBufferPointer<UInt8>
    let range: Range<Int>
    let splits: Bool

    /// Where the piece that starts at `start` ends: after the next run of spaces, unless a mark
    /// or joiner follows it.
    func end(after start: Int) -> Int {
        guard splits else { return range.upperBound }
        var i = start
        repeat {
            while i < range.upperBound, bytes[i] != 0x20 { i += 1 }
            while i < range.upperBound, bytes[i] == 0x20 { i += 1 }
            // A mark or joiner after the spaces joins the last space's cluster: no cut there.
        } while i < range.upperBound && bytes[i] >= 0x80 && extendsCluster(decodeScalar(bytes, at: i).0)
        return i
    }

    /// The run's pieces, in order.
    var all: [Range<Int>] {
        var pieces: [Range<Int>] = []
        var start = range.lowerBound
        while start < range.upperBound {
            let end = end(after: start)
            pieces.append(start..<end)
            start = end
        }
        return pieces
    }

    /// The run's glyphs assembled from the cached glyphs of its pieces and the stretches of
    /// pieces between them shaped in context (those cached in turn); nil when no piece is cached
    /// (the run shaped whole costs less than in stretches) or a stretch's edge is unsafe to break.
    /// (A piece shaped against its script's direction is never cached, so such a run is shaped whole.)
    func assembled(from cache: ShapeCache, _ properties: ShapingProperties) -> ShapedGlyphs? {
        let pieces = all
        let cached = pieces.map { cache.lookup(properties, bytes, $0) }
        guard cached.contains(where: { $0 != nil }) else { return nil }
        var assembled = ShapedGlyphs()
        assembled.reserveCapacity(range.count)
        var i = 0
        while i < pieces.count {
            if let glyphs = cached[i] {
                let base = Int32(pieces[i].lowerBound)
                for var glyph in glyphs {
                    glyph.cluster += base
                    assembled.append(glyph)
                }
                i += 1
                continue
            }
            var next = i
            while next < pieces.count, cached[next] == nil { next += 1 }
            let stretch = pieces[i].lowerBound..<(next < pieces.count ? pieces[next].lowerBound : range.upperBound)
            guard let shaped = shapedInContext(stretch, properties) else { return nil }
            store(shaped, of: stretch, in: cache, properties)
            assembled.append(contentsOf: shaped)
            i = next
        }
        return assembled
    }

    /// The glyphs of `stretch` (whole pieces of the run) as the run shaped whole gives them, or nil.
    ///
    /// The stretch is shaped with the character on each side of it that the run has (the last
    /// space before it, the first character after it) and the rest of the run as HarfBuzz's
    /// context, and its glyphs are taken when HarfBuzz marks both its edges safe to break there:
    /// breaking the text at an edge and shaping the two sides apart changes neither side. (A cut
    /// follows a space, which takes part in no lookup, so nothing reaches across it from further
    /// away.) HarfBuzz's unsafe-to-concat flag is not asked: it is set on the last glyph of every
    /// buffer in a font with a `kern` table, and on the first letter of every Arabic word after a
    /// space, where shaping the two sides apart gives the same glyphs.
    func shapedInContext(_ stretch: Range<Int>, _ properties: ShapingProperties) -> ShapedGlyphs? {
        // The byte before a piece is the last of the previous piece's spaces.
        let shapedStart = stretch.lowerBound == range.lowerBound ? stretch.lowerBound : stretch.lowerBound - 1
        let shapedEnd = stretch.upperBound == range.upperBound ? stretch.upperBound
            : stretch.upperBound + decodeScalar(bytes, at: stretch.upperBound).1
        let shaped = Shaper.shape(properties, bytes, shapedStart..<shapedEnd, context: range)
        let first = shaped.firstIndex { Int($0.cluster) >= stretch.lowerBound } ?? shaped.count
        let end = shaped[first...].firstIndex { Int($0.cluster) >= stretch.upperBound } ?? shaped.count
        guard isSafeCut(shaped, at: first, stretch.lowerBound), isSafeCut(shaped, at: end, stretch.upperBound) else { return nil }
        return ShapedGlyphs(shaped[first..<end])
    }

    /// Stores each piece of `stretch` (whole pieces of the run) whose both edges HarfBuzz marks
    /// safe to break in `shaped` (glyphs of the stretch, and maybe of text on either side, shaped
    /// together): then the piece shaped alone is what it is in the run.
    func store(_ shaped: ShapedGlyphs, of stretch: Range<Int>, in cache: ShapeCache, _ properties: ShapingProperties) {
        var g = shaped.firstIndex { Int($0.cluster) >= stretch.lowerBound } ?? shaped.count
        var start = stretch.lowerBound
        while start < stretch.upperBound {
            let end = end(after: start)
            let first = g
            while g < shaped.count, Int(shaped[g].cluster) < end { g += 1 }
            if g > first, isSafeCut(shaped, at: first, start), isSafeCut(shaped, at: g, end) {
                cache.store(properties, bytes, start..<end, shaped[first..<g])
            }
            start = end
        }
    }

    /// Whether the run may be cut at byte `position`, where glyph `index` of `shaped` is the first
    /// at or after it: an edge of the run, or the start of a glyph's cluster that HarfBuzz marks
    /// safe to break at.
    private func isSafeCut(_ shaped: ShapedGlyphs, at index: Int, _ position: Int) -> Bool {
        position == range.lowerBound || position == range.upperBound
            || (index < shaped.count && Int(shaped[index].cluster) == position && !shaped[index].unsafeToBreak)
    }
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
