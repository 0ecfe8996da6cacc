// Variable-font instances and synthetic styles: widths held to Chromium's for Inter's variable font, clamping with warnings, the caches keyed on the instance, synthesis as Chromium draws it, and the CSS text forms' errors.
import Foundation
import Testing
import TestSupport
import TextLayout

/// Inter's variable font (Debian's fonts-inter-variable, which scripts/install-deps.sh installs):
/// `wght` 100–900 and `slnt` −10–0, no `ital`, no `opsz`.
private let interFolder = Oracle.interFolder
private let interFile = Oracle.interFile

/// A context over Inter's folder only, with caches, and the same without.
private let interFonts = FontContext(fontDirectories: [interFolder], includeSystemFonts: false)
private let uncachedInterFonts = FontContext(fontDirectories: [interFolder], includeSystemFonts: false, shapeCacheBudget: 0, preparedTextCacheBudget: 0)

private func width(_ text: String, _ font: Font, size: Double, context: FontContext? = nil) throws -> Double {
    try PreparedText(text, font: font, size: size).layout().widestLineWidth
}

@Suite("Font instances")
struct FontInstanceTests {
    /// Chromium 130's widths of "Hello world" in Inter.var.ttf at 40 px (the page of
    /// Benchmarks/BrowserStudy/axes_vs_chromium.py's kind, read by getBoundingClientRect, which
    /// Chromium gives in 1/64 px): each weight, `font-variation-settings: 'wght' 650`, and italic
    /// (no `ital` axis: `slnt` −10, the axis's end, for CSS's 14°).
    @Test(.needs(.inter)) func widthsOfInterInstancesAreChromiums() throws {
        let cases: [(FontSelection, Double)] = [
            (FontSelection(weight: 100), 203.8125), (FontSelection(weight: 400), 211.828125), (FontSelection(weight: 650), 218.640625),
            (FontSelection(weight: 900), 225.46875), (FontSelection(variations: [try FontVariation("wght", 650)]), 218.640625),
            (FontSelection(slant: .italic), 211.96875), (FontSelection(slant: .oblique(angle: 10)), 211.96875),
        ]
        for (selection, chromium) in cases {
            let font = try interFonts.font(named: interFile, selection: selection, size: 40).font
            let measured = try width("Hello world", font, size: 40)
            #expect(abs(measured - chromium) <= 1.0 / 64, "\(selection): \(measured) against Chromium's \(chromium)")
        }
    }

    /// The axes map as CSS maps them, explicit variations win, and the same instance is the same font.
    @Test(.needs(.inter)) func axesMapAndInstancesAreLoadedOnce() throws {
        let bold = try interFonts.font(named: interFile, selection: FontSelection(weight: 650), size: 17).font
        #expect(bold.variations == [try FontVariation("wght", 650), try FontVariation("slnt", 0)])
        #expect(bold.synthetic.isEmpty, "the wght axis reaches 650: nothing to synthesize")
        let same = try interFonts.font(named: interFile, selection: FontSelection(variations: [try FontVariation("wght", 650)]), size: 17).font
        #expect(same.variations == bold.variations && same.path == bold.path)
        let wins = try interFonts.font(named: interFile, selection: FontSelection(weight: 300, variations: [try FontVariation("wght", 650)]), size: 17).font
        #expect(wins.variations == bold.variations, "font-variation-settings wins over font-weight")
        #expect(try interFonts.font(named: interFile, selection: FontSelection(weight: 650), size: 17).font === bold, "each instance is loaded once")
        let oblique = try interFonts.font(named: interFile, selection: FontSelection(slant: .oblique(angle: 5)), size: 17).font
        #expect(oblique.variations.first { $0.tag == "slnt" }?.value == -5)
        #expect(oblique.synthetic.isEmpty, "a slnt axis slants: nothing to synthesize")
        #expect(bold.axes.map(\.tag) == ["wght", "slnt"] && bold.axes[0].minimum == 100 && bold.axes[0].maximum == 900)
        // A family name reaches the same variable file through fontconfig.
        let byFamily = try interFonts.font(named: "Inter", selection: FontSelection(weight: 650), size: 17).font
        #expect(byFamily.variations.first?.value == 650, "\(byFamily)")
    }

    /// Values outside an axis are clamped, as CSS does, with a warning; an axis the font lacks is ignored with one.
    @Test(.needs(.inter)) func outOfRangeValuesClampWithWarnings() throws {
        let (heavy, warnings) = try interFonts.font(named: interFile, selection: FontSelection(weight: 1000), size: 17)
        #expect(heavy.variations.first?.value == 900)
        #expect(warnings.count == 1 && warnings[0].contains("clamped to 900"), "\(warnings)")
        let explicit = FontSelection(variations: [try FontVariation("wght", 2000), try FontVariation("XOPQ", 3)])
        let (clamped, more) = try interFonts.font(named: interFile, selection: explicit, size: 17)
        #expect(clamped.variations == heavy.variations)
        #expect(more.count == 2 && more[0].contains("'wght'") && more[1].contains("no axis 'XOPQ'"), "\(more)")
        #expect(explicit.warnings(for: clamped, size: 17) == more)
        let (_, none) = try interFonts.font(named: interFile, selection: FontSelection(weight: 500), size: 17)
        #expect(none.isEmpty)
    }

    /// The ink follows the instance: a heavier instance's letters ink wider.
    @Test(.needs(.inter)) func inkFollowsTheInstance() throws {
        func inkWidth(_ weight: Double) throws -> Double {
            let font = try interFonts.font(named: interFile, selection: FontSelection(weight: weight), size: 40).font
            return try #require(try PreparedText("H", font: font, size: 40).layout().inkBounds).width
        }
        let thin = try inkWidth(100), black = try inkWidth(900)
        #expect(black > thin + 2, "H at wght 900 inks \(black) px, at 100 \(thin) px")
    }

    /// Two instances of one file never share a cached word: a text shaped in one instance is
    /// found again in the word cache by the same instance, never by the other; every layout
    /// equals the one made without caches. (Inter's space takes part in its lookups, so its
    /// words are cached with the spaces between them: the whole text is one entry.)
    @Test(.needs(.inter)) func instancesNeverShareACachedWord() throws {
        let context = FontContext(fontDirectories: [interFolder], includeSystemFonts: false)
        let text = "alpha beta gamma"
        var widths: [Double: Double] = [:]
        for weight in [100.0, 900, 900, 100] {
            context.preparedTextCache.removeAll()  // so that the word cache answers
            let selection = FontSelection(weight: weight)
            let cached = try context.font(named: interFile, selection: selection, size: 17).font
            let uncached = try uncachedInterFonts.font(named: interFile, selection: selection, size: 17).font
            let measured = try width(text, cached, size: 17)
            #expect(measured == (try width(text, uncached, size: 17)), "wght \(weight)")
            widths[weight] = measured
        }
        #expect(widths[100]! < widths[900]! - 5, "\(widths)")
        let statistics = context.shapeCache.statistics
        #expect(statistics.hits >= 2 && statistics.misses >= 2, "each instance shaped once and found its own entry again: \(statistics)")
    }

    /// Bold and oblique are synthesized where the face has neither, as Chromium draws them:
    /// advances unchanged (Chromium 130 measures "abcdefghij" in bold DejaVu Sans Mono, which has
    /// no bold face among the bundled fonts, 102.359375 px wide at 17 px, as upright), outlines
    /// grown by 1/24 of the size and slanted by a quarter.
    @Test func synthesisWhereTheFaceLacksTheStyle() throws {
        let regular = try bundledFonts.font(named: "DejaVu Sans Mono", selection: FontSelection(), size: 17).font
        let bold = try bundledFonts.font(named: "DejaVu Sans Mono", selection: FontSelection(weight: 700), size: 17).font
        let italic = try bundledFonts.font(named: "DejaVu Sans Mono", selection: FontSelection(slant: .italic), size: 17).font
        let neither = try bundledFonts.font(named: "DejaVu Sans Mono", selection: FontSelection(weight: 700, slant: .italic, synthesis: []), size: 17).font
        let boldOnly = try bundledFonts.font(named: "DejaVu Sans Mono", selection: FontSelection(weight: 700, slant: .italic, synthesis: .weight), size: 17).font
        #expect(bold.synthetic == .bold && italic.synthetic == .oblique && boldOnly.synthetic == .bold)
        #expect(neither.synthetic.isEmpty && neither.path == regular.path, "font-synthesis: none draws the face as it is")
        #expect(bold.path == regular.path && bold !== regular)
        let text = "abcdefghij"
        for font in [regular, bold, italic] {
            #expect(abs(try width(text, font, size: 17) - 102.359375) <= 1.0 / 64, "\(font)")
        }
        func ink(_ font: Font, _ text: String = "l") throws -> LayoutRect { try #require(try PreparedText(text, font: font, size: 24).layout().inkBounds) }
        let plain = try ink(regular), emboldened = try ink(bold), slanted = try ink(italic)
        // FT_Outline_Embolden keeps the left edge and grows the right and the top by the
        // strength, 1 px at 24 px (ink boxes are rounded out to 1/64 px).
        #expect(abs(emboldened.x - plain.x) < 0.04 && abs(emboldened.width - plain.width - 1) < 0.04, "\(plain) \(emboldened)")
        #expect(abs((plain.y - emboldened.y) - 1) < 0.04, "\(plain) \(emboldened)")
        // The slant moves each point right by a quarter of its height: the bar, from below the
        // baseline to above it, inks a quarter of its height wider.
        let bar = try ink(regular, "|"), slantedBar = try ink(italic, "|")
        #expect(abs(slantedBar.width - bar.width - bar.height / 4) < 0.04, "\(bar) \(slantedBar)")
        #expect(slanted.x > plain.x + 3, "the top of the l's serif leans right: \(plain) \(slanted)")
        // A family with a bold face takes it: nothing is synthesized.
        let dejaVuBold = try bundledFonts.font(named: "DejaVu Sans", selection: FontSelection(weight: 700), size: 17).font
        #expect(dejaVuBold.synthetic.isEmpty && dejaVuBold.styleName == "Bold")
        // No name: the default font's family at that weight and style (the bundled fonts have
        // DejaVu Sans Bold and no oblique face).
        let defaultBoldItalic = try bundledFonts.font(named: "", selection: FontSelection(weight: 700, slant: .italic), size: 17).font
        #expect(defaultBoldItalic.styleName == "Bold" && defaultBoldItalic.synthetic == .oblique, "\(defaultBoldItalic)")
        let hebrew = try bundledFonts.font(named: "Noto Sans Hebrew", selection: FontSelection(weight: 600), size: 17).font
        #expect(hebrew.synthetic == .bold)
        // Fallback fonts take the same weight and style, as CSS matches them: the Latin letters
        // the Hebrew face lacks fall back to DejaVu Sans's bold face, not its regular one.
        let runs = try PreparedText("abc שלום", font: hebrew, size: 17).layout().lines.flatMap(\.runs)
        let latin = try #require(runs.first { $0.utf16Range.lowerBound == 0 })
        #expect(latin.content.textFont.familyName == "DejaVu Sans" && latin.content.textFont.styleName == "Bold" && latin.content.textFont.synthetic.isEmpty, "\(latin.content.textFont)")
        #expect(runs.contains { $0.content.textFont === hebrew })
    }

    /// A fontconfig pattern's weight and slant are the selection's (fontconfig's own
    /// 90-synthetic.conf synthesizes both for a pattern): `Noto Sans Hebrew:italic`, a family with
    /// no italic face, is the very instance `fontStyle: italic` gives, slanted; `:bold` is weight
    /// 700, emboldened. A key given with a value of its own wins over the pattern's.
    @Test func aPatternsStyleMeansWhatTheKeysMean() throws {
        func instance(_ name: String, _ selection: FontSelection = FontSelection()) throws -> Font {
            try bundledFonts.font(named: name, selection: selection, size: 17).font
        }
        let italic = try instance("Noto Sans Hebrew:italic")
        #expect(italic === (try instance("Noto Sans Hebrew", FontSelection(slant: .italic))))
        #expect(italic.synthetic == .oblique, "\(italic)")
        let bold = try instance("Noto Sans Hebrew:bold")
        #expect(bold === (try instance("Noto Sans Hebrew", FontSelection(weight: 700))) && bold.synthetic == .bold, "\(bold)")
        #expect(try instance("Noto Sans Hebrew:weight=200:slant=100").synthetic == [.bold, .oblique])
        #expect(try instance("DejaVu Sans Mono:oblique") === (try instance("DejaVu Sans Mono", FontSelection(slant: .oblique(angle: 14)))))
        // A family with the face takes it: DejaVu Sans:bold is DejaVu Sans Bold, nothing synthesized.
        let dejaVuBold = try instance("DejaVu Sans:bold")
        #expect(dejaVuBold.styleName == "Bold" && dejaVuBold.synthetic.isEmpty)
        // The keys win: an explicit weight or a slant other than normal replaces the pattern's.
        #expect(try instance("Noto Sans Hebrew:bold", FontSelection(weight: 400)).synthetic.isEmpty)
        #expect(try instance("Noto Sans Hebrew:italic", FontSelection(weight: 700)).synthetic == [.bold, .oblique])
        #expect(try instance("DejaVu Sans Mono:italic", FontSelection(slant: .oblique(angle: 10)))
                === (try instance("DejaVu Sans Mono", FontSelection(slant: .oblique(angle: 10)))))
        // The slant is drawn: the italic pattern's ink leans right of the upright's.
        let upright = try #require(try PreparedText("שלום", font: try instance("Noto Sans Hebrew"), size: 24).layout().inkBounds)
        let slanted = try #require(try PreparedText("שלום", font: italic, size: 24).layout().inkBounds)
        #expect(slanted.width > upright.width + 1, "\(upright) \(slanted)")
        // The batch draws the pattern as it draws the key.
        let jobs = #"{"id":"pattern","text":"שלום","font":"Noto Sans Hebrew:italic","glyphs":true}"# + "\n"
            + #"{"id":"key","text":"שלום","font":"Noto Sans Hebrew","fontStyle":"italic","glyphs":true}"# + "\n"
        let batch = try runTextlayout(["batch", "--fonts-dir", FontContext.bundledFontsDirectory!], input: Data(jobs.utf8))
        let results = outputLines(batch.output)
        try #require(results.count == 2, "\(batch.output)\(batch.error)")
        #expect(results[0].contains(#""synthetic":["oblique"]"#), "\(results[0])")
        #expect(results[0].replacingOccurrences(of: #""id":"pattern""#, with: #""id":"key""#) == results[1])
    }

    /// Every family of a font-family list is loaded at the instance asked for, as CSS matches
    /// each family's face for the element's weight and style: in a bold list the Hebrew the
    /// monospaced primary lacks is drawn in bold too (synthesized, as the bundled Noto Sans Hebrew
    /// has no bold face), not in the list's regular Hebrew.
    @Test func aFamilyListTakesTheInstanceInEveryFamily() throws {
        let list = try bundledFonts.fonts(familyList: "DejaVu Sans Mono, Noto Sans Hebrew", selection: FontSelection(weight: 700), size: 17)
        #expect(list.primary.familyName == "DejaVu Sans Mono" && list.primary.synthetic == .bold, "\(list.primary)")
        let hebrew = try #require(list.others.first)
        #expect(hebrew.familyName == "Noto Sans Hebrew" && hebrew.synthetic == .bold, "\(hebrew)")
        let plain = try bundledFonts.fonts(familyList: "DejaVu Sans Mono, Noto Sans Hebrew")
        #expect(plain.fonts.allSatisfy { $0.synthetic.isEmpty } && plain.others.first !== hebrew)
        let runs = try PreparedText("abc שלום", style: TextStyle(fonts: list)).layout().lines.flatMap(\.runs)
        #expect(runs.contains { $0.content.textFont === list.primary } && runs.contains { $0.content.textFont === hebrew }, "\(runs.map(\.content.textFont))")
    }

    /// Bad input names the key and the part that is wrong.
    @Test func badValuesAreInvalidArguments() throws {
        let cases: [(() throws -> Void, String, String)] = [
            ({ _ = try FontVariation.parseList("'wgh' 650") }, "variations", "'wgh'"),
            ({ _ = try FontVariation.parseList("'wght\u{7F}' 650") }, "variations", "four printable ASCII"),
            ({ _ = try FontVariation.parseList("wght 650") }, "variations", "'wght 650'"),
            ({ _ = try FontVariation.parseList("'wght' heavy") }, "variations", "'heavy'"),
            ({ _ = try FontVariation.parseList("'wght' 650,") }, "variations", "''"),
            ({ _ = try FontVariation("wght", .infinity) }, "variations", "finite"),
            ({ _ = try FontSlant(parsing: "slanted") }, "fontStyle", "'slanted'"),
            ({ _ = try FontSlant(parsing: "oblique 100deg") }, "fontStyle", "'100deg'"),
            ({ _ = try FontSynthesis(parsing: "bold") }, "synthesis", "'bold'"),
            ({ _ = try FontSelection.parseStretch("300%") }, "stretch", "300"),
            ({ _ = try FontSelection.parseStretch("narrow") }, "stretch", "'narrow'"),
            ({ _ = try bundledFonts.font(named: "DejaVu Sans", selection: FontSelection(weight: 1001)) }, "weight", "1001"),
            ({ _ = try bundledFonts.font(named: "DejaVu Sans", selection: FontSelection(stretch: 20)) }, "stretch", "20"),
        ]
        for (call, key, part) in cases {
            do {
                try call()
                Issue.record("no error for \(key) \(part)")
            } catch let error as LayoutError {
                #expect(error.code == .invalidArgument && error.keys == [key] && error.message.contains(part), "\(error)")
            }
        }
        #expect(try FontVariation.parseList(" 'wght' 650 , \"opsz\" 12.5 ") == [try FontVariation("wght", 650), try FontVariation("opsz", 12.5)])
        #expect(try FontVariation.parseList("normal").isEmpty)
        #expect(try FontSlant(parsing: "oblique -10deg") == .oblique(angle: -10))
        #expect(try FontSynthesis(parsing: "style small-caps") == .style && (try FontSynthesis(parsing: "none")).isEmpty)
        #expect(try FontSelection.parseStretch("condensed") == 75 && (try FontSelection.parseStretch("112.5%")) == 112.5)
    }
}
