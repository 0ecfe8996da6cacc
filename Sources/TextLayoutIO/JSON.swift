// The JSON parser of every boundary format: exact errors with positions, numbers kept as written, keys in order, repeated keys and lone surrogates found by their paths, no Foundation.
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

    /// The value of `key` in an object, or nil (the last one written, in an object made with a
    /// key twice: ``parseJSON(_:maxDepth:)`` refuses such objects).
    public subscript(key: String) -> JSONValue? {
        guard case let .object(members) = self else { return nil }
        return Self.value(of: key, in: members)
    }

    /// The value of the last of an object's `members` named `key` (code unit for code unit), or
    /// nil. (A loop, not `last(where:)`, whose closure and copies of each member cost a batch job
    /// about a tenth of its instructions, its request's every field read through here.)
    static func value(of key: String, in members: [(String, JSONValue)]) -> JSONValue? {
        for k in members.indices.reversed() where members[k].0.hasSameCodeUnits(as: key) { return members[k].1 }
        return nil
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

/// A JSON text read: its value, and what the value cannot show, which the boundary formats
/// refuse (a key given twice) or warn of (a lone surrogate).
public struct JSONDocument: Sendable {
    public let value: JSONValue
    /// The first key an object holds twice, by its path; nil when no object repeats a key.
    /// JSON allows it, but a reader keeps one value (the last), so the other is lost silently:
    /// every format the project reads refuses it.
    public let repeatedKey: RepeatedJSONKey?
    /// Each lone surrogate an escape wrote in a string (`"\ud800"`), which no text can hold: read
    /// as U+FFFD, as UTF-16 decoders do. In the order read.
    public let loneSurrogates: [LoneSurrogate]
}

/// A key an object of a JSON text holds twice.
public struct RepeatedJSONKey: Sendable, Equatable {
    /// Where the key stands, as the boundary's messages name keys: `weight`, `insets.top`,
    /// `spans[1].size` (`[0].size` in a list).
    public let path: String
    /// The byte offset of its second appearance.
    public let offset: Int

    /// `the key 'spans[1].size' is given twice; ...`.
    public var message: String { "the key '\(path)' is given twice; a key may be given once (a reader would keep only one of its values)" }
}

/// A lone surrogate in a string of a JSON text (an escape of a UTF-16 half with no other half),
/// read as U+FFFD.
public struct LoneSurrogate: Sendable, Equatable {
    /// The path of the string that held it (as ``RepeatedJSONKey/path`` names keys); for a
    /// surrogate in a key, the key's own path (with U+FFFD in it).
    public let path: String
    /// The code unit, from 0xD800 to 0xDFFF.
    public let unit: UInt16
    /// Where it stands in its string, in UTF-16 code units: where the U+FFFD now stands.
    public let offset: Int

    /// The warning the result or snapshot of the line that held it gives.
    public var warning: String {
        let hex = String(unit, radix: 16, uppercase: true)
        return "'\(path)' holds a lone surrogate, \\u\(hex), at UTF-16 offset \(offset): it is no character, so it is read as U+FFFD"
    }
}

/// Reads one JSON text from UTF-8 bytes (whitespace around it allowed, nothing after it), with
/// what its value cannot show (``JSONDocument``).
public func readJSON(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int = 64) throws(JSONError) -> JSONDocument {
    var parser = JSONParser(bytes: bytes, maxDepth: maxDepth)
    parser.skipWhitespace()
    let value = try parser.value(depth: 0)
    parser.skipWhitespace()
    guard parser.position == bytes.count else { throw parser.error("unexpected text after the JSON value") }
    guard parser.repeatedKey == nil, parser.loneSurrogates.isEmpty else {
        // Read again, keeping the path to each value, for the paths the messages name: rare
        // enough that the common reading keeps none.
        var tracking = JSONParser(bytes: bytes, maxDepth: maxDepth, tracksPath: true)
        tracking.skipWhitespace()
        let value = try tracking.value(depth: 0)
        return JSONDocument(value: value, repeatedKey: tracking.repeatedKey, loneSurrogates: tracking.loneSurrogates)
    }
    return JSONDocument(value: value, repeatedKey: nil, loneSurrogates: [])
}

/// Reads one JSON text from a string (see ``readJSON(_:maxDepth:)``).
public func readJSON(_ text: String) throws(JSONError) -> JSONDocument {
    var text = text
    let result: Result<JSONDocument, JSONError> = text.withUTF8 { bytes in
        do throws(JSONError) { return .success(try readJSON(bytes)) } catch { return .failure(error) }
    }
    return try result.get()
}

/// Parses one JSON text from UTF-8 bytes (whitespace around it allowed, nothing after it).
/// - Throws: ``JSONError`` for a text that is not JSON, or for an object that holds a key twice
///   (``JSONDocument/repeatedKey``).
public func parseJSON(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int = 64) throws(JSONError) -> JSONValue {
    try readJSON(bytes, maxDepth: maxDepth).valueWithoutRepeatedKeys()
}

/// Parses one JSON text from a string (see ``parseJSON(_:maxDepth:)``).
public func parseJSON(_ text: String) throws(JSONError) -> JSONValue {
    try readJSON(text).valueWithoutRepeatedKeys()
}

extension JSONDocument {
    /// The value, when no object repeats a key.
    /// - Throws: ``JSONError`` naming the repeated key, at its second appearance.
    func valueWithoutRepeatedKeys() throws(JSONError) -> JSONValue {
        if let repeatedKey { throw JSONError(message: repeatedKey.message, offset: repeatedKey.offset) }
        return value
    }
}

private struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    var position = 0
    /// Whether ``path`` is kept: only when a first reading found something its messages name.
    var tracksPath = false
    /// The keys and list indices leading to the value being read: a key by where it stands, read
    /// again only for a message, so that reading a key costs no copy of it.
    var path: [PathStep] = []
    var repeatedKey: RepeatedJSONKey?
    var loneSurrogates: [LoneSurrogate] = []
    /// The lone surrogates of the string just read (unit, UTF-16 offset), until its path is known.
    var stringSurrogates: [(unit: UInt16, offset: Int)] = []

    enum PathStep {
        /// A key, by the byte offset of its opening quote.
        case key(at: Int)
        case index(Int)
    }

    /// The path as messages name keys: `spans[1].size`.
    var pathText: String {
        var text = ""
        for step in path {
            switch step {
            case let .key(offset):
                var reader = JSONParser(bytes: bytes, maxDepth: maxDepth, position: offset, tracksPath: false)
                let key = (try? reader.string()) ?? ""
                text += text.isEmpty ? key : "." + key
            case let .index(index): text += "[\(index)]"
            }
        }
        return text
    }

    /// Files the lone surrogates of the string just read under the current path.
    mutating func noteSurrogates() {
        guard !stringSurrogates.isEmpty else { return }
        let at = pathText
        loneSurrogates += stringSurrogates.map { LoneSurrogate(path: at, unit: $0.unit, offset: $0.offset) }
        stringSurrogates.removeAll()
    }

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
        case UInt8(ascii: "\""):
            let text = try string()
            noteSurrogates()
            return .string(text)
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
        /// The keys as UTF-8, once the object has too many to search one by one.
        var keySet: Set<[UInt8]>?
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") { position += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw error("expected a string key") }
            let keyOffset = position
            let key = try string()
            if tracksPath { path.append(.key(at: keyOffset)) }
            defer { if tracksPath { path.removeLast() } }
            noteSurrogates()
            if repeatedKey == nil, isRepeated(key, in: members, keySet: &keySet) {
                repeatedKey = RepeatedJSONKey(path: pathText, offset: keyOffset)
            }
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

    /// Whether `members` hold `key` already (code unit for code unit, as JSON compares keys):
    /// one by one for a few members, through `keySet` (made when first needed) for many, so that
    /// an object of a million keys is read in linear time.
    func isRepeated(_ key: String, in members: [(String, JSONValue)], keySet: inout Set<[UInt8]>?) -> Bool {
        if members.count < 16 {
            // By index, reading each key alone: a closure over the members copied each value.
            for index in members.indices where members[index].0.hasSameCodeUnits(as: key) { return true }
            return false
        }
        if keySet == nil { keySet = Set(members.map { Array($0.0.utf8) }) }
        return !keySet!.insert(Array(key.utf8)).inserted
    }

    mutating func array(depth: Int) throws(JSONError) -> JSONValue {
        position += 1
        var values: [JSONValue] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") { position += 1; return .array(values) }
        while true {
            skipWhitespace()
            if tracksPath { path.append(.index(values.count)) }
            defer { if tracksPath { path.removeLast() } }
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
                // A lone surrogate cannot be text: it becomes U+FFFD, as UTF-16 decoders do, and
                // is noted where it stands, for a warning.
                if Unicode.Scalar(unit) == nil {
                    stringSurrogates.append((UInt16(unit), String(decoding: text, as: UTF8.self).utf16.count))
                }
                text.append(contentsOf: String(Character(Unicode.Scalar(unit) ?? "\u{FFFD}")).utf8)
            default: throw error("unknown escape '\\\(Character(Unicode.Scalar(escape)))'")
            }
        }
    }

    /// The string of UTF-8 `bytes`, which must be valid.
    func decoded(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) throws(JSONError) -> String {
        // Decoded with repairs, then held to its bytes: a repair (U+FFFD for an invalid sequence)
        // changes them. (`String(validating:as:)` is generic over the encoding, and instantiating
        // its metadata cost each string more than the decoding.)
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.hasSameCodeUnits(as: bytes) else {
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
