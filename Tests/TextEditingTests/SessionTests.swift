// The `textlayout edit` session as tests: one output line per input line, errors that name what was wrong, heights equal to the batch.
import Testing
import TextEditing
import TextLayoutIO
import TextLayout
import TestSupport

/// Replays `lines` in a new session and returns each output line, parsed.
func replay(_ lines: [String]) throws -> (session: EditSession, outputs: [JSONValue]) {
    let session = EditSession(fonts: bundledFonts)
    let outputs = try lines.map { try parseJSON(session.reply(to: $0).json) }
    return (session, outputs)
}

func errorCode(_ value: JSONValue) -> String? {
    if case let .string(code)? = value["error"]?["code"] { return code }
    return nil
}

func errorMessage(_ value: JSONValue) -> String {
    if case let .string(message)? = value["error"]?["message"] { return message }
    return ""
}

@Suite("Edit sessions: the CLI's replay")
struct SessionTests {
    @Test("every input line gets exactly one output line, failed ones too")
    func oneLinePerInput() throws {
        let lines = [#"{"config": {"width": 200}}"#, #"{"insert": "Hi"}"#, "", "not json", #"{"caret": 7}"#, #"{"insert": "!"}"#]
        let (_, outputs) = try replay(lines)
        #expect(outputs.count == lines.count)
        #expect(outputs.map(errorCode) == [nil, nil, "invalidJSON", "invalidJSON", "invalidArgument", nil])
        #expect(outputs[5]["text"] == .string("Hi!"))
    }

    @Test("bad config lines are errors that name the problem; later lines say there is no editor",
          arguments: [(#"{"config": {"colour": "red"}}"#, "invalidConfig", "colour"),
                      (#"{"config": {"pattern": "(a"}}"#, "invalidPattern", "(a"),
                      (#"{"config": {"style": "round"}}"#, "invalidConfig", "filled, outlined"),
                      (#"{"config": {"lengthPolicy": "cut"}}"#, "invalidConfig", "reject, truncate"),
                      (#"{"config": {"size": "big"}}"#, "invalidConfig", "size"),
                      (#"{"config": {"shrinkWrap": "yes"}}"#, "invalidConfig", "'shrinkWrap' must be true or false"),
                      (#"{"config": {"insets": {"top": 1, "middle": 2}}}"#, "invalidConfig", "insets.middle"),
                      (#"{"config": {"border": {"colour": 1}}}"#, "invalidConfig", "border.colour"),
                      (#"{"config": {"maxLines": 1, "minLines": 2}}"#, "invalidArgument", "maxLines"),
                      (#"{"config": {"maxLength": 0}}"#, "invalidArgument", "maxLength"),
                      (#"{"config": {"liveValidation": {"rule": "shorterThan"}}}"#, "invalidConfig", "shorterThan"),
                      (#"{"config": {"liveValidation": {"rule": "pattern", "value": "[", "message": "x"}}}"#, "invalidPattern", "["),
                      (#"{"config": {"endEditingValidation": {"rule": "minLength", "limit": 3}}}"#, "invalidConfig", "limit"),
                      (#"{"config": {"font": "/no/such/font.ttf"}}"#, "badFontFile", "/no/such/font.ttf"),
                      (#"{"insert": "a"}"#, "invalidConfig", "first line"),
                      (#"{"config": {}, "insert": "a"}"#, "invalidConfig", "first line")])
    func badConfig(_ line: String, _ code: String, _ named: String) throws {
        let (session, outputs) = try replay([line, #"{"insert": "a"}"#])
        #expect(errorCode(outputs[0]) == code)
        #expect(errorMessage(outputs[0]).contains(named))
        #expect(errorCode(outputs[1]) == "noEditor")
        #expect(session.editor == nil)
    }

    @Test("bad events are errors for that event; the session goes on with the editor unchanged",
          arguments: [(#"{"type": "a"}"#, "invalidEvent", "type"), (#"{"insert": 3}"#, "invalidEvent", "insert"),
                      (#"{"insert": "a", "paste": "b"}"#, "invalidEvent", "exactly one key"),
                      (#"{"config": {}}"#, "invalidEvent", "first line"), (#"[1]"#, "invalidEvent", "object"),
                      (#"{"caret": 99}"#, "invalidArgument", "99"), (#"{"caret": -1}"#, "invalidArgument", "-1"),
                      (#"{"caret": 1.5}"#, "invalidArgument", "whole number"),
                      (#"{"select": [0, 40]}"#, "invalidArgument", "40"), (#"{"select": [1]}"#, "invalidEvent", "[start, end]"),
                      (#"{"advance": -0.1}"#, "invalidArgument", "-0.1"), (#"{"setWidth": 0}"#, "invalidArgument", "width"),
                      (#"{"setWidth": -20}"#, "invalidArgument", "width"), (#"{"setWidth": 10}"#, "invalidArgument", "insets"),
                      (#"{"setWidth": null}"#, "invalidEvent", "number"), (#"{"deleteBackward": -2}"#, "invalidArgument", "-2"),
                      (#"{"focus": "yes"}"#, "invalidEvent", "true or false")])
    func badEvents(_ event: String, _ code: String, _ named: String) throws {
        let config = #"{"config": {"width": 200, "insets": {"left": 8, "right": 8}, "liveValidation": {"rule": "minLength", "value": 3}}}"#
        let (_, outputs) = try replay([config, #"{"insert": "Hello"}"#, #"{"caret": 2}"#, event, #"{"advance": 0}"#])
        #expect(errorCode(outputs[3]) == code)
        #expect(errorMessage(outputs[3]).contains(named), "\(errorMessage(outputs[3]))")
        #expect(outputs[4] == outputs[2], "the editor is unchanged after a failed event")
    }

    @Test("rules validate: minLength, maxLength, pattern, and lists of rules",
          arguments: [(#"{"rule": "minLength", "value": 3, "message": "short"}"#, "ab", "error"),
                      (#"{"rule": "minLength", "value": 3, "message": "short"}"#, "abc", "success"),
                      (#"{"rule": "maxLength", "value": 2, "message": "long"}"#, "👨‍👩‍👧👍🏽", "success"),
                      (#"{"rule": "maxLength", "value": 2, "message": "long"}"#, "abc", "error"),
                      (#"{"rule": "pattern", "value": "[0-9]+", "message": "digits"}"#, "12a", "error"),
                      (#"{"rule": "pattern", "value": "[0-9]+", "message": "digits"}"#, "123", "success"),
                      (#"[{"rule": "minLength", "value": 2}, {"rule": "pattern", "value": "[a-z]+", "message": "letters"}]"#, "a1", "error")])
    func rules(_ rule: String, _ text: String, _ state: String) throws {
        let (_, outputs) = try replay([#"{"config": {"liveValidation": \#(rule)}}"#, #"{"setText": "\#(text)"}"#, #"{"advance": 0.5}"#])
        #expect(outputs[2]["state"] == .string(state))
    }

    @Test("an insertPlaceholder event is an undo step of its own: each undo takes back one of typing, the chip, typing")
    func inlineObjectUndoStep() throws {
        let (_, outputs) = try replay([#"{"config": {"width": 200}}"#, #"{"insert": "Ping "}"#,
                                       #"{"insertPlaceholder": {"width": 48, "height": 18, "align": "middle"}}"#,
                                       #"{"insert": " about lunch"}"#, #"{"undo": true}"#, #"{"undo": true}"#, #"{"undo": true}"#])
        #expect(outputs.map(errorCode).allSatisfy { $0 == nil })
        #expect(outputs[3...].map { $0["text"] } == ["Ping \u{FFFC} about lunch", "Ping \u{FFFC}", "Ping ", ""].map(JSONValue.string))
        guard case let .array(chips)? = outputs[4]["placeholders"] else { throw TestFailure("no placeholders after the first undo: \(outputs[4])") }
        #expect(chips.count == 1 && outputs[5]["placeholders"] == nil)
        #expect(outputs[5]["canUndo"] == .bool(true) && outputs[6]["canUndo"] == .bool(false))
    }

    /// Sessions whose last snapshot must equal the batch layout of its displayed text at its width.
    static let batchCases: [(String, [String])] = [
        (#"{"width": 200, "lineSpace": 2}"#, [#"{"insert": "Hello world, this wraps across lines at two hundred pixels."}"#]),
        (#"{"width": 200}"#, [#"{"insert": "Hello"}"#, #"{"insert": "\n"}"#]),
        (#"{"width": 200, "maxLines": 2, "lineSpace": 3}"#, [#"{"setText": "a\nb\n"}"#]),
        (#"{"width": 150, "minLines": 2, "maxLines": 3, "lineSpace": 2}"#,
         [#"{"paste": "A longer paste that wraps onto more lines than the cap allows, so it scrolls."}"#]),
        (#"{"width": 120, "minLines": 3, "placeholder": "What's up? Say something nice."}"#, []),
        (#"{"width": 100, "secure": true}"#, [#"{"insert": "correct horse battery staple"}"#]),
        (#"{"width": 100, "secure": true, "maxLines": 2}"#, [#"{"insert": "👨‍👩‍👧 and a much longer secret phrase"}"#]),
        (#"{"width": 240, "insets": {"top": 8, "left": 8, "bottom": 8, "right": 8}, "minHeight": 42, "maxHeight": 200, "placeholder": "What's up?"}"#,
         [#"{"insert": "one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten\n"}"#]),
        (#"{"width": 300, "disabledPlaceholder": "Disabled: you cannot type here, and this notice wraps."}"#,
         [#"{"insert": "typed"}"#, #"{"setEnabled": false}"#, #"{"setWidth": 150}"#]),
        (#"{"width": 300, "size": 24, "font": "DejaVu Sans:bold"}"#, [#"{"insert": "Bold and big\r\nwith a CRLF\r\n"}"#, #"{"setWidth": 90}"#]),
    ]

    @Test("replayed heights equal the batch layout of the displayed text at the same width", arguments: batchCases)
    func heightsEqualBatch(_ config: String, _ events: [String]) throws {
        let (session, outputs) = try replay([#"{"config": \#(config)}"#] + events)
        #expect(outputs.allSatisfy { errorCode($0) == nil }, "\(outputs.map(\.serialized))")
        let last = try #require(outputs.last)
        guard case let .object(members) = try parseJSON(config), case let .string(shown)? = last["displayText"] else {
            throw TestFailure("no config or displayText")
        }
        var job = members.filter { ["font", "size", "lineSpace", "minLines", "maxLines", "insets", "minHeight", "maxHeight"].contains($0.0) }
        job.append(("text", .string(shown)))
        if let width = session.editor?.editorWidth { job.append(("width", .number(width, literal: "\(width)"))) }
        let batch = try batchResult(job)
        #expect(last["height"] == batch["editorHeight"])
        #expect(last["contentHeight"] == batch["height"])
        #expect(last["lineCount"] == batch["lineCount"])
        #expect(last["isScrollable"] == batch["isScrollable"])
    }
}
