// The batch's textBox by the chromium profile held against headless Chromium's CSS text-box on a fresh seeded sample of the corpus (Benchmarks/BrowserStudy/textbox_vs_chromium.py --check): heights and every line's move within 1/64 px, and a check that fails without the key.
import Foundation
import Testing
import TestSupport

@Suite("Text box against Chromium")
struct TextBoxChromiumTests {
    static let script = repositoryRoot.appendingPathComponent("Benchmarks/BrowserStudy/textbox_vs_chromium.py").path

    /// Runs the study with `--check` on `sample` corpus jobs of every language, seed 11 (not the
    /// study's own seed 1), with `textlayout`.
    static func study(sample: Int, textlayout: String) throws -> CommandRun {
        try runProgram(["python3", script, "--check", "--sample", "\(sample)", "--seed", "11", "--examples", "1",
                        "--textlayout", textlayout, "--chromium", try #require(Oracle.chromiumPath)])
    }

    @Test("24 corpus jobs, each value: the trimmed div's height and every line's move within 1/64 px of Chromium's",
          .needs(.chromium))
    func sample() throws {
        let run = try InlineObjectsChromiumTests.passingStudy { try Self.study(sample: 24, textlayout: $0) }
        for value in ["trim-both cap alphabetic", "trim-both ex alphabetic", "trim-start", "trim-end text alphabetic", "trim-both ideographic"] {
            let figure = try InlineObjectsChromiumTests.figure(run.output, "text-box: \(value) ")
            #expect(figure == (24, 24), "\(value): \(run.output)")
        }
    }

    @Test("the check fails when the text box is left out of our layouts",
          .needs(.chromium))
    func checkFails() throws {
        let textlayout = try #require(textlayoutExecutable(), "build the package first (swift build)")
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A textlayout that drops every job's text box, so its lines are where untrimmed lines are.
        let untrimmed = try InlineObjectsChromiumTests.textlayoutDropping("textBox", in: folder, textlayout: textlayout)
        let run = try Self.study(sample: 8, textlayout: untrimmed)
        #expect(run.status == 1, "\(run.output)\n\(run.error)")
        #expect(run.error.contains("below the floors:") && run.error.contains("trim-both cap alphabetic"), "\(run.error)")
        // The control that trims nothing in either engine (an ideographic edge Chromium drops) still agrees.
        let ideographic = try InlineObjectsChromiumTests.figure(run.output, "text-box: trim-both ideographic ")
        #expect(ideographic == (8, 8), "\(run.output)")
    }
}
