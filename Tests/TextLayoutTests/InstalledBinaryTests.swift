// The built `textlayout` copied with its resource bundle into a folder outside the checkout still finds the bundled fonts.
import Foundation
import Testing
import TextLayout

@Suite("An installed binary")
struct InstalledBinaryTests {
    /// Copies the built `textlayout` and the resource bundles beside it into a new temporary
    /// folder, as an installation would, and returns the copy.
    func installCopy() throws -> (folder: URL, executable: URL) {
        let built = try #require(textlayoutExecutable(), "build the package first (swift build)")
        let folder = try makeTemporaryDirectory()
        let files = FileManager.default
        try files.copyItem(at: built, to: folder.appendingPathComponent("textlayout"))
        let bundles = try files.contentsOfDirectory(atPath: built.deletingLastPathComponent().path)
            .filter { $0.hasSuffix(".resources") || $0.hasSuffix(".bundle") }
        for bundle in bundles {
            try files.copyItem(at: built.deletingLastPathComponent().appendingPathComponent(bundle), to: folder.appendingPathComponent(bundle))
        }
        return (folder, folder.appendingPathComponent("textlayout"))
    }

    /// The font file a `measure --output-format json` run names: the path in "Family (path)".
    func fontFile(_ run: CommandRun) throws -> String {
        let object = try #require(foundationObject(run.output), "\(run.error)")
        let font = try #require(object["font"] as? String)
        let open = try #require(font.lastIndex(of: "("))
        return String(font[font.index(after: open)..<font.index(before: font.endIndex)])
    }

    @Test("the copy lays out in the bundled DejaVu Sans from its own resource bundle, not the checkout's Fonts/ or the system's")
    func findsBundledFonts() throws {
        let (folder, executable) = try installCopy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try runTextlayout(["measure", "--output-format", "json", "x"], executable: executable)
        #expect(run.status == 0, "\(run.error)")
        let file = try fontFile(run)
        #expect(file.hasPrefix(folder.resolvingSymlinksInPath().path) || file.hasPrefix(folder.path), "\(file)")
        #expect(file.hasSuffix("/DejaVuSans.ttf"), "\(file)")
    }

    @Test("TEXTLAYOUT_FONTS_DIR and TEXTLAYOUT_DEFAULT_FONT still name other fonts for the copy")
    func environmentOverrides() throws {
        let (folder, executable) = try installCopy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let mono = try #require(FontContext.bundledFontPath("DejaVuSansMono.ttf"))
        let byDefault = try runTextlayout(["measure", "--output-format", "json", "x"], environment: ["TEXTLAYOUT_DEFAULT_FONT": mono], executable: executable)
        #expect(try fontFile(byDefault) == mono)
        let other = folder.appendingPathComponent("other-fonts")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try #require(FontContext.bundledFontPath("DejaVuSans.ttf")),
                                         toPath: other.appendingPathComponent("DejaVuSans.ttf").path)
        let byFolder = try runTextlayout(["measure", "--output-format", "json", "x"], environment: ["TEXTLAYOUT_FONTS_DIR": other.path], executable: executable)
        #expect(try fontFile(byFolder) == other.appendingPathComponent("DejaVuSans.ttf").path)
    }
}
