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

    /// HarfBuzz's script for ``script``. Read through `withCString`, which lends a short string
    /// from the stack: a `String` passed straight as a C string is copied to the heap each call.
    var harfBuzzScript: hb_script_t { script.withCString { hb_script_from_string($0, -1) } }
}

enum Shaper {
    /// Shapes `range` of UTF-8 `bytes` on its own (no context around it), clusters absolute.
    /// - Parameter appending: a character shaped after the text, in the same buffer (so the font's
    ///   kerning and substitutions reach it), whose glyphs take the cluster `range.upperBound`:
    ///   the hyphen shown at a break after a soft hyphen.
    static func shape(_ properties: ShapingProperties, _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
                      appending appended: UInt32? = nil) -> ShapedGlyphs {
        guard !range.isEmpty || appended != nil else { return [] }
        let buffer = BufferPool.take()
        defer { BufferPool.give(buffer) }
        bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) { chars in
            hb_buffer_add_utf8(buffer, chars + range.lowerBound, Int32(range.count), 0, Int32(range.count))
        }
        if let appended { hb_buffer_add(buffer, appended, UInt32(range.count)) }
        if properties.script != "Zyyy" {
            hb_buffer_set_script(buffer, properties.harfBuzzScript)
        }
        hb_buffer_set_direction(buffer, properties.rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        if !properties.language.isEmpty {
            hb_buffer_set_language(buffer, properties.language.withCString { hb_language_from_string($0, -1) })
        }
        hb_buffer_guess_segment_properties(buffer)
        var features = properties.features.map { feature in
            hb_feature_t(tag: hb_tag_from_string(feature.tag, 4), value: feature.value, start: 0, end: UInt32.max)
        }
        let trimmed = properties.textSpacingTrim != .spaceAll && !properties.rightToLeft
            ? trimmedPunctuation(bytes, range, after: properties.precedingPunctuation, before: properties.followingPunctuation,
                                 features: properties.features,
                                 fullwidthQuotes: { properties.font.drawsFullwidthQuotes(language: properties.language) }) : []
        for mark in trimmed {
            features.append(hb_feature_t(tag: halfWidthTag, value: 1, start: UInt32(mark.range.lowerBound - range.lowerBound),
                                         end: UInt32(mark.range.upperBound - range.lowerBound)))
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
        let base = Int32(range.lowerBound)
        var nextTrimmed = TrimmedMarkCursor(marks: trimmed)
        return ShapedGlyphs(unsafeUninitializedCapacity: n) { glyphs, initialized in
            for k in 0..<n {
                // HarfBuzz gives right-to-left runs in drawing order; keep every run in logical order.
                let i = reversed ? n - 1 - k : k
                var info = infos[i]
                let position = positions[i]
                let flags = hb_glyph_info_get_glyph_flags(&info).rawValue
                glyphs[k] = ShapedGlyph(id: info.codepoint, cluster: base + Int32(info.cluster), advance: position.x_advance,
                                        xOffset: position.x_offset, yOffset: position.y_offset,
                                        unsafeToBreak: flags & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0
                                            || nextTrimmed.breakIsUnsafe(before: Int(base + Int32(info.cluster))))
            }
            initialized = n
        }
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
