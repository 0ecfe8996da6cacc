// The tab size through the boundary: a job's and an editing session's "tabSize" (spaces or "Npx"), measure's --tab-size, and the errors for values that are not one.
import Foundation
import Testing
import TextLayout
import TextLayoutIO
import TestSupport

@Suite("Tab sizes through the batch, measure and the editor")
struct TabSizeRequestTests {
    /// DejaVu Sans (the bundled font) at 17 px: its space and `X` advances, 651 and 1,403 of 2,048 units.
    static let space = 651 * 17.0 / 2048
    static let letterX = 1403 * 17.0 / 2048

    @Test("a job's tabSize: a number of spaces, a string of pixels, 8 spaces when absent")
    func batch() throws {
        #expect(try FontListRequestTests.width(#"{"text":"\tX"}"#) == 8 * Self.space + Self.letterX)
        #expect(try FontListRequestTests.width(#"{"text":"\tX","tabSize":4}"#) == 4 * Self.space + Self.letterX)
        #expect(try FontListRequestTests.width(#"{"text":"\t\tX","tabSize":"20px"}"#) == 40 + Self.letterX)
        #expect(try FontListRequestTests.width(#"{"text":"\tX","tabSize":null}"#) == 8 * Self.space + Self.letterX)
    }

    @Test("a tabSize that is not one is an error naming the key and the values allowed",
          arguments: [(#""tabSize":"20""#, "invalidJob"), (#""tabSize":"4em""#, "invalidJob"), (#""tabSize":true"#, "invalidJob"),
                      (#""tabSize":[4]"#, "invalidJob"), (#""tabSize":-1"#, "invalidArgument"), (#""tabSize":"-3px""#, "invalidArgument"),
                      (#""tabSize":1e9"#, "invalidArgument")])
    func badValues(_ key: String, _ code: String) throws {
        let answer = try FontListRequestTests.answer(#"{"id":3,"text":"a\tb",\#(key)}"#)
        #expect(answer["error"]?["code"] == .string(code), "\(answer)")
        guard case let .string(message)? = answer["error"]?["message"] else { throw TestFailure("no message in \(answer)") }
        #expect(message.contains("tabSize") && message.contains(TabSize.allowed), "\(message)")
    }

    @Test("an editing session's config takes tabSize as a job does")
    func session() throws {
        let session = EditSession(fonts: bundledFonts)
        _ = session.reply(to: #"{"config": {"width": 400, "shrinkWrap": true, "tabSize": "30px"}}"#)
        let edited = try parseJSON(session.reply(to: #"{"insert": "\tX"}"#).json)
        let job = try FontListRequestTests.answer(#"{"text":"\tX","width":400,"shrinkWrap":true,"tabSize":"30px"}"#)
        #expect(edited["shrinkWrapWidth"] == job["shrinkWrapWidth"] && job["shrinkWrapWidth"] != nil)
        guard case let .number(width, _)? = job["width"] else { throw TestFailure("no width in \(job)") }
        #expect(width == 30 + Self.letterX)
    }

    @Test("measure's --tab-size is the job's tabSize")
    func commandLine() throws {
        let run = try runTextlayout(["measure", "--tab-size", "3", "\tX"])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains("w=\(String(format: "%.2f", 3 * Self.space + Self.letterX)) "), "\(run.output)")
        let bad = try runTextlayout(["measure", "--tab-size", "wide", "x"])
        #expect(bad.status == 2 && bad.error.contains("--tab-size must be \(TabSize.allowed), got 'wide'"), "\(bad.error)")
    }
}
