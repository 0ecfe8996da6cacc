// compare, check and --fonts-dir as a product team uses them: real changes (a width, a font, a text) found, unchanged jobs passed, bad files refused with the line and why.
import Foundation
import Testing
import TextLayout
import TextLayoutIO
import TestSupport

@Suite("Golden-file workflow: compare, check, --fonts-dir")
struct GoldenWorkflowTests {
    static let fontsFolder = FontContext.bundledFontsDirectory!
    static let texts = ["Hello world, this is a longer sentence that wraps", "Short", "שלום עולם, this mixes directions",
                        "Ein ziemlich langes deutsches Wort: Donaudampfschifffahrt", "👍🏽 emoji and text"]

    /// Jobs of `texts` with `extra` keys (a JSON fragment) added to each, each with the id `j` and
    /// its line from 0 unless `ids` is false.
    static func jobs(_ extra: String = "", texts: [String] = texts, ids: Bool = true) -> String {
        texts.enumerated().map { #"{\#(ids ? #""id":"j\#($0.offset)","# : "")"text":\#(JSONValue.string($0.element).serialized),"width":160\#(extra)}"# }
            .joined(separator: "\n") + "\n"
    }

    /// Writes `contents` into `folder` as `name` and returns its path.
    static func file(_ folder: URL, _ name: String, _ contents: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(contents.utf8).write(to: url)
        return url.path
    }

    /// The batch output of `jobs`, laid out with only the bundled fonts.
    static func batch(_ jobs: String, in folder: URL, _ name: String) throws -> String {
        let run = try runTextlayout(["batch", "--fonts-dir", fontsFolder, try file(folder, name + ".jobs", jobs)])
        #expect(run.status == 0, "\(run.error)")
        return try file(folder, name, run.output)
    }

    @Test("a width change, a font swap and a text edit are each found, with the kinds the library's own comparison gives")
    func realChanges() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let golden = try Self.batch(Self.jobs(), in: folder, "golden")
        var edited = Self.texts
        edited[1] = "Short no more: this text now needs two lines"
        let cases = [("width", Self.jobs(#","width":120"#).replacingOccurrences(of: #","width":160,"width":120"#, with: #","width":120"#)),
                     ("font", Self.jobs(#","font":"DejaVu Sans Mono""#)),
                     ("text", Self.jobs(texts: edited))]
        for (name, jobs) in cases {
            let new = try Self.batch(jobs, in: folder, name)
            let run = try runTextlayout(["compare", golden, new, "--output-format", "json"])
            #expect(run.status == 1, "\(name): \(run.status) \(run.error)")
            let reported = try outputLines(run.output).map { try parseJSON($0) }
            // What the library says, from the two files read independently of the command.
            let old = try ResultComparison.results(try String(contentsOfFile: golden, encoding: .utf8).split(separator: "\n").map(String.init), source: "old")
            let now = try ResultComparison.results(try String(contentsOfFile: new, encoding: .utf8).split(separator: "\n").map(String.init), source: "new")
            let expected = zip(old, now).enumerated().compactMap { index, pair -> (Int, [String])? in
                let kinds = ResultComparison.changes(from: pair.0, to: pair.1, tolerance: 0.01).map(\.rawValue)
                return kinds.isEmpty ? nil : (index, kinds)
            }
            #expect(!expected.isEmpty, "\(name): the change must change something")
            #expect(reported.map { $0["index"] } == expected.map { .number(Double($0.0), literal: "") }, "\(name)")
            #expect(reported.map { $0["kinds"] } == expected.map { .array($0.1.map { .string($0) }) }, "\(name)")
            #expect(reported.allSatisfy { $0["old"]?["id"] == $0["id"] && $0["new"]?["id"] == $0["id"] })
        }
        // Line counts: the text edit adds a line to job 1, which the report shows with its texts.
        let editedJobs = try Self.file(folder, "edited.jsonl", Self.jobs(texts: edited))
        let text = try runTextlayout(["compare", golden, try Self.batch(Self.jobs(texts: edited), in: folder, "text2"),
                                      "--jobs", editedJobs, "--old-jobs", try Self.file(folder, "golden-jobs.jsonl", Self.jobs())])
        #expect(text.output.contains("line 2 (id \"j1\"): lineCount"), "\(text.output)")
        // The lines the library lays the edited text out in, drawn as the report draws them.
        let context = FontContext(fontDirectories: [Self.fontsFolder], includeSystemFonts: false)
        let layout = try LayoutRequest(job: parseJSON(Self.jobs(texts: edited).split(separator: "\n")[1].description)).measure(in: context).measurement.layout
        #expect(layout.lineCount > 1)
        let drawn = "|" + layout.lines.map { String(layout.prepared.text[$0.range]) }.joined(separator: "|") + "|"
        #expect(text.output.contains("    old: |Short|\n    new: \(drawn)\n"), "\(text.output)")
        #expect(text.output.hasSuffix("5 jobs compared: 1 changed (lineCount 1, lineStarts 1, height 1, width 1), 4 unchanged\n"), "\(text.output)")
        // Heights and widths in the text for people have two decimals; the JSON keeps every digit.
        let changedJob = try #require(try outputLines(runTextlayout(["compare", golden, try Self.batch(Self.jobs(texts: edited), in: folder, "text3"),
                                                                     "--output-format", "json"]).output).first.map { try parseJSON($0) })
        let numbers = try ["height", "editorHeight", "width"].map { key in
            try [changedJob["old"]?[key], changedJob["new"]?[key]].map { try #require($0?.number, "\(key)") }
        }
        #expect(numbers.joined().contains { $0 != ($0 * 100).rounded() / 100 }, "some number has more than two decimals: \(numbers)")
        let rounded = numbers.map { $0.map { String(format: "%.2f", $0) } }
        #expect(text.output.contains("    content height \(rounded[0][0]) → \(rounded[0][1]), editor height \(rounded[1][0]) → \(rounded[1][1])\n"
                                     + "    widest line \(rounded[2][0]) → \(rounded[2][1])\n"), "\(text.output)")
        // Without the old jobs, the old lines of an edited text cannot be shown, and the report says so rather than slice the new text.
        let withoutOld = try runTextlayout(["compare", golden, "--jobs", editedJobs, "--fonts-dir", Self.fontsFolder])
        #expect(withoutOld.output.contains("    old: (the text it was made from is not at hand: give its jobs with --old-jobs)\n"), "\(withoutOld.output)")
    }

    @Test("unchanged outputs, and a golden laid out again from its jobs, compare equal: exit 0")
    func unchanged() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let golden = try Self.batch(Self.jobs(), in: folder, "golden")
        let same = try runTextlayout(["compare", golden, golden])
        #expect(same.status == 0 && same.output == "5 jobs compared: 0 changed, 5 unchanged\n", "\(same.output) \(same.error)")
        let jobs = try Self.file(folder, "jobs.jsonl", Self.jobs())
        let again = try runTextlayout(["compare", golden, "--jobs", jobs, "--fonts-dir", Self.fontsFolder])
        #expect(again.status == 0, "\(again.output) \(again.error)")
        // Versions stored with the golden: the same, no warning; another HarfBuzz, a warning naming it.
        let versions = try runTextlayout(["--version"]).output
        #expect(try runTextlayout(["compare", golden, golden, "--versions", try Self.file(folder, "same", versions)]).error.isEmpty)
        let older = versions.split(separator: "\n").map { $0.hasPrefix("HarfBuzz ") ? "HarfBuzz 1.0.0" : String($0) }.joined(separator: "\n")
        let warned = try runTextlayout(["compare", golden, golden, "--versions", try Self.file(folder, "older", older)])
        #expect(warned.status == 0 && warned.error.contains("warning: the old results were made with HarfBuzz 1.0.0, this run has HarfBuzz "), "\(warned.error)")
        let edited = try Self.file(folder, "edited.jsonl", Self.jobs(#","size":19"#))
        let moved = try runTextlayout(["compare", golden, "--jobs", edited, "--fonts-dir", Self.fontsFolder])
        #expect(moved.status == 1 && moved.output.contains("height"), "\(moved.output)")
    }

    @Test("a grown catalogue: with ids in both files, jobs are matched by id, added and removed jobs are changes (exit 1)")
    func matchedByID() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let goldenJobs = Self.jobs()
        let golden = try Self.batch(goldenJobs, in: folder, "golden")
        // j2 is gone, j9 and j10 are new, and j1, its text edited, moved from line 2 to line 3.
        var lines = goldenJobs.split(separator: "\n").map(String.init)
        lines.remove(at: 2)
        lines[1] = lines[1].replacingOccurrences(of: "Short", with: "Short no more: this text now needs two lines")
        lines.insert(#"{"id":"j9","text":"Added later","width":160}"#, at: 1)
        lines.append(#"{"id":"j10","text":"Added last","width":160}"#)
        let newJobs = try Self.file(folder, "new.jsonl", lines.joined(separator: "\n") + "\n")
        let new = try Self.batch(lines.joined(separator: "\n") + "\n", in: folder, "new")
        let read = { (path: String) in try ResultComparison.results(outputLines(try String(contentsOfFile: path, encoding: .utf8)), source: path) }
        let (oldResults, newResults) = (try read(golden), try read(new))
        let editedKinds = ResultComparison.changes(from: oldResults[1], to: newResults[2], tolerance: 0.01).map(\.rawValue)
        #expect(editedKinds.contains("lineCount"), "\(editedKinds)")

        // Two files, and one golden with the jobs laid out now: the same changes.
        for arguments in [[golden, new], [golden, "--jobs", newJobs, "--fonts-dir", Self.fontsFolder]] {
            let run = try runTextlayout(["compare"] + arguments + ["--output-format", "json"])
            #expect(run.status == 1, "\(arguments): \(run.status) \(run.error)")
            let reported = try outputLines(run.output).map { try parseJSON($0) }
            func number(_ n: Int?) -> JSONValue { n.map { .number(Double($0), literal: "") } ?? .null }
            // The new file's jobs in order, then those only the old one holds.
            let expected: [(id: String, index: Int?, oldIndex: Int?, kinds: [String])] = [
                ("j9", 1, nil, ["added"]), ("j1", 2, 1, editedKinds), ("j10", 5, nil, ["added"]), ("j2", nil, 2, ["removed"])]
            #expect(reported.map { $0["id"] } == expected.map { .string($0.id) }, "\(arguments): \(run.output)")
            #expect(reported.map { $0["index"] } == expected.map { number($0.index) }, "\(arguments): \(run.output)")
            #expect(reported.map { $0["oldIndex"] } == expected.map { number($0.oldIndex) }, "\(arguments): \(run.output)")
            #expect(reported.map { $0["kinds"] } == expected.map { .array($0.kinds.map { .string($0) }) }, "\(arguments): \(run.output)")
            // Each side's result is the one its file holds: none for the side without the job.
            #expect(reported.map { $0["old"] } == expected.map { $0.oldIndex.map { oldResults[$0] } ?? .null }, "\(arguments)")
            #expect(reported.map { $0["new"] } == expected.map { $0.index.map { newResults[$0] } ?? .null }, "\(arguments)")
        }

        // The text names where each job stands, shows the lines it has on each side, and counts every job of either file.
        let text = try runTextlayout(["compare", golden, new, "--jobs", newJobs, "--old-jobs", try Self.file(folder, "golden.jsonl", goldenJobs)])
        #expect(text.status == 1, "\(text.error)")
        #expect(text.output.contains("added: 2 jobs\n  line 2 (id \"j9\"): added\n    not in the old results\n    new: |Added later|\n"), "\(text.output)")
        #expect(text.output.contains("  line 3 (id \"j1\", line 2 of the old results): \(editedKinds.joined(separator: ", "))\n"), "\(text.output)")
        #expect(text.output.contains("    old: |Short|\n"), "\(text.output)")
        let removed = try #require(text.output.firstRange(of: "removed: 1 job\n  line 3 of the old results (id \"j2\"): removed\n    not in the new results\n    old: |"),
                                   "\(text.output)")
        #expect(!text.output[removed.upperBound...].hasPrefix("?"), "the removed job's old lines come from its old job: \(text.output)")
        #expect(text.output.hasSuffix("added 2, removed 1), 3 unchanged\n") && text.output.contains("\n7 jobs compared: 4 changed ("), "\(text.output)")

        // A duplicated id cannot be matched: a usage error that names it, in either file.
        let twice = try Self.batch(goldenJobs + #"{"id":"j3","text":"again","width":160}"# + "\n", in: folder, "twice")
        for (old, new) in [(golden, twice), (twice, golden)] {
            let run = try runTextlayout(["compare", old, new])
            #expect(run.status == 2 && run.error.contains("\"j3\"") && run.error.contains("lines 4 and 6") && run.error.contains("'\(twice)'"), "\(run.error)")
        }
    }

    /// A batch result written by hand: one line of `width` px, with `missingGlyphs` when given.
    static func result(_ id: String, width: Double = 50, missingGlyphs: String? = nil) -> String {
        #"{"id":"\#(id)","lineCount":1,"height":20,"width":\#(width),"editorHeight":20,"isScrollable":false"#
            + (missingGlyphs.map { #","missingGlyphs":\#($0)"# } ?? "")
            + #","lines":[{"start":0,"end":3,"width":\#(width),"height":20,"baseline":15}]}"#
    }

    @Test("compare reports a change in the count of characters drawn as .notdef (absent is 0) as a kind of its own")
    func missingGlyphsChange() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // a: none → 2; b: 3 → 3; c: 1 → none; d: none → none, wider.
        let old = try Self.file(folder, "old", [Self.result("a"), Self.result("b", missingGlyphs: "3"), Self.result("c", missingGlyphs: "1"),
                                                Self.result("d")].joined(separator: "\n") + "\n")
        let new = try Self.file(folder, "new", [Self.result("a", missingGlyphs: "2"), Self.result("b", missingGlyphs: "3"), Self.result("c"),
                                                Self.result("d", width: 60)].joined(separator: "\n") + "\n")
        let run = try runTextlayout(["compare", old, new, "--output-format", "json"])
        #expect(run.status == 1, "\(run.error)")
        let reported = try outputLines(run.output).map { try parseJSON($0) }
        #expect(reported.map { $0["id"] } == [.string("a"), .string("c"), .string("d")], "\(run.output)")
        #expect(reported.map { $0["kinds"] } == [.array([.string("missingGlyphs")]), .array([.string("missingGlyphs")]), .array([.string("width")])],
                "\(run.output)")
        let text = try runTextlayout(["compare", old, new])
        #expect(text.output.contains("missingGlyphs: 2 jobs\n  line 1 (id \"a\"): missingGlyphs\n    characters with no glyph in any font 0 → 2\n"
                                     + "  line 3 (id \"c\"): missingGlyphs\n    characters with no glyph in any font 1 → 0\n"), "\(text.output)")
        #expect(text.output.hasSuffix("4 jobs compared: 3 changed (width 1, missingGlyphs 2), 1 unchanged\n"), "\(text.output)")
        // A count that is not a whole number of characters is not a batch result's.
        for bad in ["-1", "1.5", "\"2\""] {
            let file = try Self.file(folder, "bad", Self.result("a", missingGlyphs: bad) + "\n")
            let refused = try runTextlayout(["compare", file, file])
            #expect(refused.status == 2 && refused.error.contains("line 1 of") && refused.error.contains("'missingGlyphs'"), "\(bad): \(refused.error)")
        }
    }

    @Test("check fails a job with characters no font has, as a problem of its own, in words", arguments: [(1, "1 character has"), (3, "3 characters have")])
    func missingGlyphsProblem(count: Int, words: String) throws {
        let request = LayoutRequest(text: "abc")
        let result = try parseJSON(Self.result("a", missingGlyphs: "\(count)"))
        #expect(FitCheck.problems(request, result: result) == [.missingGlyphs])
        #expect(FitCheck.describe(.missingGlyphs, request: request, result: result) == "\(words) no glyph in any font")
        #expect(FitCheck.problems(request, result: try parseJSON(Self.result("a"))).isEmpty, "no count, no problem")
        #expect(FitCheck.problems(request, result: try parseJSON(Self.result("a", missingGlyphs: "0"))).isEmpty, "a count of 0, no problem")
    }

    @Test("end to end: a golden made where a font drew the text, checked where none does, shows missingGlyphs in compare and check")
    func missingGlyphsEndToEnd() throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        // Two font folders: with Noto Sans Thai, and without it.
        let withThai = root.appendingPathComponent("with")
        let withoutThai = root.appendingPathComponent("without")
        for folder in [withThai, withoutThai] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        try FileManager.default.copyItem(atPath: try #require(FontContext.bundledFontPath("NotoSansThai-Regular.ttf")),
                                         toPath: withThai.appendingPathComponent("NotoSansThai-Regular.ttf").path)
        let jobs = try Self.file(root, "jobs", #"{"id":"thai","text":"สวัสดี ครับ","width":200}"# + "\n" + #"{"id":"latin","text":"hello","width":200}"# + "\n")
        let golden = try runTextlayout(["batch", "--fonts-dir", withThai.path, jobs])
        #expect(golden.status == 0 && !golden.output.contains("missingGlyphs"), "\(golden.output)")
        let goldenFile = try Self.file(root, "golden", golden.output)
        let compared = try runTextlayout(["compare", goldenFile, "--jobs", jobs, "--fonts-dir", withoutThai.path, "--output-format", "json"])
        #expect(compared.status == 1, "\(compared.error)")
        let changes = try outputLines(compared.output).map { try parseJSON($0) }
        #expect(changes.count == 1 && changes[0]["id"] == .string("thai"), "\(compared.output)")
        guard case .array(let kinds)? = changes.first?["kinds"] else { Issue.record("no kinds: \(compared.output)"); return }
        #expect(kinds.contains(.string("missingGlyphs")), "\(compared.output)")
        // Every Thai character, base or mark, is a .notdef of its own; the space is DejaVu's.
        let thai = "สวัสดี ครับ".unicodeScalars.filter { (0x0E00...0x0E7F).contains($0.value) }.count
        #expect(changes[0]["new"]?["missingGlyphs"] == .number(Double(thai), literal: "\(thai)"), "\(compared.output)")
        let checked = try runTextlayout(["check", jobs, "--fonts-dir", withoutThai.path, "--output-format", "json"])
        #expect(checked.status == 1, "\(checked.error)")
        let problems = try outputLines(checked.output).map { try parseJSON($0) }
        #expect(problems.count == 1 && problems[0]["id"] == .string("thai") && problems[0]["problems"] == .array([.string("missingGlyphs")]),
                "\(checked.output)")
        #expect(try runTextlayout(["check", jobs, "--fonts-dir", withThai.path]).status == 0)
    }

    @Test("--versions takes only what `textlayout --version` prints: another file is a usage error that says what is wrong, exit 2")
    func versionsFileThatIsNotVersions() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let golden = try Self.batch(Self.jobs(), in: folder, "golden")
        let versions = try runTextlayout(["--version"]).output
        // Each file, and what the message must name: the line at fault, or that the file is empty.
        let cases = [("jobs", Self.jobs(), "line 1"), ("empty", "", "empty"),
                     ("unknown", versions + "Pango 1.50.0\n", "line 6"), ("no version", "HarfBuzz\n", "line 1"),
                     ("twice", versions + versions.split(separator: "\n")[1] + "\n", "line 6")]
        for (name, contents, named) in cases {
            let run = try runTextlayout(["compare", golden, golden, "--versions", try Self.file(folder, name, contents)])
            #expect(run.status == 2, "\(name): \(run.status) \(run.error)")
            #expect(run.error.contains("textlayout --version") && run.error.contains(named), "\(name): \(run.error)")
            #expect(!run.error.contains("warning"), "\(name): \(run.error)")
        }
        // The components a versions file may name are those `--version` prints, listed in the message.
        let unknown = try runTextlayout(["compare", golden, golden, "--versions", folder.appendingPathComponent("unknown").path])
        for line in outputLines(versions) {
            let component = String(line.split(separator: " ")[0])
            #expect(unknown.error.contains(component), "\(unknown.error)")
        }
    }

    @Test("--tolerance: a change below it is no change, above it is")
    func tolerance() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let golden = try Self.batch(Self.jobs(#","size":17"#), in: folder, "a")
        // 17.0001 px moves every width by about 6 millionths of itself: under 0.01 px, over 0.
        let nudged = try Self.batch(Self.jobs(#","size":17.0001"#), in: folder, "b")
        #expect(try runTextlayout(["compare", golden, nudged]).status == 0)
        let strict = try runTextlayout(["compare", golden, nudged, "--tolerance", "0"])
        #expect(strict.status == 1 && strict.output.contains("width"), "\(strict.output)")
        #expect(try runTextlayout(["compare", golden, nudged, "--tolerance", "-1"]).status == 2)
    }

    @Test("files that are not outputs of the same jobs are refused with the line and why: exit 2")
    func badFiles() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let golden = try Self.batch(Self.jobs(), in: folder, "golden")
        // Without ids, the files are matched line by line: they must hold as many results.
        let shorter = try Self.batch(Self.jobs(texts: Array(Self.texts.prefix(3)), ids: false), in: folder, "short")
        let lengths = try runTextlayout(["compare", golden, shorter])
        #expect(lengths.status == 2 && lengths.error.contains("has 5 results") && lengths.error.contains("3"), "\(lengths.error)")
        let jobsFile = try Self.file(folder, "jobs.jsonl", Self.jobs())
        let notResults = try runTextlayout(["compare", golden, jobsFile])
        #expect(notResults.status == 2 && notResults.error.contains("line 1 of") && notResults.error.contains("not a batch result"), "\(notResults.error)")
        // One job without an id: matched line by line, where another id at the same line is another job.
        let partly = try Self.batch(Self.jobs().replacingOccurrences(of: #""id":"j4","#, with: ""), in: folder, "partly")
        let otherIDs = try Self.batch(Self.jobs().replacingOccurrences(of: "\"j2\"", with: "\"other\""), in: folder, "ids")
        let ids = try runTextlayout(["compare", partly, otherIDs])
        #expect(ids.status == 2 && ids.error.contains("line 3") && ids.error.contains("\"other\""), "\(ids.error)")
        let garbage = try Self.file(folder, "garbage", "{\"id\":1,\"lineCount\":1}\n")
        #expect(try runTextlayout(["compare", garbage, garbage]).error.contains("no 'lines' list"))
        #expect(try runTextlayout(["compare", golden]).status == 2, "one file needs --jobs")
        #expect(try runTextlayout(["compare", golden, folder.appendingPathComponent("missing").path]).status == 2)
    }

    @Test("check lists the jobs that do not fit (maxLines, maxHeight, failures) and passes those that do")
    func check() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fits = try Self.file(folder, "fits.jsonl", Self.jobs(#","maxLines":5"#))
        let pass = try runTextlayout(["check", fits, "--fonts-dir", Self.fontsFolder])
        #expect(pass.status == 0 && pass.output == "5 jobs checked: 0 do not fit, 5 fit\n", "\(pass.output) \(pass.error)")
        let jobs = #"""
        {"id":"lines","text":"one two three four five six seven","width":60,"maxLines":2}
        {"id":"height","text":"one two three four five six seven","width":60,"maxHeight":50,"insets":{"top":5,"left":0,"bottom":5,"right":0}}
        {"id":"ok","text":"one","width":60,"maxLines":1,"maxHeight":40}
        {"id":"bad","text":"x","size":-3}
        {"id":"clamped","text":"one two three four five six seven","width":60,"lineClamp":1}
        {"id":"clamp-fits","text":"one","width":60,"lineClamp":1}
        """#
        let run = try runTextlayout(["check", try Self.file(folder, "jobs.jsonl", jobs + "\n"), "--output-format", "json", "--fonts-dir", Self.fontsFolder])
        #expect(run.status == 1, "\(run.error)")
        let reported = try outputLines(run.output).map { try parseJSON($0) }
        #expect(reported.map { $0["id"] } == [.string("lines"), .string("height"), .string("bad"), .string("clamped")])
        #expect(reported.map { $0["problems"] } == [.array([.string("maxLines")]), .array([.string("maxHeight")]), .array([.string("error")]),
                                                    .array([.string("truncated")])])
        // The first job's answer, from the library: more lines than 2.
        guard case let .number(lines, _)? = reported[0]["result"]?["lineCount"] else { throw TestFailure("no lineCount") }
        #expect(lines > 2)
        // The text for people says what the JSON says in words and rounded numbers: the hidden range
        // as START..END, the content height with two decimals.
        let text = try runTextlayout(["check", try Self.file(folder, "jobs.jsonl", jobs + "\n"), "--fonts-dir", Self.fontsFolder])
        #expect(text.status == 1, "\(text.error)")
        guard let hidden = reported[3]["result"]?["truncated"], let start = hidden["start"]?.number, let end = hidden["end"]?.number,
              let height = reported[1]["result"]?["height"]?.number else { throw TestFailure("no truncated range or height") }
        #expect(start < end && text.output.contains("line 5 (id \"clamped\"): cut by the line clamp: hidden \(Int(start))..\(Int(end))\n"), "\(text.output)")
        #expect(text.output.contains("line 2 (id \"height\"): content \(String(format: "%.2f", height)) px tall, maxHeight 50.00 px with insets\n"),
                "\(text.output)")
        #expect(!text.output.contains("{"), "no JSON in the text: \(text.output)")
    }

    @Test("--fonts-dir: names and fallback come only from the folder; a missing folder is a usage error")
    func fontsFolder() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(atPath: FontContext.bundledFontPath("NotoSansHebrew-Regular.ttf")!,
                                         toPath: folder.appendingPathComponent("hebrew.ttf").path)
        let run = try runTextlayout(["measure", "--fonts-dir", folder.path, "--font", "Noto Sans Hebrew", "--output-format", "json", "שלום 👍"])
        #expect(run.status == 0, "\(run.error)")
        let answer = try parseJSON(run.output)
        guard case let .array(lines)? = answer["lines"], case let .array(runs)? = lines.first?["runs"] else { throw TestFailure("no runs") }
        // Every run, the emoji's too, is in the folder's one font: no system or bundled emoji font.
        for run in runs { #expect(run["font"].map { "\($0)".contains(folder.path) } == true, "\(run)") }
        let unknown = try runTextlayout(["measure", "--fonts-dir", folder.path, "--font", "DejaVu Sans Mono", "x"])
        #expect(unknown.status == 1 && unknown.error.contains("DejaVu Sans Mono"), "a family only outside the folder is unknown: \(unknown.error)")
        let missing = try runTextlayout(["batch", "--fonts-dir", folder.appendingPathComponent("nope").path], input: Data("{\"text\":\"x\"}\n".utf8))
        #expect(missing.status == 2 && missing.error.contains("--fonts-dir"), "\(missing.error)")
        // With --fonts-dir, each result names its font files relative to the folder (bundled ones as
        // bundled/NAME); a golden compared with jobs laid out in another folder's files warns per job.
        let named = try runTextlayout(["batch", "--fonts-dir", folder.path],
                                      input: Data("{\"id\":1,\"text\":\"שלום\",\"font\":\"Noto Sans Hebrew\"}\n{\"id\":2,\"text\":\"plain\"}\n".utf8))
        let results = try outputLines(named.output).map { try parseJSON($0) }
        #expect(results.map { $0["fonts"] } == [.array([.string("hebrew.ttf")]), .array([.string("bundled/DejaVuSans.ttf")])], "\(named.output)")
        let golden = try Self.file(folder, "named.golden", named.output)
        let other = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: other) }
        try FileManager.default.copyItem(atPath: FontContext.bundledFontPath("NotoSansHebrew-Regular.ttf")!,
                                         toPath: other.appendingPathComponent("renamed.ttf").path)
        let jobsFile = try Self.file(folder, "named.jobs", "{\"id\":1,\"text\":\"שלום\",\"font\":\"Noto Sans Hebrew\"}\n{\"id\":2,\"text\":\"plain\"}\n")
        let moved = try runTextlayout(["compare", golden, "--jobs", jobsFile, "--fonts-dir", other.path])
        #expect(moved.status == 0, "the same font in another file lays out the same: \(moved.output)")
        #expect(moved.error.contains(#"warning: line 1 (id 1) was made with fonts ["hebrew.ttf"] and is now laid out in ["renamed.ttf"]"#), "\(moved.error)")
        #expect(!moved.error.contains("line 2"), "job 2's font did not change")
        let unnamed = try runTextlayout(["compare", golden, "--jobs", jobsFile])
        #expect(unnamed.error.contains("names the fonts of its results") && unnamed.error.contains("does not"), "\(unnamed.error)")

        // The batch in the bundled folder answers as the library does in a context of that folder alone.
        let jobs = Self.jobs()
        let batch = try runTextlayout(["batch", "--fonts-dir", Self.fontsFolder], input: Data(jobs.utf8))
        let layouter = BatchLayouter(fonts: FontContext(fontDirectories: [Self.fontsFolder], includeSystemFonts: false), namingFontsIn: Self.fontsFolder)
        let expected = jobs.split(separator: "\n").map { line in Array(line.utf8).withUnsafeBufferPointer { layouter.resultLine(for: $0).json } }
        #expect(outputLines(batch.output) == expected)
    }


    /// How many of the page's pictures a headless Chromium shows (loaded, with a size), and how
    /// many there are: a script added to a copy of the page counts them after it loads.
    static func figuresShown(_ page: String, in folder: URL) throws -> (shown: Int, total: Int) {
        let probe = """
        <script>window.addEventListener('load', () => {
          const images = [...document.querySelectorAll('figure img')];
          const shown = images.filter(i => i.complete && i.naturalWidth > 0 && i.getBoundingClientRect().height > 0).length;
          document.body.insertAdjacentHTML('beforeend', `<p id="probe">shown ${shown} of ${images.length}</p>`);
        });</script></body>
        """
        let copy = try file(folder, "probed.html", try String(contentsOfFile: page, encoding: .utf8).replacingOccurrences(of: "</body>", with: probe))
        let dom = try runProgram([try #require(Oracle.chromiumPath), "--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=5000",
                                  "--dump-dom", "file://" + copy]).output
        guard let match = dom.firstMatch(of: /<p id="probe">shown (\d+) of (\d+)<\/p>/) else { throw TestFailure("no probe in the page Chromium loaded") }
        return (Int(match.1)!, Int(match.2)!)
    }

    /// The pictures of the page's section about the job with `id`: each caption and its SVG document.
    static func figures(in page: String, id: String) throws -> [(caption: String, svg: String)] {
        let section = try #require(page.components(separatedBy: "<section class=\"job\">").first { $0.contains("(id &quot;\(id)&quot;") },
                                   "no section for \(id)")
        return section.matches(of: /<figure><figcaption>([^<]*)<\/figcaption><img alt="[^"]*" src="data:image\/svg\+xml;base64,([^"]*)"><\/figure>/).map {
            (String($0.1), String(decoding: Data(base64Encoded: String($0.2)) ?? Data(), as: UTF8.self))
        }
    }

    /// An SVG document's width, and the x and width of each line box it draws (the blue rectangles).
    static func lineBoxes(_ svg: String) throws -> (width: Double, boxes: [(x: Double, width: Double)]) {
        let width = try #require(svg.firstMatch(of: /<svg [^>]*width="([-0-9.]+)"/).flatMap { Double($0.1) }, "\(svg)")
        let boxes = svg.matches(of: /<rect x="([-0-9.]+)" y="[-0-9.]+" width="([-0-9.]+)" height="[-0-9.]+" fill="none" stroke="#1f6feb"/)
            .map { (Double($0.1)!, Double($0.2)!) }
        return (width, boxes)
    }

    @Test("compare --html draws the old result at the old job's width and insets, right-to-left lines at the right; without the old jobs it says the width is unknown")
    func beforePictureAtTheOldWidth() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // j0 reads left to right, j1 (Hebrew first) right to left; both narrow from 200 px with insets to 120 px without.
        let texts = [Self.texts[0], Self.texts[2]]
        let oldJobs = Self.jobs(#","insets":{"top":4,"left":10,"bottom":6,"right":20}"#, texts: texts).replacingOccurrences(of: #""width":160"#, with: #""width":200"#)
        let golden = try Self.batch(oldJobs, in: folder, "golden")
        let oldResults = try ResultComparison.results(outputLines(try String(contentsOfFile: golden, encoding: .utf8)), source: "golden")
        let newJobs = try Self.file(folder, "new.jsonl", Self.jobs(texts: texts).replacingOccurrences(of: #""width":160"#, with: #""width":120"#))
        let page = folder.appendingPathComponent("report.html").path
        let run = try runTextlayout(["compare", golden, "--jobs", newJobs, "--old-jobs", try Self.file(folder, "old.jsonl", oldJobs),
                                     "--fonts-dir", Self.fontsFolder, "--html", page])
        #expect(run.status == 1, "\(run.error)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        for (k, rightToLeft) in [(0, false), (1, true)] {
            let before = try #require(try Self.figures(in: html, id: "j\(k)").first, "j\(k)")
            #expect(before.caption.hasPrefix("before:") && before.caption.contains("at the old job's width and insets"), "\(before.caption)")
            let drawn = try Self.lineBoxes(before.svg)
            #expect(drawn.width == 200, "j\(k): drawn \(drawn.width) px wide")
            let widths = ResultComparison.lines(oldResults[k]).compactMap { $0["width"]?.number }
            #expect(widths.count > 0 && drawn.boxes.count == widths.count, "j\(k): \(drawn.boxes)")
            for (box, width) in zip(drawn.boxes, widths) {
                // Left to right: at the left inset; right to left: ending at the right inset.
                let x = rightToLeft ? 200 - 20 - width : 10
                #expect(abs(box.x - x) < 0.006 && abs(box.width - width) < 0.006, "j\(k): box \(box), expected x \(x) width \(width)")
            }
        }
        // Without the old jobs the old width is not known: the page says so, and draws the old lines
        // as wide as the widest of them, not at the new job's 120 px.
        let unknown = try runTextlayout(["compare", golden, "--jobs", newJobs, "--fonts-dir", Self.fontsFolder, "--html", page])
        #expect(unknown.status == 1, "\(unknown.error)")
        let before = try #require(try Self.figures(in: String(contentsOfFile: page, encoding: .utf8), id: "j1").first)
        #expect(before.caption.contains("the old job's width is unknown"), "\(before.caption)")
        let widest = try #require(oldResults[1]["width"]?.number)
        #expect(abs(try Self.lineBoxes(before.svg).width - widest) < 0.006, "\(before.svg)")
    }

    /// An SVG document's width and height, and each column box it draws (the blue rectangles) with its central
    /// baseline (the red line down it).
    static func columnBoxes(_ svg: String) throws -> (width: Double, height: Double, boxes: [LayoutRect], baselines: [Double]) {
        let width = try #require(svg.firstMatch(of: /<svg [^>]*width="([-0-9.]+)"/).flatMap { Double($0.1) }, "\(svg)")
        let height = try #require(svg.firstMatch(of: /<svg [^>]*height="([-0-9.]+)"/).flatMap { Double($0.1) }, "\(svg)")
        let boxes = svg.matches(of: /<rect x="([-0-9.]+)" y="([-0-9.]+)" width="([-0-9.]+)" height="([-0-9.]+)" fill="none" stroke="#1f6feb"/)
            .map { LayoutRect(x: Double($0.1)!, y: Double($0.2)!, width: Double($0.3)!, height: Double($0.4)!) }
        let baselines = svg.matches(of: /<line x1="([-0-9.]+)" y1="[-0-9.]+" x2="([-0-9.]+)" y2="[-0-9.]+" stroke="#d00000"/)
            .filter { $0.1 == $0.2 }.map { Double($0.1)! }
        return (width, height, boxes, baselines)
    }

    // Noto Sans CJK JP at 17 px by the chromium profile: a column is 25 px across (its rounded ascent and descent,
    // 20 + 5) and each character 17 px down it, so in 100 px (130 less the side insets) `日本語の文章です。縦書き` (12
    // characters) makes columns of 5, 5 and 2 (85, 85 and 34 px) in a block 75 px wide, and in 60 px four of 3.
    @Test("compare --html draws an old vertical result as columns: stacked from the right under vertical-rl in the turned editor box, each with its central baseline")
    func beforePictureOfColumns() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let job = #"{"id":"v","text":"日本語の文章です。縦書き","font":"Noto Sans CJK JP","size":17,"profile":"chromium","writingMode":"vertical-rl","insets":{"top":4,"left":10,"bottom":6,"right":20},"width":WIDTH}"#
        let oldJobs = job.replacingOccurrences(of: "WIDTH", with: "130") + "\n"
        let golden = try Self.batch(oldJobs, in: folder, "golden")
        let newJobs = try Self.file(folder, "new.jsonl", job.replacingOccurrences(of: "WIDTH", with: "90") + "\n")
        let page = folder.appendingPathComponent("report.html").path
        let run = try runTextlayout(["compare", golden, "--jobs", newJobs, "--old-jobs", try Self.file(folder, "old.jsonl", oldJobs),
                                     "--fonts-dir", Self.fontsFolder, "--html", page])
        #expect(run.status == 1, "\(run.error)")
        let figures = try Self.figures(in: String(contentsOfFile: page, encoding: .utf8), id: "v")
        let before = try #require(figures.first)
        #expect(before.caption.hasPrefix("before:"), "\(before.caption)")
        let drawn = try Self.columnBoxes(before.svg)
        // The turned box: as wide as the block (75 px) and the top and bottom insets, as tall as the job's 130 px.
        #expect(drawn.width == 75 + 4 + 6 && drawn.height == 130, "\(drawn)")
        // Under vertical-rl the first column is at the right, the top inset beside it; each starts below the left inset.
        let expected = [(6.0 + 50, 85.0), (6.0 + 25, 85.0), (6.0, 34.0)]
        #expect(drawn.boxes.count == expected.count, "\(drawn.boxes)")
        for (box, (x, length)) in zip(drawn.boxes, expected) {
            #expect(abs(box.x - x) < 0.006 && box.y == 10 && box.width == 25 && abs(box.height - length) < 0.006, "\(box), expected x \(x), length \(length)")
        }
        #expect(drawn.baselines == expected.map { $0.0 + 12.5 }, "\(drawn.baselines)")
        // The layout now, as render draws columns: as wide as the new block's four columns and the insets.
        let after = try #require(figures.last)
        let size = try #require(after.svg.firstMatch(of: /<svg [^>]*width="([-0-9.]+)" height="([-0-9.]+)"/))
        #expect(Double(size.1) == 4 * 25 + 4 + 6 && Double(size.2) == 90, "\(after.svg.prefix(300))")
    }

    @Test("compare --html and check --html write pages a real browser shows whole: every changed job, every picture",
          .needs(.chromium))
    func htmlPages() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let golden = try Self.batch(Self.jobs(), in: folder, "golden")
        var edited = Self.texts
        edited[0] = "Hello"
        edited[3] = "Ein ziemlich langes deutsches Wort, das jetzt noch länger ist: Donaudampfschifffahrtsgesellschaft"
        let jobs = try Self.file(folder, "edited.jsonl", Self.jobs(texts: edited))
        let page = folder.appendingPathComponent("report.html").path
        let run = try runTextlayout(["compare", golden, "--jobs", jobs, "--fonts-dir", Self.fontsFolder, "--html", page])
        #expect(run.status == 1, "\(run.error)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.components(separatedBy: "<section class=\"job\">").count - 1 == 2, "one section per changed job")
        #expect(html.contains("Donaudampfschifffahrtsgesellschaft") && html.contains("line 1 (id &quot;j0&quot;)"))
        let compared = try Self.figuresShown(page, in: folder)
        #expect(compared.total == 4 && compared.shown == compared.total, "before and after for each: \(compared)")

        let checked = folder.appendingPathComponent("check.html").path
        let misfits = try Self.file(folder, "misfits.jsonl", Self.jobs(#","maxLines":1"#))
        #expect(try runTextlayout(["check", misfits, "--fonts-dir", Self.fontsFolder, "--html", checked]).status == 1)
        let shown = try Self.figuresShown(checked, in: folder)
        #expect(shown.total >= 2 && shown.shown == shown.total, "\(shown)")
        #expect(try runTextlayout(["compare", golden, golden, "--html", page]).status == 2, "--html needs --jobs")
    }
}
