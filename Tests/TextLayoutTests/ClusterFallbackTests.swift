// Fallback for a whole grapheme cluster: a base and its marks take the first font that has them all, and a mark no font has is reported as itself, not as its base.
import Foundation
import Testing
import TextLayout
import TestSupport

@Suite("Cluster fallback")
struct ClusterFallbackTests {
    static let arabic = "NotoSansArabic-Regular.ttf"
    /// A kasra (U+0650) on an opening parenthesis, as a translated string has it: one grapheme cluster.
    static let kasraText = "x (\u{650}C"

    static func bundled(_ file: String) throws -> Font { try bundledFonts.font(path: FontContext.bundledFontPath(file)!) }

    /// The runs of the text's single line, each with its text.
    static func runs(_ text: String, font: Font, language: String? = nil) throws -> [(text: String, run: GlyphRun)] {
        let layout = try PreparedText(text, style: TextStyle(font: font, settings: TextSettings(language: language))).layout()
        let utf16 = Array(text.utf16)
        return layout.lines[0].runs.map { (String(decoding: utf16[$0.utf16Range], as: UTF16.self), $0) }
    }

    @Test("a mark on a character the primary lacks is drawn with its base in the first font that has both, not as a box", arguments: ["ja", "hi"])
    func markTakesTheBasesFont(language: String) throws {
        let primary = try Self.bundled(Self.arabic)
        try #require(!primary.hasGlyph(0x28) && primary.hasGlyph(0x650))
        // The premise: in this language the first fallback with a parenthesis (Noto Sans CJK JP,
        // Noto Sans Devanagari) lacks the kasra, while a later one (DejaVu Sans) has both.
        let forParenthesis = try #require(bundledFonts.fallbackFont(for: 0x28, primary: primary, language: language))
        try #require(!forParenthesis.hasGlyph(0x650), "the fallback for '(' in \(language) is \(forParenthesis.familyName), which has the kasra")
        try #require(try Self.bundled("DejaVuSans.ttf").hasGlyph(0x28) && Self.bundled("DejaVuSans.ttf").hasGlyph(0x650))

        let prepared = try PreparedText(Self.kasraText, style: TextStyle(font: primary, settings: TextSettings(language: language)))
        #expect(prepared.missingGlyphCount == 0, "\(prepared.missingGlyphs)")
        let runs = try Self.runs(Self.kasraText, font: primary, language: language)
        let cluster = try #require(runs.first { $0.text.contains("(\u{650}") }, "the cluster is cut between runs: \(runs.map(\.text))")
        #expect(cluster.run.content.textFont.hasGlyph(0x28) && cluster.run.content.textFont.hasGlyph(0x650), "\(cluster.run.content.textFont.familyName)")
        #expect(cluster.run.missingGlyphCount == 0)
    }

    @Test("a mark no font has stays with its base's font, and the warning names the mark at its own offset", arguments: ["DejaVuSans.ttf", arabic])
    func uncoveredMarkIsNamed(primaryFile: String) throws {
        let primary = try Self.bundled(primaryFile)
        // U+1AB1 COMBINING DIAERESIS-RING: a mark of the inherited script (it joins its base's
        // run) that no bundled font has.
        let mark: Unicode.Scalar = "\u{1AB1}"
        for file in ["DejaVuSans.ttf", "DejaVuSansMono.ttf", Self.arabic, "NotoSansHebrew-Regular.ttf", "NotoSansSymbols2-Regular.ttf",
                     "NotoSansDevanagari-Regular.ttf", "NotoSansCJKjp-Regular.otf"] {
            try #require(!Self.bundled(file).hasGlyph(mark.value), "\(file) has U+1AB1")
        }
        let text = "x (" + String(mark) + "C"
        let prepared = try PreparedText(text, style: TextStyle(font: primary))
        #expect(prepared.missingGlyphs == [MissingGlyph(utf16Offset: 3, scalar: mark)])
        let warning = try #require(prepared.missingGlyphWarning)
        #expect(warning.contains("(U+1AB1 at 3)") && !warning.contains("U+0028"), "\(warning)")
        // The parenthesis is drawn: in the primary when it has it, else in the fallback for it alone.
        let runs = try Self.runs(text, font: primary)
        let cluster = try #require(runs.first { $0.text.unicodeScalars.contains("(") })
        #expect(cluster.run.content.textFont.hasGlyph(0x28))
        if primary.hasGlyph(0x28) { #expect(cluster.run.content.textFont === primary) }
        #expect(cluster.run.missingGlyphCount == 1)
    }

    @Test("measure says nothing of missing glyphs for the kasra on a parenthesis, and names the mark no font has")
    func commandLine() throws {
        let fonts = ["--fonts-dir", FontContext.bundledFontsDirectory!]
        let drawn = try runTextlayout(["measure"] + fonts + ["--language", "ja", "--font", "Noto Sans Arabic", Self.kasraText])
        #expect(drawn.status == 0 && drawn.error.isEmpty, "\(drawn.error)")
        let boxed = try runTextlayout(["measure"] + fonts + ["--font", "Noto Sans Arabic", "x (\u{1AB1}C"])
        #expect(boxed.status == 0 && boxed.error.contains("(U+1AB1 at 3)"), "\(boxed.error)")
    }
}
