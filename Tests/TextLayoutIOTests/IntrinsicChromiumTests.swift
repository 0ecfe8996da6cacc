// The chromium profile's min-content and max-content widths held against headless Chromium's `width: min-content` and `max-content` on a seeded sample of the corpus texts (Benchmarks/BrowserStudy/intrinsic_vs_chromium.py), in one browser launch.
import Foundation
import Testing
import TestSupport

@Suite("Intrinsic widths against Chromium")
struct IntrinsicChromiumTests {
    static let script = repositoryRoot.appendingPathComponent("Benchmarks/BrowserStudy/intrinsic_vs_chromium.py").path

    @Test("200 corpus texts, each paragraph's direction its own (auto, CSS's unicode-bidi: plaintext): both widths within 1/64 px of the browser's on all",
          .needs(.chromium))
    func sample() throws {
        try expectAllAgree(["--sample", "200", "--seed", "7"], texts: 200)
    }

    /// A right-to-left paragraph's max-content adds its items of one bidi level, each rounded up to a layout unit, so the base
    /// direction changes it (`تتاريّة القرم (F تركية)` is 8,715/64 px right to left and 8,717/64 left to right, measured).
    @Test("60 Arabic and Hebrew texts in left-to-right paragraphs (the div's default direction, the batch's \"direction\": \"ltr\"): both widths agree on all",
          .needs(.chromium))
    func leftToRightParagraphs() throws {
        try expectAllAgree(["--sample", "60", "--seed", "3", "--langs", "ar,he", "--direction", "ltr"], texts: 60)
    }

    private func expectAllAgree(_ arguments: [String], texts: Int) throws {
        let run = try InlineObjectsChromiumTests.passingStudy { textlayout in
            try runProgram(["python3", Self.script, "--examples", "1", "--textlayout", textlayout,
                            "--chromium", try #require(Oracle.chromiumPath)] + arguments)
        }
        let both = try InlineObjectsChromiumTests.figure(run.output, "both:")
        #expect(both.whole == texts && both.part == texts, "\(run.output)")
    }
}
