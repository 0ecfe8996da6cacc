// whiteSpace held against headless Chromium by the chromium profile (Benchmarks/BrowserStudy/whitespace_vs_chromium.py --check): every value on a small fresh seeded sample of the corpus, each text as it is and varied with runs of spaces, tabs and newlines, in one browser launch.
import Foundation
import Testing
import TestSupport

@Suite("white-space against Chromium")
struct WhiteSpaceChromiumTests {
    static let script = repositoryRoot.appendingPathComponent("Benchmarks/BrowserStudy/whitespace_vs_chromium.py").path
    static let values = ["normal", "nowrap", "pre", "pre-wrap", "pre-line", "break-spaces"]

    /// Runs the study with `--check` (every value's jobs all agreeing) on `sample` corpus jobs a
    /// value (each laid out as it is and varied), seed `seed`, with `textlayout`.
    static func study(sample: Int, seed: Int, values: [String] = values, textlayout: String) throws -> CommandRun {
        try runProgram(["python3", script, "--check", "--starts-floor", "1", "--sample", "\(sample)", "--seed", "\(seed)", "--examples", "1",
                        "--values", values.joined(separator: ","), "--textlayout", textlayout, "--chromium", try #require(Oracle.chromiumPath)])
    }

    @Test("12 corpus jobs a value, as they are and varied: Chromium's line starts and heights within 1/64 px on every one",
          .needs(.chromium))
    func sample() throws {
        // A fresh sample each run: the seed changes by the day (the study's list of differences is
        // docs/profiles.md's; a day that draws one of those jobs names it in the failure).
        let seed = Int(Date().timeIntervalSince1970 / 86_400)
        let run = try InlineObjectsChromiumTests.passingStudy { try Self.study(sample: 12, seed: seed, textlayout: $0) }
        for value in Self.values {
            let figure = try InlineObjectsChromiumTests.figure(run.output, "whiteSpace \(value):")
            #expect(figure.whole == 24 && figure.part == 24, "\(value) (seed \(seed)): \(figure)")
        }
    }

    @Test("the check fails when whiteSpace is left out of our jobs (collapsed spaces and newlines kept, nowrap wrapped)",
          .needs(.chromium))
    func checkFails() throws {
        let textlayout = try #require(textlayoutExecutable(), "build the package first (swift build)")
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let dropping = try InlineObjectsChromiumTests.textlayoutDropping("whiteSpace", in: folder, textlayout: textlayout)
        let run = try Self.study(sample: 6, seed: 11, values: ["normal", "nowrap"], textlayout: dropping)
        #expect(run.status == 1, "\(run.output)\n\(run.error)")
        #expect(run.error.contains("below the floors:") && run.error.contains("whiteSpace normal"), "\(run.error)")
    }
}
