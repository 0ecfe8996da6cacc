// Shaping one run through the word cache: the run cut into pieces after its spaces, assembled from cached pieces or shaped whole and its safe pieces stored.

/// The glyphs of one run, through the word cache.
///
/// A run is cut into pieces after each run of spaces, when the font's space glyph takes part in no
/// substitution or positioning (so no shaping reaches across a space); otherwise the whole run is
/// one piece. When every piece is cached the run is assembled without shaping; when every piece
/// but the last is, the last is shaped on its own (a word being typed or streamed at the end of a
/// paragraph). Otherwise the run is shaped whole, and each piece whose edges HarfBuzz marks safe to
/// break is cached for next time.
func shapeRun(_ properties: ShapingProperties, _ range: Range<Int>, bytes: UnsafeBufferPointer<UInt8>,
              cache: ShapeCache?) -> ShapedGlyphs {
    if range.count > longRun, !properties.combinesUpright, let chunks = streamSafeChunks(bytes, range) {
        // Each chunk with the punctuation beside it, as if shaped in the run.
        return chunks.flatMap { Shaper.shape(properties.around(bytes, $0), bytes, $0) }
    }
    // A run trimmed by the punctuation before or after it is shaped as it stands: the cache's
    // pieces are keyed without that context.
    guard let cache, properties.precedingPunctuation == .other, properties.followingPunctuation == .other, properties.isCacheable else {
        return Shaper.shape(properties, bytes, range)
    }
    let key = ShapeCache.PropertiesKey(properties)
    let pieces = WordPieces(bytes: bytes, range: range, splits: properties.font.spaceIsInert)
    var assembled = pieces.assembled(from: cache, properties, key: key)
    if assembled.missing == range.upperBound { return assembled.glyphs }
    if assembled.missing > range.lowerBound, pieces.end(after: assembled.missing) == range.upperBound {
        // Only the last piece is new: shaped after the cached ones, as the text after a space shapes on its own.
        let lastRange = assembled.missing..<range.upperBound
        let last = Shaper.shape(properties, bytes, lastRange)
        WordPieces(bytes: bytes, range: lastRange, splits: pieces.splits).store(last, in: cache, properties, key: key)
        assembled.glyphs.append(contentsOf: last)
        return assembled.glyphs
    }
    let shaped = Shaper.shape(properties, bytes, range)
    pieces.store(shaped, in: cache, properties, key: key)
    return shaped
}

/// A run cut into the pieces the word cache holds: after each run of spaces when `splits` (the
/// font's space is inert), else the run whole.
private struct WordPieces {
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

    /// The run's glyphs assembled from the cached glyphs of its pieces, up to the first piece not
    /// cached (`missing`, its start; the run's end when every piece is).
    func assembled(from cache: ShapeCache, _ properties: ShapingProperties, key: ShapeCache.PropertiesKey) -> (glyphs: ShapedGlyphs, missing: Int) {
        var assembled = ShapedGlyphs()
        assembled.reserveCapacity(range.count)
        var start = range.lowerBound
        while start < range.upperBound {
            let end = end(after: start)
            guard let glyphs = cache.lookup(properties, key: key, bytes, start..<end) else { break }
            assembled.append(contentsOf: glyphs)
            start = end
        }
        return (assembled, start)
    }

    /// Stores each piece of `shaped` (the run shaped whole) whose both edges HarfBuzz marks safe
    /// to break: then the piece shaped alone is what it is in the run.
    func store(_ shaped: ShapedGlyphs, in cache: ShapeCache, _ properties: ShapingProperties, key: ShapeCache.PropertiesKey) {
        var start = range.lowerBound
        var g = 0
        while start < range.upperBound {
            let end = end(after: start)
            let first = g
            while g < shaped.count, Int(shaped[g].cluster) < end { g += 1 }
            let safeStart = start == range.lowerBound || (first < shaped.count && Int(shaped[first].cluster) == start && !shaped[first].unsafeToBreak)
            let safeEnd = end == range.upperBound || (g < shaped.count && Int(shaped[g].cluster) == end && !shaped[g].unsafeToBreak)
            if safeStart, safeEnd, g > first { cache.store(properties, key: key, bytes, start..<end, shaped[first..<g]) }
            start = end
        }
    }
}

/// Whether `scalar` joins the grapheme cluster (and so HarfBuzz's cluster) of the character
/// before it, as a space's: a combining mark, a joiner, a variation selector or another
/// default-ignorable character, an emoji modifier. (Errs towards yes: a piece that is not cut
/// costs only a cache entry.)
func extendsCluster(_ scalar: UInt32) -> Bool {
    // No ASCII character is one (a streamed piece asks after every space).
    guard scalar >= 0x80, let value = Unicode.Scalar(scalar) else { return false }
    let properties = value.properties
    switch properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: return true
    default: return properties.isDefaultIgnorableCodePoint || properties.isEmojiModifier
    }
}

extension ShapingProperties {
    /// These properties for the shaping of `range` of `bytes`, the end of a run that does not start
    /// a line: under a ``TextSpacingTrim`` that trims adjacent marks, with the classes of the characters before and
    /// after it, which may trim its first mark (`。` before a run `「readline」`) and its last (`”`
    /// before a run `），`).
    func around(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> ShapingProperties {
        guard textSpacingTrim.trimsAdjacent else { return self }
        var properties = self
        let placed: () -> PlacedPunctuationClasses = { font.punctuationClasses(language: language, upright: upright) }
        properties.precedingPunctuation = textSpacingTrim.trimsParagraphStarts && startsParagraph(bytes, at: range.lowerBound)
            ? .open  // (`trim-start`: as after an opening mark, which trims an opening mark)
            : punctuationClass(bytes, before: range.lowerBound, placed: placed)
        properties.followingPunctuation = punctuationClass(bytes, at: range.upperBound, placed: placed)
        if let shown = textTransform.characterForm {
            // The characters beside the range as shown: a `(` shown `（` is fullwidth punctuation.
            properties.precedingPunctuation = range.lowerBound > 0
                ? PunctuationSpacingClass(shown(decodeScalar(bytes, at: scalarStart(bytes, atOrBefore: range.lowerBound - 1, notBefore: 0)).0),
                                          placed: placed()) : .other
            properties.followingPunctuation = range.upperBound < bytes.count
                ? PunctuationSpacingClass(shown(decodeScalar(bytes, at: range.upperBound).0), placed: placed()) : .other
        }
        return properties
    }
}

/// Whether byte `offset` of `bytes` starts a paragraph: the text's start, or right after a hard
/// break (a line feed, vertical tab, form feed, carriage return, U+0085, U+2028 or U+2029).
func startsParagraph(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
    guard offset > 0 else { return true }
    switch bytes[offset - 1] {
    case 0x0A...0x0D: return true
    case 0x85: return offset >= 2 && bytes[offset - 2] == 0xC2
    case 0xA8, 0xA9: return offset >= 3 && bytes[offset - 3] == 0xE2 && bytes[offset - 2] == 0x80
    default: return false
    }
}
