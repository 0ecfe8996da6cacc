// The benchmark's scenarios measure what they say: cold jobs are first sights of their texts, keystrokes shape. Never how fast.
import Foundation
import Testing
import TextLayout
import TextLayoutCLI
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

    @Test("the benchmark's options are read by the command line's parser: each scenario and workload by its one name, bad values refused")
    func options() throws {
        let usage = BenchOptions.command.usage
        for scenario in ScenarioName.allCases {
            let parsed = try ParsedArguments(["--scenario", scenario.rawValue, "--rounds", "2"], for: BenchOptions.command)
            #expect(ScenarioName(rawValue: parsed.string(BenchOptions.scenario) ?? "") == scenario && parsed.integer(BenchOptions.rounds) == 2)
            #expect(usage.contains("\n  \(scenario.rawValue) ") && usage.contains(scenario.summary.prefix(40)), "\(scenario)")
        }
        for workload in CountedWorkload.allCases {
            let parsed = try ParsedArguments(["--count", workload.rawValue], for: BenchOptions.command)
            #expect(parsed.choice(BenchOptions.count, as: CountedWorkload.self) == workload)
        }
        for bad in [["--rounds", "0"], ["--scenario", "nope"], ["--count", "cold2"], ["operand"], ["--unknown"]] {
            #expect(throws: UsageError.self, "\(bad)") { try ParsedArguments(bad, for: BenchOptions.command) }
        }
    }

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
        let style = try TextStyle(font: fonts.font(path: FontContext.bundledFontPath("DejaVuSans.ttf")!))
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

@Suite("Benchmark line formats")
struct BenchmarkLineTests {
    @Test("a keystroke case's line reads 'keystroke PLACE SIZE: T us = P% of the full layout (DOCUMENT)', 1000 KB as 1MB")
    func keystrokeCaseLine() {
        #expect(KeystrokeScenario.caseLine("middle", kilobytes: 10, keystroke: 12.34e-6, fullLayout: 2.742e-3, document: .longParagraphs)
                == "keystroke middle 10KB: 12.3 us = 0.45% of the full layout (long paragraphs)")
        #expect(KeystrokeScenario.caseLine("middle", kilobytes: 1000, keystroke: 1e-4, fullLayout: 1e-1, document: .shortParagraphs)
                == "keystroke middle 1MB: 100.0 us = 0.10% of the full layout (short paragraphs)")
        #expect(KeystrokeScenario.ratioLine(kilobytes: 1000, to: 10, 1.5, document: .shortParagraphs)
                == "keystroke middle 1MB / 10KB = 1.50 (short paragraphs)")
        #expect(KeystrokeScenario.kilobytes == [10, 100, 1000])
    }

    @Test("the stream's line reads 'stream 20KB in 4000 pieces: R x one full layout'")
    func streamLine() {
        #expect(StreamScenario.line(seconds: 2.1e-3, fullLayout: 1e-3) == "stream 20KB in 4000 pieces: 2.1 x one full layout")
    }

    @Test("the steps line gives the median per job beside relayout's, and their ratio")
    func stepsLine() {
        #expect(Scenario.stepsLine(perJob: 12.5e-6, stepsPerJob: 4.25, relayoutPerJob: 2.5e-6)
                == "median 12.50 us/job for the height steps over 100...600 px (4.2 steps a job); relayout at one width 2.50 us/job; steps / relayout = 5.0")
    }

    @Test("the long texts keystrokes type into hold the size asked for, of the jobs' texts repeated when they are fewer")
    func longTexts() throws {
        let jobs = try ScenarioTests.corpusLikeJobs(ScenarioTests.texts, fonts: ScenarioTests.context())
        let scenario = KeystrokeScenario(jobs: jobs, rounds: 1)
        for kilobytes in [1, 10] {
            let (text, _) = scenario.longText(kilobytes: kilobytes)
            #expect(text.utf8.count >= kilobytes * 1000 && text.utf8.count < kilobytes * 1000 + 100)
            #expect(Set(text.split(separator: "\n").map(String.init)) == Set(ScenarioTests.texts))
        }
    }

    @Test("the short-paragraph document holds the size asked for in paragraphs of about 40 bytes, of the texts' words in order")
    func shortParagraphs() throws {
        let jobs = try ScenarioTests.corpusLikeJobs(ScenarioTests.texts, fonts: ScenarioTests.context())
        let (text, _) = KeystrokeScenario(jobs: jobs, rounds: 1).shortParagraphText(kilobytes: 10)
        #expect(text.utf8.count >= 10_000 && text.utf8.count < 10_100)
        let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false)
        // 10 KB in paragraphs that average 40 bytes (41 with the newline): about 244.
        #expect(paragraphs.count > 200 && paragraphs.count < 300, "\(paragraphs.count) paragraphs")
        #expect(paragraphs.allSatisfy { !$0.isEmpty && $0.utf8.count <= 60 })
        // The words in order: the first paragraphs hold the first text's words.
        let words = ScenarioTests.texts.flatMap { $0.split(separator: " ") }
        #expect(Array(text.split(whereSeparator: { $0 == " " || $0 == "\n" }).prefix(words.count)) == words)
    }

    @Test("the stream's pieces put the answer back together, and streaming them lays out as the whole answer does")
    func streamPieces() throws {
        let fonts = ScenarioTests.context()
        let jobs = try ScenarioTests.corpusLikeJobs(ScenarioTests.texts, fonts: fonts)
        let scenario = StreamScenario(jobs: jobs, rounds: 1)
        let (answer, style) = scenario.answer()
        #expect(answer.utf8.count >= StreamScenario.kilobytes * 1000)
        // Made of the distinct texts in turn, where the corpus gives each text three times in a row.
        // (Compared by their bytes: the precomposed and the decomposed "café" are two texts.)
        let texts = scenario.answerTexts().map { Array($0.utf8) }
        #expect(Array(texts.prefix(ScenarioTests.texts.count)) == ScenarioTests.texts.map { Array($0.utf8) })
        #expect(zip(texts, texts.dropFirst()).allSatisfy { $0 != $1 })
        #expect(answer.contains("\n") && answer.split(separator: "\n").count > 10)
        let pieces = StreamScenario.pieces(of: String(answer.prefix(2000)), count: 400)
        #expect(pieces.count == 400 && pieces.joined() == String(answer.prefix(2000)))
        #expect(pieces.allSatisfy { !$0.isEmpty })
        let streamed = try StreamScenario.stream(pieces, style: style)
        #expect(streamed == (try PreparedText(pieces.joined(), style: style).layout(wrapWidth: StreamScenario.width, lineSpace: 2, glyphRuns: false)))
    }
}
