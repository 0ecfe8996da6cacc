// The invariant checker on clamped layouts: it passes the engine's clamps of every kind, and each clamped layout broken on purpose fails it with the broken rule named.
import Testing
@testable import TextLayout
import TestSupport

@Suite("The invariant checker on clamped layouts")
struct TruncationInvariantTests {
    /// Two paragraphs of a sentence, the second right to left when `hebrew`.
    static func clamped(_ position: TruncationPosition, lines clamp: Int = 2, hebrew: Bool = false, glyphRuns: Bool = true) throws -> Layout {
        let file = hebrew ? "NotoSansHebrew-Regular.ttf" : "DejaVuSans.ttf"
        let text = hebrew ? "אין מספיק זיכרון לטעינת התמונה\nכדאי לנסות לסגור מספר יישומים כדי לפנות זיכרון"
            : "These fields declare relationships\nbetween the source package and packages used to build it."
        let path = try #require(FontContext.bundledFontPath(file))
        let style = try TextStyle(font: bundledFonts.font(path: path),
                                  settings: TextSettings(paragraph: ParagraphStyle(lineClamp: clamp, truncate: position)))
        let layout = try PreparedText(text, style: style).layout(wrapWidth: 150, glyphRuns: glyphRuns)
        try #require(layout.truncation != nil, "the text is cut")
        return layout
    }

    /// `layout` with its lines and truncation changed by `change`.
    static func broken(_ layout: Layout, _ change: (inout [Line], inout Truncation) -> Void) throws -> Layout {
        var lines = Array(layout.lines)
        var truncation = try #require(layout.truncation)
        change(&lines, &truncation)
        return try Layout(prepared: layout.prepared, wrapWidth: layout.wrapWidth, lineSpace: layout.lineSpace, lines: lines,
                          hasGlyphRuns: layout.hasGlyphRuns, truncation: truncation)
    }

    @Test("the engine's clamps keep every invariant: each cut, one line and two, a right-to-left paragraph, with and without glyph runs",
          arguments: TruncationPosition.allCases)
    func clampsKeepTheInvariants(position: TruncationPosition) throws {
        for clamp in [1, 2, 3] {
            for hebrew in [false, true] {
                for glyphRuns in [true, false] {
                    let layout = try Self.clamped(position, lines: clamp, hebrew: hebrew, glyphRuns: glyphRuns)
                    #expect(layout.lineCount == clamp)
                    #expect(layout._checkInvariants() == [], "\(position), \(clamp) lines, hebrew \(hebrew), glyph runs \(glyphRuns)")
                }
            }
        }
    }

    /// A clamped layout broken one way, and what the checker must say about it.
    struct Breakage: Sendable, CustomTestStringConvertible {
        var name: String
        var position: TruncationPosition
        var hebrew = false
        /// A piece of the message the checker must give.
        var message: String
        var change: @Sendable (inout [Line], inout Truncation) -> Void
        var testDescription: String { name }
    }

    static let breakages: [Breakage] = [
        Breakage(name: "the ellipsis line is not the last", position: .end, message: "the ellipsis is on line 0") { _, t in t.ellipsisLine = 0 },
        Breakage(name: "nothing is said to be hidden", position: .end, message: "hides 0 lines") { _, t in t.hiddenLineCount = 0 },
        Breakage(name: "an end cut stops before the text's end", position: .end, message: "cut at the end") { _, t in
            t.hiddenRange = t.hiddenRange.lowerBound..<(t.hiddenRange.upperBound - 1)
        },
        Breakage(name: "a start cut keeps text before the ellipsis", position: .start, message: "cut at the start") { _, t in
            t.hiddenRange = (t.hiddenRange.lowerBound + 1)..<t.hiddenRange.upperBound
        },
        Breakage(name: "a middle cut does not show the text's end", position: .middle, message: "does not show the text's end") { lines, _ in
            // One ASCII character less, in bytes and in UTF-16.
            let last = lines.count - 1
            lines[last].utf16Range = lines[last].utf16Range.lowerBound..<(lines[last].utf16Range.upperBound - 1)
            lines[last].byteRange = lines[last].byteRange.lowerBound..<(lines[last].byteRange.upperBound - 1)
        },
        Breakage(name: "the hidden range is empty", position: .middle, message: "is empty") { _, t in
            t.hiddenRange = t.hiddenRange.lowerBound..<t.hiddenRange.lowerBound
        },
        Breakage(name: "an ellipsis glyph is not generated", position: .end, message: "not all generated") { lines, _ in
            let r = lines[lines.count - 1].runs.firstIndex(where: \.isEllipsis)!
            lines[lines.count - 1].runs[r].glyphs[0].isGenerated = false
        },
        Breakage(name: "the line has no ellipsis run", position: .end, message: "has no ellipsis run") { lines, _ in
            lines[lines.count - 1].runs.removeAll(where: \.isEllipsis)
        },
        Breakage(name: "the line is wider than its room", position: .end, message: "over its room") { lines, _ in
            let last = lines.count - 1
            lines[last].runs[0].glyphs[0].advance += 200
            for r in 1..<lines[last].runs.count { lines[last].runs[r].x += 200 }
            lines[last].width += 200
        },
        Breakage(name: "the width is not what the runs draw", position: .middle, message: "its runs draw") { lines, _ in lines[lines.count - 1].width -= 3 },
        Breakage(name: "the ellipsis is drawn on the wrong side of a right-to-left line", position: .end, hebrew: true,
                 message: "wrong side of the ellipsis") { lines, _ in
            let last = lines.count - 1
            var runs = lines[last].runs
            let ellipsis = runs.filter(\.isEllipsis), text = runs.filter { !$0.isEllipsis }
            runs = text + ellipsis
            var x = 0.0
            for r in runs.indices { runs[r].x = x; x += runs[r].width }
            lines[last].runs = runs
        },
        Breakage(name: "the clamped line is justified", position: .start, message: "says justified true") { lines, _ in lines[lines.count - 1].isJustified = true },
        Breakage(name: "a kept line shows the ellipsis", position: .end, message: "says hasEllipsis true") { lines, _ in lines[0].hasEllipsis = true },
        Breakage(name: "the clamped line leaves a gap after the line before it", position: .end, message: "where the line before it ends") { lines, _ in
            lines[lines.count - 1].byteRange = (lines[lines.count - 1].byteRange.lowerBound + 1)..<lines[lines.count - 1].byteRange.upperBound
        },
    ]

    @Test("a clamped layout broken on purpose fails the check, naming what is wrong", arguments: breakages)
    func brokenClampsFail(_ breakage: Breakage) throws {
        let layout = try Self.clamped(breakage.position, hebrew: breakage.hebrew)
        #expect(layout._checkInvariants() == [], "unbroken, the layout passes")
        let problems = try Self.broken(layout, breakage.change)._checkInvariants()
        #expect(problems.contains { $0.contains(breakage.message) }, "\(breakage.name): \(problems)")
    }

    @Test("a layout with more lines than its lineClamp and nothing hidden fails the check")
    func tooManyLinesFail() throws {
        let clamped = try Self.clamped(.end)
        let plain = try PreparedText(clamped.prepared.text, style: clamped.prepared.style.withParagraph(ParagraphStyle())).layout(wrapWidth: 150)
        let overClamp = try Layout(prepared: clamped.prepared, wrapWidth: 150, lineSpace: 0, lines: Array(plain.lines), hasGlyphRuns: true)
        #expect(overClamp._checkInvariants().contains { $0.contains("over its lineClamp of 2") })
    }
}
