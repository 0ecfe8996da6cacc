// A machine with only DejaVu Sans installed draws every script of the corpus and every bundled emoji in a font that has its glyphs, through the bundled fonts; and a --fonts-dir run draws with nothing from outside its folder.
import CHarfBuzz
import Foundation
import Testing
import TextLayout
import TextLayoutIO
import TestSupport

@Suite("A bare machine: the bundled fonts in names and fallback")
struct BareMachineFontTests {
    /// A fontconfig configuration whose only font folder is the system's DejaVu folder (what
    /// `install-deps.sh` installs, fonts-dejavu-core), through `FONTCONFIG_FILE`.
    static func dejaVuOnly(in directory: URL) throws -> [String: String] {
        let dejaVu = "/usr/share/fonts/truetype/dejavu"
        try #require(FileManager.default.fileExists(atPath: dejaVu + "/DejaVuSans.ttf"), "fonts-dejavu-core is not installed")
        let file = directory.appendingPathComponent("fonts.conf")
        try Data("""
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
            <fontconfig><dir>\(dejaVu)</dir><cachedir>\(directory.path)/cache</cachedir></fontconfig>
            """.utf8).write(to: file)
        return ["FONTCONFIG_FILE": file.path]
    }

    /// The family make_jobs.py gives each corpus language (see Benchmarks/Corpus/README.md).
    static let corpusFamilies: [String: String] = [
        "en": "DejaVu Sans", "fr": "DejaVu Sans", "de": "DejaVu Sans", "vi": "DejaVu Sans", "ru": "DejaVu Sans",
        "el": "DejaVu Sans", "emoji": "DejaVu Sans", "ar": "Noto Sans Arabic", "he": "Noto Sans Hebrew",
        "th": "Noto Sans Thai", "hi": "Noto Sans Devanagari", "zh": "Noto Sans CJK SC", "ja": "Noto Sans CJK JP",
        "ko": "Noto Sans CJK KR",
    ]

    /// Every code point the font file at `path` maps to a glyph (HarfBuzz's reading of its cmap).
    static func mappedScalars(_ path: String) throws -> [UInt32] {
        let blob = try #require(hb_blob_create_from_file_or_fail(path))
        defer { hb_blob_destroy(blob) }
        let face = hb_face_create(blob, 0)
        defer { hb_face_destroy(face) }
        let set = hb_set_create()
        defer { hb_set_destroy(set) }
        hb_face_collect_unicodes(face, set)
        var scalars: [UInt32] = []
        var next = UInt32.max  // HB_SET_VALUE_INVALID: start before the first
        while hb_set_next(set, &next) != 0 { scalars.append(next) }
        return scalars
    }

    static func job(_ id: String, _ text: String, font: String?, glyphs: Bool) -> String {
        var writer = JSONWriter()
        writer.object { out in
            out.field("id", id)
            out.field("text", text)
            if let font { out.field("font", font) }
            out.field("width", 240)
            if glyphs { out.field("glyphs", true) }
        }
        return writer.text
    }

    /// The font files a result's runs are drawn in (with `"glyphs": true`), by file name.
    static func runFiles(_ result: JSONValue) -> Set<String> {
        guard case .array(let lines)? = result["lines"] else { return [] }
        var files = Set<String>()
        for line in lines {
            guard case .array(let runs)? = line["runs"] else { continue }
            for run in runs { if case .string(let file)? = run["fontFile"] { files.insert(URL(fileURLWithPath: file).lastPathComponent) } }
        }
        return files
    }

    @Test("with only DejaVu installed, every corpus text in its family and in the default font, and every bundled emoji, is drawn without a missing glyph, in the bundled font of its script")
    func corpusAndEmojiUnderDejaVuOnly() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let environment = try Self.dejaVuOnly(in: directory)
        var jobs: [String] = []
        for (language, family) in Self.corpusFamilies.sorted(by: { $0.key < $1.key }) {
            for (n, text) in try CorpusTexts.texts(language).enumerated() {
                // The first text of each language shows its runs' font files.
                jobs.append(Self.job("\(language)-\(n)", text, font: family, glyphs: n == 0))
                jobs.append(Self.job("\(language)-\(n)-default", text, font: nil, glyphs: n == 0))
            }
        }
        let emojiFont = try #require(FontContext.bundledFontPath("NotoColorEmoji-subset.ttf"))
        let emoji = try Self.mappedScalars(emojiFont).compactMap(Unicode.Scalar.init).filter {
            $0.properties.isEmoji && $0.value > 0x7F && !$0.properties.isEmojiModifier && !(0x1F1E6...0x1F1FF).contains($0.value)
        }
        #expect(emoji.count > 1_300, "the bundled emoji subset maps \(emoji.count) emoji")
        for scalar in emoji {
            // Each emoji alone, in emoji presentation: with VS16 unless it has it by default.
            let text = String(scalar) + (scalar.properties.isEmojiPresentation ? "" : "\u{FE0F}")
            jobs.append(Self.job("emoji-U+\(String(scalar.value, radix: 16))", text, font: nil, glyphs: true))
        }
        let batch = try runTextlayout(["batch"], input: Data((jobs.joined(separator: "\n") + "\n").utf8), environment: environment)
        #expect(batch.status == 0, "\(batch.error.prefix(2000))")
        let results = try outputLines(batch.output).map { try parseJSON($0) }
        try #require(results.count == jobs.count)
        var failures: [String] = []
        for result in results {
            let id = result["id"]?.serialized ?? "?"
            if result["error"] != nil { failures.append("\(id): \(result["error"]!.serialized)"); continue }
            if let missing = result["missingGlyphs"] { failures.append("\(id): \(missing.serialized) missing glyphs") }
            if id.contains("emoji-U+"), Self.runFiles(result) != ["NotoColorEmoji-subset.ttf"] {
                failures.append("\(id): drawn in \(Self.runFiles(result).sorted())")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(results.count) jobs: \(failures.prefix(10))")
        // The first text of each language uses the bundled font of its script: in its family,
        // and in the default font where DejaVu Sans lacks the script (it draws Arabic and Hebrew).
        for (language, file) in CorpusTexts.fonts {
            for suffix in ["", "-default"] where suffix.isEmpty || !["ar", "he"].contains(language) {
                let result = try #require(results.first { $0["id"] == .string("\(language)-0\(suffix)") })
                #expect(Self.runFiles(result).contains(file), "\(language)-0\(suffix) is drawn in \(Self.runFiles(result).sorted())")
            }
        }
    }

    @Test("with only DejaVu installed, the bundled families are known by name and listed by fonts")
    func bundledFamiliesByName() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let environment = try Self.dejaVuOnly(in: directory)
        let hebrew = try runTextlayout(["measure", "--font", "Noto Sans Hebrew", "--output-format", "json", "שלום"], environment: environment)
        #expect(hebrew.status == 0, "\(hebrew.error)")
        let font = try parseJSON(hebrew.output)["font"]
        #expect(font?.serialized.contains("NotoSansHebrew-Regular.ttf") == true, "\(hebrew.output)")
        let fonts = try runTextlayout(["fonts"], environment: environment)
        let families = Set(outputLines(fonts.output))
        for family in ["DejaVu Sans", "DejaVu Serif", "Noto Sans Hebrew", "Noto Sans Thai", "Noto Sans CJK JP", "Noto Color Emoji"] {
            #expect(families.contains(family), "fonts lists \(families.sorted())")
        }
        // A family neither has is still refused, and the message says where it looked.
        let unknown = try runTextlayout(["measure", "--font", "No Such Family", "x"], environment: environment)
        #expect(unknown.status == 1 && unknown.error.contains("no installed or bundled font has the family 'No Such Family'"), "\(unknown.error)")
    }

    @Test("the system's fonts come before the bundled ones: a family both have is the system's")
    func systemFontsFirst() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let environment = try Self.dejaVuOnly(in: directory)
        // DejaVu Sans Bold is in both places: the system's file wins.
        let bold = try runTextlayout(["measure", "--font", "DejaVu Sans:bold", "--output-format", "json", "x"], environment: environment)
        #expect(try parseJSON(bold.output)["font"]?.serialized.contains("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf") == true,
                "\(bold.output)")
    }
}

@Suite("--fonts-dir draws with its folder's fonts only")
struct FontsFolderLimitTests {
    /// A folder holding a copy of one bundled font, and another font file outside it.
    static func folders() throws -> (root: URL, folder: URL, outside: URL) {
        let root = try makeTemporaryDirectory()
        let folder = root.appendingPathComponent("fonts")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try #require(FontContext.bundledFontPath("NotoSansThai-Regular.ttf")),
                                         toPath: folder.appendingPathComponent("NotoSansThai-Regular.ttf").path)
        let outside = root.appendingPathComponent("NotoSansHebrew-Regular.ttf")
        try FileManager.default.copyItem(atPath: try #require(FontContext.bundledFontPath("NotoSansHebrew-Regular.ttf")), toPath: outside.path)
        return (root, folder, outside)
    }

    @Test("a font file outside the folder is refused with a message that names the folder; one inside, the default font and a missing file keep their answers")
    func fileOutsideTheFolder() throws {
        let (root, folder, outside) = try Self.folders()
        defer { try? FileManager.default.removeItem(at: root) }
        for file in [outside.path, "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"] where FileManager.default.fileExists(atPath: file) {
            let run = try runTextlayout(["measure", "--fonts-dir", folder.path, "--font", file, "x"])
            #expect(run.status == 1, "\(file) was accepted: \(run.output)")
            #expect(run.error.contains("is outside the font folder '\(folder.path)'"), "\(run.error)")
            let batch = try runTextlayout(["batch", "--fonts-dir", folder.path], input: Data("{\"text\":\"x\",\"font\":\"\(file)\"}\n".utf8))
            #expect(batch.status == 1 && batch.output.contains("unknownFont") && batch.output.contains(folder.path), "\(batch.output)")
        }
        let inside = try runTextlayout(["measure", "--fonts-dir", folder.path, "--font", folder.appendingPathComponent("NotoSansThai-Regular.ttf").path, "x"])
        #expect(inside.status == 0, "\(inside.error)")
        // A symbolic link inside the folder to a file outside it leads outside.
        let link = folder.appendingPathComponent("link.ttf")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: outside.path)
        let linked = try runTextlayout(["measure", "--fonts-dir", folder.path, "--font", link.path, "x"])
        #expect(linked.status == 1, "\(linked.output)")
        let bundledDefault = try runTextlayout(["measure", "--fonts-dir", folder.path, "x"])
        #expect(bundledDefault.status == 0, "\(bundledDefault.error)")
        let missing = try runTextlayout(["measure", "--fonts-dir", folder.path, "--font", "/no/such/font.ttf", "x"])
        #expect(missing.status == 1 && missing.error.contains("no font file at '/no/such/font.ttf'"), "\(missing.error)")
    }

    @Test("fonts --fonts-dir lists that folder's families, as the unknown-font message advises")
    func fontsListsTheFolder() throws {
        let (root, folder, _) = try Self.folders()
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try runTextlayout(["fonts", "--fonts-dir", folder.path])
        #expect(run.status == 0, "\(run.error)")
        #expect(outputLines(run.output) == ["Noto Sans Thai"], "\(run.output)")
        let unknown = try runTextlayout(["measure", "--fonts-dir", folder.path, "--font", "DejaVu Serif", "x"])
        #expect(unknown.status == 1 && unknown.error.contains("'textlayout fonts --fonts-dir \(folder.path)'"), "\(unknown.error)")
    }
}
