// Checks that a fresh layout's lines, assembled when read, are in every field the lines built at once, in any order of reading and from many threads.
import Foundation
import Testing
@testable import TextLayout
import TestSupport

@Suite("Lines assembled when read")
struct FoundLinesTests {
    /// The stored properties of ``Line``, each compared by ``expectSameFields(_:_:_:)``: a field
    /// added to `Line` fails the test until it is compared too.
    static let lineFields: Set<String> = [
        "utf16Range", "width", "ascent", "descent", "height", "top", "baseline", "endsWithHardBreak", "endsWithHyphen",
        "isRightToLeft", "hasEllipsis", "runs", "paragraph", "byteRange", "contentEnd", "flatText", "overflowWidth",
        "baselineOffset", "isJustified", "endsWithTrimmedMark",
    ]

    /// Whether two doubles are the same bits (so -0 and 0 differ, as a printed width would).
    static func same(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern }

    static func expectSameFields(_ read: Line, _ built: Line, _ label: String) {
        #expect(Set(Mirror(reflecting: read).children.compactMap(\.label)) == lineFields, "Line has fields this test does not compare")
        #expect(read.utf16Range == built.utf16Range && read.byteRange == built.byteRange && read.contentEnd == built.contentEnd
                && read.paragraph == built.paragraph, "ranges: \(label)")
        #expect(same(read.width, built.width) && same(read.overflowWidth, built.overflowWidth), "widths \(read.width) / \(built.width): \(label)")
        #expect(same(read.ascent, built.ascent) && same(read.descent, built.descent) && same(read.height, built.height)
                && same(read.top, built.top) && same(read.baseline, built.baseline) && same(read.baselineOffset, built.baselineOffset),
                "metrics: \(label)")
        #expect(read.endsWithHardBreak == built.endsWithHardBreak && read.endsWithHyphen == built.endsWithHyphen
                && read.isRightToLeft == built.isRightToLeft && read.hasEllipsis == built.hasEllipsis && read.isJustified == built.isJustified
                && read.endsWithTrimmedMark == built.endsWithTrimmedMark,
                "flags: \(label)")
        #expect(read.runs == built.runs, "glyph runs: \(label)")
        #expect(read.text.utf8.elementsEqual(built.text.utf8), "text: \(label)")
    }

    /// Seeded random texts in every style that changes how a line is found: alignment (justify),
    /// indent, line-height models and struts, balanced and pretty lines, letter spacing in a span.
    static func randomCase(_ seed: UInt64) throws -> (prepared: PreparedText, width: Double?, lineSpace: Double) {
        var rng = SplitMix(seed: 0x1A2E + seed)
        let text = (0..<Int.random(in: 1...4, using: &rng)).map { _ in RandomText.make(&rng, maxPieces: 30) }.joined(separator: "\n")
        let paragraph = ParagraphStyle(
            lineHeight: [LineHeight.normal, .fixed(23.5), .multiple(1.4)][Int(seed / 4 % 3)],
            strut: seed % 7 == 3 ? .minimum : .none,
            alignment: [TextAlignment.start, .center, .justify, .end][Int(seed % 4)],
            indent: seed % 3 == 0 ? Double.random(in: -20...20, using: &rng) : 0,
            textWrap: [TextWrap.wrap, .wrap, .balance, .pretty][Int(seed / 3 % 4)])
        let font = try bundledFonts.font(path: FontContext.bundledFontPath("DejaVuSans.ttf")!)
        // A span from the second character to the middle one: on character boundaries.
        let utf16 = { (characters: Int) in text.utf16.distance(from: text.startIndex, to: text.index(text.startIndex, offsetBy: characters)) }
        let spans = seed % 5 == 1 && text.count > 2 ? [StyledSpan(range: utf16(1)..<utf16(text.count / 2), letterSpacing: 1.5)] : []
        let prepared = try PreparedText(text, style: TextStyle(font: font, settings: TextSettings(paragraph: paragraph)), spans: spans)
        let width: Double? = seed % 9 == 8 ? nil : Double.random(in: 40...400, using: &rng)
        return (prepared, width, seed % 2 == 0 ? 0 : 3)
    }

    @Test("a fresh layout's lines read lazily equal the lines built at once, every field, in any order", arguments: 0..<48)
    func lazyEqualsEager(seed: UInt64) throws {
        let (prepared, width, lineSpace) = try Self.randomCase(seed)
        for glyphRuns in [true, false] {
            let layout = try prepared.layout(wrapWidth: width, lineSpace: lineSpace, glyphRuns: glyphRuns)
            let built = LayoutLines(try prepared.builtLines(wrapWidth: width ?? .infinity, lineSpace: lineSpace, glyphRuns: glyphRuns),
                                    text: prepared.flatText)
            let label = "seed \(seed), glyph runs \(glyphRuns): \(prepared.text.debugDescription) at \(width.map { "\($0)" } ?? "no limit")"
            #expect(layout.lines.count == built.count, "\(label)")
            guard layout.lines.count == built.count else { continue }
            #expect(layout.contentHeight == built.bottom && layout.widestLineWidth == built.maximumWidth, "\(label)")
            // Read from the end back, then again from the start: a line's runs are built on its
            // first read and kept, and the second read must give the same.
            for index in layout.lines.indices.reversed() {
                Self.expectSameFields(layout.lines[index], built[index], "line \(index), \(label)")
            }
            for index in layout.lines.indices {
                Self.expectSameFields(layout.lines[index], built[index], "line \(index) read again, \(label)")
                #expect(layout.lines.top(ofLine: index) == built[index].top
                        && layout.lines.bottom(ofLine: index) == built[index].top + built[index].height
                        && layout.lines.byteStart(ofLine: index) == built[index].byteRange.lowerBound
                        && layout.lines.paragraph(ofLine: index) == built[index].paragraph, "accessors, line \(index), \(label)")
                var withoutRuns = layout.lines.line(index, withRuns: false)
                withoutRuns.runs = built[index].runs
                Self.expectSameFields(withoutRuns, built[index], "line \(index) read without runs, \(label)")
            }
        }
    }

    @Test("threads reading one fresh layout's lines at once all read the lines built at once")
    func concurrentReads() async throws {
        let (prepared, _, _) = try Self.randomCase(5)
        let layout = try prepared.layout(wrapWidth: 120)
        let built = LayoutLines(try prepared.builtLines(wrapWidth: 120, lineSpace: 0, glyphRuns: true), text: prepared.flatText)
        #expect(layout.lines.count > 3, "the case should have several lines")
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    // Each task reads every line, starting at a different one, so that first reads meet.
                    let count = layout.lines.count
                    return (0..<count).reduce(0) { sum, k in
                        let index = (k + task * 3) % count
                        return sum + (layout.lines[index] == built[index] && layout.lines[index].runs == built[index].runs ? 0 : 1)
                    }
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }

    @Test("an edit after a fresh layout equals a fresh layout of the edited text")
    func editAfterLazyLayout() throws {
        var compared = 0
        for seed in UInt64(0)..<12 {
            let (prepared, width, lineSpace) = try Self.randomCase(seed)
            // Balanced and pretty lines keep the lines above an edit (see ``Layout/updated(for:after:)``).
            guard prepared.style.settings.paragraph.textWrap == .wrap else { continue }
            for glyphRuns in [true, false] {
                let layout = try prepared.layout(wrapWidth: width, lineSpace: lineSpace, glyphRuns: glyphRuns)
                // The middle character's start: a valid place for an edit, so the edit must succeed.
                let text = prepared.text
                let middle = text.utf16.distance(from: text.startIndex, to: text.index(text.startIndex, offsetBy: text.count / 2))
                let (edited, edit) = try prepared.replacingCharacters(inUTF16: middle..<middle, with: "x ")
                let updated = try layout.updated(for: edited, after: edit)
                let fresh = try edited.layout(wrapWidth: width, lineSpace: lineSpace, glyphRuns: glyphRuns)
                #expect(updated == fresh, "seed \(seed), glyph runs \(glyphRuns)")
                compared += 1
            }
        }
        // Seeds 0 to 5 wrap greedily (``randomCase(_:)``), each with and without glyph runs.
        #expect(compared == 12, "\(compared) edits compared")
    }
}
