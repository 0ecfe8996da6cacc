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

    /// The box that holds every glyph outline of the font, in font units (y up): the `head`
    /// table's bbox. Meaningful for scalable fonts only (a font of bitmap strikes has no outlines).
    public var boundingBox: (xMin: Int, yMin: Int, xMax: Int, yMax: Int) {
        withFreeTypeFace { face in
            let box = face.pointee.bbox
            return (Int(box.xMin), Int(box.yMin), Int(box.xMax), Int(box.yMax))
        }
    }
}
