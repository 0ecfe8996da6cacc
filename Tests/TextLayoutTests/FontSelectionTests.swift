// Choosing fonts through fontconfig: CSS weights, and a context limited to a font folder that works without complaints on standard error.
import Foundation
import Glibc
import Testing
@testable import TextLayout
import TestSupport

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

    @Test("a family name is matched by fontconfig once per weight, slant and width asked for, and answers alike after")
    func namesMatchedOnce() throws {
        let bundled = try #require(FontContext.bundledFontsDirectory)
        let context = FontContext(fontDirectories: [bundled], includeSystemFonts: false)
        let matched = { context.state.withLock { $0.matches.count } }
        let book = try context.font(family: "DejaVu Sans")
        #expect(matched() == 1)
        // A batch asks for the same family at every job's size: no new match.
        for size in [12.0, 17, 40] {
            let list = try context.fonts(familyList: "DejaVu Sans, DejaVu Sans Mono", selection: FontSelection(), size: size)
            #expect(list.primary.familyName == "DejaVu Sans" && list.primary.styleName == "Book")
        }
        #expect(matched() == 2, "the list's second family is the one new name")
        #expect(try context.font(family: "DejaVu Sans") === book)
        let bold = try context.font(family: "DejaVu Sans", weight: 700)
        #expect(bold.styleName == "Bold" && matched() == 3)
        #expect(try context.font(family: "DejaVu Sans", weight: 700) === bold && matched() == 3)
        // An unknown family is an error each time, and remembers nothing.
        #expect(throws: LayoutError.self) { try context.font(family: "No Such Family 123") }
        #expect(throws: LayoutError.self) { try context.font(family: "No Such Family 123") }
        #expect(matched() == 3)
    }

    /// The bundled fonts have DejaVu Sans Book (400) and Bold (700): fontconfig picks the nearer
    /// after FcWeightFromOpenTypeDouble (500 → 100 "medium" is nearer Book's 80; 600 → 180
    /// "demibold" is nearer Bold's 200).
    @Test("a CSS weight picks the face of that weight", arguments: [
        (100.0, "Book"), (400, "Book"), (500, "Book"), (600, "Bold"), (700, "Bold"), (900, "Bold"),
    ])
    func cssWeight(_ weight: Double, _ style: String) throws {
        let font = try bundledFonts.font(named: "DejaVu Sans", weight: weight)
        #expect(font.familyName == "DejaVu Sans")
        #expect(font.styleName == style)
    }

    @Test("the weight in a pattern is fontconfig's scale: weight=200 is bold, and the CSS weight replaces it")
    func fontconfigScale() throws {
        #expect(try bundledFonts.font(named: "DejaVu Sans:weight=200").styleName == "Bold")
        #expect(try bundledFonts.font(named: "DejaVu Sans:weight=200", weight: 400).styleName == "Book")
    }

    @Test("a weight out of range, or with a font file, is an invalidArgument error", arguments: [
        ("DejaVu Sans", 0.0), ("DejaVu Sans", 1001), ("DejaVu Sans", .nan), ("DejaVu Sans", .infinity), ("DejaVu Sans", -400),
        (FontContext.bundledFontPath("DejaVuSans.ttf")!, 700),
    ])
    func badWeight(_ name: String, _ weight: Double) throws {
        #expect {
            _ = try bundledFonts.font(named: name, weight: weight)
        } throws: { error in
            guard let error = error as? LayoutError, error.code == .invalidArgument else { return false }
            return error.message.hasPrefix("weight ")
        }
    }
}

