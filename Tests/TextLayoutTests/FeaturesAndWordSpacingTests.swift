// The text's own OpenType features (CSS font-feature-settings syntax) and word spacing: what they parse to, the widths they give, and glyphs drawn as measured.
import Testing
import TextLayout
import TestSupport

@Suite("Text features and word spacing")
struct FeaturesAndWordSpacingTests {
    var regular: Font { get throws { try bundledFonts.font(path: FontContext.bundledFontPath("DejaVuSans.ttf")!) } }

    func layout(_ text: String, features: [FontFeature] = [], wordSpacing: Double = 0, width: Double? = nil,
                align: TextAlignment = .start, spans: [StyledSpan] = []) throws -> Layout {
        var settings = TextSettings()
        settings.features = features
        settings.wordSpacing = wordSpacing
        settings.paragraph.alignment = align
        return try PreparedText(text, style: TextStyle(font: regular, settings: settings), spans: spans).layout(wrapWidth: width)
    }

    @Test("font-feature-settings syntax: quoted or bare tags, values after space or =, on and off, a tag alone on")
    func parsing() throws {
        let parsed = try FontFeature.list(parsing: "\"liga\" 0, 'tnum', ss01 on, kern off, smcp=1, salt = 3")
        #expect(parsed == [try FontFeature("liga", 0), try FontFeature("tnum", 1), try FontFeature("ss01", 1),
                           try FontFeature("kern", 0), try FontFeature("smcp", 1), try FontFeature("salt", 3)])
        #expect(try FontFeature.list(parsing: "normal").isEmpty && FontFeature.list(parsing: "  ").isEmpty)
    }

    @Test("a feature list that is not well formed is invalidArgument naming the key and the entry")
    func malformed() throws {
        let cases: [(settings: String, part: String)] = [
            ("liga 0,, tnum", "entry 2 ('') is empty"),
            ("ligature 0", "entry 1 ('ligature 0') has the tag 'ligature'"),
            ("liga maybe", "has the value 'maybe'"),
            ("liga -1", "has the value '-1'"),
            ("liga 70000", "has the value '70000'"),
            ("'liga 0", "opens a quote"),
        ]
        for (settings, part) in cases {
            expectInvalidArgument(key: "spans[0].features", saying: part) { try FontFeature.list(parsing: settings, key: "spans[0].features") }
        }
    }

    @Test("the text's features shape all of it; a span's own come after them and win")
    func textFeatures() throws {
        let kerned = try layout("AVAV").widestLineWidth
        let unkerned = try layout("AVAV", features: [try FontFeature("kern", 0)]).widestLineWidth
        #expect(unkerned > kerned + 1)
        let rekerned = try layout("AVAV", features: [try FontFeature("kern", 0)],
                                  spans: [StyledSpan(range: 0..<4, features: [try FontFeature("kern", 1)])]).widestLineWidth
        #expect(rekerned == kerned)
        // The caches keep the two apart: the plain text is kerned again.
        #expect(try layout("AVAV").widestLineWidth == kerned)
    }

    @Test("word spacing follows each word separator, not other spaces, beside letter spacing; glyphs add up to the width")
    func wordSpacing() throws {
        // U+0020, U+00A0 and U+1361 are word separators; U+2003 EM SPACE and U+3000 are not.
        let text = "a b\u{A0}c\u{1361}d\u{2003}e\u{3000}f"
        let plain = try layout(text).widestLineWidth
        for spacing in [7.0, -2.5, 0.3] {
            let spaced = try layout(text, wordSpacing: spacing)
            #expect(abs(spaced.widestLineWidth - (plain + 3 * spacing)) < 1e-9, "\(spacing)")
            let drawn = spaced.lines[0].runs.flatMap(\.glyphs).reduce(0) { $0 + $1.advance }
            #expect(abs(drawn - spaced.widestLineWidth) < 1e-9, "\(spacing)")
        }
        // With letter spacing, each separator takes both.
        let both = try layout("a b", wordSpacing: 4, spans: [StyledSpan(range: 0..<3, letterSpacing: 1)]).widestLineWidth
        #expect(abs(both - (try layout("a b").widestLineWidth + 3 * 1 + 4)) < 1e-9)
        // A span's word spacing replaces the text's in its range.
        var span = StyledSpan(range: 0..<2)
        span.wordSpacing = 0
        let spanned = try layout("a b c", wordSpacing: 5, spans: [span]).widestLineWidth
        #expect(abs(spanned - (try layout("a b c").widestLineWidth + 5)) < 1e-9)
    }

    @Test("lines broken and justified with word spacing are as wide as their glyphs are drawn")
    func wrappedAndJustified() throws {
        let text = "The quick brown fox jumps over the lazy dog, again and again, until the line is full."
        let utf16 = Array(text.utf16)
        for align in [TextAlignment.start, .justify] {
            for spacing in [6.0, -1.5] {
                let wrapped = try layout(text, wordSpacing: spacing, width: 180, align: align)
                #expect(wrapped.lines.count > 2)
                for (k, line) in wrapped.lines.enumerated() {
                    // The line's content: its text without the spaces that hang at its end.
                    var contentEnd = line.utf16Range.upperBound
                    while contentEnd > line.utf16Range.lowerBound, utf16[contentEnd - 1] == 0x20 { contentEnd -= 1 }
                    let drawn = line.runs.flatMap(\.glyphs).filter { $0.cluster < contentEnd }.reduce(0) { $0 + $1.advance }
                    #expect(abs(drawn - line.width) < 1e-9, "line \(k) at \(spacing), \(align)")
                    #expect(line.width <= 180 + 1e-9)
                    if align == .justify, k + 1 < wrapped.lines.count { #expect(abs(line.width - 180) < 1e-9, "line \(k) at \(spacing)") }
                }
            }
        }
        // The measured width grows with the spacing by exactly the separators inside the line.
        let narrow = try layout("aa bb cc", wordSpacing: 10).widestLineWidth
        #expect(abs(narrow - (try layout("aa bb cc").widestLineWidth + 20)) < 1e-9)
    }

    @Test("word spacing out of range is invalidArgument naming it")
    func validation() throws {
        for bad in [Double.nan, .infinity, 1e6] {
            var settings = TextSettings()
            settings.wordSpacing = bad
            let error = layoutError { try TextStyle(font: regular, settings: settings) }
            #expect(error?.code == .invalidArgument && error?.keys == ["wordSpacing"])
            var span = StyledSpan(range: 0..<1)
            span.wordSpacing = bad
            let spanError = layoutError { try PreparedText("ab", style: TextStyle(font: regular), spans: [span]) }
            #expect(spanError?.keys == ["spans[0].wordSpacing"])
        }
    }
}
