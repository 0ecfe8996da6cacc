// The chromium profile's min-content and max-content widths held against headless Chromium's `width: min-content` and `max-content` on a seeded sample of the corpus texts (Benchmarks/BrowserStudy/intrinsic_vs_chromium.py), in one browser launch.
import Foundation
import Testing
import TestSupport

@Suite("Intrinsic widths against Chromium")
struct IntrinsicChromiumTests {
    static let script = repositoryRoot.appendingPathComponent("Benchmarks/BrowserStudy/intrinsic_vs_chromium.py").path

    @Test("200 corpus texts: min-content within 1/64 px of the browser's on all, max-content on 98%",
          .needs(.chromium))
    func sample() throws {
        let run = try InlineObjectsChromiumTests.passingStudy { textlayout in
            try runProgram(["python3", Self.script, "--sample", "200", "--seed", "7", "--examples", "1",
                            "--textlayout", textlayout, "--chromium", try #require(Oracle.chromiumPath)])
        }
        let both = try InlineObjectsChromiumTests.figure(run.output, "both:")
        let minContent = try InlineObjectsChromiumTests.figure(run.output, "minContent within")
        let maxContent = try InlineObjectsChromiumTests.figure(run.output, "maxContent within")
        #expect(both.whole == 200 && both.part >= 196, "\(run.output)")
        #expect(minContent.part == 200 && maxContent.part >= 196, "\(run.output)")
    }
}
