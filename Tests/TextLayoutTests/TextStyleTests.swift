// A text style keeps its invariants: every public way to change its size or language checks the new value.
import Testing
import TextLayout

@Suite("Text style")
struct TextStyleTests {
    static let badSizes: [Double] = [.nan, .infinity, -.infinity, 0, -1, TextSettings.maximumSize.nextUp]

    @Test("withSize refuses a size that is not a finite number in (0, 10000]", arguments: badSizes)
    func badSize(size: Double) throws {
        let style = try TextStyle(font: bundledFont("DejaVuSans.ttf"))
        let error = layoutError { try style.withSize(size) }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains("size") == true, "\(String(describing: error))")
        #expect(layoutError { try TextStyle(font: style.font, settings: TextSettings(size: size)) }?.code == .invalidArgument)
    }

    @Test("withSize changes the size alone, and the text is laid out at it")
    func goodSize() throws {
        let style = try TextStyle(font: bundledFont("DejaVuSans.ttf"), settings: TextSettings(direction: .rtl, language: "ar",
                                  lineBreak: .strict))
        let larger = try style.withSize(34)
        #expect(larger.settings.size == 34)
        #expect(larger.font == style.font && larger.settings.direction == .rtl && larger.settings.language == "ar" && larger.settings.lineBreak == .strict)
        #expect(try style.withSize(TextSettings.maximumSize).settings.size == TextSettings.maximumSize)
        let small = try PreparedText("abc", style: style).layout()
        let large = try PreparedText("abc", style: larger).layout()
        #expect(abs(large.lines[0].height - 2 * small.lines[0].height) < 1e-9)
    }

    @Test("A style is a value: changing a copy's font, size or language leaves the original as it was, and equal values are equal styles with equal hashes")
    func valueSemantics() throws {
        let sans = try bundledFont("DejaVuSans.ttf")
        let original = try TextStyle(font: sans, settings: TextSettings(size: 15, language: "de"))
        var copy = original
        copy.font = try bundledFont("DejaVuSansMono.ttf")
        #expect(original.font == sans && copy.font != sans && copy != original)
        let resized = try original.withSize(30)
        let relanguaged = try original.withLanguage("fr")
        #expect(original.settings.size == 15 && original.settings.language == "de" && original.shapingLanguage.hasPrefix("de"))
        #expect(resized.settings.size == 30 && relanguaged.shapingLanguage.hasPrefix("fr"))
        let same = try TextStyle(font: sans, settings: TextSettings(size: 15, language: "de"))
        #expect(same == original && same.hashValue == original.hashValue)
        #expect(try resized.withSize(15) == original && relanguaged.withLanguage("de") == original)
        #expect(Set([original, same, resized, relanguaged]).count == 3)
    }

    @Test("withLanguage refuses what is not a BCP 47 tag", arguments: ["", "e", "not a tag", "zh_Hant", "x", "1a", "toolongsubtag"])
    func badLanguage(language: String) throws {
        let style = try TextStyle(font: bundledFont("DejaVuSans.ttf"), settings: TextSettings(language: "ja"))
        let error = layoutError { try style.withLanguage(language) }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains("BCP 47") == true, "\(String(describing: error))")
        #expect(layoutError { try TextStyle(font: style.font, settings: TextSettings(language: language)) }?.code == .invalidArgument)
    }

    @Test("withLanguage changes the language and the completed tag that shaping and breaking read")
    func goodLanguage() throws {
        let style = try TextStyle(font: bundledFont("DejaVuSans.ttf"), settings: TextSettings(language: "ja", lineBreak: .loose))
        let chinese = try style.withLanguage("zh-HK")
        #expect(chinese.settings.language == "zh-HK")
        #expect(chinese.shapingLanguage == "zh-Hant-HK")
        #expect(chinese.settings.size == 17 && chinese.settings.lineBreak == .loose)
        let none = try chinese.withLanguage(nil)
        #expect(none.settings.language == nil && none.shapingLanguage == "")
    }
}
