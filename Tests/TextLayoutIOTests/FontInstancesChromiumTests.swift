// Font instances held against headless Chromium: a fixed seeded sample of the corpus in Inter's variable font at random weights, variations and styles, and in faces with synthetic bold and oblique, laid out by the built textlayout and by Chromium (Benchmarks/BrowserStudy/axes_vs_chromium.py --check), keeps the study's floors.
import Foundation
import Testing
import TestSupport

@Suite("Font instances against Chromium")
struct FontInstancesChromiumTests {
    static let script = repositoryRoot.appendingPathComponent("Benchmarks/BrowserStudy/axes_vs_chromium.py").path

    @Test("200 corpus jobs at random instances: the same line starts on 98% of those whose control agrees, widths within 1/64 px on 90% of their lines, every difference in starts of a named kind",
          .needs(.chromium, .inter))
    func sample() throws {
        let textlayout = try #require(textlayoutExecutable(), "build the package first (swift build)")
        let run = try runProgram(["python3", Self.script, "--check", "--starts-floor", "0.98", "--sample", "200", "--seed", "7", "--examples", "1",
                                  "--textlayout", textlayout.path, "--chromium", try #require(Oracle.chromiumPath)])
        #expect(run.status == 0, "\(run.output)\n\(run.error)")
        // The floors hold over a real comparison: most controls agree, and each kind of instance is compared.
        let line = try #require(outputLines(run.output).first { $0.contains("instances, same starts") }, "\(run.output)")
        let match = try #require(line.firstMatch(of: /\((\d+) of (\d+)\)/), "\(line)")
        #expect(Int(match.2)! >= 180, "only \(match.2) of 200 jobs' controls agree with Chromium's")
        for face in ["inter", "mono", "hebrew"] {
            #expect(run.output.contains("  \(face): same starts"), "no \(face) jobs compared: \(run.output)")
        }
    }
}
