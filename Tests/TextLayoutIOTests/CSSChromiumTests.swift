// The CSS semantics the engine claims held against headless Chromium: line-height, text-align, justify, text-indent, -webkit-line-clamp, tab-size and letter-spacing (Benchmarks/BrowserStudy/css_vs_chromium.py --check, by the standard profile to its floors and by the chromium profile to its expected-difference list at 1/64 px) and text-wrap: balance (balance_vs_chromium.py --check), each on a fixed seeded sample of the corpus in one browser launch.
import Foundation
import Testing
import TestSupport

@Suite("CSS semantics against Chromium")
struct CSSChromiumTests {
    static let script = repositoryRoot.appendingPathComponent("Benchmarks/BrowserStudy/css_vs_chromium.py").path
    static let balanceScript = repositoryRoot.appendingPathComponent("Benchmarks/BrowserStudy/balance_vs_chromium.py").path

    /// Runs the CSS study with `--check` on `sample` corpus jobs a claim (of `claims`), seed 7, every job given `profile`, with `textlayout`.
    static func study(sample: Int, claims: String = "lineHeight,align,justify,indent,clamp", profile: String = "standard",
                      textlayout: String) throws -> CommandRun {
        try runProgram(["python3", script, "--check", "--sample", "\(sample)", "--seed", "7", "--examples", "1", "--claims", claims,
                        "--profile", profile, "--textlayout", textlayout, "--chromium", try #require(Oracle.chromiumPath)])
    }

    @Test("200 corpus jobs a claim: block heights within n/64 px of CSS line-height's, line edges within 1 px of text-align's, justify's and text-indent's, the kept text of -webkit-line-clamp, every difference of a named kind",
          .needs(.chromium))
    func sample() throws {
        let run = try InlineObjectsChromiumTests.passingStudy { try Self.study(sample: 200, textlayout: $0) }
        // The floors hold over a real comparison: most jobs' starts agree, and each claim compares many lines or jobs.
        let starts = try InlineObjectsChromiumTests.figure(run.output, "all claims same starts")
        #expect(starts.part >= 950, "only \(starts.part) of \(starts.whole) jobs have Chromium's starts")
        // Line heights and alignment agree on every job and line the sample compares (the whole study: 100% and 99.98%).
        let heights = try InlineObjectsChromiumTests.figure(run.output, "lineHeight same starts")
        #expect(heights.whole >= 190, "only \(heights.whole) line-height jobs compared")
        let heightLine = try #require(outputLines(run.output).first { $0.hasPrefix("lineHeight") })
        #expect(heightLine.contains("within tolerance 100.00%"), "\(heightLine)")
        let alignLine = try #require(outputLines(run.output).first { $0.hasPrefix("align") })
        #expect(alignLine.contains("within tolerance 100.00%"), "\(alignLine)")
        let clampLine = try #require(outputLines(run.output).first { $0.hasPrefix("clamp") })
        let hidden = try #require(clampLine.firstMatch(of: /(\d+) of them hiding text/), "\(clampLine)")
        #expect(Int(hidden.1)! >= 80, "only \(hidden.1) clamped jobs hide text: \(clampLine)")
    }

    @Test("the check fails when the line height is left out of our layouts",
          .needs(.chromium))
    func checkFails() throws {
        let textlayout = try #require(textlayoutExecutable(), "build the package first (swift build)")
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A textlayout that drops every job's line height, so its blocks are as tall as `normal` lines.
        let normal = try InlineObjectsChromiumTests.textlayoutDropping("lineHeight", in: folder, textlayout: textlayout)
        let run = try Self.study(sample: 20, claims: "lineHeight", textlayout: normal)
        #expect(run.status == 1, "\(run.output)\n\(run.error)")
        #expect(run.error.contains("below the floors:") && run.error.contains("lineHeight difference(s) of no named kind"), "\(run.error)")
    }

    @Test("150 corpus jobs a claim by the chromium profile: heights, text tops and line edges within 1/64 px of Chromium's, the kept text of -webkit-line-clamp, every difference the expected-difference list's",
          .needs(.chromium))
    func chromiumProfile() throws {
        let run = try InlineObjectsChromiumTests.passingStudy { try Self.study(sample: 150, profile: "chromium", textlayout: $0) }
        #expect(run.output.contains("profile chromium, tolerance 0.015625 px"), "\(run.output)")
        #expect(run.output.contains("the run holds"), "\(run.output)")
        // The list holds over a real comparison: every claim's jobs compared, and many lines' edges.
        let starts = try InlineObjectsChromiumTests.figure(run.output, "all claims same starts")
        #expect(starts.whole == 750 && starts.part >= 740, "only \(starts.part) of \(starts.whole) jobs have Chromium's starts")
        for claim in ["lineHeight", "align", "justify", "indent", "clamp"] {
            let line = try #require(outputLines(run.output).first { $0.hasPrefix(claim) }, "no \(claim) in \(run.output)")
            let compared = try #require(line.firstMatch(of: /within tolerance [0-9.]+% \((\d+) of (\d+)\)/), "\(line)")
            #expect(Int(compared.2)! >= 140, "only \(compared.2) compared: \(line)")
        }
    }

    @Test("40 corpus jobs with tabs and a tab-size by the chromium profile: the same starts, line edges and heights within 1/64 px of Chromium's, every difference the expected-difference list's",
          .needs(.chromium))
    func tabSizes() throws {
        let run = try InlineObjectsChromiumTests.passingStudy { try Self.study(sample: 40, claims: "tabSize", profile: "chromium", textlayout: $0) }
        #expect(run.output.contains("the run holds"), "\(run.output)")
        let line = try #require(outputLines(run.output).first { $0.hasPrefix("tabSize") }, "\(run.output)")
        let starts = try #require(line.firstMatch(of: /same starts [0-9.]+% \((\d+) of (\d+)\)/), "\(line)")
        #expect(Int(starts.2)! == 40 && Int(starts.1)! >= 39, "\(line)")
        let compared = try #require(line.firstMatch(of: /within tolerance [0-9.]+% \((\d+) of (\d+)\)/), "\(line)")
        #expect(Int(compared.2)! >= 150, "only \(compared.2) lines and heights compared: \(line)")
    }

    @Test("40 corpus jobs with a letter-spacing by the chromium profile: the same starts, line edges and heights within 1/64 px of Chromium's, every difference the expected-difference list's",
          .needs(.chromium))
    func letterSpacings() throws {
        let run = try InlineObjectsChromiumTests.passingStudy { try Self.study(sample: 40, claims: "letterSpacing", profile: "chromium", textlayout: $0) }
        #expect(run.output.contains("the run holds"), "\(run.output)")
        let line = try #require(outputLines(run.output).first { $0.hasPrefix("letterSpacing") }, "\(run.output)")
        let starts = try #require(line.firstMatch(of: /same starts [0-9.]+% \((\d+) of (\d+)\)/), "\(line)")
        #expect(Int(starts.2)! == 40 && Int(starts.1)! >= 39, "\(line)")
        let compared = try #require(line.firstMatch(of: /within tolerance [0-9.]+% \((\d+) of (\d+)\)/), "\(line)")
        #expect(Int(compared.2)! >= 150, "only \(compared.2) lines and heights compared: \(line)")
    }

    @Test("the chromium profile's check fails when the profile is left out of our jobs",
          .needs(.chromium))
    func chromiumProfileCheckFails() throws {
        let textlayout = try #require(textlayoutExecutable(), "build the package first (swift build)")
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A textlayout that lays every job out by the standard profile: its half-leading is not floored to whole pixels.
        let standard = try InlineObjectsChromiumTests.textlayoutDropping("profile", in: folder, textlayout: textlayout)
        let run = try Self.study(sample: 20, claims: "lineHeight", profile: "chromium", textlayout: standard)
        #expect(run.status == 1, "\(run.output)\n\(run.error)")
        #expect(run.error.contains("the run does not hold") && run.error.contains("its height differ, not listed"), "\(run.error)")
    }

    @Test("200 corpus jobs balanced: the same starts as text-wrap: balance on 90% of those both engines balance, every difference of a named kind",
          .needs(.chromium))
    func balance() throws {
        let run = try InlineObjectsChromiumTests.passingStudy { textlayout in
            try runProgram(["python3", Self.balanceScript, "--check", "--sample", "200", "--seed", "7", "--examples", "1",
                            "--textlayout", textlayout, "--chromium", try #require(Oracle.chromiumPath)])
        }
        // The floor holds over a real comparison: enough jobs that both engines balance.
        let line = try #require(outputLines(run.output).first { $0.contains("balanced by both same") }, "\(run.output)")
        let jobs = try #require(line.firstMatch(of: /\(of (\d+)\)/), "\(line)")
        #expect(Int(jobs.1)! >= 70, "only \(jobs.1) jobs balanced by both: \(line)")
    }
}
