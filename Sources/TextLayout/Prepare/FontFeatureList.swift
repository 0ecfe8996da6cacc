// OpenType features written as CSS font-feature-settings ("liga" 0, 'tnum', ss01 on) or as tag=value (liga=0): the one reader of both.
import Foundation

extension FontFeature {
    /// The largest feature value accepted (an alternate's index).
    static let maximumValue: UInt32 = 65535

    /// The features of a CSS `font-feature-settings` value, in order: `normal` (or nothing) for
    /// none, else entries separated by commas, each a tag, quoted or not (`"liga"`, `'tnum'`,
    /// `ss01`), optionally followed by its value after white space or `=`: a whole number (0 off,
    /// 1 on, more an alternate), `on` or `off`; a tag alone is on. So `"liga" 0, tnum, ss01` and
    /// `liga=0, tnum=1` read alike.
    /// - Parameter key: the key the value was given under, named by errors.
    /// - Throws: ``LayoutError`` `.invalidArgument` naming `key` and the entry that is wrong.
    public static func list(parsing settings: String, key: String = "features") throws -> [FontFeature] {
        let trimmed = settings.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed != "normal" else { return [] }
        var features: [FontFeature] = []
        for (index, entry) in trimmed.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
            func fail(_ problem: String) -> LayoutError {
                LayoutError(.invalidArgument, "\(key) '\(settings)' is not a list of font features: entry \(index + 1) ('\(entry.trimmingCharacters(in: .whitespacesAndNewlines))') \(problem); give tags with optional values separated by commas, such as 'liga 0, tnum, ss01' or 'liga=0'",
                            keys: [key])
            }
            var rest = Substring(entry.trimmingCharacters(in: .whitespacesAndNewlines))
            guard !rest.isEmpty else { throw fail("is empty") }
            var tag: Substring
            if let quote = rest.first, quote == "\"" || quote == "'" {
                rest.removeFirst()
                guard let close = rest.firstIndex(of: quote) else { throw fail("opens a quote (\(quote)) that is not closed") }
                tag = rest[..<close]
                rest = rest[rest.index(after: close)...]
            } else {
                let end = rest.firstIndex { $0.isWhitespace || $0 == "=" } ?? rest.endIndex
                tag = rest[..<end]
                rest = rest[end...]
            }
            guard tag.utf8.count == 4, tag.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == " ") }) else {
                throw fail("has the tag '\(tag)', which is not four ASCII letters or digits")
            }
            var valueText = rest.trimmingCharacters(in: .whitespacesAndNewlines)
            if valueText.hasPrefix("=") { valueText = String(valueText.dropFirst()).trimmingCharacters(in: .whitespacesAndNewlines) }
            let value: UInt32
            switch valueText {
            case "", "on": value = 1
            case "off": value = 0
            default:
                guard let number = UInt32(valueText), number <= maximumValue else {
                    throw fail("has the value '\(valueText)'; a value is on, off or a whole number from 0 to \(maximumValue)")
                }
                value = number
            }
            features.append(try FontFeature(String(tag), value))
        }
        return features
    }
}

