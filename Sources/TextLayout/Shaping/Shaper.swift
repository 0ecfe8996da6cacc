// Shapes UTF-8 text with HarfBuzz into glyphs in logical order, with advances in font units and unsafe-to-break flags.
import CHarfBuzz

/// One shaped glyph, in font units (HarfBuzz at a scale of units per em: exact and unhinted;
/// multiply by ``FontMetrics/scale(size:)`` for pixels), or, shaped by a strike's advances
/// (``ShapingProperties/strike``), in 1/64 pixel of the strike (``BitmapStrike/advanceScale(size:)``):
/// the units of its run, which ``ShapedRun/scale`` turns into pixels.
struct ShapedGlyph: Sendable, Equatable {
    var id: UInt32
    /// The UTF-8 byte offset of the glyph's cluster, absolute in the prepared text (as a
    /// ``ParagraphGlyphs`` reads it, in a paragraph or in the shape cache).
    var cluster: Int32
    var advance: Int32
    var xOffset: Int32
    var yOffset: Int32
    /// HarfBuzz's HB_GLYPH_FLAG_UNSAFE_TO_BREAK: breaking the text at the start of this glyph's
    /// cluster changes the shaping on one side or the other, so the pieces must be reshaped.
    var unsafeToBreak: Bool
}

/// Glyphs in logical order (for right-to-left text, the reverse of drawing order), clusters
/// non-decreasing.
typealias ShapedGlyphs = [ShapedGlyph]

/// What a shaping depends on besides the text.
struct ShapingProperties: Sendable, Hashable {
    var font: Font
    /// ISO 15924 script code; "Zyyy" lets HarfBuzz guess.
    var script: String
    var rightToLeft: Bool
    /// BCP 47 tag, or "" for none.
    var language: String
    /// OpenType features beyond the script's defaults.
    var features: [FontFeature] = []
    /// Which fullwidth punctuation is set half as wide (the settings' or the profile's).
    var textSpacingTrim: TextSpacingTrim = .spaceAll
    /// Under a ``TextSpacingTrim`` that trims adjacent marks, the class of the character before the shaped text
    /// when that text starts a run but not a line (``PunctuationSpacingClass/other`` otherwise).
    var precedingPunctuation: PunctuationSpacingClass = .other
    /// The strike whose advances the glyphs take (``BitmapGlyphAdvance/strikePixels``, a font of
    /// bitmap strikes only), or nil for the font's design units.
    var strike: BitmapStrike? = nil
    /// Under a ``TextSpacingTrim`` that trims adjacent marks, the class of the character after the shaped text
    /// when that text ends a run before another in the paragraph (``PunctuationSpacingClass/other``
    /// otherwise): a closing mark that ends the run is trimmed before a closing or middle one (`”`
    /// before `）` that starts a run of its own).
    var followingPunctuation: PunctuationSpacingClass = .other
    /// How the characters are shown (``TextTransform``): the glyphs are those of the transformed
    /// characters, each in the cluster of the text's character it comes from.
    var textTransform: TextTransform = .none
    /// The bytes a transform may read around the shaped range (its run's): a case mapping's context.
    var transformContext: Range<Int> = 0..<0
    /// Whether the text stands upright in a column: shaped top to bottom (HarfBuzz's TTB, which
    /// applies the font's vertical forms, `vert` and `vrt2`), each glyph advancing by its vertical
    /// advance (the font's `vmtx`, or HarfBuzz's from its ascent and descent where it has none).
    var upright = false
    /// The advance in font units every upright glyph with an advance takes in place of HarfBuzz's,
    /// for a font without vertical advances (``Font/uprightAdvance(size:_:)``); nil: HarfBuzz's.
    var uprightAdvance: Int32? = nil
    /// Whether the text is combined upright in a column (``TextCombineUpright/all``): shaped as
    /// one unit by ``Shaper/shapeCombinedUpright(_:_:_:)``.
    var combinesUpright = false

    /// Whether the word cache may hold pieces shaped with these properties: a transform that reads
    /// the characters around a piece (``TextTransform/isContextFree(language:)``) is shaped each
    /// time, and so is a combined unit (its glyphs are placed as a whole).
    var isCacheable: Bool { (textTransform == .none || textTransform.isContextFree(language: language)) && !combinesUpright }

    /// HarfBuzz's script for ``script``. Read through `withCString`, which lends a short string
    /// from the stack: a `String` passed straight as a C string is copied to the heap each call.
    var harfBuzzScript: hb_script_t { script.withCString { hb_script_from_string($0, -1) } }
}

enum Shaper {
    /// Shapes `range` of UTF-8 `bytes` on its own, clusters absolute.
    /// - Parameters:
    ///   - appending: a character shaped after the text, in the same buffer (so the font's
    ///     kerning and substitutions reach it), whose glyphs take the cluster `range.upperBound`:
    ///     the hyphen shown at a break after a soft hyphen.
    ///   - context: bytes around `range` (holding it, each edge a character's start) that HarfBuzz
    ///     reads as the text before and after it without shaping them: the letters of a cursive
    ///     script at `range`'s edges then join what lies beyond them (a medial form, not a final
    ///     one). Nil: no context, as if the text began and ended there. Not with `appending`.
    static func shape(_ properties: ShapingProperties, _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
                      appending appended: UInt32? = nil, context: Range<Int>? = nil) -> ShapedGlyphs {
        guard !range.isEmpty || appended != nil else { return [] }
        if properties.combinesUpright { return shapeCombinedUpright(properties, bytes, range).glyphs }
        precondition(context.map { $0.contains(range.lowerBound) && $0.upperBound >= range.upperBound && appended == nil } ?? true,
                     "a shaping's context holds its text, and nothing is appended after it")
        let buffer = BufferPool.take()
        defer { BufferPool.give(buffer) }
        // HarfBuzz's clusters count from the start of the text it is given: the context's, if any.
        // A transformed text is given without context (its characters are not the text's bytes).
        let text = properties.textTransform == .none ? context ?? range : range
        if properties.textTransform == .none {
            bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) { chars in
                hb_buffer_add_utf8(buffer, chars + text.lowerBound, Int32(text.count), UInt32(range.lowerBound - text.lowerBound), Int32(range.count))
            }
        } else {
            addTransformed(properties, bytes, range, to: buffer)
        }
        if let appended { hb_buffer_add(buffer, appended, UInt32(range.count)) }
        if properties.script != "Zyyy" {
            hb_buffer_set_script(buffer, properties.harfBuzzScript)
        }
        hb_buffer_set_direction(buffer, properties.upright ? HB_DIRECTION_TTB : properties.rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        if !properties.language.isEmpty {
            hb_buffer_set_language(buffer, properties.language.withCString { hb_language_from_string($0, -1) })
        }
        hb_buffer_guess_segment_properties(buffer)
        var features = properties.features.map { feature in
            hb_feature_t(tag: hb_tag_from_string(feature.tag, 4), value: feature.value, start: 0, end: UInt32.max)
        }
        let trimmed = properties.textSpacingTrim != .spaceAll && !properties.rightToLeft
            ? (properties.textTransform.characterForm == nil
                ? trimmedPunctuation(bytes, range, after: properties.precedingPunctuation, before: properties.followingPunctuation,
                                     features: properties.features,
                                     placed: { properties.font.punctuationClasses(language: properties.language, upright: properties.upright) })
                : trimmedShownPunctuation(properties, bytes, range)) : []
        for mark in trimmed {
            features.append(hb_feature_t(tag: properties.upright ? verticalHalfWidthTag : halfWidthTag, value: 1, start: UInt32(mark.range.lowerBound - text.lowerBound),
                                         end: UInt32(mark.range.upperBound - text.lowerBound)))
        }
        let font = properties.strike.map { properties.font.harfBuzzFont(advancingBy: $0) } ?? properties.font.hbFont
        if features.isEmpty {
            hb_shape(font, buffer, nil, 0)
        } else {
            features.withUnsafeBufferPointer { hb_shape(font, buffer, $0.baseAddress, UInt32($0.count)) }
        }
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return [] }
        let n = Int(count)
        let reversed = hb_buffer_get_direction(buffer) == HB_DIRECTION_RTL
        let base = Int32(text.lowerBound)
        var nextTrimmed = TrimmedMarkCursor(marks: trimmed)
        return ShapedGlyphs(unsafeUninitializedCapacity: n) { glyphs, initialized in
            for k in 0..<n {
                // HarfBuzz gives right-to-left runs in drawing order; keep every run in logical order.
                let i = reversed ? n - 1 - k : k
                var info = infos[i]
                let position = positions[i]
                let flags = hb_glyph_info_get_glyph_flags(&info).rawValue
                // Top to bottom, HarfBuzz's advances point down the column (negative y): the glyph's
                // advance is their length, as a line's advances are along it.
                glyphs[k] = ShapedGlyph(id: info.codepoint, cluster: base + Int32(info.cluster),
                                        advance: properties.upright ? properties.uprightAdvance.map { position.y_advance == 0 ? 0 : $0 } ?? -position.y_advance
                                            : position.x_advance,
                                        xOffset: position.x_offset, yOffset: position.y_offset,
                                        unsafeToBreak: flags & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0
                                            || nextTrimmed.breakIsUnsafe(before: Int(base + Int32(info.cluster))))
            }
            initialized = n
        }
    }
}

extension Shaper {
    /// Adds the characters `range` is shown as under the properties' transform, each with the
    /// cluster of the text's character it comes from (relative to the range's start): a `ß` shown
    /// `SS` is two glyphs of one cluster, so clusters, breaks and carets stay in the text's offsets.
    /// A range whose characters all vanish (a lone mark a mapping drops) is shaped as it is.
    fileprivate static func addTransformed(_ properties: ShapingProperties, _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
                                           to buffer: OpaquePointer) {
        var characters = properties.textTransform.transformed(bytes, range, context: properties.transformContext, language: properties.language)
        if characters.scalars.isEmpty { characters = TextTransform.none.transformed(bytes, range, context: range, language: "") }
        hb_buffer_set_content_type(buffer, HB_BUFFER_CONTENT_TYPE_UNICODE)
        for (k, scalar) in characters.scalars.enumerated() {
            hb_buffer_add(buffer, scalar, UInt32(characters.sources[k] - range.lowerBound))
        }
    }
}

/// The marks ``trimmedPunctuation(_:_:after:before:features:placed:)`` trims in the
/// characters `range` is shown as under a one-to-one transform (a `,` shown `，` is fullwidth
/// punctuation, trimmed beside another as Chromium trims the text it shows), in the text's offsets.
private func trimmedShownPunctuation(_ properties: ShapingProperties, _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [TrimmedMark] {
    let characters = properties.textTransform.transformed(bytes, range, context: properties.transformContext, language: properties.language)
    var shown: [UInt8] = []
    // The text's offset of each shown byte's character, and of the end.
    var original: [Int] = []
    for (k, scalar) in characters.scalars.enumerated() {
        let before = shown.count
        appendUTF8(scalar, to: &shown)
        original.append(contentsOf: repeatElement(characters.sources[k], count: shown.count - before))
    }
    original.append(range.upperBound)
    let marks = shown.withUnsafeBufferPointer { buffer in
        trimmedPunctuation(buffer, 0..<buffer.count, after: properties.precedingPunctuation, before: properties.followingPunctuation,
                           features: properties.features,
                           placed: { properties.font.punctuationClasses(language: properties.language, upright: properties.upright) })
    }
    return marks.map { mark in
        TrimmedMark(range: original[mark.range.lowerBound]..<original[mark.range.upperBound], unsafeBreakBefore: original[mark.unsafeBreakBefore])
    }
}

/// HarfBuzz buffers for reuse: creating one per shaping costs more than many short shapings.
private enum BufferPool {
    private static let pool = Locked<[UInt]>([])

    static func take() -> OpaquePointer {
        if let address = pool.withLock({ $0.popLast() }), let buffer = OpaquePointer(bitPattern: address) { return buffer }
        return hb_buffer_create()
    }

    static func give(_ buffer: OpaquePointer) {
        hb_buffer_clear_contents(buffer)
        let kept = pool.withLock { pool -> Bool in
            guard pool.count < 64 else { return false }
            pool.append(UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(buffer))))
            return true
        }
        if !kept { hb_buffer_destroy(buffer) }
    }
}
