// The chromium profile held against headless Chromium on a fresh random sample of the corpus (Benchmarks/BrowserStudy/corpus_vs_chromium.py --expect), each differing job one the committed list names.
import Foundation
import Testing
import TestSupport

@Suite("The corpus against Chromium")
struct CorpusChromiumTests {
    static let script = repositoryRoot.appendingPathComponent("Benchmarks/BrowserStudy/corpus_vs_chromium.py").path
    /// The jobs expected to differ, with their reasons; CI's `corpus-lists` stage holds the whole corpus to it.
    static let expectedDifferences = repositoryRoot.appendingPathComponent("Benchmarks/BrowserStudy/expected-differences-chromium.txt").path
    /// How many jobs a run of the suite samples: one page of the study, one browser launch a set-up.
    static let sampleSize = 300

    /// A seed from the clock, so that each run samples other jobs; printed, so that a failing sample can be run again
    /// (`--sample 300 --seed SEED`).
    static let seed: Int = {
        let seed = Int(Date().timeIntervalSince1970 * 1000) % 1_000_000_007
        print("CorpusChromiumTests: the corpus sample's seed is \(seed)")
        return seed
    }()

    /// Runs the corpus study with `--expect` on `sample` jobs of `langs` (all 14 when nil), seeded by `seed`, in the fonts of
    /// `fonts` (`embedded`, `system` or `browser-fallback`), held to the list at `list`, with `textlayout`.
    static func study(textlayout: String, fonts: String, sample: Int = sampleSize, seed: Int = seed, langs: String? = nil,
                      list: String = expectedDifferences) throws -> CommandRun {
        try runProgram(["python3", script, "--expect", list, "--fonts", fonts, "--sample", "\(sample)", "--seed", "\(seed)",
                        "--textlayout", textlayout, "--chromium", try #require(Oracle.chromiumPath)]
                       + (langs.map { ["--langs", $0] } ?? []))
    }

    /// The run's "expected differences" line: the jobs it ran and those that differ (all listed, when the run passed).
    static func ranAndDiffering(_ output: String) throws -> (run: Int, differing: Int) {
        let line = try #require(outputLines(output).first { $0.hasPrefix("expected differences") }, "\(output)")
        let match = try #require(line.firstMatch(of: /(\d+) jobs run, (\d+) differ/), "\(line)")
        return (Int(match.1)!, Int(match.2)!)
    }

    @Test("a fresh sample of 300 corpus jobs in the embedded fonts: every job has Chromium's starts, line count and height but those listed, as listed",
          .needs(.chromium))
    func embeddedSample() throws {
        let run = try InlineObjectsChromiumTests.passingStudy { try Self.study(textlayout: $0, fonts: "embedded") }
        #expect(try Self.ranAndDiffering(run.output).run == Self.sampleSize, "\(run.output)")
    }

    @Test("a fresh sample of 300 corpus jobs in the system's fonts: every job has Chromium's starts, line count and height but those listed, as listed",
          .needs(.chromium))
    func systemSample() throws {
        let run = try InlineObjectsChromiumTests.passingStudy { try Self.study(textlayout: $0, fonts: "system") }
        #expect(try Self.ranAndDiffering(run.output).run == Self.sampleSize, "\(run.output)")
    }

    @Test("a fresh sample of 300 corpus jobs in the system's fonts, each naming its font alone: Blink's fallback, held to the list as the others",
          .needs(.chromium, .liberationSans))
    func browserFallbackSample() throws {
        let run = try InlineObjectsChromiumTests.passingStudy { try Self.study(textlayout: $0, fonts: "browser-fallback") }
        #expect(try Self.ranAndDiffering(run.output).run == Self.sampleSize, "\(run.output)")
    }

    @Test("the run fails, naming the jobs, when the profile is left out of our jobs",
          .needs(.chromium))
    func unlistedDifferencesFail() throws {
        let textlayout = try #require(textlayoutExecutable(), "build the package first (swift build)")
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let standard = try InlineObjectsChromiumTests.textlayoutDropping("profile", in: folder, textlayout: textlayout)
        let run = try Self.study(textlayout: standard, fonts: "embedded")
        #expect(run.status == 1, "\(run.output)\n\(run.error)")
        // The standard profile differs on about 4% of the corpus: a dozen of 300 jobs.
        #expect(run.error.contains("and is not listed"), "\(run.error)")
    }

    @Test("the run fails on a listed job that now agrees: the list only shrinks",
          .needs(.chromium))
    func listedAgreeingJobsFail() throws {
        let textlayout = try #require(textlayoutExecutable(), "build the package first (swift build)")
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Every English job listed as differing: none of them does (docs/profiles.md, en 100%), so each of the 5 sampled fails.
        let list = folder.appendingPathComponent("every-english-job.txt")
        let lines = (1...300).flatMap { text in [120, 240, 360].map { "en-\(text)-w\($0) embedded starts listed here to see the run refuse it" } }
        try (lines.joined(separator: "\n") + "\n").write(to: list, atomically: true, encoding: .utf8)
        let run = try Self.study(textlayout: textlayout.path, fonts: "embedded", sample: 5, langs: "en", list: list.path)
        #expect(run.status == 1, "\(run.output)\n\(run.error)")
        #expect(run.error.components(separatedBy: "but now agrees").count - 1 == 5, "\(run.error)")
    }
}
