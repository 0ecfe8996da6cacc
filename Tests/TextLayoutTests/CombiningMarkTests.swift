// Long runs of combining marks (text that is not stream-safe) are shaped in pieces, and still lay out as one cluster.
import Testing
@testable import TextLayout
import TestSupport

@Suite("Long combining sequences")
struct CombiningMarkTests {
    @Test("a base with thousands of marks is one line as wide as the base, every mark kept", arguments: [100, 2000, 5000, 40000])
    func marks(count: Int) throws {
        let font = try bundledFonts.font(path: FontContext.bundledFontPath("DejaVuSans.ttf")!)
        let text = "a" + String(repeating: "\u{301}", count: count) + " b"
        let prepared = try PreparedText(text, font: font, size: 17)
        let layout = try prepared.layout(wrapWidth: 30)
        let base = try PreparedText("a", font: font, size: 17).layout().widestLineWidth
        // "a"+marks does not fit with " b" at 30 px? It does: the marks take no room.
        #expect(layout.lines[0].utf16Range.lowerBound == 0)
        #expect(layout.lines.last?.utf16Range.upperBound == text.utf16.count)
        #expect(abs(try PreparedText(text.dropLast(2).description, font: font, size: 17).layout().widestLineWidth - base) < 1e-9)
        // No mark is dropped, whether the run was shaped whole or in pieces: HarfBuzz composes "a"
        // and the first acute into "á" (DejaVu has it), and every other scalar keeps its glyph.
        #expect(prepared.paragraphs[0].glyphs.count == text.unicodeScalars.count - 1)
    }
}
