// FreeType glyph images for raster pictures: unhinted grayscale masks at quarter-pixel offsets, and colour (CBDT, COLR) bitmaps.
import CFreeType
import TextLayout

/// One rasterized glyph: a grayscale coverage mask or a premultiplied BGRA colour image.
struct GlyphBitmap: Sendable {
    var width: Int
    var height: Int
    /// From the pen's integer origin to the bitmap's left column, in device pixels (right positive).
    var left: Int
    /// From the pen's integer origin up to the bitmap's top row, in device pixels (up positive).
    var top: Int
    /// Grayscale: one byte a pixel. Colour: 4 bytes a pixel, B, G, R, A, premultiplied.
    var bytes: [UInt8]
    var isColor: Bool
    /// Device pixels per bitmap pixel: 1, except for a colour strike drawn at another size.
    var scale: Double = 1
    /// Whether the image is a strike's picture (CBDT, sbix), which is scaled to the size and
    /// placed where its scaled box lies, whatever subpixel offset was asked for.
    var isStrikePicture = false

    static let empty = GlyphBitmap(width: 0, height: 0, left: 0, top: 0, bytes: [], isColor: false)
}

/// Rasterizes glyphs with FreeType and keeps each image for the rest of a picture.
///
/// Outlines are loaded in font units and scaled exactly (FreeType would round the size of
/// TrueType fonts that ask for integer sizes), without hinting, so ink sits where HarfBuzz's
/// unhinted advances put the pen. Pen positions are snapped to a quarter of a device pixel.
package final class GlyphRasterizer {
    static let subpixelSteps = 4

    private struct Key: Hashable {
        let font: ObjectIdentifier
        let glyph: UInt32
        let ppem: UInt64
        let dx: Int
        let dy: Int
        let turned: Bool
        let scaleX: Double
    }

    private var cache: [Key: GlyphBitmap] = [:]

    /// A rasterizer with no images kept yet.
    package init() {}

    /// The image of `glyph` of `font` at `ppem` device pixels per em, its origin moved right by
    /// `dx` and down by `dy` quarter pixels, `turned` a quarter turn clockwise about it, or squeezed
    /// across by `scaleX` (a unit combined upright, ``GlyphRun/combinedScaleX``; a strike's picture
    /// is neither turned nor squeezed); an empty image when the glyph has no ink or fails to load.
    func bitmap(_ font: Font, glyph: UInt32, ppem: Double, dx: Int, dy: Int, turned: Bool = false, scaleX: Double = 1) -> GlyphBitmap {
        let key = Key(font: ObjectIdentifier(font), glyph: glyph, ppem: ppem.bitPattern, dx: dx, dy: dy, turned: turned, scaleX: scaleX)
        if let image = cache[key] { return image }
        let upem = Double(font.metrics.unitsPerEm)
        let image = font.withFreeTypeFace { face -> GlyphBitmap in
            if let strike = font.bitmapStrike(forPixelsPerEm: ppem) { return strikeBitmap(face, glyph: glyph, strike: strike, ppem: ppem) }
            if face.pointee.face_flags & Int(FT_FACE_FLAG_COLOR) != 0 {
                return colorOutlineBitmap(face, glyph: glyph, ppem: ppem, dx: dx, dy: dy, turned: turned, scaleX: scaleX)
            }
            return outlineBitmap(font, face, glyph: glyph, scale: ppem / upem, dx: dx, dy: dy, turned: turned, scaleX: scaleX)
        }
        cache[key] = image
        return image
    }

    /// A glyph's outline (at the font's instance, its synthetic styles drawn in) scaled exactly and
    /// rendered as a grayscale mask.
    private func outlineBitmap(_ font: Font, _ face: FT_Face, glyph: UInt32, scale: Double, dx: Int, dy: Int, turned: Bool,
                               scaleX: Double) -> GlyphBitmap {
        guard FT_Load_Glyph(face, glyph, Int32(FT_LOAD_NO_SCALE)) == 0, let slot = face.pointee.glyph else { return .empty }
        guard slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return copy(slot) }
        font.applySynthesis(toUnscaled: &slot.pointee.outline)
        let fixed = FT_Fixed((scale * 64 * 65536).rounded())  // font units → 26.6 pixels, in 16.16
        let fixedX = FT_Fixed((scale * scaleX * 64 * 65536).rounded())
        var matrix = turned ? Self.quarterTurn(fixed) : FT_Matrix(xx: fixedX, xy: 0, yx: 0, yy: fixed)
        FT_Outline_Transform(&slot.pointee.outline, &matrix)
        let step = FT_Pos(64 / Self.subpixelSteps)
        FT_Outline_Translate(&slot.pointee.outline, FT_Pos(dx) * step, -FT_Pos(dy) * step)
        guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return .empty }
        return copy(slot)
    }

    /// A colour glyph of a scalable font (COLR layers): FreeType blends the layers into BGRA.
    private func colorOutlineBitmap(_ face: FT_Face, glyph: UInt32, ppem: Double, dx: Int, dy: Int, turned: Bool, scaleX: Double) -> GlyphBitmap {
        guard FT_Set_Char_Size(face, 0, FT_F26Dot6((ppem * 64).rounded()), 72, 72) == 0 else { return .empty }
        let step = FT_Pos(64 / Self.subpixelSteps)
        var delta = FT_Vector(x: FT_Pos(dx) * step, y: -FT_Pos(dy) * step)
        var matrix = turned ? Self.quarterTurn(0x10000) : FT_Matrix(xx: FT_Fixed((scaleX * 65536).rounded()), xy: 0, yx: 0, yy: 0x10000)
        withUnsafeMutablePointer(to: &matrix) { FT_Set_Transform(face, turned || scaleX != 1 ? $0 : nil, &delta) }
        defer { FT_Set_Transform(face, nil, nil) }
        let flags = Int32(FT_LOAD_COLOR) | Int32(FT_LOAD_NO_HINTING) | Int32(FT_LOAD_RENDER)
        guard FT_Load_Glyph(face, glyph, flags) == 0, let slot = face.pointee.glyph else { return .empty }
        return copy(slot)
    }

    /// The matrix (16.16) that scales by `fixed` and turns a quarter turn clockwise on the page:
    /// the font's x (along the baseline) goes down (FreeType's −y), its y (up) goes right.
    private static func quarterTurn(_ fixed: FT_Fixed) -> FT_Matrix {
        FT_Matrix(xx: 0, xy: fixed, yx: -fixed, yy: 0)
    }

    /// A glyph of a bitmap-only colour font (CBDT, sbix) from `strike`, the one it is drawn from
    /// at `ppem` (``Font/bitmapStrike(forPixelsPerEm:)``), to be drawn scaled to `ppem`.
    private func strikeBitmap(_ face: FT_Face, glyph: UInt32, strike: BitmapStrike, ppem: Double) -> GlyphBitmap {
        guard FT_Select_Size(face, Int32(strike.index)) == 0 else { return .empty }
        guard FT_Load_Glyph(face, glyph, Int32(FT_LOAD_COLOR) | Int32(FT_LOAD_RENDER)) == 0, let slot = face.pointee.glyph else { return .empty }
        var image = copy(slot)
        image.scale = ppem / strike.pixelsPerEm
        image.isStrikePicture = true
        return image
    }

    /// The slot's bitmap copied out of FreeType, as a grayscale mask or a BGRA image.
    private func copy(_ slot: FT_GlyphSlot) -> GlyphBitmap {
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), height = Int(bitmap.rows)
        guard width > 0, height > 0, bitmap.buffer != nil else { return .empty }
        let mode = bitmap.pixel_mode
        let isColor = mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue)
        var bytes = [UInt8](repeating: 0, count: width * height * (isColor ? 4 : 1))
        for row in 0..<height {
            guard let source = Font.row(row, of: bitmap) else { return .empty }
            for column in 0..<width {
                if isColor {
                    for c in 0..<4 { bytes[(row * width + column) * 4 + c] = source[column * 4 + c] }
                } else {
                    guard let coverage = Font.coverage(inRow: source, column: column, mode: mode) else { return .empty }
                    bytes[row * width + column] = coverage
                }
            }
        }
        return GlyphBitmap(width: width, height: height, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
                           bytes: bytes, isColor: isColor)
    }
}
