// The long-lived font context: one per app; finds fonts by path or fontconfig name and loads each face once.
import CFontconfig
import CFreeType
import Foundation
import Synchronization

/// Finds and loads fonts, and keeps each loaded face for reuse.
///
/// Make one context per app (or use ``shared``) and share it between threads: every method is
/// thread-safe. Fonts are cached by file path and face index, so asking twice gives the same
/// ``Font`` instance, and caches built on fonts (shaping) stay valid.
public final class FontContext: @unchecked Sendable {
    /// A context shared by the whole process.
    public static let shared = FontContext()

    private struct State {
        var library: FT_Library?
        var config: OpaquePointer?
        var fonts: [String: Font] = [:]
    }

    private let state = Mutex(State())

    public init() {}

    deinit {
        state.withLock { state in
            state.fonts.removeAll()
            if let library = state.library { FT_Done_FreeType(library) }
            if let config = state.config { FcConfigDestroy(config) }
        }
    }

    /// Loads the face at `faceIndex` of the font file at `path`.
    /// - Throws: ``LayoutError`` `.badFontFile` when the file is missing, unreadable, not a font,
    ///   has no such face or has unusable metrics.
    public func font(path: String, faceIndex: Int = 0) throws -> Font {
        let key = "\(faceIndex)\u{0}\(path)"
        return try state.withLock { state throws -> Font in
            if let font = state.fonts[key] { return font }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw LayoutError(.badFontFile, "no font file at '\(path)'")
            }
            guard !isDirectory.boolValue else {
                throw LayoutError(.badFontFile, "'\(path)' is a directory, not a font file")
            }
            if state.library == nil {
                var library: FT_Library?
                guard FT_Init_FreeType(&library) == 0, library != nil else {
                    throw LayoutError(.internalError, "FreeType could not be initialised")
                }
                state.library = library
            }
            let font = try Font(path: path, faceIndex: faceIndex, library: state.library!, fileStamp: Self.stamp(path))
            state.fonts[key] = font
            return font
        }
    }

    /// Loads the font fontconfig matches for a pattern in fontconfig's syntax: a family name,
    /// optionally followed by properties, as in `DejaVu Sans`, `DejaVu Sans:bold`,
    /// `DejaVu Sans:weight=200:slant=italic` or `monospace`.
    /// - Throws: ``LayoutError`` `.unknownFont` when no installed font has that family (a generic
    ///   family such as `sans-serif` or `monospace` always matches).
    public func font(family pattern: String) throws -> Font {
        let match = try state.withLock { state throws -> (path: String, index: Int) in
            if state.config == nil {
                guard let config = FcInitLoadConfigAndFonts() else {
                    throw LayoutError(.internalError, "fontconfig could not load its configuration")
                }
                state.config = config
            }
            return try Self.match(pattern, config: state.config!)
        }
        return try font(path: match.path, faceIndex: match.index)
    }

    /// Loads a font named as users name them: a path when `name` contains a `/` or ends in a font
    /// file extension, otherwise a fontconfig pattern (see ``font(family:)``).
    public func font(named name: String) throws -> Font {
        let lower = name.lowercased()
        let looksLikeFile = name.contains("/") || [".ttf", ".otf", ".ttc", ".otc", ".woff", ".pfb"].contains { lower.hasSuffix($0) }
        return looksLikeFile ? try font(path: name) : try font(family: name)
    }

    /// The bundled default font (DejaVu Sans from the project's `Fonts/` folder), so nothing needs
    /// configuring. `TEXTLAYOUT_DEFAULT_FONT` names another file; without the bundled file the
    /// installed DejaVu Sans is used.
    public func defaultFont() throws -> Font {
        if let path = ProcessInfo.processInfo.environment["TEXTLAYOUT_DEFAULT_FONT"], !path.isEmpty {
            return try font(path: path)
        }
        if let path = Self.bundledFontPath("DejaVuSans.ttf") { return try font(path: path) }
        return try font(family: "DejaVu Sans")
    }

    /// The path of a font in the project's `Fonts/` folder, or nil when it is not there.
    public static func bundledFontPath(_ fileName: String) -> String? {
        let candidates: [String?] = [
            ProcessInfo.processInfo.environment["TEXTLAYOUT_FONTS_DIR"].map { "\($0)/\(fileName)" },
            URL(fileURLWithPath: #filePath).deletingLastPathComponent()  // Fonts
                .deletingLastPathComponent()  // TextLayout
                .deletingLastPathComponent()  // Sources
                .deletingLastPathComponent()  // the package
                .appendingPathComponent("Fonts/\(fileName)").path,
        ]
        return candidates.compactMap { $0 }.first { FileManager.default.fileExists(atPath: $0) }
    }

    /// The family names of every installed font fontconfig knows, sorted.
    public func availableFamilies() -> [String] {
        state.withLock { state -> [String] in
            if state.config == nil { state.config = FcInitLoadConfigAndFonts() }
            guard let config = state.config, let pattern = FcPatternCreate() else { return [] }
            defer { FcPatternDestroy(pattern) }
            guard let objects = FcObjectSetCreate() else { return [] }
            defer { FcObjectSetDestroy(objects) }
            FcObjectSetAdd(objects, FC_FAMILY)
            guard let set = FcFontList(config, pattern, objects) else { return [] }
            defer { FcFontSetDestroy(set) }
            var families = Set<String>()
            for i in 0..<Int(set.pointee.nfont) {
                guard let font = set.pointee.fonts[i] else { continue }
                families.formUnion(Self.strings(FC_FAMILY, of: font))
            }
            return families.sorted()
        }
    }

    // MARK: - fontconfig

    private static let genericFamilies: Set<String> = [
        "sans-serif", "sans", "serif", "monospace", "mono", "system-ui", "emoji", "cursive", "fantasy", "math",
    ]

    private static func match(_ name: String, config: OpaquePointer) throws -> (path: String, index: Int) {
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw LayoutError(.unknownFont, "the font name is empty; give a family such as 'DejaVu Sans' or a font file path")
        }
        guard let pattern = FcNameParse(name) else {
            throw LayoutError(.unknownFont, "'\(name)' is not a fontconfig pattern (expected 'Family' or 'Family:property=value', such as 'DejaVu Sans:bold')")
        }
        defer { FcPatternDestroy(pattern) }
        let requested = strings(FC_FAMILY, of: pattern)
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let matched = FcFontMatch(config, pattern, &result) else {
            throw unknown(name)
        }
        defer { FcPatternDestroy(matched) }
        let found = Set(strings(FC_FAMILY, of: matched).map(normalized))
        let isKnown = requested.isEmpty || requested.contains { found.contains(normalized($0)) || genericFamilies.contains(normalized($0)) }
        guard isKnown, let path = strings(FC_FILE, of: matched).first else { throw unknown(name) }
        var index: Int32 = 0
        FcPatternGetInteger(matched, FC_INDEX, 0, &index)
        return (path, Int(index))
    }

    private static func unknown(_ name: String) -> LayoutError {
        LayoutError(.unknownFont, "no installed font has the family '\(name)'; list the available families with 'textlayout fonts' (or 'fc-list : family'), or give a font file path")
    }

    private static func normalized(_ family: String) -> String {
        family.lowercased().filter { !$0.isWhitespace }
    }

    private static func strings(_ object: String, of pattern: OpaquePointer) -> [String] {
        var values: [String] = []
        var n: Int32 = 0
        var value: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(pattern, object, n, &value) == FcResultMatch, let value {
            values.append(String(cString: value))
            n += 1
        }
        return values
    }

    private static func stamp(_ path: String) -> String {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let size = (attributes?[.size] as? NSNumber)?.intValue ?? -1
        let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "\(size)@\(modified)"
    }
}
