// The chromium profile's rules, each on a small case whose answer follows from Chromium's rule (its font data, CSS), and the standard profile unchanged by them.
import Foundation
import Testing
@testable import TextLayout
import TestSupport

// Where the expected numbers come from: the fonts' `hhea` metrics (see LineHeightTests), at 17 px
// DejaVu Sans ascent 15.779785 and descent 4.009277, Noto Sans CJK JP 19.72 and 4.896, no line gap.
// Chromium's SimpleFontData rounds ascent and descent to whole pixels, so its `line-height:
// normal` is 16 + 4 = 20 px in DejaVu Sans (headless Chromium 156 draws each line of the corpus
// study's DejaVu jobs 20 px apart) and 20 + 5 = 25 px in the CJK face.

@Suite("The chromium profile")
struct ChromiumProfileTests {
    static func style(_ profile: LayoutProfile, _ paragraph: ParagraphStyle = ParagraphStyle()) throws -> TextStyle {
        var settings = TextSettings(size: 17, language: "ja", paragraph: paragraph)
        settings.profile = profile
        return try TextStyle(font: isolatedFont("DejaVuSans.ttf"), settings: settings)
    }

    @Test("line-height normal is the rounded ascent plus the rounded descent, the baseline at the rounded ascent")
    func roundedNormalLineHeight() throws {
        let text = "Growing editors guess their height.\n中文の行"
        let layout = try PreparedText(text, style: Self.style(.chromium)).layout(wrapWidth: 120)
        #expect(layout.lines.count == 4)
        for line in layout.lines.prefix(3) {
            #expect(line.height == 20)
            #expect(line.baseline - line.top == 16)
        }
        #expect(layout.lines[3].height == 25 && layout.lines[3].baseline - layout.lines[3].top == 20)
        // The height-only path (the editor's height) adds up the same lines.
        let editor = try PreparedText(text, style: Self.style(.chromium)).measureEditor(editorWidth: 120, sizing: EditorSizing())
        #expect(editor.contentHeight == 85)
        // The standard profile keeps the font's own metrics.
        let standard = try PreparedText(text, style: Self.style(.standard)).layout(wrapWidth: 120)
        #expect(abs(standard.lines[0].height - 19.789062) < 1e-6)
    }

    @Test("a line of DejaVu Sans and CJK is as tall as the rounded ascents and descents allow: 20 above, 5 below")
    func roundedMixedLine() throws {
        let layout = try PreparedText("ab 中文", style: Self.style(.chromium)).layout()
        #expect(layout.lines[0].height == 25 && layout.lines[0].baseline == 20)
    }
}
