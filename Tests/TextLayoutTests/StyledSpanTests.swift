// Styled spans: their font, size, features, letter spacing and attributes reach shaping, widths, heights and glyph runs.
import Testing
import TextLayout
import TestSupport

@Suite("Styled spans")
struct StyledSpanTests {
    var regular: Font { get throws { try bundledFonts.font(path: FontContext.bundledFontPath("DejaVuSans.ttf")!) } }
    var bold: Font { get throws { try bundledFonts.font(path: FontContext.bundledFontPath("DejaVuSans-Bold.ttf")!) } }

    func width(_ text: String, spans: [StyledSpan] = []) throws -> Double {
        try PreparedText(text, style: TextStyle(font: regular), spans: spans).layout().widestLineWidth
    }

    @Test("letter spacing adds its amount after every grapheme cluster")
    func letterSpacing() throws {
        let plain = try width("abc e\u{301}")
        let spaced = try width("abc e\u{301}", spans: [StyledSpan(range: 0..<6, letterSpacing: 2)])
        // Five clusters: a, b, c, space, é (e + combining acute is one cluster).
        #expect(abs(spaced - (plain + 5 * 2)) < 1e-9)
        let glyphs = try PreparedText("ab", style: TextStyle(font: regular), spans: [StyledSpan(range: 0..<2, letterSpacing: 3)])
            .layout().lines[0].runs.flatMap(\.glyphs)
        #expect(abs(glyphs.reduce(0) { $0 + $1.advance } - (try width("ab") + 6)) < 1e-9)
    }

    @Test("turning kerning off widens a kerned pair")
    func features() throws {
        let kerned = try width("AVAV")
        let unkerned = try width("AVAV", spans: [StyledSpan(range: 0..<4, features: [try FontFeature("kern", 0)])])
        #expect(unkerned > kerned + 1)
        // The same text without the span still comes back kerned: caches tell the two apart.
        #expect(try width("AVAV") == kerned)
    }

    @Test("a span's font and size shape its text, and the line takes its height")
    func fontAndSize() throws {
        let text = "plain BOLD plain"
        let style = try TextStyle(font: regular)
        let prepared = try PreparedText(text, style: style, spans: [StyledSpan(range: 6..<10, font: bold, size: 34)])
        let line = try prepared.layout().lines[0]
        let boldRun = line.runs.first { $0.utf16Range.lowerBound == 6 }
        #expect(boldRun?.content.textFont === (try bold))
        #expect(boldRun?.size == 34)
        let expectedHeight = (try bold).metrics.lineHeight(size: 34)
        #expect(abs(line.height - expectedHeight) < 1e-9)
        // The bold run at 34 px is as wide as "BOLD" alone in bold at 34 px.
        let alone = try PreparedText("BOLD", style: TextStyle(font: bold, settings: TextSettings(size: 34))).layout().widestLineWidth
        #expect(abs((boldRun?.width ?? 0) - alone) < 1e-9)
    }

    @Test("a span that only carries attributes changes no width: shaping and kerning run across it")
    func attributeOnlySpans() throws {
        let style = try TextStyle(font: regular)
        let plain = try PreparedText("AVAVAV", style: style).layout()
        let coloured = try PreparedText("AVAVAV", style: style, spans: [StyledSpan(range: 1..<3, attributes: ["color": "#00f"])]).layout()
        #expect(coloured.widestLineWidth == plain.widestLineWidth)
        #expect(coloured.lines[0].runs.map(\.attributes) == [[:], ["color": "#00f"], [:]])
        #expect(coloured.lines[0].runs.map(\.utf16Range) == [0..<1, 1..<3, 3..<6])
    }

    @Test("attributes reach the glyph runs of their span only")
    func attributes() throws {
        let prepared = try PreparedText("red and plain", style: TextStyle(font: regular),
                                        spans: [StyledSpan(range: 0..<3, attributes: ["color": "#ff0000"])])
        let runs = try prepared.layout().lines[0].runs
        #expect(runs.first { $0.utf16Range.lowerBound == 0 }?.attributes == ["color": "#ff0000"])
        #expect(runs.filter { $0.utf16Range.lowerBound >= 3 }.allSatisfy { $0.attributes.isEmpty })
    }

    @Test("bad spans are refused with a message naming the span")
    func validation() throws {
        let style = try TextStyle(font: regular)
        let cases: [[StyledSpan]] = [
            [StyledSpan(range: 0..<9)],
            [StyledSpan(range: 0..<3), StyledSpan(range: 2..<4)],
            [StyledSpan(range: 0..<2, size: 0)],
            [StyledSpan(range: 0..<2, letterSpacing: .nan)],
            [StyledSpan(range: 1..<2)],  // inside the surrogate pair of 😀
        ]
        for spans in cases {
            #expect(throws: LayoutError.self) { try PreparedText("😀bcd", style: style, spans: spans) }
        }
        #expect(throws: LayoutError.self) { try FontFeature("toolong") }
    }

    @Test("typing at the end of a span extends it; an edit updates layouts as a fresh preparation would")
    func editing() throws {
        let style = try TextStyle(font: regular)
        let prepared = try PreparedText("bold plain text here", style: style,
                                        spans: [StyledSpan(range: 0..<4, font: bold, letterSpacing: 1)])
        let layout = try prepared.layout(wrapWidth: 80)
        let (edited, edit) = try prepared.replacingCharacters(inUTF16: 4..<4, with: "er")
        #expect(edited.spans[0].range == 0..<6)
        let fresh = try PreparedText("bolder plain text here", style: style, spans: [StyledSpan(range: 0..<6, font: bold, letterSpacing: 1)])
        let updated = try layout.updated(for: edited, after: edit)
        let full = try fresh.layout(wrapWidth: 80)
        #expect(updated.lines.map(\.utf16Range) == full.lines.map(\.utf16Range))
        #expect(updated.lines.map(\.width) == full.lines.map(\.width))
        // Inserting before a span moves it.
        #expect(try prepared.replacingCharacters(inUTF16: 0..<0, with: "x").text.spans[0].range == 1..<5)
    }
}
