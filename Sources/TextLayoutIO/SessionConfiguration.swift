// Reads the first line of an editing session, {"config": {...}}, into an editor configuration with rule validators.
import TextEditing
import TextLayout

/// The keys of the `config` object: the layout keys of a ``LayoutRequest``, then the editor's.
public enum SessionConfiguration {
    static let editorKeys = ["text", "placeholder", "disabledPlaceholder", "enabled", "pattern", "labelText", "helperText",
                             "style", "border", "activeOnEditing", "maxLength", "lengthPolicy", "secure", "liveValidation",
                             "liveValidationInterval", "endEditingValidation", "mask", "shrinkWrap", "intrinsicWidths", "fit", "placeholders", "undoGroupPause", "undoLimit"]
    public static let keys = LayoutRequest.layoutKeys + editorKeys

    /// Reads a `config` object. Layout keys are read by the request's own reader, so they mean
    /// exactly what they mean in a batch job; `shrinkWrap` asks for the bubble width as a job's
    /// does, `intrinsicWidths` for the min-content and max-content widths, `fit` for a size fitted to the lines (as a job's), and `placeholders` are the text's inline objects, read as a job's are.
    /// - Throws: ``BoundaryError`` `invalidConfig` naming an unknown key or a value of the wrong
    ///   type; a font that cannot be loaded is `unknownFont` or `badFontFile`.
    public static func read(_ value: JSONValue, fonts: FontContext) throws(BoundaryError) -> EditorConfiguration {
        let config = try JSONObjectReader(value, keys: keys, code: .invalidConfig, name: "'config'", owner: "the config", keyNoun: "config key")
        var layout = LayoutRequest(text: "")
        try layout.readLayoutKeys(config)
        var c: EditorConfiguration
        do {
            c = EditorConfiguration(fonts: try layout.fonts(in: fonts), settings: layout.settings)
            c.settings.text = try layout.textSettings()
        } catch { throw BoundaryError(error) }
        c.text = try config.string("text") ?? ""
        c.placeholder = try config.string("placeholder") ?? ""
        c.disabledPlaceholder = try config.string("disabledPlaceholder") ?? ""
        c.enabled = try config.bool("enabled") ?? true
        c.pattern = try config.string("pattern")
        c.labelText = try config.string("labelText")
        c.helperText = try config.string("helperText")
        c.style = try config.choice("style") ?? .outlined
        c.border = try border(config) ?? .none
        c.activeOnEditing = try config.bool("activeOnEditing") ?? false
        c.maxLength = try config.integer("maxLength")
        c.lengthPolicy = try config.choice("lengthPolicy") ?? .reject
        c.secure = try config.bool("secure") ?? false
        c.liveValidation = try RuleValidator.read(config.field("liveValidation"))
        c.liveValidationInterval = try config.number("liveValidationInterval") ?? 0.5
        c.endEditingValidation = try RuleValidator.read(config.field("endEditingValidation"))
        c.mask = try mask(config, fonts: fonts)
        c.shrinkWrap = try config.bool("shrinkWrap") ?? false
        c.intrinsicWidths = try config.bool("intrinsicWidths") ?? false
        c.fit = try LayoutRequest.readFit(config)
        c.inlineObjects = try InlineObject.readList(config.field("placeholders").value, code: .invalidConfig)
        c.undoGroupPause = try config.number("undoGroupPause") ?? c.undoGroupPause
        c.undoLimit = try config.integer("undoLimit") ?? c.undoLimit
        return c
    }

    static func border(_ config: JSONObjectReader) throws(BoundaryError) -> Border? {
        guard let border = try config.object("border", keys: ["width", "cornerRadius"], expected: "an object with width and cornerRadius",
                                             owner: "border") else { return nil }
        return Border(width: try border.number("width") ?? 1, cornerRadius: try border.number("cornerRadius") ?? 0)
    }
}

extension SessionConfiguration {
    static let maskKeys = ["formats", "maskAppearance", "placeholders", "mode", "literalStyle", "placeholderStyle"]
    static let maskStyleKeys = ["color", "font", "size"]

    /// Reads `{"formats": [...], "maskAppearance": ..., "placeholders": {...}, "mode": ...,
    /// "literalStyle": {...}, "placeholderStyle": {...}}` into a mask with the default symbols
    /// (`d` ASCII digits, `w` letters, `*` anything). The JSON's `placeholders` and
    /// `placeholderStyle` are the mask's `slotCharacters` and `slotCharacterStyle`.
    static func mask(_ config: JSONObjectReader, fonts: FontContext) throws(BoundaryError) -> InputMask? {
        guard let mask = try config.object("mask", keys: maskKeys, expected: "an object with \(maskKeys.joined(separator: ", "))",
                                           owner: "a mask") else { return nil }
        guard case let .array(list)? = mask.field("formats").value, !list.isEmpty else {
            throw .init(.invalidConfig, "'mask.formats' must be a non-empty list of formats such as [\"+7(ddd)ddd-dd-dd\"]")
        }
        var formats: [String] = []
        for item in list {
            guard case let .string(format) = item else { throw .init(.invalidConfig, "'mask.formats' must hold strings, got \(item.typeName)") }
            formats.append(format)
        }
        var result = InputMask(formats: formats)
        result.appearance = try mask.choice("maskAppearance") ?? .leftOnly
        result.mode = try mask.choice("mode") ?? .strict
        result.literalStyle = try maskStyle(mask, "literalStyle", fonts: fonts)
        result.slotCharacterStyle = try maskStyle(mask, "placeholderStyle", fonts: fonts)
        switch mask.field("placeholders").value {
        case nil, .null?: break
        case let .object(pairs)?:
            for (symbol, slotCharacter) in pairs {
                guard case let .string(text) = slotCharacter, text.count == 1, symbol.count == 1 else {
                    throw .init(.invalidConfig, "'mask.placeholders' maps a mask letter to one character, such as {\"d\": \"_\"}; got '\(symbol)': \(slotCharacter.serialized.prefix(20))")
                }
                result.slotCharacters[Character(symbol)] = Character(text)
            }
        case let other?:
            throw .init(.invalidConfig, "'mask.placeholders' must be an object such as {\"d\": \"_\"}, got \(other.typeName)")
        }
        return result
    }

    /// Reads `{"color": "#rrggbb", "font": name or path, "size": px}` (every key optional) into
    /// the style of a mask's literals or slot characters; the colour and size are checked with the mask.
    static func maskStyle(_ mask: JSONObjectReader, _ key: String, fonts: FontContext) throws(BoundaryError) -> MaskTextStyle? {
        guard let value = try mask.object(key, keys: maskStyleKeys, expected: "an object with \(maskStyleKeys.joined(separator: ", "))",
                                          owner: "a mask style") else { return nil }
        var style = MaskTextStyle()
        style.color = try value.string("color", expecting: "a CSS hex colour such as \"#888888\"")
        style.size = try value.number("size", expecting: "a number of pixels")
        if let name = try value.string("font", expecting: "a font name or file path") {
            do { style.font = try fonts.font(named: name) } catch { throw BoundaryError(error) }
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
    static func read(_ field: JSONField) throws(BoundaryError) -> Validator? {
        guard let value = field.value, value != .null else { return nil }
        var checks: [(accepts: (String) -> Bool, message: String?)] = []
        let rules: [JSONValue]
        if case let .array(list) = value { rules = list } else { rules = [value] }
        for rule in rules { checks.append(try read(rule: rule, field.name)) }
        return { text, complete in
            for check in checks where !check.accepts(text) {
                complete(.failure(message: check.message))
                return
            }
            complete(.success)
        }
    }

    private static func read(rule value: JSONValue, _ key: String) throws(BoundaryError) -> (accepts: (String) -> Bool, message: String?) {
        let rule = try JSONObjectReader(value, keys: ruleKeys, code: .invalidConfig, path: key + ".", name: "'\(key)'",
                                        expected: "a rule {\"rule\", \"value\", \"message\"} or a list of rules", owner: "a rule")
        let message = try rule.string("message")
        guard let name = try rule.string("rule") else {
            throw .init(.invalidConfig, "'\(key)' needs a 'rule': one of \(ruleNames.joined(separator: ", "))")
        }
        switch name {
        case "minLength", "maxLength":
            guard let limit = try rule.integer("value"), limit >= 0 else {
                throw .init(.invalidConfig, "'\(key).value' of rule \(name) must be a whole number of at least 0")
            }
            // Lengths are counted in grapheme clusters, as the counter counts them.
            return name == "minLength" ? ({ $0.count >= limit }, message) : ({ $0.count <= limit }, message)
        case "pattern":
            guard let pattern = try rule.string("value") else {
                throw .init(.invalidConfig, "'\(key).value' of rule pattern must be a regular expression as a string")
            }
            let regex: Regex<AnyRegexOutput>
            do { regex = try Regex(pattern) } catch {
                throw .init(.editor(.invalidPattern), "'\(key).value' '\(pattern)' is not a valid regular expression: \(error)")
            }
            return ({ $0.wholeMatch(of: regex) != nil }, message)
        default:
            throw .init(.invalidConfig, "unknown rule '\(name)' in '\(key)'; the rules are: \(ruleNames.joined(separator: ", "))")
        }
    }
}
