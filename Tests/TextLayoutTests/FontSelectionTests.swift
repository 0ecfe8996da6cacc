// Choosing fonts through fontconfig: a context limited to a font folder works without complaints on standard error.
import Foundation
import Glibc
import Testing
import TextLayout

/// What the process writes to standard error (file descriptor 2) while `body` runs.
func capturingStandardError(_ body: () throws -> Void) throws -> String {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("stderr").path
    let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    try #require(file >= 0)
    fflush(nil)
    let saved = dup(2)
    dup2(file, 2)
    close(file)
    defer {
        fflush(nil)
        dup2(saved, 2)
        close(saved)
    }
    try body()
    fflush(nil)
    return String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
}

@Suite("Font selection")
struct FontSelectionTests {
    @Test("a context limited to a font folder gives fontconfig a cache it can write, so it prints nothing")
    func quietFontFolder() throws {
        let bundled = try #require(FontContext.bundledFontsDirectory)
        var family = ""
        let printed = try capturingStandardError {
            let context = FontContext(fontDirectories: [bundled], includeSystemFonts: false)
            family = try context.font(family: "DejaVu Sans:bold").familyName
            _ = context.availableFamilies()
        }
        #expect(family == "DejaVu Sans")
        #expect(!printed.contains("Fontconfig error"), "\(printed)")
    }
}
