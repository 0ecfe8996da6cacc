// Text as it arrives at measure and render: a file's or standard input's final newline is not a hard break, and bytes that are not UTF-8 get one error and one exit status however they come.
import Foundation
import Testing
import TextLayoutIO
import TestSupport

@Suite("Text as it arrives")
struct TextInputTests {
    /// `measure`'s text output for `arguments` with `input` on standard input.
    static func measured(_ arguments: [String], input: String = "") throws -> CommandRun {
        try runTextlayout(["measure"] + arguments, input: Data(input.utf8))
    }

    @Test("standard input and a text file lose one final newline (\\n or \\r\\n), as an editor saves them; arguments keep theirs")
    func finalNewline() throws {
        let argument = try Self.measured(["two words"])
        #expect(argument.status == 0 && argument.output.contains("shows 1 line,"), "\(argument.output)")
        let echoed = try Self.measured(["-"], input: "two words\n")
        #expect(echoed.output == argument.output, "echo \"two words\" | measure -:\n\(echoed.output)")
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("saved.txt")
        try Data("two words\r\n".utf8).write(to: file)
        #expect(try Self.measured(["--text-file", file.path]).output == argument.output)
        // Only one: a blank last line stays, as does a newline given as an argument.
        let twice = try Self.measured(["-"], input: "two words\n\n")
        #expect(twice.output == (try Self.measured(["two words\n"])).output && twice.output.contains("shows 2 lines"), "\(twice.output)")
        // --keep-final-newline keeps it: the text then ends in a hard break, with the caret's empty line.
        let kept = try Self.measured(["--keep-final-newline", "-"], input: "two words\n")
        #expect(kept.output == (try Self.measured(["two words\n"])).output, "\(kept.output)")
        let keptFile = try Self.measured(["--keep-final-newline", "--text-file", file.path])
        #expect(keptFile.output == (try Self.measured(["two words\r\n"])).output)
        let misplaced = try Self.measured(["--keep-final-newline", "two words"])
        #expect(misplaced.status == 2 && misplaced.error.contains("--keep-final-newline is for a text read from a file or standard input"),
                "\(misplaced.error)")
        // render reads its text as measure does.
        let picture = directory.appendingPathComponent("a.svg").path
        let render = try runTextlayout(["render", "--output", picture, "--output-format", "json", "-"], input: Data("two words\n".utf8))
        #expect(render.status == 0 && (try parseJSON(render.output))["lineCount"] == .number(1, literal: "1"), "\(render.output)\(render.error)")
    }

    @Test("bytes that are not UTF-8 fail with invalidUTF8's message and exit 1, as an argument, a file, standard input or a batch line")
    func invalidUTF8Everywhere() throws {
        let bytes: [UInt8] = Array("ab".utf8) + [0xFF] + Array("c".utf8)
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("bad.txt")
        try Data(bytes).write(to: file)
        let executable = try #require(textlayoutExecutable()).path
        // An argument's bytes pass through a shell: Process takes Swift strings, always UTF-8.
        let argument = try runProgram(["bash", "-c", "exec \"$0\" measure \"$(cat \"$1\")\"", executable, file.path])
        let standardInput = try runTextlayout(["measure", "-"], input: Data(bytes))
        let textFile = try runTextlayout(["measure", "--text-file", file.path])
        let rendered = try runTextlayout(["render", "--output", directory.appendingPathComponent("a.png").path, "--text-file", file.path])
        let cause = "is not valid UTF-8: byte 0xFF at offset 2 starts no character"
        for (name, run, what) in [("argument", argument, "argument 2"), ("standard input", standardInput, "the text on standard input"),
                                  ("--text-file", textFile, "the text file '\(file.path)'"), ("render", rendered, "the text file '\(file.path)'")] {
            #expect(run.status == 1, "\(name): exit \(run.status): \(run.error)")
            #expect(run.error.contains("\(what) \(cause)"), "\(name): \(run.error)")
            #expect(run.output.isEmpty, "\(name) printed a layout: \(run.output)")
        }
        // An option's value is checked as the text is.
        let font = try runProgram(["bash", "-c", "exec \"$0\" measure --font \"$(cat \"$1\")\" x", executable, file.path])
        #expect(font.status == 1 && font.error.contains("argument 3 \(cause)"), "\(font.error)")
        let batch = try runTextlayout(["batch"], input: Data(Array(#"{"text":""#.utf8) + bytes + Array(#""}"#.utf8) + [0x0A]))
        #expect(batch.status == 1)
        let result = try #require(try? parseJSON(outputLines(batch.output)[0]))
        #expect(result["error"]?["code"] == .string("invalidUTF8"), "\(batch.output)")
        #expect(result["error"]?["message"]?.serialized.contains("the line is not valid UTF-8: byte 0xFF at offset 11") == true, "\(batch.output)")
    }

    @Test("a byte-order mark before a file's or standard input's text is skipped, as before a batch's first line")
    func byteOrderMark() throws {
        let plain = try Self.measured(["Hi"])
        let marked = try runTextlayout(["measure", "-"], input: Data([0xEF, 0xBB, 0xBF] + Array("Hi\n".utf8)))
        #expect(marked.output == plain.output, "\(marked.output)")
    }
}
