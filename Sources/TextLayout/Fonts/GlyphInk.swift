// A glyph's ink box in font units: the exact box of its outline, HarfBuzz's extents for colour layers, a colour strike's opaque pixels; kept per font once asked for.
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
    /// An outline glyph's box is the exact box of its unhinted outline in font units, at the font's
    /// instance and with its synthetic styles drawn in
    /// (FreeType's `FT_Outline_Get_BBox`, which finds the curves' extremes), the outline the
    /// renderers draw exactly scaled. Not the box `glyf` records nor HarfBuzz's glyph extents: both
    /// hold the curves' control points too, which reach past the ink where a curve has no point at
    /// its extreme (half a pixel below some kana of Noto Sans CJK at 17 px). A glyph of colour
    /// layers (COLR) takes HarfBuzz's extents (`hb_font_get_glyph_extents`), which cover its
    /// layers. A glyph of a font of colour strikes (``hasColorStrikesOnly(_:)``: CBDT, sbix), which
    /// renderers draw as a picture scaled to the size, inks the opaque pixels of its picture in
    /// the largest strike, scaled to font units: HarfBuzz would give the whole picture, whose
    /// transparent margins (up to a tenth of an em in Noto Color Emoji) draw nothing. Each box is
    /// found once per font, when first asked for (decoding a strike's PNG is the costly case), and
    /// kept with the font.
    func inkBox(ofGlyph glyph: UInt32) -> GlyphInkBox? {
        if let known = inkBoxes.withLock({ $0[glyph] }) { return known }
        let box = withFreeTypeFace { face -> GlyphInkBox? in
            if Font.hasColorStrikesOnly(face) { return strikeInkBox(face, glyph: glyph) }
            if face.pointee.face_flags & Int(FT_FACE_FLAG_COLOR) != 0 { return layersInkBox(glyph) }
            return outlineInkBox(face, glyph: glyph)
        }
        inkBoxes.withLock { $0[glyph] = box }
        return box
    }

    /// The exact box of `glyph`'s unhinted outline, in font units.
    private func outlineInkBox(_ face: FT_Face, glyph: UInt32) -> GlyphInkBox? {
        guard FT_Load_Glyph(face, glyph, Int32(FT_LOAD_NO_SCALE)) == 0, let slot = face.pointee.glyph,
              slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE, slot.pointee.outline.n_points > 0 else { return nil }
        applySynthesis(toUnscaled: &slot.pointee.outline)
        var box = FT_BBox()
        guard FT_Outline_Get_BBox(&slot.pointee.outline, &box) == 0, box.xMax > box.xMin, box.yMax > box.yMin else { return nil }
        return GlyphInkBox(xMin: Double(box.xMin), yMin: Double(box.yMin), xMax: Double(box.xMax), yMax: Double(box.yMax))
    }

    /// HarfBuzz's extents of `glyph`, in font units (the font is scaled to units per em).
    private func layersInkBox(_ glyph: UInt32) -> GlyphInkBox? {
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
