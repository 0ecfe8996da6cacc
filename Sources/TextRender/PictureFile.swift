// Writing pictures to files: the format from the extension, and an atomic write (temporary file, then rename).
import Foundation
import Glibc

/// The formats a picture can be written in, named by the output file's extension.
public enum PictureFormat: String, Sendable, CaseIterable {
    case png
    case svg

    /// The format of `path`'s extension (case-insensitive).
    /// - Throws: ``RenderError`` `.unknownFormat` listing the extensions allowed.
    public init(path: String) throws {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let dot = name.lastIndex(of: ".")
        let ext = dot.map { $0 == name.startIndex ? "" : String(name[name.index(after: $0)...]).lowercased() } ?? ""
        guard let format = PictureFormat(rawValue: ext) else {
            let allowed = Self.allCases.map { ".\($0.rawValue)" }.joined(separator: " or ")
            throw RenderError(.unknownFormat, ext.isEmpty
                ? "the output file '\(path)' has no extension; it must end in \(allowed)"
                : "unknown picture extension '.\(ext)' in '\(path)'; the output must end in \(allowed)")
        }
        self = format
    }
}

extension RenderScene {
    /// Renders the scene in the format `path`'s extension names and writes it there atomically.
    /// - Throws: ``RenderError``: `.unknownFormat`, `.invalidArgument`, `.pictureTooLarge`, or
    ///   `.cannotWrite`, in which case no file is left at `path` (one already there is kept).
    public func write(to path: String, options: RenderOptions) throws {
        try PictureFile.write(try picture(as: PictureFormat(path: path), options: options), to: path)
    }

    /// The picture's bytes in `format`: a PNG file's, or an SVG document's in UTF-8.
    /// - Throws: ``RenderError`` for a bad scale or a picture or glyph size past the limits.
    public func picture(as format: PictureFormat, options: RenderOptions) throws -> [UInt8] {
        switch format {
        case .png: try RasterRenderer.png(self, options: options)
        case .svg: Array(try SVGRenderer.render(self, options: options).utf8)
        }
    }
}

/// Atomic file writes: the bytes go to a temporary file in the destination's folder, which is
/// renamed over the destination only once it is complete.
public enum PictureFile {
    /// Writes `bytes` to `path`, or throws leaving nothing behind.
    /// - Throws: ``RenderError`` `.cannotWrite` saying why (a missing folder, no permission, a full disk...).
    public static func write(_ bytes: [UInt8], to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let template = folder + "/." + url.lastPathComponent + ".XXXXXX"
        var name = Array(template.utf8CString)
        let fd = name.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw cannotWrite(path, errno) }
        let temporary = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var failure: Int32 = 0
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += n
            }
        }
        if failure == 0, fchmod(fd, 0o644) != 0 { failure = errno }
        if close(fd) != 0, failure == 0 { failure = errno }
        if failure == 0, rename(temporary, path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw cannotWrite(path, failure)
        }
    }

    private static func cannotWrite(_ path: String, _ code: Int32) -> RenderError {
        RenderError(.cannotWrite, "cannot write the picture to '\(path)': \(String(cString: strerror(code)))")
    }
}
