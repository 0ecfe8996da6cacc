// Shapes UTF-8 text with HarfBuzz into glyphs in logical order, with advances in font units and unsafe-to-break flags.
import CHarfBuzz

/// Glyphs of one shaped run, in logical order (for right-to-left text, the reverse of drawing order).
///
/// Advances and offsets are in font units (HarfBuzz at a scale of units per em, so they are exact
/// and unhinted); multiply by ``FontMetrics/scale(size:)`` for pixels. `clusters` are absolute
/// UTF-8 byte offsets into the prepared text, non-decreasing.
struct ShapedGlyphs: Sendable {
    var ids: [UInt32] = []
    var clusters: [Int] = []
    var advances: [Int32] = []
    var xOffsets: [Int32] = []
    var yOffsets: [Int32] = []
    /// HarfBuzz's HB_GLYPH_FLAG_UNSAFE_TO_BREAK: breaking the text at the start of this glyph's
    /// cluster changes the shaping on one side or the other, so the pieces must be reshaped.
    var unsafeToBreak: [Bool] = []
    var isRightToLeft = false

    var count: Int { ids.count }

    /// Appends all of `other`'s glyphs (a run that follows in logical order).
    mutating func append(_ other: ShapedGlyphs) { append(other, 0..<other.count) }

    /// Appends `range` of `other`'s glyphs.
    mutating func append(_ other: ShapedGlyphs, _ range: Range<Int>) {
        ids += other.ids[range]
        clusters += other.clusters[range]
        advances += other.advances[range]
        xOffsets += other.xOffsets[range]
        yOffsets += other.yOffsets[range]
        unsafeToBreak += other.unsafeToBreak[range]
    }

    /// The sum of all advances, in font units.
    var totalAdvance: Int {
        var sum = 0
        for advance in advances { sum += Int(advance) }
        return sum
    }
}

enum Shaper {
    /// Shapes `range` of UTF-8 `bytes` with `font` as one run, on its own (no context around it).
    /// - Parameters:
    ///   - script: The run's ISO 15924 script code; nil (or "Zyyy") lets HarfBuzz guess it.
    ///   - rightToLeft: The run's direction (from its bidi level); nil follows the script.
    ///   - language: A BCP 47 tag for language-specific forms, or nil.
    static func shape(_ font: Font, _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, script: String? = nil,
                      rightToLeft: Bool? = nil, language: String? = nil) -> ShapedGlyphs {
        var shaped = ShapedGlyphs()
        guard !range.isEmpty else { return shaped }
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) { chars in
            hb_buffer_add_utf8(buffer, chars + range.lowerBound, Int32(range.count), 0, Int32(range.count))
        }
        if let script, script != "Zyyy" {
            let hbScript = hb_script_from_string(script, -1)
            hb_buffer_set_script(buffer, hbScript)
            hb_buffer_set_direction(buffer, hb_script_get_horizontal_direction(hbScript))
        }
        if let rightToLeft { hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR) }
        if let language { hb_buffer_set_language(buffer, hb_language_from_string(language, -1)) }
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(font.hbFont, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return shaped }
        let n = Int(count)
        shaped.isRightToLeft = hb_buffer_get_direction(buffer) == HB_DIRECTION_RTL
        shaped.ids.reserveCapacity(n)
        shaped.clusters.reserveCapacity(n)
        shaped.advances.reserveCapacity(n)
        shaped.xOffsets.reserveCapacity(n)
        shaped.yOffsets.reserveCapacity(n)
        shaped.unsafeToBreak.reserveCapacity(n)
        for k in 0..<n {
            // HarfBuzz gives right-to-left runs in drawing order; store every run in logical order.
            let i = shaped.isRightToLeft ? n - 1 - k : k
            let info = infos[i]
            let position = positions[i]
            shaped.ids.append(info.codepoint)
            shaped.clusters.append(range.lowerBound + Int(info.cluster))
            shaped.advances.append(position.x_advance)
            shaped.xOffsets.append(position.x_offset)
            shaped.yOffsets.append(position.y_offset)
            var glyph = info
            shaped.unsafeToBreak.append(hb_glyph_info_get_glyph_flags(&glyph).rawValue & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0)
        }
        return shaped
    }
}
