// The one JSON writer of the boundary formats: keys in the order they are written, numbers as the batch format writes them.

/// Writes one compact JSON text, keys and values in the order they are given.
///
/// Containers are written with ``object(_:)`` and ``array(_:)``; inside an object each member is
/// ``key(_:)`` followed by one value, or one of the `field` shorthands. Commas come by themselves.
public struct JSONWriter {
    /// The JSON written so far.
    public private(set) var text = ""
    /// Whether a value was written in the innermost container, so the next needs a comma.
    private var needsComma = false

    public init() {}

    /// Writes an object whose members `body` writes.
    public mutating func object(_ body: (inout JSONWriter) throws -> Void) rethrows {
        try container("{", "}", body)
    }

    /// Writes an array whose elements `body` writes.
    public mutating func array(_ body: (inout JSONWriter) throws -> Void) rethrows {
        try container("[", "]", body)
    }

    private mutating func container(_ open: String, _ close: String, _ body: (inout JSONWriter) throws -> Void) rethrows {
        separate()
        text += open
        needsComma = false
        try body(&self)
        text += close
        needsComma = true
    }

    /// Writes a member's key; the next value written is its value.
    public mutating func key(_ name: String) {
        separate()
        Self.appendString(name, to: &text)
        text += ":"
        needsComma = false
    }

    public mutating func string(_ value: String) {
        separate()
        Self.appendString(value, to: &text)
        needsComma = true
    }

    /// A number: whole numbers without a fraction, others in Swift's shortest form that reads
    /// back to the same Double; a value that is not finite (which no result holds) as null.
    public mutating func number(_ value: Double) {
        separate()
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
            text += String(Int(value))
        } else if value.isFinite {
            text += value.description
        } else {
            text += "null"
        }
        needsComma = true
    }

    public mutating func integer(_ value: Int) {
        separate()
        text += String(value)
        needsComma = true
    }

    public mutating func bool(_ value: Bool) {
        separate()
        text += value ? "true" : "false"
        needsComma = true
    }

    public mutating func null() {
        separate()
        text += "null"
        needsComma = true
    }

    /// A parsed value as it was read (numbers as they were written).
    public mutating func value(_ value: JSONValue) {
        switch value {
        case .null: null()
        case let .bool(b): bool(b)
        case let .number(_, literal):
            separate()
            text += literal
            needsComma = true
        case let .string(s): string(s)
        case let .array(values): array { for value in values { $0.value(value) } }
        case let .object(members): object { for (name, value) in members { $0.key(name); $0.value(value) } }
        }
    }

    public mutating func field(_ name: String, _ value: String) { key(name); string(value) }
    public mutating func field(_ name: String, _ value: String?) { key(name); if let value { string(value) } else { null() } }
    public mutating func field(_ name: String, _ value: Double) { key(name); number(value) }
    public mutating func field(_ name: String, _ value: Int) { key(name); integer(value) }
    public mutating func field(_ name: String, _ value: Bool) { key(name); bool(value) }
    public mutating func field(_ name: String, _ value: Bool?) { key(name); if let value { bool(value) } else { null() } }
    public mutating func field(_ name: String, _ value: JSONValue) { key(name); self.value(value) }

    private mutating func separate() {
        if needsComma { text += "," }
    }

    /// Appends `s` to `out` as a JSON string literal: quotes, backslashes and control characters
    /// escaped, everything else as it is.
    static func appendString(_ s: String, to out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
