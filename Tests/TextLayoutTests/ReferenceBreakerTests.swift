// The engine's line starts against the reference greedy breaker's on seeded random texts, each in the one bundled font that draws all of it.
import Foundation
import Testing
import TextLayout
import TestSupport

@Suite("Line starts against the reference breaker")
struct ReferenceBreakerTests {
    /// Texts one bundled font draws entirely, in one script per paragraph: its pieces.
    struct Alphabet: Sendable, CustomStringConvertible {
        let font: String
        let pieces: @Sendable (inout SplitMix) -> String
        var description: String { font }
    }

    static let alphabets: [Alphabet] = [
        Alphabet(font: "DejaVuSans.ttf") { rng in
            RandomText.pick([RandomText.run(0x61...0x7A, count: 1...10, &rng), RandomText.run(0x61...0x7A, count: 1...10, &rng),
                             RandomText.run(0x41...0x5A, count: 1...1, &rng) + RandomText.run(0x61...0x7A, count: 0...8, &rng),
                             RandomText.run(0x61...0x7A, count: 20...60, &rng),
                             " ", " ", " ", " ", "  ", "\u{A0}", "\n",
                             ".", ",", "!", "?", "-", "—", "(", ")", "«", "»", "\"", "'", "/", ":", "1234", "3.14", "$5", "50%", "…",
                             "-x", "a-b", "é", "ü", "ñ", "ø", "ł", "ß", "Å", "e\u{301}", "AV", "To", "fi", "ffl"], &rng)
        },
        // Greek and Cyrillic apart from Latin: the engine shapes each script run on its own (kerning
        // does not reach across), the reference shapes a line as one run.
        Alphabet(font: "DejaVuSans-Bold.ttf") { rng in
            RandomText.pick([RandomText.run(0x3B1...0x3C9, count: 1...10, &rng), RandomText.run(0x391...0x3A1, count: 1...3, &rng),
                             RandomText.run(0x3B1...0x3C9, count: 15...40, &rng), " ", " ", " ", "\n", ".", ",", "(", ")", "«", "»", ";"], &rng)
        },
        Alphabet(font: "DejaVuSansMono.ttf") { rng in
            RandomText.pick([RandomText.run(0x430...0x44F, count: 1...10, &rng), RandomText.run(0x410...0x42F, count: 1...2, &rng),
                             RandomText.run(0x430...0x44F, count: 15...40, &rng), " ", " ", " ", "\n", ".", ",", "-", "—", "«", "»"], &rng)
        },
        Alphabet(font: "NotoSansArabic-Regular.ttf") { rng in
            RandomText.pick([RandomText.run(0x627...0x64A, count: 1...8, &rng), " ", " ", "\n", "،"], &rng)
        },
        Alphabet(font: "NotoSansHebrew-Regular.ttf") { rng in
            RandomText.pick([RandomText.run(0x5D0...0x5EA, count: 1...8, &rng), " ", " ", "\n"], &rng)
        },
        Alphabet(font: "NotoSansDevanagari-Regular.ttf") { rng in
            RandomText.pick([(0..<Int.random(in: 1...5, using: &rng)).map { _ in
                RandomText.run(0x915...0x939, count: 1...1, &rng) + RandomText.pick(["", "\u{94D}", "\u{93E}", "\u{93F}", "\u{902}"], &rng)
            }.joined(), " ", " ", "\n", "।"], &rng)
        },
        Alphabet(font: "NotoSansThai-Regular.ttf") { rng in
            RandomText.pick([(0..<Int.random(in: 1...8, using: &rng)).map { _ in
                RandomText.run(0xE01...0xE2E, count: 1...1, &rng) + RandomText.pick(["", "\u{E31}", "\u{E34}", "\u{E48}", "\u{E38}"], &rng)
            }.joined(), " ", "\n"], &rng)
        },
    ]

    static let seeds = UInt64(ProcessInfo.processInfo.environment["TEXTLAYOUT_PROPERTY_SEEDS"] ?? "") ?? 40

    @Test("the engine breaks where the reference breaks", arguments: alphabets)
    func sameLineStarts(_ alphabet: Alphabet) throws {
        let path = try #require(FontContext.bundledFontPath(alphabet.font))
        for seed in 0..<Self.seeds {
            var rng = SplitMix(seed: seed &* 7919 &+ 13)
            let text = (0..<Int.random(in: 1...40, using: &rng)).map { _ in alphabet.pieces(&rng) }.joined()
            let size = [17.0, 13, 24, Double.random(in: 8...40, using: &rng)].randomElement(using: &rng)!
            let reference = try #require(ReferenceBreaker(fontPath: path, size: size))
            let style = try TextStyle(font: isolatedFont(alphabet.font), settings: TextSettings(size: size))
            let prepared = try PreparedText(text, style: style)
            for _ in 0..<4 {
                let width = Double.random(in: 1...400, using: &rng)
                let engine = try prepared.layout(wrapWidth: width).lines.map(\.utf16Range.lowerBound)
                let expected = reference.lineStarts(text, width: width)
                let escaped = text.unicodeScalars.map { $0.isASCII ? String($0) : "\\u{\(String($0.value, radix: 16))}" }.joined()
                #expect(engine == expected, "seed \(seed): \"\(escaped)\" in \(alphabet.font) at \(size) px, width \(width)")
            }
        }
    }
}
