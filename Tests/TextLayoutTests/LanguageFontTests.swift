// Language tags choose the regional CJK face for Han that the primary font lacks, read as ICU completes them (likely subtags).
import Testing
@testable import TextLayout
import TestSupport

@Suite("Language tags and CJK faces")
struct LanguageFontTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let tag: String
        /// The tag with ICU's likely subtags, as CLDR's likelySubtags data gives it.
        let completed: String
        /// The Noto Sans CJK face that must draw 直 (its glyph differs in each region's face).
        let face: String
        var testDescription: String { tag }
    }

    static let rows: [Row] = [
        Row(tag: "ja", completed: "ja-Jpan-JP", face: "Noto Sans CJK JP"),
        Row(tag: "ja-JP", completed: "ja-Jpan-JP", face: "Noto Sans CJK JP"),
        Row(tag: "ja-Jpan", completed: "ja-Jpan-JP", face: "Noto Sans CJK JP"),
        Row(tag: "ko", completed: "ko-Kore-KR", face: "Noto Sans CJK KR"),
        Row(tag: "ko-KR", completed: "ko-Kore-KR", face: "Noto Sans CJK KR"),
        Row(tag: "ko-Kore-KR", completed: "ko-Kore-KR", face: "Noto Sans CJK KR"),
        Row(tag: "zh", completed: "zh-Hans-CN", face: "Noto Sans CJK SC"),
        Row(tag: "zh-CN", completed: "zh-Hans-CN", face: "Noto Sans CJK SC"),
        Row(tag: "zh-Hans", completed: "zh-Hans-CN", face: "Noto Sans CJK SC"),
        Row(tag: "zh-Hans-CN", completed: "zh-Hans-CN", face: "Noto Sans CJK SC"),
        Row(tag: "zh-SG", completed: "zh-Hans-SG", face: "Noto Sans CJK SC"),
        Row(tag: "zh-Hans-HK", completed: "zh-Hans-HK", face: "Noto Sans CJK SC"),
        Row(tag: "zh-Hans-TW", completed: "zh-Hans-TW", face: "Noto Sans CJK SC"),
        Row(tag: "wuu", completed: "wuu-Hans-CN", face: "Noto Sans CJK SC"),
        Row(tag: "zh-TW", completed: "zh-Hant-TW", face: "Noto Sans CJK TC"),
        Row(tag: "zh-Hant", completed: "zh-Hant-TW", face: "Noto Sans CJK TC"),
        Row(tag: "zh-Hant-TW", completed: "zh-Hant-TW", face: "Noto Sans CJK TC"),
        Row(tag: "zh-Hant-CN", completed: "zh-Hant-CN", face: "Noto Sans CJK TC"),
        Row(tag: "ZH-hant-tw", completed: "zh-Hant-TW", face: "Noto Sans CJK TC"),
        Row(tag: "zh-HK", completed: "zh-Hant-HK", face: "Noto Sans CJK HK"),
        Row(tag: "zh-Hant-HK", completed: "zh-Hant-HK", face: "Noto Sans CJK HK"),
        Row(tag: "zh-MO", completed: "zh-Hant-MO", face: "Noto Sans CJK HK"),
        Row(tag: "yue", completed: "yue-Hant-HK", face: "Noto Sans CJK HK"),
        Row(tag: "und-Hant", completed: "zh-Hant-TW", face: "Noto Sans CJK TC"),
        Row(tag: "und-Kore", completed: "ko-Kore-KR", face: "Noto Sans CJK KR"),
        Row(tag: "ja-u-lb-strict", completed: "ja-Jpan-JP-u-lb-strict", face: "Noto Sans CJK JP"),
    ]

    @Test("the tag is completed with its likely subtags, and 直 is drawn in its region's face", arguments: rows)
    func face(row: Row) throws {
        // DejaVu Sans, the default font, has no Han: 直 falls back.
        let font = try bundledFonts.font(path: FontContext.bundledFontPath("DejaVuSans.ttf")!)
        let style = try TextStyle(font: font, settings: TextSettings(language: row.tag))
        #expect(style.languageTag?.full == row.completed)
        let layout = try PreparedText("a直", style: style).layout()
        let run = try #require(layout.lines.first?.runs.first { $0.utf16Range.contains(1) })
        #expect(run.content.textFont.familyName == row.face)
    }

    @Test("line breaking, shaping and fallback read the same completed tag")
    func oneNormalisation() throws {
        let font = try bundledFonts.font(path: FontContext.bundledFontPath("DejaVuSans.ttf")!)
        var style = try TextStyle(font: font, settings: TextSettings(language: "zh-HK"))
        #expect(style.shapingLanguage == "zh-Hant-HK")
        #expect(lineBreakLocale(language: style.languageTag?.full, strictness: .strict) == "zh-Hant-HK-u-lb-strict")
        #expect(style.languageTag?.fontconfigLanguage == "zh-hk")
        style = try style.withLanguage("zh")
        #expect(style.shapingLanguage == "zh-Hans-CN")
        #expect(style.languageTag?.fontconfigLanguage == "zh-cn")
        style = try style.withLanguage(nil)
        #expect(style.shapingLanguage == "")
    }

    @Test("other languages are fontconfig's language, with the region only where fontconfig tells regions apart")
    func otherLanguages() {
        #expect(LanguageTag("en").fontconfigLanguage == "en")
        #expect(LanguageTag("pt-BR").fontconfigLanguage == "pt")
        #expect(LanguageTag("pa-PK").fontconfigLanguage == "pa-pk")
        #expect(LanguageTag("mn").fontconfigLanguage == "mn-mn")
    }
}
