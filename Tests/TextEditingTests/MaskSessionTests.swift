// The `textlayout edit` replay with masks, taps and moves: the config's mask, the new events and snapshot keys, and their errors.
import Testing
import TextEditing
import TextLayoutIO

@Suite("Edit sessions: masks, taps and moves")
struct MaskSessionTests {
    @Test("a bad mask is a config error that names what was wrong", arguments: [
        (#"{"config": {"mask": "dd-dd"}}"#, "invalidConfig", "'mask' must be an object"),
        (#"{"config": {"mask": {"formats": []}}}"#, "invalidConfig", "mask.formats"),
        (#"{"config": {"mask": {"formats": [12]}}}"#, "invalidConfig", "mask.formats"),
        (#"{"config": {"mask": {"formats": ["dd"], "symbols": {}}}}"#, "invalidConfig", "mask.symbols"),
        (#"{"config": {"mask": {"formats": ["dd"], "maskAppearance": "all"}}}"#, "invalidConfig", "leftOnly, leftAndRight, whole"),
        (#"{"config": {"mask": {"formats": ["dd"], "mode": "loose"}}}"#, "invalidConfig", "strict, lenient"),
        (#"{"config": {"mask": {"formats": ["dd"], "placeholders": {"d": "__"}}}}"#, "invalidConfig", "one character"),
        (#"{"config": {"mask": {"formats": ["dd"], "placeholders": {"x": "_"}}}}"#, "invalidArgument", "'x'"),
        (#"{"config": {"mask": {"formats": ["--"]}}}"#, "invalidArgument", "no input slot"),
        (#"{"config": {"text": "12ab", "mask": {"formats": ["dddd"]}}}"#, "invalidArgument", "does not fit"),
    ])
    func badMask(_ line: String, _ code: String, _ named: String) throws {
        let (session, outputs) = try replay([line])
        #expect(errorCode(outputs[0]) == code)
        #expect(errorMessage(outputs[0]).contains(named), "\(errorMessage(outputs[0]))")
        #expect(session.editor == nil)
    }

    @Test("bad taps and moves are errors; the editor is unchanged", arguments: [
        (#"{"tap": [1]}"#, "[x, y]"), (#"{"tap": "here"}"#, "[x, y]"), (#"{"tap": [1, "y"]}"#, "tap[1]"),
        (#"{"move": "home"}"#, "wordLeft"), (#"{"move": 1}"#, "lineStart"),
    ])
    func badEvents(_ line: String, _ named: String) throws {
        let (session, outputs) = try replay([#"{"config": {"text": "abc"}}"#, line])
        #expect(errorCode(outputs[1]) == "invalidEvent" || errorCode(outputs[1]) == "invalidArgument")
        #expect(errorMessage(outputs[1]).contains(named))
        #expect(session.editor?.snapshot.caret == 3)
    }

    @Test("snapshots carry formattedText, the mask's spans and the selection's rectangles")
    func snapshotKeys() throws {
        let (_, outputs) = try replay([
            #"{"config": {"width": 200, "mask": {"formats": ["dd.dd"], "maskAppearance": "whole"}}}"#,
            #"{"paste": "1234"}"#, #"{"select": [1, 3]}"#, #"{"tap": [0, 5]}"#, #"{"move": "right"}"#,
        ])
        #expect(outputs[1]["formattedText"] == .string("12.34"))
        #expect(outputs[0]["displayText"] == .string("__.__"))
        guard case let .array(spans)? = outputs[1]["maskSpans"], case let .array(rects)? = outputs[2]["selectionRects"] else {
            Issue.record("no maskSpans or selectionRects")
            return
        }
        #expect(spans.count == 3)
        #expect(rects.count == 2, "the literal between the selected digits is not highlighted")
        #expect(outputs[3]["caret"] == .number(0, literal: "0"))
        #expect(outputs[4]["caret"] == .number(1, literal: "1"))
        let (_, plain) = try replay([#"{"config": {"text": "ab"}}"#])
        #expect(plain[0]["maskSpans"] == nil)
        #expect(plain[0]["formattedText"] == .string("ab"))
    }
}
