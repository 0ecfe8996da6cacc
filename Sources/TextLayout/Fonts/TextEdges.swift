// The font metrics CSS text-box trims a line edge to: cap height, x-height and the ideographic edges, as the font's tables give them or as Chromium reads them.
import CFreeType
import CHarfBuzz

extension Font {
    /// The cap height in font units from the `OS/2` table (version 2 or later), nil when the table
    /// has none or gives 0 (as HarfBuzz reads it: `hb_ot_metrics_get_position`).
    var tableCapHeight: Int? {
        var position: hb_position_t = 0
        guard hb_ot_metrics_get_position(hbFont, HB_OT_METRICS_TAG_CAP_HEIGHT, &position) != 0, position > 0 else { return nil }
        return Int(position)
    }

    /// The x-height in font units from the `OS/2` table (version 2 or later), nil when the table
    /// has none or gives 0.
    var tableXHeight: Int? {
        var position: hb_position_t = 0
        guard hb_ot_metrics_get_position(hbFont, HB_OT_METRICS_TAG_X_HEIGHT, &position) != 0, position > 0 else { return nil }
        return Int(position)
    }

    /// The top of the unhinted outline of the font's glyph for `letter`, in font units; nil when
    /// the font has no such glyph or it reaches no higher than the baseline.
    func letterTop(_ letter: Unicode.Scalar) -> Int? {
        var glyph: hb_codepoint_t = 0
        var extents = hb_glyph_extents_t()
        guard hb_font_get_nominal_glyph(hbFont, letter.value, &glyph) != 0, hb_font_get_glyph_extents(hbFont, glyph, &extents) != 0,
              extents.y_bearing > 0 else { return nil }
        return Int(extents.y_bearing)
    }

    /// The tops of the `H` and the `x` at `size` pixels per em as Skia finds them when the `OS/2`
    /// table has no cap height or x-height: the box of the outline loaded with FreeType's light
    /// hinting (`FT_LOAD_TARGET_LIGHT`, Chromium's on Linux), its top in pixels (whole pixels once
    /// hinted). Nil for a letter the font lacks or whose glyph is no outline. Found once a size.
    func hintedLetterTops(size: Double) -> (capital: Double?, lowercase: Double?) {
        if let known = hintedLetterTops.withLock({ $0[size] }) { return known }
        let tops = withFreeTypeFace { face -> (capital: Double?, lowercase: Double?) in
            guard FT_Set_Char_Size(face, 0, FT_F26Dot6((size * 64).rounded()), 72, 72) == 0 else { return (nil, nil) }
            func top(_ letter: Unicode.Scalar) -> Double? {
                let glyph = FT_Get_Char_Index(face, FT_ULong(letter.value))
                guard glyph != 0, FT_Load_Glyph(face, glyph, Int32(FT_RENDER_MODE_LIGHT.rawValue & 15) << 16  /* FT_LOAD_TARGET_LIGHT */) == 0, let slot = face.pointee.glyph,
                      slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return nil }
                var box = FT_BBox()
                FT_Outline_Get_CBox(&slot.pointee.outline, &box)
                return Double(box.yMax) / 64
            }
            return (top("H"), top("x"))
        }
        hintedLetterTops.withLock { $0[size] = tops }
        return tops
    }

    /// How far above (`over`) and below (`under`) the baseline an ideographic edge of the font lies,
    /// in font units: the em box (`ideo`, `idtp`) or, for `ink`, the character face (`icfb`,
    /// `icft`), from the `BASE` table's Han script or as HarfBuzz synthesises them without one
    /// (`hb_ot_layout_get_baseline_with_fallback`: the em box centred on the ascent and descent).
    func ideographicEdges(ink: Bool) -> (over: Int, under: Int) {
        let (topTag, bottomTag) = ink ? (HB_OT_LAYOUT_BASELINE_TAG_IDEO_FACE_TOP_OR_RIGHT, HB_OT_LAYOUT_BASELINE_TAG_IDEO_FACE_BOTTOM_OR_LEFT)
            : (HB_OT_LAYOUT_BASELINE_TAG_IDEO_EMBOX_TOP_OR_RIGHT, HB_OT_LAYOUT_BASELINE_TAG_IDEO_EMBOX_BOTTOM_OR_LEFT)
        let (han, defaultLanguage) = (openTypeTag("hani"), openTypeTag("dflt"))
        var top: hb_position_t = 0
        var bottom: hb_position_t = 0
        hb_ot_layout_get_baseline_with_fallback(hbFont, topTag, HB_DIRECTION_LTR, han, defaultLanguage, &top)
        hb_ot_layout_get_baseline_with_fallback(hbFont, bottomTag, HB_DIRECTION_LTR, han, defaultLanguage, &bottom)
        return (Int(top), -Int(bottom))
    }
}
