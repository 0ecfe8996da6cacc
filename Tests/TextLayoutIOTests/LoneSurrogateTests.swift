// A lone surrogate escaped in JSON ("\ud800") is read as U+FFFD, and the result or snapshot says so in its warnings, naming the key and where.
import Foundation
import Testing
import TextLayout
import TextLayoutIO
import TestSupport

@Suite("Lone surrogates in JSON input")
struct LoneSurrogateTests {
    @Test("a job's text with a lone surrogate lays out with U+FFFD and a warning naming the key, the code unit and its UTF-16 offset")
    func inAJobsText() throws {
        let lone = batchResult(#"{"id":1,"text":"a\ud800b"}"#)
        let replaced = batchResult(#"{"id":1,"text":"a\ufffdb"}"#)
        #expect(lone.succeeded, "\(lone.json)")
        let warning = "'text' holds a lone surrogate, \\uD800, at UTF-16 offset 1: it is no character, so it is read as U+FFFD"
        #expect(foundationObject(lone.json)?["warnings"] as? [String] == [warning], "\(lone.json)")
        // Besides the warning (where warnings stand, before the lines), the answer is the replacement character's.
        #expect(foundationObject(replaced.json)?["warnings"] == nil)
        var writer = JSONWriter()
        writer.string(warning)
        let expected = replaced.json.replacingOccurrences(of: #""isScrollable":false,"#, with: #""isScrollable":false,"warnings":["# + writer.text + "],")
        #expect(lone.json == expected, "\(lone.json)\n\(replaced.json)")
    }

    @Test("each lone surrogate is named, in any string of the job, a low one and a high one before a non-surrogate too")
    func everyOne() throws {
        let result = batchResult(#"{"id":1,"text":"\udc00x\ud83d\u0041","ellipsis":"\ud800"}"#)
        let warnings = try #require(foundationObject(result.json)?["warnings"] as? [String], "\(result.json)")
        #expect(warnings.count == 3, "\(warnings)")
        #expect(warnings.count == 3 && warnings[0].hasPrefix("'text' holds a lone surrogate, \\uDC00, at UTF-16 offset 0"))
        #expect(warnings.count == 3 && warnings[1].hasPrefix("'text' holds a lone surrogate, \\uD83D, at UTF-16 offset 2"))
        #expect(warnings.count == 3 && warnings[2].hasPrefix("'ellipsis' holds a lone surrogate, \\uD800, at UTF-16 offset 0"))
        // A pair is one character, with no warning.
        let pair = try #require(foundationObject(batchResult(#"{"id":1,"text":"\ud83d\ude00"}"#).json))
        #expect(pair["warnings"] == nil)
    }

    @Test("an editing session's snapshot warns of a lone surrogate in the event it answers")
    func inASession() throws {
        let session = EditSession(fonts: bundledFonts)
        #expect(session.reply(to: #"{"config": {"width": 200}}"#).succeeded)
        let typed = try #require(foundationObject(session.reply(to: #"{"insert": "a\udfff"}"#).json))
        #expect(typed["text"] as? String == "a\u{FFFD}")
        #expect(typed["warnings"] as? [String] == ["'insert' holds a lone surrogate, \\uDFFF, at UTF-16 offset 1: it is no character, so it is read as U+FFFD"],
                "\(typed)")
        let next = try #require(foundationObject(session.reply(to: #"{"insert": "b"}"#).json))
        #expect(next["warnings"] == nil, "the warning is the line's, not the editor's")
    }
}
