// text-autospace through the boundary: a job's and an editing session's "textAutospace", measure's --text-autospace, and the errors for values that are not one.
import Foundation
import Testing
import TextLayout
import TextLayoutIO
import TestSupport

/// Noto Sans CJK JP at 17 px: `漢` 17 px, `a` 563 units (9.571 px); `normal` adds 17 / 8 = 2.125 px
/// between them, so `漢a` is 26.571 px without the space and 28.696 with it.
@Suite("Text autospace through the batch, measure and the editor")
struct TextAutospaceRequestTests {
    static let font = #""font":"Noto Sans CJK JP""#

    @Test("a job's textAutospace: normal adds an eighth of an em between 漢 and a; no-autospace and unset add none")
    func batch() throws {
        let spaced = try FontListRequestTests.width(#"{"text":"漢a",\#(Self.font),"textAutospace":"normal"}"#)
        let plain = try FontListRequestTests.width(#"{"text":"漢a",\#(Self.font),"textAutospace":"no-autospace"}"#)
        #expect(abs(spaced - 28.696) < 1e-9 && abs(plain - 26.571) < 1e-9, "\(spaced) \(plain)")
        #expect(try FontListRequestTests.width(#"{"text":"漢a",\#(Self.font)}"#) == plain)
        #expect(try FontListRequestTests.width(#"{"text":"漢a",\#(Self.font),"profile":"chromium"}"#) == plain)
    }

    @Test("a textAutospace that is not one is an error naming the key and the values allowed",
          arguments: [(#""textAutospace":"auto""#, "one of normal, no-autospace, got 'auto'"),
                      (#""textAutospace":"NORMAL""#, "one of normal, no-autospace, got 'NORMAL'"),
                      (#""textAutospace":true"#, "one of normal, no-autospace, got a boolean"),
                      (#""textAutospace":1"#, "one of normal, no-autospace, got a number")])
    func badValues(_ key: String, _ saying: String) throws {
        let answer = try FontListRequestTests.answer(#"{"id":3,"text":"ab",\#(key)}"#)
        #expect(answer["error"]?["code"] == .string("invalidJob"), "\(answer)")
        guard case let .string(message)? = answer["error"]?["message"] else { throw TestFailure("no message in \(answer)") }
        #expect(message.contains("'textAutospace' must be \(saying)"), "\(message)")
    }

    @Test("an editing session's config takes textAutospace as a job does")
    func session() throws {
        let session = EditSession(fonts: bundledFonts)
        _ = session.reply(to: #"{"config": {"width": 400, "shrinkWrap": true, \#(Self.font), "textAutospace": "normal"}}"#)
        let edited = try parseJSON(session.reply(to: #"{"insert": "漢a"}"#).json)
        let job = try FontListRequestTests.answer(#"{"text":"漢a","width":400,"shrinkWrap":true,\#(Self.font),"textAutospace":"normal"}"#)
        let plain = try FontListRequestTests.answer(#"{"text":"漢a","width":400,"shrinkWrap":true,\#(Self.font)}"#)
        #expect(edited["shrinkWrapWidth"] == job["shrinkWrapWidth"] && job["shrinkWrapWidth"] != nil)
        #expect(job["shrinkWrapWidth"] != plain["shrinkWrapWidth"])
    }

    @Test("measure's --text-autospace is the job's textAutospace")
    func commandLine() throws {
        let fonts = try #require(FontContext.bundledFontsDirectory)
        let run = try runTextlayout(["measure", "--fonts-dir", fonts, "--font", "Noto Sans CJK JP", "--text-autospace", "normal", "漢a"])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains("line 0 [0..2) w=28.70 "), "\(run.output)")
        let bad = try runTextlayout(["measure", "--text-autospace", "loose", "x"])
        #expect(bad.status == 2 && bad.error.contains("text-autospace") && bad.error.contains("normal, no-autospace"), "\(bad.error)")
    }
}
