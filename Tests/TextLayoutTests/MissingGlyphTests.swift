// Characters no font has are counted and located, never silent: against an oracle that asks every bundled font, through edits and appends, and in the batch's, measure's, render's and edit's output.
import Foundation
import Testing
import TextLayout
import TextLayoutIO
import TestSupport

@Suite("Missing glyphs are reported")
struct MissingGlyphTests {
    static let bundledFolder = FontContext.bundledFontsDirectory!

    /// Every font file of the bundled folder, loaded: the oracle asks each whether it has a character.
    static func everyBundledFont() throws -> [Font] {
        try FileManager.default.contentsOfDirectory(atPath: bundledFolder).sorted()
            .filter { $0.hasSuffix(".ttf") || $0.hasSuffix(".otf") }
            .map { try bundledFonts.font(path: bundledFolder + "/" + $0) }
    }

    /// Characters of scripts no bundled font draws (Runic, Ogham, Cherokee, Tifinagh, Egyptian
    /// hieroglyphs beyond the BMP, a private-use character), each checked against every bundled font.
    static func uncovered() throws -> [Unicode.Scalar] {
        let fonts = try everyBundledFont()
        let candidates: [Unicode.Scalar] = ["\u{16A0}", "\u{1681}", "\u{13A0}", "\u{2D30}", "\u{13000}", "\u{E000}", "\u{16A1}"]
        let found = candidates.filter { scalar in !fonts.contains { $0.hasGlyph(scalar.value) } }
        try #require(found.count >= 5, "the bundled fonts now cover \(candidates.count - found.count) of the uncovered characters")
        return found
    }

    /// A random text of covered pieces (several scripts, emoji, tabs, soft hyphens, joiners,
    /// newlines) and uncovered characters, and where each uncovered character starts (UTF-16).
    static func randomText(_ random: inout SplitMix, uncovered: [Unicode.Scalar]) -> (String, [MissingGlyph]) {
        let covered = ["word", "שלום", "สวัสดี", "नमस्ते", "日本語", "한국어", "مرحبا", "😀", "👍🏽", "\t", "soft\u{AD}hyphen", "a\u{200D}b",
                       " ", " ", "\n", "e\u{301}"]
        var text = ""
        var utf16 = 0
        var missing: [MissingGlyph] = []
        for _ in 0..<Int.random(in: 1...40, using: &random) {
            let piece: String
            if Int.random(in: 0..<4, using: &random) == 0 {
                let scalar = uncovered.randomElement(using: &random)!
                missing.append(MissingGlyph(utf16Offset: utf16, scalar: scalar))
                piece = String(scalar)
            } else {
                piece = covered.randomElement(using: &random)!
            }
            text += piece
            utf16 += piece.utf16.count
        }
        return (text, missing)
    }

    static func style() throws -> TextStyle {
        try TextStyle(font: bundledFonts.font(path: FontContext.bundledFontPath("DejaVuSans.ttf")!))
    }

    @Test("each character no bundled font has is counted once, at its offset, and the runs that hold them count as many", arguments: Array(UInt64(1)...24))
    func countedAndLocated(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        let (text, missing) = Self.randomText(&random, uncovered: try Self.uncovered())
        let prepared = try PreparedText(text, style: try Self.style())
        let found = prepared.missingGlyphs
        #expect(found == missing, "seed \(seed): \(text.debugDescription)")
        #expect(prepared.missingGlyphCount == missing.count)
        let layout = try prepared.layout(wrapWidth: 120)
        #expect(layout.missingGlyphCount == missing.count)
        let inRuns = layout.lines.reduce(0) { $0 + $1.runs.reduce(0) { $0 + $1.missingGlyphCount } }
        #expect(inRuns == missing.count, "seed \(seed): the runs hold \(inRuns)")
    }

    @Test("edits and appends keep the count and the offsets of a fresh preparation", arguments: Array(UInt64(1)...8))
    func editsAndAppends(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        let uncovered = try Self.uncovered()
        let style = try Self.style()
        var (text, _) = Self.randomText(&random, uncovered: uncovered)
        var prepared = try PreparedText(text, style: style)
        for step in 0..<12 {
            let (piece, _) = Self.randomText(&random, uncovered: uncovered)
            if step % 3 == 2 {
                (prepared, _) = try prepared.appending(piece)
                text += piece
            } else {
                let count = text.utf16.count
                let start = Int.random(in: 0...count, using: &random)
                let end = min(count, start + Int.random(in: 0...6, using: &random))
                // Keep surrogate pairs whole.
                let utf16 = Array(text.utf16)
                guard (start == count || !UTF16.isTrailSurrogate(utf16[start])), (end == count || !UTF16.isTrailSurrogate(utf16[end])) else { continue }
                (prepared, _) = try prepared.replacingCharacters(inUTF16: start..<end, with: piece)
                text = String(decoding: utf16[..<start], as: UTF16.self) + piece + String(decoding: utf16[end...], as: UTF16.self)
            }
            let fresh = try PreparedText(text, style: style)
            #expect(prepared.text == text)
            #expect(prepared.missingGlyphs == fresh.missingGlyphs, "seed \(seed) step \(step)")
        }
    }

    @Test("tabs, controls HarfBuzz hides and default-ignorable characters are not counted; a control drawn as a box is")
    func whatIsNotCounted() throws {
        let prepared = try PreparedText("a\tb\u{AD}c\u{200D}d\u{FE0F}e\u{2060}f", style: try Self.style())
        #expect(prepared.missingGlyphCount == 0)
        #expect(try PreparedText("x\u{1}y", style: try Self.style()).missingGlyphs == [MissingGlyph(utf16Offset: 1, scalar: "\u{1}")])
    }

    @Test("a font whose context is released has no fallback: the characters it lacks are counted, not lost silently")
    func fontOutlivesItsContext() throws {
        let text = "abc \u{3042}\u{3044}\u{3046}"   // Latin, then kana, which DejaVu Sans lacks
        var context: FontContext? = FontContext(fontDirectories: [Self.bundledFolder], includeSystemFonts: false)
        let font = try context!.font(path: Self.bundledFolder + "/DejaVuSans.ttf")
        try #require(!font.hasGlyph(0x3042) && !font.hasGlyph(0x3044) && !font.hasGlyph(0x3046))
        // While the context lives, the kana fall to a bundled Noto Sans CJK.
        #expect(try PreparedText(text, style: TextStyle(font: font)).missingGlyphCount == 0)
        context = nil
        #expect(font.context == nil)
        let orphan = try PreparedText(text, style: TextStyle(font: font))
        #expect(orphan.missingGlyphs.map(\.utf16Offset) == [4, 5, 6], "\(orphan.missingGlyphs)")
        #expect(orphan.missingGlyphWarning != nil)
    }

    @Test("the warning names the characters, their offsets and what to install; nil when all is drawn")
    func warning() throws {
        let uncovered = try Self.uncovered()
        let text = "a" + String(uncovered[0]) + "b" + String(repeating: String(uncovered[1]), count: 6)
        let warning = try #require(try PreparedText(text, style: try Self.style()).missingGlyphWarning)
        #expect(warning.hasPrefix("7 characters have no glyph in any font"), "\(warning)")
        #expect(warning.contains("U+\(String(uncovered[0].value, radix: 16, uppercase: true)) at 1"), "\(warning)")
        #expect(warning.contains("and 2 more") && warning.contains("fonts-noto-core"), "\(warning)")
        #expect(try PreparedText("all drawn", style: try Self.style()).missingGlyphWarning == nil)
    }

    // MARK: the command line

    @Test("the batch's and measure's JSON carry missingGlyphs (per run too) only when there are any; measure and render warn on standard error with exit 0")
    func commandLine() throws {
        let uncovered = try Self.uncovered()
        let text = "tofu " + String(uncovered[0]) + String(uncovered[1])
        let fonts = ["--fonts-dir", Self.bundledFolder]
        var writer = JSONWriter()
        writer.object { $0.field("text", text) }
        let batch = try runTextlayout(["batch"] + fonts, input: Data((writer.text + "\n" + #"{"text":"drawn"}"# + "\n").utf8))
        #expect(batch.status == 0)
        let results = try outputLines(batch.output).map { try parseJSON($0) }
        #expect(results.count == 2 && results[0]["missingGlyphs"] == .number(2, literal: "2") && results[1]["missingGlyphs"] == nil, "\(batch.output)")

        let measure = try runTextlayout(["measure"] + fonts + ["--output-format", "json", text])
        #expect(measure.status == 0)
        #expect(measure.error.hasPrefix("textlayout: warning: 2 characters have no glyph in any font"), "\(measure.error)")
        let json = try parseJSON(measure.output)
        #expect(json["missingGlyphs"] == .number(2, literal: "2"))
        guard case .array(let lines)? = json["lines"], case .array(let runs)? = lines.first?["runs"] else {
            Issue.record("no runs: \(measure.output)")
            return
        }
        // Two scripts, two runs: one missing glyph each.
        #expect(runs.compactMap { $0["missingGlyphs"] } == [.number(1, literal: "1"), .number(1, literal: "1")], "\(measure.output)")
        let clean = try runTextlayout(["measure"] + fonts + ["drawn"])
        #expect(clean.status == 0 && clean.error.isEmpty, "\(clean.error)")

        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let render = try runTextlayout(["render"] + fonts + ["--output", directory.appendingPathComponent("a.png").path, text])
        #expect(render.status == 0 && render.error == measure.error, "\(render.error)")
    }

    @Test("edit says so on standard error when the count changes, and each snapshot carries it")
    func editSession() throws {
        let uncovered = try Self.uncovered()
        var writer = JSONWriter()
        writer.object { $0.field("insert", String(uncovered[0])) }
        let session = #"{"config":{"width":200}}"# + "\n" + #"{"insert":"ok "}"# + "\n" + writer.text + "\n" + #"{"insert":"x"}"# + "\n"
            + #"{"deleteBackward":2}"# + "\n"
        let edit = try runTextlayout(["edit", "--fonts-dir", Self.bundledFolder], input: Data(session.utf8))
        #expect(edit.status == 0, "\(edit.output)")
        let snapshots = try outputLines(edit.output).map { try parseJSON($0) }
        #expect(snapshots.map { $0["missingGlyphs"] } == [nil, nil, .number(1, literal: "1"), .number(1, literal: "1"), nil], "\(edit.output)")
        let warnings = outputLines(edit.error)
        #expect(warnings.count == 1 && warnings[0].hasPrefix("textlayout edit: warning: line 3: 1 character has no glyph"), "\(edit.error)")
    }
}
