// The strikes of a font of bitmap strikes only (CBDT, sbix): the one a size draws from, and HarfBuzz's font that shapes by its glyphs' advances there.
import CFreeType
import CHarfBuzz

/// A strike of a font of bitmap strikes only (``Font/hasColorStrikesOnly(_:)``).
package struct BitmapStrike: Sendable, Hashable {
    /// FreeType's index of the strike (in `available_sizes`).
    package var index: Int
    /// Its pixels per em as the face lists them (`y_ppem`): a picture of it is drawn at a size
    /// scaled by the size over this.
    package var pixelsPerEm: Double
    /// Its whole pixels per em across (FreeType's `x_ppem` once it is selected): its advances
    /// (``BitmapGlyphAdvance/strikePixels``) are scaled by the size over this, as Skia scales them.
    var wholePixelsPerEm: Int

    /// Pixels per unit of the strike's advances (1/64 pixel of the strike, FreeType's 26.6) at `size`.
    func advanceScale(size: Double) -> Double { size / Double(64 * wholePixelsPerEm) }

    /// The strikes of `face`, empty unless it is a font of colour strikes only.
    static func strikes(of face: FT_Face) -> [BitmapStrike] {
        guard Font.hasColorStrikesOnly(face), let sizes = face.pointee.available_sizes else { return [] }
        return (0..<Int(face.pointee.num_fixed_sizes)).compactMap { index in
            let size = sizes[index]
            guard size.y_ppem > 0, size.x_ppem > 0 else { return nil }
            // FreeType's whole x ppem of a selected sfnt strike: its 26.6 value rounded.
            return BitmapStrike(index: index, pixelsPerEm: Double(size.y_ppem) / 64, wholePixelsPerEm: Int((size.x_ppem + 32) >> 6))
        }
    }
}

extension Font {
    /// The strike a glyph of this font is drawn from at `ppem` pixels per em: the smallest at or
    /// above it, else the largest (as Skia chooses); nil for a font with outlines.
    package func bitmapStrike(forPixelsPerEm ppem: Double) -> BitmapStrike? {
        bitmapStrikes.filter { $0.pixelsPerEm >= ppem }.min { $0.pixelsPerEm < $1.pixelsPerEm }
            ?? bitmapStrikes.max { $0.pixelsPerEm < $1.pixelsPerEm }
    }

    /// The strike whose advances this font's glyphs take at `size` under `rule`: nil when they take
    /// design units (the rule's ``BitmapGlyphAdvance/designUnits``, or a font with outlines).
    func advanceStrike(size: Double, _ rule: BitmapGlyphAdvance) -> BitmapStrike? {
        rule == .strikePixels && !bitmapStrikes.isEmpty ? bitmapStrike(forPixelsPerEm: size) : nil
    }

    /// HarfBuzz's font that shapes this font's text with `strike`'s advances, scaled to 1/64 pixel
    /// of the strike: each glyph's advance is FreeType's with the strike selected (whole pixels
    /// for a glyph with a picture; a glyph the strike lacks takes its `hmtx` advance at the
    /// strike's size, as FreeType gives it, and a glyph it cannot load none, as Skia has it), and
    /// positioning lookups are scaled to the same units. Made once a strike, when first asked for.
    func harfBuzzFont(advancingBy strike: BitmapStrike) -> OpaquePointer {
        strikeFonts.withLock { fonts in
            if let known = fonts[strike.index] { return known.hbFont }
            let made = StrikeAdvanceFont(self, strike)
            fonts[strike.index] = made
            return made.hbFont
        }
    }
}

/// HarfBuzz's font of a ``Font`` that takes its advances from a strike, and the advances it reads.
final class StrikeAdvanceFont: @unchecked Sendable {
    /// A sub-font of the font's, scaled to 1/64 pixel of the strike (immutable, so shared by threads).
    let hbFont: OpaquePointer
    /// The number of glyphs, then each glyph's advance in 1/64 pixel of the strike.
    private let advances: UnsafeMutableBufferPointer<hb_position_t>

    init(_ font: Font, _ strike: BitmapStrike) {
        let loaded = font.withFreeTypeFace { face -> [hb_position_t]? in
            guard FT_Select_Size(face, Int32(strike.index)) == 0 else { return nil }
            let flags = Int32(FT_LOAD_COLOR) | Int32(FT_LOAD_BITMAP_METRICS_ONLY) | Int32(FT_LOAD_IGNORE_TRANSFORM)
            return (0..<UInt32(max(0, face.pointee.num_glyphs))).map { glyph in
                guard FT_Load_Glyph(face, glyph, flags) == 0, let slot = face.pointee.glyph else { return 0 }
                return hb_position_t(truncatingIfNeeded: slot.pointee.advance.x)
            }
        }
        let table = [hb_position_t(loaded?.count ?? 0)] + (loaded ?? [])
        advances = .allocate(capacity: table.count)
        _ = advances.initialize(from: table)
        let sub = hb_font_create_sub_font(font.hbFont)!
        let units = Int32(64 * strike.wholePixelsPerEm)
        hb_font_set_scale(sub, units, units)
        // Without the strike (FreeType could not select it) the sub-font scales the font's own advances.
        if loaded != nil { hb_font_set_funcs(sub, strikeAdvanceFunctions, UnsafeMutableRawPointer(advances.baseAddress), nil) }
        hb_font_make_immutable(sub)
        hbFont = sub
    }

    deinit {
        hb_font_destroy(hbFont)
        advances.deallocate()
    }
}

/// HarfBuzz's font functions of a ``StrikeAdvanceFont``: each glyph's advance from the table its
/// font data points to; every other function is the parent font's, scaled.
private nonisolated(unsafe) let strikeAdvanceFunctions: OpaquePointer = {
    let functions = hb_font_funcs_create()!
    hb_font_funcs_set_glyph_h_advance_func(functions, { _, data, glyph, _ in
        guard let table = data?.assumingMemoryBound(to: hb_position_t.self) else { return 0 }
        return glyph < UInt32(table[0]) ? table[Int(glyph) + 1] : 0
    }, nil, nil)
    hb_font_funcs_make_immutable(functions)
    return functions
}()
