// The font context a command lays out in: the machine's fonts, or with --fonts-dir only the fonts of one folder, so that answers hold on any machine.
import Foundation
import TextLayout
import TextLayoutIO

public enum FontOptions {
    /// `--fonts-dir DIR`: the commands that lay out text take it.
    public static let fontsDirectory = CommandOption(
        "fonts-dir", .string(placeholder: "DIR"),
        help: "look fonts up only in DIR (names, files and fallback), never among the system's, so the answers are the same on every machine with DIR; the default font stays the bundled DejaVu Sans",
        default: "the system's fonts and the bundled ones")

    /// The context `args` ask for: ``FontContext/shared``, or one over only the folder of
    /// `--fonts-dir`.
    /// - Throws: ``UsageError`` when the folder does not exist or is not a folder.
    public static func context(_ args: ParsedArguments) throws -> FontContext {
        guard let folder = try folder(args) else { return .shared }
        return FontContext(fontDirectories: [folder], includeSystemFonts: false)
    }

    /// The batch's layouter in `context` (``context(_:)`` when nil); with `--fonts-dir`, its
    /// results name the font files they were drawn in, relative to the folder.
    public static func batchLayouter(_ args: ParsedArguments, in context: FontContext? = nil) throws -> BatchLayouter {
        BatchLayouter(fonts: try context ?? self.context(args), namingFontsIn: try folder(args))
    }

    /// The folder of `--fonts-dir`, as a full path; nil without the option.
    /// - Throws: ``UsageError`` when it does not exist or is not a folder.
    static func folder(_ args: ParsedArguments) throws -> String? {
        guard let folder = args.string(fontsDirectory) else { return nil }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw UsageError("--fonts-dir must name a folder of font files, got '\(folder)'")
        }
        return URL(fileURLWithPath: folder).standardizedFileURL.path
    }
}
