// Checks the fitted font size against a layout at every size of the grid (corpus texts, several boxes and profiles), a fit that is not monotonic in the size, and the limits' validation.
import Testing
import TextLayout
import TestSupport

@Suite("Font size fit")
struct FontSizeFitTests {
    static let familyList = "DejaVu Sans, Noto Sans Arabic, Noto Sans CJK JP, Noto Sans Thai"

    static func prepared(_ text: String, size: Double = 17, profile: LayoutProfile = .standard, textWrap: TextWrap = .wrap,
                         indent: Double = 0) throws -> PreparedText {
        var settings = TextSettings(size: size)
        settings.profile = profile
        settings.paragraph.textWrap = textWrap
        settings.paragraph.indent = indent
        let fonts = try bundledFonts.fonts(familyList: familyList, selection: FontSelection())
        return try PreparedText(text, style: TextStyle(fonts: fonts, settings: settings))
    }

    /// The brute-force answer: every grid size laid out on its own, the largest that keeps within
    /// the limits (checked here, not by the fit's code), or the smallest when none does.
    static func scanned(_ prepared: PreparedText, _ fit: FontSizeFit, editorWidth: Double) throws -> (size: Double, fits: Bool) {
        for index in stride(from: fit.lastIndex, through: 0, by: -1) {
            if try keepsWithin(prepared, fit, size: fit.size(at: index), editorWidth: editorWidth) { return (fit.size(at: index), true) }
        }
        return (fit.minSize, false)
    }

    static func layout(_ prepared: PreparedText, size: Double, editorWidth: Double) throws -> Layout {
        var settings = prepared.style.settings
        settings.size = size
        return try PreparedText(prepared.text, style: TextStyle(fonts: prepared.style.fonts, settings: settings))
            .measureEditor(editorWidth: editorWidth, glyphRuns: false).layout
    }

    static func keepsWithin(_ prepared: PreparedText, _ fit: FontSizeFit, size: Double, editorWidth: Double) throws -> Bool {
        let layout = try layout(prepared, size: size, editorWidth: editorWidth)
        return layout.lineCount <= (fit.maxLines ?? .max) && layout.contentHeight <= (fit.maxHeight ?? .infinity)
    }

    static let limits: [(maxLines: Int?, maxHeight: Double?)] = [(1, nil), (3, nil), (nil, 60), (2, 40)]

    @Test("corpus texts: the fitted size is the brute-force scan's, it fits and one step above does not",
          arguments: ["en", "ru", "ar", "ja", "th"])
    func corpusAgreesWithScan(language: String) throws {
        for text in try CorpusTexts.texts(language, spreadTo: 2) {
            let prepared = try Self.prepared(text)
            for editorWidth in [90.0, 260.0] {
                for limit in Self.limits {
                    let fit = FontSizeFit(maxLines: limit.maxLines, maxHeight: limit.maxHeight, minSize: 6, maxSize: 24, step: 0.5)
                    let fitted = try prepared.fittingSize(fit, editorWidth: editorWidth)
                    let scan = try Self.scanned(prepared, fit, editorWidth: editorWidth)
                    #expect(fitted.size == scan.size && fitted.fits == scan.fits, "\(language) \(editorWidth) \(limit): \(text.prefix(40))")
                    #expect(fitted.value.layout.prepared.style.settings.size == fitted.size)
                    #expect(fit.isFitting(fitted.value.layout) == fitted.fits)
                    if fitted.fits, fitted.size < fit.maxSize {
                        #expect(try !Self.keepsWithin(prepared, fit, size: fitted.size + fit.step, editorWidth: editorWidth))
                    }
                }
            }
        }
    }

    @Test("where widths do not scale with the size (chromium's layout unit, pretty lines, an indent), every size is laid out and the scan agrees",
          arguments: [(LayoutProfile.chromium, TextWrap.wrap, 0.0), (.standard, .pretty, 0), (.standard, .wrap, 24), (.pango, .balance, 0)])
    func otherRulesAgreeWithScan(profile: LayoutProfile, textWrap: TextWrap, indent: Double) throws {
        for text in try CorpusTexts.texts("en", spreadTo: 2) + CorpusTexts.texts("ja", spreadTo: 1) {
            let prepared = try Self.prepared(text, profile: profile, textWrap: textWrap, indent: indent)
            #expect(prepared.widthsScaleWithSize == (profile.layoutUnit == nil && textWrap == .wrap && indent == 0))
            for limit in Self.limits {
                let fit = FontSizeFit(maxLines: limit.maxLines, maxHeight: limit.maxHeight, minSize: 8, maxSize: 20, step: 1)
                let fitted = try prepared.fittingSize(fit, editorWidth: 150)
                let scan = try Self.scanned(prepared, fit, editorWidth: 150)
                #expect(fitted.size == scan.size && fitted.fits == scan.fits, "\(profile.name) \(textWrap) \(indent) \(limit): \(text.prefix(40))")
            }
        }
    }

    @Test("automatic hyphens, a line space and insets: the search by intervals agrees with the scan")
    func hyphensAndSizingAgreeWithScan() throws {
        let sizing = EditorSizing(lineSpace: 3, insets: EdgeInsets(top: 5, left: 7, bottom: 5, right: 9))
        for text in try CorpusTexts.texts("en", spreadTo: 3) {
            var settings = TextSettings(size: 17, language: "en", hyphens: .auto)
            settings.profile = .standard
            let fonts = try bundledFonts.fonts(familyList: Self.familyList, selection: FontSelection())
            let prepared = try PreparedText(text, style: TextStyle(fonts: fonts, settings: settings))
            #expect(prepared.widthsScaleWithSize)
            for limit in Self.limits {
                let fit = FontSizeFit(maxLines: limit.maxLines, maxHeight: limit.maxHeight, minSize: 6, maxSize: 22, step: 0.5)
                let fitted = try prepared.fittingSize(fit, editorWidth: 140, sizing: sizing)
                var scan = (size: fit.minSize, fits: false)
                for index in stride(from: fit.lastIndex, through: 0, by: -1) {
                    var sized = settings
                    sized.size = fit.size(at: index)
                    let layout = try PreparedText(text, style: TextStyle(fonts: fonts, settings: sized)).measureEditor(editorWidth: 140, sizing: sizing).layout
                    if layout.lineCount <= (fit.maxLines ?? .max) && layout.contentHeight <= (fit.maxHeight ?? .infinity) {
                        scan = (fit.size(at: index), true)
                        break
                    }
                }
                #expect(fitted.size == scan.size && fitted.fits == scan.fits, "\(limit): \(text.prefix(40))")
            }
        }
    }

    @Test("a trimmed text box: the fit holds the trimmed height to maxHeight, agrees with the scan, and fits a larger size than the untrimmed box")
    func textBoxAgreesWithScan() throws {
        let fit = FontSizeFit(maxHeight: 50, minSize: 8, maxSize: 40, step: 0.25)
        for text in try CorpusTexts.texts("en", spreadTo: 2) + CorpusTexts.texts("ja", spreadTo: 1) {
            var settings = TextSettings(size: 17)
            settings.paragraph.textBox = try #require(TextBox("trim-both cap alphabetic"))
            let fonts = try bundledFonts.fonts(familyList: Self.familyList, selection: FontSelection())
            let trimmed = try PreparedText(text, style: TextStyle(fonts: fonts, settings: settings))
            let fitted = try trimmed.fittingSize(fit, editorWidth: 200)
            let scan = try Self.scanned(trimmed, fit, editorWidth: 200)
            #expect(fitted.size == scan.size && fitted.fits == scan.fits, "\(text.prefix(40))")
            // The trim takes height off the first and last lines, never adds any: a size that fits untrimmed fits trimmed.
            let untrimmed = try Self.prepared(text).fittingSize(fit, editorWidth: 200)
            #expect(fitted.size >= untrimmed.size, "\(text.prefix(40))")
            if fitted.fits { #expect(fitted.value.layout.contentHeight <= 50) }
        }
    }

    @Test("a long text is fitted with far fewer layouts than the grid has sizes")
    func intervalsSkipSizes() throws {
        let text = try CorpusTexts.texts("en", spreadTo: 40).max { $0.utf8.count < $1.utf8.count }!
        let fit = FontSizeFit(maxLines: 2, minSize: 4, maxSize: 40, step: 0.01)
        let fitted = try Self.prepared(text).fittingSize(fit, editorWidth: 300)
        // 3,601 sizes; each layout tried answers for a run of sizes with the same breaks.
        #expect(fit.lastIndex == 3600)
        #expect(fitted.layoutCount * 10 < fit.lastIndex + 1)
        #expect(try Self.keepsWithin(Self.prepared(text), fit, size: fitted.size, editorWidth: 300) == fitted.fits)
        if fitted.fits { #expect(try !Self.keepsWithin(Self.prepared(text), fit, size: fitted.size + 0.01, editorWidth: 300)) }
    }

    // At 90 px and 14.25 px the first line ends in 日 (a break between ideographs), so both lines
    // hold CJK and take Noto Sans CJK's taller line box; at 14.5 px 日 no longer fits there, the
    // first line is Latin alone, in DejaVu Sans's shorter box: two lines either way, and the
    // smaller size is the taller text.
    @Test("the largest fitting size is found when a smaller size does not fit (the height is not monotonic in the size)")
    func nonMonotonicHeight() throws {
        let prepared = try Self.prepared("ef cd op ij 日本 日本")
        let larger = try Self.layout(prepared, size: 14.5, editorWidth: 90)
        let smaller = try Self.layout(prepared, size: 14.25, editorWidth: 90)
        #expect(larger.lineCount == 2 && smaller.lineCount == 2)
        #expect(smaller.lines[0].utf16Range.upperBound == 13 && larger.lines[0].utf16Range.upperBound == 12)
        #expect(larger.contentHeight < 40 && smaller.contentHeight > 40)
        let fit = FontSizeFit(maxHeight: 40, minSize: 10, maxSize: 20, step: 0.25)
        let fitted = try prepared.fittingSize(fit, editorWidth: 90)
        let scan = try Self.scanned(prepared, fit, editorWidth: 90)
        #expect(fitted.size == scan.size && fitted.fits)
        #expect(fitted.size >= 14.5)
        // A bisection over [10, 20] that trusts the sizes below a failing one to fit would stop
        // below 14.5 if 14.25 were its probe: the answer is above a size that does not fit.
        #expect(try !Self.keepsWithin(prepared, fit, size: 14.25, editorWidth: 90))
    }

    @Test("none fits: the smallest size with fits false; the grid ends at maxSize off the step")
    func noneFitsAndGridEnd() throws {
        let prepared = try Self.prepared("Supercalifragilisticexpialidocious words")
        let fit = FontSizeFit(maxLines: 1, minSize: 30, maxSize: 40, step: 3)
        let fitted = try prepared.fittingSize(fit, editorWidth: 100)
        #expect(!fitted.fits && fitted.size == 30)
        #expect(fitted.value.layout.prepared.style.settings.size == 30)
        #expect(fit.lastIndex == 3 && fit.size(at: 3) == 39)
        // 8 + 3 × 0.1 is 8.3, not 8.299999999999999.
        #expect(FontSizeFit(maxLines: 1, minSize: 8, maxSize: 9, step: 0.1).size(at: 3) == 8.3)
        #expect(FontSizeFit(maxLines: 1, minSize: 8, maxSize: 9, step: 0.1).lastIndex == 10)
    }

    @Test("limits out of range are refused, naming fit.KEY", arguments: [
        (FontSizeFit(maxLines: 1, minSize: 0, maxSize: 10), "fit.minSize"),
        (FontSizeFit(maxLines: 1, minSize: 12, maxSize: 10), "fit.minSize"),
        (FontSizeFit(maxLines: 1, minSize: 8, maxSize: .infinity), "fit.maxSize"),
        (FontSizeFit(maxLines: 1, minSize: 8, maxSize: .nan), "fit.maxSize"),
        (FontSizeFit(maxLines: 1, minSize: 8, maxSize: 20000), "fit.maxSize"),
        (FontSizeFit(maxLines: 1, minSize: 8, maxSize: 10, step: 0), "fit.step"),
        (FontSizeFit(maxLines: 1, minSize: 8, maxSize: 10, step: -1), "fit.step"),
        (FontSizeFit(maxLines: 1, minSize: 1, maxSize: 5000, step: 0.001), "fit.step"),
        (FontSizeFit(maxLines: 0, minSize: 8, maxSize: 10), "fit.maxLines"),
        (FontSizeFit(maxHeight: -1, minSize: 8, maxSize: 10), "fit.maxHeight"),
        (FontSizeFit(maxHeight: .infinity, minSize: 8, maxSize: 10), "fit.maxHeight"),
        (FontSizeFit(minSize: 8, maxSize: 10), "fit"),
    ])
    func refusesBadLimits(fit: FontSizeFit, key: String) throws {
        let error = #expect(throws: LayoutError.self) { try fit.validate() }
        #expect(error?.code == .invalidArgument)
        #expect(error?.keys == [key])
    }
}
