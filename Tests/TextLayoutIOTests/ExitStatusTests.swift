// The exit statuses docs/command-line.md and docs/pictures.md give, for `render` and for standard input that cannot be read: each one run as a user would.
import Foundation
import Testing
import TestSupport

@Suite("Exit statuses")
struct ExitStatusTests {
    @Test("standard input that cannot be read exits 1 with the reason, in every command that reads it",
          arguments: [["batch"], ["edit"], ["measure", "-"], ["render", "--output", "/tmp/textlayout-unread.png", "-"]])
    func unreadableInput(_ arguments: [String]) throws {
        // A folder as standard input: opening it works, reading it fails (EISDIR), as a read
        // error of a disk or a broken device would.
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try runTextlayout(arguments, inputPath: folder.path)
        #expect(run.status == 1, "\(arguments): \(run.status) \(run.error)")
        #expect(run.error.contains("cannot read standard input"), "\(run.error)")
        #expect(run.output.isEmpty)
    }

    @Test("render: a picture too large exits 1, bad options exit 2, an unwritable picture exits 3", arguments: [
        (["--width", "20000", "hi"], Int32(1), "at most 16384 px"),
        (["--width", "1000", "--scale", "20", "hi"], 1, "at most 16384 px"),
        (["--scale", "0", "hi"], 2, "--scale"),
        (["--foreground", "nocolour", "hi"], 2, "not a colour"),
        (["--background", "#12345", "hi"], 2, "not a colour"),
    ])
    func renderStatus(_ arguments: [String], _ status: Int32, _ phrase: String) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let picture = directory.appendingPathComponent("picture.png").path
        let run = try runTextlayout(["render", "--output", picture] + arguments)
        #expect(run.status == status, "\(arguments): \(run.status) \(run.error)")
        #expect(run.error.contains(phrase), "\(run.error)")
        // A failure leaves no picture, not even a partial one.
        #expect(!FileManager.default.fileExists(atPath: picture))
    }

    @Test("render: an unknown extension is a usage error; a folder that does not exist exits 3")
    func renderOutputPaths() throws {
        let bmp = try runTextlayout(["render", "--output", "/tmp/textlayout-picture.bmp", "hi"])
        #expect(bmp.status == 2 && bmp.error.contains(".png or .svg"), "\(bmp.error)")
        let missing = try runTextlayout(["render", "--output", "/nonexistent-folder/picture.png", "hi"])
        #expect(missing.status == 3 && missing.error.contains("cannot write the picture"), "\(missing.error)")
    }

    @Test("every command that prints results exits 3 on a closed pipe, not killed by SIGPIPE",
          arguments: [["measure", "--width", "100", "--text-file"], ["render", "--output", "-", "--format", "svg", "--width", "400", "--text-file"]])
    func closedPipe(_ arguments: [String]) throws {
        let run = try Self.runWithClosedOutput(arguments)
        #expect(run.status == 3, "\(arguments): \(run.status) \(run.error)")
        #expect(run.error.contains("cannot write"), "\(run.error)")
    }

    @Test("help, usage and listings end quietly with status 0 when their reader goes away (as `| head -1` leaves them); a full disk is still exit 3 (CommandLineTests)",
          arguments: [["help"], ["--help"], ["help", "render"], ["render", "--help"], ["measure", "-h"], ["version"], ["fonts"]])
    func listingToAClosedPipe(_ arguments: [String]) throws {
        let run = try Self.runWithClosedOutput(arguments)
        #expect(run.status == 0, "\(arguments): \(run.status) \(run.error)")
        #expect(run.error.isEmpty, "\(arguments): \(run.error)")
    }

    /// Runs the command with standard output a pipe nobody reads (its reading end closed before
    /// the command starts); arguments ending in `--text-file` get a text whose output overflows
    /// any pipe buffer (a picture of it within render's size limit).
    static func runWithClosedOutput(_ arguments: [String]) throws -> (status: Int32, error: String) {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = directory.appendingPathComponent("text.txt")
        try Data(String(repeating: "word ", count: arguments[0] == "render" ? 1_500 : 20_000).utf8).write(to: text)
        let process = Process()
        let executable = try #require(textlayoutExecutable(), "build the package first (swift build)")
        process.executableURL = executable
        process.arguments = arguments.last == "--text-file" ? arguments + [text.path] : arguments
        let output = Pipe()
        process.standardOutput = output
        try output.fileHandleForReading.close()  // nobody will ever read
        let errors = Pipe()
        process.standardError = errors
        try StartedProgram(process).waitForExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationReason == .exit, "\(arguments) was killed by a signal instead of exiting")
        return (process.terminationStatus, message)
    }
}
