// The boundary's names of the settings whose Swift names differ: errors of the engine and the editor name settings as Swift does, and the formats say them by their JSON keys.
import TextLayout

/// The JSON key of each setting whose Swift name differs from it; every other setting has one name.
///
/// The engine and the editor name a setting in an error's keys and message as their Swift API
/// does (`editorWidth`, `inlineObjects[0].width`), and the boundary formats (the batch, the
/// editing session, the command line's messages) say it as their JSON does (`width`,
/// `placeholders[0].width`), through ``CodedError/inBoundaryNames``.
public enum SettingNames {
    public static let jsonKeys: [String: String] = [
        "editorWidth": "width",
        "wrapWidth": "width",
        "inlineObjects": "placeholders",
        "insertInlineObject": "insertPlaceholder",
        "slotCharacters": "placeholders",
        "slotCharacterStyle": "placeholderStyle",
    ]

    /// `key` with its leading setting name (`inlineObjects` of `inlineObjects[2].width`) said as
    /// the boundary says it.
    public static func jsonKey(of key: String) -> String {
        let name = key.prefix { $0.isLetter || $0.isNumber }
        guard let json = jsonKeys[String(name)] else { return key }
        return json + key.dropFirst(name.count)
    }

    /// `message` with every Swift name of the table that stands as a word of its own (not inside
    /// a longer one) said by its JSON key. The names are identifiers in camel case, which no
    /// message uses as prose.
    public static func jsonMessage(_ message: String) -> String {
        var message = message
        for (swiftName, json) in jsonKeys {
            while let mention = wordMention(of: swiftName, in: message) { message.replaceSubrange(mention, with: json) }
        }
        return message
    }

    /// Where `word` first stands in `message` as a word of its own (not inside a longer one).
    public static func wordMention(of word: String, in message: String) -> Range<String.Index>? {
        func isWordCharacter(_ index: String.Index) -> Bool { message[index].isLetter || message[index].isNumber }
        var start = message.startIndex
        while let found = message[start...].firstRange(of: word) {
            let startsWord = found.lowerBound == message.startIndex || !isWordCharacter(message.index(before: found.lowerBound))
            let endsWord = found.upperBound == message.endIndex || !isWordCharacter(found.upperBound)
            if startsWord && endsWord { return found }
            start = message.index(after: found.lowerBound)
        }
        return nil
    }
}

extension CodedError {
    /// The error with its keys and message saying each setting as the boundary formats do
    /// (``SettingNames``); the code as it is.
    public var inBoundaryNames: Self {
        Self(code, SettingNames.jsonMessage(message), keys: keys.map(SettingNames.jsonKey(of:)))
    }
}
