// Font loading and metrics: the bundled fonts' metrics against values read independently with fontTools, and every loading error.
import Foundation
import Testing
import TextLayout
import TestSupport

/// The path of a bundled font; the tests never use system fonts.
func bundledFont(_ file: String) throws -> Font {
    let path = try #require(FontContext.bundledFontPath(file), "Fonts/\(file) is missing")
    return try FontContext.shared.font(path: path)
}

/// Expects `body` to throw `invalidArgument` about `key` alone, with a message that says `part`.
func expectInvalidArgument<T>(key: String, saying part: String, _ body: () throws -> T, sourceLocation: SourceLocation = #_sourceLocation) {
    let error = layoutError(body, sourceLocation: sourceLocation)
    #expect(error?.code == .invalidArgument && error?.keys == [key], "\(String(describing: error))", sourceLocation: sourceLocation)
    #expect(error?.message.contains(part) == true, "'\(part)' not in: \(error?.message ?? "")", sourceLocation: sourceLocation)
}

/// Runs `body` and returns the `LayoutError` it throws (nil, and a recorded issue, when it throws none or another error).
func layoutError<T>(_ body: () throws -> T, sourceLocation: SourceLocation = #_sourceLocation) -> LayoutError? {
    do {
        let value = try body()
        Issue.record("expected a LayoutError, got \(value)", sourceLocation: sourceLocation)
        return nil
    } catch let error as LayoutError {
        return error
    } catch {
        Issue.record("expected a LayoutError, got \(type(of: error)): \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

@Suite("Fonts")
struct FontTests {
    /// One row per bundled font. The numbers were read with fontTools 4.68, independently of the engine:
    ///
    ///     from fontTools.ttLib import TTFont
    ///     t = TTFont("Fonts/DejaVuSans.ttf")
    ///     t["head"].unitsPerEm                                                # 2048
    ///     t["hhea"].ascent, t["hhea"].descent, t["hhea"].lineGap            # 1901, -483, 0
    ///     t["OS/2"].fsSelection & 0x80                                        # 0: USE_TYPO_METRICS off, so hhea is used
    ///     t["OS/2"].sTypoAscender, sTypoDescender, sTypoLineGap              # 1556, -492, 410 (must NOT be used)
    ///     t["hmtx"][t.getBestCmap()[0x20]][0]                                 # space advance
    ///     t["name"].getDebugName(1), getDebugName(2)                          # family, style
    ///
    /// All three files give the same vertical metrics; they differ in names and space advance
    /// (DejaVuSans 651, Bold 713, Mono 1233 units).
    struct MetricsRow: Sendable, CustomTestStringConvertible {
        let file: String
        let family: String
        let style: String
        let spaceAdvance: Int
        var testDescription: String { file }
    }

    static let metricsRows: [MetricsRow] = [
        MetricsRow(file: "DejaVuSans.ttf", family: "DejaVu Sans", style: "Book", spaceAdvance: 651),
        MetricsRow(file: "DejaVuSans-Bold.ttf", family: "DejaVu Sans", style: "Bold", spaceAdvance: 713),
        MetricsRow(file: "DejaVuSansMono.ttf", family: "DejaVu Sans Mono", style: "Book", spaceAdvance: 1233),
    ]

    @Test("metrics come from hhea (USE_TYPO_METRICS is off)", arguments: metricsRows)
    func metrics(_ row: MetricsRow) throws {
        let font = try bundledFont(row.file)
        #expect(font.metrics.unitsPerEm == 2048)
        #expect(font.metrics.ascender == 1901)
        #expect(font.metrics.descender == -483)
        #expect(font.metrics.lineGap == 0)
        #expect(font.metrics.source == "hhea")
        #expect(font.familyName == row.family)
        #expect(font.styleName == row.style)
        #expect(font.spaceAdvance == row.spaceAdvance)
        #expect(font.faceIndex == 0)
    }

    /// Line height = (ascender − descender + lineGap) / unitsPerEm × size = 2384 / 2048 × size.
    @Test("line height at a size", arguments: [
        (17.0, 19.7890625),      // 2384 × 17 / 2048
        (20.48, 23.84),          // 2384 / 100
        (2048.0, 2384.0),
        (10.0, 11.640625),
        (1.0, 2384.0 / 2048.0),
    ])
    func lineHeight(size: Double, expected: Double) throws {
        let font = try bundledFont("DejaVuSans.ttf")
        #expect(abs(font.metrics.lineHeight(size: size) - expected) < 1e-9)
        #expect(abs(font.metrics.ascent(size: size) - 1901.0 * size / 2048) < 1e-9)
        #expect(abs(font.metrics.descent(size: size) - 483.0 * size / 2048) < 1e-9)
        #expect(font.metrics.leading(size: size) == 0)
    }

    /// An empty text laid out in each bundled font is one line of that font's height.
    @Test("an empty layout uses the font's line height", arguments: ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansMono.ttf"])
    func emptyLineHeight(file: String) throws {
        let font = try bundledFont(file)
        let layout = try PreparedText("", font: font, size: 17).layout(wrapWidth: 100)
        #expect(layout.lineCount == 1)
        #expect(abs(layout.contentHeight - 19.7890625) < 1e-9)
    }

    enum BadFile: String, CaseIterable, Sendable, Codable {
        case missing, directory, empty, garbage, truncatedHeader, truncatedFont
    }

    /// Writes the bad file of `kind` into `directory` and returns its path.
    static func write(_ kind: BadFile, in directory: URL) throws -> String {
        let url = directory.appendingPathComponent("font-\(kind.rawValue).ttf")
        switch kind {
        case .missing:
            break
        case .directory:
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        case .empty:
            try Data().write(to: url)
        case .garbage:
            try Data("this is not a font file, just some text that goes on for a while\n".utf8).write(to: url)
        case .truncatedHeader:
            // 12 bytes: the sfnt version and table count, then nothing.
            let real = try Data(contentsOf: URL(fileURLWithPath: #require(FontContext.bundledFontPath("DejaVuSans.ttf"))))
            try real.prefix(12).write(to: url)
        case .truncatedFont:
            // The first 4096 bytes: the table directory is whole, but 'head' (at byte 614156, per
            // fontTools' reader.tables) and every other table it needs lie past the end.
            let real = try Data(contentsOf: URL(fileURLWithPath: #require(FontContext.bundledFontPath("DejaVuSans.ttf"))))
            try real.prefix(4096).write(to: url)
        }
        return url.path
    }

    /// Each load runs first in a child process (an exit test), so that a crash in the engine fails
    /// this test instead of killing the whole test run; only when the child survives is the error
    /// checked in detail here.
    @Test("a file that is not a usable font gives badFontFile", arguments: BadFile.allCases)
    func badFile(_ kind: BadFile) async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try Self.write(kind, in: directory)
        let survived = await #expect(processExitsWith: .success, "loading a \(kind.rawValue) font file must throw, not crash") { [path = path as String] in
            do {
                _ = try FontContext().font(path: path)
                exit(2)  // loaded: wrong
            } catch let error as LayoutError where error.code == .badFontFile {
                exit(0)
            }
        }
        guard survived != nil else { return }
        let context = FontContext()
        let error = layoutError { try context.font(path: path) }
        #expect(error?.code == .badFontFile)
        #expect(error?.message.contains(path) == true, "the message should name the file: \(error?.message ?? "")")
        // font(named:) takes the same path (it contains '/').
        #expect(layoutError { try context.font(named: path) }?.code == .badFontFile)
    }

    @Test("a face index that does not exist gives badFontFile", arguments: [1, 2, 99, -1])
    func badFaceIndex(_ index: Int) async throws {
        let path = try #require(FontContext.bundledFontPath("DejaVuSans.ttf"))
        let survived = await #expect(processExitsWith: .success, "face index \(index) must throw, not crash") { [path = path as String, index = index as Int] in
            do {
                _ = try FontContext().font(path: path, faceIndex: index)
                exit(2)
            } catch let error as LayoutError where error.code == .badFontFile {
                exit(0)
            }
        }
        guard survived != nil else { return }
        let error = layoutError { try FontContext().font(path: path, faceIndex: index) }
        #expect(error?.code == .badFontFile)
        #expect(error?.message.contains("\(index)") == true, "the message should give the index: \(error?.message ?? "")")
    }

    @Test("an unknown family gives unknownFont and points to 'textlayout fonts'", arguments: [
        "No Such Family Xyzzy", "Qwertyuiop Sans:bold", "Zzzz Nonexistent Serif",
    ])
    func unknownFamily(_ family: String) {
        let context = FontContext()
        let error = layoutError { try context.font(family: family) }
        #expect(error?.code == .unknownFont)
        #expect(error?.message.contains("textlayout fonts") == true, "message: \(error?.message ?? "")")
        // A name without '/' or a font extension is a family for font(named:).
        #expect(layoutError { try context.font(named: family) }?.code == .unknownFont)
    }

    @Test("an empty family name gives unknownFont", arguments: ["", "   "])
    func emptyFamily(_ family: String) {
        #expect(layoutError { try FontContext().font(family: family) }?.code == .unknownFont)
    }

    @Test("the same path loads the same instance", arguments: ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansMono.ttf"])
    func sameInstance(_ file: String) throws {
        let path = try #require(FontContext.bundledFontPath(file))
        let context = FontContext()
        let a = try context.font(path: path)
        let b = try context.font(path: path)
        let c = try context.font(named: path)
        #expect(a === b)
        #expect(a === c)
        #expect(a == b)
        #expect(a.path == path)
        #expect(try FontContext.shared.font(path: path) === FontContext.shared.font(path: path))
    }

    @Test("different files load different fonts")
    func differentFiles() throws {
        let regular = try bundledFont("DejaVuSans.ttf")
        let bold = try bundledFont("DejaVuSans-Bold.ttf")
        let mono = try bundledFont("DejaVuSansMono.ttf")
        #expect(regular !== bold)
        #expect(regular != mono)
        #expect(Set([regular, bold, mono]).count == 3)
    }

    @Test("a failed load is not cached: the next good load still works")
    func failureNotCached() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("later.ttf").path
        let context = FontContext()
        #expect(layoutError { try context.font(path: path) }?.code == .badFontFile)
        try FileManager.default.copyItem(atPath: #require(FontContext.bundledFontPath("DejaVuSansMono.ttf")), toPath: path)
        let font = try context.font(path: path)
        #expect(font.familyName == "DejaVu Sans Mono")
    }

    @Test("bundledFontPath finds the bundled files and nothing else")
    func bundledPaths() throws {
        for file in ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansMono.ttf"] {
            let path = try #require(FontContext.bundledFontPath(file))
            #expect(path.hasSuffix("/Fonts/\(file)"))
            #expect(FileManager.default.fileExists(atPath: path))
        }
        #expect(FontContext.bundledFontPath("NoSuchFont-\(UUID().uuidString).ttf") == nil)
    }
}
