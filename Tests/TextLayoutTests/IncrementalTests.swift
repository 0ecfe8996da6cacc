// Checks that editing a prepared text and updating its layout gives exactly what preparing and laying out the new text does.
import Foundation
import Testing
@testable import TextLayout
import TestSupport

/// What an updated layout and a fresh one must agree in: every line's ranges, width, height,
/// position and flags, and its runs' glyph clusters.
func layoutSummary(_ layout: Layout) -> [String] {
    layout.lines.map { line in
        let range = layout.prepared.text.utf16.distance(from: layout.prepared.text.startIndex, to: line.range.lowerBound)
        return "\(line.utf16Range) \(range) \(line.byteRange) p\(line.paragraph) w=\(line.width) h=\(line.height) top=\(line.top) base=\(line.baseline) hard=\(line.endsWithHardBreak) hyphen=\(line.endsWithHyphen) justified=\(line.isJustified) rtl=\(line.isRightToLeft) runs=\(line.runs.map { "\($0.utf16Range)@\($0.x):\($0.glyphs.map(\.cluster))" })"
    }
}

@Suite("Incremental editing")
struct IncrementalTests {
    static let paragraphs = [
        "Growing editors guess their height. This one knows it: every line break comes from the real glyphs.",
        "Профили PAM с устаревшими модулями отключены, а права доступа сохранены.",
        "The word שלום means peace and سلام too, since 2024.",
        "",
        "Ελληνικά: η οριζόντια στοίχιση από 0 (αριστερά) μέχρι 1 (δεξιά).",
        "tabs\tand\tmore tabs here\tend",
        "Donau\u{AD}dampf\u{AD}schiff\u{AD}fahrts\u{AD}ge\u{AD}sell\u{AD}schaft und su\u{AD}per\u{AD}ca\u{AD}li",
    ]
    static let insertions = ["a", " ", "\n", "word ", "é", "😀", "\r\n", "ש", "\t", "xyzzy plugh ", "\r", "\n", "\u{AD}"]

    func fonts() throws -> Font {
        try bundledFonts.font(path: FontContext.bundledFontPath("DejaVuSans.ttf")!)
    }


    /// Seeds 9 to 12 justify, with a first-line or a hanging indent.
    @Test("random edits: updated layout equals a fresh layout", arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
    func randomEdits(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        let font = try fonts()
        var text = Self.paragraphs.joined(separator: "\n")
        // Seeds 5 to 8 lay out under a line-height model: the lines an edit rebuilds get their
        // boxes as a fresh layout does, and the kept lines move by the difference.
        // Seeds past 8 justify and indent.
        let paragraph = seed > 8 ? ParagraphStyle(alignment: .justify, indent: seed % 2 == 0 ? 20 : -20)
            : seed <= 4 ? ParagraphStyle()
            : ParagraphStyle(lineHeight: seed % 2 == 0 ? .fixed(23.5) : .multiple(1.4), strut: seed == 7 ? .minimum : .none)
        var prepared = try PreparedText(text, style: TextStyle(font: font, settings: TextSettings(paragraph: paragraph)))
        let width = [90.0, 160, 300][Int(seed % 3)]
        var layout = try prepared.layout(wrapWidth: width, lineSpace: 2, glyphRuns: seed % 2 == 0)
        for step in 0..<80 {
            let count = text.utf16.count
            var lower = Int.random(in: 0...count, using: &random)
            var upper = min(count, lower + (Bool.random(using: &random) ? 0 : Int.random(in: 0...6, using: &random)))
            // Keep the range on scalar boundaries.
            while lower > 0, String.Index(utf16Offset: lower, in: text).samePosition(in: text.unicodeScalars) == nil { lower -= 1 }
            while upper < count, String.Index(utf16Offset: upper, in: text).samePosition(in: text.unicodeScalars) == nil { upper += 1 }
            let insertion = Bool.random(using: &random) ? Self.insertions.randomElement(using: &random)! : ""
            let (edited, edit) = try prepared.replacingCharacters(inUTF16: lower..<upper, with: insertion)
            let updated = try layout.updated(for: edited, after: edit)
            var expectedText = text
            expectedText.replaceSubrange(String.Index(utf16Offset: lower, in: text)..<String.Index(utf16Offset: upper, in: text), with: insertion)
            #expect(edited.text == expectedText)
            // The reference shares no cache with the code under test.
            let fresh = try PreparedText(expectedText, style: TextStyle(font: uncachedTwin(of: font), settings: TextSettings(paragraph: paragraph)))
            let full = try fresh.layout(wrapWidth: width, lineSpace: 2, glyphRuns: layout.hasGlyphRuns)
            #expect(layoutSummary(updated) == layoutSummary(full), "seed \(seed) step \(step): replacing \(lower)..<\(upper) with \(insertion.debugDescription)")
            #expect(edited.paragraphs.count == fresh.paragraphs.count)
            for (a, b) in zip(edited.paragraphs, fresh.paragraphs) {
                #expect(a.range == b.range && a.segmentStarts == b.segmentStarts && a.clusterStarts == b.clusterStarts && a.glyphs == b.glyphs)
            }
            text = expectedText
            prepared = edited
            layout = updated
        }
    }

    /// A long text's lines are shared between the layouts edits make (see ``LayoutLines``): lines
    /// after an edit are moved by offsets when read, tops summed again as a fresh layout sums them.
    @Test("edits all over a long text: shared lines read as a fresh layout's", arguments: [UInt64(21), 22])
    func editsAllOverALongText(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        let font = try fonts()
        var text = (0..<60).map { Self.paragraphs[$0 % Self.paragraphs.count] }.joined(separator: "\n")
        let style = try TextStyle(font: font)
        var prepared = try PreparedText(text, style: style)
        var layout = try prepared.layout(wrapWidth: 170, lineSpace: 2.3, glyphRuns: seed % 2 == 0)
        let twin = try TextStyle(font: uncachedTwin(of: font))
        var pieces: [Int] = []
        for step in 0..<60 {
            // Far apart: each edit splits the lines somewhere new.
            let scalars = Array(text.unicodeScalars.indices)
            let at = scalars[Int.random(in: 0..<scalars.count, using: &random)]
            let lower = at.utf16Offset(in: text)
            let insertion = Self.insertions.randomElement(using: &random)!
            let (edited, edit) = try prepared.replacingCharacters(inUTF16: lower..<lower, with: insertion)
            let updated = try layout.updated(for: edited, after: edit)
            let full = try PreparedText(edited.text, style: twin).layout(wrapWidth: 170, lineSpace: 2.3, glyphRuns: layout.hasGlyphRuns)
            #expect(layoutSummary(updated) == layoutSummary(full), "seed \(seed) step \(step): \(insertion.debugDescription) at \(lower)")
            #expect(updated.contentHeight == full.contentHeight && updated.widestLineWidth == full.widestLineWidth)
            pieces.append(updated.lines.pieceCount)
            text = edited.text
            prepared = edited
            layout = updated
        }
        #expect(pieces.allSatisfy { $0 <= 32 }, "\(pieces)")
        #expect(pieces.contains { $0 > 3 }, "edits far apart share the old lines in pieces: \(pieces)")
    }

    @Test("typing in one place keeps the lines before and after it shared, in at most three pieces")
    func typingInOnePlace() throws {
        let font = try fonts()
        let text = (0..<60).map { Self.paragraphs[$0 % Self.paragraphs.count] }.joined(separator: "\n")
        var prepared = try PreparedText(text, style: TextStyle(font: font))
        var layout = try prepared.layout(wrapWidth: 170, lineSpace: 2)
        var caret = text.utf16.count / 2
        for character in "Typing in the middle, a line\nand another." {
            let key = String(character)
            let (edited, edit) = try prepared.replacingCharacters(inUTF16: caret..<caret, with: key)
            layout = try layout.updated(for: edited, after: edit)
            #expect(layout.lines.pieceCount <= 3, "after \(key.debugDescription): \(layout.lines.pieceCount) pieces")
            prepared = edited
            caret += key.utf16.count
        }
        let full = try PreparedText(prepared.text, style: TextStyle(font: try uncachedTwin(of: font))).layout(wrapWidth: 170, lineSpace: 2)
        #expect(layoutSummary(layout) == layoutSummary(full))
    }

    /// At 17.3 px a DejaVu advance (units × 17.3 / 2048) rounds: a width summed in pixels from the
    /// paragraph's start would change in its last bits with a character typed before the line.
    /// Summed in font units and scaled once, it does not, so the old lines after the edit, kept
    /// as they were measured, are what a fresh layout measures.
    @Test("typing early in a paragraph whose advances round: the lines after the edit measure as a fresh layout's", arguments: [17.3, 17])
    func inexactPositions(size: Double) throws {
        let font = try fonts()
        let text = (0..<8).map { _ in Self.paragraphs[0] }.joined(separator: " ")
        var prepared = try PreparedText(text, style: TextStyle(font: font, settings: TextSettings(size: size)))
        var layout = try prepared.layout(wrapWidth: 173, lineSpace: 1.7)
        var caret = 3
        for key in ["w", "i", "d", "e", "r", " ", "é"] {
            let (edited, edit) = try prepared.replacingCharacters(inUTF16: caret..<caret, with: key)
            layout = try layout.updated(for: edited, after: edit)
            let full = try PreparedText(edited.text, style: TextStyle(font: uncachedTwin(of: font), settings: TextSettings(size: size))).layout(wrapWidth: 173, lineSpace: 1.7)
            #expect(layoutSummary(layout) == layoutSummary(full), "size \(size) after \(key.debugDescription)")
            prepared = edited
            caret += key.utf16.count
        }
    }

    /// At 58 px " (abcaa" is " " and then the word "(abcaa", too wide for a line, cut after
    /// "(abca". Deleting the last "a" (on the third line) makes the word fit after the space:
    /// re-breaking must start before the line the word starts on, not only before the edit's line.
    @Test("deleting from the end of a word cut over lines lets the whole word move up to the line before it")
    func shortenedCutWordMovesUp() throws {
        let font = try isolatedFont("NotoSansHebrew-Regular.ttf")
        let prepared = try PreparedText(" (abcaa", font: font, size: 17)
        let layout = try prepared.layout(wrapWidth: 58)
        #expect(layout.lines.map(\.utf16Range) == [0..<1, 1..<6, 6..<7])
        let (edited, edit) = try prepared.replacingCharacters(inUTF16: 6..<7, with: "")
        #expect(edited.text == " (abca")
        let updated = try layout.updated(for: edited, after: edit)
        #expect(updated.lines.map(\.utf16Range) == [0..<6])
        #expect(layoutSummary(updated) == layoutSummary(try edited.layout(wrapWidth: 58)))
    }

    /// Short texts of spaces, brackets, Latin and Hebrew letters at widths about a word wide, so
    /// that words are cut over lines and move between them as edits lengthen and shorten them.
    @Test("random edits of short mixed texts at narrow widths: updated layout equals a fresh layout", arguments: [UInt64(31), 32, 33, 34])
    func narrowMixedEdits(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        let font = try isolatedFont("NotoSansHebrew-Regular.ttf")
        let pieces = [" ", " ", "(", ")", "[", "a", "b", "c", "a", "ש", "ל", "ו", "ם", "-", "ab", "שלום"]
        func piece(count: Int) -> String { (0..<count).map { _ in pieces.randomElement(using: &random)! }.joined() }
        var mismatches: [String] = []
        for trial in 0..<400 {
            let width = Double(Int.random(in: 8...90, using: &random))
            var prepared = try PreparedText(piece(count: Int.random(in: 1...10, using: &random)), font: font, size: 17)
            var layout = try prepared.layout(wrapWidth: width)
            for _ in 0..<8 {
                let count = prepared.text.utf16.count
                let lower = Int.random(in: 0...count, using: &random)
                let upper = min(count, lower + Int.random(in: 0...3, using: &random))
                let insertion = Bool.random(using: &random) ? piece(count: Int.random(in: 1...2, using: &random)) : ""
                let (edited, edit) = try prepared.replacingCharacters(inUTF16: lower..<upper, with: insertion)
                let updated = try layout.updated(for: edited, after: edit)
                let fresh = try edited.layout(wrapWidth: width)
                if updated.lines.map(\.utf16Range) != fresh.lines.map(\.utf16Range) || updated.lines.map(\.width) != fresh.lines.map(\.width) {
                    mismatches.append("trial \(trial), width \(width): \(prepared.text.debugDescription) replacing \(lower)..<\(upper) with \(insertion.debugDescription): \(updated.lines.map(\.utf16Range)) instead of \(fresh.lines.map(\.utf16Range))")
                }
                prepared = edited
                layout = updated
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.prefix(3))")
    }

    @Test("an LF typed right after a lone CR joins it into one break")
    func crThenLF() throws {
        let font = try fonts()
        let prepared = try PreparedText("x\rb", font: font, size: 17)
        let layout = try prepared.layout(wrapWidth: 100)
        let (edited, edit) = try prepared.replacingCharacters(inUTF16: 2..<2, with: "\n")
        #expect(edited.paragraphs.count == 2)
        let updated = try layout.updated(for: edited, after: edit)
        #expect(updated.lines.map(\.utf16Range) == [0..<1, 3..<4])
    }

    @Test("a range outside the text or inside a surrogate pair is refused")
    func badRanges() throws {
        let prepared = try PreparedText("a😀b", font: try fonts(), size: 17)
        #expect(throws: LayoutError.self) { try prepared.replacingCharacters(inUTF16: 0..<9, with: "x") }
        #expect(throws: LayoutError.self) { try prepared.replacingCharacters(inUTF16: 2..<2, with: "x") }
        #expect(try prepared.replacingCharacters(inUTF16: 1..<3, with: "x").text.text == "axb")
    }
}
