// textAutospace held against headless Chromium by the chromium profile (Benchmarks/BrowserStudy/wrap_vs_chromium.py --claims textAutospace --check): both values on a small seeded sample of the Chinese and Japanese corpus jobs, each as is and mixed with Latin words and digits, in one browser launch.
import Foundation
import Testing
import TestSupport

@Suite("text-autospace against Chromium")
struct TextAutospaceChromiumTests {
    /// Runs the study with `--check` (every value's jobs all agreeing) on `sample` Chinese and
    /// Japanese jobs a value (each also mixed), seed `seed`, with `textlayout`.
    static func study(sample: Int, seed: Int, textlayout: String) throws -> CommandRun {
        try runProgram(["python3", WrapChromiumTests.script, "--check", "--starts-floor", "1", "--sample", "\(sample)", "--seed", "\(seed)",
                        "--examples", "1", "--claims", "textAutospace", "--langs", "zh,ja", "--textlayout", textlayout,
                        "--chromium", try #require(Oracle.chromiumPath)])
    }

    @Test("20 Chinese and Japanese corpus jobs a value of textAutospace, as is and mixed: Chromium's line starts and heights within 1/64 px on every one",
          .needs(.chromium))
    func sample() throws {
        let run = try InlineObjectsChromiumTests.passingStudy { try Self.study(sample: 20, seed: 11, textlayout: $0) }
        for value in ["normal", "no-autospace"] {
            let figure = try InlineObjectsChromiumTests.figure(run.output, "textAutospace \(value):")
            #expect(figure.whole == 40 && figure.part == 40, "\(value): \(figure)")
        }
    }

    // Measured: without the key 7 of the 40 normal layouts (the mixed jobs, mostly) break otherwise.
    @Test("the check fails when textAutospace is left out of our jobs (no space between ideographs and Latin words under normal)",
          .needs(.chromium))
    func checkFails() throws {
        let textlayout = try #require(textlayoutExecutable(), "build the package first (swift build)")
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let dropping = try InlineObjectsChromiumTests.textlayoutDropping("textAutospace", in: folder, textlayout: textlayout)
        let run = try Self.study(sample: 20, seed: 11, textlayout: dropping)
        #expect(run.status == 1, "\(run.output)\n\(run.error)")
        #expect(run.error.contains("below the floors:") && run.error.contains("textAutospace normal"), "\(run.error)")
    }
}
