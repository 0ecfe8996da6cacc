// Columns (writingMode vertical-rl and vertical-lr) in Noto Sans CJK JP, their breaks, advances and extent derived by hand from the font's vmtx and metrics.
import Testing
import TestSupport
@testable import TextLayout

// Noto Sans CJK JP (Fonts/NotoSansCJKjp-Regular.otf, read with a table parser): 1000 units an em,
// vhea ascent 500 and descent -500, and its vmtx gives every glyph a vertical advance of 1000
// units but two (of 2000 and 3000, neither a character used here): at 17 px each upright character
// advances 17 px down the column, kana, ideographs, `。` (its vertical form) and, upright, Latin
// letters alike. hhea: ascent 1160, descent 288, no line gap, so a column is as wide as a line is
// tall: 19.72 + 4.896 = 24.616 px by the standard profile, 20 + 5 = 25 px by Chromium's (each
// rounded), as headless Chromium 156 draws a column of `line-height: normal` (measured: 25 px).
@Suite("vertical text")
struct VerticalTextTests {
    static func style(_ mode: WritingMode, _ orientation: TextOrientation = .mixed, profile: LayoutProfile = .chromium,
                      lineHeight: LineHeight = .normal) throws -> TextStyle {
        var settings = TextSettings(size: 17)
        settings.paragraph.lineHeight = lineHeight
        settings.profile = profile
        settings.writingMode = mode
        settings.textOrientation = orientation
        return try TextStyle(font: isolatedFont("NotoSansCJKjp-Regular.otf"), settings: settings)
    }

    static let sentence = "日本語の文章です。"

    // 17 px a character: five fit 85 px exactly; 84.9 px (84.890625 in Chromium's 1/64 px units)
    // holds four. Chromium 156 breaks `日本語の文章です。` so under vertical-rl (measured).
    @Test("a column holds as many 17 px characters as its length allows", arguments: [
        (85.0, [0..<5, 5..<9], [85.0, 68.0]), (84.9, [0..<4, 4..<7, 7..<9], [68.0, 51.0, 34.0]),
    ])
    func columnBreaks(_ length: Double, _ ranges: [Range<Int>], _ widths: [Double]) throws {
        for mode in [WritingMode.verticalRL, .verticalLR] {
            let layout = try PreparedText(Self.sentence, style: Self.style(mode)).layout(wrapWidth: length)
            #expect(layout.lines.map(\.utf16Range) == ranges, "\(mode)")
            #expect(layout.lines.map { ($0.width * 1000).rounded() / 1000 } == widths, "\(mode)")
            // Each column 25 px across (20 + 5, rounded): the block's extent.
            #expect(layout.contentHeight == 25 * Double(ranges.count), "\(mode)")
        }
    }

    @Test("by the standard profile a column is as wide as the font's unrounded ascent and descent: 24.616 px")
    func standardColumnWidth() throws {
        let layout = try PreparedText(Self.sentence, style: Self.style(.verticalRL, profile: .standard)).layout(wrapWidth: 85)
        #expect(layout.lines.count == 2)
        #expect(abs(layout.contentHeight - 2 * 24.616) < 1e-9)
    }

    // Turned, `ab` advances as it does in a line (its hmtx advances, under 17 px each); upright,
    // 1000 units (vmtx) a letter: 17 px, four characters 68 px.
    @Test("Latin is turned under mixed (its horizontal advances) and stands upright under upright (17 px a letter)")
    func latinOrientation() throws {
        let text = "漢ab漢"
        let horizontal = try PreparedText(text, style: Self.style(.horizontalTB)).layout()
        let mixed = try PreparedText(text, style: Self.style(.verticalRL)).layout()
        let upright = try PreparedText(text, style: Self.style(.verticalRL, .upright)).layout()
        let sideways = try PreparedText(text, style: Self.style(.verticalRL, .sideways)).layout()
        #expect(mixed.lines[0].width == horizontal.lines[0].width)
        #expect(sideways.lines[0].width == horizontal.lines[0].width)
        #expect(upright.lines[0].width == 4 * 17)
        #expect(horizontal.lines[0].width < 4 * 17 - 1)
        // Mixed: three runs, the ideographs upright and the letters turned.
        #expect(mixed.lines[0].runs.count == 3)
    }

    @Test("a curly quote stands upright in a mixed column, as Chromium sets it (17 px, where turned it is 8.058 px)")
    func uprightQuotes() throws {
        #expect(isUprightInMixedColumn(0x201C) && isUprightInMixedColumn(0x2019))
        #expect(!isUprightInMixedColumn(0x41) && !isUprightInMixedColumn(0x22) && isUprightInMixedColumn(0x3002) && isUprightInMixedColumn(0x6F22))
        let layout = try PreparedText("“漢”", style: Self.style(.verticalRL, profile: .standard)).layout()
        #expect(abs(layout.lines[0].width - 3 * 17) < 1e-9)
    }

    // Headless Chromium 156 (2026-12-07), 17 px, `漢` + the pair + `漢` in an upright column under
    // vertical-rl, the span's length less 34 px: 25.5 where one mark is trimmed (8.5 px), 34 where
    // none is. The classes come from the fonts' vertical forms: Noto Sans CJK SC's and KR's `：`
    // and `；` stand in the em's upper half but reach past its middle (none: nothing trimmed beside
    // them), JP's `：` is turned and centred (a middle mark) and its `；` is not; the dots are
    // closing marks; SC's quotes fullwidth, JP's and KR's proportional. In a line every pair but
    // the quotes' is 25.5 in all three (the horizontal glyphs' classes).
    @Test("an upright mark's text-spacing class is read from the font's vertical form, as Chromium's", arguments: [
        ("NotoSansCJKsc-Regular.otf", "zh", ["：（": 34.0, "；（": 34, "）：": 34, "）；": 34, "。（": 25.5, "）。": 25.5, "：“": 34, "”）": 25.5, "（“": 25.5]),
        ("NotoSansCJKjp-Regular.otf", "ja", ["：（": 25.5, "；（": 34, "）：": 25.5, "）；": 34, "。（": 25.5, "）。": 25.5, "“（": 25.5, "”）": 34, "（“": 34]),
        ("NotoSansCJKkr-Regular.otf", "ko", ["：（": 34, "；（": 34, "）：": 34, "）；": 34, "、（": 25.5, "”）": 34, "（“": 34]),
    ])
    func uprightPunctuationClasses(_ file: String, _ language: String, _ chromiumLengths: [String: Double]) throws {
        var settings = TextSettings(size: 17)
        settings.profile = .chromium
        settings.writingMode = .verticalRL
        settings.language = language
        let style = try TextStyle(font: isolatedFont(file), settings: settings)
        for (pair, length) in chromiumLengths {
            let column = try PreparedText("漢\(pair)漢", style: style).layout().lines[0]
            #expect(abs(column.width - 34 - length) < 1e-9, "\(pair) in \(file)")
        }
    }

    @Test("below U+00A7 no character stands upright by ICU's Vertical_Orientation (the shortcut before asking it), U+00A7 does")
    func shortcutBelowSectionSign() {
        let upright = (UInt32(0)..<0xA7).filter(verticalOrientationIsUpright)
        #expect(upright.isEmpty, "\(upright)")
        #expect(verticalOrientationIsUpright(0xA7) && isUprightInMixedColumn(0xA7))
    }

    @Test("the writing mode and the orientation tell prepared texts apart: a horizontal and a vertical layout of one text differ")
    func cacheKeepsModesApart() throws {
        let horizontal = try PreparedText("漢ab。", style: Self.style(.horizontalTB)).layout()
        let upright = try PreparedText("漢ab。", style: Self.style(.verticalRL, .upright)).layout()
        #expect(horizontal.lines[0].width != upright.lines[0].width)
        #expect(upright.lines[0].width == 4 * 17)
    }

    // DejaVu Sans has no vmtx. hhea: ascent 1901, descent -483, 2048 units an em. HarfBuzz advances
    // an upright glyph by the two unrounded (2384 units: 19.789 px at 17 px); Chromium 156 by the
    // font's height, each rounded to whole pixels (measured, `AB☺C` upright in DejaVu Sans: 15 px a
    // glyph at 13 px, 12 + 3; 20 at 17, 16 + 4; 26 at 23, 21 + 5; 35 at 30, 28 + 7), which the
    // chromium profile takes to the nearest font unit (within half a unit a glyph). The sizes are
    // laid out in turn with one font context: its shape cache tells the advances apart by size.
    @Test("an upright glyph of a font without vmtx advances by its rounded ascent and descent, as Chromium's", arguments: [
        (13.0, 15.0), (17.0, 20.0), (23.0, 26.0), (30.0, 35.0),
    ])
    func uprightAdvanceWithoutVerticalMetrics(_ size: Double, _ chromiumAdvance: Double) throws {
        let text = "AB\u{263A}C"
        for mode in [WritingMode.verticalRL, .verticalLR] {
            var settings = TextSettings(size: size)
            settings.profile = .chromium
            settings.writingMode = mode
            settings.textOrientation = .upright
            let layout = try PreparedText(text, style: TextStyle(font: isolatedFont("DejaVuSans.ttf"), settings: settings)).layout()
            let halfUnit = 0.5 * size / 2048
            #expect(abs(layout.lines[0].width - 4 * chromiumAdvance) <= 4 * halfUnit, "\(mode) \(size) px: \(layout.lines[0].width)")
            settings.profile = .standard
            let standard = try PreparedText(text, style: TextStyle(font: isolatedFont("DejaVuSans.ttf"), settings: settings)).layout()
            #expect(abs(standard.lines[0].width - 4 * 2384 * size / 2048) < 1e-9, "\(mode) \(size) px: \(standard.lines[0].width)")
        }
    }

    @Test("a font with vmtx keeps its vertical advances (Noto Sans CJK JP: 17 px), and no font has an upright advance of its own under exact metrics")
    func uprightAdvanceOnlyWithoutVerticalMetrics() throws {
        #expect(try isolatedFont("NotoSansCJKjp-Regular.otf").uprightAdvance(size: 17, .roundedAscentDescent) == nil)
        #expect(try isolatedFont("DejaVuSans.ttf").uprightAdvance(size: 17, .exact) == nil)
        // 20 px in 2048 units an em at 17 px: 2409.4 units, to the nearest.
        #expect(try isolatedFont("DejaVuSans.ttf").uprightAdvance(size: 17, .roundedAscentDescent) == 2409)
        #expect(try isolatedFont("DejaVuSans.ttf").uprightAdvance(size: 0, .roundedAscentDescent) == nil)
    }

    // Measured in headless Chromium 156 (vertical-rl, Noto Sans CJK JP at 17 px, `line-height:
    // normal`): a <span> of 24 px over `語の` makes the column 35 px wide (the span's rounded
    // ascent and descent, 28 + 7, as a line's height would be), one in DejaVu Sans at 24 px over
    // `IT` 28 px (22 + 6 of DejaVu Sans against 20 + 5 of the column's font: the larger of each).
    @Test("a span of another size or font widens its column as it would heighten a line, as Chromium's", arguments: [
        ("日本語の文章", 2..<4, "NotoSansCJKjp-Regular.otf", 35.0), ("日本IT文章", 2..<4, "DejaVuSans.ttf", 28.0),
    ])
    func spanWidensColumn(_ text: String, _ range: Range<Int>, _ spanFont: String, _ chromiumWidth: Double) throws {
        let span = StyledSpan(range: range, font: try isolatedFont(spanFont), size: 24)
        let layout = try PreparedText(text, style: Self.style(.verticalRL), spans: [span]).layout(wrapWidth: 400)
        #expect(layout.lines.count == 1)
        #expect(layout.lines[0].height == chromiumWidth)
        #expect(layout.contentHeight == chromiumWidth)
    }

    // Measured in headless Chromium 156 (vertical-rl, 100 px tall, `日本語の文章`): `text-align:
    // center` starts the first column (85 px) 7.5 px down and the second (`章`, 17 px) 41.5 px;
    // `end` 15 and 83 px.
    @Test("align center and end place each column down its length as Chromium's text-align does", arguments: [
        (TextAlignment.center, [7.5, 41.5]), (.end, [15.0, 83.0]),
    ])
    func alignedColumns(_ alignment: TextAlignment, _ chromiumOffsets: [Double]) throws {
        var settings = TextSettings(size: 17)
        settings.profile = .chromium
        settings.writingMode = .verticalRL
        settings.paragraph = ParagraphStyle(alignment: alignment)
        let layout = try PreparedText("日本語の文章", style: TextStyle(font: isolatedFont("NotoSansCJKjp-Regular.otf"), settings: settings))
            .layout(wrapWidth: 100)
        #expect(layout.lines.map(layout.lineOrigin) == chromiumOffsets)
    }

    // Three columns of 25 px (84.9 px long: 4, 3 and 2 characters): a block 75 px wide. Chromium
    // 156 puts the first column of vertical-rl at the right (its first character's rectangle from
    // 50 to 75 px across the div) and of vertical-lr at the left, each character's rectangle 25 px
    // across with its middle on the column's middle (Benchmarks/BrowserStudy/vertical_vs_chromium.py).
    @Test("columns stack from the right under vertical-rl and from the left under vertical-lr, the central baseline down each middle",
          arguments: [(WritingMode.verticalRL, [50.0, 25, 0]), (.verticalLR, [0, 25, 50])])
    func columnFrames(_ mode: WritingMode, _ lefts: [Double]) throws {
        let layout = try PreparedText(Self.sentence, style: Self.style(mode)).layout(wrapWidth: 84.9)
        let frames = try layout.lines.map { try #require(layout.columnFrame(of: $0)) }
        #expect(frames.map(\.x) == lefts)
        #expect(frames.allSatisfy { $0.width == 25 && $0.center == $0.x + 12.5 && $0.y == 0 })
        #expect(zip(frames.map(\.length), [68.0, 51, 34]).allSatisfy { abs($0 - $1) < 1e-9 })
        let horizontal = try PreparedText(Self.sentence, style: Self.style(.horizontalTB)).layout(wrapWidth: 84.9)
        #expect(horizontal.columnFrame(of: horizontal.lines[0]) == nil)
    }

    @Test("a column's start down it follows the alignment: centred in a column of 85 px, 17 px down for 51 px of characters")
    func columnAlignment() throws {
        var settings = TextSettings(size: 17)
        settings.profile = .chromium
        settings.writingMode = .verticalRL
        settings.paragraph.alignment = .center
        let layout = try PreparedText("日本語", style: TextStyle(font: isolatedFont("NotoSansCJKjp-Regular.otf"), settings: settings)).layout(wrapWidth: 85)
        #expect(abs(try #require(layout.columnFrame(of: layout.lines[0])?.y) - 17) < 1e-9)
    }

    // A turned run's font box (ascent and descent as the line box takes them) is centred on the
    // central baseline: its alphabetic baseline is (ascent - descent) / 2 left of it. Chromium 156
    // paints a turned `H` of Noto Sans CJK JP at 17 px with its ink from 5 px across a 25 px
    // column (screenshot at 4 device pixels a pixel): 12.5 - (20 - 5) / 2. By the standard
    // profile's unrounded metrics: (19.72 - 4.896) / 2 = 7.412.
    @Test("a turned run's alphabetic baseline lies (ascent - descent) / 2 left of the central baseline",
          arguments: [(LayoutProfile.chromium, 7.5), (.standard, 7.412)])
    func sidewaysBaseline(_ profile: LayoutProfile, _ offset: Double) throws {
        let layout = try PreparedText("漢ab", style: Self.style(.verticalRL, profile: profile)).layout()
        let line = layout.lines[0]
        let frame = try #require(layout.columnFrame(of: line))
        let turned = try #require(line.runs.first { !$0.isUpright })
        #expect(abs(layout.sidewaysBaseline(of: turned, in: frame) - (frame.center - offset)) < 1e-9)
    }
    // Measured in headless Chromium 156 (vertical-rl, Noto Sans CJK JP at 17 px, its box 25 px:
    // 20 + 5): each character's rectangle, the font's box, across a column of `line-height` 2 (34
    // px) from 5 to 30 px; 1.5 (25.5 px) 0.5 to 25.5; 1 (17 px) -4 to 21; `24px` 0 to 25; `32px`
    // 4 to 29. By the rule (Layout.columnCenter(of:left:)): the box 13 px right and 12 left of the
    // central baseline, ⌊(line height - 25) / 2⌋ more on the right (4, 0, -4, -1, 3), the rest on
    // the left; the text is centred on the box's middle, half a pixel right of the baseline.
    @Test("a column's text is centred where Chromium places the font's box under each line height", arguments: [
        (LineHeight.multiple(2), 34.0, 17.5), (.multiple(1.5), 25.5, 13), (.multiple(1), 17, 8.5), (.fixed(24), 24, 12.5), (.fixed(32), 32, 16.5),
    ])
    func columnCenterUnderLineHeight(_ lineHeight: LineHeight, _ chromiumWidth: Double, _ chromiumCenter: Double) throws {
        let style = try Self.style(.verticalRL, lineHeight: lineHeight)
        let layout = try PreparedText(Self.sentence, style: style).layout(wrapWidth: 400)
        let frame = try #require(layout.columnFrame(of: layout.lines[0]))
        #expect(frame.width == chromiumWidth)
        #expect(abs(frame.center - chromiumCenter) < 1e-9)
    }

    // Measured in headless Chromium 156 (vertical-rl, Noto Sans CJK JP at 17 px): the column's own
    // characters' rectangles (the 25 px box of the column's font) across a column holding a span:
    // of 24 px over `語の` (its box 35 px, 18 right and 17 left of the central baseline), 5 to 30 of
    // 35; of DejaVu Sans at 24 px over `IT` (28 px, 14 and 14), 2 to 27 of 28; of 24 px over `語の`
    // under `line-height: 1.5` (36 px: 0 right, 1 left), 6 to 31 of 36. (DejaVu Sans at 17 px over
    // `IT` under `line-height: 1.5` makes Chromium's column 26.5 px, the box 1.5 to 26.5; ours is
    // 27.5, the line box's union about the alphabetic baseline: left to do, docs/profiles.md.)
    @Test("a span's box widens its column about the central baseline, as Chromium's", arguments: [
        ("日本語の文章", 2..<4, "NotoSansCJKjp-Regular.otf", 24.0, LineHeight.normal, 35.0, 17.5),
        ("日本IT文章", 2..<4, "DejaVuSans.ttf", 24, .normal, 28, 14.5),
        ("日本語の文章", 2..<4, "NotoSansCJKjp-Regular.otf", 24, .multiple(1.5), 36, 18.5),
    ])
    func columnCenterWithSpan(_ text: String, _ range: Range<Int>, _ spanFont: String, _ size: Double, _ lineHeight: LineHeight,
                              _ chromiumWidth: Double, _ chromiumCenter: Double) throws {
        let style = try Self.style(.verticalRL, lineHeight: lineHeight)
        let span = StyledSpan(range: range, font: try isolatedFont(spanFont), size: size)
        let layout = try PreparedText(text, style: style, spans: [span]).layout(wrapWidth: 400)
        let frame = try #require(layout.columnFrame(of: layout.lines[0]))
        #expect(layout.lines.count == 1)
        #expect(frame.width == chromiumWidth)
        #expect(abs(frame.center - chromiumCenter) < 1e-9)
    }
}
