// A key given twice in any JSON object the project reads is refused with the format's own code, naming the key, instead of its last value winning silently.
import Foundation
import Testing
import TextLayout
import TextLayoutIO
import TestSupport

@Suite("Repeated JSON keys")
struct RepeatedKeyTests {
    /// The error of a result or snapshot line: its code and message.
    static func error(_ json: String) throws -> (code: String, message: String) {
        let error = try #require(foundationObject(json)?["error"] as? [String: Any], "\(json)")
        return (error["code"] as? String ?? "", error["message"] as? String ?? "")
    }

    @Test("a key given twice in a job is invalidJob naming it by its path, at any depth; the id is echoed", arguments: [
        (#"{"id":7,"text":"a","weight":400,"weight":0}"#, "weight"),
        (#"{"id":7,"text":"a","text":"b"}"#, "text"),
        (#"{"id":7,"text":"a","insets":{"top":1,"top":2}}"#, "insets.top"),
        (#"{"id":7,"text":"ab","spans":[{"start":0,"end":1},{"start":1,"end":2,"size":9,"size":30}]}"#, "spans[1].size"),
        (#"{"id":7,"text":"a","variations":{"wght":500,"wght":600}}"#, "variations.wght"),
        (#"{"id":7,"text":"a","spans":[{"start":0,"end":1,"attributes":{"color":"red","color":"blue"}}]}"#, "spans[0].attributes.color"),
        (#"{"id":7,"text":"\uFFFC","placeholders":[{"width":1,"height":2,"height":3}]}"#, "placeholders[0].height"),
    ])
    func inAJob(_ line: String, _ key: String) throws {
        let result = batchResult(line)
        #expect(!result.succeeded)
        #expect(result.json.hasPrefix(#"{"id":7,"#), "the job's id comes back with its error: \(result.json)")
        let (code, message) = try Self.error(result.json)
        #expect(code == "invalidJob", "\(result.json)")
        #expect(message.contains("'\(key)' is given twice"), "\(message)")
    }

    @Test("the same key in two different objects, or differing only in its code units, is no repeat")
    func differentObjectsOrCodeUnits() {
        let spans = batchResult(#"{"text":"ab","spans":[{"start":0,"end":1,"size":20},{"start":1,"end":2,"size":20}]}"#)
        #expect(spans.succeeded, "\(spans.json)")
        // "é" precomposed and decomposed are different keys to JSON (and both unknown to a job).
        let accents = batchResult("{\"text\":\"a\",\"spans\":[{\"start\":0,\"end\":1,\"attributes\":{\"\u{E9}\":\"x\",\"e\u{301}\":\"y\"}}]}")
        #expect(accents.succeeded, "\(accents.json)")
    }

    @Test("an editing session refuses a repeated key: invalidConfig in the config, invalidEvent in an event")
    func inASession() throws {
        let badConfig = EditSession(fonts: bundledFonts)
        let config = try Self.error(badConfig.reply(to: #"{"config": {"width": 100, "width": 200}}"#).json)
        #expect(config.code == "invalidConfig" && config.message.contains("'config.width' is given twice"), "\(config)")
        let twoConfigs = try Self.error(EditSession(fonts: bundledFonts).reply(to: #"{"config": {}, "config": {"width": 5}}"#).json)
        #expect(twoConfigs.code == "invalidConfig" && twoConfigs.message.contains("'config' is given twice"), "\(twoConfigs)")

        let session = EditSession(fonts: bundledFonts)
        #expect(session.reply(to: #"{"config": {"width": 200}}"#).succeeded)
        let event = try Self.error(session.reply(to: #"{"insert": "a", "insert": "b"}"#).json)
        #expect(event.code == "invalidEvent" && event.message.contains("'insert' is given twice"), "\(event)")
        let point = try Self.error(session.reply(to: #"{"selectWord": {"x": 1, "y": 2, "x": 3}}"#).json)
        #expect(point.code == "invalidEvent" && point.message.contains("'selectWord.x' is given twice"), "\(point)")
        #expect(session.editor?.snapshot.text == "", "a refused event changes nothing")
    }

    @Test("compare and check refuse a result line with a key given twice as invalidResult naming it")
    func inResults() {
        let error = #expect(throws: BoundaryError.self) {
            try ResultComparison.results([#"{"id":1,"lineCount":1,"lines":[]}"#, #"{"id":2,"lineCount":1,"lineCount":2,"lines":[]}"#], source: "old.jsonl")
        }
        #expect(error?.code == .invalidResult)
        #expect(error?.message.hasPrefix("line 2 of old.jsonl is not a batch result: the key 'lineCount' is given twice") == true,
                "\(String(describing: error))")
    }

    @Test("measure's JSON options refuse a repeated key as a usage error naming it")
    func inCommandLineJSON() throws {
        let run = try runTextlayout(["measure", "--spans", #"[{"start": 0, "end": 1, "size": 20, "size": 30}]"#, "ab"])
        #expect(run.status == 2, "\(run.status) \(run.error)")
        #expect(run.error.contains("'[0].size' is given twice"), "\(run.error)")
    }
}
