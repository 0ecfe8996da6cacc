// The `textlayout` command as a user meets it: help, usage errors and their exit status, output that cannot be written, fonts named on the command line, input streams.
import Foundation
import Testing
import TextLayout
import TextLayoutIO
import TestSupport

@Suite("Command line")
struct CommandLineTests {
    @Test("an output that cannot be written exits 3 with a message", arguments: [
        ["measure", "hello"],
        ["measure", "--output-format", "json", "hello"],
        ["fonts"],
        ["measure", "--help"],
    ])
    func unwritableOutput(_ arguments: [String]) throws {
        let run = try runTextlayout(arguments, outputPath: "/dev/full")
        #expect(run.status == 3, "\(arguments): \(run.error)")
        #expect(run.error.contains("cannot write"), "\(run.error)")
    }

    @Test("measure writes a width too large for two decimals as JSON does, not as 309 digits")
    func hugeWidths() throws {
        let run = try runTextlayout(["measure", "--width", "1e308", "--height-steps", "1e300,1e308", "hi"])
        #expect(run.status == 0, "\(run.error)")
        let lines = outputLines(run.output)
        #expect(lines.contains("width 1e+308"), "\(run.output)")
        #expect(lines.contains("height steps over widths 1e+300 to 1e+308:"), "\(run.output)")
        #expect(lines.contains("  from width 1e+300: 1 line, editor height 19.79"), "\(run.output)")
    }

    @Test("render exits 3 when the measurement it prints cannot be written")
    func renderUnwritableOutput() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let picture = directory.appendingPathComponent("out.png").path
        let run = try runTextlayout(["render", "--output", picture, "--output-format", "text", "hello"], outputPath: "/dev/full")
        #expect(run.status == 3, "\(run.error)")
        #expect(run.error.contains("cannot write"), "\(run.error)")
    }

    @Test("a UTF-8 byte-order mark before the first line of a stream is skipped", arguments: ["batch", "edit"])
    func byteOrderMark(_ command: String) throws {
        let first = command == "batch" ? "{\"id\":1,\"text\":\"x\"}" : "{\"config\":{\"text\":\"x\"}}"
        let run = try runTextlayout([command], input: Data([0xEF, 0xBB, 0xBF] + Array((first + "\n").utf8)))
        #expect(run.status == 0, "\(run.error)")
        let answer = try parseJSON(run.output.split(separator: "\n").first.map(String.init) ?? "")
        #expect(answer["error"] == nil, "\(run.output)")
        if command == "batch" { #expect(answer["id"] == .number(1, literal: "1")) } else { #expect(answer["text"] == .string("x")) }
    }

    static let commands = ["measure", "batch", "edit", "render", "fonts", "help", "version"]

    @Test("-h and --help print the command's usage and exit 0", arguments: commands, ["-h", "--help"])
    func help(_ command: String, _ flag: String) throws {
        let run = try runTextlayout([command, flag])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.hasPrefix("usage: textlayout \(command)"), "\(run.output.prefix(200))")
        #expect(run.error.isEmpty, "\(run.error)")
    }

    @Test("help wins over the other arguments, but not after --")
    func helpAmongOtherArguments() throws {
        let help = try runTextlayout(["measure", "--bogus", "--width", "-5", "-h", "text"])
        #expect(help.status == 0 && help.output.hasPrefix("usage: textlayout measure"), "\(help.error)")
        let text = try runTextlayout(["measure", "--", "-h"])
        #expect(text.status == 0, "\(text.error)")
        #expect(text.output.contains("line 0 [0..2) w=16.91 h=19.79 baseline=15.78 \"-h\""), "the text \"-h\" is laid out: \(text.output)")
    }

    @Test("an unknown option or argument is a usage error that names it", arguments: [
        (["measure", "--bogus", "x"], "--bogus"),
        (["measure", "-x"], "-x"),
        (["measure", "-5"], "-5"),
        (["render", "--output", "/tmp/x.png", "-q", "x"], "-q"),
        (["batch", "-t"], "-t"),
        (["edit", "--bogus"], "--bogus"),
        (["fonts", "--bogus"], "--bogus"),
        (["fonts", "Arial"], "no arguments"),
    ])
    func unknownOption(_ arguments: [String], _ named: String) throws {
        let run = try runTextlayout(arguments)
        #expect(run.status == 2, "\(arguments): \(run.error)")
        #expect(run.error.contains(named), "\(run.error)")
        #expect(run.output.isEmpty, "\(run.output.prefix(200))")
    }

    @Test("a number out of range is a usage error (exit 2) that names the option, not the batch key", arguments: [
        (["--width", "-5"], "--width", "width must"),
        (["--width", "100px"], "--width", "width must"),
        (["--width", "nan"], "--width", "width must"),
        (["--size", "0"], "--size", "size must"),
        (["--size", "1e9"], "--size", "size must"),
        (["--line-spacing", "-1"], "--line-spacing", "lineSpace"),
        (["--min-lines", "0"], "--min-lines", "minLines"),
        (["--min-lines", "3", "--max-lines", "2"], "--max-lines", "maxLines"),
        (["--min-height", "-2"], "--min-height", "minHeight"),
        (["--min-height", "9", "--max-height", "5"], "--max-height", "maxHeight"),
        (["--insets", "0,-1,0,0"], "--insets", "insets."),
        (["--language", "no such tag"], "--language", "language must"),
    ])
    func outOfRange(_ options: [String], _ flag: String, _ batchWording: String) throws {
        for command in [["measure"], ["render", "--output", "/nonexistent-folder/x.png"]] {
            let run = try runTextlayout(command + options + ["text"])
            #expect(run.status == 2, "\(command) \(options): \(run.error)")
            #expect(run.error.contains(flag), "\(run.error)")
            #expect(!run.error.contains(" " + batchWording), "names the batch key: \(run.error)")
        }
    }

    /// A font collection (TTC) of the given font files' bytes, in order: the collection header,
    /// then each font with its table offsets moved to where the font now starts.
    static func fontCollection(_ fonts: [[UInt8]]) -> [UInt8] {
        func u32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        var starts: [Int] = []
        var next = 12 + 4 * fonts.count
        for font in fonts {
            starts.append(next)
            next += (font.count + 3) / 4 * 4
        }
        var out = Array("ttcf".utf8) + u32(0x0001_0000) + u32(fonts.count) + starts.flatMap(u32)
        for (font, start) in zip(fonts, starts) {
            var font = font
            let tables = Int(font[4]) << 8 | Int(font[5])
            for table in 0..<tables {
                let field = 12 + 16 * table + 8
                let offset = font[field..<field + 4].reduce(0) { $0 << 8 | Int($1) }
                font.replaceSubrange(field..<field + 4, with: u32(offset + start))
            }
            out += font + [UInt8](repeating: 0, count: (4 - font.count % 4) % 4)
        }
        return out
    }

    /// The "font" that `measure --output-format json` reports for `arguments`.
    static func measuredFont(_ arguments: [String], environment: [String: String] = [:]) throws -> (run: CommandRun, font: String?) {
        let run = try runTextlayout(["measure", "--output-format", "json"] + arguments + ["x"], environment: environment)
        guard run.status == 0, case .string(let font)? = try parseJSON(run.output)["font"] else { return (run, nil) }
        return (run, font)
    }

    @Test("--font FILE.ttc#N picks face N of a collection, as the JSON output writes it")
    func collectionFace() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fonts = try ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"].map { name in
            [UInt8](try Data(contentsOf: URL(fileURLWithPath: try #require(FontContext.bundledFontPath(name)))))
        }
        let collection = directory.appendingPathComponent("pair.ttc").path
        try Data(Self.fontCollection(fonts)).write(to: URL(fileURLWithPath: collection))
        #expect(try Self.measuredFont(["--font", collection]).font == "DejaVu Sans Book (\(collection))")
        #expect(try Self.measuredFont(["--font", collection + "#0"]).font == "DejaVu Sans Book (\(collection))")
        let bold = try Self.measuredFont(["--font", collection + "#1"])
        #expect(bold.font == "DejaVu Sans Bold (\(collection)#1)", "\(bold.run.error)")
        // What the output writes is what --font takes.
        #expect(try Self.measuredFont(["--font", collection + "#1"]).font == bold.font)
        let missing = try runTextlayout(["measure", "--font", collection + "#2", "x"])
        #expect(missing.status == 1)
        #expect(missing.error.contains("holds 2 face(s)"), "\(missing.error)")
    }

    @Test("--font \"\" is the default font, in measure and in the batch")
    func emptyFontName() throws {
        let plain = try Self.measuredFont([])
        #expect(plain.font != nil, "\(plain.run.error)")
        #expect(try Self.measuredFont(["--font", ""]).font == plain.font)
        let batch = try runTextlayout(["batch"], input: Data("{\"id\":1,\"text\":\"x\",\"font\":\"\"}\n".utf8))
        #expect(batch.status == 0, "\(batch.output)")
    }

    /// A fontconfig configuration of the bundled fonts only, with a strong alias (as the system's
    /// 30-metric-aliases.conf binds Arial to Liberation Sans) and a weak one (a mere default).
    static func aliasConfiguration(in directory: URL) throws -> [String: String] {
        let file = directory.appendingPathComponent("fonts.conf")
        let bundled = try #require(FontContext.bundledFontsDirectory)
        try Data("""
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
            <fontconfig>
              <dir>\(bundled)</dir>
              <cachedir>\(directory.path)/cache</cachedir>
              <alias binding="same"><family>Arial</family><accept><family>DejaVu Sans</family></accept></alias>
              <alias><family>Helvetica</family><default><family>DejaVu Sans</family></default></alias>
              <alias><family>sans-serif</family><prefer><family>DejaVu Sans</family></prefer></alias>
              <alias><family>system-ui</family><prefer><family>DejaVu Sans</family></prefer></alias>
            </fontconfig>
            """.utf8).write(to: file)
        return ["FONTCONFIG_FILE": file.path]
    }

    @Test("a family the configuration strongly aliases is accepted and the output names the file used; an unknown one is refused")
    func aliasedFamilies() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let environment = try Self.aliasConfiguration(in: directory)
        let regular = try #require(FontContext.bundledFontPath("DejaVuSans.ttf"))
        let arial = try Self.measuredFont(["--font", "Arial"], environment: environment)
        #expect(arial.font == "DejaVu Sans Book (\(regular))", "\(arial.run.error)")
        let boldArial = try Self.measuredFont(["--font", "Arial:bold"], environment: environment)
        #expect(boldArial.font?.hasPrefix("DejaVu Sans Bold (") == true, "\(boldArial.run.error)")
        for refused in ["Helvetica", "No Such Family"] {
            let run = try runTextlayout(["measure", "--font", refused, "x"], environment: environment)
            #expect(run.status == 1, "\(refused) was accepted: \(run.output)")
            #expect(run.error.contains("no installed or bundled font has the family '\(refused)'"), "\(run.error)")
        }
        let batch = try runTextlayout(["batch"], input: Data("{\"id\":1,\"text\":\"x\",\"font\":\"Arial\"}\n".utf8), environment: environment)
        #expect(batch.status == 0, "\(batch.output)")
    }

    @Test("generic families with a hyphen need no escaping", arguments: ["system-ui", "sans-serif", "system-ui:bold"])
    func hyphenatedFamilies(_ name: String) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let environment = try Self.aliasConfiguration(in: directory)
        let run = try Self.measuredFont(["--font", name], environment: environment)
        #expect(run.font?.hasPrefix("DejaVu Sans B") == true, "\(run.run.error)")
        let batch = try runTextlayout(["batch"], input: Data("{\"id\":1,\"text\":\"x\",\"font\":\"\(name)\"}\n".utf8), environment: environment)
        #expect(batch.status == 0, "\(batch.output)")
    }

    @Test("--weight and the batch's weight take a CSS weight")
    func weights() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let environment = try Self.aliasConfiguration(in: directory)
        let bold = try Self.measuredFont(["--font", "DejaVu Sans", "--weight", "700"], environment: environment)
        #expect(bold.font?.hasPrefix("DejaVu Sans Bold (") == true, "\(bold.run.error)")
        let regular = try Self.measuredFont(["--font", "DejaVu Sans", "--weight", "400"], environment: environment)
        #expect(regular.font?.hasPrefix("DejaVu Sans Book (") == true, "\(regular.run.error)")
        for bad in ["2000", "0", "bold"] {
            let run = try runTextlayout(["measure", "--weight", bad, "x"], environment: environment)
            #expect(run.status == 2, "--weight \(bad): \(run.error)")
            #expect(run.error.contains("--weight"), "\(run.error)")
        }
        // The batch: a weight of 700 measures as the bold face, 400 as the regular one.
        let jobs = [#"{"id":1,"text":"Hello","font":"DejaVu Sans","weight":700}"#, #"{"id":2,"text":"Hello","font":"DejaVu Sans:bold"}"#,
                    #"{"id":3,"text":"Hello","font":"DejaVu Sans","weight":400}"#, #"{"id":4,"text":"Hello","font":"DejaVu Sans"}"#,
                    #"{"id":5,"text":"Hello","weight":1200}"#]
        let batch = try runTextlayout(["batch", "--threads", "1"], input: Data((jobs.joined(separator: "\n") + "\n").utf8), environment: environment)
        let answers = try batch.output.split(separator: "\n").map { try parseJSON(String($0)) }
        try #require(answers.count == 5, "\(batch.output)")
        let widths = answers.map { $0["width"] }
        #expect(widths[0] != nil && widths[0] == widths[1], "\(batch.output)")
        #expect(widths[2] != nil && widths[2] == widths[3] && widths[2] != widths[0], "\(batch.output)")
        #expect(answers[4]["error"]?["code"] == .string("invalidArgument"), "\(batch.output)")
    }
}

