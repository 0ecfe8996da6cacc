// Golden-file tests: each Tests/Goldens/<area>/<case>.txt is a job; its .expected file holds the text dump it must give.
import Foundation
import Testing
import TextLayout
import TextLayoutBatch

/// Set TEXTLAYOUT_BLESS=1 to rewrite the .expected files from the current output (never in CI).
let blessing = ProcessInfo.processInfo.environment["TEXTLAYOUT_BLESS"] == "1"

let goldensDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Goldens")

/// Every case file under Tests/Goldens, as "area/case".
func goldenCases() -> [String] {
    let root = goldensDirectory.path
    let files = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
    return files.filter { $0.hasSuffix(".txt") }.map { String($0.dropLast(4)) }.sorted()
}

/// The fonts of golden cases: only the bundled ones, fallback included, so that the results do not
/// depend on the machine's fonts.
let bundledFonts = FontContext(fontDirectories: [FontContext.bundledFontsDirectory!], includeSystemFonts: false)

/// A golden case's job: `key: value` lines, `#` comments. `text` is a JSON string literal; `font`
/// names a file in Fonts/; the other keys are those of the batch format (`insets` as T,L,B,R).
func goldenJob(_ source: String) throws -> BatchJob {
    var members: [(String, JSONValue)] = []
    for raw in source.split(separator: "\n", omittingEmptySubsequences: true) {
        let line = raw.trimmingCharacters(in: .whitespaces)
        if line.isEmpty || line.hasPrefix("#") { continue }
        guard let colon = line.firstIndex(of: ":") else { throw GoldenError("no ':' in '\(line)'") }
        let key = String(line[..<colon])
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        switch key {
        case "font":
            guard let path = FontContext.bundledFontPath(value) else { throw GoldenError("no font \(value) in Fonts/") }
            members.append((key, .string(path)))
        case "insets":
            let sides = value.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) ?? .nan }
            guard sides.count == 4 else { throw GoldenError("insets needs T,L,B,R") }
            members.append((key, .object(zip(["top", "left", "bottom", "right"], sides).map { ($0, .number($1, literal: "\($1)")) })))
        default:
            members.append((key, try parseJSON(value)))
        }
    }
    return try BatchJob(.object(members))
}

struct GoldenError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

@Suite("Golden layouts")
struct GoldenTests {
    @Test("golden case", arguments: goldenCases())
    func golden(_ name: String) throws {
        let input = goldensDirectory.appendingPathComponent(name + ".txt")
        let expectedURL = goldensDirectory.appendingPathComponent(name + ".expected")
        let job = try goldenJob(String(contentsOf: input, encoding: .utf8))
        let font = try bundledFonts.font(path: job.font ?? FontContext.bundledFontPath("DejaVuSans.ttf")!)
        let style = try TextStyle(font: font, size: job.size, direction: job.direction, language: job.language,
                                  lineBreak: job.lineBreak)
        let prepared = try PreparedText(job.text, style: style)
        let actual = try prepared.measureEditor(width: job.width, sizing: job.sizing).textDump
        if blessing {
            try actual.write(to: expectedURL, atomically: true, encoding: .utf8)
            return
        }
        let expected = try? String(contentsOf: expectedURL, encoding: .utf8)
        #expect(expected != nil, "no \(name).expected; run the tests with TEXTLAYOUT_BLESS=1 to create it")
        #expect(actual == expected, "\(name) differs from its .expected file")
    }

    @Test("there are golden cases")
    func casesExist() {
        #expect(goldenCases().count >= 3)
    }
}
