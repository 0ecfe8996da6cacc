// FreeType outline decomposition: a glyph's contours as SVG path data in font units (y up).
import CFreeType
import TextLayout

/// Turns glyph outlines into SVG path data, in font units with y pointing up.
package enum GlyphOutlines {
    /// The path data (`M`, `L`, `Q`, `C`, `Z`) of `glyph` of `font` (at its instance, its synthetic
    /// styles drawn in), or nil when the glyph has no
    /// outline (a bitmap glyph) or cannot be loaded; an empty string for a glyph without ink.
    static func pathData(_ font: Font, glyph: UInt32) -> String? {
        font.withFreeTypeFace { face -> String? in
            // A font of bitmap strikes only (CBDT) loads empty outlines: its glyphs are pictures.
            guard face.pointee.face_flags & Int(FT_FACE_FLAG_SCALABLE) != 0,
                  FT_Load_Glyph(face, glyph, Int32(FT_LOAD_NO_SCALE)) == 0, let slot = face.pointee.glyph,
                  slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return nil }
            font.applySynthesis(toUnscaled: &slot.pointee.outline)
            let builder = PathBuilder()
            var funcs = FT_Outline_Funcs(
                move_to: { to, user in PathBuilder.from(user).move(to!.pointee); return 0 },
                line_to: { to, user in PathBuilder.from(user).command("L", [to!.pointee]); return 0 },
                conic_to: { control, to, user in PathBuilder.from(user).command("Q", [control!.pointee, to!.pointee]); return 0 },
                cubic_to: { c1, c2, to, user in PathBuilder.from(user).command("C", [c1!.pointee, c2!.pointee, to!.pointee]); return 0 },
                shift: 0, delta: 0)
            let error = withExtendedLifetime(builder) {
                FT_Outline_Decompose(&slot.pointee.outline, &funcs, Unmanaged.passUnretained(builder).toOpaque())
            }
            guard error == 0 else { return nil }
            return builder.finish()
        }
    }
}

extension GlyphOutlines {
    /// The box around a glyph's outline points in font units (y up), or nil for a glyph without
    /// an outline or ink. For fonts that put points at the extremes (TrueType's rule), this is the ink's box.
    package static func controlBox(_ font: Font, glyph: UInt32) -> (xMin: Int, yMin: Int, xMax: Int, yMax: Int)? {
        font.withFreeTypeFace { face in
            guard FT_Load_Glyph(face, glyph, Int32(FT_LOAD_NO_SCALE)) == 0, let slot = face.pointee.glyph,
                  slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE, slot.pointee.outline.n_points > 0 else { return nil }
            var box = FT_BBox()
            FT_Outline_Get_CBox(&slot.pointee.outline, &box)
            return (Int(box.xMin), Int(box.yMin), Int(box.xMax), Int(box.yMax))
        }
    }
}

/// Collects path commands while FreeType walks an outline.
private final class PathBuilder {
    private var data = ""
    private var open = false

    static func from(_ user: UnsafeMutableRawPointer?) -> PathBuilder {
        Unmanaged<PathBuilder>.fromOpaque(user!).takeUnretainedValue()
    }

    func move(_ point: FT_Vector) {
        if open { data += "Z" }
        open = true
        command("M", [point])
    }

    func command(_ letter: String, _ points: [FT_Vector]) {
        data += letter + points.map { "\($0.x) \($0.y)" }.joined(separator: " ")
    }

    func finish() -> String {
        if open { data += "Z" }
        return data
    }
}
