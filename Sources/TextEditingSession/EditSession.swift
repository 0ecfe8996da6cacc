// Replays an editing session: a config line, then one event a line; every line gets one snapshot (or error) line.
import TextEditing
import TextLayout
import TextLayoutBatch

/// An editing session of `textlayout edit`, replayed one input line at a time.
///
/// The first line is `{"config": {...}}`; each later line is one event, such as `{"insert": "Hi"}`
/// or `{"advance": 0.5}`. Each line gets exactly one output line: the editor's snapshot after it,
/// or `{"error": {"code", "message"}}`. An event that fails leaves the editor unchanged and the
/// session goes on. Time is a ``ManualClock`` that only `advance` moves.
public final class EditSession {
    /// The events and the JSON type of their value.
    public static let events = ["insert", "paste", "deleteBackward", "deleteForward", "caret", "select", "focus",
                                "advance", "setText", "setEnabled", "setWidth", "tap", "move"]

    private let fonts: FontContext
    private let clock = ManualClock()
    /// The editor, once the config line has made one.
    public private(set) var editor: EditorModel?
    private var lineCount = 0
    private var configFailed = false

    public init(fonts: FontContext = .shared) {
        self.fonts = fonts
    }

    /// The output line (compact JSON, no newline) for one input line of UTF-8 bytes.
    public func reply(to line: UnsafeBufferPointer<UInt8>) -> (json: String, succeeded: Bool) {
        guard let text = String(validating: line, as: UTF8.self) else {
            lineCount += 1
            return (Self.errorLine(SessionError("invalidUTF8", "the line is not valid UTF-8")), false)
        }
        return reply(to: text)
    }

    /// The output line for an input line too long to be kept (`length` bytes, over `limit`): an
    /// error in its place, and on line 1 a failed config.
    public func replyToTooLongLine(length: Int, limit: Int) -> (json: String, succeeded: Bool) {
        lineCount += 1
        if lineCount == 1 { configFailed = true }
        let message = "the line is \(length) bytes; a session line may be at most \(limit) bytes (--max-line-bytes)"
        return (Self.errorLine(SessionError(lineCount == 1 ? "invalidConfig" : "invalidEvent", message)), false)
    }

    /// The output line (compact JSON, no newline) for one input line.
    public func reply(to line: String) -> (json: String, succeeded: Bool) {
        lineCount += 1
        do throws(SessionError) {
            let value: JSONValue
            do throws(JSONError) { value = try parseJSON(line) } catch {
                throw SessionError("invalidJSON", "the line is not valid JSON: \(error)")
            }
            if lineCount == 1 {
                do throws(SessionError) {
                    return (try start(value).json, true)
                } catch {
                    configFailed = true
                    throw error
                }
            }
            guard let editor else {
                throw SessionError("noEditor", configFailed ? "no editor: the config on line 1 failed" : "no editor")
            }
            let outcome = try apply(value, to: editor)
            var snapshot = editor.snapshot
            snapshot.rejected = outcome.isRejected
            return (snapshot.json, true)
        } catch {
            return (Self.errorLine(error), false)
        }
    }

    /// Makes the editor from the config line.
    private func start(_ value: JSONValue) throws(SessionError) -> EditorSnapshot {
        guard case let .object(members) = value, members.count == 1, members[0].0 == "config" else {
            throw .config("the first line must be {\"config\": {...}}, got \(value.serialized.prefix(80))")
        }
        let configuration = try SessionConfiguration.read(members[0].1, fonts: fonts)
        do {
            let editor = try EditorModel(configuration: configuration, clock: clock)
            self.editor = editor
            return editor.snapshot
        } catch {
            throw SessionError(error)
        }
    }

    /// Applies one event.
    /// - Throws: ``SessionError`` naming an unknown event or a bad value; the editor is unchanged.
    private func apply(_ event: JSONValue, to editor: EditorModel) throws(SessionError) -> EditOutcome {
        let allowed = Self.events.joined(separator: ", ")
        guard case let .object(members) = event else {
            throw .event("an event must be an object with one key (\(allowed)), got \(event.typeName)")
        }
        if let unknown = members.first(where: { !Self.events.contains($0.0) }) {
            let hint = unknown.0 == "config" ? "'config' is only allowed on the first line" : "unknown event '\(unknown.0)'"
            throw .event("\(hint); the events are: \(allowed)")
        }
        guard members.count == 1 else {
            throw .event("an event has exactly one key, got \(members.count): \(members.map(\.0).joined(separator: ", "))")
        }
        let (name, value) = members[0]
        do {
            switch name {
            case "insert": return editor.insert(try Self.string(value, name))
            case "paste": return editor.paste(try Self.string(value, name))
            case "setText": return editor.setText(try Self.string(value, name))
            case "deleteBackward": return editor.deleteBackward(try Self.count(value, name))
            case "deleteForward": return editor.deleteForward(try Self.count(value, name))
            case "caret": return try editor.moveCaret(toUTF16Offset: try Self.integer(value, name))
            case "select":
                guard case let .array(ends) = value, ends.count == 2 else {
                    throw SessionError.event("'select' takes [start, end] (UTF-16 offsets), got \(value.serialized.prefix(40))")
                }
                return try editor.select(fromUTF16Offset: try Self.integer(ends[0], "select[0]"),
                                         to: try Self.integer(ends[1], "select[1]"))
            case "focus": return editor.setFocused(try Self.bool(value, name))
            case "setEnabled": return editor.setEnabled(try Self.bool(value, name))
            case "advance":
                try clock.advance(by: try Self.number(value, name))
                editor.tick()
                return .accepted
            case "setWidth":
                try editor.setWidth(try Self.number(value, name))
                return .accepted
            case "tap":
                guard case let .array(point) = value, point.count == 2 else {
                    throw SessionError.event("'tap' takes [x, y] (pixels in the editor's box), got \(value.serialized.prefix(40))")
                }
                return editor.tap(x: try Self.number(point[0], "tap[0]"), y: try Self.number(point[1], "tap[1]"))
            case "move":
                let movements = CaretMovement.allCases.map(\.rawValue)
                guard case let .string(movementName) = value, let movement = CaretMovement(rawValue: movementName) else {
                    throw SessionError.event("'move' takes one of \(movements.joined(separator: ", ")), got \(value.serialized.prefix(40))")
                }
                return editor.moveCaret(movement)
            default:
                throw SessionError.event("unknown event '\(name)'; the events are: \(allowed)")
            }
        } catch {
            throw SessionError(error)
        }
    }

    private static func string(_ value: JSONValue, _ name: String) throws(SessionError) -> String {
        guard case let .string(s) = value else { throw .event("'\(name)' takes a string, got \(value.typeName)") }
        return s
    }

    private static func bool(_ value: JSONValue, _ name: String) throws(SessionError) -> Bool {
        guard case let .bool(b) = value else { throw .event("'\(name)' takes true or false, got \(value.typeName)") }
        return b
    }

    private static func number(_ value: JSONValue, _ name: String) throws(SessionError) -> Double {
        guard case let .number(n, _) = value else { throw .event("'\(name)' takes a number, got \(value.typeName)") }
        return n
    }

    private static func integer(_ value: JSONValue, _ name: String) throws(SessionError) -> Int {
        let n = try number(value, name)
        guard n == n.rounded(), abs(n) < 1e15 else {
            throw SessionError("invalidArgument", "'\(name)' takes a whole number, got \(n)")
        }
        return Int(n)
    }

    /// A count of grapheme clusters: a whole number of at least 0.
    private static func count(_ value: JSONValue, _ name: String) throws(SessionError) -> Int {
        let n = try integer(value, name)
        guard n >= 0 else { throw SessionError("invalidArgument", "'\(name)' takes a count of at least 0, got \(n)") }
        return n
    }

    static func errorLine(_ error: SessionError) -> String {
        var out = "{\"error\":{\"code\":"
        writeJSONString(error.code, to: &out)
        out += ",\"message\":"
        writeJSONString(error.message, to: &out)
        out += "}}"
        return out
    }
}

extension EditorSnapshot {
    /// The snapshot as one compact JSON object, keys in the order of `textlayout edit`'s output;
    /// offsets in UTF-16 code units, numbers as the batch format writes them.
    public var json: String {
        var out = "{\"text\":"
        writeJSONString(text, to: &out)
        out += ",\"displayText\":"; writeJSONString(displayText, to: &out)
        out += ",\"formattedText\":"; writeJSONString(formattedText, to: &out)
        if let maskSpans {
            out += ",\"maskSpans\":["
            for (k, span) in maskSpans.enumerated() {
                out += (k == 0 ? "" : ",") + "{\"kind\":\"\(span.kind.rawValue)\",\"range\":[\(span.range.lowerBound),\(span.range.upperBound)]}"
            }
            out += "]"
        }
        out += ",\"showsPlaceholder\":\(showsPlaceholder)"
        out += ",\"caret\":\(caret)"
        out += ",\"selection\":[\(selection.lowerBound),\(selection.upperBound)]"
        out += ",\"state\":\"\(state.rawValue)\""
        out += ",\"helperText\":"; if let helperText { writeJSONString(helperText, to: &out) } else { out += "null" }
        out += ",\"counter\":"; if let counter { writeJSONString(counter, to: &out) } else { out += "null" }
        out += ",\"isMatched\":\(isMatched.map { "\($0)" } ?? "null")"
        out += ",\"lineCount\":\(lineCount)"
        out += ",\"height\":"; writeJSONNumber(height, to: &out)
        out += ",\"contentHeight\":"; writeJSONNumber(contentHeight, to: &out)
        out += ",\"isScrollable\":\(isScrollable)"
        out += ",\"caretRect\":{\"x\":"; writeJSONNumber(caretRect.x, to: &out)
        out += ",\"y\":"; writeJSONNumber(caretRect.y, to: &out)
        out += ",\"width\":"; writeJSONNumber(caretRect.width, to: &out)
        out += ",\"height\":"; writeJSONNumber(caretRect.height, to: &out)
        out += "},\"selectionRects\":["
        for (k, rect) in selectionRects.enumerated() {
            out += k == 0 ? "{\"x\":" : ",{\"x\":"
            writeJSONNumber(rect.x, to: &out)
            out += ",\"y\":"; writeJSONNumber(rect.y, to: &out)
            out += ",\"width\":"; writeJSONNumber(rect.width, to: &out)
            out += ",\"height\":"; writeJSONNumber(rect.height, to: &out)
            out += "}"
        }
        out += "],\"rejected\":\(rejected)}"
        return out
    }
}
