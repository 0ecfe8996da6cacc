// PNG encoding and decoding with libpng's simplified API (which handles libpng's errors without longjmp reaching Swift).
import CPNG

/// Encodes canvases as PNG and decodes PNG files into canvases.
public enum PNGCodec {
    private static let gray: UInt32 = 0, rgb: UInt32 = 2, rgba: UInt32 = 3  // PNG_FORMAT_GRAY, _RGB, _RGBA

    /// The PNG bytes of `canvas`: 8-bit grayscale when every pixel is an opaque gray, RGB when
    /// every pixel is opaque, RGBA otherwise.
    /// - Throws: ``RenderError`` `.internalError` when libpng fails.
    public static func encode(_ canvas: Canvas) throws -> [UInt8] {
        let pixels = canvas.pixels
        var opaque = true, grayOnly = true
        for i in stride(from: 0, to: pixels.count, by: 4) {
            if pixels[i + 3] != 255 { opaque = false; break }
            if pixels[i] != pixels[i + 1] || pixels[i] != pixels[i + 2] { grayOnly = false }
        }
        let format = !opaque ? rgba : grayOnly ? gray : rgb
        let channels = format == rgba ? 4 : format == rgb ? 3 : 1
        var samples = pixels
        if channels != 4 {
            samples = [UInt8](repeating: 0, count: canvas.width * canvas.height * channels)
            for p in 0..<(canvas.width * canvas.height) {
                for c in 0..<channels { samples[p * channels + c] = pixels[p * 4 + c] }
            }
        }
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(canvas.width)
        image.height = UInt32(canvas.height)
        image.format = format
        var size: Int = 0
        let measured = samples.withUnsafeBytes { png_image_write_to_memory(&image, nil, &size, 0, $0.baseAddress, 0, nil) }
        guard measured != 0, size > 0 else { throw failure("encode", &image) }
        var output = [UInt8](repeating: 0, count: size)
        let written = output.withUnsafeMutableBytes { out in
            samples.withUnsafeBytes { png_image_write_to_memory(&image, out.baseAddress, &size, 0, $0.baseAddress, 0, nil) }
        }
        guard written != 0 else { throw failure("encode", &image) }
        return Array(output.prefix(size))
    }

    /// Decodes PNG bytes into an RGBA canvas.
    /// - Throws: ``RenderError`` `.invalidArgument` when the bytes are not a PNG libpng can read.
    public static func decode(_ bytes: [UInt8]) throws -> Canvas {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        let begun = bytes.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard begun != 0 else { throw failure("decode", &image, code: .invalidArgument) }
        defer { png_image_free(&image) }
        image.format = rgba
        let width = Int(image.width), height = Int(image.height)
        guard width > 0, height > 0, width <= RenderScene.maximumPixelSide, height <= RenderScene.maximumPixelSide else {
            throw RenderError(.invalidArgument, "the PNG is \(width)×\(height) px; at most \(RenderScene.maximumPixelSide) px a side are read")
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let finished = pixels.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, 0, nil) }
        guard finished != 0 else { throw failure("decode", &image, code: .invalidArgument) }
        return Canvas(width: width, height: height, pixels: pixels)
    }

    private static func failure(_ verb: String, _ image: inout png_image, code: RenderError.Code = .internalError) -> RenderError {
        let message = withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        png_image_free(&image)
        return RenderError(code, "libpng could not \(verb) the picture: \(message.isEmpty ? "unknown error" : message)")
    }
}
