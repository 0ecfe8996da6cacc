// textSpacingTrim held against headless Chromium by the chromium profile (Benchmarks/BrowserStudy/wrap_vs_chromium.py --claims textSpacingTrim --check): every value on a small seeded sample of the Chinese and Japanese corpus jobs, in one browser launch.
import Foundation
import Testing
import TestSupport

@Suite("text-spacing-trim against Chromium")
struct TextSpacingChromiumTests {
    /// Runs the study with `--check` (every value's jobs all agreeing) on `sample` Chinese and
    /// Japanese jobs a value, seed `seed`, with `textlayout`.
    static func study(sample: Int, seed: Int, textlayout: String) throws -> CommandRun {
        try runProgram(["python3", WrapChromiumTests.script, "--check", "--starts-floor", "1", "--sample", "\(sample)", "--seed", "\(seed)",
                        "--examples", "1", "--claims", "textSpacingTrim", "--langs", "zh,ja", "--textlayout", textlayout,
                        "--chromium", try #require(Oracle.chromiumPath)])
    }

    @Test("40 Chinese and Japanese corpus jobs a value of textSpacingTrim: Chromium's line starts and heights within 1/64 px on every one",
          .needs(.chromium))
    func sample() throws {
        let run = try InlineObjectsChromiumTests.passingStudy { try Self.study(sample: 40, seed: 11, textlayout: $0) }
        for value in ["normal", "space-all", "space-first", "trim-start"] {
            let figure = try InlineObjectsChromiumTests.figure(run.output, "textSpacingTrim \(value):")
            #expect(figure.whole == 40 && figure.part == 40, "\(value): \(figure)")
        }
    }

    @Test("the check fails when textSpacingTrim is left out of our jobs (a wrapped line's opening mark keeps its width under the profile's normal)",
          .needs(.chromium))
    func checkFails() throws {
        let textlayout = try #require(textlayoutExecutable(), "build the package first (swift build)")
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let dropping = try InlineObjectsChromiumTests.textlayoutDropping("textSpacingTrim", in: folder, textlayout: textlayout)
        let run = try Self.study(sample: 40, seed: 11, textlayout: dropping)
        #expect(run.status == 1, "\(run.output)\n\(run.error)")
        #expect(run.error.contains("below the floors:") && run.error.contains("textSpacingTrim space-first"), "\(run.error)")
    }
}
