// The benchmark corpus's texts for tests: each language's file, its lines unescaped, and the primary font make_jobs.py gives it.
import Foundation

public enum CorpusTexts {
    /// Benchmarks/Corpus in the repository.
    public static let directory = repositoryRoot.appendingPathComponent("Benchmarks/Corpus")

    /// The primary font of each corpus language, as Benchmarks/Corpus/make_jobs.py names them, in Fonts/.
    public static let fonts: [String: String] = [
        "en": "DejaVuSans.ttf", "fr": "DejaVuSans.ttf", "de": "DejaVuSans.ttf", "vi": "DejaVuSans.ttf",
        "ru": "DejaVuSans.ttf", "el": "DejaVuSans.ttf", "emoji": "DejaVuSans.ttf",
        "ar": "NotoSansArabic-Regular.ttf", "he": "NotoSansHebrew-Regular.ttf", "th": "NotoSansThai-Regular.ttf",
        "hi": "NotoSansDevanagari-Regular.ttf", "zh": "NotoSansCJKsc-Regular.otf", "ja": "NotoSansCJKjp-Regular.otf",
        "ko": "NotoSansCJKkr-Regular.otf",
    ]

    /// Every corpus text of `language`, in file order (one a line there, with `\n`, `\t` and `\\` escaped).
    public static func texts(_ language: String) throws -> [String] {
        let file = directory.appendingPathComponent(language + ".txt")
        return try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map { unescaped(String($0)) }
    }

    /// At most `count` texts of `language`, spread evenly over its file.
    public static func texts(_ language: String, spreadTo count: Int) throws -> [String] {
        let all = try texts(language)
        let step = max(1, all.count / max(1, min(count, all.count)))
        return stride(from: 0, to: all.count, by: step).prefix(count).map { all[$0] }
    }

    /// A corpus line's text: `\n`, `\t` and `\\` read as what they stand for, any other backslash kept.
    static func unescaped(_ line: String) -> String {
        var out = ""
        var escaped = false
        for ch in line {
            if escaped {
                out += ch == "n" ? "\n" : ch == "t" ? "\t" : ch == "\\" ? "\\" : "\\" + String(ch)
                escaped = false
            } else if ch == "\\" {
                escaped = true
            } else {
                out.append(ch)
            }
        }
        return escaped ? out + "\\" : out
    }
}
