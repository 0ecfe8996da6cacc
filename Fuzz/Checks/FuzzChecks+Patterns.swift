// The patterns target: the input is a hyphenation pattern file (hyph_*.dic); read, then words hyphenated with it.
import Foundation
import TextLayout

extension FuzzChecks {
    /// Words every fuzzed pattern file hyphenates: Latin, German, French, Cyrillic, with marks and
    /// joiners, and one long word.
    static let patternTexts = ["hyphenation internationalization", "Donaudampfschifffahrtsgesellschaft Straße",
                               "l'organisation élémentaire", "электрификация подъёму", "cafe\u{301}s na\u{308}ive",
                               String(repeating: "abcdefghij", count: 40)]

    /// Input: a pattern file. It is refused with `invalidArgument` (a message saying what is
    /// wrong), or read, and then every word of ``patternTexts`` and the letters of the input
    /// itself get points: one answer per letter, and breaks that are ascending, inside the text,
    /// on character boundaries, never at its edges.
    public static func patterns(_ data: [UInt8]) -> [String] {
        let patterns: HyphenationPatterns
        do {
            patterns = try HyphenationPatterns(fileBytes: data)
        } catch let error as LayoutError {
            return error.code == .invalidArgument && !error.message.isEmpty ? [] : ["a pattern file refused with \(error.code): \(error.message)"]
        } catch {
            return ["a pattern file refused with \(error)"]
        }
        var problems: [String] = []
        let own = String(decoding: data.prefix(256), as: UTF8.self)
        for text in patternTexts + [own] {
            for word in text.split(separator: " ") {
                let scalars = word.lowercased().unicodeScalars.map(\.value)
                let points = patterns.points(scalars)
                if points.count != scalars.count { problems.append("\(describe(String(word))): \(points.count) answers for \(scalars.count) letters") }
                if points.last == true { problems.append("\(describe(String(word))): a point after its last letter") }
            }
            let bytes = Array(text.utf8)
            for limits in [HyphenationLimits(), HyphenationLimits(minWord: 1, minBefore: 1, minAfter: 1)] {
                let breaks = patterns.points(in: text, limits: limits)
                if breaks != breaks.sorted() || Set(breaks).count != breaks.count { problems.append("\(describe(text)): breaks \(breaks) not ascending") }
                for offset in breaks where offset <= 0 || offset >= bytes.count || UTF8.isContinuation(bytes[offset]) {
                    problems.append("\(describe(text)): a break at byte \(offset), outside the text or inside a character")
                }
            }
        }
        return problems
    }
}
