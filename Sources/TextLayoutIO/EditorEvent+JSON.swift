// An editing session's event lines: the JSON name and value of each editor event, read in one table.
import TextEditing
import TextLayout

extension EditorEvent {
    /// Each event's JSON name and how its value is read (throwing ``BoundaryError``), in the order
    /// messages and the usage list them: the one table of the session's events.
    static let decoders: [(name: String, decode: @Sendable (JSONField) throws -> EditorEvent)] = [
        ("insert", { .insert(try required($0.string(), $0, "a string")) }),
        ("insertPlaceholder", { .insertInlineObject(try InlineObject(json: $0.value ?? .null, name: $0.name, code: .invalidEvent)) }),
        ("paste", { .paste(try required($0.string(), $0, "a string")) }),
        ("deleteBackward", { .deleteBackward(try count($0)) }),
        ("deleteForward", { .deleteForward(try count($0)) }),
        ("caret", { .caret(try offset($0)) }),
        ("select", { field in
            let (anchor, caret) = try pair(field, "[start, end] (UTF-16 offsets)")
            return .select(anchor: try offset(anchor), caret: try offset(caret))
        }),
        ("focus", { .focus(try required($0.bool(), $0, "true or false")) }),
        ("advance", { .advance(try required($0.number(), $0, "a number")) }),
        ("setText", { field in
            // A string, or the text with the objects of its U+FFFC characters.
            let expected = "a string or {\"text\", \"placeholders\"}"
            guard case .object = field.value else { return .setText(try required(field.string(expecting: expected), field, expected)) }
            let object = try JSONObjectReader(field.value ?? .null, keys: ["text", "placeholders"], code: .invalidEvent, path: "setText.",
                                              name: "'setText'", owner: "setText")
            let text = try required(object.string("text"), object.field("text"), "a string")
            return .setText(text, inlineObjects: try InlineObject.readList(object.field("placeholders").value, key: "setText.placeholders", code: .invalidEvent))
        }),
        ("append", { .append(try required($0.string(), $0, "a string")) }),
        ("setEnabled", { .setEnabled(try required($0.bool(), $0, "true or false")) }),
        ("setWidth", { .setEditorWidth(try required($0.number(), $0, "a number")) }),
        ("tap", { field in
            let (x, y) = try pair(field, "[x, y] (pixels in the editor's box)")
            return .tap(x: try required(x.number(), x, "a number"), y: try required(y.number(), y, "a number"))
        }),
        ("move", { field in
            let movements = CaretMovement.allCases.map(\.rawValue).joined(separator: ", ")
            guard case let .string(name)? = field.value, let movement = CaretMovement(rawValue: name) else {
                throw BoundaryError(.invalidEvent, "'move' takes one of \(movements), got \(field.value?.serialized.prefix(40) ?? "nothing")")
            }
            return .move(movement)
        }),
        ("setMarkedText", { .setMarkedText(try required($0.string(), $0, "a string"), selectedRange: nil) }),
        ("unmarkText", { try only(.unmarkText, $0) }),
        ("cancelComposition", { try only(.cancelComposition, $0) }),
        ("undo", { try only(.undo, $0) }),
        ("redo", { try only(.redo, $0) }),
        ("deleteWordBackward", { .deleteWordBackward(try count($0)) }),
        ("deleteWordForward", { .deleteWordForward(try count($0)) }),
        ("deleteToLineStart", { try only(.deleteToLineStart, $0) }),
        ("selectWord", { .selectWord(try target($0)) }),
        ("selectParagraph", { .selectParagraph(try target($0)) }),
        ("selectAll", { try only(.selectAll, $0) }),
    ]

    /// The key that may stand next to an event's own: `selectedRange` with `setMarkedText`.
    static let companionKeys = ["selectedRange": "setMarkedText"]

    /// The events' JSON names, in the table's order.
    public static var names: [String] { decoders.map(\.name) }

    /// Reads an event line: an object with one key, the event's name, whose value is its argument,
    /// such as `{"insert": "Hi"}`, `{"select": [0, 2]}` or `{"move": "wordLeft"}`.
    /// - Throws: ``BoundaryError`` `invalidEvent` for an unknown event or a value of the wrong
    ///   type, `invalidArgument` for a number that is not a whole one or a negative count.
    public init(json event: JSONValue) throws(BoundaryError) {
        let allowed = Self.names.joined(separator: ", ")
        guard case let .object(eventMembers) = event else {
            throw BoundaryError(.invalidEvent, "an event must be an object with one key (\(allowed)), got \(event.typeName)")
        }
        // {"setMarkedText": "にほ", "selectedRange": [2, 2]}: the companion read with its event.
        var members = eventMembers
        let companion = members.firstIndex { member in
            Self.companionKeys[member.0].map { event in members.contains { $0.0 == event } } ?? false
        }.map { members.remove(at: $0) }
        if let unknown = members.first(where: { member in !Self.names.contains { $0.hasSameCodeUnits(as: member.0) } }) {
            let hint = unknown.0 == "config" ? "'config' is only allowed on the first line" : "unknown event '\(unknown.0)'"
            let companion = Self.companionKeys[unknown.0].map { "'\(unknown.0)' goes with '\($0)'" }
            throw BoundaryError(.invalidEvent, "\(companion ?? hint); the events are: \(allowed)")
        }
        guard members.count == 1 else {
            throw BoundaryError(.invalidEvent, "an event has exactly one key, got \(members.count): \(members.map(\.0).joined(separator: ", "))")
        }
        let (name, value) = members[0]
        let decode = Self.decoders.first { $0.name.hasSameCodeUnits(as: name) }!.decode
        do {
            self = try decode(JSONField(value, name: name, code: .invalidEvent, verb: "takes"))
            if case let .setMarkedText(text, _) = self, let companion {
                let (start, end) = try Self.pair(JSONField(companion.1, name: companion.0, code: .invalidEvent, verb: "takes"),
                                                 "[start, end] (UTF-16 offsets within the marked text)")
                let range = (try Self.offset(start), try Self.offset(end))
                guard range.0 <= range.1 else {
                    throw BoundaryError(.editor(.invalidArgument), "'selectedRange' takes [start, end] with start <= end, got [\(range.0), \(range.1)]", keys: ["selectedRange"])
                }
                self = .setMarkedText(text, selectedRange: range.0..<range.1)
            }
        } catch {
            throw BoundaryError(error)
        }
    }

    /// The event of a key whose only value is `true` (`{"undo": true}`).
    private static func only(_ event: EditorEvent, _ field: JSONField) throws(BoundaryError) -> EditorEvent {
        guard case .bool(true)? = field.value else { throw field.mistake(saying: "true, got \(field.value?.serialized.prefix(40) ?? "nothing")") }
        return event
    }

    /// A double or triple tap's target: a UTF-16 offset, or {"x", "y"} in the editor's box.
    private static func target(_ field: JSONField) throws(BoundaryError) -> EditorTarget {
        switch field.value {
        case .object?: break
        case .number?: return .offset(try offset(field))
        default: throw field.mistake(saying: "a UTF-16 offset or {\"x\", \"y\"} (pixels in the editor's box), got \(field.value?.serialized.prefix(40) ?? "nothing")")
        }
        let point = try JSONObjectReader(field.value ?? .null, keys: ["x", "y"], code: .invalidEvent, path: field.name + ".",
                                         name: "'\(field.name)'", owner: field.name)
        return .point(x: try required(point.number("x"), point.field("x"), "a number"), y: try required(point.number("y"), point.field("y"), "a number"))
    }

    /// `value`, read from `field`; null is not `expected`.
    private static func required<Value>(_ value: Value?, _ field: JSONField, _ expected: String) throws(BoundaryError) -> Value {
        guard let value else { throw field.mistake(expected) }
        return value
    }

    /// A UTF-16 offset: a whole number (its range is the editor's to check).
    private static func offset(_ field: JSONField) throws(BoundaryError) -> Int {
        try required(field.integer(below: 1e15, code: .editor(.invalidArgument)), field, "a number")
    }

    /// A count of grapheme clusters: a whole number of at least 0.
    private static func count(_ field: JSONField) throws(BoundaryError) -> Int {
        let n = try offset(field)
        guard n >= 0 else { throw field.mistake(saying: "a count of at least 0, got \(n)", code: .editor(.invalidArgument)) }
        return n
    }

    /// The two elements of a two-element array, named `<name>[0]` and `<name>[1]`.
    private static func pair(_ field: JSONField, _ shape: String) throws(BoundaryError) -> (JSONField, JSONField) {
        guard case let .array(ends)? = field.value, ends.count == 2 else {
            throw field.mistake(saying: "\(shape), got \(field.value?.serialized.prefix(40) ?? "nothing")")
        }
        return (JSONField(ends[0], name: field.name + "[0]", code: field.code, verb: field.verb),
                JSONField(ends[1], name: field.name + "[1]", code: field.code, verb: field.verb))
    }
}
