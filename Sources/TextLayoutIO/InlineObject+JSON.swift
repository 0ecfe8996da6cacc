// Inline objects read from JSON: one `{"width", "height", "align", "baseline"}` and the `placeholders` list of a job or a config.
import TextLayout

extension InlineObject {
    /// The keys an object may have.
    public static let keys = ["width", "height", "align", "baseline"]

    /// Reads one object, `{"width": 24, "height": 24, "align": "baseline", "baseline": 20}`:
    /// `width` and `height` required, `align` one of ``InlineObjectAlignment``'s raw values
    /// (default `baseline`), `baseline` optional (default the height).
    /// - Parameters:
    ///   - name: how errors name the object and prefix its keys: `placeholders[2]` (so
    ///     `placeholders[2].width`), `insertPlaceholder`.
    ///   - code: the code of the errors about its keys (`invalidJob`, `invalidConfig`, `invalidEvent`).
    /// - Throws: ``BoundaryError`` with `code` for a value that is not an object, an unknown key,
    ///   a missing size, a value of the wrong type or an unknown `align` (listing the values);
    ///   `invalidArgument` naming the key for a size out of range (``InlineObject/validate(name:)``).
    public init(json value: JSONValue, name: String, code: BoundaryErrorCode) throws(BoundaryError) {
        let object = try JSONObjectReader(value, keys: Self.keys, code: code, path: "\(name).", name: "'\(name)'",
                                          expected: "an object with \(Self.keys.joined(separator: ", "))", owner: "an inline object")
        guard let width = try object.number("width"), let height = try object.number("height") else {
            throw BoundaryError(code, "'\(name)' needs 'width' and 'height' (the object's size in pixels)", keys: [name])
        }
        self.init(width: width, height: height, align: try object.choice("align") ?? .baseline,
                  baseline: try object.number("baseline"))
        do { try validate(name: name) } catch { throw BoundaryError(error) }
    }

    /// Reads a list of objects at `key` (absent or null: none), each named `<key>[<index>]`.
    /// - Throws: ``BoundaryError`` as ``init(json:name:code:)`` does; with `code` for a value
    ///   that is not a list.
    public static func readList(_ value: JSONValue?, key: String = "placeholders", code: BoundaryErrorCode) throws(BoundaryError) -> [InlineObject] {
        guard let value, value != .null else { return [] }
        guard case let .array(items) = value else {
            throw BoundaryError(code, "'\(key)' must be a list of inline objects {\(keys.joined(separator: ", "))}, got \(value.typeName)",
                                keys: [key])
        }
        var objects: [InlineObject] = []
        for (index, item) in items.enumerated() { objects.append(try InlineObject(json: item, name: "\(key)[\(index)]", code: code)) }
        return objects
    }
}
