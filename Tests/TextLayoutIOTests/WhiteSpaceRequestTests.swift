// The white-space setting through the boundary: a job's and an editing session's "whiteSpace", measure's and render's --white-space, and the errors for values that are not one.
import Foundation
import Testing
import TextLayout
import TextLayoutIO
import TestSupport

@Suite("White space through the batch, measure, render and the editor")
struct WhiteSpaceRequestTests {
    /// DejaVu Sans (the bundled font) at 17 px: its space, `i` and `X` advances, 651, 569 and 1,403 of 2,048 units.
    static let space = 651 * 17.0 / 2048
    static let letterI = 569 * 17.0 / 2048
    static let letterX = 1403 * 17.0 / 2048

    @Test("a job's whiteSpace: normal collapses `i   X` to one space, pre-wrap (the default, and null) keeps three")
    func batch() throws {
        #expect(try FontListRequestTests.width(#"{"text":"i   X","whiteSpace":"normal"}"#) == Self.letterI + Self.space + Self.letterX)
        #expect(try FontListRequestTests.width(#"{"text":"i   X"}"#) == Self.letterI + 3 * Self.space + Self.letterX)
        #expect(try FontListRequestTests.width(#"{"text":"i   X","whiteSpace":null}"#) == Self.letterI + 3 * Self.space + Self.letterX)
        // The result keeps the text's offsets: one line over all five characters, and a newline that collapses ends none.
        let answer = try FontListRequestTests.answer(#"{"text":"i  \n X","whiteSpace":"nowrap","width":5}"#)
        guard case let .number(lineCount, _)? = answer["lineCount"] else { throw TestFailure("no lineCount in \(answer)") }
        #expect(lineCount == 1, "\(answer)")
    }

    @Test("a whiteSpace that is not one is invalidJob naming the key and the six values",
          arguments: [#""whiteSpace":"collapse""#, #""whiteSpace":"pre_wrap""#, #""whiteSpace":true"#, #""whiteSpace":["normal"]"#])
    func badValues(_ key: String) throws {
        let answer = try FontListRequestTests.answer(#"{"id":3,"text":"a b",\#(key)}"#)
        #expect(answer["error"]?["code"] == .string("invalidJob"), "\(answer)")
        guard case let .string(message)? = answer["error"]?["message"] else { throw TestFailure("no message in \(answer)") }
        #expect(message.contains("whiteSpace"), "\(message)")
        if key.contains("\"collapse\"") {
            #expect(message.contains("normal, nowrap, pre, pre-wrap, pre-line, break-spaces"), "\(message)")
        }
    }

    @Test("an editing session's config takes whiteSpace as a job does, and its edits collapse with the text around them")
    func session() throws {
        let session = EditSession(fonts: bundledFonts)
        _ = session.reply(to: #"{"config": {"width": 400, "shrinkWrap": true, "whiteSpace": "normal"}}"#)
        let edited = try parseJSON(session.reply(to: #"{"insert": "i   X"}"#).json)
        let job = try FontListRequestTests.answer(#"{"text":"i   X","width":400,"shrinkWrap":true,"whiteSpace":"normal"}"#)
        #expect(edited["shrinkWrapWidth"] == job["shrinkWrapWidth"] && job["shrinkWrapWidth"] != nil, "\(edited)")
    }

    @Test("measure's and render's --white-space are the job's whiteSpace")
    func commandLine() throws {
        let run = try runTextlayout(["measure", "--white-space", "normal", "i   X"])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains("w=\(String(format: "%.2f", Self.letterI + Self.space + Self.letterX)) "), "\(run.output)")
        let bad = try runTextlayout(["measure", "--white-space", "wide", "x"])
        #expect(bad.status == 2 && bad.error.contains("--white-space") && bad.error.contains("pre-line"), "\(bad.error)")
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let picture = folder.appendingPathComponent("collapsed.svg").path
        let render = try runTextlayout(["render", "--white-space", "pre-line", "--output", picture, "i  \n  X"])
        #expect(render.status == 0 && FileManager.default.fileExists(atPath: picture), "\(render.error)")
    }
}
