// The text transform through the boundary: a job's and an editing session's "textTransform", measure's --text-transform, and the errors for values that are not one.
import Foundation
import Testing
import TextLayout
import TextLayoutIO
import TestSupport

@Suite("Text transforms through the batch, measure and the editor")
struct TextTransformRequestTests {
    @Test("a job's textTransform: upper case is as wide as the upper-case text, and the line keeps the text's offsets")
    func batch() throws {
        let upper = try FontListRequestTests.answer(#"{"text":"Straße","textTransform":"uppercase"}"#)
        let written = try FontListRequestTests.answer(#"{"text":"STRASSE"}"#)
        #expect(upper["width"] == written["width"] && upper["width"] != nil, "\(upper) \(written)")
        // The line ends at the text's end: 6 UTF-16 units, not the 7 shown.
        guard case let .array(lines)? = upper["lines"], let line = lines.first, case let .number(end, _)? = line["end"] else {
            throw TestFailure("no line end in \(upper)")
        }
        #expect(lines.count == 1 && end == 6, "\(lines)")
        #expect(try FontListRequestTests.width(#"{"text":"Straße","textTransform":null}"#) == FontListRequestTests.width(#"{"text":"Straße"}"#))
    }

    @Test("a textTransform that is not one is an error naming the key and the values allowed",
          arguments: [#""textTransform":"upper""#, #""textTransform":"UPPERCASE""#, #""textTransform":true"#, #""textTransform":1"#])
    func badValues(_ key: String) throws {
        let answer = try FontListRequestTests.answer(#"{"id":3,"text":"ab",\#(key)}"#)
        #expect(answer["error"]?["code"] == .string("invalidJob"), "\(answer)")
        guard case let .string(message)? = answer["error"]?["message"] else { throw TestFailure("no message in \(answer)") }
        #expect(message.contains("textTransform") && message.contains("none, uppercase, lowercase, capitalize, full-width, full-size-kana"),
                "\(message)")
    }

    @Test("an editing session's config takes textTransform as a job does")
    func session() throws {
        let session = EditSession(fonts: bundledFonts)
        _ = session.reply(to: #"{"config": {"width": 400, "shrinkWrap": true, "textTransform": "uppercase"}}"#)
        let edited = try parseJSON(session.reply(to: #"{"insert": "Straße"}"#).json)
        let job = try FontListRequestTests.answer(#"{"text":"Straße","width":400,"shrinkWrap":true,"textTransform":"uppercase"}"#)
        let plain = try FontListRequestTests.answer(#"{"text":"Straße","width":400,"shrinkWrap":true}"#)
        #expect(edited["shrinkWrapWidth"] == job["shrinkWrapWidth"] && job["shrinkWrapWidth"] != nil)
        #expect(job["shrinkWrapWidth"] != plain["shrinkWrapWidth"])
    }

    @Test("measure's --text-transform is the job's textTransform")
    func commandLine() throws {
        let run = try runTextlayout(["measure", "--text-transform", "uppercase", "Straße"])
        let written = try runTextlayout(["measure", "STRASSE"])
        #expect(run.status == 0, "\(run.error)")
        let width = try #require(written.output.firstMatch(of: #/w=([0-9.]+) /#)).1
        #expect(run.output.contains("line 0 [0..6) w=\(width) "), "\(run.output)")
        let bad = try runTextlayout(["measure", "--text-transform", "loud", "x"])
        #expect(bad.status == 2 && bad.error.contains("text-transform") && bad.error.contains("loud"), "\(bad.error)")
    }
}
