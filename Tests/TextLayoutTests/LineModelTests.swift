// The line model of docs/DESIGN.md ("The line model"), rule by rule: hard breaks, hanging spaces, widths, tabs, grapheme-safe breaks, heights and ranges.
import Foundation
import Testing
import TextLayout

// Where the expected numbers come from
// ------------------------------------
// Every size here is 20.48 px, so one font unit (1/2048 em) is 0.01 px and widths can be written
// in font units. Advances were read independently of the engine:
//
//   * fontTools `TTFont(f)["hmtx"][glyph][0]` for single glyphs, and
//   * uharfbuzz 0.57 (`hb.shape(font, buf, {})` over the whole string, default features) for
//     shaped strings, which is what matters where GPOS kerning applies.
//
// DejaVu Sans (units): space 651, a 1255, b 1300, c 1126, d 1300, e 1260, g 1300, h 1298,
// i 569, l 569, m 1995, n 1298, o 1253, p 1300, s 1067, t 803, u 1298, é 1260 ("e\u{301}" shapes
// to the precomposed glyph), 𝔸 (U+1D538) 1517, 𝟘 (U+1D7D8) 1303. Only characters the bundled
// fonts cover (and that are not drawn as emoji, which go to the emoji font) are measured; emoji
// are used only where widths and heights do not matter (1 px lines, ranges), so that the tests do
// not depend on the fallback fonts the system has.
// Shaping every pair of a–z, space, '.', ',' with uharfbuzz shows kerning only in ex ff ft fw fy
// f. ka ke ko ku ky ox o. rc rd re rg rh rm rn ro rq rr rx r. v. w. xc xe xo y. — the Sans texts
// below avoid those letters unless the point is kerning.
//
// DejaVu Sans Mono: every glyph used here (ASCII, space, Greek, Cyrillic) advances 1233 units =
// 12.33 px, and shaping every pair of ASCII letters, digits, space and punctuation gives exactly
// 2 × 1233 (no kerning). So n characters are n × 12.33 px wide; a tab stop is 8 × 12.33 = 98.64 px.
//
// Line height of all three bundled fonts: hhea ascender 1901 − descender (−483) + lineGap 0 =
// 2384 units = 23.84 px at 20.48; ascent 19.01 px.
//
// Where noted, the line starts were also checked with Pango 1.50 (/work/shared/peers/pango_layout.c),
// which uses the same rules for these texts.

let testSize = 20.48
/// Pixels per font unit at `testSize`.
let pxPerUnit = testSize / 2048

func sansFont() throws -> Font { try bundledFont("DejaVuSans.ttf") }
func monoFont() throws -> Font { try bundledFont("DejaVuSansMono.ttf") }

enum TestFont: String, Sendable, Codable {
    case sans, bold, mono
    var file: String {
        switch self {
        case .sans: "DejaVuSans.ttf"
        case .bold: "DejaVuSans-Bold.ttf"
        case .mono: "DejaVuSansMono.ttf"
        }
    }
    func load() throws -> Font { try bundledFont(file) }
    /// The same font without caches: the reference a cached layout must equal.
    func loadUncached() throws -> Font { try uncachedTwin(of: load()) }
}

func lay(_ text: String, _ font: TestFont = .mono, width: Double?, lineSpace: Double = 0) throws -> Layout {
    try PreparedText(text, font: font.load(), size: testSize).layout(wrapWidth: width, lineSpace: lineSpace)
}

extension Layout {
    var starts: [Int] { lines.map(\.utf16Range.lowerBound) }
    var utf16Ranges: [Range<Int>] { lines.map(\.utf16Range) }
}

func approximately(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

/// The UTF-16 offsets of the boundaries between Swift Characters (extended grapheme clusters), ends included.
func graphemeBoundaries(_ text: String) -> Set<Int> {
    var result: Set<Int> = [0]
    var offset = 0
    for character in text {
        offset += character.utf16.count
        result.insert(offset)
    }
    return result
}

/// The hard break sequences of the line model, as the UTF-16 text between two lines may hold them.
let hardBreakSequences: Set<String> = ["\n", "\r\n", "\r", "\u{85}", "\u{2028}", "\u{2029}", "\u{0B}", "\u{0C}"]

/// The structural invariants every layout must keep: ranges cover the text in order, with only a
/// hard break between lines that end in one, utf16Range agreeing with range, and vertical positions stacked.
func checkInvariants(_ layout: Layout, sourceLocation: SourceLocation = #_sourceLocation) {
    let text = layout.prepared.text
    let utf16 = Array(text.utf16)
    let lines = layout.lines
    #expect(!lines.isEmpty, sourceLocation: sourceLocation)
    guard let first = lines.first, let last = lines.last else { return }
    #expect(first.utf16Range.lowerBound == 0, sourceLocation: sourceLocation)
    #expect(last.utf16Range.upperBound == utf16.count, sourceLocation: sourceLocation)
    #expect(!last.endsWithHardBreak, sourceLocation: sourceLocation)
    let sum = lines.reduce(0) { $0 + $1.height } + layout.lineSpace * Double(lines.count - 1)
    #expect(approximately(layout.contentHeight, sum, 1e-6), "content height", sourceLocation: sourceLocation)
    for (i, line) in lines.enumerated() {
        let r = line.utf16Range
        #expect(r.lowerBound == text.utf16.distance(from: text.startIndex, to: line.range.lowerBound), "line \(i) start", sourceLocation: sourceLocation)
        #expect(r.upperBound == text.utf16.distance(from: text.startIndex, to: line.range.upperBound), "line \(i) end", sourceLocation: sourceLocation)
        let lineText = String(text[line.range])
        #expect(!lineText.unicodeScalars.contains { ["\n", "\r", "\u{85}", "\u{2028}", "\u{2029}", "\u{0B}", "\u{0C}"].contains($0) },
                "line \(i) holds a hard break: \(lineText.debugDescription)", sourceLocation: sourceLocation)
        if i + 1 < lines.count {
            let next = lines[i + 1].utf16Range.lowerBound
            #expect(next >= r.upperBound, sourceLocation: sourceLocation)
            if line.endsWithHardBreak {
                let gap = String(decoding: utf16[r.upperBound..<max(r.upperBound, next)], as: UTF16.self)
                #expect(hardBreakSequences.contains(gap), "between lines \(i) and \(i + 1): \(gap.debugDescription)", sourceLocation: sourceLocation)
            } else {
                #expect(next == r.upperBound, "gap or overlap after line \(i)", sourceLocation: sourceLocation)
            }
        }
        // Lines stack: each starts lineSpace below the previous one's bottom (heights may differ
        // from line to line when a fallback font is used). The ascent fits between the top and the
        // baseline, the descent between the baseline and the bottom (equalities for DejaVu alone
        // are checked in `heights`).
        let expectedTop = i == 0 ? 0 : lines[i - 1].top + lines[i - 1].height + layout.lineSpace
        #expect(approximately(line.top, expectedTop, 1e-6), "line \(i) top", sourceLocation: sourceLocation)
        #expect(line.baseline >= line.top + line.ascent - 1e-9, "line \(i) baseline", sourceLocation: sourceLocation)
        #expect(line.top + line.height >= line.baseline + line.descent - 1e-9, "line \(i) bottom", sourceLocation: sourceLocation)
        // Glyph runs (one per script run the line crosses) tile the line's range in order.
        let runs = line.runs.filter { !$0.glyphs.isEmpty }
        if r.isEmpty {
            #expect(runs.isEmpty, "empty line \(i) has glyphs", sourceLocation: sourceLocation)
        } else {
            #expect(runs.first?.utf16Range.lowerBound == r.lowerBound, "line \(i) first run", sourceLocation: sourceLocation)
            #expect(runs.last?.utf16Range.upperBound == r.upperBound, "line \(i) last run", sourceLocation: sourceLocation)
            for (a, b) in zip(runs, runs.dropFirst()) {
                #expect(a.utf16Range.upperBound == b.utf16Range.lowerBound, "line \(i) runs \(a.utf16Range) \(b.utf16Range)", sourceLocation: sourceLocation)
                #expect(approximately(a.x + a.width, b.x, 1e-6), "line \(i) run x", sourceLocation: sourceLocation)
            }
        }
        for run in runs {
            for glyph in run.glyphs {
                #expect(run.utf16Range.contains(glyph.cluster), "glyph cluster \(glyph.cluster) outside its run \(run.utf16Range) on line \(i)", sourceLocation: sourceLocation)
            }
        }
    }
}

@Suite("Line model")
struct LineModelTests {
    // MARK: Empty text

    @Test("empty text is one line of the font's line height", arguments: [
        (TestFont.sans, 20.48, 23.84), (.bold, 20.48, 23.84), (.mono, 20.48, 23.84),
        (.sans, 17.0, 19.7890625), (.mono, 10.0, 11.640625),
    ] as [(TestFont, Double, Double)])
    func emptyText(font: TestFont, size: Double, height: Double) throws {
        for width in [nil, 1, 300] as [Double?] {
            let layout = try PreparedText("", font: font.load(), size: size).layout(wrapWidth: width, lineSpace: 5)
            #expect(layout.lineCount == 1)
            let line = try #require(layout.lines.first)
            #expect(line.utf16Range == 0..<0)
            #expect(line.range.isEmpty)
            #expect(line.width == 0)
            #expect(!line.endsWithHardBreak)
            #expect(line.runs.allSatisfy { $0.glyphs.isEmpty })
            #expect(approximately(line.height, height))
            #expect(approximately(layout.contentHeight, height))
            #expect(line.top == 0)
            #expect(approximately(line.baseline, 1901 * size / 2048))
            #expect(layout.widestLineWidth == 0)
        }
    }

    // MARK: Hard breaks

    struct HardBreakRow: Sendable, CustomTestStringConvertible {
        let text: String
        let ranges: [Range<Int>]
        var testDescription: String { text.debugDescription }
    }

    /// Expected ranges by counting UTF-16 units: each line ends before its break; the next starts
    /// after it (after both units of "\r\n"); a text that ends in a break has an empty last line.
    static let hardBreakRows: [HardBreakRow] = [
        HardBreakRow(text: "ab\ncd", ranges: [0..<2, 3..<5]),
        HardBreakRow(text: "ab\r\ncd", ranges: [0..<2, 4..<6]),          // one break, two units
        HardBreakRow(text: "ab\rcd", ranges: [0..<2, 3..<5]),
        HardBreakRow(text: "ab\u{85}cd", ranges: [0..<2, 3..<5]),        // NEL
        HardBreakRow(text: "ab\u{2028}cd", ranges: [0..<2, 3..<5]),      // LINE SEPARATOR
        HardBreakRow(text: "ab\u{2029}cd", ranges: [0..<2, 3..<5]),      // PARAGRAPH SEPARATOR
        HardBreakRow(text: "ab\u{0B}cd", ranges: [0..<2, 3..<5]),        // VT: UAX #14 BK
        HardBreakRow(text: "ab\u{0C}cd", ranges: [0..<2, 3..<5]),        // FF: UAX #14 BK
        HardBreakRow(text: "ab\n", ranges: [0..<2, 3..<3]),
        HardBreakRow(text: "ab\r\n", ranges: [0..<2, 4..<4]),
        HardBreakRow(text: "ab\r", ranges: [0..<2, 3..<3]),
        HardBreakRow(text: "ab\u{2028}", ranges: [0..<2, 3..<3]),
        HardBreakRow(text: "ab\u{0C}", ranges: [0..<2, 3..<3]),
        HardBreakRow(text: "\n", ranges: [0..<0, 1..<1]),
        HardBreakRow(text: "\r\n", ranges: [0..<0, 2..<2]),                // counted once: 2 lines, not 3
        HardBreakRow(text: "\n\n", ranges: [0..<0, 1..<1, 2..<2]),
        HardBreakRow(text: "\n\r", ranges: [0..<0, 1..<1, 2..<2]),         // LF then CR: two breaks
        HardBreakRow(text: "\r\r\n", ranges: [0..<0, 1..<1, 3..<3]),       // CR, then CR LF
        HardBreakRow(text: "a\r\n\r\nb", ranges: [0..<1, 3..<3, 5..<6]),
        HardBreakRow(text: "a\u{2029}\u{2028}b", ranges: [0..<1, 2..<2, 3..<4]),
        HardBreakRow(text: "😀\n😀", ranges: [0..<2, 3..<5]),              // surrogate pairs around the break
        // Every kind in one text: 1 LF 2 CRLF 3 CR 4 NEL 5 LS 6 PS 7 VT 8 FF 9.
        HardBreakRow(text: "1\n2\r\n3\r4\u{85}5\u{2028}6\u{2029}7\u{0B}8\u{0C}9",
                     ranges: [0..<1, 2..<3, 5..<6, 7..<8, 9..<10, 11..<12, 13..<14, 15..<16, 17..<18]),
    ]

    @Test("hard breaks end lines; the break is in no line", arguments: hardBreakRows)
    func hardBreaks(_ row: HardBreakRow) throws {
        for width in [nil, 1000] as [Double?] {
            let layout = try lay(row.text, width: width)
            #expect(layout.utf16Ranges == row.ranges, "width \(String(describing: width))")
            #expect(layout.lines.map(\.endsWithHardBreak) == row.ranges.indices.map { $0 < row.ranges.count - 1 })
            checkInvariants(layout)
        }
    }

    @Test("a non-breaking character is not a hard break", arguments: ["ab\u{00A0}cd", "ab\tcd", "ab\u{200B}cd", "ab\u{1C}cd", "ab\u{1E}cd"])
    func notHardBreaks(_ text: String) throws {
        let layout = try lay(text, width: nil)
        #expect(layout.lineCount == 1)
        #expect(layout.utf16Ranges == [0..<5])
    }

    // MARK: Hanging spaces

    struct HangRow: Sendable, CustomTestStringConvertible {
        let text: String
        let font: TestFont
        let width: Double?
        let ranges: [Range<Int>]
        /// Expected line widths in font units (content only).
        let widths: [Int]
        var testDescription: String { "\(text.debugDescription) at \(width.map { "\($0)" } ?? "no limit")" }
    }

    /// Mono: n characters = n × 12.33 px.
    static let hangRows: [HangRow] = [
        // 4 letters (49.32) fit in 60, 5 (61.65) do not; the 4 spaces after "abcd" hang on line 1
        // (without hanging, 8 characters = 98.64 would overflow), so "efgh" starts at 8.
        HangRow(text: "abcd    efgh", font: .mono, width: 60, ranges: [0..<8, 8..<12], widths: [4 * 1233, 4 * 1233]),
        // Spaces alone never make a line wrap, and never count in its width.
        HangRow(text: "abcd    ", font: .mono, width: 60, ranges: [0..<8], widths: [4 * 1233]),
        HangRow(text: "abcd ", font: .mono, width: 50, ranges: [0..<5], widths: [4 * 1233]),
        HangRow(text: "ab      cd", font: .mono, width: 40, ranges: [0..<8, 8..<10], widths: [2 * 1233, 2 * 1233]),
        // Before a hard break too.
        HangRow(text: "abcd   \nef", font: .mono, width: 60, ranges: [0..<7, 8..<10], widths: [4 * 1233, 2 * 1233]),
        // Without a width limit the trailing spaces still do not count.
        HangRow(text: "abc   ", font: .mono, width: nil, ranges: [0..<6], widths: [3 * 1233]),
        HangRow(text: "abc   \nd  ", font: .mono, width: nil, ranges: [0..<6, 7..<10], widths: [3 * 1233, 1233]),
        // A line of spaces only: all of them hang.
        HangRow(text: "      ", font: .mono, width: 30, ranges: [0..<6], widths: [0]),
        // Leading spaces are content.
        HangRow(text: "  ab", font: .mono, width: nil, ranges: [0..<4], widths: [4 * 1233]),
        // Tabs at a line end hang as well.
        HangRow(text: "abcd\t\t", font: .mono, width: 60, ranges: [0..<6], widths: [4 * 1233]),
        // Sans: "mind" = 1995+569+1298+1300 = 5162 (51.62 px) fits in 60; "mind" + 4 spaces
        // (5162 + 4×651 = 7766) would not. "the" = 803+1298+1260 = 3361.
        HangRow(text: "mind    the", font: .sans, width: 60, ranges: [0..<8, 8..<11], widths: [5162, 3361]),
    ]

    @Test("spaces at a line end hang: no wrap, not in the width", arguments: hangRows)
    func hangingSpaces(_ row: HangRow) throws {
        let layout = try lay(row.text, row.font, width: row.width)
        #expect(layout.utf16Ranges == row.ranges)
        let widths = layout.lines.map(\.width)
        #expect(widths.count == row.widths.count)
        for (actual, units) in zip(widths, row.widths) {
            #expect(approximately(actual, Double(units) * pxPerUnit, 1e-6), "width \(actual) vs \(Double(units) * pxPerUnit)")
        }
        checkInvariants(layout)
    }

    // MARK: Widths

    /// Widths in font units from uharfbuzz (whole-string shaping, default features); the hmtx sums
    /// are given where kerning makes them differ, to show the shaped advances are what count.
    @Test("a line's width is the sum of the shaped advances of its content", arguments: [
        ("AVATAR", TestFont.sans, 7698),          // hmtx sum 8278: GPOS kerning A-V, V-A, A-T, T-A
        ("Type", .sans, 4704),                     // hmtx 5023
        ("WAVE", .sans, 5878),                     // hmtx 6121
        ("To", .sans, 2156),                       // hmtx 2504
        ("AVATAR Type", .sans, 13053),             // hmtx 13952
        ("mind the gap", .sans, 13680),            // no kerning: equals the hmtx sum
        ("mind the gap", .bold, 15326),
        ("mind the gap", .mono, 12 * 1233),
        ("e\u{301}", .sans, 1260),                 // one precomposed glyph
        ("a\u{308}\u{332}", .sans, 1255),          // a + two marks of width 0
        ("𝔸𝟘", .sans, 1517 + 1303),                // U+1D538, U+1D7D8: mathematical letters in DejaVu Sans
    ] as [(String, TestFont, Int)])
    func shapedWidth(text: String, font: TestFont, units: Int) throws {
        let layout = try lay(text, font, width: nil)
        #expect(layout.lineCount == 1)
        let line = try #require(layout.lines.first)
        #expect(approximately(line.width, Double(units) * pxPerUnit, 1e-6), "\(line.width) vs \(Double(units) * pxPerUnit)")
        let glyphSum = line.runs.flatMap(\.glyphs).reduce(0) { $0 + $1.advance }
        #expect(approximately(glyphSum, line.width, 1e-6))
        #expect(approximately(layout.widestLineWidth, line.width))
    }

    /// On wrapped lines, the width is the sum of the advances of the glyphs before the hanging
    /// spaces: checked on every line of several texts and widths.
    @Test("each wrapped line's width is the sum of its content glyphs' advances", arguments: [
        ("AVATAR Type WAVE To mind the gap AVATAR", TestFont.sans, 100.0),
        ("Hello world, this is a test of the layout engine.", .sans, 120.0),
        ("Tab\tseparated\tcolumns\tof text", .sans, 150.0),
        ("Καλημέρα κόσμε, αυτό είναι ένα κείμενο", .mono, 130.0),
        ("Съешь же ещё этих мягких французских булок", .bold, 140.0),
    ] as [(String, TestFont, Double)])
    func wrappedWidths(text: String, font: TestFont, width: Double) throws {
        let layout = try lay(text, font, width: width)
        #expect(layout.lineCount > 1)
        let utf16 = Array(text.utf16)
        for line in layout.lines {
            var contentEnd = line.utf16Range.upperBound
            while contentEnd > line.utf16Range.lowerBound, [0x20, 0x09].contains(utf16[contentEnd - 1]) { contentEnd -= 1 }
            let sum = line.runs.flatMap(\.glyphs).filter { $0.cluster < contentEnd }.reduce(0) { $0 + $1.advance }
            #expect(approximately(sum, line.width, 1e-6), "line \(line.utf16Range): \(sum) vs \(line.width)")
            #expect(line.width <= width + 1e-6, "line \(line.utf16Range) is \(line.width) wide")
        }
        checkInvariants(layout)
    }

    // MARK: Greedy breaking

    struct BreakRow: Sendable, CustomTestStringConvertible {
        let text: String
        let font: TestFont
        let width: Double
        let starts: [Int]
        var testDescription: String { "\(text.debugDescription) at \(width)" }
    }

    static let breakRows: [BreakRow] = [
        // Sans units: "mind" 5162, " " 651, "the" 3361, "gap" 1300+1255+1300 = 3855.
        // 100 px: "mind the" = 5162+651+3361 = 9174 fits; + " gap" = 13680 does not → [0, 9]. (Pango: same.)
        BreakRow(text: "mind the gap", font: .sans, width: 100, starts: [0, 9]),
        // 90 px: "mind the" (91.74) does not fit → "mind " alone; "the gap" = 3361+651+3855 = 7867 fits → [0, 5]. (Pango: same.)
        BreakRow(text: "mind the gap", font: .sans, width: 90, starts: [0, 5]),
        // 40 px: "mind" (51.62) is wider than the line: "min" = 3862 fits, "mind" not → cut at 3;
        // "d" + " the" = 1300+651+3361 = 5312 does not fit → "d " ; "the " ; "gap" (38.55) → [0, 3, 5, 9]. (Pango: same.)
        BreakRow(text: "mind the gap", font: .sans, width: 40, starts: [0, 3, 5, 9]),
        // 140 px: everything (136.80) fits. (Pango: same.)
        BreakRow(text: "mind the gap", font: .sans, width: 140, starts: [0]),
        // Mono, 100 px holds 8 characters (98.64): a 12-letter word is cut after 8; its last 4
        // letters and " mn" (7 characters, 86.31) then share a line. (Pango: same.)
        BreakRow(text: "abcdefghijkl mn", font: .mono, width: 100, starts: [0, 8]),
        // Mono, 40 px holds 3 characters: a 10-letter word in pieces of 3.
        BreakRow(text: "abcdefghij", font: .mono, width: 40, starts: [0, 3, 6, 9]),
        // Mono, 75 px holds 6: "abcdef" | "ghij " (4 + hanging space; "ghij kl" = 7 chars) | "kl".
        BreakRow(text: "abcdefghij kl", font: .mono, width: 75, starts: [0, 6, 11]),
        // Mono, a width of exactly n characters (up to float error) still fits n: 3 × 12.33 = 36.99.
        BreakRow(text: "abc abc abc", font: .mono, width: 3 * 1233 * (20.48 / 2048), starts: [0, 4, 8]),
        // Mono, break after a hyphen (UAX #14 HY): "well-" (5 chars, 61.65) fits in 70, "well-known" does not.
        BreakRow(text: "well-known", font: .mono, width: 70, starts: [0, 5]),
        // Mono, no opportunity at a no-break space: "ab\u{A0}cd" is one 5-character word, cut after
        // 4 at 50 px (4 chars = 49.32); the rest "d" and " ef" then fit in 4 characters. (Pango: same.)
        BreakRow(text: "ab\u{A0}cd ef", font: .mono, width: 50, starts: [0, 4]),
    ]

    @Test("greedy filling at UAX #14 opportunities", arguments: breakRows)
    func greedy(_ row: BreakRow) throws {
        let layout = try lay(row.text, row.font, width: row.width)
        #expect(layout.starts == row.starts)
        for line in layout.lines { #expect(line.width <= row.width + 1e-6) }
        checkInvariants(layout)
    }

    // MARK: Tabs

    /// Mono: character 12.33 px, stop every 98.64 px. Sans: space 651 units, stop every 52.08 px.
    /// A tab moves to the next stop strictly after the pen (a tab at a stop moves a whole stop).
    /// Pango 1.50 gives the same widths for every row but the lone tab, which it counts (52.08 px)
    /// where the line model lets trailing whitespace hang.
    @Test("a tab advances to the next stop of 8 space widths", arguments: [
        ("\tb", TestFont.mono, 8 * 1233 + 1233),
        ("a\tb", .mono, 8 * 1233 + 1233),
        ("abcdefg\tb", .mono, 8 * 1233 + 1233),           // 7 chars (86.31) → 98.64
        ("abcdefgh\tb", .mono, 16 * 1233 + 1233),         // 8 chars end on a stop → next one, 197.28
        ("a\t\tb", .mono, 16 * 1233 + 1233),
        ("a\tbcdefghij\tk", .mono, 24 * 1233 + 1233),      // 98.64 + 9 chars = 209.61 → 295.92, + k
        ("a\tb", .sans, 8 * 651 + 1300),                   // 65.08
        ("mmm\ti", .sans, 16 * 651 + 569),                 // mmm = 59.85 > 52.08 → 104.16, + i
        ("\t", .sans, 0),                                  // a lone tab hangs
    ] as [(String, TestFont, Int)])
    func tabStops(text: String, font: TestFont, units: Int) throws {
        let layout = try lay(text, font, width: nil)
        #expect(layout.lineCount == 1)
        let width = try #require(layout.lines.first).width
        #expect(approximately(width, Double(units) * pxPerUnit, 1e-6), "\(width) vs \(Double(units) * pxPerUnit)")
    }

    @Test("tab stops count from the line's start, not the paragraph's")
    func tabStopsPerLine() throws {
        // Mono, 120 px holds 9 characters. "abcdefgh " fills line 1 (98.64, space hanging); adding
        // "ab" would reach 11 characters. Line 2 "ab\tc": "ab" (24.66) → stop 98.64 → "c" = 110.97,
        // which fits. Counting stops from the paragraph start would put the tab at 197.28 and push
        // "c" to a third line. (Pango: starts 0,9; widths 98.64, 110.97.)
        let layout = try lay("abcdefgh ab\tc", width: 120)
        #expect(layout.starts == [0, 9])
        #expect(layout.lines.count == 2)
        if layout.lines.count == 2 {
            #expect(approximately(layout.lines[0].width, 8 * 1233 * pxPerUnit, 1e-6))
            #expect(approximately(layout.lines[1].width, 9 * 1233 * pxPerUnit, 1e-6))
            // The tab glyph's advance takes the pen from 24.66 to the stop at 98.64.
            let tab = layout.lines[1].runs.flatMap(\.glyphs).first { $0.cluster == 11 }
            #expect(tab.map { approximately($0.advance, 6 * 1233 * pxPerUnit, 1e-6) } == true)
        }
        // A tab at a line end hangs: "abcdefgh\t" (8 chars + tab) then "ijk" at 110 px. (Pango: same.)
        let hanging = try lay("abcdefgh\tijk", width: 110)
        #expect(hanging.starts == [0, 9])
        #expect(approximately(hanging.lines[0].width, 8 * 1233 * pxPerUnit, 1e-6))
    }

    /// Pango moves a tab to the next stop at least one space width past the pen; CSS Text 3
    /// similarly skips a stop closer than 0.5ch. DejaVu Sans at 17 px: space 651 units = 5.404 px,
    /// stop 5208 units = 43.230 px; "over" = 4567 units = 37.909 px, 5.32 px before the stop.
    /// Pango 1.50: "over\tbrown quick" is 189.841 px wide on one line (tab to 2 stops = 86.46,
    /// + "brown quick" 12453 units = 103.37) and at 120 px breaks after the tab: starts 0,5.
    /// The line model adopts Pango's rule (docs/DESIGN.md, "The line model", and docs/line-model.md).
    @Test("a tab stop closer than a space width is skipped, as in Pango")
    func tabMinimumGap() throws {
        let font = try sansFont()
        let prepared = try PreparedText("over\tbrown quick", font: font, size: 17)
        // Control: "ove" (3725 units = 30.92 px) is 12.3 px before the stop; both agree (Pango 95.722).
        let control = try PreparedText("ove\tbrown", font: font, size: 17).layout()
        #expect(abs(control.widestLineWidth - Double(5208 + 6323) * 17 / 2048) < 1e-6)
        let unlimited = try prepared.layout().widestLineWidth
        let starts = try prepared.layout(wrapWidth: 120).starts
        #expect(abs(unlimited - Double(2 * 5208 + 12453) * 17 / 2048) < 1e-6)
        #expect(starts == [0, 5])
    }

    // MARK: Grapheme clusters

    struct GraphemeRow: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        let font: TestFont
        let width: Double
        let starts: [Int]
        var testDescription: String { name }
    }

    static let graphemeRows: [GraphemeRow] = [
        // "é" as e + U+0301 (2 UTF-16 units, 12.60 px): two are 25.20 > 20, so one a line.
        GraphemeRow(name: "e+acute ×10 at 20", text: String(repeating: "e\u{301}", count: 10), font: .sans, width: 20,
                    starts: Array(stride(from: 0, to: 20, by: 2))),
        // Two a line at 30 (25.20 fits, 37.80 does not).
        GraphemeRow(name: "e+acute ×10 at 30", text: String(repeating: "e\u{301}", count: 10), font: .sans, width: 30,
                    starts: Array(stride(from: 0, to: 20, by: 4))),
        // ZWJ family: U+1F468 ZWJ U+1F469 ZWJ U+1F467 = 2+1+2+1+2 = 8 units, one grapheme.
        GraphemeRow(name: "ZWJ family ×3 at 1", text: String(repeating: "👨‍👩‍👧", count: 3), font: .sans, width: 1,
                    starts: [0, 8, 16]),
        // Flags: two regional indicators (4 units) per grapheme.
        GraphemeRow(name: "flags at 1", text: "🇫🇷🇩🇪🇮🇹", font: .sans, width: 1, starts: [0, 4, 8]),
        // a + two combining marks (3 units) per grapheme.
        GraphemeRow(name: "a+marks ×4 at 1", text: String(repeating: "a\u{308}\u{332}", count: 4), font: .sans, width: 1,
                    starts: [0, 3, 6, 9]),
        // Emoji with a skin-tone modifier (2+2 units) and a keycap (1+1+1).
        GraphemeRow(name: "modifier and keycap at 1", text: "👍🏽1\u{FE0F}\u{20E3}👍🏽", font: .sans, width: 1, starts: [0, 4, 7]),
        // A Hangul syllable spelled in conjoining jamo L V T (3 units) is one grapheme; then L V.
        GraphemeRow(name: "jamo syllables at 1", text: "\u{1100}\u{1161}\u{11A8}\u{1100}\u{1161}", font: .sans, width: 1, starts: [0, 3]),
        // Plain letters: one a line when none fits.
        GraphemeRow(name: "letters at 1", text: "ab", font: .mono, width: 1, starts: [0, 1]),
    ]

    @Test("a word wider than the line breaks between grapheme clusters, never inside one", arguments: graphemeRows)
    func graphemes(_ row: GraphemeRow) throws {
        let layout = try lay(row.text, row.font, width: row.width)
        #expect(layout.starts == row.starts)
        let boundaries = graphemeBoundaries(row.text)
        for line in layout.lines {
            #expect(boundaries.contains(line.utf16Range.lowerBound), "line starts inside a grapheme at \(line.utf16Range.lowerBound)")
            #expect(boundaries.contains(line.utf16Range.upperBound), "line ends inside a grapheme at \(line.utf16Range.upperBound)")
            #expect(!line.utf16Range.isEmpty)
        }
        checkInvariants(layout)
    }

    @Test("at any width, every line boundary is a grapheme boundary", arguments: [
        "e\u{301}e\u{301}e\u{301} 👨‍👩‍👧👨‍👩‍👧 🇫🇷🇩🇪 a\u{308}\u{332}a\u{308}\u{332} naïve café",
        "Supercalifragilisticexpialidocious 𝄞𝄞𝄞 😀😀😀😀",
        "Ελληνικά\u{301} κείμενο και Кириллица й\u{306}",
    ])
    func graphemeBoundariesAtAllWidths(_ text: String) throws {
        let boundaries = graphemeBoundaries(text)
        let prepared = try PreparedText(text, font: sansFont(), size: testSize)
        for width in stride(from: 1.0, through: 200.0, by: 3.7) {
            let layout = try prepared.layout(wrapWidth: width)
            for line in layout.lines {
                #expect(boundaries.contains(line.utf16Range.lowerBound), "width \(width): start \(line.utf16Range.lowerBound)")
            }
            checkInvariants(layout)
        }
    }

    // MARK: No limit

    @Test("with no width limit there is one line per paragraph", arguments: [nil, Double.infinity] as [Double?])
    func noLimit(width: Double?) throws {
        let text = "A first paragraph long enough to wrap at any small width, going on and on\nsecond\n\n\tfourth  \r\nlast"
        // Paragraphs by counting UTF-16 units (97 in all): [0, 73) LF, [74, 80) LF, [81, 81) LF,
        // [82, 91) CR LF, [93, 97).
        let layout = try lay(text, .sans, width: width)
        #expect(layout.utf16Ranges == [0..<73, 74..<80, 81..<81, 82..<91, 93..<97])
        #expect(layout.wrapWidth == .infinity)
        checkInvariants(layout)
    }

    // MARK: Heights

    @Test("content height = sum of line heights + lineSpace × (lines − 1); baseline = top + ascent", arguments: [
        ("one", 0.0, 1),              // Mono at 40 px: 3 characters (36.99) fit
        ("one", 7.5, 1),
        ("a\nb\nc", 0.0, 3),
        ("a\nb\nc", 3.0, 3),
        ("abcdefghij", 2.5, 4),       // Mono at 40 px: 3 characters a line → 4 lines
        ("\n\n\n\n", 1.25, 5),
    ] as [(String, Double, Int)])
    func heights(text: String, lineSpace: Double, lines: Int) throws {
        let layout = try lay(text, width: 40, lineSpace: lineSpace)
        #expect(layout.lineCount == lines)
        let h = 23.84, ascent = 19.01, descent = 4.83
        #expect(approximately(layout.contentHeight, Double(lines) * h + lineSpace * Double(lines - 1), 1e-6))
        #expect(layout.lineSpace == lineSpace)
        for (i, line) in layout.lines.enumerated() {
            #expect(approximately(line.height, h, 1e-9))
            #expect(approximately(line.ascent, ascent, 1e-9))
            #expect(approximately(line.descent, descent, 1e-9))
            #expect(approximately(line.top, Double(i) * (h + lineSpace), 1e-6))
            #expect(approximately(line.baseline, line.top + ascent, 1e-6))
        }
    }

    // MARK: Invariants, determinism, relayout

    static let corpus: [String] = [
        "",
        "Hello world, this is a test of the layout engine.",
        "mind the gap\nAVATAR Type\r\nWAVE\rTo\u{2028}end\u{2029}",
        "  leading and trailing spaces   \n\n   ",
        "tab\tseparated\tvalues\tand\tmore\ttabs\t",
        "Emoji 😀 and 👨‍👩‍👧 and 🇫🇷 with 𝄞 surrogates 𝄞𝄞 and combining e\u{301}e\u{301}",
        "Καλημέρα κόσμε! Съешь же ещё этих мягких французских булок, да выпей чаю.",
        "Supercalifragilisticexpialidocious antidisestablishmentarianism",
        "well-known self-evident state-of-the-art\u{0B}vertical\u{0C}form\u{85}next",
    ]

    static let widths: [Double?] = [nil, 1, 17, 33.3, 50, 80, 123.45, 200, 500]

    @Test("line ranges cover the text in order, without gaps (but hard breaks) or overlaps", arguments: corpus)
    func coverage(_ text: String) throws {
        for font in [TestFont.sans, .mono] {
            let prepared = try PreparedText(text, font: font.load(), size: testSize)
            for width in Self.widths {
                checkInvariants(try prepared.layout(wrapWidth: width, lineSpace: 1.5))
            }
        }
    }

    @Test("laying out twice gives identical results", arguments: corpus)
    func deterministic(_ text: String) throws {
        let prepared = try PreparedText(text, font: sansFont(), size: testSize)
        for width in Self.widths {
            let a = try prepared.layout(wrapWidth: width, lineSpace: 2)
            let b = try prepared.layout(wrapWidth: width, lineSpace: 2)
            let c = try PreparedText(text, font: TestFont.sans.loadUncached(), size: testSize).layout(wrapWidth: width, lineSpace: 2)
            #expect(fingerprint(a) == fingerprint(b))
            #expect(fingerprint(a) == fingerprint(c))
        }
    }

    @Test("relayout of one PreparedText at several widths equals preparing anew", arguments: corpus)
    func relayout(_ text: String) throws {
        for font in [TestFont.sans, .bold, .mono] {
            let prepared = try PreparedText(text, font: font.load(), size: testSize)
            // Widths in an order that goes back and forth.
            for width in [200, 17, nil, 500, 1, 80, 33.3, 123.45, 50] as [Double?] {
                let reused = try prepared.layout(wrapWidth: width)
                let fresh = try PreparedText(text, font: font.loadUncached(), size: testSize).layout(wrapWidth: width)
                #expect(fingerprint(reused) == fingerprint(fresh), "\(font) at \(String(describing: width))")
            }
        }
    }

    @Test("utf16Range agrees with range converted to UTF-16", arguments: [
        "😀😀😀 𝄞𝄞 abc 👨‍👩‍👧 def",
        "é\u{301}𝐀𝐁𝐂 \r\n😀\n\u{2028}𝄞",
        "中文字符和😀表情混合的文本",
        "a\u{10FFFF}b\u{FFFD}c \u{1F600}",
    ])
    func utf16Ranges(_ text: String) throws {
        let prepared = try PreparedText(text, font: sansFont(), size: testSize)
        for width in [nil, 1, 25, 60, 120] as [Double?] {
            let layout = try prepared.layout(wrapWidth: width)
            for line in layout.lines {
                let start = text.utf16.distance(from: text.utf16.startIndex, to: line.range.lowerBound)
                let end = text.utf16.distance(from: text.utf16.startIndex, to: line.range.upperBound)
                #expect(line.utf16Range == start..<end)
                // And back: the UTF-16 offsets give the same String indices.
                let lower = String.Index(utf16Offset: line.utf16Range.lowerBound, in: text)
                #expect(lower == line.range.lowerBound)
                // No line edge falls between the two halves of a surrogate pair.
                #expect(line.range.lowerBound.samePosition(in: text.unicodeScalars) != nil)
                #expect(line.range.upperBound.samePosition(in: text.unicodeScalars) != nil)
            }
            checkInvariants(layout)
        }
    }
}

/// Everything observable about a layout, for comparing two layouts exactly.
struct LayoutFingerprint: Equatable {
    struct LineData: Equatable {
        var range: Range<Int>
        var width, ascent, descent, height, top, baseline: Double
        var hard: Bool
        var glyphs: [[Double]]
    }
    var lines: [LineData]
    var contentHeight: Double
    var width: Double
}

func fingerprint(_ layout: Layout) -> LayoutFingerprint {
    LayoutFingerprint(
        lines: layout.lines.map { line in
            LayoutFingerprint.LineData(
                range: line.utf16Range, width: line.width, ascent: line.ascent, descent: line.descent,
                height: line.height, top: line.top, baseline: line.baseline, hard: line.endsWithHardBreak,
                glyphs: line.runs.flatMap { run in
                    run.glyphs.map { [Double($0.id), Double($0.cluster), $0.advance, $0.xOffset, $0.yOffset, run.x] }
                })
        },
        contentHeight: layout.contentHeight, width: layout.widestLineWidth)
}
