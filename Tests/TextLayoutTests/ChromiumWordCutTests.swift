// Checks where the chromium profile cuts a word inside and how wide each piece is (Arabic shaped in context, break-all after marks), with expectations worked out from the fonts' advances and Chromium's rules.
import Testing
@testable import TextLayout
import TestSupport

// Where the numbers come from. `الاستقلالية` (11 letters, one UTF-16 unit each) in Noto Sans
// Arabic (1,000 units a em) shapes, joined, into nine glyphs whose `hmtx` advances (no GPOS
// adjustment in this word) are, in logical order:
//
//   ا 238 | لا 582 (the lam-alef ligature, offsets 1 and 2) | س 784 | ت 373 | ق 495 |
//   لا 599 (offsets 6 and 7) | ل 260 | ي 373 | ة 486
//
// At 17 px a unit is 0.017 px. Chromium's line breaker measures a line's end by shaping it again
// with the text around it as HarfBuzz's context, so each letter keeps its joined form and its
// advance on both sides of a cut (headless Chromium 156: lines of 27.28, 29.36 and 14.61 px at
// 30 px, as `Range.getClientRects` reports them in 1/64 px). Greedily at 30 px:
//
//   from 0: ا لا س = 1,604 units, 27.268 px; with ت 1,977 units, 33.609 px > 30: cut at 4.
//   from 4: ت ق لا ل = 1,727 units, 29.359 px; with ي 2,100 units, 35.7 px > 30: cut at 9.
//   from 9: ي ة = 859 units, 14.603 px.
//
// Shaped alone instead (the standard profile), `الاس` ends in a final `س`, 34.49 px, and does not
// fit: the first line ends after `الا`.

@Suite("The chromium profile's word cuts")
struct ChromiumWordCutTests {
    static let word = "الاستقلالية"

    static func style(_ profile: LayoutProfile, font: String, _ configure: (inout TextSettings) -> Void = { _ in }) throws -> TextStyle {
        var settings = TextSettings(size: 17)
        settings.profile = profile
        configure(&settings)
        return try TextStyle(font: isolatedFont(font), settings: settings)
    }

    static func arabic(_ profile: LayoutProfile) throws -> TextStyle { try style(profile, font: "NotoSansArabic-Regular.ttf") }

    @Test("an Arabic word too wide for its line is cut where its joined advances stop fitting, each piece as wide as its joined glyphs")
    func arabicCutInContext() throws {
        let layout = try PreparedText(Self.word, style: Self.arabic(.chromium)).layout(wrapWidth: 30)
        #expect(layout.lines.map(\.utf16Range.lowerBound) == [0, 4, 9])
        let units = [238 + 582 + 784, 373 + 495 + 599 + 260, 373 + 486]
        for (line, width) in zip(layout.lines, units) {
            #expect(abs(line.width - Double(width) * 0.017) < 1e-9, "\(line.utf16Range): \(line.width), not \(Double(width) * 0.017)")
        }
        // The pieces are drawn in their joined forms: a glyph run's advances add up to the line's width.
        for line in layout.lines {
            let drawn = layout.glyphRuns(of: line).reduce(0.0) { $0 + $1.width }
            #expect(abs(drawn - line.width) < 1e-9)
        }
        // The height-only path breaks the same lines.
        #expect(try PreparedText(Self.word, style: Self.arabic(.chromium)).editorHeight(editorWidth: 30).lineCount == 3)
    }

    @Test("the standard profile measures a cut Arabic word's pieces shaped alone: the first line stops before the final seen")
    func arabicCutAlone() throws {
        let alone = try PreparedText("الاس", style: Self.arabic(.standard)).layout().lines[0].width
        try #require(alone > 30, "\(alone)")
        let layout = try PreparedText(Self.word, style: Self.arabic(.standard)).layout(wrapWidth: 30)
        #expect(layout.lines.first?.utf16Range == 0..<3)
        #expect(abs(layout.lines[0].width - Double(238 + 582) * 0.017) < 1e-9, "ا and the lam-alef end the line alone as joined")
    }

    // Headless Chromium 156 at 10 px: `لا` at offsets 6 and 7 (599 units, 10.183 px) does not fit,
    // so the cut falls inside the ligature, between its two letters (a grapheme boundary): the
    // lam alone on a line, then alef and lam, each in the form the word gives it.
    @Test("a cut inside the lam-alef ligature at 10 px splits it into its letters, as Chromium does")
    func arabicCutInsideLigature() throws {
        let layout = try PreparedText(Self.word, style: Self.arabic(.chromium)).layout(wrapWidth: 10)
        #expect(layout.lines.map(\.utf16Range.lowerBound) == [0, 1, 3, 4, 5, 6, 7, 9, 10])
        // The lam-alef at 1 and 2 (582 units, 9.894 px) fits whole; the piece of 8 and 9 is a lam
        // (260) and a yeh (373), both medial: 10.761 px > 10, so 9 starts a line of its own.
        #expect(abs(layout.lines[1].width - 582 * 0.017) < 1e-9)
    }

    // At 50 px: ا لا س ت ق = 2,472 units, 42.024 px. The next cluster, the lam-alef at offsets 6
    // and 7, ends at 42.024 + 10.183 = 52.207 px, past the room, so Chromium's search for the
    // line's end starts at 6, before it, and never tries the boundary between its lam and alef
    // (though the lam shaped again, 47.13 px, would fit). The rest, لا ل ي ة, is 1,718 units,
    // 29.206 px (headless Chromium 156: 42.03 and 29.22 px in 1/64 px).
    @Test("a line ends inside a ligature only when the whole ligature fits as shaped in the word")
    func arabicLigatureWaitsToFitWhole() throws {
        let layout = try PreparedText(Self.word, style: Self.arabic(.chromium)).layout(wrapWidth: 50)
        #expect(layout.lines.map(\.utf16Range.lowerBound) == [0, 6])
        #expect(abs(layout.lines[0].width - 2472 * 0.017) < 1e-9)
        #expect(abs(layout.lines[1].width - 1718 * 0.017) < 1e-9)
        // So under line-break: anywhere, where every grapheme boundary is a break opportunity.
        let anywhere = try Self.style(.chromium, font: "NotoSansArabic-Regular.ttf") { $0.lineBreak = .anywhere }
        #expect(try PreparedText(Self.word, style: anywhere).layout(wrapWidth: 50).lines.map(\.utf16Range.lowerBound) == [0, 6])
    }

    // `e` U+0301 `b` four times in DejaVu Sans at 17 px: `éb` is 21.25 px, `ébé` 31.71. Blink's
    // break-all table has no row for a combining mark, and its line breaker reads the character
    // right before each position: no break after the accent, one after each `b` (headless Chromium
    // 156 at 33 px: lines `éb`). The standard profile counts the accent as its `e` and breaks there.
    @Test("break-all adds no break after a combining mark in the chromium profile; the standard profile does")
    func breakAllAfterMark() throws {
        let text = String(repeating: "e\u{301}b", count: 4)
        func starts(_ profile: LayoutProfile) throws -> [Int] {
            let style = try Self.style(profile, font: "DejaVuSans.ttf") { $0.wordBreak = .breakAll }
            return try PreparedText(text, style: style).layout(wrapWidth: 33).lines.map(\.utf16Range.lowerBound)
        }
        #expect(try starts(.chromium) == [0, 3, 6, 9])
        #expect(try starts(.standard) == [0, 5, 9])
    }

    // `सेटपैराम`: स े ट प ै र ा म, the vowel signs े (U+0947) and ै (U+0948) nonspacing marks, ा
    // (U+093E) a spacing one, each 3 bytes of UTF-8. Break-all's table puts a break between two
    // letters (ट|प, after byte 9); the standard profile also after a nonspacing mark (से|ट at 6,
    // पै|र at 15) but not after the spacing ा; the chromium profile after no mark at all.
    @Test("break-all opportunities inside a Devanagari word: none after a vowel sign in the chromium profile")
    func breakAllDevanagari() throws {
        let text = "सेटपैराम"
        func breaks(_ profile: LayoutProfile) throws -> [Int] {
            let style = try Self.style(profile, font: "NotoSansDevanagari-Regular.ttf") { $0.wordBreak = .breakAll }
            let bytes = Array(text.utf8)
            return try bytes.withUnsafeBufferPointer { try lineBreaks($0, in: 0..<bytes.count, style: style) }
        }
        #expect(try breaks(.chromium) == [9, 24])
        #expect(try breaks(.standard) == [6, 9, 15, 24])
    }
}
