// Every `textlayout` command run as a user runs it, its output checked against the library's own answer or another path to the same result.
import Foundation
import TestSupport
import Testing
import TextLayout
import TextLayoutIO

/// The measurement fields `measure --output-format json` and a batch result share: the totals
/// and each line's range and metrics.
func sharedMeasurement(_ value: JSONValue) -> [JSONValue?] {
    var fields = ["lineCount", "height", "width", "editorHeight", "isScrollable"].map { value[$0] }
    if case .array(let lines)? = value["lines"] {
        for line in lines { fields += ["start", "end", "width", "height", "baseline"].map { line[$0] } }
    } else {
        fields.append(nil)
    }
    return fields
}

@Suite("Command line: each command")
struct CommandLineCommandTests {
    // MARK: measure

    @Test("measure prints the lines and editor height the library computes for the same text, font and width")
    func measureAgreesWithTheLibrary() throws {
        let text = "Growing editors guess their height; this one measures it."
        let run = try runTextlayout(["measure", "--output-format", "json", "--width", "120", "--max-lines", "2", text])
        #expect(run.status == 0, "\(run.error)")
        let answer = try parseJSON(run.output)
        var sizing = EditorSizing()
        sizing.maxLines = 2
        let style = try TextStyle(font: FontContext.shared.font(named: ""))
        let expected = try PreparedText(text, style: style).measureEditor(editorWidth: 120, sizing: sizing)
        #expect(answer["lineCount"] == .number(Double(expected.layout.lineCount), literal: ""))
        #expect(answer["editorHeight"] == .number(expected.height, literal: ""))
        #expect(answer["isScrollable"] == .bool(expected.isScrollable) && expected.isScrollable, "two lines cannot hold the text")
        guard case .array(let lines)? = answer["lines"] else { Issue.record("no lines: \(run.output)"); return }
        #expect(lines.map { [$0["start"], $0["end"]] }
            == expected.layout.lines.map { [.number(Double($0.utf16Range.lowerBound), literal: ""), .number(Double($0.utf16Range.upperBound), literal: "")] })
    }

    @Test("measure's text counts the lines the editor shows as people write counts: 1 line, 2 lines")
    func measureCountsShownLinesInWords() throws {
        let one = try runTextlayout(["measure", "one"])
        #expect(one.status == 0 && one.output.hasSuffix(" shows 1 line, scrolls no\n"), "\(one.output)")
        let two = try runTextlayout(["measure", "one\ntwo"])
        #expect(two.status == 0 && two.output.hasSuffix(" shows 2 lines, scrolls no\n"), "\(two.output)")
    }

    @Test("each layout option of measure gives what its key gives in the batch")
    func layoutOptionsAgreeWithTheBatch() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let environment = try CommandLineTests.aliasConfiguration(in: directory)
        let text = "Hello brave new world, 日本語のテキストです。"
        // Each option with a value and the batch key and JSON value that mean the same.
        let samples: [(option: [String], json: String)] = [
            (["--font", "DejaVu Sans:bold"], #""font":"DejaVu Sans:bold""#), (["--weight", "700"], #""weight":700"#),
            (["--size", "30"], #""size":30"#), (["--width", "120"], #""width":120"#),
            (["--line-spacing", "3", "--width", "120"], #""lineSpace":3,"width":120"#), (["--min-lines", "3"], #""minLines":3"#),
            (["--max-lines", "1", "--width", "100"], #""maxLines":1,"width":100"#),
            (["--insets", "1,2,3,4", "--width", "150"], #""insets":{"top":1,"left":2,"bottom":3,"right":4},"width":150"#),
            (["--min-height", "80"], #""minHeight":80"#), (["--max-height", "10"], #""maxHeight":10"#),
            (["--direction", "rtl"], #""direction":"rtl""#), (["--language", "ja", "--width", "200"], #""language":"ja","width":200"#),
            (["--line-break", "strict", "--width", "190"], #""lineBreak":"strict","width":190"#),
            (["--word-break", "break-all", "--width", "190"], #""wordBreak":"break-all","width":190"#),
            (["--line-break", "anywhere", "--width", "190"], #""lineBreak":"anywhere","width":190"#),
            (["--overflow-wrap", "normal", "--width", "30"], #""overflowWrap":"normal","width":30"#),
        ]
        let textJSON = JSONValue.string(text).serialized
        let jobs = samples.enumerated().map { #"{"id":\#($0.offset),"text":\#(textJSON),\#($0.element.json)}"# }.joined(separator: "\n")
        let batch = try runTextlayout(["batch"], input: Data(jobs.utf8), environment: environment)
        #expect(batch.status == 0, "\(batch.output)")
        let results = try outputLines(batch.output).map { try parseJSON($0) }
        try #require(results.count == samples.count)
        let plain = try parseJSON(try runTextlayout(["measure", "--output-format", "json", text], environment: environment).output)
        for (sample, result) in zip(samples, results) {
            let run = try runTextlayout(["measure", "--output-format", "json"] + sample.option + [text], environment: environment)
            #expect(run.status == 0, "\(sample.option): \(run.error)")
            let measured = try parseJSON(run.output)
            #expect(sharedMeasurement(measured) == sharedMeasurement(result), "\(sample.option)")
            #expect(sharedMeasurement(measured) != sharedMeasurement(plain) || sample.option.first == "--direction",
                    "\(sample.option) changed nothing")
        }
    }

    // MARK: batch

    static let jobs = #"{"id":1,"text":"one"}"# + "\n" + #"{"id":2,"width":-1,"text":"two"}"# + "\n" + #"{"id":3,"text":"three"}"# + "\n"

    @Test("batch FILE and batch - read the same jobs standard input gives, and the summary counts jobs and failures")
    func batchFile() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("jobs.jsonl")
        try Data(Self.jobs.utf8).write(to: file)
        let fromInput = try runTextlayout(["batch"], input: Data(Self.jobs.utf8))
        let fromFile = try runTextlayout(["batch", file.path])
        let fromDash = try runTextlayout(["batch", "-"], input: Data(Self.jobs.utf8))
        for run in [fromInput, fromFile, fromDash] {
            #expect(run.status == 1, "job 2 fails, so the status is 1: \(run.error)")
            #expect(outputLines(run.output).count == 3)
            let summary = try #require(outputLines(run.error).last)
            #expect(summary.wholeMatch(of: /textlayout batch: 3 jobs, 1 failed, \d+\.\d\d s/) != nil, "\(run.error)")
        }
        #expect(fromFile.output == fromInput.output && fromDash.output == fromInput.output)
        let good = try runTextlayout(["batch", "--threads", "2"], input: Data(#"{"text":"a"}"#.utf8))
        #expect(good.status == 0)
        #expect(good.error.wholeMatch(of: /textlayout batch: 1 job, 0 failed, \d+\.\d\d s\n/) != nil, "\(good.error)")
    }

    @Test("batch: a jobs file that cannot be opened is a usage error naming it; one that cannot be read exits 1")
    func batchBadFile() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("missing.jsonl").path
        let run = try runTextlayout(["batch", missing])
        #expect(run.status == 2)
        #expect(run.error.contains("cannot open the jobs file '\(missing)': No such file or directory"), "\(run.error)")
        let folder = try runTextlayout(["batch", directory.path])
        #expect(folder.status == 1)
        #expect(folder.error.contains("cannot read '\(directory.path)'"), "\(folder.error)")
        let two = try runTextlayout(["batch", missing, missing])
        #expect(two.status == 2 && two.error.contains("at most 1 argument"), "\(two.error)")
    }

    @Test("hyphens auto without patterns for the language: measure and render say so on standard error, edit and the batch in \"warnings\"")
    func patternWarnings() throws {
        let measure = try runTextlayout(["measure", "--hyphens", "auto", "--language", "sv", "--width", "100", "Avstavning"])
        #expect(measure.status == 0)
        #expect(measure.error.hasPrefix("textlayout: warning: hyphens is auto but there are no hyphenation patterns for 'sv"), "\(measure.error)")
        let json = try runTextlayout(["measure", "--hyphens", "auto", "--language", "sv", "--output-format", "json", "Avstavning"])
        #expect(json.error == measure.error)
        #expect(try parseJSON(json.output)["warnings"] != nil)
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let picture = directory.appendingPathComponent("a.png").path
        let render = try runTextlayout(["render", "--hyphens", "auto", "--language", "sv", "--output", picture, "Avstavning"])
        #expect(render.status == 0 && render.error == measure.error, "\(render.error)")
        let english = try runTextlayout(["measure", "--hyphens", "auto", "--language", "en", "--width", "100", "Hyphenation"])
        #expect(english.status == 0 && english.error.isEmpty, "\(english.error)")
        // --hyphen-dir: patterns from another folder (here one with only a Swedish file); a missing folder is a usage error.
        let patterns = directory.appendingPathComponent("patterns")
        try FileManager.default.createDirectory(at: patterns, withIntermediateDirectories: true)
        try Data("UTF-8\nv1s\n".utf8).write(to: patterns.appendingPathComponent("hyph_sv_SE.dic"))
        let swedish = try runTextlayout(["measure", "--hyphens", "auto", "--language", "sv", "--hyphen-dir", patterns.path,
                                         "--output-format", "json", "--width", "60", "avstavning"])
        #expect(swedish.status == 0 && swedish.error.isEmpty, "\(swedish.error)")
        guard case let .array(lines)? = try parseJSON(swedish.output)["lines"] else { Issue.record("no lines: \(swedish.output)"); return }
        #expect(lines.first?["hyphen"] == .bool(true), "the file's one pattern allows av-stavning: \(swedish.output)")
        let noEnglish = try runTextlayout(["measure", "--hyphens", "auto", "--language", "en", "--hyphen-dir", patterns.path, "Hyphenation"])
        #expect(noEnglish.error.contains("no hyphenation patterns for 'en") && noEnglish.error.contains(patterns.path), "\(noEnglish.error)")
        let missing = try runTextlayout(["measure", "--hyphen-dir", patterns.appendingPathComponent("none").path, "x"])
        #expect(missing.status == 2 && missing.error.contains("--hyphen-dir must name a folder of hyphenation pattern files"), "\(missing.error)")
        let session = #"{"config":{"width":100,"hyphens":"auto","language":"sv"}}"# + "\n" + #"{"insert":"Avstavning"}"# + "\n"
        let edit = try runTextlayout(["edit"], input: Data(session.utf8))
        #expect(edit.status == 0)
        let snapshots = try outputLines(edit.output).map { try parseJSON($0) }
        #expect(snapshots.count == 2 && snapshots.allSatisfy { $0["warnings"] != nil }, "\(edit.output)")
        let batch = try runTextlayout(["batch"], input: Data(#"{"text":"Avstavning","hyphens":"auto","language":"sv"}"#.utf8))
        #expect(try parseJSON(outputLines(batch.output)[0])["warnings"] == snapshots[1]["warnings"])
    }

    // MARK: edit

    @Test("edit --render-dir makes the folder and its parents, and draws one picture per successful line")
    func editRenderDirectory() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let pictures = directory.appendingPathComponent("a/b/c")
        let session = #"{"config":{"text":"hi","width":100}}"# + "\n" + #"{"insert":"!"}"# + "\n" + #"{"bogus":1}"# + "\n" + #"{"focus":true}"# + "\n"
        let run = try runTextlayout(["edit", "--render-dir", pictures.path, "--render-scale", "2"], input: Data(session.utf8))
        #expect(run.status == 1, "line 3 fails: \(run.error)")
        let answers = try outputLines(run.output).map { try parseJSON($0) }
        let succeeded = answers.enumerated().filter { $0.element["error"] == nil }.map { String(format: "snapshot-%04d.png", $0.offset + 1) }
        #expect(succeeded.count == 3)
        #expect(try FileManager.default.contentsOfDirectory(atPath: pictures.path).sorted() == succeeded)
    }

    @Test("edit --render-dir: a file is a usage error, a folder that cannot be made exits 3")
    func editRenderDirectoryMistakes() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("file")
        try Data().write(to: file)
        let session = Data(#"{"config":{"text":"hi"}}"#.utf8)
        let onFile = try runTextlayout(["edit", "--render-dir", file.path], input: session)
        #expect(onFile.status == 2 && onFile.error.contains("--render-dir '\(file.path)' is a file"), "\(onFile.error)")
        let under = file.appendingPathComponent("sub").path
        let underFile = try runTextlayout(["edit", "--render-dir", under], input: session)
        #expect(underFile.status == 3 && underFile.error.contains("cannot make '\(under)': Not a directory"), "\(underFile.error)")
        #expect(underFile.output.isEmpty)
    }

    // MARK: render

    @Test("render --output - writes the picture --output FILE would, in the format --format names (PNG without it)",
          arguments: [(["--format", "png"], "png"), ([], "png"), (["--format", "svg"], "svg")])
    func renderToStandardOutput(_ format: [String], _ fileExtension: String) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("picture." + fileExtension)
        let layout = ["--width", "90", "--scale", "2", "--debug", "Hello, wide world"]
        let written = try runTextlayout(["render", "--output", file.path] + layout)
        #expect(written.status == 0, "\(written.error)")
        let piped = try runTextlayout(["render", "--output", "-"] + format + layout)
        #expect(piped.status == 0, "\(piped.error)")
        #expect(piped.outputBytes == (try Data(contentsOf: file)))
        if fileExtension == "png" { #expect(piped.outputBytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])) }
    }

    @Test("render: --format against the extension, --output - with --output-format, and no --output are usage errors", arguments: [
        (["--output", "/tmp/textlayout-never.png", "--format", "svg", "x"], "--format svg does not match the extension"),
        (["--output", "-", "--output-format", "json", "x"], "--output-format"),
        (["--output", "-", "--format", "gif", "x"], "--format must be one of png, svg, got 'gif'"),
        (["x"], "--output FILE.png|FILE.svg|- is required"),
    ])
    func renderMistakes(_ arguments: [String], _ phrase: String) throws {
        let run = try runTextlayout(["render"] + arguments)
        #expect(run.status == 2)
        #expect(run.error.contains(phrase), "\(run.error)")
        #expect(run.output.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: "/tmp/textlayout-never.png"))
    }

    @Test("render --output - to an output that cannot be written exits 3")
    func renderToFullOutput() throws {
        let run = try runTextlayout(["render", "--output", "-", "hi"], outputPath: "/dev/full")
        #expect(run.status == 3)
        #expect(run.error.contains("cannot write the picture"), "\(run.error)")
    }

    // MARK: fonts

    @Test("fonts lists the families the library lists")
    func fonts() throws {
        let run = try runTextlayout(["fonts"])
        #expect(run.status == 0, "\(run.error)")
        let expected = FontContext.shared.availableFamilies()
        #expect(!expected.isEmpty)
        #expect(outputLines(run.output) == expected)
    }

    // MARK: help

    /// The commands the README names.
    static let commandNames = ["measure", "batch", "edit", "render", "compare", "check", "fonts", "help", "version"]

    @Test("help, --help and -h print the same list of every command; help COMMAND prints what COMMAND --help does")
    func help() throws {
        let runs = try [["help"], ["--help"], ["-h"]].map { try runTextlayout($0) }
        for run in runs {
            #expect(run.status == 0 && run.error.isEmpty, "\(run.error)")
            #expect(run.output == runs[0].output)
        }
        let listed = outputLines(runs[0].output).drop { $0 != "commands:" }.dropFirst().prefix { !$0.isEmpty }
            .map { $0.split(separator: " ").first.map(String.init) ?? "" }
        #expect(listed == Self.commandNames)
        for name in Self.commandNames {
            let help = try runTextlayout(["help", name])
            #expect(help.status == 0)
            #expect(help.output.hasPrefix("usage: textlayout \(name)"), "\(help.output.prefix(100))")
            #expect(help.output == (try runTextlayout([name, "--help"])).output)
        }
    }

    @Test("no command prints the list of commands to standard error and exits 2; an unknown command names itself")
    func helpMistakes() throws {
        let bare = try runTextlayout([])
        #expect(bare.status == 2 && bare.output.isEmpty)
        #expect(bare.error == (try runTextlayout(["help"])).output)
        for arguments in [["bogus"], ["help", "bogus"]] {
            let run = try runTextlayout(arguments)
            #expect(run.status == 2)
            #expect(run.error.contains("unknown command 'bogus'; the commands are \(Self.commandNames.joined(separator: ", "))"), "\(run.error)")
        }
    }

    @Test("docs/command-line.md shows what measure --help prints, as it prints it")
    func referenceShowsMeasureHelp() throws {
        let usage = try runTextlayout(["measure", "--help"]).output
        let indented = outputLines(usage).map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
        let shown = try Documentation.text("docs/command-line.md").contains(indented)
        #expect(shown, "paste the output of `textlayout measure --help` into docs/command-line.md, indented by four spaces")
    }

    @Test("the README and the docs/ pages name every option of every command")
    func documentationNamesEveryOption() throws {
        let documentation = try Documentation.userText()
        var count = 0
        for name in Self.commandNames {
            let usage = try runTextlayout([name, "--help"]).output
            let options = outputLines(usage).compactMap { $0.firstMatch(of: /^  (--[a-z-]+)/).map { String($0.1) } }
            count += options.count
            for option in options {
                let named = documentation.contains(option)
                #expect(named, "neither the README nor a docs/ page names \(name) \(option)")
            }
        }
        #expect(count > 20, "the usages list the options")
    }

    // MARK: version

    /// What pkg-config says of `arguments`, trimmed; nil when it fails.
    static func pkgConfig(_ arguments: [String]) throws -> String? {
        let run = try runProgram(["pkg-config"] + arguments)
        return run.status == 0 ? run.output.trimmingCharacters(in: .whitespacesAndNewlines) : nil
    }

    /// FreeType's version from its header's FREETYPE_MAJOR, _MINOR and _PATCH (its pkg-config
    /// version is a libtool number).
    static func freeTypeHeaderVersion() throws -> String? {
        guard let flags = try pkgConfig(["--cflags-only-I", "freetype2"]) else { return nil }
        for folder in flags.split(separator: " ").map({ String($0.dropFirst(2)) }) {
            guard let header = try? String(contentsOfFile: folder + "/freetype/freetype.h", encoding: .utf8) else { continue }
            let parts = ["MAJOR", "MINOR", "PATCH"].compactMap { name in
                header.firstMatch(of: try! Regex("#define FREETYPE_\(name) +([0-9]+)")).flatMap { $0.output[1].substring.map(String.init) }
            }
            if parts.count == 3 { return parts.joined(separator: ".") }
        }
        return nil
    }

    @Test("version and --version print the project's version and the libraries' as their development packages give them")
    func version() throws {
        let run = try runTextlayout(["--version"])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output == (try runTextlayout(["version"])).output)
        let lines = outputLines(run.output)
        try #require(lines.count == 5, "\(run.output)")
        #expect(lines[0].wholeMatch(of: /textlayout [0-9]+\.[0-9]+\.[0-9]+/) != nil, "\(lines[0])")
        #expect(lines[0] == "textlayout \(LibraryVersions.textLayout)")
        let expected = try [("HarfBuzz", Self.pkgConfig(["--modversion", "harfbuzz"])), ("FreeType", Self.freeTypeHeaderVersion()),
                            ("fontconfig", Self.pkgConfig(["--modversion", "fontconfig"])), ("ICU", Self.pkgConfig(["--modversion", "icu-uc"]))]
        for (line, (name, version)) in zip(lines.dropFirst(), expected) {
            let version = try #require(version, "pkg-config knows no \(name)")
            #expect(line == "\(name) \(version)")
        }
    }
}
