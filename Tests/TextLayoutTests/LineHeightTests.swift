// The line-height model: fixed and multiple line boxes, taller fallback fonts, the strut, empty lines, bad values, and Pango's line-spacing factor.
import Foundation
import Testing
@testable import TextLayout
import TextLayoutIO
import TestSupport

// Where the expected numbers come from
// ------------------------------------
// Vertical metrics read from the font files' `head` and `hhea` tables with Python's `struct`
// (none of these fonts sets USE_TYPO_METRICS), in font units:
//
//   DejaVuSans.ttf             unitsPerEm 2048, ascender 1901, descender −483, lineGap 0
//   NotoColorEmoji-subset.ttf  unitsPerEm 2048, ascender 1900, descender −500, lineGap 0
//   NotoSansCJKjp-Regular.otf  unitsPerEm 1000, ascender 1160, descender −288, lineGap 0
//
// At 17 px, worked by hand (CSS half-leading: each font's box is the line height, the difference
// from its ascent + descent split evenly above and below the baseline):
//
//   DejaVu Sans  ascent 15.779785 descent 4.009277 (sum 19.789062)
//                24px: half-leading 2.105469, above 17.885254, below 6.114746
//                1.5 (25.5 px): half-leading 2.855469, above 18.635254, below 6.864746
//   emoji        ascent 15.771484 descent 4.150391 (sum 19.921875)
//                24px: half-leading 2.039063, above 17.810547, below 6.189453
//   CJK          ascent 19.72 descent 4.896 (sum 24.616)
//                24px: half-leading −0.308, above 19.412, below 4.588
//
// So at 24px a line of DejaVu and emoji is 17.885254 + 6.189453 = 24.074707 (the emoji font's
// content area sits 0.07 px lower), and a line of DejaVu and CJK is 19.412 + 6.114746 = 25.526746.

@Suite("Line height")
struct LineHeightTests {
    static let size = 17.0

    /// `text` in the bundled DejaVu Sans at 17 px (fallback from the bundled fonts only), in
    /// Japanese so that Han characters fall back to the JP face.
    static func prepared(_ text: String, _ paragraph: ParagraphStyle) throws -> PreparedText {
        try PreparedText(text, style: TextStyle(font: isolatedFont("DejaVuSans.ttf"), settings: TextSettings(size: size, language: "ja", paragraph: paragraph)))
    }

    static func fontNames(_ line: Line) -> Set<String> { Set(line.runs.map { URL(fileURLWithPath: $0.content.textFont.path).lastPathComponent }) }

    @Test("normal is today's model: the same layout as a style without paragraph settings")
    func normalIsTheDefault() throws {
        let text = "Hi 😀 there, 中文 and more words to wrap"
        let plain = try PreparedText(text, style: TextStyle(font: isolatedFont("DejaVuSans.ttf"), settings: TextSettings(size: Self.size, language: "ja"))).layout(wrapWidth: 120)
        let normal = try Self.prepared(text, ParagraphStyle(lineHeight: .normal, strut: .none)).layout(wrapWidth: 120)
        #expect(plain == normal)
        #expect(plain.lines.map(\.height) == normal.lines.map(\.height))
    }

    @Test("a fixed line height makes a one-font line exactly that tall, its baseline half-leading below the font's ascent")
    func fixedOneFont() throws {
        let layout = try Self.prepared("one two three four five", ParagraphStyle(lineHeight: .fixed(24))).layout(wrapWidth: 60, lineSpace: 2)
        #expect(layout.lineCount > 2)
        for (k, line) in layout.lines.enumerated() {
            #expect(line.height == 24)
            #expect(abs(line.top - Double(k) * 26) < 1e-9)
            #expect(abs(line.baseline - line.top - 17.885254) < 1e-6)
        }
        #expect(abs(layout.contentHeight - (Double(layout.lineCount) * 24 + Double(layout.lineCount - 1) * 2)) < 1e-9)
    }

    @Test("a multiple is of the size: 1.5 at 17 px is 25.5 px, half-leading 2.86 px")
    func multipleOfTheSize() throws {
        let layout = try Self.prepared("one two three", ParagraphStyle(lineHeight: .multiple(1.5))).layout(wrapWidth: 60)
        for line in layout.lines {
            #expect(abs(line.height - 25.5) < 1e-9)
            #expect(abs(line.baseline - line.top - 18.635254) < 1e-6)
        }
    }

    @Test("a multiple is of each run's own size: a 34 px span in 17 px text makes a 1.5 line 51 px")
    func multipleOfASpansSize() throws {
        let style = try TextStyle(font: isolatedFont("DejaVuSans.ttf"), settings: TextSettings(size: Self.size, paragraph: ParagraphStyle(lineHeight: .multiple(1.5))))
        let layout = try PreparedText("Big and small", style: style, spans: [StyledSpan(range: 0..<3, size: 34)]).layout()
        // DejaVu at 34 px: ascent 31.559570, descent 8.018555, half-leading (51 − 39.578125) / 2 = 5.710938.
        #expect(layout.lines[0].height == 51)
        #expect(abs(layout.lines[0].baseline - 37.270508) < 1e-6)
    }

    @Test("taller fallback fonts: each font's box is centred on its own content area and the line is their union, as in CSS")
    func tallerFallback() throws {
        // Line 1: DejaVu + emoji, line 2: DejaVu + CJK, line 3: CJK only (hard breaks keep them apart).
        let text = "Hi \u{2764}\u{FE0F}\nHi 直直\n直直"
        let layout = try Self.prepared(text, ParagraphStyle(lineHeight: .fixed(24))).layout()
        #expect(layout.lines.map(Self.fontNames) == [["DejaVuSans.ttf", "NotoColorEmoji-subset.ttf"],
                                                      ["DejaVuSans.ttf", "NotoSansCJKjp-Regular.otf"], ["NotoSansCJKjp-Regular.otf"]])
        let expected: [(height: Double, above: Double)] = [(24.074707, 17.885254), (25.526746, 19.412), (24, 19.412)]
        for (line, expected) in zip(layout.lines, expected) {
            #expect(abs(line.height - expected.height) < 1e-6, "\(line.height)")
            #expect(abs(line.baseline - line.top - expected.above) < 1e-6, "\(line.baseline - line.top)")
        }
    }

    @Test("strut minimum: every line at least the primary font's box (CSS); forced: exactly it, baselines at the same place")
    func struts() throws {
        let text = "Hi \u{2764}\u{FE0F}\nHi 直直\n直直\n"
        let minimum = try Self.prepared(text, ParagraphStyle(lineHeight: .fixed(24), strut: .minimum)).layout()
        // The CJK-only line now holds the DejaVu box too: 19.412 above, 6.114746 below.
        let expectedMinimum = [24.074707, 25.526746, 25.526746, 24]
        #expect(minimum.lines.count == expectedMinimum.count)
        for (line, expected) in zip(minimum.lines, expectedMinimum) { #expect(abs(line.height - expected) < 1e-6, "\(line.height)") }

        let forced = try Self.prepared(text, ParagraphStyle(lineHeight: .fixed(24), strut: .forced)).layout()
        for (k, line) in forced.lines.enumerated() {
            #expect(line.height == 24)
            #expect(abs(line.baseline - Double(k) * 24 - 17.885254) < 1e-6)
        }
        // Normal line height with a forced strut: every line is DejaVu's 19.789062, the CJK line too.
        let normalForced = try Self.prepared(text, ParagraphStyle(strut: .forced)).layout()
        for line in normalForced.lines { #expect(abs(line.height - 19.789062) < 1e-6) }
    }

    @Test("0 is allowed: lines stack at the same top, only lineSpace between them")
    func zeroHeight() throws {
        for lineHeight in [LineHeight.fixed(0), .multiple(0)] {
            let layout = try Self.prepared("a\nb\nc", ParagraphStyle(lineHeight: lineHeight)).layout(lineSpace: 3)
            #expect(layout.lines.map(\.height) == [0, 0, 0])
            #expect(layout.lines.map(\.top) == [0, 3, 6])
            #expect(layout.contentHeight == 6)
            #expect(layout._checkInvariants() == [])
        }
    }

    @Test("lines past the text (minLines) and empty lines use the same line box", arguments: Strut.allCases)
    func editorLinesPastTheText(strut: Strut) throws {
        let sizing = EditorSizing(minLines: 4, lineSpace: 2)
        let prepared = try Self.prepared("a\n", ParagraphStyle(lineHeight: .fixed(24), strut: strut))
        let measured = try prepared.measureEditor(editorWidth: 200, sizing: sizing)
        #expect(measured.layout.lines.map(\.height) == [24, 24], "the empty last line is the primary font's box")
        #expect(measured.height == 4 * 24 + 3 * 2)
        let counted = try prepared.editorHeight(editorWidth: 200, sizing: sizing)
        #expect(counted.height == measured.height && counted.contentHeight == measured.contentHeight)
        #expect(prepared.style.emptyLineHeight == 24)
    }

    @Test("a negative or non-finite line height is an invalidArgument naming lineHeight",
          arguments: [LineHeight.fixed(-1), .multiple(-0.5), .multiple(.nan), .fixed(.infinity), .multiple(-.infinity)])
    func badValues(_ lineHeight: LineHeight) throws {
        let error = layoutError { try TextStyle(font: isolatedFont("DejaVuSans.ttf"), settings: TextSettings(paragraph: ParagraphStyle(lineHeight: lineHeight))) }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains("lineHeight must be") == true, "\(error?.message ?? "")")
    }

    @Test("the text forms: normal, a multiple, pixels; anything else reads as nil",
          arguments: [("normal", LineHeight?.some(.normal)), ("1.5", .multiple(1.5)), ("24px", .fixed(24)), ("0", .multiple(0)),
                      ("2.5px", .fixed(2.5)), ("-1px", .fixed(-1)), ("tall", nil), ("24 px", nil), ("px", nil), ("", nil), ("Normal", nil)])
    func textForms(_ text: String, _ expected: LineHeight?) {
        #expect(LineHeight(text) == expected)
        if let expected { #expect(LineHeight(expected.description) == expected) }
    }

    @Test("the batch reads lineHeight and strut; bad values are errors naming the key",
          arguments: [(#""lineHeight":-1"#, "invalidArgument", "lineHeight must be"),
                      (#""lineHeight":"-3px""#, "invalidArgument", "lineHeight must be"),
                      (#""lineHeight":"tall""#, "invalidJob", "'lineHeight' must be \"normal\""),
                      (#""lineHeight":true"#, "invalidJob", "'lineHeight' must be"),
                      (#""strut":"always""#, "invalidJob", "'strut' must be one of none, minimum, forced")])
    func batchErrors(_ member: String, _ code: String, _ named: String) throws {
        let line = Array(#"{"id":1,"text":"abc",\#(member)}"#.utf8)
        let answer = try parseJSON(line.withUnsafeBufferPointer { BatchLayouter(fonts: bundledFonts).resultLine(for: $0).json })
        #expect(answer["error"]?["code"] == .string(code))
        guard case let .string(message)? = answer["error"]?["message"] else { throw TestFailure("no message in \(answer)") }
        #expect(message.contains(named), "\(message)")
    }

    @Test("the batch's lineHeight: a number is a multiple, \"24px\" pixels, \"normal\" the metrics")
    func batchForms() throws {
        for (json, expected) in [(#"1.25"#, LineHeight.multiple(1.25)), (#""24px""#, .fixed(24)), (#""normal""#, .normal)] {
            let request = try LayoutRequest(job: parseJSON(#"{"text":"a","lineHeight":\#(json),"strut":"forced"}"#))
            #expect(request.settings.text.paragraph.lineHeight == expected)
            #expect(request.settings.text.paragraph.strut == .forced)
        }
    }

    // Pango 1.50.12, `pango_layout_set_line_spacing(layout, factor)` with DejaVu Sans at 17 px,
    // width 140, PANGO_WRAP_WORD_CHAR, unhinted metrics and unrounded positions (as the peer in
    // /work/shared/peers sets them), line by line from `pango_layout_iter_get_baseline` and the
    // layout's logical height:
    //
    //   factor 1.5: baselines 15.7803 45.4639 75.1475 104.8311 134.5146, height 138.5234
    //   factor 2:   baselines 15.7803 55.3584 94.9365 134.5146 174.0928, height 178.1016
    //
    // Pango's factor multiplies the font's line height (19.7891 px, ascent + descent), not the
    // size, and places baseline n+1 at baseline n + factor × height; the first line keeps its
    // own top and the last its own bottom. So Pango's factor f is our fixed f × 19.7891 px (or
    // multiple f × 2384 / 2048): the baselines are the same distance apart, and ours sit lower by
    // the half-leading CSS puts above the first line, (f − 1) × 19.7891 / 2; the content is taller
    // by the half-leading above the first line and below the last, (f − 1) × 19.7891.
    @Test("Pango's line-spacing factor: the same baseline pitch; ours adds the half-leading above the first line and below the last",
          arguments: [(1.5, [15.7803, 45.4639, 75.1475, 104.8311, 134.5146], 138.5234),
                      (2.0, [15.7803, 55.3584, 94.9365, 134.5146, 174.0928], 178.1016)])
    func pangoLineSpacing(_ factor: Double, _ pangoBaselines: [Double], _ pangoHeight: Double) throws {
        let text = "The quick brown fox jumps over the lazy dog again and again"
        let fontHeight = 2384.0 / 2048 * Self.size
        let layout = try Self.prepared(text, ParagraphStyle(lineHeight: .multiple(factor * 2384 / 2048))).layout(wrapWidth: 140)
        #expect(layout.lines.map(\.utf16Range.lowerBound) == [0, 10, 20, 35, 50], "Pango's line starts")
        let halfLeading = (factor - 1) * fontHeight / 2
        for (line, pango) in zip(layout.lines, pangoBaselines) {
            #expect(abs(line.baseline - (pango + halfLeading)) < 2e-3, "\(line.baseline) against Pango's \(pango)")
        }
        #expect(abs(layout.contentHeight - (pangoHeight + 2 * halfLeading)) < 2e-3)
    }

    /// Seeds come in blocks run in parallel; `TEXTLAYOUT_PROPERTY_SEEDS` sets how many a block.
    static let seedsPerBlock = UInt64(ProcessInfo.processInfo.environment["TEXTLAYOUT_PROPERTY_SEEDS"] ?? "") ?? 25

    @Test("random texts and widths: a fixed line height gives n × lineHeight + (n − 1) × lineSpace", arguments: 0..<4)
    func fixedHeightsAddUp(block: Int) throws {
        let font = try isolatedFont("DejaVuSans.ttf")
        for k in 0..<Self.seedsPerBlock {
            let seed = UInt64(block) * 1_000_003 + k
            var rng = SplitMix(seed: seed)
            let text = RandomText.make(&rng)
            let size = [7, 13.3, 17, 20.48, 48].randomElement(using: &rng)!
            let pixels = [0, 1, 17, 24, 33.3, Double.random(in: 0...80, using: &rng)].randomElement(using: &rng)!
            let lineSpace = [0, 2, 0.5].randomElement(using: &rng)!
            let width: Double? = [nil, Double.random(in: 20...600, using: &rng)].randomElement(using: &rng)!
            let label = "seed \(seed): \(text.debugDescription) at \(size) px, lineHeight \(pixels)px, lineSpace \(lineSpace), width \(width.map { "\($0)" } ?? "none")"
            let primary = LineHeight.fixed(pixels).box(font.metrics, size: size, .exact, .exact)
            for strut in Strut.allCases {
                let style = try TextStyle(font: font, settings: TextSettings(size: size, paragraph: ParagraphStyle(lineHeight: .fixed(pixels), strut: strut)))
                let prepared = try PreparedText(text, style: style)
                let layout = try prepared.layout(wrapWidth: width, lineSpace: lineSpace)
                #expect(layout._checkInvariants() == [], "\(label), strut \(strut)")
                let n = Double(layout.lineCount)
                for line in layout.lines {
                    let inPrimaryOnly = line.runs.allSatisfy { $0.content.textFont === font && $0.size == size }
                    if strut == .forced || inPrimaryOnly {
                        #expect(abs(line.height - pixels) <= 1e-9 * max(1, pixels), "\(label), strut \(strut)")
                    } else {
                        #expect(line.height >= pixels - 1e-9 * max(1, pixels), "every font's box is the line height tall: \(label)")
                    }
                    if strut != .none {
                        #expect(line.baseline - line.top >= primary.above - 1e-9 * max(1, pixels), "\(label), strut \(strut)")
                    }
                }
                if strut == .forced {
                    let expected = n * pixels + (n - 1) * lineSpace
                    #expect(abs(layout.contentHeight - expected) <= 1e-9 * max(1, expected), "\(label)")
                }
                // The height-only paths follow the same model.
                let heightsOnly = try prepared.layout(wrapWidth: width, lineSpace: lineSpace, glyphRuns: false)
                #expect(heightsOnly.lines.map(\.height) == layout.lines.map(\.height), "\(label), strut \(strut)")
                #expect(heightsOnly.lines.map(\.baseline) == layout.lines.map(\.baseline), "\(label), strut \(strut)")
                let counted = try prepared.editorHeight(editorWidth: width, sizing: EditorSizing(lineSpace: lineSpace))
                #expect(counted.contentHeight == layout.contentHeight, "\(label), strut \(strut)")
            }
        }
    }
}
