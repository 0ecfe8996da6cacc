// Inline objects held against headless Chromium: a fixed seeded sample of the corpus with random objects, laid out by the built textlayout and by Chromium's inline-blocks (Benchmarks/BrowserStudy/objects_vs_chromium.py --check), keeps the study's floors.
import Foundation
import Testing
import TestSupport

@Suite("Inline objects against Chromium")
struct InlineObjectsChromiumTests {
    static let script = repositoryRoot.appendingPathComponent("Benchmarks/BrowserStudy/objects_vs_chromium.py").path

    /// Runs the study with `--check` on `sample` corpus jobs of every language it knows, seed 7, with
    /// `textlayout`. The same starts must hold on 98% of the jobs whose control agrees: the whole
    /// study holds 99.0% (docs/line-model.md), and 200 jobs hold about 190 such, among which 2
    /// differences of the named kinds are as likely as 1.
    static func study(sample: Int, textlayout: String) throws -> CommandRun {
        try check(script, startsFloor: 0.98, sample: sample, textlayout: textlayout)
    }

    /// Runs the study `script` (of Benchmarks/BrowserStudy) with `--check` and the starts' floor
    /// `startsFloor` on `sample` corpus jobs of every language it knows, seed 7, with `textlayout`.
    static func check(_ script: String, startsFloor: Double, sample: Int, textlayout: String) throws -> CommandRun {
        try runProgram(["python3", script, "--check", "--starts-floor", "\(startsFloor)", "--sample", "\(sample)", "--seed", "7",
                        "--examples", "1", "--textlayout", textlayout, "--chromium", try #require(Oracle.chromiumPath)])
    }

    /// The two numbers of a printed figure "(N of M)" on the line that holds `label`.
    static func figure(_ output: String, _ label: String) throws -> (part: Int, whole: Int) {
        let line = try #require(outputLines(output).first { $0.contains(label) }, "no '\(label)' in \(output)")
        let match = try #require(line.firstMatch(of: /\((\d+) of (\d+)\)/), "\(line)")
        return (Int(match.1)!, Int(match.2)!)
    }

    /// A textlayout in `folder` that gives the built one (`textlayout`) every job without its `key`,
    /// as a regression that forgot the key would lay it out; its path.
    static func textlayoutDropping(_ key: String, in folder: URL, textlayout: URL) throws -> String {
        let wrapper = folder.appendingPathComponent("textlayout-without-\(key)")
        try """
        #!/bin/sh
        python3 -c '
        import json, sys
        for line in sys.stdin:
            job = json.loads(line)
            job.pop("\(key)", None)
            print(json.dumps(job, ensure_ascii=False))' | '\(textlayout.path)' "$@"
        """.write(to: wrapper, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: wrapper.path)
        return wrapper.path
    }

    /// Runs a study with the built textlayout (`study` given its path) and expects its check to pass.
    static func passingStudy(_ study: (String) throws -> CommandRun) throws -> CommandRun {
        let textlayout = try #require(textlayoutExecutable(), "build the package first (swift build)")
        let run = try study(textlayout.path)
        #expect(run.status == 0, "\(run.output)\n\(run.error)")
        return run
    }

    @Test("200 corpus jobs with objects, left to right and right to left: the same line starts on 98% of those whose text alone agrees, objects' x and tops within 1 px on 99%, every difference of a named kind",
          .needs(.chromium))
    func sample() throws {
        let run = try Self.passingStudy { try Self.study(sample: 200, textlayout: $0) }
        // The floors hold over a real comparison: most controls agree, and hundreds of objects are compared.
        let starts = try Self.figure(run.output, "with objects, same starts")
        #expect(starts.whole >= 180, "only \(starts.whole) of 200 jobs' controls agree with Chromium's")
        let objects = try Self.figure(run.output, "x within")
        #expect(objects.whole >= 300, "only \(objects.whole) objects compared")
    }

    @Test("the check fails when the objects stand 2 px off Chromium's",
          .needs(.chromium))
    func checkFails() throws {
        let textlayout = try #require(textlayoutExecutable(), "build the package first (swift build)")
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A textlayout whose every object's x is 2 px more than ours.
        let shifted = folder.appendingPathComponent("shifted-textlayout")
        try """
        #!/bin/sh
        '\(textlayout.path)' "$@" | python3 -c '
        import json, sys
        for line in sys.stdin:
            result = json.loads(line)
            for thing in result.get("placeholders", []):
                thing["x"] += 2
            print(json.dumps(result, ensure_ascii=False))'
        """.write(to: shifted, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: shifted.path)
        let run = try Self.study(sample: 20, textlayout: shifted.path)
        #expect(run.status == 1, "\(run.output)\n\(run.error)")
        #expect(run.error.contains("below the floors:") && run.error.contains("x 0.00% < 99%") && run.error.contains("x difference(s) of no named kind"),
                "\(run.error)")
    }
}
