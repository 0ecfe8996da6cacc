// Columns held against headless Chromium by the chromium profile (Benchmarks/BrowserStudy/vertical_vs_chromium.py --check): a small seeded sample of the Chinese, Japanese and Korean corpus jobs under vertical-rl, vertical-lr, upright and sideways, in one browser launch.
import Foundation
import Testing
import TestSupport

@Suite("vertical text against Chromium")
struct VerticalChromiumTests {
    static let script = repositoryRoot.appendingPathComponent("Benchmarks/BrowserStudy/vertical_vs_chromium.py").path

    /// Runs the study with `--check` (every set's jobs all with Chromium's column starts) on
    /// `sample` jobs under vertical-rl and `setSample` under each other set, seed 5, with `textlayout`.
    static func study(sample: Int, setSample: Int, textlayout: String) throws -> CommandRun {
        try runProgram(["python3", script, "--check", "--starts-floor", "1", "--sample", "\(sample)", "--set-sample", "\(setSample)",
                        "--seed", "5", "--examples", "1", "--sets", "vertical-rl,vertical-lr,upright,sideways", "--textlayout", textlayout,
                        "--chromium", try #require(Oracle.chromiumPath)])
    }

    @Test("60 CJK corpus jobs under vertical-rl and 20 under each of vertical-lr, upright and sideways: Chromium's column starts and block extent within 1/64 px on every one",
          .needs(.chromium))
    func sample() throws {
        let run = try InlineObjectsChromiumTests.passingStudy { try Self.study(sample: 60, setSample: 20, textlayout: $0) }
        for (set, jobs) in [("vertical-rl", 60), ("vertical-lr", 20), ("upright", 20), ("sideways", 20)] {
            // The figure counts the jobs with both Chromium's column starts and its block extent.
            let figure = try InlineObjectsChromiumTests.figure(run.output, "\(set) (")
            #expect(figure.whole == jobs && figure.part == jobs, "\(set): \(figure)")
        }
    }

    @Test("the check fails when textOrientation is left out of our jobs (the upright set's Latin then turned)",
          .needs(.chromium))
    func checkFails() throws {
        let textlayout = try #require(textlayoutExecutable(), "build the package first (swift build)")
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let dropping = try InlineObjectsChromiumTests.textlayoutDropping("textOrientation", in: folder, textlayout: textlayout)
        let run = try Self.study(sample: 20, setSample: 20, textlayout: dropping)
        #expect(run.status == 1, "\(run.output)\n\(run.error)")
        #expect(run.error.contains("below the floors:") && run.error.contains("upright"), "\(run.error)")
    }
}
