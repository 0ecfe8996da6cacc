// Seeded random texts for the property tests: mixes of scripts, emoji sequences, combining marks, bidi controls, hard breaks, odd code points.

/// Random text made of pieces drawn from many kinds, so that every mix of them turns up.
public enum RandomText {
    /// One kind of piece and how to make it.
    struct Kind: Sendable {
        let name: String
        let weight: Int
        let make: @Sendable (inout SplitMix) -> String
    }

    public static func scalar(_ value: UInt32) -> String { String(Unicode.Scalar(value).map(Character.init) ?? "\u{FFFD}") }

    public static func run(_ range: ClosedRange<UInt32>, count: ClosedRange<Int>, _ rng: inout SplitMix) -> String {
        let n = Int.random(in: count, using: &rng)
        return (0..<n).map { _ in scalar(UInt32.random(in: range, using: &rng)) }.joined()
    }

    public static func pick(_ choices: [String], _ rng: inout SplitMix) -> String { choices.randomElement(using: &rng)! }

    static let kinds: [Kind] = [
        Kind(name: "ascii word", weight: 12) { run(0x61...0x7A, count: 1...12, &$0) },
        Kind(name: "capitalised word", weight: 3) { run(0x41...0x5A, count: 1...1, &$0) + run(0x61...0x7A, count: 0...9, &$0) },
        Kind(name: "space", weight: 14) { pick([" ", " ", " ", "  ", "\t", "\u{A0}", "\u{2007}", "\u{202F}", "\u{3000}", "\u{2002}",
                                                "\u{1680}", "\u{200B}", "\u{205F}", " \t "], &$0) },
        Kind(name: "hard break", weight: 4) { pick(["\n", "\r\n", "\r", "\u{85}", "\u{2028}", "\u{2029}", "\u{0B}", "\u{0C}", "\n\n"], &$0) },
        Kind(name: "punctuation", weight: 5) { pick([".", ",", "!", "?", "-", "—", "(", ")", "[", "]", "«", "»", "\"", "'", "/", ":",
                                                     "1234", "3.14", "$5", "50%", "…", "、", "。", "「", "」", "-x", "a-b"], &$0) },
        Kind(name: "accented", weight: 3) { pick(["é", "ü", "ñ", "ø", "ł", "ß", "Å", "e\u{301}", "a\u{308}\u{304}", "i\u{307}"], &$0) },
        Kind(name: "combining marks", weight: 3) { rng in
            pick(["a", "e", " ", "\u{A0}", "ก", "ا", "क", "😀", "1", ""], &rng) + run(0x300...0x36F, count: 1...40, &rng)
        },
        Kind(name: "greek", weight: 2) { run(0x3B1...0x3C9, count: 1...10, &$0) },
        Kind(name: "cyrillic", weight: 2) { run(0x430...0x44F, count: 1...10, &$0) },
        Kind(name: "arabic", weight: 3) { rng in
            (0..<Int.random(in: 1...8, using: &rng)).map { _ in
                run(0x627...0x64A, count: 1...1, &rng) + (Bool.random(using: &rng) ? run(0x64B...0x652, count: 0...2, &rng) : "")
            }.joined()
        },
        Kind(name: "hebrew", weight: 2) { run(0x5D0...0x5EA, count: 1...8, &$0) + run(0x5B0...0x5BC, count: 0...2, &$0) },
        Kind(name: "devanagari", weight: 2) { rng in
            (0..<Int.random(in: 1...5, using: &rng)).map { _ in
                run(0x915...0x939, count: 1...1, &rng) + pick(["", "\u{94D}", "\u{93E}", "\u{93F}", "\u{94D}\u{200D}", "\u{93C}\u{94D}", "\u{902}"], &rng)
            }.joined()
        },
        Kind(name: "thai", weight: 2) { rng in
            (0..<Int.random(in: 1...8, using: &rng)).map { _ in
                run(0xE01...0xE2E, count: 1...1, &rng) + pick(["", "\u{E31}", "\u{E34}", "\u{E48}", "\u{E49}\u{E31}", "\u{E38}"], &rng)
            }.joined()
        },
        Kind(name: "cjk", weight: 3) { run(0x4E00...0x9FFF, count: 1...12, &$0) },
        Kind(name: "kana", weight: 2) { run(0x3041...0x3096, count: 1...6, &$0) + run(0x30A1...0x30FA, count: 0...4, &$0) },
        Kind(name: "hangul", weight: 2) { run(0xAC00...0xD7A3, count: 1...5, &$0) },
        Kind(name: "jamo", weight: 1) { run(0x1100...0x1112, count: 1...2, &$0) + run(0x1161...0x1175, count: 0...2, &$0) + run(0x11A8...0x11C2, count: 0...1, &$0) },
        Kind(name: "emoji", weight: 4) { run(0x1F600...0x1F64F, count: 1...3, &$0) },
        Kind(name: "emoji sequence", weight: 4) { rng in
            pick(["👨‍👩‍👧‍👦", "👩🏽‍💻", "🏳️‍🌈", "👍🏿", "❤️", "☺︎", "☺️", "1️⃣", "#️⃣", "🇫🇷", "🇯🇵🇺🇸", "🇦", "🏴󠁧󠁢󠁳󠁣󠁴󠁿",
                  "\u{1F468}\u{200D}", "\u{200D}\u{1F469}", "🧑‍🤝‍🧑", "👁️‍🗨️", "\u{1F3FB}", "\u{FE0F}"], &rng)
        },
        Kind(name: "bidi control", weight: 3) { rng in
            pick(["\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
                  "\u{200E}", "\u{200F}", "\u{061C}"], &rng)
        },
        Kind(name: "joiner", weight: 2) { pick(["\u{200D}", "\u{200C}", "\u{2060}", "\u{AD}", "\u{FEFF}", "\u{34F}"], &$0) },
        Kind(name: "unassigned", weight: 2) { rng in
            scalar([0x378, 0x379, 0x50000, 0xE0080, 0xFFFE, 0xFFFF, 0x2FFFF, 0x10FFFF, 0x1FAFF, 0xFDD0].randomElement(using: &rng)!)
        },
        Kind(name: "private use", weight: 2) { rng in
            pick([run(0xE000...0xF8FF, count: 1...3, &rng), run(0xF0000...0xFFFFD, count: 1...2, &rng), "\u{10FFFD}"], &rng)
        },
        Kind(name: "control", weight: 2) { rng in
            pick(["\u{0}", "\u{1}", "\u{7}", "\u{8}", "\u{1B}", "\u{1F}", "\u{7F}", "\u{80}", "\u{9F}", "\u{FFFD}"], &rng)
        },
        Kind(name: "long word", weight: 2) { run(0x61...0x7A, count: 20...200, &$0) },
        Kind(name: "any scalar", weight: 3) { rng in
            var value = UInt32.random(in: 0...0x10FFFF, using: &rng)
            if (0xD800...0xDFFF).contains(value) { value = 0xFFFD }
            return scalar(value)
        },
    ]

    private static let totalWeight = kinds.reduce(0) { $0 + $1.weight }

    /// A text of up to `maxPieces` pieces.
    public static func make(_ rng: inout SplitMix, maxPieces: Int = 40) -> String {
        let pieces = Int.random(in: 0...maxPieces, using: &rng)
        var text = ""
        for _ in 0..<pieces {
            var roll = Int.random(in: 0..<totalWeight, using: &rng)
            for kind in kinds {
                if roll < kind.weight {
                    text += kind.make(&rng)
                    break
                }
                roll -= kind.weight
            }
        }
        return text
    }
}
