// overflowWrap, wordBreak and lineBreak held against headless Chromium by the chromium profile (Benchmarks/BrowserStudy/wrap_vs_chromium.py --check): every value on a small seeded sample of the corpus's languages, Thai among them, in one browser launch.
import Foundation
import Testing
import TestSupport

@Suite("overflow-wrap, word-break and line-break against Chromium")
struct WrapChromiumTests {
    static let script = repositoryRoot.appendingPathComponent("Benchmarks/BrowserStudy/wrap_vs_chromium.py").path
    /// Every corpus language. Thai's words after a line's start agree since the profile finds them
    /// again from the start (`lineStartBreaks`), Arabic's cut words and Hindi's break-all since it
    /// shapes a cut in context and takes no break-all break after a mark.
    static let langs = "en,fr,de,ru,el,vi,ar,he,zh,ja,ko,th,hi,emoji"

    /// Runs the study with `--check` (every value's jobs all agreeing) on `sample` jobs a value, seed 11, with `textlayout`.
    static func study(sample: Int, claims: String = "overflowWrap,wordBreak,lineBreak", textlayout: String) throws -> CommandRun {
        try runProgram(["python3", script, "--check", "--starts-floor", "1", "--sample", "\(sample)", "--seed", "11", "--examples", "1",
                        "--claims", claims, "--langs", langs, "--textlayout", textlayout, "--chromium", try #require(Oracle.chromiumPath)])
    }

    @Test("12 corpus jobs a value of overflowWrap, wordBreak and lineBreak: Chromium's line starts, heights within 1/64 px and min-content widths on every one",
          .needs(.chromium))
    func sample() throws {
        let run = try InlineObjectsChromiumTests.passingStudy { try Self.study(sample: 12, textlayout: $0) }
        for value in ["overflowWrap normal", "overflowWrap break-word", "wordBreak break-all", "wordBreak keep-all", "lineBreak strict",
                      "lineBreak anywhere"] {
            let figure = try InlineObjectsChromiumTests.figure(run.output, value + ":")
            #expect(figure.whole == 12 && figure.part == 12, "\(value): \(figure)")
        }
    }

    @Test("the check fails when overflowWrap is left out of our jobs (normal's words are cut, break-word's min-content is a cluster's)",
          .needs(.chromium))
    func checkFails() throws {
        let textlayout = try #require(textlayoutExecutable(), "build the package first (swift build)")
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let dropping = try InlineObjectsChromiumTests.textlayoutDropping("overflowWrap", in: folder, textlayout: textlayout)
        let run = try Self.study(sample: 6, claims: "overflowWrap", textlayout: dropping)
        #expect(run.status == 1, "\(run.output)\n\(run.error)")
        #expect(run.error.contains("below the floors:") && run.error.contains("overflowWrap normal"), "\(run.error)")
    }
}
