// Checks overflowWrap, wordBreak and lineBreak's CSS values on texts whose breaks follow by hand from CSS Text 3's rules and the font's advances.
import Testing
@testable import TextLayout
import TestSupport

@Suite("overflow-wrap, word-break and line-break")
struct BreakingKeysTests {
    static func style(_ configure: (inout TextSettings) -> Void = { _ in }) throws -> TextStyle {
        var settings = TextSettings(size: 17)
        configure(&settings)
        return try TextStyle(font: bundledFonts.font(path: FontContext.bundledFontPath("DejaVuSans.ttf")!), settings: settings)
    }

    /// The width of `text` alone on one line, in DejaVu Sans at 17 px: what a line holding just it measures.
    static func width(_ text: String) throws -> Double {
        try PreparedText(text, style: style()).layout(wrapWidth: .infinity).lines[0].width
    }

    static func starts(_ text: String, width: Double, _ configure: (inout TextSettings) -> Void) throws -> [Int] {
        try PreparedText(text, style: style(configure)).layout(wrapWidth: width).lines.map(\.utf16Range.lowerBound)
    }

    /// The break opportunities of `text` (UTF-8 offsets, its end last) under the settings.
    static func breaks(_ text: String, _ configure: (inout TextSettings) -> Void) throws -> [Int] {
        let bytes = Array(text.utf8)
        let style = try style(configure)
        return try bytes.withUnsafeBufferPointer { try lineBreaks($0, in: 0..<bytes.count, style: style) }
    }

    static let longWord = "aa supercalifragilistic bb"

    @Test("overflow-wrap: normal leaves a word too wide for a line of its own whole, the line wider than the width; break-word and anywhere cut it the same way")
    func overflowingWord() throws {
        let word = try Self.width("supercalifragilistic")
        let width = 80.0
        // `aa supercalifragilistic` does not fit, so the word starts the second line; alone it is
        // wider than the line, so normal keeps it whole there (starts 0, 3, 24) and the cutting modes cut it.
        let aa = try Self.width("aa")
        try #require(word > width && aa < width)
        let normal = try PreparedText(Self.longWord, style: Self.style { $0.paragraph.overflowWrap = .normal }).layout(wrapWidth: width)
        #expect(normal.lines.map(\.utf16Range.lowerBound) == [0, 3, 24])
        #expect(abs(normal.lines[1].width - word) < 1e-9, "the overflowing line is the word's width")
        #expect(normal.widestExtent > width)
        let cut = try Self.starts(Self.longWord, width: width) { $0.paragraph.overflowWrap = .breakWord }
        let anywhere = try Self.starts(Self.longWord, width: width) { _ in }
        #expect(cut == anywhere, "break-word breaks lines as anywhere, the default")
        #expect(cut.count > 3 && cut.first == 0 && cut[1] == 3, "the word still moves to a line of its own first: \(cut)")
        for line in try PreparedText(Self.longWord, style: Self.style { $0.paragraph.overflowWrap = .breakWord }).layout(wrapWidth: width).lines {
            #expect(line.width <= width + Layout.fitTolerance)
        }
    }

    @Test("a word that fits on a line of its own moves to the next line whole in every mode: three words at a width that holds two")
    func threeWords() throws {
        let text = "one two three"
        let width = try Self.width("one two") + 1
        let (all, three) = (try Self.width("one two three"), try Self.width("three"))
        try #require(all > width && three < width)
        for mode in OverflowWrap.allCases {
            #expect(try Self.starts(text, width: width) { $0.paragraph.overflowWrap = mode } == [0, 8], "\(mode)")
        }
    }

    @Test("the min-content width: the widest word under normal and break-word, the widest grapheme cluster under anywhere (CSS Text 3 §5.5)")
    func minContent() throws {
        let word = try Self.width("supercalifragilistic")
        var widestLetter = 0.0
        for letter in Set(Self.longWord.filter { $0 != " " }) { widestLetter = max(widestLetter, try Self.width(String(letter))) }
        for mode in OverflowWrap.allCases {
            let widths = try PreparedText(Self.longWord, style: Self.style { $0.paragraph.overflowWrap = mode }).intrinsicWidths()
            #expect(abs(widths.minContent - (mode == .anywhere ? widestLetter : word)) < 1e-9, "\(mode): \(widths.minContent)")
            let oneLine = try Self.width(Self.longWord)
            #expect(abs(widths.maxContent - oneLine) < 1e-9)
        }
    }

    @Test("shrink-wrap under normal is the overflowing line's width: no narrower width keeps the lines inside it")
    func shrinkWrapOverflowing() throws {
        let layout = try PreparedText(Self.longWord, style: Self.style { $0.paragraph.overflowWrap = .normal }).layout(wrapWidth: 80)
        let (shrunk, word) = (try layout.shrinkWrapWidth(), try Self.width("supercalifragilistic"))
        #expect(abs(shrunk - word) < 1e-9)
    }

    @Test("height steps under overflow-wrap normal give each width's line count, as a layout at that width does")
    func heightStepsOverflowing() throws {
        let prepared = try PreparedText("aa supercalifragilistic bb and more words here, extraordinarily",
                                        style: Self.style { $0.paragraph.overflowWrap = .normal })
        let steps = try prepared.heightSteps(in: 10...400)
        for width in stride(from: 10.0, through: 400, by: 3) {
            let step = try #require(steps.last { $0.fromEditorWidth <= width })
            #expect(step.lineCount == (try prepared.layout(wrapWidth: width).lineCount), "at \(width)")
        }
    }

    @Test("break-all breaks between letters and digits, not before punctuation of class IS: ab,cd breaks a|b,|c|d")
    func breakAllOpportunities() throws {
        // ICU alone breaks nowhere inside; Blink's table adds AL|AL, IS|AL, AL|AL, and not AL|IS.
        #expect(try Self.breaks("ab,cd") { _ in } == [5])
        #expect(try Self.breaks("ab,cd") { $0.wordBreak = .breakAll } == [1, 3, 4, 5])
        // Devanagari letters are AL: क|म|ल; but not after a virama (क्ष is one cluster) nor a spacing vowel sign (कि).
        #expect(try Self.breaks("कमल") { $0.wordBreak = .breakAll } == [3, 6, 9])
        #expect(try Self.breaks("क्षकिम") { $0.wordBreak = .breakAll } == [9, 18])
    }

    @Test("break-all lets a word share a line: xxx abcdef breaks inside the word where normal moves it whole")
    func breakAllLines() throws {
        let width = try Self.width("xxx abc") + 0.5
        let (longer, word) = (try Self.width("xxx abcd"), try Self.width("abcdef"))
        try #require(longer > width && word <= width)
        #expect(try Self.starts("xxx abcdef", width: width) { _ in } == [0, 4])
        #expect(try Self.starts("xxx abcdef", width: width) { $0.wordBreak = .breakAll } == [0, 7])
    }

    @Test("keep-all keeps CJK, kana (small kana and ー included) and Hangul words whole; spaces, punctuation and emoji still break")
    func keepAll() throws {
        // 日本語の (4 × 3 bytes) then 。 then テキスト: the only breaks are after 。 (15) and the end (27).
        #expect(try Self.breaks("日本語の。テキスト") { $0.wordBreak = .keepAll } == [15, 27])
        #expect(try Self.breaks("ちょっと") { $0.wordBreak = .keepAll } == [12])
        #expect(try Self.breaks("한국어 텍스트") { $0.wordBreak = .keepAll } == [10, 19])
        #expect(try Self.breaks("😀😀") { $0.wordBreak = .keepAll } == [4, 8])
        // lineBreak keep-all is its old spelling.
        for text in ["日本語の。テキスト", "한국어 텍스트", "ちょっと"] {
            let (old, new) = (try Self.breaks(text) { $0.lineBreak = .keepAll }, try Self.breaks(text) { $0.wordBreak = .keepAll })
            #expect(old == new, "\(text)")
        }
    }

    @Test("line-break anywhere breaks between every two grapheme clusters, even where word-break keep-all and UAX #14 forbid")
    func lineBreakAnywhere() throws {
        #expect(try Self.breaks("ab, cd") { $0.lineBreak = .anywhere } == [1, 2, 3, 4, 5, 6])
        #expect(try Self.breaks("한국어") { $0.lineBreak = .anywhere; $0.wordBreak = .keepAll } == [3, 6, 9])
        // e + U+0301 is one cluster: no break inside it.
        #expect(try Self.breaks("e\u{301}x") { $0.lineBreak = .anywhere } == [3, 4])
    }

    @Test("strict keeps a line from starting at small kana, loose lets it; auto breaks as normal")
    func strictness() throws {
        // ち ょ っ と: ょ and っ start at 3 and 6.
        let strict = try Self.breaks("ちょっと") { $0.language = "ja"; $0.lineBreak = .strict }
        let loose = try Self.breaks("ちょっと") { $0.language = "ja"; $0.lineBreak = .loose }
        #expect(!strict.contains(3) && !strict.contains(6))
        #expect(loose.contains(3) && loose.contains(6))
        for profile in LayoutProfile.allCases {
            for text in ["ちょっと待って、ください。", "Hello, world — again!"] {
                let auto = try Self.breaks(text) { $0.lineBreak = .auto; $0.profile = profile }
                #expect(auto == (try Self.breaks(text) { $0.lineBreak = .normal; $0.profile = profile }), "\(profile) \(text)")
            }
        }
    }
}
