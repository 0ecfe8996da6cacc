// Resource bounds: the caches keep to their byte budgets, and texts, sizes, widths and spacings past their limits get clear errors.
import Foundation
import Testing
@testable import TextLayout
import TextLayoutIO
import TestSupport

@Suite("Resource bounds")
struct ResourceBoundsTests {
    /// The storage under both caches: values of every size, many more than fit. Small values
    /// keep it within its budget (plus a 64th for the generation being filled); none is ever
    /// over twice the budget, and a value over a 32nd of the budget is not kept at all.
    @Test("the generational cache keeps to its budget", arguments: [16, 100, 4_000, 30_000])
    func generationalBudget(valueSize: Int) {
        let budget = 1 << 20
        let cache = GenerationalCache<Int>(budget: budget) { $0 }
        for key in 0..<UInt64(8 * budget / valueSize + 100) {
            cache.store(valueSize, key: key &* 0x9E37_79B9_7F4A_7C15)
            if key % 97 == 0 { _ = cache.lookup((key / 2) &* 0x9E37_79B9_7F4A_7C15) { _ in true } }  // old values come back young
            if key % 512 == 0 { #expect(cache.statistics.bytes <= 2 * budget) }
        }
        let held = cache.statistics.bytes
        #expect(held <= 2 * budget, "\(held) bytes held for a budget of \(budget)")
        if valueSize <= 100 { #expect(held <= budget + budget / 16, "\(held) bytes held for a budget of \(budget)") }
        #expect(held > 0)
    }

    @Test("a value over a 32nd of the budget is not kept, and a budget of 0 keeps nothing")
    func oversizedValues() {
        let cache = GenerationalCache<Int>(budget: 32_000) { $0 }
        cache.store(1_001, key: 1)
        #expect(cache.lookup(1) { _ in true } == nil)
        cache.store(1_000, key: 2)
        #expect(cache.lookup(2) { _ in true } == 1_000)
        let off = GenerationalCache<Int>(budget: 0) { $0 }
        off.store(1, key: 3)
        #expect(off.lookup(3) { _ in true } == nil)
    }

    /// The word cache through layouts: thousands of distinct words stay within its budget.
    @Test("the word cache holds no more than its budget however many words it sees")
    func wordCacheBudget() throws {
        let budget = 256 << 10
        let context = FontContext(fontDirectories: [FontContext.bundledFontsDirectory!], includeSystemFonts: false,
                                  shapeCacheBudget: budget, preparedTextCacheBudget: 0)
        let font = try context.font(path: #require(FontContext.bundledFontPath("NotoSansHebrew-Regular.ttf")))
        var rng = SplitMix(seed: 11)
        for _ in 0..<300 {
            let words = (0..<40).map { _ in RandomText.run(0x61...0x7A, count: 3...12, &rng) }
            _ = try PreparedText(words.joined(separator: " "), font: font, size: 17)
        }
        let statistics = context.shapeCache.statistics
        #expect(statistics.bytes <= 2 * budget, "\(statistics.bytes) bytes for a budget of \(budget)")
        #expect(statistics.misses > 0)
    }

    struct Limit: Sendable, CustomTestStringConvertible {
        var name: String
        var code: LayoutError.Code
        var phrase: String
        var body: @Sendable () throws -> Void
        var testDescription: String { name }
    }

    static let font = { try! bundledFont("DejaVuSans.ttf") }()

    static let limits: [Limit] = [
        Limit(name: "a text one byte over 64 MiB", code: .invalidText, phrase: "at most 67108864") {
            _ = try PreparedText(String(repeating: "a", count: PreparedText.maximumLength + 1), font: font)
        },
        Limit(name: "a size over 10,000 px", code: .invalidArgument, phrase: "at most 10000") { _ = try TextStyle(font: font, settings: TextSettings(size: 10_000.5)) },
        Limit(name: "a size of 0", code: .invalidArgument, phrase: "greater than 0") { _ = try TextStyle(font: font, settings: TextSettings(size: 0)) },
        Limit(name: "a size that is not a number", code: .invalidArgument, phrase: "size") { _ = try TextStyle(font: font, settings: TextSettings(size: .nan)) },
        Limit(name: "an infinite size", code: .invalidArgument, phrase: "size") { _ = try TextStyle(font: font, settings: TextSettings(size: .infinity)) },
        Limit(name: "a wrap width of 0", code: .invalidArgument, phrase: "wrapWidth") { _ = try PreparedText("x", font: font).layout(wrapWidth: 0) },
        Limit(name: "a negative wrap width", code: .invalidArgument, phrase: "wrapWidth") { _ = try PreparedText("x", font: font).layout(wrapWidth: -5) },
        Limit(name: "a wrap width that is not a number", code: .invalidArgument, phrase: "wrapWidth") { _ = try PreparedText("x", font: font).layout(wrapWidth: .nan) },
        Limit(name: "a negative line space", code: .invalidArgument, phrase: "lineSpace") { _ = try PreparedText("x", font: font).layout(lineSpace: -1) },
        Limit(name: "an infinite line space", code: .invalidArgument, phrase: "lineSpace") { _ = try PreparedText("x", font: font).layout(lineSpace: .infinity) },
        Limit(name: "letter spacing over 10,000 px", code: .invalidArgument, phrase: "letterSpacing") {
            _ = try PreparedText("abc", style: TextStyle(font: font), spans: [StyledSpan(range: 0..<2, letterSpacing: 10_001)])
        },
        Limit(name: "a span size over 10,000 px", code: .invalidArgument, phrase: "at most 10000") {
            _ = try PreparedText("abc", style: TextStyle(font: font), spans: [StyledSpan(range: 0..<2, size: 20_000)])
        },
        Limit(name: "a language that is not a BCP 47 tag", code: .invalidArgument, phrase: "BCP 47") {
            _ = try TextStyle(font: font, settings: TextSettings(language: "not a tag!"))
        },
        Limit(name: "a one-letter language that is not x (private use)", code: .invalidArgument, phrase: "BCP 47") {
            _ = try TextStyle(font: font, settings: TextSettings(language: "q-private"))
        },
        Limit(name: "a private-use tag with nothing after the x", code: .invalidArgument, phrase: "BCP 47") {
            _ = try TextStyle(font: font, settings: TextSettings(language: "x"))
        },
    ]

    @Test("well-formed BCP 47 tags are accepted, private-use ones included", arguments: [
        "en", "ja-u-lb-strict", "zh-Hant-TW", "de-u-co-phonebk", "sr-Latn", "und", "x-private", "X-a1-b2", "en-x-mine",
    ])
    func wellFormedTags(_ tag: String) throws {
        let style = try TextStyle(font: Self.font, settings: TextSettings(language: tag))
        let untagged = try PreparedText("Words to break", style: TextStyle(font: Self.font)).layout(wrapWidth: 60)
        #expect(untagged.lineCount > 1)
        // No tailoring of these tags touches Latin words and spaces: the breaks of no language.
        #expect(try PreparedText("Words to break", style: style).layout(wrapWidth: 60).lines.map(\.utf16Range)
            == untagged.lines.map(\.utf16Range))
    }

    @Test("past a limit, a clear error that names it", arguments: limits)
    func limit(_ limit: Limit) {
        do {
            try limit.body()
            Issue.record("\(limit.name) was accepted")
        } catch let error as LayoutError {
            #expect(error.code == limit.code, "\(error)")
            #expect(error.message.contains(limit.phrase), "\(error.message)")
        } catch {
            Issue.record("\(limit.name): \(error)")
        }
    }

    /// Advances are font units scaled by the size, so the largest size gives 100 times the
    /// widths and heights of a hundredth of it.
    @Test("the largest size lays out, 100 times as wide and tall as a hundredth of it")
    func atTheLimits() throws {
        let large = try PreparedText("Wide words", style: TextStyle(font: Self.font, settings: TextSettings(size: TextSettings.maximumSize))).layout(wrapWidth: 1)
        let small = try PreparedText("Wide words", style: TextStyle(font: Self.font, settings: TextSettings(size: TextSettings.maximumSize / 100))).layout(wrapWidth: 0.01)
        #expect(large._checkInvariants().isEmpty)
        #expect(large.lineCount == small.lineCount && large.lineCount == 9, "one line a letter, the space hanging")
        for (big, little) in zip(large.lines, small.lines) {
            #expect(abs(big.width - 100 * little.width) <= 1e-6 * big.width, "\(big.width) against 100 × \(little.width)")
            #expect(abs(big.height - 100 * little.height) <= 1e-6 * big.height)
        }
    }

    @Test("the batch format reports the limits as job errors", arguments: [
        ("{\"text\":\"x\",\"size\":1e308}", "invalidArgument"),
        ("{\"text\":\"x\",\"width\":0}", "invalidArgument"),
        ("{\"text\":\"x\",\"lineSpace\":-1}", "invalidArgument"),
        ("{\"text\":\"x\",\"maxLines\":0}", "invalidArgument"),
        ("{\"text\":\"x\",\"minLines\":1e10}", "invalidJob"),
    ])
    func batchLimits(_ line: String, _ code: String) throws {
        let result = batchResult(line)
        #expect(!result.succeeded)
        #expect(result.json.contains("\"code\":\"\(code)\""), "\(result.json)")
    }
}
