// Holds the documented Pango agreement figures (docs/exactness.md, and the README's at a glance) to the run recorded in Benchmarks/PangoStudy/agreement.json (by agreement.py), and that run to the 98.7% floor.
import Foundation
import TestSupport
import Testing

/// A count of agreeing jobs, as agreement.py records it per font and for all jobs.
struct PangoAgreementCounts: Decodable {
    let jobs: Int
    let identicalStarts: Int
    let sameLineCount: Int
    let heightWithinTolerance: Int
}

/// Benchmarks/PangoStudy/agreement.json: the corpus laid out by us and by Pango, compared.
struct PangoAgreementRecord: Decodable {
    let heightTolerance: Double
    let fonts: [String: PangoAgreementCounts]
    let all: PangoAgreementCounts
}

@Suite("Pango agreement figures")
struct PangoAgreementTests {
    /// The share of identical line starts over all corpus jobs below which the engine has regressed.
    static let floor = 0.987

    static func record() throws -> PangoAgreementRecord {
        let url = repositoryRoot.appendingPathComponent("Benchmarks/PangoStudy/agreement.json")
        return try JSONDecoder().decode(PangoAgreementRecord.self, from: Data(contentsOf: url))
    }

    /// The rows of the section's table headed `| font (texts) | jobs | identical line starts |`, as cells.
    static func fontTableRows(_ section: String) -> [[String]] {
        let lines = section.split(separator: "\n").map(String.init)
        guard let header = lines.firstIndex(where: { $0.hasPrefix("| font") }) else { return [] }
        return lines[(header + 2)...].prefix { $0.hasPrefix("|") }.map { row in
            row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    /// `count` with a comma between thousands, as the documentation writes job counts.
    static func grouped(_ count: Int) -> String {
        let digits = String(count)
        return digits.enumerated().map { i, d in (i > 0 && (digits.count - i) % 3 == 0 ? "," : "") + String(d) }.joined()
    }

    /// `part / whole` as a percentage with one decimal, as the documentation and agreement.py write it.
    static func percent(_ part: Int, of whole: Int) -> String {
        String(format: "%.1f%%", 100 * Double(part) / Double(whole))
    }

    @Test("docs/exactness.md's table shows the recorded identical line starts per font and overall")
    func tableMatchesRecord() throws {
        let record = try Self.record()
        let rows = Self.fontTableRows(try pangoExactnessSection())
        let expected = record.fonts.map { ($0.key, $0.value) } + [("all", record.all)]
        #expect(rows.count == expected.count, "docs/exactness.md's table has \(rows.count) rows; the record has \(expected.count) (fonts and all)")
        for (font, counts) in expected {
            let row = rows.first { $0.first == font || $0.first?.hasPrefix(font + " (") == true }
            #expect(row != nil, "docs/exactness.md's table has no row for \(font)")
            guard let row, row.count >= 3 else { continue }
            #expect(row[1] == Self.grouped(counts.jobs), "\(font): docs/exactness.md says \(row[1]) jobs, the record \(counts.jobs)")
            #expect(row[2] == Self.percent(counts.identicalStarts, of: counts.jobs),
                    "\(font): docs/exactness.md says \(row[2]) identical, the record \(Self.percent(counts.identicalStarts, of: counts.jobs))")
        }
    }

    @Test("the README's at a glance gives the recorded share of identical line starts over all corpus jobs")
    func readmeGlanceMatchesRecord() throws {
        let all = try Self.record().all
        let phrase = "line starts identical to Pango 1.50's on \(Self.percent(all.identicalStarts, of: all.jobs)) of \(Self.grouped(all.jobs)) layouts"
        let glance = try Documentation.section("What it guarantees", in: "README.md").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(glance.contains(phrase), "the README's \"What it guarantees\" should say: \(phrase)")
    }

    @Test("docs/exactness.md states the recorded line-count and height agreement")
    func sentenceMatchesRecord() throws {
        let record = try Self.record()
        let all = record.all
        let sentence = "Line counts agree on \(Self.percent(all.sameLineCount, of: all.jobs)) of the jobs and heights to "
            + "\(String(format: "%.2f", record.heightTolerance)) px on \(Self.percent(all.heightWithinTolerance, of: all.jobs))."
        let section = try pangoExactnessSection().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let stated = section.contains(sentence)
        #expect(stated, "docs/exactness.md's Exactness against Pango section should say: \(sentence)")
    }

    @Test("the recorded run keeps identical line starts on at least 98.7% of the corpus, and counts add up")
    func recordHoldsTheFloor() throws {
        let record = try Self.record()
        #expect(record.all.jobs == record.fonts.values.map(\.jobs).reduce(0, +))
        #expect(record.all.identicalStarts == record.fonts.values.map(\.identicalStarts).reduce(0, +))
        #expect(record.all.jobs >= 12_600, "the record covers \(record.all.jobs) jobs, fewer than the corpus's 12,600")
        let share = Double(record.all.identicalStarts) / Double(record.all.jobs)
        #expect(share >= Self.floor, "identical line starts on \(share) of the jobs, below the floor \(Self.floor)")
    }
}
