// Checks balanced and pretty wrapping: never more lines than greedy, never wider than the width, the least widest line and the least cost by brute force, stable lines while typing.
import Foundation
import Testing
@testable import TextLayout
import TestSupport

@Suite("Balanced and pretty wrapping")
struct TextWrapTests {
    static func prepare(_ text: String, _ wrap: TextWrap, indent: Double = 0, size: Double = 17) throws -> PreparedText {
        let font = try bundledFonts.font(path: FontContext.bundledFontPath("DejaVuSans.ttf")!)
        return try PreparedText(text, style: TextStyle(font: font, settings: TextSettings(size: size, paragraph: ParagraphStyle(indent: indent, textWrap: wrap))))
    }

    static let words = ["a", "an", "the", "of", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "typesetting",
                        "line", "breaking", "paragraph", "is", "exactly", "measured", "width", "height", "editor", "grows",
                        "with", "its", "text", "and", "shows", "every", "glyph", "where", "it", "is", "drawn", "W", "I"]

    static func sentence(_ rng: inout SplitMix, words count: Int) -> String {
        (0..<count).map { _ in words.randomElement(using: &rng)! }.joined(separator: " ")
    }

    /// The widest line with its indent.
    static func widest(_ layout: Layout) -> Double { layout.widestExtent }

    @Test("random texts of every kind: no more lines than greedy, each line fits, balance's widest no wider than greedy's",
          arguments: 0..<40)
    func randomTexts(seed: UInt64) throws {
        var rng = SplitMix(seed: 0xBA1A + seed)
        let text = seed % 2 == 0 ? RandomText.make(&rng, maxPieces: 30) : Self.sentence(&rng, words: Int.random(in: 1...60, using: &rng))
        let width = Double.random(in: 30...420, using: &rng)
        let indent = seed % 5 == 0 ? Double.random(in: -20...20, using: &rng) : 0
        let label = "seed \(seed): \(text.debugDescription) at \(width), indent \(indent)"
        let greedy = try Self.prepare(text, .wrap, indent: indent).layout(wrapWidth: width)
        for wrap in [TextWrap.balance, .pretty] {
            let layout = try Self.prepare(text, wrap, indent: indent).layout(wrapWidth: width)
            expectInvariants(layout, "\(wrap) \(label)")
            #expect(layout.lineCount <= greedy.lineCount, "\(wrap) gives \(layout.lineCount) lines, greedy \(greedy.lineCount): \(label)")
            #expect(layout.lines.map(\.paragraph) == greedy.lines.map(\.paragraph) || layout.lineCount < greedy.lineCount,
                    "\(wrap) spreads the paragraphs over lines otherwise: \(label)")
            if wrap == .balance {
                #expect(Self.widest(layout) <= Self.widest(greedy) + Layout.fitTolerance,
                        "balance's widest line \(Self.widest(layout)) is wider than greedy's \(Self.widest(greedy)): \(label)")
            }
        }
    }

    @Test("balance's widest line is the narrowest any breaking into greedy's line count allows (greedy's shrink-wrap width)",
          arguments: 0..<30)
    func balanceIsNarrowest(seed: UInt64) throws {
        var rng = SplitMix(seed: 0xBA1B + seed)
        let text = Self.sentence(&rng, words: Int.random(in: 2...40, using: &rng))
        // Wide enough for every word, so that no word is cut.
        let widestWord = try text.split(separator: " ").map { try Self.prepare(String($0), .wrap).layout().lines[0].width }.max() ?? 0
        let width = Double.random(in: (widestWord + 1)...400, using: &rng)
        let label = "seed \(seed): \(text.debugDescription) at \(width)"
        let greedy = try Self.prepare(text, .wrap).layout(wrapWidth: width)
        let balanced = try Self.prepare(text, .balance).layout(wrapWidth: width)
        #expect(balanced.lineCount == greedy.lineCount, "\(label)")
        // Greedy filling gives the fewest lines at any width, so the narrowest width at which it
        // keeps its line count is the least widest line of any breaking into that many lines (to
        // the halving's 1/1024 px). Shrink-wrapping cuts no word the layout does not cut, so it
        // stops at the widest word, as breaking at a width that holds every word does.
        let narrowest = try greedy.shrinkWrapWidth()
        #expect(narrowest >= widestWord - Layout.fitTolerance, "shrink-wrap cut a word: \(label)")
        #expect(abs(Self.widest(balanced) - narrowest) <= 1.0 / 1024 + Layout.fitTolerance,
                "balanced widest \(Self.widest(balanced)), greedy shrinks to \(narrowest): \(label)")
    }

    /// A short paragraph of random words for a brute force: the words, each line's width measured
    /// on its own (words `i..<j` joined, no trailing space: `widths[i][j]`), and a wrap width wide
    /// enough for every word, so that none is cut.
    static func shortParagraph(_ rng: inout SplitMix, words count: ClosedRange<Int>) throws -> (words: [String], widths: [[Double]], width: Double) {
        let count = Int.random(in: count, using: &rng)
        let words = (0..<count).map { _ in Self.words.randomElement(using: &rng)! }
        var widths = [[Double]](repeating: [Double](repeating: 0, count: count + 1), count: count + 1)
        for i in 0..<count {
            for j in (i + 1)...count {
                widths[i][j] = try Self.prepare(words[i..<j].joined(separator: " "), .wrap).layout().lines[0].width
            }
        }
        let widestWord = (0..<count).map { widths[$0][$0 + 1] }.max()!
        return (words, widths, Double.random(in: (widestWord + 1)...(widestWord + 220), using: &rng))
    }

    /// The cost pretty wrapping minimises, written again from its definition: squared slack as a
    /// share of the room on every line but the last, the hyphen and short-last-line penalties.
    static func prettyCost(_ layout: Layout, width: Double) -> Double {
        var cost = 0.0
        for (k, line) in layout.lines.enumerated() {
            let room = width - (k == 0 ? layout.prepared.style.settings.paragraph.indent : 0)
            if k < layout.lineCount - 1 {
                cost += pow(max(0, room - line.width) / room, 2)
            } else if k > 0, !layout.prepared.text[line.range].trimmingCharacters(in: .whitespaces).contains(" "),
                      line.width < room / 3 {
                cost += prettyShortLastLinePenalty
            }
            if line.endsWithHyphen { cost += prettyHyphenPenalty }
        }
        return cost
    }

    @Test("pretty's cost is the least of every breaking into the fewest lines, by brute force over short paragraphs",
          arguments: 0..<30)
    func prettyIsOptimal(seed: UInt64) throws {
        var rng = SplitMix(seed: 0x9E77 + seed)
        let (words, widths, width) = try Self.shortParagraph(&rng, words: 2...12)
        let count = words.count
        let text = words.joined(separator: " ")
        let label = "seed \(seed): \(text.debugDescription) at \(width)"
        let pretty = try Self.prepare(text, .pretty).layout(wrapWidth: width)
        // Every breaking: a bit per gap between words.
        var best: (lines: Int, cost: Double) = (Int.max, .infinity)
        for mask in 0..<(1 << (count - 1)) {
            var starts = [0]
            for gap in 0..<(count - 1) where mask & (1 << gap) != 0 { starts.append(gap + 1) }
            let ends = Array(starts.dropFirst()) + [count]
            var cost = 0.0
            var fits = true
            for (k, (i, j)) in zip(starts, ends).enumerated() {
                let w = widths[i][j]
                if w > width + Layout.fitTolerance { fits = false; break }
                if k < starts.count - 1 {
                    cost += pow(max(0, width - w) / width, 2)
                } else if k > 0, j - i == 1, w < width / 3 {
                    cost += prettyShortLastLinePenalty
                }
            }
            guard fits else { continue }
            if (starts.count, cost) < (best.lines, best.cost) { best = (starts.count, cost) }
        }
        #expect(pretty.lineCount == best.lines, "pretty gives \(pretty.lineCount) lines, \(best.lines) are possible: \(label)")
        #expect(abs(Self.prettyCost(pretty, width: width) - best.cost) < 1e-6,
                "pretty costs \(Self.prettyCost(pretty, width: width)), the best breaking \(best.cost): \(label)")
    }

    @Test("balance's lines are the most even of every breaking into the fewest lines with the least widest line, by brute force",
          arguments: 0..<30)
    func balanceIsEvenest(seed: UInt64) throws {
        var rng = SplitMix(seed: 0xE7E4 + seed)
        let (words, widths, width) = try Self.shortParagraph(&rng, words: 3...12)
        let count = words.count
        let text = words.joined(separator: " ")
        let label = "seed \(seed): \(text.debugDescription) at \(width)"
        let balanced = try Self.prepare(text, .balance).layout(wrapWidth: width)
        var best: (lines: Int, widest: Double, squares: Double) = (Int.max, .infinity, .infinity)
        for mask in 0..<(1 << (count - 1)) {
            var starts = [0]
            for gap in 0..<(count - 1) where mask & (1 << gap) != 0 { starts.append(gap + 1) }
            let lineWidths = zip(starts, Array(starts.dropFirst()) + [count]).map { widths[$0][$1] }
            guard lineWidths.allSatisfy({ $0 <= width + Layout.fitTolerance }) else { continue }
            let candidate = (starts.count, lineWidths.max()!, lineWidths.reduce(0) { $0 + $1 * $1 })
            // The widest line compared to a millionth: the same line measured alone or in the
            // paragraph may differ in its last bits.
            if candidate.0 < best.lines || candidate.0 == best.lines && (candidate.1 < best.widest - 1e-6
                || abs(candidate.1 - best.widest) <= 1e-6 && candidate.2 < best.squares) { best = candidate }
        }
        let ours = balanced.lines.map(\.width)
        #expect(balanced.lineCount == best.lines, "\(label)")
        #expect(abs(ours.max()! - best.widest) < 1e-6, "widest \(ours.max()!) against \(best.widest): \(label)")
        #expect(abs(ours.reduce(0) { $0 + $1 * $1 } - best.squares) < 1e-3, "squares against \(best.squares): \(label)")
    }

    @Test("a balanced paragraph whose most even breaking goes through a wider line early (found against Chromium)")
    func balanceKeepsEvenWaysThroughWiderLines() throws {
        let text = "Authentification requise pour permettre \u{E0} une application d\u{2019}emp\u{EA}cher l\u{2019}hibernation automatique du syst\u{E8}me."
        let layout = try Self.prepare(text, .balance).layout(wrapWidth: 240)
        let starts = layout.lines.map { String(text[$0.range]) }
        #expect(starts == ["Authentification ", "requise pour permettre ", "\u{E0} une application ",
                           "d\u{2019}emp\u{EA}cher l\u{2019}hibernation ", "automatique du syst\u{E8}me."])
    }

    @Test("pretty pulls a word down rather than leave one short word alone on the last line")
    func prettyAvoidsShortLastLine() throws {
        // Greedy fills the first line to the brim and leaves "dog." alone on the second.
        let text = "The quick brown fox jumps over the lazy dog."
        let greedy = try Self.prepare(text, .wrap).layout()
        let width = greedy.lines[0].width - 1          // "dog." no longer fits on the first line
        let ragged = try Self.prepare(text, .wrap).layout(wrapWidth: width)
        let pretty = try Self.prepare(text, .pretty).layout(wrapWidth: width)
        #expect(ragged.lineCount == 2 && ragged.prepared.text[ragged.lines[1].range] == "dog.")
        #expect(pretty.lineCount == 2)
        #expect(pretty.prepared.text[pretty.lines[1].range].contains(" "), "the last line holds more than one word")
        #expect(Self.prettyCost(pretty, width: width) < Self.prettyCost(ragged, width: width))
    }

    @Test("a balanced or pretty layout at its shrink-wrap width keeps its lines", arguments: 0..<16)
    func shrinkWrap(seed: UInt64) throws {
        var rng = SplitMix(seed: 0x5B0B + seed)
        let text = Self.sentence(&rng, words: Int.random(in: 3...30, using: &rng))
        let width = Double.random(in: 80...360, using: &rng)
        for wrap in [TextWrap.balance, .pretty] {
            let prepared = try Self.prepare(text, wrap)
            let layout = try prepared.layout(wrapWidth: width)
            let narrow = try layout.shrinkWrapWidth()
            let again = try prepared.layout(wrapWidth: narrow)
            #expect(narrow <= width + 1e-9)
            #expect(again.lineCount == layout.lineCount, "\(wrap) seed \(seed)")
            #expect(again.stableWidthRange.contains(narrow), "\(wrap) seed \(seed): \(again.stableWidthRange) holds \(narrow)")
            if wrap == .balance {
                #expect(again.lines.map(\.utf16Range) == layout.lines.map(\.utf16Range), "balance keeps its breaks, seed \(seed)")
            }
        }
    }

    @Test("a text without width (empty, or spaces only) shrink-wraps to 0 in every mode, as greedy filling does", arguments: ["", "   ", "\n"])
    func shrinkWrapWithoutWidth(text: String) throws {
        for wrap in [TextWrap.wrap, .balance, .pretty] {
            let layout = try Self.prepare(text, wrap).layout(wrapWidth: 200)
            #expect(try layout.shrinkWrapWidth() == 0, "\(wrap): \(text.debugDescription)")
        }
    }

    @Test("while typing, a balanced or pretty paragraph's lines above the edited one stay; a fresh layout weighs them again")
    func stableWhileTyping() throws {
        var rng = SplitMix(seed: 0x57AB)
        for wrap in [TextWrap.balance, .pretty] {
            for trial in 0..<12 {
                let text = Self.sentence(&rng, words: 40)
                let width = Double.random(in: 120...260, using: &rng)
                let prepared = try Self.prepare(text, wrap)
                let layout = try prepared.layout(wrapWidth: width)
                guard layout.lineCount >= 3 else { continue }
                // Type a word into the second-to-last line.
                let line = layout.lines[layout.lineCount - 2]
                let at = line.utf16Range.lowerBound + 1
                let (edited, edit) = try prepared.replacingCharacters(inUTF16: at..<at, with: "extra ")
                let updated = try layout.updated(for: edited, after: edit)
                expectInvariants(updated, "\(wrap) trial \(trial)")
                #expect(Array(updated.lines.prefix(layout.lineCount - 2).map(\.utf16Range))
                        == Array(layout.lines.prefix(layout.lineCount - 2).map(\.utf16Range)), "\(wrap) trial \(trial): lines above move")
                // From the edited line on, the lines are those the search gives from its start.
                let kept = layout.lineCount - 2
                let tail = try edited.bytes.withUnsafeBufferPointer { bytes in
                    try breakLines(edited.paragraphs[0], bytes: bytes, style: edited.style, wrapWidth: width,
                                   from: layout.lines[kept].byteRange.lowerBound)
                }
                #expect(updated.lines.dropFirst(kept).map(\.byteRange) == tail.map { $0.start..<$0.end }, "\(wrap) trial \(trial)")
                // A new width weighs the whole paragraph again: the layout is a fresh one.
                #expect(try updated.prepared.layout(wrapWidth: width + 1) == edited.layout(wrapWidth: width + 1))
            }
        }
    }
}

@Suite("Balanced and pretty goldens")
struct TextWrapGoldenTests {
    static let cases = goldenCases().filter { $0.hasPrefix("core/balance-") || $0.hasPrefix("core/pretty-") }

    @Test("there are balanced and pretty goldens in English, German, French and Russian")
    func languages() {
        for language in ["en", "de", "fr", "ru"] {
            #expect(Self.cases.contains("core/balance-\(language)") && Self.cases.contains("core/pretty-\(language)"))
        }
    }

    @Test("each case's greedy twin breaks where Pango does, and the case itself has as many lines or fewer, and other breaks",
          arguments: cases)
    func greedyTwinIsPango(_ name: String) throws {
        let source = try String(contentsOf: goldensDirectory.appendingPathComponent(name + ".txt"), encoding: .utf8)
        var job = try goldenJob(source)
        let font = try bundledFonts.font(path: job.font!)
        let chosen = try job.measure(font: font, in: bundledFonts).measurement.layout
        job.settings.text.paragraph.textWrap = .wrap
        let greedy = try job.measure(font: font, in: bundledFonts).measurement.layout
        #expect(greedy.lines.map(\.utf16Range.lowerBound) == (try goldenPangoRecord(source).starts), "\(name)")
        #expect(chosen.lineCount <= greedy.lineCount && chosen.lines.map(\.utf16Range) != greedy.lines.map(\.utf16Range), "\(name)")
    }
}
