// The font context a command lays out in: the machine's fonts, or with --fonts-dir only the fonts of one folder, so that answers hold on any machine; --hyphen-dir for the pattern files.
import Foundation
import TextLayout
import TextLayoutIO

public enum FontOptions {
    /// `--fonts-dir DIR`: the commands that lay out text take it.
    public static let fontsDirectory = CommandOption(
        "fonts-dir", .string(valueName: "DIR"),
        help: "look fonts up only in DIR (names, files and fallback), never among the system's or the other bundled ones (a font file outside DIR is refused), so the answers are the same on every machine with DIR; the default font stays the bundled DejaVu Sans",
        default: "the system's fonts and the bundled ones")

    /// `--hyphen-dir DIR`: where `--hyphens auto` (the `hyphens` key) reads its pattern files.
    public static let hyphenationDirectory = CommandOption(
        "hyphen-dir", .string(valueName: "DIR"),
        help: "read the hyphenation patterns of hyphens auto from DIR: files named hyph_LL_CC.dic (hyph_en_US.dic), as libhyphen and LibreOffice use them",
        default: HyphenationDictionaries.defaultDirectory)

    /// The options that choose the context: every command that lays out text takes them.
    public static let options = [fontsDirectory, hyphenationDirectory]

    /// The context `args` ask for: ``FontContext/shared``, or one over only the folder of
    /// `--fonts-dir`, reading patterns from `--hyphen-dir`.
    /// - Throws: ``UsageError`` when a folder does not exist or is not a folder.
    public static func context(_ args: ParsedArguments) throws -> FontContext {
        context(fonts: try fontsFolder(args), patterns: try folder(args, hyphenationDirectory, "a folder of hyphenation pattern files"))
    }

    /// The context of `fonts` only (the shared one without it), for a command that takes
    /// `--fonts-dir` but lays out no text (`fonts`).
    public static func familiesContext(_ args: ParsedArguments) throws -> FontContext {
        context(fonts: try fontsFolder(args), patterns: nil)
    }

    private static func context(fonts: String?, patterns: String?) -> FontContext {
        guard fonts != nil || patterns != nil else { return .shared }
        return FontContext(fontDirectories: fonts.map { [$0] } ?? [], includeSystemFonts: fonts == nil,
                           hyphenationDirectory: patterns ?? HyphenationDictionaries.defaultDirectory)
    }

    /// The batch's layouter in `context` (``context(_:)`` when nil); with `--fonts-dir`, its
    /// results name the font files they were drawn in, relative to the folder.
    public static func batchLayouter(_ args: ParsedArguments, in context: FontContext? = nil) throws -> BatchLayouter {
        BatchLayouter(fonts: try context ?? self.context(args), namingFontsIn: try fontsFolder(args))
    }

    /// The folder of `--fonts-dir`, as a full path; nil without the option.
    static func fontsFolder(_ args: ParsedArguments) throws -> String? {
        try folder(args, fontsDirectory, "a folder of font files")
    }

    /// The folder `option` names, as a full path; nil without the option.
    /// - Throws: ``UsageError`` when it does not exist or is not a folder.
    static func folder(_ args: ParsedArguments, _ option: CommandOption, _ what: String) throws -> String? {
        guard let folder = args.string(option) else { return nil }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw UsageError("--\(option.name) must name \(what), got '\(folder)'")
        }
        return URL(fileURLWithPath: folder).standardizedFileURL.path
    }
}
