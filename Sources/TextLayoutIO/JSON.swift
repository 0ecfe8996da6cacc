// The JSON parser of every boundary format: exact errors with positions, numbers kept as written, keys in order, no Foundation.
import TextLayout

/// A parsed JSON value. Objects keep their keys in the order written. Strings and keys compare by
/// their code units, as JSON does, not by canonical equivalence as Swift's `String ==` does.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double, literal: String)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case let (.bool(a), .bool(b)): a == b
        case let (.number(a, _), .number(b, _)): a == b
        case let (.string(a), .string(b)): a.hasSameCodeUnits(as: b)
        case let (.array(a), .array(b)): a == b
        case let (.object(a), .object(b)): a.count == b.count && zip(a, b).allSatisfy { $0.0.hasSameCodeUnits(as: $1.0) && $0.1 == $1.1 }
        default: false
        }
    }

    /// The value of `key` in an object (the last one written, as most readers do), or nil.
    public subscript(key: String) -> JSONValue? {
        guard case let .object(members) = self else { return nil }
        return members.last { $0.0.hasSameCodeUnits(as: key) }?.1
    }

    /// The number the value holds, or nil when it is not a number.
    public var number: Double? {
        if case let .number(n, _) = self { return n }
        return nil
    }

    /// A short name of the value's type, for error messages.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The value written as compact JSON (numbers as they were written).
    public var serialized: String {
        var writer = JSONWriter()
        writer.value(self)
        return writer.text
    }

}

/// A JSON text that could not be read, with the byte position where reading stopped.
public struct JSONError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public let offset: Int
    /// Whether the text is not valid UTF-8 (rather than not valid JSON).
    public var isInvalidUTF8 = false

    public init(message: String, offset: Int, isInvalidUTF8: Bool = false) {
        self.message = message
        self.offset = offset
        self.isInvalidUTF8 = isInvalidUTF8
    }
    public var description: String { "\(message) at byte \(offset + 1)" }
}

/// Parses one JSON text from UTF-8 bytes (whitespace around it allowed, nothing after it).
public func parseJSON(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int = 64) throws(JSONError) -> JSONValue {
    var parser = JSONParser(bytes: bytes, maxDepth: maxDepth)
    parser.skipWhitespace()
    let value = try parser.value(depth: 0)
    parser.skipWhitespace()
    guard parser.position == bytes.count else { throw parser.error("unexpected text after the JSON value") }
    return value
}

/// Parses one JSON text from a string.
public func parseJSON(_ text: String) throws(JSONError) -> JSONValue {
    var text = text
    let result: Result<JSONValue, JSONError> = text.withUTF8 { bytes in
        do throws(JSONError) { return .success(try parseJSON(bytes)) } catch { return .failure(error) }
    }
    return try result.get()
}

private struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    var position = 0

    func error(_ message: String) -> JSONError { JSONError(message: message, offset: position) }

    mutating func skipWhitespace() {
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
    }

    mutating func value(depth: Int) throws(JSONError) -> JSONValue {
        guard depth <= maxDepth else { throw error("JSON nested deeper than \(maxDepth) levels") }
        guard position < bytes.count else { throw error("unexpected end of the JSON text") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw error("unexpected character '\(Character(Unicode.Scalar(bytes[position])))'")
        }
    }

    mutating func literal(_ word: StaticString) throws(JSONError) {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count,
              (0..<count).allSatisfy({ bytes[position + $0] == word.utf8Start[$0] }) else {
            throw error("unexpected word (expected \(word))")
        }
        position += count
    }

    mutating func object(depth: Int) throws(JSONError) -> JSONValue {
        position += 1
        var members: [(String, JSONValue)] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") { position += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw error("expected a string key") }
            let key = try string()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw error("expected ':' after a key") }
            position += 1
            skipWhitespace()
            members.append((key, try value(depth: depth + 1)))
            skipWhitespace()
            guard position < bytes.count else { throw error("unexpected end inside an object") }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            if bytes[position] == UInt8(ascii: "}") { position += 1; return .object(members) }
            throw error("expected ',' or '}' in an object")
        }
    }

    mutating func array(depth: Int) throws(JSONError) -> JSONValue {
        position += 1
        var values: [JSONValue] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") { position += 1; return .array(values) }
        while true {
            skipWhitespace()
            values.append(try value(depth: depth + 1))
            skipWhitespace()
            guard position < bytes.count else { throw error("unexpected end inside an array") }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            if bytes[position] == UInt8(ascii: "]") { position += 1; return .array(values) }
            throw error("expected ',' or ']' in an array")
        }
    }

    mutating func number() throws(JSONError) -> JSONValue {
        let start = position
        func digits(_ p: inout JSONParser) -> Int {
            let from = p.position
            while p.position < p.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(p.bytes[p.position]) { p.position += 1 }
            return p.position - from
        }
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        let intStart = position
        guard digits(&self) > 0 else { throw error("expected digits in a number") }
        if bytes[intStart] == UInt8(ascii: "0"), position - intStart > 1 { throw JSONError(message: "a number may not start with 0", offset: intStart) }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard digits(&self) > 0 else { throw error("expected digits after '.'") }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard digits(&self) > 0 else { throw error("expected digits in an exponent") }
        }
        let literal = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let value = Double(literal) else { throw JSONError(message: "'\(literal)' is not a number", offset: start) }
        return .number(value, literal: literal)
    }

    mutating func string() throws(JSONError) -> String {
        position += 1
        let start = position
        // The common case: no escapes, so the string is a slice of the input, decoded once.
        while position < bytes.count, bytes[position] != UInt8(ascii: "\""), bytes[position] != UInt8(ascii: "\\"),
              bytes[position] >= 0x20 {
            position += 1
        }
        guard position < bytes.count else { throw error("unterminated string") }
        if bytes[position] == UInt8(ascii: "\"") {
            position += 1
            return try decoded(UnsafeBufferPointer(rebasing: bytes[start..<(position - 1)]), at: start)
        }
        var text = Array(UnsafeBufferPointer(rebasing: bytes[start..<position]))
        while true {
            guard position < bytes.count else { throw error("unterminated string") }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return try text.withUnsafeBufferPointer { buffer throws(JSONError) in try decoded(buffer, at: start) }
            }
            if byte < 0x20 { throw error("a control character must be escaped in a string") }
            if byte != UInt8(ascii: "\\") {
                text.append(byte)
                position += 1
                continue
            }
            position += 1
            guard position < bytes.count else { throw error("unterminated escape") }
            let escape = bytes[position]
            position += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
            case UInt8(ascii: "b"): text.append(0x08)
            case UInt8(ascii: "f"): text.append(0x0C)
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "r"): text.append(0x0D)
            case UInt8(ascii: "t"): text.append(0x09)
            case UInt8(ascii: "u"):
                var unit = try hex4()
                if (0xD800..<0xDC00).contains(unit), position + 1 < bytes.count,
                   bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") {
                    let save = position
                    position += 2
                    let low = try hex4()
                    if (0xDC00..<0xE000).contains(low) {
                        unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        position = save
                    }
                }
                // A lone surrogate cannot be text: it becomes U+FFFD, as UTF-16 decoders do.
                text.append(contentsOf: String(Character(Unicode.Scalar(unit) ?? "\u{FFFD}")).utf8)
            default: throw error("unknown escape '\\\(Character(Unicode.Scalar(escape)))'")
            }
        }
    }

    /// The string of UTF-8 `bytes`, which must be valid.
    func decoded(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) throws(JSONError) -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw JSONError(message: "a string is not valid UTF-8", offset: offset, isInvalidUTF8: true)
        }
        return text
    }

    mutating func hex4() throws(JSONError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw error("expected 4 hex digits after \\u") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = Character(Unicode.Scalar(bytes[position])).hexDigitValue else { throw error("expected 4 hex digits after \\u") }
            value = value * 16 + UInt32(digit)
            position += 1
        }
        return value
    }
}
