// The one reader of JSON objects and fields at the boundary: allowed keys, typed fields, errors that name the key.
import TextLayout

/// One JSON value read as a typed field, whose errors name it.
///
/// Absent and `null` read as nil: every field is optional to the reader, and the caller decides
/// what is required. A value of the wrong type throws a ``BoundaryError`` with the caller's code,
/// saying what the field `must be` (a key of an object) or `takes` (an event).
public struct JSONField {
    /// The value, nil when absent.
    public let value: JSONValue?
    /// What the name starts with (an object's path: `insets.`), kept apart from ``key`` so that a
    /// field read without error builds no name.
    private let prefix: String
    private let key: String
    /// The code of the errors it throws.
    public let code: BoundaryErrorCode
    /// `must be` for a key of an object, `takes` for an event.
    public let verb: String

    public init(_ value: JSONValue?, name: String, code: BoundaryErrorCode, verb: String = "must be") {
        self.init(value, prefix: "", key: name, code: code, verb: verb)
    }

    init(_ value: JSONValue?, prefix: String, key: String, code: BoundaryErrorCode, verb: String = "must be") {
        self.value = value
        self.prefix = prefix
        self.key = key
        self.code = code
        self.verb = verb
    }

    /// The field's name as messages quote it: `insets.top`, `select[0]`.
    public var name: String { prefix + key }

    /// The error for a value that is not `expected`, about this field.
    public func mistake(_ expected: String) -> BoundaryError {
        mistake(saying: "\(expected), got \(value?.typeName ?? "nothing")")
    }

    /// The error `'<name>' <verb> <what>`, about this field, with `code` (the field's own when nil).
    public func mistake(saying what: String, code mistakeCode: BoundaryErrorCode? = nil) -> BoundaryError {
        BoundaryError(mistakeCode ?? code, "'\(name)' \(verb) \(what)", keys: [name])
    }

    public func string(expecting expected: String = "a string") throws(BoundaryError) -> String? {
        switch value {
        case nil, .null?: return nil
        case let .string(s)?: return s
        default: throw mistake(expected)
        }
    }

    public func number(expecting expected: String = "a number") throws(BoundaryError) -> Double? {
        switch value {
        case nil, .null?: return nil
        case let .number(n, _)?: return n
        default: throw mistake(expected)
        }
    }

    public func bool() throws(BoundaryError) -> Bool? {
        switch value {
        case nil, .null?: return nil
        case let .bool(b)?: return b
        default: throw mistake("true or false")
        }
    }

    /// A whole number below `limit` in size; `code` for a number that is not whole (the field's
    /// own code when nil).
    public func integer(below limit: Double = 1e9, code wholeCode: BoundaryErrorCode? = nil) throws(BoundaryError) -> Int? {
        guard let n = try number() else { return nil }
        guard n == n.rounded(), abs(n) < limit else {
            throw mistake(saying: "a whole number, got \(plainNumber(n))", code: wholeCode)
        }
        return Int(n)
    }

    /// One of the raw values of `Choice`; any other value, a string or not, is a mistake that lists them.
    public func choice<Choice: RawRepresentable & CaseIterable>(_ type: Choice.Type = Choice.self) throws(BoundaryError) -> Choice?
    where Choice.RawValue == String {
        // (The list is written only for a mistake: a job reads several choices.)
        func allowed() -> String { Choice.allCases.map(\.rawValue).joined(separator: ", ") }
        switch value {
        case nil, .null?: return nil
        case let .string(text)?:
            guard let choice = Choice(rawValue: text) else { throw mistake(saying: "one of \(allowed()), got '\(text)'") }
            return choice
        default: throw mistake("one of \(allowed())")
        }
    }
}

/// A JSON object checked against the keys it may have, whose fields are read by name.
public struct JSONObjectReader {
    /// The object.
    public let value: JSONValue
    /// What its keys' names start with in messages: `insets.` for the insets of a job.
    public let path: String
    /// The code of the errors it and its fields throw.
    public let code: BoundaryErrorCode
    /// The object's members, kept apart from ``value`` so that reading a field scans them without
    /// taking the object out of its enum (and retaining and releasing its storage) each time.
    private let members: [(String, JSONValue)]
    /// Each member's ``keyWord(_:)``, in the members' order: a field is found by comparing words,
    /// and a key's code units only where the words agree (a job reads about 45 fields of its 5 to
    /// 15 members, most of them absent).
    private let memberKeyWords: [UInt64]

    /// Checks that `value` is an object whose keys are all in `keys`.
    /// - Parameters:
    ///   - name: how a message names the object: `a job`, `'insets'`.
    ///   - expected: what it must be, as in `<name> must be <expected>, got an array`.
    ///   - owner: how a message names it in `<owner> may have: <keys>`: `a job`, `insets`.
    ///   - keyNoun: what a message calls an unknown key: `key`, `config key`.
    /// - Throws: ``BoundaryError`` with `code` for a value that is not an object or an unknown key.
    public init(_ value: JSONValue, keys: [String], code: BoundaryErrorCode, path: String = "",
                name: String, expected: String = "an object", owner: String, keyNoun: String = "key") throws(BoundaryError) {
        guard case let .object(members) = value else {
            throw BoundaryError(code, "\(name) must be \(expected), got \(value.typeName)")
        }
        if let unknown = members.first(where: { member in !keys.contains { $0.hasSameCodeUnits(as: member.0) } }) {
            throw BoundaryError(code, "unknown \(keyNoun) '\(path)\(unknown.0)'; \(owner) may have: \(keys.joined(separator: ", "))")
        }
        self.value = value
        self.members = members
        memberKeyWords = members.map { Self.keyWord($0.0) }
        self.path = path
        self.code = code
    }

    /// The field `key`. (An object the parser read holds each key once: ``parseJSON(_:maxDepth:)``
    /// refuses a repeated one, and the boundary formats refuse it by its path; in an object made
    /// otherwise, the last one written.)
    public func field(_ key: String) -> JSONField {
        let word = Self.keyWord(key)
        // The last member so named, as JSONValue.value(of:in:) finds it; a key of seven bytes
        // or fewer is its word.
        for k in memberKeyWords.indices.reversed() where memberKeyWords[k] == word {
            if word >> 56 <= 7 || members[k].0.hasSameCodeUnits(as: key) {
                return JSONField(members[k].1, prefix: path, key: key, code: code)
            }
        }
        return JSONField(nil, prefix: path, key: key, code: code)
    }

    /// A key's length (up to 255) in the top byte and its first seven bytes below: keys whose
    /// words differ differ.
    static func keyWord(_ key: String) -> UInt64 {
        var key = key
        return key.withUTF8 { utf8 in
            var word: UInt64 = 0
            withUnsafeMutableBytes(of: &word) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(utf8).prefix(7))) }
            return UInt64(littleEndian: word) | UInt64(min(utf8.count, 255)) << 56
        }
    }

    public func string(_ key: String, expecting expected: String = "a string") throws(BoundaryError) -> String? {
        try field(key).string(expecting: expected)
    }

    public func number(_ key: String, expecting expected: String = "a number") throws(BoundaryError) -> Double? {
        try field(key).number(expecting: expected)
    }

    public func integer(_ key: String) throws(BoundaryError) -> Int? { try field(key).integer() }

    public func bool(_ key: String) throws(BoundaryError) -> Bool? { try field(key).bool() }

    public func choice<Choice: RawRepresentable & CaseIterable>(_ key: String, _ type: Choice.Type = Choice.self) throws(BoundaryError) -> Choice?
    where Choice.RawValue == String {
        try field(key).choice(type)
    }

    /// The object at `key`, checked as ``init(_:keys:code:path:name:expected:owner:keyNoun:)``
    /// does, its keys named `<path><key>.<its key>`; nil when absent or null.
    public func object(_ key: String, keys: [String], expected: String, owner: String) throws(BoundaryError) -> JSONObjectReader? {
        guard let member = field(key).value, member != .null else { return nil }
        return try JSONObjectReader(member, keys: keys, code: code, path: path + key + ".", name: "'\(path)\(key)'",
                                    expected: expected, owner: owner)
    }
}
