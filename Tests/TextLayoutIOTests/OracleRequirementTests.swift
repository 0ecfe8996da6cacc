// The test support's rules for outside programs: when a test that needs an oracle runs, skips or fails (TEXTLAYOUT_REQUIRE_ORACLES), how versions are matched and read, and that a program past its time limit is killed with what it started.
import Foundation
import Testing
import TextLayout
import TestSupport

@Suite("Oracles and program time limits")
struct OracleRequirementTests {
    @Test("an oracle at the documented version runs the test; missing or of another version it skips, or fails when oracles are required")
    func decision() throws {
        let right: [(oracle: Oracle, probe: Oracle.Probe, documented: String)] = [(.chromium, .found(version: "156.0.8078.114"), "156")]
        let other: [(oracle: Oracle, probe: Oracle.Probe, documented: String)] = [(.chromium, .found(version: "157.0.1"), "156")]
        let missing: [(oracle: Oracle, probe: Oracle.Probe, documented: String)] = [(.pango, .found(version: "1.50.12"), "1.50"),
                                                                                      (.java, .missing("no java on the path"), "17")]
        for required in [false, true] {
            #expect(try oracleDecision(right, required: required))
        }
        #expect(try !oracleDecision(other, required: false))
        #expect(try !oracleDecision(missing, required: false))
        #expect(throws: TestFailure.self) { try oracleDecision(other, required: true) }
        do {
            _ = try oracleDecision(missing, required: true)
            Issue.record("a missing Java passed under TEXTLAYOUT_REQUIRE_ORACLES=1")
        } catch let failure as TestFailure {
            #expect(failure.description.contains("Java is missing (no java on the path)") && !failure.description.contains("Pango"), "\(failure)")
        }
    }

    @Test(".ci/run requires the oracles before it runs a test")
    func continuousIntegrationRequiresThem() throws {
        let script = try String(contentsOf: repositoryRoot.appendingPathComponent(".ci/run"), encoding: .utf8)
        let lines = script.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let export = try #require(lines.firstIndex(of: "export TEXTLAYOUT_REQUIRE_ORACLES=1"), "no 'export TEXTLAYOUT_REQUIRE_ORACLES=1' in .ci/run")
        let firstTest = try #require(lines.firstIndex { $0.hasPrefix("swift test") || $0.hasPrefix("bash scripts/robustness.sh") })
        #expect(export < firstTest)
    }

    @Test("an installed version is the documented one when its numbers begin with the documented ones")
    func versionsMatch() {
        #expect(isVersion("156.0.8078.114", of: "156") && isVersion("1.50.12", of: "1.50") && isVersion("3.019", of: "3.019"))
        #expect(isVersion("2.1.5", of: "2.1") && isVersion("17.0.15", of: "17") && isVersion("4.3.0", of: "4"))
        #expect(!isVersion("1.51.0", of: "1.50") && !isVersion("1.5", of: "1.50") && !isVersion("15.0", of: "156") && !isVersion("4", of: "4.3"))
    }

    @Test("docs/testing.md names a version for every oracle")
    func everyOracleDocumented() throws {
        for oracle in Oracle.allCases {
            let version = try oracle.documentedVersion
            #expect(version.wholeMatch(of: /\d+(\.\d+)*/) != nil, "\(oracle): '\(version)'")
        }
    }

    @Test("a font's version string is read from its name table")
    func fontVersion() throws {
        let path = try #require(FontContext.bundledFontPath("DejaVuSans.ttf"))
        let data = try #require(FileManager.default.contents(atPath: path))
        #expect(fontVersionString(data) == "Version 2.37")
        #expect(fontVersionString(Data("not a font".utf8)) == nil)
    }

    @Test("a program past its time limit is killed with the programs it started, and the test is told")
    func timeLimitKills() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let childFile = folder.appendingPathComponent("child")
        // A shell that starts a long sleep, notes its id and waits for it.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "sleep 300 & echo $! > '\(childFile.path)'; wait"]
        let clock = ContinuousClock.now
        let started = try StartedProgram(process, timeLimit: .seconds(1))
        withKnownIssue("the run past its time limit is recorded") {
            #expect(throws: TestFailure.self) { try started.waitForExit() }
        }
        #expect(ContinuousClock.now - clock < .seconds(30), "killed soon after its limit")
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL)
        let child = try #require(Int32(String(decoding: try Data(contentsOf: childFile), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
        // The sleep the shell started went with it (its process group was killed): gone, or a zombie awaiting its reaper.
        // A killed process shows as running ("R") until the scheduler gives it the turn in which it dies, which on a
        // loaded machine can take a moment: it is looked at until it is gone, for as long as 10 seconds.
        func state() -> Substring? {
            (try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8))?.split(separator: " ").dropFirst(2).first
        }
        let lookedUntil = ContinuousClock.now + .seconds(10)
        var lastState = state()
        while lastState != nil && lastState != "Z" && ContinuousClock.now < lookedUntil {
            Thread.sleep(forTimeInterval: 0.01)
            lastState = state()
        }
        #expect(lastState == nil || lastState == "Z", "the shell's sleep (\(child)) still runs 10 s after the kill: \(String(describing: lastState))")
    }

    @Test("a program within its time limit is waited for as before")
    func withinTheLimit() throws {
        let run = try runProgram(["sh", "-c", "echo done; exit 3"], timeLimit: .seconds(60))
        #expect(run.status == 3 && run.output == "done\n")
    }
}
