// The text's letter spacing (CSS letter-spacing): after every grapheme cluster and the line's last, a span's own winning, in the tab stops, and the chromium profile's cursive scripts and ligatures; expected widths from the unspaced layouts and the cluster counts.
import Testing
import TextLayout
import TestSupport

@Suite("Letter spacing of the text")
struct LetterSpacingTests {
    var regular: Font { get throws { try bundledFonts.font(path: FontContext.bundledFontPath("DejaVuSans.ttf")!) } }
    var arabic: Font { get throws { try bundledFonts.font(path: FontContext.bundledFontPath("NotoSansArabic-Regular.ttf")!) } }

    func width(_ text: String, font: Font? = nil, letterSpacing: Double = 0, profile: LayoutProfile = .standard,
               features: [FontFeature] = [], spans: [StyledSpan] = []) throws -> Double {
        var settings = TextSettings()
        settings.letterSpacing = letterSpacing
        settings.profile = profile
        settings.features = features
        return try PreparedText(text, style: TextStyle(font: font ?? regular, settings: settings), spans: spans).layout().widestLineWidth
    }

    @Test("the spacing follows every grapheme cluster, the last included; negative tightens", arguments: [LayoutProfile.standard, .chromium])
    func everyCluster(_ profile: LayoutProfile) throws {
        // Five clusters: a, V, c, space, é (e and a combining acute are one); no ligature in them.
        let text = "aVc e\u{301}"
        let plain = try width(text, profile: profile)
        for spacing in [3.0, -1.25, 0.1] {
            #expect(abs(try width(text, letterSpacing: spacing, profile: profile) - (plain + 5 * spacing)) < 1e-9)
        }
    }

    @Test("a span's own spacing replaces the text's; a span without one takes the text's")
    func spanWins() throws {
        let plain = try width("abcd")
        // The span holds "ab" at 0: only c and d are spaced.
        #expect(abs(try width("abcd", letterSpacing: 2, spans: [StyledSpan(range: 0..<2, letterSpacing: 0)]) - (plain + 2 * 2)) < 1e-9)
        // A span that sets only a feature keeps the text's spacing on its clusters.
        let unkerned = try width("AVAV", features: [try FontFeature("kern", 0)])
        let spanned = try width("AVAV", letterSpacing: 2, spans: [StyledSpan(range: 0..<4, features: [try FontFeature("kern", 0)])])
        #expect(abs(spanned - (unkerned + 4 * 2)) < 1e-9)
    }

    @Test("a tab stop of spaces counts each space with the letter spacing; the tab itself takes none")
    func tabStops() throws {
        let space = 651 * 17.0 / 2048, letterX = 1403 * 17.0 / 2048
        #expect(abs(try width("\tX", letterSpacing: 2) - (8 * (space + 2) + letterX + 2)) < 1e-9)
    }

    @Test("chromium: a cursive run takes the spacing after its word separators alone; standard after every cluster")
    func cursiveScripts() throws {
        let font = try arabic
        let word = "مرحبا", words = "مرحبا بالعالم"
        #expect(try width(word, font: font, letterSpacing: 3, profile: .chromium) == width(word, font: font, profile: .chromium))
        // (Chromium 156: 81.90625 and 84.90625 px, the space alone spaced.)
        #expect(abs(try width(words, font: font, letterSpacing: 3, profile: .chromium) - (try width(words, font: font, profile: .chromium) + 3)) < 1e-9)
        // A Latin run beside it is spaced: "abc" 3 clusters, and the space between.
        let mixed = "مرحبا abc"
        #expect(abs(try width(mixed, font: font, letterSpacing: 3, profile: .chromium) - (try width(mixed, font: font, profile: .chromium) + 4 * 3)) < 1e-9)
        // The standard profile spaces each Arabic cluster: five letters.
        #expect(abs(try width(word, font: font, letterSpacing: 3) - (try width(word, font: font) + 5 * 3)) < 1e-9)
    }

    @Test("chromium: spacing turns liga, clig and calt off (the text's features may turn them on again); standard keeps them")
    func ligatures() throws {
        // DejaVu Sans draws "ffi" and "fl" as ligatures: 13 clusters unligated, 8 ligated (ffi, fl and ffi one each).
        let text = "ffi fl office"
        let unligated = try width(text, features: [try FontFeature("liga", 0)])
        let ligated = try width(text)
        #expect(unligated > ligated + 0.25, "the font's ligatures change the width, so the test can tell")
        let chromium = try width(text, letterSpacing: 3, profile: .chromium)
        #expect(abs(chromium - (unligated + 13 * 3)) < 1e-9)
        // Headless Chromium 156 makes the span 124.109375 px wide (84.59375 without the spacing).
        #expect(abs(chromium - 124.109375) < 1.0 / 64)
        let relegated = try width(text, letterSpacing: 3, profile: .chromium, features: [try FontFeature("liga", 1)])
        #expect(abs(relegated - (ligated + 8 * 3)) < 1e-9, "ligated: ffi and fl one cluster each, 8 clusters")
        #expect(abs(try width(text, letterSpacing: 3) - (ligated + 8 * 3)) < 1e-9)
    }

    @Test("a letter spacing that is not finite or too large is invalidArgument naming letterSpacing")
    func badValues() throws {
        for bad in [Double.nan, .infinity, 20_000] {
            expectInvalidArgument(key: "letterSpacing", saying: "letterSpacing must be a finite number of pixels") { try width("a", letterSpacing: bad) }
        }
    }
}
