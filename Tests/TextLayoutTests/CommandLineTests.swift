// The `textlayout` command as a user meets it: help, usage errors and their exit status, output that cannot be written, fonts named on the command line, input streams.
import Foundation
import Testing
import TextLayout
import TextLayoutBatch

/// What one run of the command gave.
struct CommandRun {
    var status: Int32
    var output: String
    var error: String
}

/// Runs the built `textlayout` with `arguments`, `input` as standard input and, when given,
/// `outputPath` (such as /dev/full) as standard output; `environment` is added to the test's own.
func runTextlayout(_ arguments: [String], input: Data = Data(), outputPath: String? = nil,
                   environment: [String: String] = [:]) throws -> CommandRun {
    let executable = try #require(textlayoutExecutable(), "build the package first (swift build)")
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let inputFile = directory.appendingPathComponent("input")
    let outputFile = directory.appendingPathComponent("output")
    let errorFile = directory.appendingPathComponent("error")
    try input.write(to: inputFile)
    try Data().write(to: outputFile)
    try Data().write(to: errorFile)
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardInput = try FileHandle(forReadingFrom: inputFile)
    process.standardOutput = try FileHandle(forWritingTo: outputPath.map { URL(fileURLWithPath: $0) } ?? outputFile)
    process.standardError = try FileHandle(forWritingTo: errorFile)
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationReason == .exit, "\(arguments) was killed by a signal")
    return CommandRun(status: process.terminationStatus,
                      output: String(decoding: try Data(contentsOf: outputFile), as: UTF8.self),
                      error: String(decoding: try Data(contentsOf: errorFile), as: UTF8.self))
}

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

    static let commands = ["measure", "batch", "edit", "render", "fonts"]

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
}

