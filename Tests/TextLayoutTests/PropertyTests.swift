// Property tests: random texts, fonts, sizes, widths and styles, seeded and reproducible, laid out and checked against every invariant.
import Foundation
import Testing
import TextLayout
import TestSupport

@Suite("Properties of random layouts")
struct PropertyTests {
    /// The bundled fonts a random case may take as its primary font (fallback then finds the others).
    static let fonts = ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansMono.ttf", "NotoSansArabic-Regular.ttf",
                        "NotoSansHebrew-Regular.ttf", "NotoSansDevanagari-Regular.ttf", "NotoSansThai-Regular.ttf",
                        "NotoSansCJKjp-Regular.otf", "NotoColorEmoji-subset.ttf"]

    /// A random case: everything a layout depends on, drawn from one seed.
    struct Case: CustomStringConvertible {
        var seed: UInt64
        var text: String
        var font: String
        var size: Double
        var widths: [Double?]
        var lineSpace: Double
        var direction: TextDirection
        var language: String?
        var lineBreak: LineBreakStrictness
        var alignment: TextAlignment
        /// The indent as a share of the wrap width (negative: hanging).
        var indentShare: Double
        var lineHeight: LineHeight
        var strut: Strut

        init(seed: UInt64) {
            var rng = SplitMix(seed: seed)
            self.seed = seed
            text = RandomText.make(&rng)
            font = PropertyTests.fonts.randomElement(using: &rng)!
            size = [0.01, 0.5, 1, 7, 13.3, 17, 17, 20.48, 48, 200, 1000, 10_000, Double.random(in: 1...100, using: &rng)]
                .randomElement(using: &rng)!
            let widthChoices: [Double?] = [nil, 0.001, 1, Double.random(in: 2...60, using: &rng), Double.random(in: 60...600, using: &rng),
                                           Double.random(in: 60...600, using: &rng), 1e6, 1e300]
            widths = (0..<3).map { _ in widthChoices.randomElement(using: &rng)! }
            lineSpace = [0, 0, 2, 0.5, 100].randomElement(using: &rng)!
            direction = TextDirection.allCases.randomElement(using: &rng)!
            language = [nil, nil, "en", "ja", "ar", "th", "zh-Hant", "ko", "de-u-co-phonebk"].randomElement(using: &rng)!
            lineBreak = LineBreakStrictness.allCases.randomElement(using: &rng)!
            alignment = TextAlignment.allCases.randomElement(using: &rng)!
            indentShare = [0, 0, 0.2, -0.3, 0.9].randomElement(using: &rng)!
            lineHeight = [LineHeight.normal, .normal, .multiple(Double.random(in: 0...3, using: &rng)),
                          .fixed(Double.random(in: 0...100, using: &rng))].randomElement(using: &rng)!
            strut = Strut.allCases.randomElement(using: &rng)!
        }

        /// The paragraph settings at a wrap width: the line-height model, the alignment, and an
        /// indent that is `indentShare` of the width (of 50 px without one).
        func paragraph(at width: Double?) -> ParagraphStyle {
            ParagraphStyle(lineHeight: lineHeight, strut: strut, alignment: alignment, indent: indentShare * (width ?? 50))
        }

        var description: String {
            "seed \(seed): \(text.debugDescription) in \(font) at \(size) px, widths \(widths.map { $0.map { "\($0)" } ?? "none" }), "
                + "lineSpace \(lineSpace), \(direction), language \(language ?? "none"), \(lineBreak), lineHeight \(lineHeight), strut \(strut), "
                + "align \(alignment), indent \(indentShare) of the width"
        }
    }

    /// Seeds come in blocks, one test case each, so that blocks run in parallel. 40 seeds a block
    /// take a few seconds in a debug build; `TEXTLAYOUT_PROPERTY_SEEDS=5000 swift test --filter
    /// PropertyTests` runs a longer search.
    static let blocks = 0..<8
    static let seedsPerBlock = UInt64(ProcessInfo.processInfo.environment["TEXTLAYOUT_PROPERTY_SEEDS"] ?? "") ?? 40

    @Test("random texts keep every invariant at every width", arguments: blocks)
    func randomTexts(block: Int) throws {
        for k in 0..<Self.seedsPerBlock {
            let seed = UInt64(block) * 1_000_003 + k
            let c = Case(seed: seed)
            let style = try TextStyle(font: isolatedFont(c.font), settings: TextSettings(size: c.size, direction: c.direction, language: c.language,
                                      lineBreak: c.lineBreak, paragraph: ParagraphStyle(lineHeight: c.lineHeight, strut: c.strut)))
            for width in c.widths {
                let layout = try expectDeterministicLayout(c.text, style: style.withParagraph(c.paragraph(at: width)), width: width, lineSpace: c.lineSpace,
                                                           "\(c) at width \(width.map { "\($0)" } ?? "none")")
                var rng = SplitMix(seed: seed ^ 0xCA7E7)
                let points = (0..<6).map { _ in
                    (x: Double.random(in: -10...(layout.widestLineWidth + 10), using: &rng),
                     y: Double.random(in: -10...(layout.contentHeight + 10), using: &rng))
                }
                expectCaretsOnBoundaries(layout, points: points, "\(c)")
            }
        }
    }

    @Test("one preparation laid out at random widths equals preparing anew at each", arguments: blocks.prefix(2))
    func relayoutAtRandomWidths(block: Int) throws {
        for k in 0..<Self.seedsPerBlock {
            let c = Case(seed: 7_000_000 + UInt64(block) * 1000 + k)
            let style = try TextStyle(font: isolatedFont(c.font), settings: TextSettings(size: c.size, direction: c.direction, language: c.language,
                                      lineBreak: c.lineBreak, paragraph: ParagraphStyle(lineHeight: c.lineHeight, strut: c.strut)))
            let prepared = try PreparedText(c.text, style: style)
            var rng = SplitMix(seed: c.seed)
            for _ in 0..<4 {
                let width = Double.random(in: 0.5...400, using: &rng)
                let reused = try prepared.layout(wrapWidth: width)
                let aligned = try PreparedText(c.text, style: style.withParagraph(c.paragraph(at: width)))
                expectInvariants(try aligned.layout(wrapWidth: width), "\(c) at \(width)")
                var fresh = style
                fresh.font = try uncachedBundledFonts.font(path: style.font.path)
                let anew = try PreparedText(c.text, style: fresh).layout(wrapWidth: width)
                #expect(fingerprint(reused) == fingerprint(anew), "\(c) at \(width)")
            }
        }
    }

    @Test("the generator is reproducible: the same seed gives the same case")
    func reproducible() {
        for seed: UInt64 in [0, 1, 42, 1 << 40] {
            #expect(Case(seed: seed).description == Case(seed: seed).description)
        }
        #expect(Case(seed: 1).text != Case(seed: 2).text)
    }
}
