// A pixel buffer for raster pictures: straight-alpha RGBA, source-over blending, rectangles and glyph masks.

/// An RGBA picture in device pixels, row by row from the top, 4 bytes a pixel, straight alpha.
public struct Canvas: Sendable {
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes: red, green, blue, alpha.
    public internal(set) var pixels: [UInt8]

    /// A canvas filled with `background`.
    public init(width: Int, height: Int, background: RGBAColor) {
        precondition(width > 0 && height > 0, "a canvas has at least one pixel")
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 0, count: width * height * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) {
            pixels[i] = background.red
            pixels[i + 1] = background.green
            pixels[i + 2] = background.blue
            pixels[i + 3] = background.alpha
        }
    }

    /// A canvas over existing RGBA bytes (as a decoded PNG gives them).
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width > 0 && height > 0 && pixels.count == width * height * 4, "RGBA bytes must be width × height × 4")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The colour at (x, y).
    public func pixel(_ x: Int, _ y: Int) -> RGBAColor {
        let i = (y * width + x) * 4
        return RGBAColor(red: pixels[i], green: pixels[i + 1], blue: pixels[i + 2], alpha: pixels[i + 3])
    }

    /// Paints `color` over the pixel at (x, y), its alpha scaled by `coverage` (0...255); pixels
    /// outside the canvas are ignored.
    mutating func blend(_ x: Int, _ y: Int, _ color: RGBAColor, coverage: Int = 255) {
        guard x >= 0, y >= 0, x < width, y < height, coverage > 0 else { return }
        let a = Double(color.alpha) * Double(coverage) / (255.0 * 255.0)
        guard a > 0 else { return }
        blendPremultiplied(x, y, Double(color.red) * a, Double(color.green) * a, Double(color.blue) * a, a)
    }

    /// Source-over with a premultiplied source (channels 0...255 already multiplied by alpha 0...1).
    mutating func blendPremultiplied(_ x: Int, _ y: Int, _ r: Double, _ g: Double, _ b: Double, _ a: Double) {
        let i = (y * width + x) * 4
        let dstA = Double(pixels[i + 3]) / 255
        let keep = dstA * (1 - a)
        let outA = a + keep
        guard outA > 0 else { return }
        func channel(_ src: Double, _ dst: UInt8) -> UInt8 {
            UInt8(min(255, max(0, ((src + Double(dst) * keep) / outA).rounded())))
        }
        pixels[i] = channel(r, pixels[i])
        pixels[i + 1] = channel(g, pixels[i + 1])
        pixels[i + 2] = channel(b, pixels[i + 2])
        pixels[i + 3] = UInt8(min(255, (outA * 255).rounded()))
    }

    /// Fills the device-pixel rectangle [x0, x1) × [y0, y1), clipped to the canvas.
    package mutating func fill(x0: Int, y0: Int, x1: Int, y1: Int, _ color: RGBAColor) {
        let left = max(0, x0), right = min(width, x1), top = max(0, y0), bottom = min(height, y1)
        guard left < right, top < bottom else { return }
        for y in top..<bottom {
            for x in left..<right { blend(x, y, color) }
        }
    }

    /// Paints a grayscale coverage mask (one byte a pixel, `pitch` bytes a row) in `color` with its
    /// top-left pixel at (x, y).
    mutating func paintMask(_ mask: GlyphBitmap, x: Int, y: Int, color: RGBAColor) {
        for row in 0..<mask.height {
            let cy = y + row
            guard cy >= 0, cy < height else { continue }
            for column in 0..<mask.width {
                let coverage = Int(mask.bytes[row * mask.width + column])
                if coverage > 0 { blend(x + column, cy, color, coverage: coverage) }
            }
        }
    }

    /// Paints a premultiplied BGRA bitmap (a colour glyph) with its top-left pixel at (x, y),
    /// sampled down or up to `targetWidth` × `targetHeight` pixels (box filter when shrinking).
    mutating func paintColor(_ image: GlyphBitmap, x: Int, y: Int, targetWidth: Int, targetHeight: Int) {
        guard targetWidth > 0, targetHeight > 0 else { return }
        let sx = Double(image.width) / Double(targetWidth), sy = Double(image.height) / Double(targetHeight)
        for row in 0..<targetHeight {
            let cy = y + row
            guard cy >= 0, cy < height else { continue }
            let r0 = Int(Double(row) * sy), r1 = max(r0 + 1, min(image.height, Int((Double(row + 1) * sy).rounded(.up))))
            for column in 0..<targetWidth {
                let cx = x + column
                guard cx >= 0, cx < width else { continue }
                let c0 = Int(Double(column) * sx), c1 = max(c0 + 1, min(image.width, Int((Double(column + 1) * sx).rounded(.up))))
                var b = 0.0, g = 0.0, r = 0.0, a = 0.0
                for sr in r0..<min(r1, image.height) {
                    for sc in c0..<min(c1, image.width) {
                        let i = (sr * image.width + sc) * 4
                        b += Double(image.bytes[i]); g += Double(image.bytes[i + 1])
                        r += Double(image.bytes[i + 2]); a += Double(image.bytes[i + 3])
                    }
                }
                let n = Double((min(r1, image.height) - r0) * (min(c1, image.width) - c0))
                guard n > 0, a > 0 else { continue }
                blendPremultiplied(cx, cy, r / n, g / n, b / n, a / n / 255)
            }
        }
    }
}
