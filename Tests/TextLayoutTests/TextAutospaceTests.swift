// text-autospace's widths derived by hand from Noto Sans CJK JP's advances: where the eighth of an em goes, which characters take it, and how lines, carets, glyphs, intrinsic widths and edits count it.
import Testing
@testable import TextLayout

/// Noto Sans CJK JP (1,000 units an em; `水` and every ideograph and kana 1,000 units, so `ic` is
/// the em) at 16 px: an ideograph is 16 px, `a` 563 units (9.008 px), `b` 618 (9.888), `c` 510
/// (8.16), `1` 555 (8.88). `text-autospace: normal` adds 16 / 8 = 2 px (125 units) at each
/// boundary between an ideograph and a Latin letter or digit.
@Suite("text-autospace")
struct TextAutospaceTests {
    static func style(_ value: TextAutospace?, profile: LayoutProfile = .chromium, language: String? = nil) throws -> TextStyle {
        var settings = TextSettings(size: 16)
        settings.profile = profile
        settings.textAutospace = value
        settings.language = language
        return try TextStyle(font: isolatedFont("NotoSansCJKjp-Regular.otf"), settings: settings)
    }

    static func width(_ text: String, _ value: TextAutospace?, language: String? = nil) throws -> Double {
        try PreparedText(text, style: style(value, language: language)).layout().lines[0].width
    }

    // Headless Chromium 156 (Noto Sans CJK SC, the same advances): `漢a` 27.015625 px wide under
    // normal (25.015625 without), the `漢` box 18 px; `漢1漢` 44.890625, `かaア1ー` 73.890625 (each
    // the sum below in whole 1/64 px, Noto Sans CJK SC's `1` 556 units).
    // (Each sum by hand: the advances, then 2 px at each boundary.)
    @Test("an ideograph beside a Latin letter or digit takes an eighth of an em after the first of the two", arguments: [
        ("漢a", 27.008), ("a漢", 27.008), ("漢1漢", 44.88), ("かaア1ー", 73.888),
    ] as [(String, Double)])
    func spacedWidths(text: String, width: Double) throws {
        #expect(abs(try Self.width(text, .normal) - width) < 1e-9)
        // Without it (and by default: every profile's rule is no-autospace) the text is its advances.
        let plain = try Self.width(text, .noAutospace)
        #expect(abs(try Self.width(text, nil) - plain) < 1e-9)
        #expect(plain < width - 1.9)
    }

    // Measured in Chromium 156 (each pair alone, normal): none of these take the space.
    @Test("no space beside a space, punctuation, a fullwidth or halfwidth form, another number class, or between Han and Hangul",
          arguments: ["漢 a", "漢，a", "漢Ａ", "漢１", "漢ｱ", "漢①", "漢ⅰ", "漢한", "漢.a", "漢\na"])
    func unspaced(text: String) throws {
        let layout = try PreparedText(text, style: Self.style(.normal)).layout()
        let plain = try PreparedText(text, style: Self.style(.noAutospace)).layout()
        #expect(layout.lines.map(\.width) == plain.lines.map(\.width))
    }

    // Chromium 156: `a한` is spaced (Hangul counts as an ideograph), `漢α` and `漢ж` are (Greek and
    // Cyrillic are letters), and in Chinese text `作.` and `作!` are (most Po punctuation counts as
    // a letter there), not in Japanese or untagged text; `作/` is not in either.
    @Test("which characters take the space, as Chromium 156 classes them", arguments: [
        ("a한", nil, 1), ("漢α", nil, 1), ("漢ж", nil, 1), ("作.", "zh", 1), ("a!作!b", "zh-Hant", 2), ("作.", "ja", 0),
        ("作.", nil, 0), ("作/", "zh", 0), ("漢\u{301}a", nil, 1),
    ] as [(String, String?, Int)])
    func classes(text: String, language: String?, spaces: Int) throws {
        let spaced = try Self.width(text, .normal, language: language)
        let plain = try Self.width(text, .noAutospace, language: language)
        #expect(abs(spaced - plain - 2 * Double(spaces)) < 1e-9, "\(spaced) against \(plain)")
    }

    // Chromium 156 at 16 px in Noto Sans CJK JP: `漢字漢字漢ab` at 99 px breaks before `a` (80 + 2 +
    // 18.896 = 100.896 px do not fit) and fits on one line without the space (98.896); `漢字abc漢字`
    // at 70 px ends its first line after `c` at 61.0625 (16 + 16 + 2 + 27.056: the space after `c`,
    // before the next line's `漢`, left out), right-aligned 8.9375 px in.
    @Test("a line's end leaves out the space before the next line, and a line that fits only without the space breaks")
    func lineEnds() throws {
        let spaced = try PreparedText("漢字漢字漢ab", style: Self.style(.normal)).layout(wrapWidth: 99)
        #expect(spaced.lines.map(\.utf16Range.lowerBound) == [0, 5])
        #expect(abs(spaced.lines[0].width - 80) < 1e-9)
        let plain = try PreparedText("漢字漢字漢ab", style: Self.style(.noAutospace)).layout(wrapWidth: 99)
        #expect(plain.lines.map(\.utf16Range.lowerBound) == [0])
        let layout = try PreparedText("漢字abc漢字", style: Self.style(.normal)).layout(wrapWidth: 70)
        #expect(layout.lines.map(\.utf16Range.lowerBound) == [0, 5])
        // 16 + 16 + 2 + 9.008 + 9.888 + 8.16
        #expect(abs(layout.lines[0].width - 61.056) < 1e-9)
        // As drawn: the `字` before `a` advances 18 px, the `c` before the break 8.16.
        let advances = layout.lines[0].runs.flatMap { $0.glyphs.map(\.advance) }
        let expected: [Double] = [16, 18, 9.008, 9.888, 8.16]
        #expect(advances.count == 5 && zip(advances, expected).allSatisfy { abs($0 - $1) < 1e-9 }, "\(advances)")
    }

    @Test("a caret after the ideograph stands after the space; a hit in the space finds the boundary")
    func carets() throws {
        let layout = try PreparedText("漢a", style: Self.style(.normal)).layout()
        let afterIdeograph = layout.caretRect(forUTF16Offset: 1).x
        let atEnd = layout.caretRect(forUTF16Offset: 2).x
        #expect(abs(afterIdeograph - 18) < 1e-9)
        #expect(abs(atEnd - 27.008) < 1e-9)
        #expect(layout.caret(atX: 17, onLine: 0).offset == 1)
    }

    // Chromium 156, `width: min-content`: `ab漢字` is 18.90625 px (the width of `ab`, without the
    // space before `漢`), `漢字ab` too: no piece alone on its line keeps the space after it.
    @Test("the intrinsic widths: max-content counts the space, a min-content piece leaves out the space after it")
    func intrinsicWidths() throws {
        var settings = try Self.style(.normal).settings
        settings.paragraph.overflowWrap = .normal
        let style = try TextStyle(font: isolatedFont("NotoSansCJKjp-Regular.otf"), settings: settings)
        for text in ["ab漢字", "漢字ab"] {
            let widths = try PreparedText(text, style: style).intrinsicWidths()
            #expect(abs(widths.minContent - 18.90625) < 1e-9, "\(text): \(widths)")
            #expect(abs(widths.maxContent - 52.90625) < 1e-9, "\(text): \(widths)")
        }
    }

    @Test("an edit and an append lay out as the text prepared at once")
    func edits() throws {
        let style = try Self.style(.normal)
        let typed = try PreparedText("漢字", style: style).appending("abc").text
        let whole = try PreparedText("漢字abc", style: style)
        let wholeWidths = try whole.layout().lines.map(\.width)
        #expect(try typed.layout().lines.map(\.width) == wholeWidths)
        let edited = try PreparedText("漢字 abc", style: style).replacingCharacters(inUTF16: 2..<3, with: "").text
        #expect(try edited.layout().lines.map(\.width) == wholeWidths)
        // 32 + 2 + 9.008 + 9.888 + 8.16
        #expect(abs(wholeWidths[0] - 61.056) < 1e-9)
    }
}
