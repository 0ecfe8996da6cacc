// Where the fonts of the project's Fonts/ folder are at run time: the resource bundle SwiftPM builds from it, found next to the executable.
import Foundation

/// The bundled fonts as shipped: SwiftPM copies the package's `Fonts/` folder (every file in it)
/// into this target's resource bundle, which sits next to the built executable (and the test
/// runner), and an installation copies it along with the binary.
public enum BundledFonts {
    /// The `Fonts` folder inside this target's resource bundle, or nil when no bundle is found.
    ///
    /// Looked for in the folders of `Bundle.main` where SwiftPM and Xcode put resource bundles (the
    /// executable's folder, the app's resources), under any name ending in `_TextLayoutFonts` with
    /// the platform's suffix (`.resources` on Linux, `.bundle` on Apple platforms): the prefix is
    /// the package's identity, which depends on how the package was checked out. SwiftPM's
    /// generated `Bundle.module` would look in the same place but stop the process when the
    /// bundle is missing; this answers nil instead, so the caller can fall back.
    public static let directory: String? = {
        let files = FileManager.default
        let folders = [Bundle.main.bundleURL, Bundle.main.resourceURL, Bundle.main.executableURL?.deletingLastPathComponent()]
        for folder in folders.compactMap({ $0?.resolvingSymlinksInPath() }) {
            guard let names = try? files.contentsOfDirectory(atPath: folder.path) else { continue }
            for name in names.sorted() where name.hasSuffix("_TextLayoutFonts.resources") || name.hasSuffix("_TextLayoutFonts.bundle") {
                let bundle = folder.appendingPathComponent(name)
                for fonts in [bundle.appendingPathComponent("Fonts"), bundle.appendingPathComponent("Contents/Resources/Fonts")]
                    where files.fileExists(atPath: fonts.path) {
                    return fonts.path
                }
            }
        }
        return nil
    }()
}
