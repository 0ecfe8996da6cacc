// Columns against Pango 1.50's vertical gravity (scripts/pango_program.py, base gravity east): where Pango agrees with the engine's columns (their starts and a column's width by the standard profile) and the orientations it sets otherwise, each figure derived from Noto Sans CJK JP's metrics.
import Foundation
import TestSupport
import Testing
@testable import TextLayout

/// Pango's layout of each of `jobs` (batch jobs in Noto Sans CJK JP at 17 px: text, width, writingMode,
/// textOrientation) by scripts/pango_program.py in the bundled font, as pango_program's results.
/// The program is compiled once into pango_program's own folder (named by its source's hash).
private func pangoColumns(_ jobs: [[String: Any]]) throws -> [[String: Any]] {
    let lines = try jobs.map { job in
        let full = job.merging(["font": "NotoSansCJKjp-Regular.otf", "size": 17, "writingMode": "vertical-rl"]) { given, _ in given }
        return String(decoding: try JSONSerialization.data(withJSONObject: full), as: UTF8.self)
    }
    let run = try runTextlayout(["python3", repositoryRoot.appendingPathComponent("scripts/pango_program.py").path],
                                input: Data(lines.joined(separator: "\n").utf8), executable: URL(fileURLWithPath: "/usr/bin/env"))
    guard run.status == 0 else { throw TestFailure("scripts/pango_program.py failed (exit \(run.status)): \(run.error)") }
    let results = outputLines(run.output).compactMap { foundationObject($0) }
    guard results.count == jobs.count else { throw TestFailure("\(jobs.count) jobs, \(results.count) results from Pango: \(run.error)") }
    return results
}

// Noto Sans CJK JP at 17 px (VerticalTextTests: vmtx 1000 units an upright glyph, hhea ascent 1160 and descent
// 288): upright, a character advances 17 px down the column; a column is 24.616 px across by the standard profile.
// Turned, `“` advances by its hmtx, 8.058 px (VerticalTextTests.uprightQuotes).
@Suite("columns against Pango's vertical gravity", .needs(.pango))
struct PangoVerticalTests {
    /// Pango's line height under a vertical gravity is the font's unrounded ascent and descent, centred on the
    /// column's middle (pangocairo-font.c), as the standard profile's column; the chromium profile's is 25 px.
    @Test("Pango breaks `日本語の文章です。` into the engine's columns, each 24.616 px across as by the standard profile")
    func columnsAndTheirWidth() throws {
        let pango = try pangoColumns([["text": VerticalTextTests.sentence, "width": 85]])[0]
        let standard = try PreparedText(VerticalTextTests.sentence, style: VerticalTextTests.style(.verticalRL, profile: .standard)).layout(wrapWidth: 85)
        let chromium = try PreparedText(VerticalTextTests.sentence, style: VerticalTextTests.style(.verticalRL)).layout(wrapWidth: 85)
        #expect(pango["starts"] as? [Int] == [0, 5])
        #expect(standard.lines.map(\.utf16Range.lowerBound) == [0, 5])
        let extent = try #require(pango["height"] as? Double)
        // Pango rounds a line's ascent and descent to its unit, 1/1024 px; it prints 3 decimals.
        #expect(abs(extent - 2 * 24.616) <= 2.0 / 1024 + 0.0005)
        #expect(abs(standard.contentHeight - extent) <= 2.0 / 1024 + 0.0005)
        #expect(chromium.contentHeight == 50 && abs(chromium.contentHeight - extent) > 0.5)
    }

    /// Pango sets a character upright when its table of Vertical_Orientation U and Tu has it (Unicode 11), so the
    /// curly quotes (R) are turned under the natural hint, where the engine sets them upright as Chromium does;
    /// the strong hint sets them upright, as `upright` does.
    @Test("Pango turns `“` and `”` in a mixed column (33.115 px for `“漢”`), the engine sets them upright (51 px); under upright both 51 px")
    func curlyQuotes() throws {
        let results = try pangoColumns([["text": "“漢”"], ["text": "“漢”", "textOrientation": "upright"]])
        let mixed = try PreparedText("“漢”", style: VerticalTextTests.style(.verticalRL, profile: .standard)).layout()
        #expect(results[0]["upright"] as? [[Int]] == [[1, 2]])
        #expect(abs(((results[0]["widths"] as? [Double])?.first ?? 0) - (17 + 2 * 8.058)) <= 0.002)
        #expect(abs(mixed.lines[0].width - 51) < 1e-9)
        #expect(abs(((results[1]["widths"] as? [Double])?.first ?? 0) - 51) <= 0.001)
    }

    /// Pango keeps a wide character at the base gravity under every hint: its line hint turns narrow characters
    /// alone, where CSS `sideways` (the engine's) turns every one, Hangul then advancing by its hmtx.
    @Test("under the line hint Pango keeps Hangul and ideographs upright (17 px each), where sideways turns them")
    func sidewaysKeepsWideUpright() throws {
        let results = try pangoColumns([["text": "한국어", "textOrientation": "sideways"], ["text": "漢ab漢", "textOrientation": "sideways"]])
        #expect(results[0]["upright"] as? [[Int]] == [[0, 1], [1, 3]])
        #expect(abs(((results[0]["widths"] as? [Double])?.first ?? 0) - 51) <= 0.001)
        #expect(results[1]["upright"] as? [[Int]] == [[0, 1], [3, 4]])
        let sideways = try PreparedText("한국어", style: VerticalTextTests.style(.verticalRL, .sideways, profile: .standard)).layout()
        let horizontal = try PreparedText("한국어", style: VerticalTextTests.style(.horizontalTB, profile: .standard)).layout()
        #expect(sideways.lines[0].runs.allSatisfy { !$0.isUpright })
        #expect(sideways.lines[0].width == horizontal.lines[0].width && sideways.lines[0].width < 51 - 1)
    }
}
