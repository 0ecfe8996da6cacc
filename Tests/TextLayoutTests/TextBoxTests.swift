// CSS text-box: the shorthand's grammar, and the trimmed first and last lines, content and editor heights worked out from the fonts' metrics, by both profiles.
import Testing
@testable import TextLayout
import TestSupport

// Where the expected numbers come from
// ------------------------------------
// Read from the font files with Python's `struct` (OS/2, hhea, head), in font units:
//
//   DejaVuSans.ttf             unitsPerEm 2048, ascender 1901, descender −483, OS/2 version 1
//                              (no sCapHeight or sxHeight); the top of the unhinted H is 1493
//                              (FreeType's FT_Outline_Get_CBox, FT_LOAD_NO_HINTING)
//   NotoSansCJKjp-Regular.otf  unitsPerEm 1000, ascender 1160, descender −288, OS/2 version 3,
//                              sCapHeight 733, sxHeight 543
//
// At 17 px: DejaVu's ascent 15.779785 and descent 4.009277 (the chromium profile rounds them to 16
// and 4, a line of 20 px); its H hinted lightly (FT_LOAD_TARGET_LIGHT) tops at 13 px and its x at
// 10 px, which is where Chromium 156 puts the first line's baseline with `text-box: trim-both cap
// alphabetic` and `ex alphabetic` (measured: the first glyph's box 3 and 6 px above the div).
// Noto Sans CJK JP: ascent 19.72, descent 4.896 (rounded 20 and 5); cap height 733 × 17 / 1000 =
// 12.461 (12.46875 in 1/64 px, rounded), x-height 543 × 17 / 1000 = 9.231 (9.234375).

@Suite("Text box")
struct TextBoxTests {
    static let size = 17.0

    static func layout(_ text: String, font: String = "DejaVuSans.ttf", textBox: String, profile: LayoutProfile = .standard,
                       width: Double? = nil) throws -> Layout {
        var settings = TextSettings(size: size, paragraph: ParagraphStyle(textBox: try #require(TextBox(textBox))))
        settings.profile = profile
        return try PreparedText(text, style: TextStyle(font: isolatedFont(font), settings: settings)).layout(wrapWidth: width)
    }

    @Test("the shorthand: a trim and an edge in either order, the trim left out is trim-both, the edge left out auto",
          arguments: [
              ("normal", TextBox.none),
              ("none", TextBox.none),
              ("trim-both", TextBox(trim: .trimBoth)),
              ("trim-start", TextBox(trim: .trimStart)),
              ("trim-end", TextBox(trim: .trimEnd)),
              ("auto", TextBox(trim: .trimBoth)),
              ("trim-both cap alphabetic", TextBox(trim: .trimBoth, edge: TextBoxEdge(over: .cap, under: .alphabetic))),
              ("cap alphabetic", TextBox(trim: .trimBoth, edge: TextBoxEdge(over: .cap, under: .alphabetic))),
              ("ex text trim-start", TextBox(trim: .trimStart, edge: TextBoxEdge(over: .ex, under: .text))),
              ("  trim-end   text  ", TextBox(trim: .trimEnd, edge: .auto)),
              ("ideographic", TextBox(trim: .trimBoth, edge: TextBoxEdge(over: .ideographic, under: .ideographic))),
              ("trim-both ideographic-ink alphabetic", TextBox(trim: .trimBoth, edge: TextBoxEdge(over: .ideographicInk, under: .alphabetic))),
          ])
    func reads(_ text: String, _ expected: TextBox) throws {
        let read = try #require(TextBox(text))
        #expect(read == expected)
        #expect(TextBox(read.description) == read, "\(read.description) reads back")
    }

    @Test("not a text box: an over edge alone, an under edge first, two trims, a trim between the edges, unknown words",
          arguments: ["", "cap", "ex", "alphabetic", "alphabetic cap", "trim-both trim-end", "cap trim-both alphabetic",
                      "trim-both cap alphabetic text", "auto text", "normal trim-both", "trim-both auto auto", "Cap Alphabetic", "leading"])
    func rejects(_ text: String) {
        #expect(TextBox(text) == nil)
    }

    @Test("one line trimmed to cap height and baseline: the unhinted H's top (standard), the hinted one in whole 1/64 px (chromium)")
    func oneLineCapAlphabetic() throws {
        let standard = try Self.layout("Hxg", textBox: "trim-both cap alphabetic")
        let cap = 1493 * Self.size / 2048
        #expect(abs(standard.contentHeight - cap) < 1e-9)
        #expect(abs(standard.lines[0].baseline - cap) < 1e-9 && standard.lines[0].top == 0)
        let chromium = try Self.layout("Hxg", textBox: "trim-both cap alphabetic", profile: .chromium)
        #expect(chromium.contentHeight == 13 && chromium.lines[0].baseline == 13)
        let ex = try Self.layout("Hxg", textBox: "trim-both ex alphabetic", profile: .chromium)
        #expect(ex.contentHeight == 10 && ex.lines[0].baseline == 10)
    }

    @Test("the OS/2 cap height and x-height when the font has them, in both profiles (rounded to 1/64 px by chromium)")
    func tableMetrics() throws {
        let cap = try Self.layout("文字", font: "NotoSansCJKjp-Regular.otf", textBox: "trim-both cap alphabetic")
        #expect(abs(cap.contentHeight - 733 * Self.size / 1000) < 1e-9)
        let capChromium = try Self.layout("文字", font: "NotoSansCJKjp-Regular.otf", textBox: "trim-both cap alphabetic", profile: .chromium)
        #expect(capChromium.contentHeight == 798.0 / 64)
        let ex = try Self.layout("文字", font: "NotoSansCJKjp-Regular.otf", textBox: "trim-start ex alphabetic", profile: .chromium)
        // Only the top is trimmed: the x-height above the baseline, the rounded descent below.
        #expect(ex.contentHeight == 591.0 / 64 + 5 && ex.lines[0].baseline == 591.0 / 64)
    }

    @Test("only the text's first line's top and last line's bottom move: two paragraphs of two lines, every line in between as it was")
    func outerEdgesOnly() throws {
        let text = "Hello there world\nagain and again"
        let plain = try Self.layout(text, textBox: "none", profile: .chromium, width: 80)
        let trimmed = try Self.layout(text, textBox: "trim-both cap alphabetic", profile: .chromium, width: 80)
        try #require(plain.lineCount >= 4 && trimmed.lineCount == plain.lineCount)
        // Untrimmed, every line is 20 px (ascent 16, descent 4); trimmed, the first is 13 + 4 and the last 16 + 0.
        #expect(plain.lines.map(\.height).allSatisfy { $0 == 20 })
        #expect(trimmed.lines[0].height == 17 && trimmed.lines[0].baseline == 13)
        #expect(trimmed.lines[plain.lineCount - 1].height == 16)
        for k in 1..<plain.lineCount {
            #expect(trimmed.lines[k].baseline == plain.lines[k].baseline - 3, "line \(k) moves up by the 3 px trimmed above the first")
            if k < plain.lineCount - 1 { #expect(trimmed.lines[k].height == 20) }
        }
        #expect(trimmed.contentHeight == plain.contentHeight - 3 - 4)
        #expect(trimmed._checkInvariants().isEmpty, "\(trimmed._checkInvariants())")
    }

    @Test("trim-start and trim-end each move one edge; text and auto trim to the ascent and descent")
    func oneSide() throws {
        let text = "Hxg\nsecond"
        let start = try Self.layout(text, textBox: "trim-start cap alphabetic", profile: .chromium)
        #expect(start.contentHeight == 13 + 4 + 20)
        let end = try Self.layout(text, textBox: "trim-end cap alphabetic", profile: .chromium)
        #expect(end.contentHeight == 20 + 16)
        // DejaVu's line gap is 0: its line box is its ascent and descent, and trimming to them changes nothing.
        #expect(try Self.layout(text, textBox: "trim-both", profile: .chromium).contentHeight == 40)
        // Under a 30 px line height the half-leading (5 px each side) goes.
        var settings = TextSettings(size: Self.size, paragraph: ParagraphStyle(lineHeight: .fixed(30), textBox: try #require(TextBox("trim-both text"))))
        settings.profile = .chromium
        let tall = try PreparedText(text, style: TextStyle(font: isolatedFont("DejaVuSans.ttf"), settings: settings)).layout()
        #expect(tall.contentHeight == 60 - 5 - 5 && tall.lines[0].baseline == 16)
    }

    @Test("a clamped text's last kept line is trimmed as the text's last (Chromium 156 with -webkit-line-clamp: 2 gives 33 and 36 px)")
    func clamped() throws {
        func clamped(_ textBox: String, lines: Int) throws -> Layout {
            var settings = TextSettings(size: Self.size, paragraph: ParagraphStyle(lineClamp: lines, textBox: try #require(TextBox(textBox))))
            settings.profile = .chromium
            return try PreparedText("Hxg more words here to wrap", style: TextStyle(font: isolatedFont("DejaVuSans.ttf"), settings: settings))
                .layout(wrapWidth: 80)
        }
        // Two 20 px lines kept: the first 13 + 4, the ellipsis line 16 + 0; trimming the end alone, 20 + 16.
        #expect(try clamped("trim-both cap alphabetic", lines: 2).contentHeight == 33)
        #expect(try clamped("trim-end text alphabetic", lines: 2).contentHeight == 36)
        // One line kept: it is the first and the last, 13 + 0.
        let one = try clamped("trim-both cap alphabetic", lines: 1)
        #expect(one.contentHeight == 13 && one.lines[0].baseline == 13 && one.lines[0].hasEllipsis)
    }

    @Test("the chromium profile trims nothing for an ideographic edge, which Chromium 156 does not parse; the standard profile trims to the em box")
    func ideographic() throws {
        let chromium = try Self.layout("文字", font: "NotoSansCJKjp-Regular.otf", textBox: "ideographic", profile: .chromium)
        #expect(chromium.contentHeight == 25)
        let standard = try Self.layout("文字", font: "NotoSansCJKjp-Regular.otf", textBox: "ideographic")
        // The em box is one em tall, whatever the BASE table puts it at.
        #expect(abs(standard.contentHeight - Self.size) < 1e-9)
    }

    @Test("the editor's height and an edited layout agree with a fresh trimmed layout")
    func editorAndEdits() throws {
        var settings = TextSettings(size: Self.size, paragraph: ParagraphStyle(textBox: try #require(TextBox("trim-both cap alphabetic"))))
        settings.profile = .chromium
        let style = try TextStyle(font: isolatedFont("DejaVuSans.ttf"), settings: settings)
        let prepared = try PreparedText("Hello there world\nagain and again", style: style)
        let sizing = EditorSizing(insets: EdgeInsets(top: 2, left: 3, bottom: 4, right: 5))
        let layout = try prepared.layout(wrapWidth: 80)
        let height = try prepared.editorHeight(editorWidth: 88, sizing: sizing)
        #expect(height.contentHeight == layout.contentHeight && height.height == layout.contentHeight + 6)
        let (edited, edit) = try prepared.replacingCharacters(inUTF16: 0..<5, with: "Hi")
        let updated = try layout.updated(for: edited, after: edit)
        let fresh = try edited.layout(wrapWidth: 80)
        #expect(updated == fresh && updated.contentHeight == fresh.contentHeight)
        let (appended, appendEdit) = try edited.replacingCharacters(inUTF16: edited.text.utf16.count..<edited.text.utf16.count, with: "\nmore")
        #expect(try fresh.updated(for: appended, after: appendEdit) == appended.layout(wrapWidth: 80))
    }
}
