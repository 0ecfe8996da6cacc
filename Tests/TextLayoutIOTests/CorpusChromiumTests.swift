// The chromium profile held against headless Chromium on a seeded sample of the corpus (Benchmarks/BrowserStudy/corpus_vs_chromium.py --check), in one browser launch.
import Foundation
import Testing
import TestSupport

@Suite("The corpus against Chromium")
struct CorpusChromiumTests {
    static let script = repositoryRoot.appendingPathComponent("Benchmarks/BrowserStudy/corpus_vs_chromium.py").path

    /// Runs the corpus study with `--check` on 300 corpus jobs of the 14 languages, seed 7, with
    /// `textlayout`. The chromium profile's same starts must hold on 99% of them (docs/profiles.md:
    /// the whole corpus holds 99.68%, and these 300 jobs 299).
    static func study(textlayout: String) throws -> CommandRun {
        try runProgram(["python3", script, "--check", "--starts-floor", "0.99", "--sample", "300", "--seed", "7", "--examples", "1",
                        "--textlayout", textlayout, "--chromium", try #require(Oracle.chromiumPath)])
    }

    @Test("300 corpus jobs: the chromium profile has the browser's line starts on 99%, the standard one fewer, every difference of a named kind",
          .needs(.chromium))
    func sample() throws {
        let run = try InlineObjectsChromiumTests.passingStudy { try Self.study(textlayout: $0) }
        let chromium = try InlineObjectsChromiumTests.figure(run.output, "profile chromium: same starts")
        let standard = try InlineObjectsChromiumTests.figure(run.output, "profile standard: same starts")
        #expect(chromium.whole == 300 && chromium.part >= 297, "\(chromium)")
        // The profile's rules are what brings the starts there: the engine's own rules miss more.
        #expect(standard.part < chromium.part - 5, "standard \(standard), chromium \(chromium)")
        // The line heights of the jobs whose starts agree are the browser's (all but lines in fallback fonts the engines chose otherwise).
        let heights = try #require(outputLines(run.output).first { $0.hasPrefix("profile chromium") }, "\(run.output)")
        let share = try #require(heights.firstMatch(of: /within 1\/64 px a line (\d+)\.\d\d%/), "\(heights)")
        #expect(Int(share.1)! >= 98, "\(heights)")
    }

    @Test("the check fails when the profile is left out of our jobs",
          .needs(.chromium))
    func checkFails() throws {
        let textlayout = try #require(textlayoutExecutable(), "build the package first (swift build)")
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let standard = try InlineObjectsChromiumTests.textlayoutDropping("profile", in: folder, textlayout: textlayout)
        let run = try Self.study(textlayout: standard)
        #expect(run.status == 1, "\(run.output)\n\(run.error)")
        #expect(run.error.contains("below the floors: starts"), "\(run.error)")
    }
}
