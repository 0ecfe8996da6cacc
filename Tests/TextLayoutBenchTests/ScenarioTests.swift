// The benchmark's scenarios measure what they say: cold jobs are first sights of their texts, keystrokes shape. Never how fast.
import Foundation
import Testing
import TextLayout
import TextLayoutIO
@testable import textlayout_bench

@Suite("Benchmark scenarios")
struct ScenarioTests {
    /// A context of the bundled fonts with its own caches, so that emptying them touches no other test.
    static func context() -> FontContext {
        FontContext(fontDirectories: [FontContext.bundledFontsDirectory!], includeSystemFonts: false)
    }

    /// Jobs as the corpus makes them: each text at three widths in a row.
    static func corpusLikeJobs(_ texts: [String], fonts: FontContext) throws -> [BenchJob] {
        let lines = texts.enumerated().flatMap { n, text in
            [120, 240, 360].map { width -> String in
                var line = "{\"id\":\"en-\(n + 1)-w\(width)\",\"text\":"
                line += JSONValue.string(text).serialized
                return line + ",\"font\":\"\(FontContext.bundledFontPath("DejaVuSans.ttf")!)\",\"size\":17,\"width\":\(width)}"
            }
        }
        return try JobSource.resolve(lines, fonts: fonts)
    }

    static let texts = ["Save changes before closing?", "caf\u{E9} au lait", "cafe\u{301} au lait",
                        "The quick brown fox jumps over the lazy dog again and again."]

    @Test("first-sight passes hold every job once and no text twice in a pass (exact code units)")
    func passesHoldEachTextOnce() throws {
        let jobs = try Self.corpusLikeJobs(Self.texts, fonts: Self.context())
        let passes = firstSightPasses(jobs)
        #expect(passes.count == 3)
        #expect(passes.flatMap { $0 }.sorted() == Array(jobs.indices))
        for pass in passes {
            #expect(Set(pass.map { TextInStyle(jobs[$0]) }).count == pass.count)
            // The precomposed and the decomposed "café" are two texts, both in every pass.
            #expect(pass.count == Self.texts.count)
        }
        #expect(jobs[0].group == "en")
    }

    @Test("cold: no job is a prepared-text cache hit, where emptying the caches once a round gave two hits in three")
    func coldJobsAreFirstSights() throws {
        let fonts = Self.context()
        let jobs = try Self.corpusLikeJobs(Self.texts, fonts: fonts)
        let scenario = Scenario(jobs: jobs, fonts: fonts, rounds: 1)
        let passes = firstSightPasses(jobs)
        let cold = try scenario.runPasses(passes.count, clearingCaches: true) { pass in
            try passes[pass].reduce(0) { $0 &+ (try scenario.measure(jobs[$1])) }
        }
        #expect(cold.prepared.hits == 0)
        #expect(cold.prepared.misses == jobs.count)
        #expect(cold.words.misses > 0)
        // The old cold round: every job in one pass, the caches emptied once.
        let onceARound = try scenario.runPasses(1, clearingCaches: true) { _ in try scenario.measureAll() }
        #expect(onceARound.prepared.hits == jobs.count * 2 / 3)
    }

    @Test("keystroke: typing distinct characters shapes, and the full layouts it is held against are prepared anew")
    func keystrokesShape() throws {
        let fonts = Self.context()
        let style = try TextStyle(font: fonts.font(path: FontContext.bundledFontPath("DejaVuSans.ttf")!), size: 17)
        let text = Array(repeating: "A paragraph of ordinary words, long enough to wrap over a few lines at this width.", count: 6)
            .joined(separator: "\n")
        let typing = KeystrokeScenario.typing
        #expect(Set(typing).count >= 20)
        #expect(zip(typing, typing.dropFirst()).allSatisfy { $0 != $1 })
        let caret = KeystrokeScenario.middle(of: text)
        #expect(Array(text.utf16)[caret] == 0x20)
        let preparedHits = fonts.preparedTextCache.statistics.hits
        let times = try KeystrokeScenario.type(into: text, style: style, at: caret)
        #expect(times.characters.count + times.newlines.count == typing.count)
        #expect(times.newlines.count == typing.filter { $0 == "\n" }.count)
        #expect(times.wordCacheMisses >= 10)
        #expect(times.fullLayouts.count == typing.count / 4)
        #expect(fonts.preparedTextCache.statistics.hits == preparedHits)
    }
}
