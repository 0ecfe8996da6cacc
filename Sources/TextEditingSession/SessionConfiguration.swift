// Reads the first line of an editing session, {"config": {...}}, into an editor configuration with rule validators.
import TextEditing
import TextLayout
import TextLayoutBatch

/// Why a session line failed: a stable code for programs and a message that names what was wrong.
public struct SessionError: Error, Sendable {
    public let code: String
    public let message: String

    public init(_ code: String, _ message: String) {
        self.code = code
        self.message = message
    }

    static func config(_ message: String) -> SessionError { SessionError("invalidConfig", message) }
    static func event(_ message: String) -> SessionError { SessionError("invalidEvent", message) }

    init(_ error: any Error) {
        switch error {
        case let error as SessionError: self = error
        case let error as LayoutError: self.init(error.code.rawValue, error.message)
        case let error as EditorError: self.init(error.code.rawValue, error.message)
        case let error as BatchError: self.init("invalidConfig", error.message)
        default: self.init("internalError", "\(error)")
        }
    }
}

/// The keys of the `config` object: the layout keys of the batch format, then the editor's.
public enum SessionConfiguration {
    static let layoutKeys = ["font", "weight", "size", "width", "lineSpace", "minLines", "maxLines", "insets", "minHeight", "maxHeight"]
    static let editorKeys = ["text", "placeholder", "disabledPlaceholder", "enabled", "pattern", "labelText", "helperText",
                             "style", "border", "activeOnEditing", "maxLength", "lengthPolicy", "secure", "liveValidation",
                             "liveValidationInterval", "endEditingValidation", "mask"]
    public static let keys = layoutKeys + editorKeys

    /// Reads a `config` object. Layout keys are read by the batch format's own reader, so they
    /// mean exactly what they mean there.
    /// - Throws: ``SessionError`` naming an unknown key or a value of the wrong type; a font
    ///   that cannot be loaded is `unknownFont` or `badFontFile`.
    public static func read(_ config: JSONValue, fonts: FontContext) throws(SessionError) -> EditorConfiguration {
        guard case let .object(members) = config else {
            throw .config("'config' must be an object, got \(config.typeName)")
        }
        if let unknown = members.first(where: { !keys.contains($0.0) }) {
            throw .config("unknown config key '\(unknown.0)'; the config may have: \(keys.joined(separator: ", "))")
        }
        let layout: BatchJob
        do {
            layout = try BatchJob(.object(members.filter { layoutKeys.contains($0.0) } + [("text", .string(""))]))
        } catch {
            throw SessionError("invalidConfig", error.message)
        }
        let font: Font
        do {
            font = try layout.font(in: fonts)
        } catch {
            throw SessionError(error)
        }
        var c = EditorConfiguration(font: font, size: layout.size, width: layout.width, sizing: layout.sizing)
        c.text = try string(config, "text") ?? ""
        c.placeholder = try string(config, "placeholder") ?? ""
        c.disabledPlaceholder = try string(config, "disabledPlaceholder") ?? ""
        c.enabled = try bool(config, "enabled") ?? true
        c.pattern = try string(config, "pattern")
        c.labelText = try string(config, "labelText")
        c.helperText = try string(config, "helperText")
        c.style = try choice(config, "style", FieldStyle.self) ?? .outlined
        c.border = try border(config["border"]) ?? .none
        c.activeOnEditing = try bool(config, "activeOnEditing") ?? false
        c.maxLength = try integer(config, "maxLength")
        c.lengthPolicy = try choice(config, "lengthPolicy", LengthPolicy.self) ?? .reject
        c.secure = try bool(config, "secure") ?? false
        c.liveValidation = try RuleValidator.read(config["liveValidation"], "liveValidation")
        c.liveValidationInterval = try number(config, "liveValidationInterval") ?? 0.5
        c.endEditingValidation = try RuleValidator.read(config["endEditingValidation"], "endEditingValidation")
        c.mask = try mask(config["mask"], fonts: fonts)
        return c
    }

    static func string(_ object: JSONValue, _ key: String) throws(SessionError) -> String? {
        switch object[key] {
        case nil, .null?: return nil
        case let .string(s)?: return s
        case let other?: throw .config("'\(key)' must be a string, got \(other.typeName)")
        }
    }

    static func bool(_ object: JSONValue, _ key: String) throws(SessionError) -> Bool? {
        switch object[key] {
        case nil, .null?: return nil
        case let .bool(b)?: return b
        case let other?: throw .config("'\(key)' must be true or false, got \(other.typeName)")
        }
    }

    static func number(_ object: JSONValue, _ key: String) throws(SessionError) -> Double? {
        switch object[key] {
        case nil, .null?: return nil
        case let .number(n, _)?: return n
        case let other?: throw .config("'\(key)' must be a number, got \(other.typeName)")
        }
    }

    static func integer(_ object: JSONValue, _ key: String) throws(SessionError) -> Int? {
        guard let n = try number(object, key) else { return nil }
        guard n == n.rounded(), abs(n) < 1e9 else { throw .config("'\(key)' must be a whole number, got \(n)") }
        return Int(n)
    }

    static func choice<T: RawRepresentable & CaseIterable>(_ object: JSONValue, _ key: String, _ type: T.Type) throws(SessionError) -> T?
    where T.RawValue == String {
        guard let name = try string(object, key) else { return nil }
        guard let value = T(rawValue: name) else {
            throw .config("'\(key)' must be one of \(T.allCases.map(\.rawValue).joined(separator: ", ")), got '\(name)'")
        }
        return value
    }

    static func border(_ value: JSONValue?) throws(SessionError) -> Border? {
        guard let value, value != .null else { return nil }
        guard case let .object(members) = value else {
            throw .config("'border' must be an object with width and cornerRadius, got \(value.typeName)")
        }
        if let unknown = members.first(where: { !["width", "cornerRadius"].contains($0.0) }) {
            throw .config("unknown key 'border.\(unknown.0)'; border may have: width, cornerRadius")
        }
        return Border(width: try number(value, "width") ?? 1, cornerRadius: try number(value, "cornerRadius") ?? 0)
    }
}

extension SessionConfiguration {
    static let maskKeys = ["formats", "maskAppearance", "placeholders", "mode", "literalStyle", "placeholderStyle"]
    static let maskStyleKeys = ["color", "font", "size"]

    /// Reads `{"formats": [...], "maskAppearance": ..., "placeholders": {...}, "mode": ...,
    /// "literalStyle": {...}, "placeholderStyle": {...}}` into a mask with the default symbols
    /// (`d` ASCII digits, `w` letters, `*` anything).
    static func mask(_ value: JSONValue?, fonts: FontContext) throws(SessionError) -> InputMask? {
        guard let value, value != .null else { return nil }
        guard case let .object(members) = value else {
            throw .config("'mask' must be an object with \(maskKeys.joined(separator: ", ")), got \(value.typeName)")
        }
        if let unknown = members.first(where: { !maskKeys.contains($0.0) }) {
            throw .config("unknown key 'mask.\(unknown.0)'; a mask may have: \(maskKeys.joined(separator: ", "))")
        }
        guard case let .array(list)? = value["formats"], !list.isEmpty else {
            throw .config("'mask.formats' must be a non-empty list of formats such as [\"+7(ddd)ddd-dd-dd\"]")
        }
        var formats: [String] = []
        for item in list {
            guard case let .string(format) = item else { throw .config("'mask.formats' must hold strings, got \(item.typeName)") }
            formats.append(format)
        }
        var mask = InputMask(formats: formats)
        mask.appearance = try choice(value, "maskAppearance", MaskAppearance.self) ?? .leftOnly
        mask.mode = try choice(value, "mode", MaskMode.self) ?? .strict
        mask.literalStyle = try maskStyle(value["literalStyle"], "mask.literalStyle", fonts: fonts)
        mask.placeholderStyle = try maskStyle(value["placeholderStyle"], "mask.placeholderStyle", fonts: fonts)
        switch value["placeholders"] {
        case nil, .null?: break
        case let .object(pairs)?:
            for (symbol, placeholder) in pairs {
                guard case let .string(text) = placeholder, text.count == 1, symbol.count == 1 else {
                    throw .config("'mask.placeholders' maps a mask letter to one character, such as {\"d\": \"_\"}; got '\(symbol)': \(placeholder.serialized.prefix(20))")
                }
                mask.placeholders[Character(symbol)] = Character(text)
            }
        case let other?:
            throw .config("'mask.placeholders' must be an object such as {\"d\": \"_\"}, got \(other.typeName)")
        }
        return mask
    }
}

extension SessionConfiguration {
    /// Reads `{"color": "#rrggbb", "font": name or path, "size": px}` (every key optional) into
    /// the style of a mask's literals or placeholders; the colour and size are checked with the mask.
    static func maskStyle(_ value: JSONValue?, _ key: String, fonts: FontContext) throws(SessionError) -> MaskTextStyle? {
        guard let value, value != .null else { return nil }
        guard case let .object(members) = value else {
            throw .config("'\(key)' must be an object with \(maskStyleKeys.joined(separator: ", ")), got \(value.typeName)")
        }
        if let unknown = members.first(where: { !maskStyleKeys.contains($0.0) }) {
            throw .config("unknown key '\(key).\(unknown.0)'; a mask style may have: \(maskStyleKeys.joined(separator: ", "))")
        }
        var style = MaskTextStyle()
        switch value["color"] {
        case nil, .null?: break
        case let .string(color)?: style.color = color
        case let other?: throw .config("'\(key).color' must be a CSS hex colour such as \"#888888\", got \(other.typeName)")
        }
        switch value["size"] {
        case nil, .null?: break
        case let .number(size, _)?: style.size = size
        case let other?: throw .config("'\(key).size' must be a number of pixels, got \(other.typeName)")
        }
        switch value["font"] {
        case nil, .null?: break
        case let .string(name)?:
            do { style.font = try fonts.font(named: name) } catch { throw SessionError(error) }
        case let other?: throw .config("'\(key).font' must be a font name or file path, got \(other.typeName)")
        }
        return style
    }
}

/// A validator of the CLI: a rule, or a list of rules that must all pass, such as
/// `{"rule": "minLength", "value": 3, "message": "Too short"}`.
enum RuleValidator {
    static let ruleKeys = ["rule", "value", "message"]
    static let ruleNames = ["minLength", "maxLength", "pattern"]

    /// The validator for a rule or a list of rules; nil when absent.
    static func read(_ value: JSONValue?, _ key: String) throws(SessionError) -> Validator? {
        guard let value, value != .null else { return nil }
        var checks: [(accepts: (String) -> Bool, message: String?)] = []
        let rules: [JSONValue]
        if case let .array(list) = value { rules = list } else { rules = [value] }
        for rule in rules { checks.append(try read(rule: rule, key)) }
        return { text, complete in
            for check in checks where !check.accepts(text) {
                complete(.failure(message: check.message))
                return
            }
            complete(.success)
        }
    }

    private static func read(rule: JSONValue, _ key: String) throws(SessionError) -> (accepts: (String) -> Bool, message: String?) {
        guard case let .object(members) = rule else {
            throw .config("'\(key)' must be a rule {\"rule\", \"value\", \"message\"} or a list of rules, got \(rule.typeName)")
        }
        if let unknown = members.first(where: { !ruleKeys.contains($0.0) }) {
            throw .config("unknown key '\(key).\(unknown.0)'; a rule may have: \(ruleKeys.joined(separator: ", "))")
        }
        let message = try SessionConfiguration.string(rule, "message")
        guard let name = try SessionConfiguration.string(rule, "rule") else {
            throw .config("'\(key)' needs a 'rule': one of \(ruleNames.joined(separator: ", "))")
        }
        switch name {
        case "minLength", "maxLength":
            guard let limit = try SessionConfiguration.integer(rule, "value"), limit >= 0 else {
                throw .config("'\(key).value' of rule \(name) must be a whole number of at least 0")
            }
            // Lengths are counted in grapheme clusters, as the counter counts them.
            return name == "minLength" ? ({ $0.count >= limit }, message) : ({ $0.count <= limit }, message)
        case "pattern":
            guard let pattern = try SessionConfiguration.string(rule, "value") else {
                throw .config("'\(key).value' of rule pattern must be a regular expression as a string")
            }
            let regex: Regex<AnyRegexOutput>
            do { regex = try Regex(pattern) } catch {
                throw SessionError("invalidPattern", "'\(key).value' '\(pattern)' is not a valid regular expression: \(error)")
            }
            return ({ $0.wholeMatch(of: regex) != nil }, message)
        default:
            throw .config("unknown rule '\(name)' in '\(key)'; the rules are: \(ruleNames.joined(separator: ", "))")
        }
    }
}
