// Random bidi texts with embeddings, overrides and isolates: every grapheme cluster drawn on a line is tapped on its two halves and selected within its glyphs.
import Testing
import TextLayout
import TestSupport

@Suite("Caret geometry, random bidi texts")
struct BidiCaretPropertyTests {
    /// A random text of Latin, Hebrew, Arabic (with marks and zero width non-joiners), digits,
    /// spaces and punctuation, with explicit embeddings, overrides, isolates and marks (U+202A–U+202E,
    /// U+2066–U+2069, U+200E, U+200F), balanced or not, flags with tag characters and hard breaks.
    static func bidiText(_ rng: inout SplitMix) -> String {
        var text = ""
        for _ in 0..<Int.random(in: 1...24, using: &rng) {
            switch Int.random(in: 0..<12, using: &rng) {
            case 0, 1: text += RandomText.run(0x61...0x7A, count: 1...8, &rng)
            case 2: text += RandomText.run(0x5D0...0x5EA, count: 1...6, &rng)
            case 3:
                text += (0..<Int.random(in: 1...5, using: &rng)).map { _ in
                    RandomText.run(0x627...0x64A, count: 1...1, &rng) + RandomText.run(0x64B...0x652, count: 0...1, &rng)
                        + RandomText.pick(["", "", "\u{200C}"], &rng)
                }.joined()
            case 4: text += RandomText.pick(["123", "4.5", "-7", "$8", "٣٤", "۱۲"], &rng)
            case 5, 6: text += RandomText.pick([" ", " ", "  ", "\u{A0}"], &rng)
            case 7: text += RandomText.pick([".", ",", "!", "(", ")", "[", "]", "\"", "-", "/", ":"], &rng)
            case 8, 9:
                text += RandomText.pick(["\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}",
                                         "\u{2069}", "\u{200E}", "\u{200F}"], &rng)
            case 10: text += RandomText.pick(["\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", "e\u{301}", "\u{5D1}\u{5BC}", "😀"], &rng)
            default: text += RandomText.pick(["\n", " ", "a"], &rng)
            }
        }
        return text
    }

    @Test("a tap on a grapheme's left or right quarter puts the caret on that side of it; its selection stays within its glyphs", arguments: 0..<300)
    func tapsAndSelections(seed: UInt64) throws {
        var rng = SplitMix(seed: 0xB1D1 + seed)
        let text = Self.bidiText(&rng)
        let direction = [TextDirection.auto, .ltr, .rtl].randomElement(using: &rng)!
        let alignment = [TextAlignment.start, .center, .end].randomElement(using: &rng)!
        let width = Double.random(in: 60...400, using: &rng)
        let label = "seed \(seed): \(text.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }) \(direction), \(alignment), width \(width)"
        let style = try TextStyle(font: isolatedFont("DejaVuSans.ttf"),
                                  settings: TextSettings(size: 20, direction: direction, paragraph: ParagraphStyle(alignment: alignment)))
        let layout = try PreparedText(text, style: style).layout(wrapWidth: width)
        for line in layout.lines {
            let runs = layout.glyphRuns(of: line)
            let origin = layout.lineOrigin(line)
            let middle = line.top + line.height / 2
            var lower = line.utf16Range.lowerBound
            for character in text[line.range] {
                let upper = lower + character.utf16.count
                defer { lower = upper }
                guard !character.isNewline else { continue }
                // Where the runs that hold the grapheme's characters draw their glyphs.
                let spans = runs.filter { $0.utf16Range.overlaps(lower..<upper) }.map { (origin + $0.x, origin + $0.x + $0.width) }
                func withinOneRun(_ a: Double, _ b: Double) -> Bool { spans.contains { $0.0 - 1e-6 <= a && b <= $0.1 + 1e-6 } }
                let leading = layout.caretRect(forUTF16Offset: lower)
                let trailing = layout.caretRect(forUTF16Offset: upper, affinity: .upstream)
                guard leading.y == line.top, trailing.y == line.top else { continue }
                let (left, right) = (min(leading.x, trailing.x), max(leading.x, trailing.x))
                guard left > 0, right < width, right - left >= 2 else { continue }
                #expect(withinOneRun(left, right), "\(character.debugDescription) at \(lower) drawn \(left)...\(right) outside its runs \(spans): \(label)")
                let rightToLeft = trailing.x < leading.x
                let tappedLeft = layout.caret(atX: left + (right - left) / 4, y: middle).offset
                let tappedRight = layout.caret(atX: left + (right - left) * 3 / 4, y: middle).offset
                let (before, after) = rightToLeft ? (tappedRight, tappedLeft) : (tappedLeft, tappedRight)
                #expect(before == lower && after == upper,
                        "\(character.debugDescription) at \(lower)..<\(upper) drawn \(left)...\(right) taps give \(tappedLeft) (left) and \(tappedRight) (right): \(label)")
                let rects = layout.selectionRects(forUTF16Range: lower..<upper)
                #expect(rects.count == 1 && rects.allSatisfy { abs($0.x - left) < 1e-6 && abs($0.maxX - right) < 1e-6 && $0.y == line.top },
                        "\(character.debugDescription) at \(lower) drawn \(left)...\(right) selected as \(rects): \(label)")
            }
        }
    }
}
