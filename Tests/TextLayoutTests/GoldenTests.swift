// Golden-file tests: each Tests/Goldens/<area>/<case>.txt is a job; its .expected file holds the text dump it must give.
import Foundation
import TestSupport
import Testing
import TextLayout
import TextLayoutIO

/// Every case file under Tests/Goldens, as "area/case".
func goldenCases() -> [String] {
    let root = goldensDirectory.path
    let files = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
    return files.filter { $0.hasSuffix(".txt") }.map { String($0.dropLast(4)) }.sorted()
}

/// A golden case's `key: value` lines in order, skipping blank lines and `#` comments.
func goldenSettings(_ source: String) throws -> [(key: String, value: String)] {
    var settings: [(key: String, value: String)] = []
    for raw in source.split(separator: "\n", omittingEmptySubsequences: true) {
        let line = raw.trimmingCharacters(in: .whitespaces)
        if line.isEmpty || line.hasPrefix("#") { continue }
        guard let colon = line.firstIndex(of: ":") else { throw TestFailure("no ':' in '\(line)'") }
        settings.append((String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
    }
    return settings
}

/// The keys of a golden case that record Pango's layout of it (scripts/record-pango-starts.py):
/// `pango` its line starts (UTF-16 offsets), `pango-difference` the kind of difference from ours,
/// `pango-difference-ours` our line starts in that difference (the recorded difference, which a
/// changed output must not silently replace by another),
/// `pango-hidden` the UTF-16 range Pango's ellipsis stands for in a clamped case (`start,end`);
/// `pango-x` and `pango-widths` each line's x and width as the project's Pango program
/// (Benchmarks/PangoStudy/pango_lines.c) prints them with the case's `align` and `indent`
/// (alignment and indent cases): where each line's content starts, and its width.
let pangoKeys = ["pango", "pango-difference", "pango-difference-ours", "pango-hidden", "pango-x", "pango-widths"]

/// A golden case's job: `key: value` lines, `#` comments. `text` is a JSON string literal; `font`
/// names a file in Fonts/; the other keys are those of the batch format (`insets` as T,L,B,R),
/// but the `pangoKeys`.
func goldenJob(_ source: String) throws -> LayoutRequest {
    var members: [(String, JSONValue)] = []
    for (key, value) in try goldenSettings(source) where !pangoKeys.contains(key) {
        switch key {
        case "font":
            guard let path = FontContext.bundledFontPath(value) else { throw TestFailure("no font \(value) in Fonts/") }
            members.append((key, .string(path)))
        case "insets":
            let sides = value.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) ?? .nan }
            guard sides.count == 4 else { throw TestFailure("insets needs T,L,B,R") }
            members.append((key, .object(zip(["top", "left", "bottom", "right"], sides).map { ($0, .number($1, literal: "\($1)")) })))
        default:
            members.append((key, try parseJSON(value)))
        }
    }
    return try LayoutRequest(job: .object(members))
}

/// A golden case's list of UTF-16 offsets under `key` (`pango: 0,10,19`), nil when it has none.
func goldenOffsets(_ settings: [(key: String, value: String)], _ key: String) throws -> [Int]? {
    try settings.last(where: { $0.key == key }).map { setting in
        try setting.value.split(separator: ",").map { field in
            guard let offset = Int(field.trimmingCharacters(in: .whitespaces)) else {
                throw TestFailure("'\(key): \(setting.value)' must list UTF-16 offsets separated by commas")
            }
            return offset
        }
    }
}

/// Pango's line starts recorded in a golden case, the kind of difference from ours it names (nil
/// when none) and our line starts in that difference as recorded.
func goldenPangoRecord(_ source: String) throws -> (starts: [Int], difference: String?, ours: [Int]?) {
    let settings = try goldenSettings(source)
    guard let starts = try goldenOffsets(settings, "pango") else {
        throw TestFailure("no 'pango:' line (Pango's line starts); record it with python3 scripts/record-pango-starts.py")
    }
    return (starts, settings.last(where: { $0.key == "pango-difference" })?.value, try goldenOffsets(settings, "pango-difference-ours"))
}

/// Each kind of difference from Pango a golden case may name, as the change to the case's job that
/// undoes it (docs/exactness.md says why each differs): the key set, and its new value from the old
/// one (nil when the case has none). With the change, the case's line starts must be Pango's: the
/// case differs by that kind and no other.
let pangoDifferenceUndoings: [String: (key: String, value: @Sendable (String?) -> String)] = [
    // Pango fills lines greedily.
    "balanced or pretty lines": ("textWrap", { _ in #""wrap""# }),
    // Pango inserts hyphens only at soft hyphens.
    "automatic hyphenation": ("hyphens", { _ in #""manual""# }),
    // Pango has no keep-all: it breaks between Korean syllables.
    "keep-all": ("lineBreak", { _ in #""normal""# }),
    // Pango applies the strict rules before small kana and the long vowel mark.
    "Japanese normal breaks": ("lineBreak", { _ in #""strict""# }),
    // Pango 1.50 does not break at U+0085: as a space, there is no break there for us either.
    "NEL": ("text", { $0?.replacingOccurrences(of: #"\u0085"#, with: " ") ?? "" }),
    // Pango cuts the run between Katakana and Hiragana, losing the font's kerning there.
    "kana kerning": ("features", { _ in #""kern 0""# }),
]

/// A golden case's source with the kind of difference `kind` undone (``pangoDifferenceUndoings``).
func undoingPangoDifference(_ kind: String, in source: String) throws -> String {
    guard let undoing = pangoDifferenceUndoings[kind] else { throw TestFailure("GoldenTests knows no way to undo the difference '\(kind)'") }
    let settings = try goldenSettings(source)
    let old = settings.last { $0.key == undoing.key }?.value
    return (settings.filter { $0.key != undoing.key } + [(undoing.key, undoing.value(old))]).map { "\($0.key): \($0.value)" }.joined(separator: "\n")
}

/// docs/exactness.md's section on Pango: its agreement table and the kinds of difference.
func pangoExactnessSection() throws -> String {
    try Documentation.section("Exactness against Pango", in: "docs/exactness.md")
}

/// The kinds of difference from Pango the documentation explains: the first column of each table
/// headed `| kind |` in docs/exactness.md's "Exactness against Pango" section.
func documentedPangoDifferenceKinds() throws -> Set<String> {
    let section = try pangoExactnessSection()
    var kinds: Set<String> = []
    var inKindTable = false
    for line in section.split(separator: "\n", omittingEmptySubsequences: false) {
        let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard line.hasPrefix("|"), cells.count > 2 else { inKindTable = false; continue }
        if cells[1] == "kind" { inKindTable = true; continue }
        if inKindTable, !cells[1].hasPrefix("---") { kinds.insert(cells[1]) }
    }
    return kinds
}

@Suite("Golden layouts")
struct GoldenTests {
    @Test("golden case", arguments: goldenCases())
    func golden(_ name: String) throws {
        let expectedURL = goldensDirectory.appendingPathComponent(name + ".expected")
        let actual = try Self.measure(name).textDump
        if blessing {
            try actual.write(to: expectedURL, atomically: true, encoding: .utf8)
            return
        }
        let expected = try? String(contentsOf: expectedURL, encoding: .utf8)
        #expect(expected != nil, "no \(name).expected; run the tests with TEXTLAYOUT_BLESS=1 to create it")
        #expect(actual == expected, "\(name) differs from its .expected file")
    }

    @Test("golden case's line starts are Pango's, or the case records its difference: a kind docs/exactness.md explains, our starts, and undone, Pango's",
          arguments: goldenCases())
    func agreesWithPango(_ name: String) throws {
        let source = try String(contentsOf: goldensDirectory.appendingPathComponent(name + ".txt"), encoding: .utf8)
        let pango = try goldenPangoRecord(source)
        let ours = try Self.measure(name).layout.lines.map(\.utf16Range.lowerBound)
        guard let kind = pango.difference else {
            #expect(pango.ours == nil, "\(name) records our starts in a difference from Pango but names no kind")
            #expect(ours == pango.starts, "\(name): our line starts \(ours), Pango's \(pango.starts), and the case names no kind of difference")
            return
        }
        #expect(try documentedPangoDifferenceKinds().contains(kind),
                "\(name) names the difference '\(kind)', which no 'kind' table of docs/exactness.md's Exactness against Pango explains")
        // The difference as recorded: our starts against Pango's, exactly.
        let recorded = try #require(pango.ours, "\(name) names the difference '\(kind)' but records no 'pango-difference-ours:' line (our starts)")
        #expect(recorded != pango.starts, "\(name) records the same starts as Pango's in a difference '\(kind)'")
        #expect(ours == recorded, "\(name): our line starts \(ours), the case records \(recorded) against Pango's \(pango.starts) ('\(kind)')")
        // Of that kind alone: undone, our starts are Pango's.
        let undone = try GoldenTests.layout(try undoingPangoDifference(kind, in: source)).lines.map(\.utf16Range.lowerBound)
        #expect(undone == pango.starts, "\(name): with '\(kind)' undone our line starts are \(undone), not Pango's \(pango.starts)")
        // And ours differ from Pango's (Pango's starts are the recorded ones: PangoAgreementTests reproduces them).
        #expect(ours != pango.starts, "\(name) names the difference '\(kind)' but its starts \(ours) are Pango's: remove the pango-difference lines")
    }

    @Test("a clamped golden case hides the range Pango's ellipsize hides", arguments: goldenCases())
    func hidesWhatPangoHides(_ name: String) throws {
        let source = try String(contentsOf: goldensDirectory.appendingPathComponent(name + ".txt"), encoding: .utf8)
        guard let recorded = try goldenSettings(source).last(where: { $0.key == "pango-hidden" })?.value else { return }
        let bounds = recorded.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard bounds.count == 2 else { throw TestFailure("'pango-hidden: \(recorded)' must be start,end in UTF-16 offsets") }
        let hidden = try Self.measure(name).layout.truncation?.hiddenRange
        #expect(hidden == bounds[0]..<bounds[1], "\(name): we hide \(String(describing: hidden)), Pango \(bounds[0])..<\(bounds[1])")
    }

    @Test("golden case's line x and widths are Pango's where the case records them (within its 1/1024 px units)",
          arguments: goldenCases())
    func placesLinesAsPango(_ name: String) throws {
        let settings = try goldenSettings(String(contentsOf: goldensDirectory.appendingPathComponent(name + ".txt"), encoding: .utf8))
        func recorded(_ key: String) throws -> [Double]? {
            try settings.last { $0.key == key }.map { setting in
                try setting.value.split(separator: ",").map { field in
                    guard let value = Double(field.trimmingCharacters(in: .whitespaces)) else {
                        throw TestFailure("'\(key): \(setting.value)' must list numbers separated by commas")
                    }
                    return value
                }
            }
        }
        let layout = try Self.measure(name).layout
        if let xs = try recorded("pango-x") {
            // Pango's x is where a line's content starts; ours where its runs start, which on a
            // right-to-left line is left of the content by the whitespace that hangs there.
            let ours = layout.lines.map { line in
                layout.lineOrigin(line) + (line.isRightToLeft ? layout.glyphRuns(of: line).reduce(0) { $0 + $1.width } - line.width : 0)
            }
            #expect(ours.count == xs.count && zip(ours, xs).allSatisfy { abs($0 - $1) < 0.01 }, "\(name): our x \(ours), Pango's \(xs)")
        }
        if let widths = try recorded("pango-widths") {
            let ours = layout.lines.map(\.width)
            #expect(ours.count == widths.count && zip(ours, widths).allSatisfy { abs($0 - $1) < 0.01 },
                    "\(name): our widths \(ours), Pango's \(widths)")
        }
    }

    /// The editor measurement of the golden case `name`, in the bundled fonts.
    static func measure(_ name: String) throws -> EditorMeasurement {
        try measurement(String(contentsOf: goldensDirectory.appendingPathComponent(name + ".txt"), encoding: .utf8))
    }

    /// The editor measurement of a golden case's `source`, in the bundled fonts.
    static func measurement(_ source: String) throws -> EditorMeasurement {
        let job = try goldenJob(source)
        let font = try bundledFonts.font(path: job.font ?? FontContext.bundledFontPath("DejaVuSans.ttf")!)
        return try job.measure(font: font, in: bundledFonts).measurement
    }

    /// The layout of a golden case's `source`.
    static func layout(_ source: String) throws -> Layout { try measurement(source).layout }

    @Test("there are golden cases")
    func casesExist() {
        #expect(goldenCases().count >= 3)
    }
}
