// Layouts, lines, glyph runs and editor measurements compare equal exactly when they show the same.
import Testing
import TextLayout
import TestSupport

@Suite("Layout equality")
struct LayoutEqualityTests {
    static let text = "Prepare once, lay out at any width: a longer message wraps.\nשָׁלוֹם 123 and more"

    @Test("two layouts of the same text at the same width are equal, with runs or without")
    func sameText() throws {
        let font = try isolatedFont("DejaVuSans.ttf")
        for glyphRuns in [true, false] {
            // Two separate preparations in a context without caches: equal by value, not by sharing.
            let first = try PreparedText(Self.text, style: TextStyle(font: uncachedBundledFonts.font(path: font.path)))
            let second = try PreparedText(String(Self.text), style: TextStyle(font: uncachedBundledFonts.font(path: font.path)))
            let a = try first.layout(wrapWidth: 150, lineSpace: 2, glyphRuns: glyphRuns)
            let b = try second.layout(wrapWidth: 150, lineSpace: 2, glyphRuns: glyphRuns)
            #expect(a.lineCount > 2)
            #expect(a == b)
            #expect(a.lines == b.lines)
            #expect(a.lines.map(\.runs) == b.lines.map(\.runs))
            #expect(try first.measureEditor(editorWidth: 170, glyphRuns: glyphRuns) == second.measureEditor(editorWidth: 170, glyphRuns: glyphRuns))
        }
    }

    @Test("layouts at different widths are not equal, nor their lines or editor measurements")
    func differentWidths() throws {
        let prepared = try PreparedText(Self.text, style: TextStyle(font: isolatedFont("DejaVuSans.ttf")))
        let narrow = try prepared.layout(wrapWidth: 150)
        let wide = try prepared.layout(wrapWidth: 300)
        #expect(narrow.lineCount != wide.lineCount)
        #expect(narrow != wide)
        #expect(narrow.lines[0] != wide.lines[0])
        #expect(try prepared.measureEditor(editorWidth: 170) != prepared.measureEditor(editorWidth: 320))
        // The same lines at another wrap width: the layouts differ in the width they were filled to.
        let otherWidth = (150 + narrow.stableWidthRange.upperBound) / 2
        try #require(otherWidth > 150 && narrow.stableWidthRange.contains(otherWidth))
        let wider = try prepared.layout(wrapWidth: otherWidth)
        #expect(wider.lines == narrow.lines)
        #expect(wider != narrow)
    }

    @Test("a line spacing, a size, a glyph run or an alignment that differs makes layouts differ")
    func otherDifferences() throws {
        let font = try isolatedFont("DejaVuSans.ttf")
        let prepared = try PreparedText(Self.text, style: TextStyle(font: font))
        let layout = try prepared.layout(wrapWidth: 150)
        #expect(layout != (try prepared.layout(wrapWidth: 150, lineSpace: 1)))
        #expect(layout != (try PreparedText(Self.text, style: TextStyle(font: font, settings: TextSettings(size: 18))).layout(wrapWidth: 150)))
        #expect(layout != (try prepared.layout(wrapWidth: 150, glyphRuns: false)))
        // One line that fits either way, placed otherwise: the lines are equal, the layouts not.
        let short = try PreparedText("short", style: TextStyle(font: font)).layout(wrapWidth: 150)
        let centred = try PreparedText("short", style: TextStyle(font: font, settings: TextSettings(paragraph: ParagraphStyle(alignment: .center))))
            .layout(wrapWidth: 150)
        #expect(short.lines == centred.lines && short != centred)
        var moved = layout.lines[0].runs[0]
        moved.x += 0.5
        #expect(moved != layout.lines[0].runs[0])
    }

    /// In a monospaced font without glyph runs, "x" and "y" give lines alike in every number:
    /// only their characters tell them apart. Canonically equivalent texts are different texts.
    @Test("lines and layouts compare their characters by code units")
    func characters() throws {
        let style = try TextStyle(font: isolatedFont("DejaVuSansMono.ttf"))
        let x = try PreparedText("ab\nx", style: style).layout(glyphRuns: false)
        let y = try PreparedText("ab\ny", style: style).layout(glyphRuns: false)
        #expect(x.lines[0] == y.lines[0])
        #expect(x.lines[1].width == y.lines[1].width && x.lines[1].utf16Range == y.lines[1].utf16Range)
        #expect(x.lines[1] != y.lines[1])
        #expect(x != y)
        let composed = try PreparedText("caf\u{E9}", style: style).layout(glyphRuns: false)
        let decomposed = try PreparedText("cafe\u{301}", style: style).layout(glyphRuns: false)
        #expect(composed != decomposed)
    }
}
