// The batch fuzzer's dictionary (Fuzz/batch.dict) names every key and keyword of the batch input that docs/batch-format.md lists and the batch reader accepts, and its seeds (Fuzz/corpus/batch) use every key and profile, so that no key is out of the fuzzer's reach.
import Foundation
import Testing
@testable import TextLayout
@testable import TextLayoutIO
import TestSupport

@Suite("Fuzz dictionary")
struct FuzzDictionaryTests {
    /// The dictionary's entries, unquoted and unescaped (`"\"text\":"` is `"text":`).
    static func dictionaryEntries() throws -> Set<String> {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent("Fuzz/batch.dict"), encoding: .utf8)
        var entries: Set<String> = []
        for line in text.split(separator: "\n") where line.hasPrefix("\"") && line.hasSuffix("\"") && line.count >= 2 {
            var entry = ""
            var escaped = false
            for character in line.dropFirst().dropLast() {
                if escaped || character != "\\" { entry.append(character); escaped = false } else { escaped = true }
            }
            entries.insert(entry)
        }
        return entries
    }

    /// The input summary at the top of docs/batch-format.md: from "Input, one JSON object a line:"
    /// to the paragraph after it.
    static func documentedInput() throws -> String {
        let page = try Documentation.text("docs/batch-format.md")
        let start = try #require(page.range(of: "Input, one JSON object a line:"))
        let end = try #require(page.range(of: "Only `text` is required.", range: start.upperBound..<page.endIndex))
        return String(page[start.upperBound..<end.lowerBound])
    }

    /// Each quoted word of the summary: a key (followed by `:`), a keyword of a choice (next to a
    /// `|`), or either (a key of a nested object listed without values, a list element).
    struct Word: CustomStringConvertible {
        enum Kind { case key, keyword, either }
        var text: String
        var kind: Kind
        var description: String { text }
    }

    static func documentedWords() throws -> [Word] {
        let input = try documentedInput()
        let pattern = try NSRegularExpression(pattern: #"(\|?)"([A-Za-z][A-Za-z-]*)"(?=(\s*[:|])?)"#)
        let range = NSRange(input.startIndex..., in: input)
        return pattern.matches(in: input, range: range).compactMap { match in
            let text = String(input[Range(match.range(at: 2), in: input)!])
            // "Npx" stands for a number of pixels, such as "12px": not a word of its own.
            if text == "Npx" { return nil }
            let before = match.range(at: 1).length > 0
            let after = match.range(at: 3).length > 0
                ? String(input[Range(match.range(at: 3), in: input)!]).trimmingCharacters(in: .whitespacesAndNewlines) : ""
            let kind: Word.Kind = after == ":" ? .key : (before || after == "|") ? .keyword : .either
            return Word(text: text, kind: kind)
        }
    }

    @Test("the summary the test reads lists the keys it should (the reading itself works)")
    func readsTheSummary() throws {
        let words = try Self.documentedWords()
        let keys = Set(words.filter { $0.kind == .key }.map(\.text))
        let keywords = Set(words.filter { $0.kind == .keyword }.map(\.text))
        for key in ["text", "font", "lineClamp", "truncate", "textWrap", "spans", "placeholders", "heightSteps"] {
            #expect(keys.contains(key), "\(key)")
        }
        for keyword in ["keep-all", "middle", "balance", "forced", "justify", "lineThrough", "textBottom"] {
            #expect(keywords.contains(keyword), "\(keyword)")
        }
    }

    @Test("every documented batch key and keyword is in Fuzz/batch.dict")
    func everyWordIsInTheDictionary() throws {
        let entries = try Self.dictionaryEntries()
        var missing: [String] = []
        for word in try Self.documentedWords() {
            let asKey = "\"\(word.text)\":", asKeyword = "\"\(word.text)\""
            let found = switch word.kind {
            case .key: entries.contains(asKey)
            case .keyword: entries.contains(asKeyword)
            case .either: entries.contains(asKey) || entries.contains(asKeyword)
            }
            if !found { missing.append(word.kind == .keyword ? asKeyword : asKey) }
        }
        #expect(missing.isEmpty, "\(Self.additions(missing))")
        // A number of pixels in a string (lineHeight's "Npx").
        #expect(entries.contains { $0.hasSuffix("px\"") && $0.dropFirst().dropLast(3).allSatisfy(\.isNumber) && $0.count > 4 }, "no \"Npx\" entry")
    }

    /// The keys the batch reader accepts (a job's, a span's, an inline object's, the insets') and
    /// the values of every setting it reads from a list of words, from the reader's own lists.
    static func readerWords() -> (keys: [String], values: [String]) {
        let keys = LayoutRequest.keys + LayoutRequest.Span.keys + InlineObject.keys + LayoutRequest.insetKeys
        let values = TextDirection.allCases.map(\.rawValue) + LineBreakStrictness.allCases.map(\.rawValue)
            + Hyphens.allCases.map(\.rawValue) + TruncationPosition.allCases.map(\.rawValue) + Strut.allCases.map(\.rawValue)
            + TextAlignment.allCases.map(\.rawValue) + TextWrap.allCases.map(\.rawValue) + InlineObjectAlignment.allCases.map(\.rawValue)
            + TextDecoration.named.map(\.name) + FontSelection.stretchKeywords.keys.sorted() + FontContext.genericFamilies.sorted()
        return (keys, values)
    }

    @Test("every key the batch reader accepts and every value of its word-valued settings is in Fuzz/batch.dict")
    func everyReaderWordIsInTheDictionary() throws {
        let entries = try Self.dictionaryEntries()
        let (keys, values) = Self.readerWords()
        #expect(keys.contains("textWrap") && keys.contains("letterSpacing") && values.contains("textBottom") && values.contains("ultra-expanded"),
                "the reader's lists are read")
        let missing = keys.map { "\"\($0)\":" }.filter { !entries.contains($0) } + values.map { "\"\($0)\"" }.filter { !entries.contains($0) }
        #expect(missing.isEmpty, "\(Self.additions(missing))")
    }

    /// The seed lines of the batch fuzzer (Fuzz/corpus/batch/*.jsonl), by file name, each read as JSON
    /// (nil for a line that is not: the seeds of malformed input).
    static func seeds() throws -> [(file: String, line: String, value: JSONValue?)] {
        let folder = repositoryRoot.appendingPathComponent("Fuzz/corpus/batch")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jsonl") }.sorted()
        return try files.flatMap { file in
            // Decoded leniently: one seed file holds invalid UTF-8 on purpose.
            String(decoding: try Data(contentsOf: folder.appendingPathComponent(file)), as: UTF8.self).split(separator: "\n").map { line in
                (file, String(line), try? parseJSON(String(line)))
            }
        }
    }

    /// The keys of `value` when it is an object (none otherwise); of each element when it is a list.
    static func keys(of value: JSONValue?) -> Set<String> {
        switch value {
        case .object(let members)?: Set(members.map(\.0))
        case .array(let elements)?: elements.reduce(into: []) { $0.formUnion(keys(of: $1)) }
        default: []
        }
    }

    @Test("the batch seeds hold a job with every key, and together every span, object and inset key and every profile")
    func seedsUseEveryKey() throws {
        let seeds = try Self.seeds()
        #expect(seeds.count > 20, "the seeds are read")
        let jobs = seeds.compactMap(\.value)
        // One line (every-key.jsonl's first) has every key a job takes, profile and the font instance's among them.
        let everyKey = try #require(seeds.first { $0.file == "every-key.jsonl" }?.value)
        let missing = Set(LayoutRequest.keys).subtracting(Self.keys(of: everyKey))
        #expect(missing.isEmpty, "every-key.jsonl's first line lacks the job keys \(missing.sorted())")
        for (name, keys, found) in [("span", LayoutRequest.Span.keys, jobs.map { Self.keys(of: $0["spans"]) }),
                                    ("placeholder", InlineObject.keys, jobs.map { Self.keys(of: $0["placeholders"]) }),
                                    ("inset", LayoutRequest.insetKeys, jobs.map { Self.keys(of: $0["insets"]) })] {
            let missing = Set(keys).subtracting(found.reduce(into: Set<String>()) { $0.formUnion($1) })
            #expect(missing.isEmpty, "no batch seed has the \(name) keys \(missing.sorted())")
        }
        let profiles = Set(jobs.compactMap { job -> String? in if case .string(let name)? = job["profile"] { name } else { nil } })
        let missingProfiles = Set(LayoutProfile.allCases.map(\.name)).subtracting(profiles)
        #expect(missingProfiles.isEmpty, "no batch seed lays out in the profiles \(missingProfiles.sorted())")
    }

    @Test("every line of every-key.jsonl lays out without an error in the bundled fonts")
    func everyKeySeedLaysOut() throws {
        let layouter = BatchLayouter(fonts: bundledFonts)
        let lines = try Self.seeds().filter { $0.file == "every-key.jsonl" }
        #expect(!lines.isEmpty)
        for (_, line, _) in lines {
            let result = Array(line.utf8).withUnsafeBufferPointer { layouter.resultLine(for: $0) }
            #expect(result.succeeded, "\(line) gave \(result.json)")
        }
    }

    /// What to add to the dictionary for the entries `missing`, each quoted and escaped as a line of it.
    static func additions(_ missing: [String]) -> String {
        "add to Fuzz/batch.dict: " + Set(missing).sorted().map { "\"" + $0.replacingOccurrences(of: "\"", with: "\\\"") + "\"" }.joined(separator: " ")
    }
}
