// The benchmark's jobs: read in the batch format, or built from the corpus in Benchmarks/Corpus.
import Foundation
import TextLayout
import TextLayoutIO

/// One job, resolved: its font loaded, ready to lay out.
struct BenchJob {
    var text: String
    var style: TextStyle
    var width: Double?
    var sizing: EditorSizing
    /// The job as a batch input line (for the batch scenario).
    var line: String
    /// What the job's text is, for figures per script: the corpus id's language (`ar` of
    /// `ar-12-w240`), else the font's family.
    var group: String
}

enum JobSource {
    /// The default font family of each corpus language (as Benchmarks/Corpus/make_jobs.py).
    static let corpusFamilies: [(String, String)] = [
        ("en", "DejaVu Sans"), ("fr", "DejaVu Sans"), ("de", "DejaVu Sans"), ("vi", "DejaVu Sans"),
        ("ru", "DejaVu Sans"), ("el", "DejaVu Sans"), ("emoji", "DejaVu Sans"),
        ("ar", "Noto Sans Arabic"), ("he", "Noto Sans Hebrew"), ("th", "Noto Sans Thai"),
        ("hi", "Noto Sans Devanagari"), ("zh", "Noto Sans CJK SC"), ("ja", "Noto Sans CJK JP"),
        ("ko", "Noto Sans CJK KR"),
    ]

    static let corpusDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Corpus")

    /// The corpus jobs: every text of every language at 120, 240 and 360 px, size 17, lineSpace 2.
    static func corpusLines() throws -> [String] {
        var lines: [String] = []
        for (language, family) in corpusFamilies {
            let url = corpusDirectory.appendingPathComponent("\(language).txt")
            let contents = try String(contentsOf: url, encoding: .utf8)
            for (n, escaped) in contents.split(separator: "\n").enumerated() {
                let text = unescape(String(escaped))
                for width in [120, 240, 360] {
                    var line = "{\"id\":\"\(language)-\(n + 1)-w\(width)\",\"text\":"
                    line += JSONValue.string(text).serialized
                    line += ",\"font\":\"\(family)\",\"size\":17,\"width\":\(width),\"lineSpace\":2}"
                    lines.append(line)
                }
            }
        }
        return lines
    }

    /// The corpus files' escapes: `\n`, `\t` and `\\`.
    static func unescape(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        var out = ""
        var escaping = false
        for c in text {
            if escaping {
                out.append(c == "n" ? "\n" : c == "t" ? "\t" : c)
                escaping = false
            } else if c == "\\" {
                escaping = true
            } else {
                out.append(c)
            }
        }
        return out
    }

    /// Reads batch-format lines from a file, or standard input for "-".
    static func lines(from path: String) throws -> [String] {
        let data = path == "-" ? FileHandle.standardInput.readDataToEndOfFile()
            : try Data(contentsOf: URL(fileURLWithPath: path))
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// Resolves each line into a job; a line that is not a valid job stops the benchmark.
    static func resolve(_ lines: [String], fonts: FontContext) throws -> [BenchJob] {
        var byName: [String: Font] = [:]
        return try lines.map { line in
            let job = try LayoutRequest(job: try parseJSON(line))
            let name = job.font ?? ""
            let font = try byName[name] ?? (job.font.map { try fonts.font(named: $0) } ?? fonts.defaultFont())
            byName[name] = font
            let style = try job.style(font: font)
            var group = font.familyName
            if case .string(let id) = job.id, let language = id.split(separator: "-").first, id.contains("-") {
                group = String(language)
            }
            return BenchJob(text: job.text, style: style, width: job.settings.editorWidth, sizing: job.settings.sizing, line: line, group: group)
        }
    }
}
