// Checks the min-content and max-content widths against layouts at the widths they name, the grapheme clusters laid out alone, and the batch key that reports them.
import Foundation
import Testing
import TextLayout
import TextLayoutIO
import TestSupport

@Suite("Intrinsic widths (min-content, max-content)")
struct IntrinsicWidthTests {
    static let texts = [
        "Supercalifragilisticexpialidocious",
        "Hello world, this is a text that wraps.",
        "Профили PAM с устаревшими модулями отключены",
        "a\nb c d e f g\n\nWWW",
        "tabs\tand\twords in a line",
        "mixed العربية and English",
        "日本語のテキストです",
    ]

    static func style(_ profile: LayoutProfile = .standard, indent: Double = 0) throws -> TextStyle {
        var settings = TextSettings(size: 17)
        settings.profile = profile
        settings.paragraph.indent = indent
        let fonts = try bundledFonts.fonts(familyList: "DejaVu Sans, Noto Sans Arabic, Noto Sans CJK JP", selection: FontSelection(), size: 17)
        return try TextStyle(fonts: fonts, settings: settings)
    }

    static func widths(_ text: String, _ profile: LayoutProfile = .standard) throws -> IntrinsicWidths {
        try PreparedText(text, style: style(profile)).intrinsicWidths()
    }

    @Test("a long word's min-content width is its widest grapheme cluster laid out alone")
    func longWordMinContent() throws {
        let word = "Supercalifragilisticexpialidocious"
        let widest = try word.map { try PreparedText(String($0), style: Self.style()).layout().widestLineWidth }.max()!
        let widths = try Self.widths(word)
        #expect(widths.minContent == widest)
        #expect(widths.maxContent == (try PreparedText(word, style: Self.style()).layout().widestLineWidth))
    }

    @Test("max-content is the widest line at no width limit, and the spaces at a paragraph's end count in it", arguments: texts)
    func maxContentUnwrapped(_ text: String) throws {
        let prepared = try PreparedText(text, style: Self.style())
        #expect(try prepared.intrinsicWidths().maxContent == prepared.layout().widestLineWidth)
        let spaced = try Self.widths(text + "   ").maxContent
        let lastParagraph = String(text.split(separator: "\n", omittingEmptySubsequences: false).last!)
        let lastAlone = try Self.widths(lastParagraph + "   ").maxContent
        #expect(spaced == max(try prepared.intrinsicWidths().maxContent, lastAlone))
        #expect(lastAlone > (try Self.widths(lastParagraph).maxContent) + 10, "three spaces at 17 px are over 10 px wide")
        #expect(try Self.widths("   ").minContent == 0)
    }

    @Test("laid out at min-content no line overflows and at max-content each paragraph is one line (standard profile)",
          arguments: texts, [0.0, 12])
    func layoutsAtTheWidths(_ text: String, indent: Double) throws {
        let prepared = try PreparedText(text, style: Self.style(indent: indent))
        let widths = try prepared.intrinsicWidths()
        #expect(widths.minContent > 0 && widths.minContent <= widths.maxContent)
        let narrow = try prepared.layout(wrapWidth: widths.minContent)
        for line in narrow.lines { #expect(line.width + narrow.indent(of: line) <= widths.minContent + Layout.fitTolerance, "\(text)") }
        let wide = try prepared.layout(wrapWidth: widths.maxContent)
        #expect(wide.lineCount == text.split(separator: "\n", omittingEmptySubsequences: false).count, "\(text)")
        // Any narrower, a line breaks or overflows.
        let narrower = try prepared.layout(wrapWidth: widths.maxContent - 0.5)
        #expect(narrower.lineCount > wide.lineCount || narrower.lines.contains { $0.width + narrower.indent(of: $0) > widths.maxContent - 0.5 })
    }

    @Test("an inline object is a piece of its own: min-content is at least its width")
    func inlineObject() throws {
        let prepared = try PreparedText("ab\u{FFFC}cd", style: Self.style(), inlineObjects: [InlineObject(width: 40, height: 10)])
        let widths = try prepared.intrinsicWidths()
        #expect(widths.minContent == 40)
        #expect(widths.maxContent > 40 + 20)
    }

    @Test("the chromium profile measures clusters as shaped in context and sizes in whole 1/64 px units, up, a run of one direction at a time", arguments: texts)
    func chromiumProfile(_ text: String) throws {
        let widths = try Self.widths(text, .chromium)
        #expect((widths.minContent * 64).rounded() == widths.minContent * 64 && (widths.maxContent * 64).rounded() == widths.maxContent * 64)
        let exact = try PreparedText(text, style: Self.style(.chromium)).layout().widestLineWidth
        // Each run of one bidi level is rounded up on its own: "mixed العربية and English" has three.
        let levelRuns = text.unicodeScalars.contains { $0.properties.generalCategory == .otherLetter && (0x0600...0x06FF).contains($0.value) } ? 3.0 : 1.0
        #expect(widths.maxContent >= exact && widths.maxContent - exact < levelRuns / 64)
    }

    // Headless Chromium 156, DejaVu Sans 17 px: `width: min-content` of "Wo" is 15.828125 (W's
    // advance less its kerning with o), of "fi" 10.71875 (the ligature is one piece), and of
    // "abc   " 10.796875 with `max-content` 46.78125 (the spaces count).
    @Test("the chromium profile gives Chromium's min-content and max-content of a few texts")
    func chromiumFigures() throws {
        let dejaVu = { (text: String) throws -> IntrinsicWidths in
            var settings = TextSettings(size: 17)
            settings.profile = .chromium
            return try PreparedText(text, style: TextStyle(font: bundledFonts.font(path: FontContext.bundledFontPath("DejaVuSans.ttf")!),
                                                           settings: settings)).intrinsicWidths()
        }
        #expect(try dejaVu("Wo") == IntrinsicWidths(minContent: 15.828125, maxContent: 26.21875))
        #expect(try dejaVu("fi").minContent == 10.71875)
        #expect(try dejaVu("abc   ") == IntrinsicWidths(minContent: 10.796875, maxContent: 46.78125))
        #expect(try dejaVu("   ") == IntrinsicWidths(minContent: 0, maxContent: 16.21875))
    }

    // Headless Chromium 156, DejaVu Sans 17 px, `overflow-wrap: normal`: `width: min-content` of
    // "ab", a soft hyphen, "i" is 1,751/64 px, of "AV", a soft hyphen, "i" 1,789/64 (measured).
    @Test("under overflow-wrap normal the chromium profile's min-content piece before a soft hyphen counts the hyphen, each rounded up on its own")
    func softHyphenPiece() throws {
        let minContent = { (text: String, hyphens: Hyphens) throws -> Double in
            var settings = TextSettings(size: 17)
            settings.profile = .chromium
            settings.paragraph.overflowWrap = .normal
            settings.hyphens = hyphens
            return try PreparedText(text, style: TextStyle(font: bundledFonts.font(path: FontContext.bundledFontPath("DejaVuSans.ttf")!),
                                                           settings: settings)).intrinsicWidths().minContent
        }
        // DejaVu Sans's advances (2,048 units an em): a 1,255, b 1,300, the hyphen U+2010 739.
        let units = { (advance: Double) in (advance * 17 / 2048 * 64).rounded(.up) / 64 }
        #expect(try minContent("ab\u{AD}i", .manual) == units(1255 + 1300) + units(739))
        #expect(units(1255 + 1300) + units(739) == 1751.0 / 64 && units(1255 + 1300 + 739) == 1750.0 / 64)
        // The word keeps its advances as shaped before the soft hyphen: V kerned against it.
        #expect(try minContent("AV\u{AD}i", .manual) == 1789.0 / 64)
        // Without hyphens a soft hyphen is no break opportunity: the piece is the whole word.
        #expect(try minContent("ab\u{AD}i", .none) == minContent("abi", .none))
    }

    @Test("the batch reports minContent and maxContent (editor widths) only when asked, after the shrink-wrap width")
    func batchKey() throws {
        let plain = batchResult(#"{"text":"abc def","width":100}"#)
        #expect(plain.succeeded && !plain.json.contains("minContent") && !plain.json.contains("maxContent"))
        let off = batchResult(#"{"text":"abc def","width":100,"intrinsicWidths":false}"#)
        #expect(off.json == plain.json)
        let asked = batchResult(#"{"text":"abc def","width":100,"intrinsicWidths":true,"insets":{"left":3,"right":4}}"#)
        let object = try #require(JSONSerialization.jsonObject(with: Data(asked.json.utf8)) as? [String: Any])
        let widths = try Self.widthsInDefaultFont("abc def")
        #expect(object["minContent"] as? Double == widths.minContent + 7)
        #expect(object["maxContent"] as? Double == widths.maxContent + 7)
        #expect(asked.json.range(of: "\"minContent\"")!.lowerBound > asked.json.range(of: "\"isScrollable\"")!.lowerBound)
    }

    static func widthsInDefaultFont(_ text: String) throws -> IntrinsicWidths {
        var request = LayoutRequest(text: text)
        request.intrinsicWidths = true
        return try #require(try request.measure(in: bundledFonts).intrinsicWidths)
    }
}
