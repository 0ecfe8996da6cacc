// textTransform held against headless Chromium by the chromium profile (Benchmarks/BrowserStudy/texttransform_vs_chromium.py --check): the case values and full-size-kana on a small seeded sample of the corpus, in one browser launch.
import Foundation
import Testing
import TestSupport

@Suite("text-transform against Chromium")
struct TextTransformChromiumTests {
    static let script = repositoryRoot.appendingPathComponent("Benchmarks/BrowserStudy/texttransform_vs_chromium.py").path
    /// The values Chromium 156 lays out itself, and full-size-kana (one character to one, whose
    /// breaks the study takes from Chromium's layout of the transformed text); full-width's
    /// remaining differences are listed in docs/profiles.md.
    static let values = "uppercase,lowercase,capitalize,full-size-kana"

    /// Runs the study with `--check` (every value's jobs all agreeing) on `sample` jobs a value, seed 11, with `textlayout`.
    static func study(sample: Int, values: String = values, textlayout: String) throws -> CommandRun {
        try runProgram(["python3", script, "--check", "--starts-floor", "1", "--sample", "\(sample)", "--seed", "11", "--examples", "1",
                        "--values", values, "--textlayout", textlayout, "--chromium", try #require(Oracle.chromiumPath)])
    }

    @Test("12 corpus jobs a value, each in its language: Chromium's line starts, in the text's offsets, and heights within 1/64 px on every one",
          .needs(.chromium))
    func sample() throws {
        let run = try InlineObjectsChromiumTests.passingStudy { try Self.study(sample: 12, textlayout: $0) }
        for value in Self.values.split(separator: ",") {
            let figure = try InlineObjectsChromiumTests.figure(run.output, "textTransform \(value):")
            #expect(figure.whole == 12 && figure.part == 12, "\(value): \(figure)")
        }
    }

    @Test("the check fails when textTransform is left out of our jobs (upper-case letters are wider)", .needs(.chromium))
    func checkFails() throws {
        let textlayout = try #require(textlayoutExecutable(), "build the package first (swift build)")
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let dropping = try InlineObjectsChromiumTests.textlayoutDropping("textTransform", in: folder, textlayout: textlayout)
        let run = try Self.study(sample: 12, values: "uppercase", textlayout: dropping)
        #expect(run.status == 1, "\(run.output)\n\(run.error)")
        #expect(run.error.contains("below the floors:") && run.error.contains("textTransform uppercase"), "\(run.error)")
    }
}
