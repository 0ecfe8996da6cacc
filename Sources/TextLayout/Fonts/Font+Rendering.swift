// Narrow access to a font's FreeType face for the package's renderers, serialised by one lock since FreeType faces are not thread-safe.
import CFreeType
import Foundation

/// Serialises every use of a ``Font``'s FreeType face after loading (FreeType faces are not
/// thread-safe; sizes, transforms and the glyph slot are state on the face). One lock for all
/// fonts keeps ``Font`` unchanged; rendering holds it only per glyph.
private let freeTypeFaceLock = NSLock()

extension Font {
    /// Runs `body` with the font's FreeType face, holding the lock that every renderer shares.
    ///
    /// The face belongs to the font: `body` may set its size or transform and load glyphs, but must
    /// not keep the face, free it, or call back into another `withFreeTypeFace` (the lock is not
    /// recursive). The engine's own measurements do not depend on the face's size or transform.
    package func withFreeTypeFace<R>(_ body: (FT_Face) throws -> R) rethrows -> R {
        freeTypeFaceLock.lock()
        defer { freeTypeFaceLock.unlock() }
        return try body(ftFace)
    }

    /// Draws the font's ``synthetic`` styles into an outline loaded in font units
    /// (`FT_LOAD_NO_SCALE`): the slant first (x grows by a quarter of y), then the embolden by
    /// 1/24 em (`FT_Outline_Embolden`, which widens the outline to the right and up), in the order
    /// and the strength Skia's FreeType scaler uses, so that ink boxes and the renderers match
    /// what Chromium draws.
    package func applySynthesis(toUnscaled outline: UnsafeMutablePointer<FT_Outline>) {
        if synthetic.contains(.oblique) {
            var skew = FT_Matrix(xx: 0x10000, xy: FT_Fixed(SyntheticStyle.obliqueSkew * 65536), yx: 0, yy: 0x10000)
            FT_Outline_Transform(outline, &skew)
        }
        if synthetic.contains(.bold) {
            FT_Outline_Embolden(outline, FT_Pos((Double(metrics.unitsPerEm) * SyntheticStyle.boldStrength).rounded()))
        }
    }

    /// The box that holds every glyph outline of the font, in font units (y up): the `head`
    /// table's bbox. Meaningful for scalable fonts only (a font of bitmap strikes has no outlines).
    public var boundingBox: (xMin: Int, yMin: Int, xMax: Int, yMax: Int) {
        withFreeTypeFace { face in
            let box = face.pointee.bbox
            return (Int(box.xMin), Int(box.yMin), Int(box.xMax), Int(box.yMax))
        }
    }

    /// Whether a face's glyphs are colour pictures in fixed-size strikes (CBDT, sbix): a colour
    /// face that is not scalable (a COLR face is). Such a glyph is drawn from a strike, scaled to
    /// its size, and inks the strike's opaque pixels.
    package static func hasColorStrikesOnly(_ face: FT_Face) -> Bool {
        let flags = face.pointee.face_flags
        return flags & Int(FT_FACE_FLAG_COLOR) != 0 && flags & Int(FT_FACE_FLAG_SCALABLE) == 0
    }

    /// The first byte of row `index` (from the top) of a FreeType bitmap, whichever way its pitch runs.
    package static func row(_ index: Int, of bitmap: FT_Bitmap) -> UnsafePointer<UInt8>? {
        guard let buffer = bitmap.buffer else { return nil }
        let pitch = Int(bitmap.pitch)
        return UnsafePointer(buffer + (pitch >= 0 ? index * pitch : (Int(bitmap.rows) - 1 - index) * -pitch))
    }

    /// How much of pixel `column` of a bitmap row a glyph covers, 0–255: a gray mask's value, a
    /// mono mask's bit (0 or 255), a BGRA picture's alpha; nil for a pixel mode renderers do not draw.
    package static func coverage(inRow row: UnsafePointer<UInt8>, column: Int, mode: UInt8) -> UInt8? {
        switch mode {
        case UInt8(FT_PIXEL_MODE_GRAY.rawValue): row[column]
        case UInt8(FT_PIXEL_MODE_MONO.rawValue): row[column / 8] & (0x80 >> UInt8(column % 8)) != 0 ? 255 : 0
        case UInt8(FT_PIXEL_MODE_BGRA.rawValue): row[column * 4 + 3]
        default: nil
        }
    }
}
