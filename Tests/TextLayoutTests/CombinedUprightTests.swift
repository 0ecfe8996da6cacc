// Text combined upright in a column (StyledSpan.textCombineUpright, CSS text-combine-upright: all): the unit's em down the column, its width variants and squeeze, its breaks, and nothing in horizontal text; figures from Noto Sans CJK JP's metrics and Chromium 156's columns.
import Testing
import TestSupport
@testable import TextLayout

// Noto Sans CJK JP: 1000 units an em; its digits advance 555 units across (hmtx: 9.435 px at 17 px,
// which Chromium 156 measures 9.4375, rounded up to its 1/64 px), 500 with `hwid` (8.5 px), and it
// has no `twid` or `qwid` forms (their digits keep 555 units); `A` and `B` take 500 units each with
// `hwid`. Combined, a unit is 1000 units (17 px) down the column whatever it holds, as Chromium
// gives the combined span's box (measured: 17 px tall in a 25 px column for `1` to `12345`, `AB`,
// `ABC`, `あい`, `%`). Its row may be 1.1 em (1100 units) across before it is compressed: `1` (555)
// and `%` fit as they are; `12` (1110) and `AB` take `hwid` (1000); `123` (1665 as it is, 1500 with
// `hwid`) and `1234` (2220, 2000) fit in no width variant and are squeezed by 1100/1665 and 1100/2220.
@Suite("text combined upright")
struct CombinedUprightTests {
    static func style(_ mode: WritingMode, lineBreak: LineBreakStrictness = .normal, overflowWrap: OverflowWrap = .anywhere) throws -> TextStyle {
        var settings = TextSettings(size: 17)
        settings.lineBreak = lineBreak
        settings.paragraph.overflowWrap = overflowWrap
        settings.profile = .chromium
        settings.writingMode = mode
        return try TextStyle(font: isolatedFont("NotoSansCJKjp-Regular.otf"), settings: settings)
    }

    /// `before`, `combined` in a combined span, then `after`, prepared in `mode`.
    static func prepared(_ before: String, _ combined: String, _ after: String, _ mode: WritingMode = .verticalRL,
                         combine: TextCombineUpright = .all) throws -> PreparedText {
        var span = StyledSpan(range: before.utf16.count..<before.utf16.count + combined.utf16.count)
        span.textCombineUpright = combine
        return try PreparedText(before + combined + after, style: style(mode), spans: [span])
    }

    @Test("a combined span is one run an em long down the column, squeezed across only where no width variant fits it", arguments: [
        ("1", 1.0, 555.0), ("12", 1.0, 1000.0), ("AB", 1.0, 1000.0), ("123", 1100.0 / 1665, 1665.0), ("1234", 1100.0 / 2220, 2220.0),
    ])
    func oneEm(_ combined: String, _ scaleX: Double, _ rowUnits: Double) throws {
        let layout = try Self.prepared("あ", combined, "い").layout(wrapWidth: 400)
        #expect(layout.lines.count == 1)
        // あ, the unit and い: 17 px each.
        #expect(abs(layout.lines[0].width - 51) < 1e-9)
        let runs = layout.lines[0].runs
        let unit = try #require(runs.first { $0.combinedScaleX != nil })
        #expect(runs.filter { $0.combinedScaleX != nil }.count == 1)
        #expect(unit.utf16Range == 1..<1 + combined.utf16.count)
        #expect(abs(unit.width - 17) < 1e-9)
        #expect(!unit.isUpright)
        #expect(abs(try #require(unit.combinedScaleX) - scaleX) < 1e-12)
        #expect(unit.glyphs.count == combined.count)
        // The row centred on the column's centre line: its first glyph at half its squeezed width before it.
        let rowWidth = min(rowUnits, 1100) * 17 / 1000
        #expect(abs(unit.glyphs[0].xOffset + rowWidth / 2) < 0.017 + 1e-9, "\(unit.glyphs.map(\.xOffset))")
        // One cluster: no caret or break inside.
        #expect(Set(unit.glyphs.map(\.cluster)) == [1])
    }

    @Test("the unit is an em of the span's own size")
    func spanSize() throws {
        var span = StyledSpan(range: 1..<3, size: 34)
        span.textCombineUpright = .all
        let layout = try PreparedText("あ12い", style: Self.style(.verticalRL), spans: [span]).layout(wrapWidth: 400)
        let unit = try #require(layout.lines[0].runs.first { $0.combinedScaleX != nil })
        #expect(abs(unit.width - 34) < 1e-9)
    }

    // Chromium 156 (measured, columns of 34, 40 and 51 px): a column breaks around a unit where
    // the text's own characters allow it (`あい|[12]|うえお`; `[12]34` is one word, so `34` is cut
    // by overflow-wrap, not before it; `[12]` keeps a `。` after it and a `「` before it), and never
    // inside it (`1 2`, whose space would otherwise be a break).
    @Test("a column breaks around a combined unit as the text's characters allow, never inside it", arguments: [
        ("あい", "12", "うえお", 51.0, [0..<4, 4..<7]),
        ("あい", "12", "34えお", 34.0, [0..<2, 2..<5, 5..<7, 7..<8]),
        ("あい", "12", "。えお", 51.0, [0..<2, 2..<6, 6..<7]),
        ("あい「", "12", "えお", 51.0, [0..<2, 2..<6, 6..<7]),
        ("あい", "1 2", "うえお", 40.0, [0..<2, 2..<6, 6..<8]),
        ("あいう", "AB", " えお", 51.0, [0..<3, 3..<7, 7..<8]),
    ])
    func breaks(_ before: String, _ combined: String, _ after: String, _ length: Double, _ columns: [Range<Int>]) throws {
        for mode in [WritingMode.verticalRL, .verticalLR] {
            let layout = try Self.prepared(before, combined, after, mode).layout(wrapWidth: length)
            #expect(layout.lines.map(\.utf16Range) == columns, "\(mode)")
            #expect(layout.contentHeight == 25 * Double(columns.count), "\(mode)")
        }
    }

    // Chromium 156 (measured on the corpus's `UTF-8` and `POSIX.1-2001` combined, and read from
    // Blink's line breaker): the break before a unit is decided from the text before it and the
    // unit's own text alone, and the text after a unit with U+FFFC in the unit's place, so a `-`
    // right after a unit has no letter or digit before it, and its rule for `-` then a digit (break
    // only after a letter or digit: `UTF-|8` in a line) keeps the pair: `[UTF]-[8]` and `[UTF]-8`
    // are one word, `[AB]-|[CD]` breaks after `-` (a letter follows), and `ABC-|[2001]` as in a line
    // (the `-` after a letter of the same text). One em a column: each column
    // holds one word (overflowing it, under `overflowWrap: normal`), so the columns are the words.
    @Test("a hyphen right after a unit keeps the digit after it, as Chromium's columns do", arguments: [
        ("あUTF-8い", [1..<4, 5..<6], [0..<1, 1..<6, 6..<7]),
        ("あUTF-8い", [1..<4], [0..<1, 1..<6, 6..<7]),
        ("あ1-2001い", [1..<2, 3..<7], [0..<1, 1..<7, 7..<8]),
        ("あAB-CDい", [1..<3, 4..<6], [0..<1, 1..<4, 4..<6, 6..<7]),
        ("あABC-2001い", [5..<9], [0..<1, 1..<5, 5..<9, 9..<10]),
        ("あA-8い", [], [0..<1, 1..<3, 3..<4, 4..<5]),
    ])
    func hyphenAfterUnit(_ text: String, _ units: [Range<Int>], _ columns: [Range<Int>]) throws {
        let spans = units.map { range in
            var span = StyledSpan(range: range)
            span.textCombineUpright = .all
            return span
        }
        for mode in [WritingMode.verticalRL, .verticalLR] {
            let style = try Self.style(mode, overflowWrap: .normal)
            let layout = try PreparedText(text, style: style, spans: spans).layout(wrapWidth: 17)
            #expect(layout.lines.map(\.utf16Range) == columns, "\(text) \(units) \(mode)")
        }
    }

    @Test("with lineBreak anywhere a column still never breaks inside a unit")
    func anywhere() throws {
        let style = try Self.style(.verticalRL, lineBreak: .anywhere)
        var span = StyledSpan(range: 2..<6)
        span.textCombineUpright = .all
        let layout = try PreparedText("あい2024うえお", style: style, spans: [span]).layout(wrapWidth: 17)
        #expect(layout.lines.map(\.utf16Range).contains(2..<6))
    }

    @Test("in horizontal text, and with none, a span's textCombineUpright changes nothing")
    func horizontalUnchanged() throws {
        for (mode, combine) in [(WritingMode.horizontalTB, TextCombineUpright.all), (.verticalRL, .none)] {
            let combined = try Self.prepared("第", "12", "回 AB", mode, combine: combine).layout(wrapWidth: 40)
            let plain = try PreparedText("第12回 AB", style: Self.style(mode)).layout(wrapWidth: 40)
            #expect(combined.lines.map(\.utf16Range) == plain.lines.map(\.utf16Range), "\(mode)")
            #expect(combined.lines.map(\.width) == plain.lines.map(\.width), "\(mode)")
            // (A span cuts the glyph runs at its edges, for its attributes: the glyphs are compared end to end.)
            #expect(combined.lines.flatMap(\.runs).flatMap(\.glyphs) == plain.lines.flatMap(\.runs).flatMap(\.glyphs), "\(mode)")
            #expect(combined.lines.flatMap(\.runs).allSatisfy { $0.combinedScaleX == nil }, "\(mode)")
        }
    }

    // Noto Sans CJK SC kerns `/` before `c`: 6.069 px in `text/calendar`, 6.664 px alone. Chromium
    // 156 itemizes the text after a unit as if the unit were an object (no letter of any script),
    // so `/` after `处理 [text]` is Han, a run apart from `calendar`, and not kerned (measured:
    // 6.6719 px, 6.664 rounded up to 1/64 px, the unit's start and the text after it as ours).
    @Test("the punctuation after a unit takes the script of the text before the unit, not the unit's")
    func scriptAfterUnit() throws {
        var settings = TextSettings(size: 17)
        settings.profile = .chromium
        settings.writingMode = .verticalRL
        let style = try TextStyle(font: isolatedFont("NotoSansCJKsc-Regular.otf"), settings: settings)
        var span = StyledSpan(range: 3..<7)
        span.textCombineUpright = .all
        let runs = try PreparedText("处理 text/calendar", style: style, spans: [span]).layout().lines[0].runs
        let slash = try #require(runs.first { $0.utf16Range.contains(7) })
        #expect(slash.utf16Range == 7..<8 && abs(slash.width - 6.664) < 1e-9, "\(runs.map(\.utf16Range))")
        let plain = try PreparedText("text/calendar", style: style).layout().lines[0].runs.flatMap(\.glyphs)
        #expect(abs(plain[4].advance - 6.069) < 1e-9)
    }

    @Test("two combined spans side by side are two units")
    func neighbours() throws {
        var first = StyledSpan(range: 0..<2)
        first.textCombineUpright = .all
        var second = StyledSpan(range: 2..<4)
        second.textCombineUpright = .all
        let layout = try PreparedText("1231", style: Self.style(.verticalRL), spans: [first, second]).layout(wrapWidth: 400)
        #expect(layout.lines[0].runs.map(\.utf16Range) == [0..<2, 2..<4])
        #expect(abs(layout.lines[0].width - 34) < 1e-9)
    }
}
