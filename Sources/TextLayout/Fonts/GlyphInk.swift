// A glyph's ink box in font units: HarfBuzz's glyph extents for outlines, a colour strike's opaque pixels for bitmap glyphs; kept per font once asked for.
import CFreeType
import CHarfBuzz

/// The box a glyph inks around its origin, in font units, y up (as the font gives it).
struct GlyphInkBox: Sendable, Hashable {
    var xMin: Double
    var yMin: Double
    var xMax: Double
    var yMax: Double
}

extension Font {
    /// The box `glyph` inks, or nil when it inks nothing (a space, an empty glyph) or cannot be read.
    ///
    /// An outline glyph's box is HarfBuzz's glyph extents (`hb_font_get_glyph_extents`, unhinted,
    /// at units per em): the outline's box as `glyf` records it or as HarfBuzz finds it in a CFF
    /// charstring, where the renderers draw the outline unhinted and exactly scaled. A glyph of a
    /// font of colour strikes (``hasColorStrikesOnly(_:)``: CBDT, sbix), which renderers draw as
    /// a picture scaled to the size, inks the opaque pixels of its picture in the largest strike,
    /// scaled to font units: HarfBuzz would give the whole picture, whose transparent margins
    /// (up to a tenth of an em in Noto Color Emoji) draw nothing. Each box is found once per font,
    /// when first asked for (decoding a strike's PNG is the costly case), and kept with the font.
    func inkBox(ofGlyph glyph: UInt32) -> GlyphInkBox? {
        if let known = inkBoxes.withLock({ $0[glyph] }) { return known }
        let colorStrikes = withFreeTypeFace { Font.hasColorStrikesOnly($0) }
        let box = colorStrikes ? withFreeTypeFace { strikeInkBox($0, glyph: glyph) } : outlineInkBox(glyph)
        inkBoxes.withLock { $0[glyph] = box }
        return box
    }

    /// HarfBuzz's extents of `glyph`, in font units (the font is scaled to units per em).
    private func outlineInkBox(_ glyph: UInt32) -> GlyphInkBox? {
        var extents = hb_glyph_extents_t()
        guard hb_font_get_glyph_extents(hbFont, glyph, &extents) != 0, extents.width != 0, extents.height != 0 else { return nil }
        let x0 = Double(extents.x_bearing), x1 = x0 + Double(extents.width)
        let y0 = Double(extents.y_bearing), y1 = y0 + Double(extents.height)  // HarfBuzz's height is negative: downwards
        return GlyphInkBox(xMin: min(x0, x1), yMin: min(y0, y1), xMax: max(x0, x1), yMax: max(y0, y1))
    }

    /// The box of the pixels with any coverage in `glyph`'s picture in the face's largest strike,
    /// in font units; the face is left at that strike (renderers select theirs for each glyph).
    private func strikeInkBox(_ face: FT_Face, glyph: UInt32) -> GlyphInkBox? {
        let count = Int(face.pointee.num_fixed_sizes)
        guard count > 0, let sizes = face.pointee.available_sizes,
              let largest = (0..<count).max(by: { sizes[$0].y_ppem < sizes[$1].y_ppem }) else { return nil }
        let strikePPEM = Double(sizes[largest].y_ppem) / 64
        guard strikePPEM > 0, FT_Select_Size(face, Int32(largest)) == 0,
              FT_Load_Glyph(face, glyph, Int32(FT_LOAD_COLOR) | Int32(FT_LOAD_RENDER)) == 0, let slot = face.pointee.glyph else { return nil }
        let bitmap = slot.pointee.bitmap
        var left = Int.max, right = Int.min, top = Int.max, bottom = Int.min  // columns and rows with coverage
        for row in 0..<Int(bitmap.rows) {
            guard let source = Font.row(row, of: bitmap) else { return nil }
            for column in 0..<Int(bitmap.width) where (Font.coverage(inRow: source, column: column, mode: bitmap.pixel_mode) ?? 0) > 0 {
                (left, right, top, bottom) = (min(left, column), max(right, column), min(top, row), max(bottom, row))
            }
        }
        guard left <= right else { return nil }
        // Renderers scale a strike's pictures by the size over its y ppem, across and down alike.
        let unitsPerPixel = Double(metrics.unitsPerEm) / strikePPEM
        let x = Double(slot.pointee.bitmap_left), y = Double(slot.pointee.bitmap_top)  // the picture's top-left from the origin
        return GlyphInkBox(xMin: (x + Double(left)) * unitsPerPixel, yMin: (y - Double(bottom + 1)) * unitsPerPixel,
                           xMax: (x + Double(right + 1)) * unitsPerPixel, yMax: (y - Double(top)) * unitsPerPixel)
    }
}
