// The batch's and the session's font-instance keys (stretch, style, variations, synthesis) read from JSON into the engine's types, with errors naming the key.
import TextLayout

extension JSONField {
    /// `stretch`: a percentage as a number (`75`) or CSS text (`"75%"`, `"condensed"`).
    func fontStretch() throws(BoundaryError) -> Double? {
        switch value {
        case nil, .null?: return nil
        case let .number(percent, _)?: return try layoutValue { () throws(LayoutError) in try FontSelection.checkedStretch(percent, key: name) }
        case let .string(text)?: return try layoutValue { () throws(LayoutError) in try FontSelection.parseStretch(text, key: name) }
        default: throw mistake("a percentage from 50 to 200, or CSS text such as \"75%\" or \"condensed\"")
        }
    }

    /// `fontStyle`: CSS `font-style` text (`"italic"`, `"oblique 10deg"`).
    func fontSlant() throws(BoundaryError) -> FontSlant? {
        guard let text = try string(expecting: "normal, italic, oblique or oblique ANGLE as a string") else { return nil }
        return try layoutValue { () throws(LayoutError) in try FontSlant(parsing: text, key: name) }
    }

    /// `variations`: an object of axis tags and numbers (`{"wght": 650}`) or CSS
    /// `font-variation-settings` text (`"'wght' 650"`).
    func fontVariations() throws(BoundaryError) -> [FontVariation]? {
        switch value {
        case nil, .null?: return nil
        case let .string(text)?: return try layoutValue { () throws(LayoutError) in try FontVariation.parseList(text, key: name) }
        case let .object(members)?:
            var variations: [FontVariation] = []
            for (tag, member) in members {
                let field = JSONField(member, name: "\(name).\(tag)", code: code)
                guard let number = try field.number(expecting: "a number (the axis value)") else { throw field.mistake("a number (the axis value)") }
                variations.append(try layoutValue { () throws(LayoutError) in try FontVariation(tag, number, key: name) })
            }
            return variations
        default: throw mistake("an object of axis tags and values such as {\"wght\": 650, \"opsz\": 12}, or CSS text such as \"'wght' 650\"")
        }
    }

    /// `synthesis`: CSS `font-synthesis` text (`"none"`, `"weight style"`) or a list of its words.
    func fontSynthesis() throws(BoundaryError) -> FontSynthesis? {
        switch value {
        case nil, .null?: return nil
        case let .string(text)?: return try layoutValue { () throws(LayoutError) in try FontSynthesis(parsing: text, key: name) }
        case let .array(items)?:
            var words: [String] = []
            for item in items {
                guard case let .string(word) = item else { throw mistake(saying: "a list of weight and style, got \(item.typeName) in the list") }
                words.append(word)
            }
            if words.isEmpty { return [] }
            return try layoutValue { () throws(LayoutError) in try FontSynthesis(parsing: words.joined(separator: " "), key: name) }
        default: throw mistake("\"none\", \"weight\", \"style\", \"weight style\" or a list of weight and style")
        }
    }

    /// What `read` gives, its ``LayoutError`` made the boundary's `invalidArgument` about this key.
    private func layoutValue<Value>(_ read: () throws(LayoutError) -> Value) throws(BoundaryError) -> Value {
        do { return try read() } catch { throw BoundaryError(.layout(error.code), error) }
    }
}

extension LayoutRequest {
    /// The keys of the font's instance, besides `weight` (`fontStyle`, not `style`: an editing
    /// session's config has a `style` of its own, the text field's look).
    static let fontInstanceKeys = ["stretch", "fontStyle", "variations", "synthesis"]

    /// Sets the instance keys `object` has (the others keep their values).
    mutating func readFontInstanceKeys(_ object: JSONObjectReader) throws(BoundaryError) {
        stretch = try object.field("stretch").fontStretch() ?? stretch
        slant = try object.field("fontStyle").fontSlant() ?? slant
        variations = try object.field("variations").fontVariations() ?? variations
        synthesis = try object.field("synthesis").fontSynthesis() ?? synthesis
    }

    /// The instance the request asks for: its weight, stretch, style, variations and synthesis.
    public var fontSelection: FontSelection {
        FontSelection(weight: weight, stretch: stretch, slant: slant, variations: variations, synthesis: synthesis)
    }
}
