// scripts/expected_differences.py, which holds the oracle studies' runs to their committed lists, fails on each kind of mismatch and reads the committed lists.
import Foundation
import TestSupport
import Testing

@Suite("Lists of expected differences")
struct ExpectedDifferencesTests {
    static let scripts = repositoryRoot.appendingPathComponent("scripts").path

    /// Runs `hold` on a list of `listed` lines (set-up `embedded`) for a run of the jobs `a`, `b`, `c` of which `found`
    /// (a Python dict literal, job id to a list of figures) differ; `whole` says whether the run is the whole corpus.
    static func hold(listed: [String], found: String, whole: Bool = false) throws -> CommandRun {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let list = folder.appendingPathComponent("list.txt")
        try (["# a list for the test"] + listed).joined(separator: "\n").appending("\n").write(to: list, atomically: true, encoding: .utf8)
        let program = """
        import sys; sys.path.insert(0, '\(scripts)')
        import expected_differences as e
        found = {job: frozenset(figures) for job, figures in \(found).items()}
        e.hold('\(list.path)', 'embedded', ['a', 'b', 'c'], found, whole=\(whole ? "True" : "False"))
        """
        return try runProgram(["python3", "-c", program])
    }

    @Test("a run whose every difference is listed as it is passes, and a list of another set-up does not count")
    func asListed() throws {
        let run = try Self.hold(listed: ["a embedded starts,height the reason for a, in a sentence.",
                                         "b system starts the reason for b in the other set-up."],
                                found: "{'a': ['height', 'starts']}")
        #expect(run.status == 0, "\(run.output)\n\(run.error)")
        #expect(run.output.contains("3 jobs run, 1 differ"), "\(run.output)")
    }

    @Test("a difference not listed fails, naming the job")
    func unlisted() throws {
        let run = try Self.hold(listed: [], found: "{'b': ['starts']}")
        #expect(run.status == 1)
        #expect(run.error.contains("b differs (starts) and is not listed"), "\(run.error)")
    }

    @Test("a listed job that agrees fails: the list only shrinks")
    func listedButAgreeing() throws {
        let run = try Self.hold(listed: ["c embedded starts the reason for c, in a sentence."], found: "{}")
        #expect(run.status == 1)
        #expect(run.error.contains("c is listed"), "\(run.error)")
        #expect(run.error.contains("but now agrees"), "\(run.error)")
    }

    @Test("a job that differs otherwise than listed fails")
    func otherwise() throws {
        let run = try Self.hold(listed: ["a embedded height the reason for a, in a sentence."], found: "{'a': ['starts', 'height']}")
        #expect(run.status == 1)
        #expect(run.error.contains("a differs in starts,height, listed as height"), "\(run.error)")
    }

    @Test("on the whole corpus, a listed job that is no job of it fails")
    func noSuchJob() throws {
        let run = try Self.hold(listed: ["z embedded starts the reason for z, in a sentence."], found: "{}", whole: true)
        #expect(run.status == 1)
        #expect(run.error.contains("z is listed but is no job of the corpus"), "\(run.error)")
    }

    @Test("a list line without a reason, with an unknown figure or repeated stops the run",
          arguments: ["a embedded starts", "a embedded width the reason for a, in a sentence.",
                      "a embedded starts the reason for a, in a sentence.\na embedded starts the same job again, in a sentence."])
    func malformed(line: String) throws {
        let run = try Self.hold(listed: [line], found: "{'a': ['starts']}")
        #expect(run.status == 1)
        #expect(run.error.contains("list.txt:"), "\(run.error)")
    }

    /// The set-ups of the CSS keys' studies: a key and one of its values, or a writing mode and an orientation (and, for
    /// the column study's key sets, the set's name: `writingMode=vertical-rl,textOrientation=mixed,justify`), or a writing
    /// mode and text combined upright.
    static let keySetUps = ["whiteSpace", "textTransform", "overflowWrap", "wordBreak", "lineBreak", "textSpacingTrim", "textAutospace"]
        .map { "\($0)=[a-z-]+" }.joined(separator: "|")
        + "|writingMode=[a-z-]+,textOrientation=[a-z]+(,(line-height|spans|align-center|align-end|justify|clamp|objects))?"
        + "|writingMode=vertical-(rl|lr),textCombineUpright=all"

    @Test("the committed lists read, every job named as the corpus (or a study's variant of a corpus job) names it and every set-up one the study has",
          arguments: [("Benchmarks/BrowserStudy/expected-differences-chromium.txt", "embedded|system|browser-fallback"),
                      ("Benchmarks/PangoStudy/expected-differences-pango.txt", "system|bundled"),
                      ("Benchmarks/BrowserStudy/expected-differences-keys-chromium.txt", keySetUps)])
    func committedLists(path: String, setUps: String) throws {
        let program = """
        import sys; sys.path.insert(0, '\(Self.scripts)')
        import expected_differences as e
        for (job, setup), (figures, reason) in sorted(e.read('\(repositoryRoot.appendingPathComponent(path).path)').items()):
            print(job, setup, ','.join(sorted(figures)), len(reason))
        """
        let run = try runProgram(["python3", "-c", program])
        #expect(run.status == 0, "\(run.error)")
        let rows = outputLines(run.output)
        #expect(!rows.isEmpty)
        for row in rows {
            let fields = row.split(separator: " ").map(String.init)
            #expect(fields[0].wholeMatch(of: /(en|fr|de|vi|ru|el|ar|he|zh|ja|ko|th|hi|emoji)-\d+-w(120|240|360)(-variant|-mixed)?/) != nil, "\(row)")
            #expect(try fields[1].wholeMatch(of: Regex(setUps)) != nil, "\(row)")
            // A reason is a sentence, not a category.
            #expect(Int(fields[3])! >= 60, "\(row)")
        }
    }
}
