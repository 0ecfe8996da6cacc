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
}
