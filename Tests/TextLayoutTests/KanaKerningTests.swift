// Japanese lines measure as browsers shape them: Hiragana, Katakana and the prolonged sound mark in one run, so the font's kerning between them applies.
import Testing
@testable import TextLayout

@Suite("Kerning across kana")
struct KanaKerningTests {
    /// Mixed kana, kanji and ー, each with a kerning pair across Katakana and Hiragana (ーで, るマ)
    /// in Noto Sans CJK JP, and one whose kerning stays inside Katakana (ース).
    static let texts = ["キューで待機中", "ブラウザーで開く", "実行するマクロ", "ユーザーでログインするマシン", "データベースの設定"]

    static let size = 17.0

    func japaneseFont() throws -> Font { try bundledFont("NotoSansCJKjp-Regular.otf") }

    /// The width of `text` as HarfBuzz shapes it in one run (script and direction guessed by
    /// HarfBuzz), without the engine's itemizer.
    func oneRunWidth(_ text: String, font: Font) -> Double {
        let bytes = Array(text.utf8)
        let properties = ShapingProperties(font: font, script: "Zyyy", rightToLeft: false, language: "")
        let glyphs = bytes.withUnsafeBufferPointer { Shaper.shape(properties, $0, 0..<bytes.count) }
        return Double(glyphs.reduce(0) { $0 + Int($1.advance) }) * font.metrics.scale(size: Self.size)
    }

    @Test("a line's width is HarfBuzz's width of it shaped as one run", arguments: texts)
    func lineWidthIsOneRunWidth(text: String) throws {
        let font = try japaneseFont()
        for scalar in text.unicodeScalars {
            try #require(font.hasGlyph(scalar.value), "the bundled subset lacks \(scalar); rerun Fonts/make-subsets.sh")
        }
        let layout = try PreparedText(text, font: font, size: Self.size).layout(wrapWidth: .infinity)
        try #require(layout.lines.count == 1)
        #expect(abs(layout.lines[0].width - oneRunWidth(text, font: font)) < 1e-9)
    }

    @Test("a wrapped line measures as its own text shaped in one run: a break between ー and で unkerns ー",
          arguments: texts, [40.0, 60, 85, 100])
    func wrappedLineWidthIsOneRunWidth(text: String, width: Double) throws {
        let font = try japaneseFont()
        let layout = try PreparedText(text, font: font, size: Self.size).layout(wrapWidth: width)
        let utf16 = Array(text.utf16)
        for line in layout.lines {
            let lineText = String(decoding: utf16[line.utf16Range], as: UTF16.self)
            #expect(abs(line.width - oneRunWidth(lineText, font: font)) < 1e-9, "\(lineText) at \(width) px")
        }
    }

    /// 6,940 font units at 17 px: `hb-shape --font-size=1000 --face-index=0 NotoSansCJK-Regular.ttc
    /// キューで待機中` (Debian's libharfbuzz-bin 6.0.0 and fonts-noto-cjk) gives advances 1000, 1000,
    /// 940 (ー before で), 1000, 1000, 1000, 1000; the bundled subset shapes the same.
    @Test("キューで待機中 is 117.98 px wide, as HarfBuzz and Chromium give")
    func pinnedWidth() throws {
        let layout = try PreparedText("キューで待機中", font: try japaneseFont(), size: Self.size).layout(wrapWidth: .infinity)
        #expect(abs(layout.lines[0].width - 117.98) < 1e-9)
    }

    @Test("Hiragana, Katakana and ー are one script run; Han is a run of its own, as in browsers")
    func scriptRunsOfMixedJapanese() {
        let text = Array("キューで待機中すごーい".utf8)
        let runs = text.withUnsafeBufferPointer { scriptRuns($0, range: 0..<text.count) }
        #expect(runs == [ScriptRun(range: 0..<12, script: "Hira"), ScriptRun(range: 12..<21, script: "Hani"),
                         ScriptRun(range: 21..<33, script: "Hira")])
    }
}
