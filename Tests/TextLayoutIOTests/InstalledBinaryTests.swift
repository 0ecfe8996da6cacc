// scripts/install.sh: the built `textlayout` installed under a prefix with its resource bundle, run from elsewhere, still finds the bundled fonts.
import Foundation
import Testing
import TextLayout
import TestSupport

@Suite("An installed binary")
struct InstalledBinaryTests {
    /// Runs `bash scripts/install.sh arguments`.
    static func install(_ arguments: [String]) throws -> CommandRun {
        try runProgram(["bash", repositoryRoot.appendingPathComponent("scripts/install.sh").path] + arguments)
    }

    /// Installs the built `textlayout` (the tests' own build, so that nothing is built again)
    /// under a new temporary prefix with scripts/install.sh, and returns the prefix and the
    /// installed command, PREFIX/bin/textlayout.
    func installCopy() throws -> (folder: URL, executable: URL) {
        let built = try #require(textlayoutExecutable(), "build the package first (swift build)")
        let folder = try makeTemporaryDirectory()
        let run = try Self.install([folder.path, "--binary", built.path])
        #expect(run.status == 0, "\(run.error)")
        return (folder, folder.appendingPathComponent("bin/textlayout"))
    }

    /// The font file a `measure --output-format json` run names: the path in "Family (path)".
    func fontFile(_ run: CommandRun) throws -> String {
        let object = try #require(foundationObject(run.output), "\(run.error)")
        let font = try #require(object["font"] as? String)
        let open = try #require(font.lastIndex(of: "("))
        return String(font[font.index(after: open)..<font.index(before: font.endIndex)])
    }

    @Test("the installed command, run from another folder, lays out in the DejaVu Sans of its own resource bundle, not the checkout's Fonts/ or the system's")
    func findsBundledFonts() throws {
        let (folder, executable) = try installCopy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let elsewhere = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        let run = try runTextlayout(["measure", "--output-format", "json", "x"], executable: executable, currentDirectory: elsewhere)
        #expect(run.status == 0, "\(run.error)")
        let file = try fontFile(run)
        let installed = folder.appendingPathComponent("lib/textlayout")
        #expect(file.hasPrefix(installed.resolvingSymlinksInPath().path + "/") || file.hasPrefix(installed.path + "/"), "\(file)")
        #expect(file.hasSuffix("_TextLayoutFonts.resources/Fonts/DejaVuSans.ttf"), "\(file)")
    }

    @Test("install.sh installs again over an installation, and tells a mistake in one line with the README's exit status")
    func installMistakes() throws {
        let built = try #require(textlayoutExecutable(), "build the package first (swift build)")
        let (folder, executable) = try installCopy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let again = try Self.install([folder.path, "--binary", built.path])
        #expect(again.status == 0 && again.output.contains(executable.path), "\(again.output) \(again.error)")
        #expect(try runTextlayout(["version"], executable: executable).status == 0)

        let unbundled = folder.appendingPathComponent("unbundled")
        try FileManager.default.createDirectory(at: unbundled, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: built, to: unbundled.appendingPathComponent("textlayout"))
        let file = folder.appendingPathComponent("a-file")
        try Data().write(to: file)
        for (arguments, status, phrase) in [
            ([String](), Int32(2), "usage: scripts/install.sh PREFIX"),
            ([folder.path, "--binary"], 2, "--binary takes"),
            ([folder.path, "--binaries", built.path], 2, "unknown option --binaries"),
            ([folder.path, "--binary", folder.appendingPathComponent("missing").path], 2, "no textlayout binary"),
            ([folder.path, "--binary", unbundled.appendingPathComponent("textlayout").path], 2, "_TextLayoutFonts.resources"),
            ([file.path + "/prefix", "--binary", built.path], 3, "cannot install"),
        ] {
            let run = try Self.install(arguments)
            #expect(run.status == status, "\(arguments): \(run.error)")
            let lines = run.error.split(separator: "\n")
            #expect(lines.count == 1 && run.error.contains(phrase), "\(arguments): \(run.error)")
        }
    }

    @Test("TEXTLAYOUT_FONTS_DIR and TEXTLAYOUT_DEFAULT_FONT still name other fonts for the installed command")
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
