// The text's letter spacing through the boundary: a job's and an editing session's "letterSpacing", a span's own winning, measure's --letter-spacing, and the errors for values that are not one.
import Foundation
import Testing
import TextLayout
import TextLayoutIO
import TestSupport

@Suite("Letter spacing through the batch, measure and the editor")
struct LetterSpacingRequestTests {
    @Test("a job's letterSpacing follows every cluster; a span's own wins, a span without one takes the job's")
    func batch() throws {
        let plain = try FontListRequestTests.width(#"{"text":"abcd"}"#)
        #expect(abs(try FontListRequestTests.width(#"{"text":"abcd","letterSpacing":2.5}"#) - (plain + 4 * 2.5)) < 1e-9)
        let zeroed = try FontListRequestTests.width(#"{"text":"abcd","letterSpacing":2.5,"spans":[{"start":0,"end":2,"letterSpacing":0}]}"#)
        #expect(abs(zeroed - (plain + 2 * 2.5)) < 1e-9)
        let inherited = try FontListRequestTests.width(#"{"text":"abcd","letterSpacing":2.5,"spans":[{"start":0,"end":2,"attributes":{"colour":"red"}}]}"#)
        #expect(abs(inherited - (plain + 4 * 2.5)) < 1e-9)
    }

    @Test("a letterSpacing that is not a finite number is an error naming the key",
          arguments: [(#""letterSpacing":"wide""#, "invalidJob"), (#""letterSpacing":true"#, "invalidJob"), (#""letterSpacing":1e9"#, "invalidArgument")])
    func badValues(_ key: String, _ code: String) throws {
        let answer = try FontListRequestTests.answer(#"{"id":3,"text":"ab",\#(key)}"#)
        #expect(answer["error"]?["code"] == .string(code), "\(answer)")
        guard case let .string(message)? = answer["error"]?["message"] else { throw TestFailure("no message in \(answer)") }
        #expect(message.contains("letterSpacing") && message.contains("number"), "\(message)")
    }

    @Test("an editing session's config and measure's --letter-spacing take it as a job does")
    func sessionAndCommandLine() throws {
        let session = EditSession(fonts: bundledFonts)
        _ = session.reply(to: #"{"config": {"width": 400, "shrinkWrap": true, "letterSpacing": 4}}"#)
        let edited = try parseJSON(session.reply(to: #"{"insert": "abc"}"#).json)
        let job = try FontListRequestTests.answer(#"{"text":"abc","width":400,"shrinkWrap":true,"letterSpacing":4}"#)
        let plain = try FontListRequestTests.answer(#"{"text":"abc","width":400,"shrinkWrap":true}"#)
        #expect(edited["shrinkWrapWidth"] == job["shrinkWrapWidth"] && job["shrinkWrapWidth"] != plain["shrinkWrapWidth"])
        let width = try FontListRequestTests.width(#"{"text":"abc","letterSpacing":4}"#)
        let run = try runTextlayout(["measure", "--letter-spacing", "4", "abc"])
        #expect(run.status == 0 && run.output.contains("w=\(String(format: "%.2f", width)) "), "\(run.output)\(run.error)")
    }
}
