// Greedy lines found from prepared positions by subtraction against the walk that measures every segment: the same LineBreak values, on corpus and random texts.
import Foundation
import Testing
@testable import TextLayout
import TestSupport

@Suite("Greedy lines by subtraction")
struct SubtractionBreakerTests {
    /// Every line greedy filling gives `paragraph` from `start` at `wrapWidth`, by subtraction where it can or by the walk alone.
    static func greedy(_ prepared: PreparedText, _ paragraph: PreparedParagraph, from start: Int, wrapWidth: Double,
                       bySubtraction: Bool) throws -> [LineBreak] {
        try prepared.bytes.withUnsafeBufferPointer { bytes in
            let candidates = LineCandidates(paragraph: paragraph, bytes: bytes, style: prepared.style, wrapWidth: wrapWidth)
            var lines: [LineBreak] = []
            try greedyLines(candidates, from: start, bySubtraction: bySubtraction) { lines.append($0); return true }
            return lines
        }
    }

    /// Counts of lines compared and of lines the subtraction found on its own, over a test.
    struct Tally {
        var lines = 0
        var subtracted = 0
    }

    /// Checks that both ways give the same lines for every paragraph of `prepared` at `wrapWidth`,
    /// from the paragraph's start and from each later line start (as an incremental relayout begins).
    static func expectSameLines(_ prepared: PreparedText, wrapWidth: Double, tally: inout Tally, _ what: @autoclosure () -> String) throws {
        for (index, paragraph) in prepared.paragraphs.enumerated() where !paragraph.range.isEmpty {
            let walked = try greedy(prepared, paragraph, from: paragraph.range.start, wrapWidth: wrapWidth, bySubtraction: false)
            let subtracted = try greedy(prepared, paragraph, from: paragraph.range.start, wrapWidth: wrapWidth, bySubtraction: true)
            #expect(subtracted == walked, "paragraph \(index) at \(wrapWidth): \(what())\nwalk: \(walked)\nsubtraction: \(subtracted)")
            tally.lines += walked.count
            for line in walked.dropFirst() {
                let fromThere = try greedy(prepared, paragraph, from: line.start, wrapWidth: wrapWidth, bySubtraction: true)
                #expect(fromThere == Array(walked.drop { $0.start < line.start }),
                        "paragraph \(index) at \(wrapWidth) from \(line.start): \(what())")
            }
            // How many lines the subtraction gave alone: that the test reaches it at all.
            guard paragraph.tabs.isEmpty else { continue }
            prepared.bytes.withUnsafeBufferPointer { bytes in
                let candidates = LineCandidates(paragraph: paragraph, bytes: bytes, style: prepared.style, wrapWidth: wrapWidth)
                for line in walked {
                    let segment = candidates.segment(startingLineAt: line.start)
                    if case .fitted = candidates.lineBySubtraction(from: line.start, segment: segment) { tally.subtracted += 1 }
                }
            }
        }
    }

    /// The wrap widths to try for `prepared` around `width`: it, and where its lines change (a
    /// line's own width and its width with its next piece, as a wrap width with the indent and
    /// with the fit tolerance taken off or not), exactly and one `Double` either side; `count` of
    /// those edges at most, drawn at random.
    static func edgeWidths(_ prepared: PreparedText, around width: Double, count: Int, _ rng: inout SplitMix) throws -> [Double] {
        let indent = prepared.style.settings.paragraph.indent
        var widths = [width]
        for paragraph in prepared.paragraphs where !paragraph.range.isEmpty {
            for line in try greedy(prepared, paragraph, from: paragraph.range.start, wrapWidth: width, bySubtraction: false) {
                let lineIndent = prepared.style.settings.paragraph.indent(isFirstLine: line.start == paragraph.range.start)
                for edge in [line.width, line.overflowWidth] where edge.isFinite {
                    for wrap in [edge + lineIndent, edge + lineIndent - Layout.fitTolerance] {
                        widths += [wrap, wrap.nextUp, wrap.nextDown]
                    }
                }
            }
        }
        let edges = widths.dropFirst().filter { $0 > abs(indent) && $0.isFinite }
        return [width] + (edges.count <= count ? edges : (0..<count).map { _ in edges.randomElement(using: &rng)! })
    }

    /// A style for the test: a size, an indent now and then, hyphens auto or manual.
    static func style(_ font: Font, language: String?, _ rng: inout SplitMix) throws -> TextStyle {
        let indent = [0, 0, 0, 14, -11.5].randomElement(using: &rng)!
        let hyphens: Hyphens = Int.random(in: 0..<3, using: &rng) == 0 ? .auto : .manual
        return try TextStyle(font: font, settings: TextSettings(size: [11, 17, 17, 23.7].randomElement(using: &rng)!, language: language, hyphens: hyphens,
                             paragraph: ParagraphStyle(indent: indent)))
    }

    /// `text` with, now and then, soft hyphens inside words, a tab, and spans of letter spacing (negative too).
    static func seasoned(_ text: String, _ rng: inout SplitMix) -> (String, [StyledSpan]) {
        var characters = Array(text)
        if !characters.isEmpty, Bool.random(using: &rng) {
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let at = Int.random(in: 0...characters.count, using: &rng)
                characters.insert(Int.random(in: 0..<5, using: &rng) == 0 ? "\t" : "\u{AD}", at: at)
            }
        }
        let seasoned = String(characters)
        let length = seasoned.utf16.count
        var spans: [StyledSpan] = []
        if length > 2, Bool.random(using: &rng) {
            let lower = Int.random(in: 0..<(length - 1), using: &rng)
            let upper = Int.random(in: (lower + 1)...length, using: &rng)
            // Cut only between characters (a span inside a surrogate pair is refused).
            let utf16 = Array(seasoned.utf16)
            let safe = { (i: Int) in i == 0 || i == length || !UTF16.isTrailSurrogate(utf16[i]) }
            if safe(lower), safe(upper) {
                spans = [StyledSpan(range: lower..<upper, letterSpacing: [2.5, -1.25, 0.75].randomElement(using: &rng)!)]
            }
        }
        return (seasoned, spans)
    }

    @Test("corpus texts: the same lines at random widths and at each line's edges", arguments: CorpusTexts.fonts.keys.sorted())
    func corpus(language: String) throws {
        let texts = try CorpusTexts.texts(language)
        let font = try bundledFonts.font(path: FontContext.bundledFontPath(CorpusTexts.fonts[language]!)!)
        var rng = SplitMix(seed: 0x5B7 ^ UInt64(language.utf8.reduce(0) { $0 * 31 + Int($1) }))
        var tally = Tally()
        for k in 0..<10 {
            let joined = (0..<Int.random(in: 1...3, using: &rng)).map { _ in texts.randomElement(using: &rng)! }
                .joined(separator: Bool.random(using: &rng) ? "\n" : " ")
            let (text, spans) = Self.seasoned(joined, &rng)
            let prepared = try PreparedText(text, style: Self.style(font, language: language, &rng), spans: spans)
            let width = Double.random(in: 40...420, using: &rng)
            for wrapWidth in try Self.edgeWidths(prepared, around: width, count: 24, &rng) {
                try Self.expectSameLines(prepared, wrapWidth: wrapWidth, tally: &tally,
                                         "\(language) case \(k): \(text.debugDescription), spans \(spans), \(prepared.style)")
            }
        }
        #expect(tally.subtracted > 0, "\(language): no line was found by subtraction (\(tally.lines) lines)")
    }

    @Test("random texts of every kind: the same lines", arguments: 0..<4)
    func randomTexts(block: Int) throws {
        var tally = Tally()
        for k in 0..<UInt64(20) {
            let seed = 0x5B70_000 + UInt64(block) * 1000 + k
            var rng = SplitMix(seed: seed)
            let (text, spans) = Self.seasoned(RandomText.make(&rng, maxPieces: 30), &rng)
            let font = try bundledFonts.font(path: FontContext.bundledFontPath(PropertyTests.fonts.randomElement(using: &rng)!)!)
            let prepared = try PreparedText(text, style: Self.style(font, language: ["en", "de", nil].randomElement(using: &rng)!, &rng),
                                            spans: spans)
            let width = Double.random(in: 30...400, using: &rng)
            for wrapWidth in try Self.edgeWidths(prepared, around: width, count: 24, &rng) {
                try Self.expectSameLines(prepared, wrapWidth: wrapWidth, tally: &tally, "seed \(seed): \(text.debugDescription), spans \(spans)")
            }
        }
        #expect(tally.subtracted > 0, "no line was found by subtraction (\(tally.lines) lines)")
    }
}
