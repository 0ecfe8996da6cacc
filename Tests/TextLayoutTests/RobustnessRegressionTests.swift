// Regression tests for the bugs the property tests and the fuzzers found, each with the smallest input that showed it.
import Testing
import TextLayout
import TestSupport

@Suite("Robustness regressions")
struct RobustnessRegressionTests {
    struct Row: Sendable, CustomTestStringConvertible {
        var text: String
        var font = "DejaVuSansMono.ttf"
        var size = 20.48
        var width: Double?
        var direction = TextDirection.auto
        /// The UTF-16 offsets where the lines start, when the case pins them.
        var starts: [Int]?
        /// The widths of the lines, when the case pins them.
        var widths: [Double]?
        var why: String
        var testDescription: String { why }
    }

    static let rows: [Row] = [
        // A no-break space after a grapheme cut hung at the end of the line even when a combining
        // mark followed it: the next line started with the lone mark, inside the cluster.
        Row(text: "ab\u{A0}\u{301}cd", width: 1, starts: [0, 1, 2, 4, 5],
            why: "a space followed by a combining mark does not hang after a cut"),
        // UAX #14 (LB10) offers a break between a space and the marks after it, inside the
        // grapheme cluster: the line model breaks there (only cuts inside words keep clusters whole).
        Row(text: "ab \u{301}\u{302}cd", width: 1, starts: [0, 1, 3, 5, 6],
            why: "a break opportunity between a space and its marks is taken"),
        Row(text: "\u{1FAFF}\u{A0}\u{36C}\u{326}\u{352}", font: "DejaVuSans-Bold.ttf", size: 200, width: 1, starts: [0, 2],
            why: "the fuzzed case: an unassigned character, a no-break space and marks"),
        // A word cut right after a space inside it (no break before '.', UAX #14 LB13) counted the
        // space in the line's width, though it hangs when the cut falls just before it: the same
        // line had two widths depending on the wrap width.
        Row(text: "ab .cd", width: 40, starts: [0, 3], widths: [24.66, 36.99],
            why: "a space just before a cut hangs"),
        Row(text: "ab .cd", width: 30, starts: [0, 3, 5], widths: [24.66, 24.66, 12.33],
            why: "a space just after a cut hangs"),
        Row(text: "ab\u{A0}\u{A0}cd", width: 40, starts: [0, 4], widths: [24.66, 24.66],
            why: "no-break spaces just before a cut hang too"),
        // HarfBuzz puts a joiner, mark or emoji modifier after a tab in the tab's cluster; every
        // glyph of the cluster advanced to the next tab stop when drawn, while the line was
        // measured with one, and the others with their own advances.
        Row(text: "ab\t\u{200D}c", width: nil, widths: [3 * 12.33 + 98.64 - 24.66],
            why: "a joiner in a tab's cluster does not advance to a second tab stop"),
        Row(text: "\t\u{301}x\t\u{200D}\u{200D}y", width: nil, widths: [2 * 98.64 + 12.33],
            why: "marks and joiners after tabs add nothing"),
        Row(text: "a\t\u{1F3FB}b", font: "DejaVuSans.ttf", size: 0.5, width: nil,
            why: "a modifier in a tab's cluster keeps its own advance (the property tests' seed 1918)"),
        Row(text: "La\t\u{1F3FB}\u{330}\u{361}\u{32E}\u{322}\u{36F}\u{C}", font: "DejaVuSans-Bold.ttf", size: 13.3, width: nil,
            why: "marks after a tab are drawn as they were measured, shaped after the tab (seed 4001459)"),
    ]

    @Test("each case keeps the invariants and breaks where it must", arguments: rows)
    func regression(_ row: Row) throws {
        let style = try TextStyle(font: isolatedFont(row.font), settings: TextSettings(size: row.size, direction: row.direction))
        let layout = try expectDeterministicLayout(row.text, style: style, width: row.width, row.why)
        if let starts = row.starts { #expect(layout.lines.map(\.utf16Range.lowerBound) == starts, "\(row.why)") }
        if let widths = row.widths {
            #expect(layout.lines.count == widths.count)
            for (line, width) in zip(layout.lines, widths) { #expect(abs(line.width - width) < 1e-6, "\(row.why)") }
        }
    }

    /// The word cache assembled a run from pieces shaped in other texts, cut after each run of
    /// spaces; a piece that starts with a mark or joiner, shaped alone, gives the mark its own
    /// cluster, where shaping the run whole puts it in the space's cluster. The same text then laid
    /// out differently depending on what was measured before it.
    @Test("the word cache never joins a piece that starts with a mark, joiner or modifier", arguments: [
        "x \u{301}y", "x \u{FE0F}y", "x \u{200D}y", "x \u{1F3FB}y", "ab  \u{308}\u{301}cd ef",
    ])
    func wordCacheKeepsClusters(_ text: String) throws {
        // A context of its own: its word cache must hold only the pieces warmed here.
        let context = FontContext(fontDirectories: [FontContext.bundledFontsDirectory!], includeSystemFonts: false)
        for file in ["DejaVuSansMono.ttf", "NotoSansHebrew-Regular.ttf", "NotoSansThai-Regular.ttf"] {
            let path = try #require(FontContext.bundledFontPath(file))
            let style = try TextStyle(font: context.font(path: path), settings: TextSettings(size: 20))
            // Warm the cache with the pieces of the text (cut after each run of spaces, by
            // scalars: a space and its mark are one Character), each shaped in a text of its own.
            var piece = ""
            for scalar in text.unicodeScalars {
                if scalar != " ", piece.unicodeScalars.last == " " {
                    _ = try PreparedText(piece, style: style)
                    piece = ""
                }
                piece.unicodeScalars.append(scalar)
            }
            _ = try PreparedText(piece, style: style)
            var reference = style
            reference.font = try uncachedBundledFonts.font(path: path)
            let cached = try PreparedText(text, style: style).layout()
            let fresh = try PreparedText(text, style: reference).layout()
            #expect(fingerprint(cached) == fingerprint(fresh), "\(file): \(text.debugDescription)")
        }
    }

    /// An edit late in a paragraph changed the bidi level of a neutral character far before it
    /// (its direction comes from the strong text after it), but the incremental relayout kept
    /// the old lines before the edit's line, with the old direction (found by the text fuzzer).
    @Test("an edit that changes the levels before it relays out the whole paragraph", arguments: [
        ("-lb-loose\u{FFFE}\u{10FFFF}\u{0}\u{7}\u{AD}\u{FEFF}", 12..<15, "\u{301}", "NotoColorEmoji-subset.ttf", 10_000.0, 4087.3125),
        ("abc 123 456 789 !!! ", 20..<20, "\u{5D0}", "DejaVuSans.ttf", 20, 30),
        ("123 456 789 ", 12..<12, "\u{5D0}\u{5D1}", "DejaVuSans.ttf", 20, 25),
    ])
    func editChangesLevelsBefore(_ text: String, _ range: Range<Int>, _ insert: String, _ file: String, _ size: Double,
                                 _ width: Double) throws {
        let style = try TextStyle(font: isolatedFont(file), settings: TextSettings(size: size, direction: .rtl, language: "ko", lineBreak: .keepAll))
        let prepared = try PreparedText(text, style: style)
        let layout = try prepared.layout(wrapWidth: width, lineSpace: 100)
        let (edited, edit) = try prepared.replacingCharacters(inUTF16: range, with: insert)
        let updated = try layout.updated(for: edited, after: edit)
        let fresh = try PreparedText(edited.text, style: style).layout(wrapWidth: width, lineSpace: 100)
        #expect(updated.lines.map { $0.runs.map(\.isRightToLeft) } == fresh.lines.map { $0.runs.map(\.isRightToLeft) })
        #expect(updated.lines.map { $0.runs.map(\.x) } == fresh.lines.map { $0.runs.map(\.x) })
        #expect(updated._checkInvariants().isEmpty)
    }
}
