// The long-lived font context: one per app; finds fonts by path or fontconfig name, loads each face once, and finds fallback fonts.
import CFontconfig
import CFreeType
import Foundation
import TextLayoutFonts

/// Finds and loads fonts, keeps each loaded face for reuse, and finds fallback fonts for the
/// characters a font lacks.
///
/// Make one context per app (or use ``shared``) and share it between threads: every method is
/// thread-safe. Fonts are cached by file path and face index, so asking twice gives the same
/// ``Font`` instance, and caches built on fonts (shaping, fallback) stay valid.
public final class FontContext: @unchecked Sendable {
    /// A context over the system's fonts and, after them, the bundled ones, shared by the whole process.
    public static let shared = FontContext()

    struct State {
        var library: FreeTypeLibrary?
        /// The fontconfig configurations searched, in order (see ``FontContext/searchOrder``), once made.
        var configs: [OpaquePointer]?
        var fonts: [ExactString: Font] = [:]
        /// The font file and face each family name matched, with the weight, slant and width asked
        /// for (a fontconfig pattern and its properties, NUL-separated).
        var matches: [ExactString: (path: String, index: Int)] = [:]
        /// Fallback candidates per family and language, in fontconfig's order (FcFontSort).
        var fallbackSets: [ExactString: UnsafeMutablePointer<FcFontSet>] = [:]
        /// The fallback chosen per primary font, language, presentation and code points.
        var fallbackChoices: [FallbackKey: Font?] = [:]
    }

    let state = Locked(State())
    /// Folders of font files added to fontconfig's configuration.
    public let fontDirectories: [String]
    /// Whether the system's fonts (fontconfig's own configuration) are searched.
    public let includesSystemFonts: Bool
    /// The bundled fonts' folder (``bundledFontsDirectory``) when it is searched after everything
    /// else, for names and fallback: in a context over the system's fonts, so that a machine with
    /// few fonts still draws the scripts and emoji the bundle covers. Nil in a context limited to
    /// its own folders (which may list the bundled folder among them), or without a bundle.
    public let bundledFallbackDirectory: String?
    /// Where `hyphens: auto` looks for its pattern files (`hyph_*.dic`).
    public let hyphenationDirectory: String

    /// A context over the system's fonts and, if given, the fonts in `fontDirectories`, then the
    /// bundled fonts (``bundledFallbackDirectory``): a name or a character the others lack is
    /// looked for there.
    ///
    /// Keep the context for as long as its fonts are used: a font refers to it weakly (the
    /// context keeps its fonts), and a font whose context is gone lays out without fallback
    /// fonts, caches or the context's hyphenation folder, its missing characters drawn as .notdef
    /// and counted (``PreparedText/missingGlyphCount``). One context for the whole app
    /// (``shared``, or one of your own kept as long) is the usual way.
    /// - Parameter includeSystemFonts: false to search only `fontDirectories` (not even the
    ///   bundled fonts, unless listed), so that fallback and family lookups give the same fonts on
    ///   every machine (as the tests need).
    /// - Parameters:
    ///   - shapeCacheBudget: the word cache's size in bytes (0 turns it off).
    ///   - preparedTextCacheBudget: the prepared-text cache's size in bytes (0 turns it off).
    ///   - hyphenationDirectory: where `hyphens: auto` finds its pattern files (Debian's folder by default).
    public init(fontDirectories: [String] = [], includeSystemFonts: Bool = true, shapeCacheBudget: Int = ShapeCache.defaultBudget,
                preparedTextCacheBudget: Int = PreparedTextCache.defaultBudget,
                hyphenationDirectory: String = HyphenationDictionaries.defaultDirectory) {
        self.fontDirectories = fontDirectories
        self.includesSystemFonts = includeSystemFonts
        let bundled = includeSystemFonts ? Self.bundledFontsDirectory : nil
        self.bundledFallbackDirectory = bundled.flatMap { bundled in
            fontDirectories.contains { Self.sameFolder($0, bundled) } ? nil : bundled
        }
        self.hyphenationDirectory = hyphenationDirectory
        self.shapeCache = ShapeCache(budget: shapeCacheBudget)
        self.preparedTextCache = PreparedTextCache(budget: preparedTextCacheBudget)
    }

    deinit {
        state.withLock { state in
            state.fallbackChoices.removeAll()
            state.fonts.removeAll()
            for set in state.fallbackSets.values { FcFontSetDestroy(set) }
            for config in state.configs ?? [] { FcConfigDestroy(config) }
        }
    }

    /// The word cache: shaped segments of text, shared by every layout made with this context's fonts.
    public let shapeCache: ShapeCache

    /// Prepared texts by text and style, shared by every ``PreparedText`` made with this context's fonts.
    public let preparedTextCache: PreparedTextCache

    /// Empties the caches of shaped text (word cache and prepared texts), keeping the loaded fonts
    /// and fallback choices (the benchmark's cold rounds start from here).
    public func clearShapingCaches() {
        shapeCache.removeAll()
        preparedTextCache.removeAll()
    }

    /// Loads the face at `faceIndex` of the font file at `path`.
    /// - Throws: ``LayoutError`` `.badFontFile` when the file is missing, unreadable, not a font,
    ///   has no such face or has unusable metrics.
    public func font(path: String, faceIndex: Int = 0) throws -> Font {
        let key = ExactString("\(faceIndex)\u{0}\(path)")
        return try state.withLock { state throws -> Font in
            if let font = state.fonts[key] { return font }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw LayoutError(.badFontFile, "no font file at '\(path)'")
            }
            guard !isDirectory.boolValue else {
                throw LayoutError(.badFontFile, "'\(path)' is a directory, not a font file")
            }
            // A pipe would block the read forever (with this lock held, so every thread waits) and
            // a device such as /dev/zero would be read until the reader gives up at 512 MiB: only
            // regular files are fonts.
            var info = stat()
            guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
                throw LayoutError(.badFontFile, "'\(path)' is not a regular file (a device, pipe or socket), so not a font file")
            }
            if state.library == nil { state.library = try FreeTypeLibrary() }
            let font = try Font(path: path, faceIndex: faceIndex, library: state.library!, fileStamp: Self.stamp(path))
            font.context = self
            state.fonts[key] = font
            return font
        }
    }

    /// Loads a font named as users name them: the default font (``defaultFont()``) for an empty
    /// name; a path when `name` contains a `/` or ends in a font file extension, optionally
    /// followed by `#N` for face N of a collection (`NotoSansCJK.ttc#2`, as ``Font/description``
    /// writes it); otherwise a fontconfig pattern (see ``font(family:weight:)``). In a context
    /// without the system's fonts, a path must lead into one of ``fontDirectories`` (or be the
    /// default font's file), so that such a context never draws with a font from elsewhere.
    /// - Parameter weight: a CSS weight (1 to 1000: 400 regular, 700 bold) that picks a face of
    ///   the family, replacing any weight in the pattern; with no name, of the default font's family.
    /// - Throws: ``LayoutError`` `.invalidArgument` for a weight out of range or given with a file;
    ///   `.unknownFont` for a file outside the folders of a context limited to them.
    public func font(named name: String, weight: Double? = nil) throws -> Font {
        if name.isEmpty {
            guard let weight else { return try defaultFont() }
            return try font(family: try defaultFont().familyName, weight: weight)
        }
        guard let (path, faceIndex) = Self.fileAndFace(name) else { return try font(family: name, weight: weight) }
        if let weight {
            throw LayoutError(.invalidArgument, "weight \(weight) picks a face of a font family, and '\(name)' is a font file: name the family, or the file of that weight",
                              keys: ["weight"])
        }
        // (A missing file is reported as missing, by font(path:).)
        if !includesSystemFonts, FileManager.default.fileExists(atPath: path), !isInFontDirectories(path),
           try Self.resolved(path) != Self.resolved(defaultFont().path) {
            let folders = fontDirectories.map { "'\($0)'" }.joined(separator: ", ")
            throw LayoutError(.unknownFont, "the font file '\(path)' is outside the font folder\(fontDirectories.count == 1 ? "" : "s") \(folders) this layout is limited to: give a file inside \(fontDirectories.count == 1 ? "it" : "one"), or a family name")
        }
        return try font(path: path, faceIndex: faceIndex)
    }

    /// The file and face `name` gives when it names a font file (`FILE.ttc#N` for face N), else nil.
    static func fileAndFace(_ name: String) -> (path: String, faceIndex: Int)? {
        if let hash = name.lastIndex(of: "#"), let index = Int(name[name.index(after: hash)...]), index >= 0,
           Self.looksLikeFile(String(name[..<hash])), !FileManager.default.fileExists(atPath: name) {
            return (String(name[..<hash]), index)
        }
        return Self.looksLikeFile(name) ? (name, 0) : nil
    }

    /// Whether the file at `path` (symbolic links followed) lies inside one of ``fontDirectories``.
    private func isInFontDirectories(_ path: String) -> Bool {
        let file = Self.resolved(path)
        return fontDirectories.contains { folder in
            let inside = Self.resolved(folder)
            return file.hasPrefix(inside.hasSuffix("/") ? inside : inside + "/")
        }
    }

    private static func looksLikeFile(_ name: String) -> Bool {
        let lower = name.lowercased()
        return name.contains("/") || [".ttf", ".otf", ".ttc", ".otc", ".woff", ".pfb"].contains { lower.hasSuffix($0) }
    }

    /// The bundled default font (DejaVu Sans from the project's `Fonts/` folder, shipped as a
    /// resource bundle next to the binary), so nothing needs configuring. `TEXTLAYOUT_DEFAULT_FONT`
    /// names another file; without the bundle the installed DejaVu Sans is used.
    public func defaultFont() throws -> Font {
        if let path = ProcessInfo.processInfo.environment["TEXTLAYOUT_DEFAULT_FONT"], !path.isEmpty {
            return try font(path: path)
        }
        if let path = Self.bundledFontPath("DejaVuSans.ttf") { return try font(path: path) }
        return try font(family: "DejaVu Sans")
    }

    /// The project's `Fonts/` folder: `TEXTLAYOUT_FONTS_DIR` when set, else the copy in the
    /// package's resource bundle next to the executable (``BundledFonts/directory``), wherever the
    /// binary was built or installed; nil when neither holds DejaVuSans.ttf.
    public static var bundledFontsDirectory: String? {
        let candidates: [String?] = [ProcessInfo.processInfo.environment["TEXTLAYOUT_FONTS_DIR"], BundledFonts.directory]
        return candidates.compactMap { $0 }.first { FileManager.default.fileExists(atPath: $0 + "/DejaVuSans.ttf") }
    }

    /// The path of a font in the project's `Fonts/` folder, or nil when it is not there.
    public static func bundledFontPath(_ fileName: String) -> String? {
        guard let directory = bundledFontsDirectory else { return nil }
        let path = directory + "/" + fileName
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// Whether two paths name the same folder (after resolving `.`, `..` and symbolic links).
    static func sameFolder(_ a: String, _ b: String) -> Bool { resolved(a) == resolved(b) }

    /// `path` made absolute, with `.`, `..` and symbolic links resolved.
    static func resolved(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
    }

    static func stamp(_ path: String) -> String {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let size = (attributes?[.size] as? NSNumber)?.intValue ?? -1
        let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "\(size)@\(modified)"
    }
}

/// The FreeType library handle, shared by the fonts loaded through it; freed after the last one.
final class FreeTypeLibrary: @unchecked Sendable {
    let handle: FT_Library

    init() throws {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else {
            throw LayoutError(.internalError, "FreeType could not be initialised")
        }
        handle = library
    }

    deinit { FT_Done_FreeType(handle) }
}

/// What a fallback choice depends on.
struct FallbackKey: Hashable {
    var primary: ObjectIdentifier
    var language: String
    var presentation: FontContext.Presentation
    /// Whether fontconfig sorts for no family (``FamilyFallback/browser``) rather than the primary's.
    var browserOrder: Bool
    /// The code points the fallback must have (one, or a grapheme cluster's that need a glyph).
    var scalars: [UInt32]
}
