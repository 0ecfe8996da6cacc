// Inline objects rule by rule: each vertical alignment against CSS positions worked by hand, the line-height models, breaking beside no-break spaces and in brackets, bidi, bad input.
import Testing
@testable import TextLayout
import TestSupport

// Where the expected numbers come from
// ------------------------------------
// DejaVu Sans (the bundled file), read with Python's `struct`: unitsPerEm 2048, hhea ascender
// 1901, descender −483, line gap 0; OS/2 version 1, so no sxHeight: its x-height is the top of
// its `x` (glyf yMax 1120), as Chromium falls back to. At 17 px:
//
//   ascent  1901 × 17 / 2048 = 15.779785156   descent 483 × 17 / 2048 = 4.009277344
//   x-height 1120 × 17 / 2048 = 9.296875      normal line 19.7890625
//   24px line height: half-leading (24 − 19.7890625) / 2 = 2.10546875,
//                     above 17.885253906, below 6.114746094
//
// CSS 2.1 §10.8 for an atomic inline of height H (its margin box counts as it is):
//   baseline   above = its baseline (H when not given), below = H − above
//   middle     above = (H + x-height) / 2
//   text-top   above = the parent font's ascent
//   text-bottom below = the parent font's descent
//   top/bottom the line box of the rest, grown by Chromium's MetricsForTopAndBottomAlign: a
//              taller `top` box keeps the rest's top and extends below; `bottom`, the other way.

@Suite("Inline objects")
struct InlineObjectTests {
    static let ascent = 1901.0 * 17 / 2048
    static let descent = 483.0 * 17 / 2048
    static let xHeight = 1120.0 * 17 / 2048

    static func style(_ paragraph: ParagraphStyle = ParagraphStyle(), direction: TextDirection = .auto) throws -> TextStyle {
        try TextStyle(font: isolatedFont("DejaVuSans.ttf"), settings: TextSettings(size: 17, direction: direction, paragraph: paragraph))
    }

    static func layout(_ text: String, _ objects: [InlineObject], width: Double? = nil, paragraph: ParagraphStyle = ParagraphStyle(),
                       direction: TextDirection = .auto, glyphRuns: Bool = true) throws -> Layout {
        let layout = try PreparedText(text, style: style(paragraph, direction: direction), inlineObjects: objects)
            .layout(wrapWidth: width, glyphRuns: glyphRuns)
        expectInvariants(layout, "\(text.debugDescription) with \(objects)")
        return layout
    }

    /// The line's extent above and below its baseline.
    static func extent(_ line: Line) -> (above: Double, below: Double) { (line.baseline - line.top, line.top + line.height - line.baseline) }

    static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

    @Test("DejaVu Sans has no sxHeight: its x-height is the top of its x")
    func xHeightFallback() throws {
        #expect(try isolatedFont("DejaVuSans.ttf").xHeight == 1120)
        // Noto Sans Hebrew's OS/2 (version 4) gives sxHeight 536.
        #expect(try isolatedFont("NotoSansHebrew-Regular.ttf").xHeight == 536)
    }

    /// One row: an object's alignment and height, and where CSS puts its top above the baseline
    /// and the line box around it (at 17 px in DejaVu Sans, `lineHeight` normal).
    struct AlignmentRow: Sendable, CustomTestStringConvertible {
        let align: InlineObjectAlignment
        let height: Double
        let baseline: Double?
        let objectAbove: Double
        let lineAbove: Double
        let lineBelow: Double
        var testDescription: String { "\(align) \(height) px" }
    }

    static let alignmentRows: [AlignmentRow] = [
        // Its bottom on the baseline: the line reaches 24 above it, the font's descent below.
        AlignmentRow(align: .baseline, height: 24, baseline: nil, objectAbove: 24, lineAbove: 24, lineBelow: descent),
        // Its own baseline 10 from its top: 14 of it hang below the baseline.
        AlignmentRow(align: .baseline, height: 24, baseline: 10, objectAbove: 10, lineAbove: ascent, lineBelow: 14),
        // A small object inside the font's box changes nothing.
        AlignmentRow(align: .baseline, height: 8, baseline: nil, objectAbove: 8, lineAbove: ascent, lineBelow: descent),
        AlignmentRow(align: .middle, height: 30, baseline: nil, objectAbove: (30 + xHeight) / 2, lineAbove: (30 + xHeight) / 2,
                     lineBelow: 30 - (30 + xHeight) / 2),
        AlignmentRow(align: .textTop, height: 30, baseline: nil, objectAbove: ascent, lineAbove: ascent, lineBelow: 30 - ascent),
        AlignmentRow(align: .textBottom, height: 30, baseline: nil, objectAbove: 30 - descent, lineAbove: 30 - descent, lineBelow: descent),
        // Taller than the text's box: the line keeps the text's top and grows below.
        AlignmentRow(align: .top, height: 40, baseline: nil, objectAbove: ascent, lineAbove: ascent, lineBelow: 40 - ascent),
        // Shorter: at the line's top, the line as the text makes it.
        AlignmentRow(align: .top, height: 10, baseline: nil, objectAbove: ascent, lineAbove: ascent, lineBelow: descent),
        AlignmentRow(align: .bottom, height: 40, baseline: nil, objectAbove: 40 - descent, lineAbove: 40 - descent, lineBelow: descent),
        AlignmentRow(align: .bottom, height: 10, baseline: nil, objectAbove: 10 - descent, lineAbove: ascent, lineBelow: descent),
    ]

    @Test("each vertical alignment puts the object where CSS does, and the line grows to hold it", arguments: alignmentRows)
    func alignment(_ row: AlignmentRow) throws {
        let object = InlineObject(width: 20, height: row.height, align: row.align, baseline: row.baseline)
        for glyphRuns in [true, false] {
            let layout = try Self.layout("ab \u{FFFC} cd", [object], glyphRuns: glyphRuns)
            let line = layout.lines[0]
            let (above, below) = Self.extent(line)
            #expect(Self.close(above, row.lineAbove) && Self.close(below, row.lineBelow), "line \(above) above, \(below) below")
            let frame = try #require(layout.inlineObjectFrames.first)
            #expect(layout.inlineObjectFrames.count == 1 && frame.index == 0 && frame.line == 0)
            #expect(Self.close(frame.rect.y, line.baseline - row.objectAbove), "object top at \(frame.rect.y)")
            #expect(frame.rect.width == 20 && frame.rect.height == row.height)
        }
    }

    @Test("a tall top object and a taller bottom one: the line is as tall as the taller, the top one at its top")
    func topAndBottom() throws {
        let layout = try Self.layout("a\u{FFFC}b\u{FFFC}c", [InlineObject(width: 5, height: 40, align: .top),
                                                              InlineObject(width: 5, height: 50, align: .bottom)])
        let line = layout.lines[0]
        #expect(line.height == 50)
        #expect(Self.close(Self.extent(line).below, Self.descent))
        let frames = layout.inlineObjectFrames
        #expect(frames.map(\.index) == [0, 1])
        #expect(Self.close(frames[0].rect.y, line.top))
        #expect(Self.close(frames[1].rect.maxY, line.top + line.height))
    }

    @Test("with a fixed line height an object's box counts as it is; the forced strut keeps the rhythm and the object overflows")
    func lineHeightModels() throws {
        let object = InlineObject(width: 20, height: 30)
        // 24px: the font's box is 17.885 above, 6.115 below; the object reaches 30 above.
        let fixed = try Self.layout("ab \u{FFFC}", [object], paragraph: ParagraphStyle(lineHeight: .fixed(24)))
        #expect(Self.close(Self.extent(fixed.lines[0]).above, 30))
        #expect(Self.close(Self.extent(fixed.lines[0]).below, 6.114746094) || abs(Self.extent(fixed.lines[0]).below - 6.114746094) < 1e-8)
        let forced = try Self.layout("ab \u{FFFC}\nx", [object], paragraph: ParagraphStyle(lineHeight: .fixed(24), strut: .forced))
        #expect(forced.lines.map(\.height) == [24, 24])
        let frame = try #require(forced.inlineObjectFrames.first)
        #expect(frame.rect.y < forced.lines[0].top)
        #expect(Self.close(frame.rect.maxY, forced.lines[0].baseline))
        // The minimum strut: the primary font's 24px box and the object's.
        let minimum = try Self.layout("\u{FFFC}", [InlineObject(width: 5, height: 5)], paragraph: ParagraphStyle(lineHeight: .fixed(24), strut: .minimum))
        #expect(minimum.lines[0].height == 24)
    }

    @Test("a line of objects alone still holds the text's box around them (CSS's parent inline box)")
    func objectsAloneKeepTheFontBox() throws {
        let layout = try Self.layout("\u{FFFC}", [InlineObject(width: 5, height: 5)])
        #expect(Self.close(layout.lines[0].height, 19.7890625))
        #expect(Self.close(layout.inlineObjectFrames[0].rect.y, Self.ascent - 5))
    }

    @Test("an object in a span aligns with the span's font and size")
    func objectInSpan() throws {
        let text = "ab \u{FFFC}"
        let span = StyledSpan(range: 3..<4, size: 34)
        let prepared = try PreparedText(text, style: Self.style(), spans: [span], inlineObjects: [InlineObject(width: 5, height: 5, align: .textTop)])
        let layout = try prepared.layout()
        expectInvariants(layout)
        // The span's font at 34 px joins the line, and the object's top is at its ascent.
        #expect(Self.close(layout.inlineObjectFrames[0].rect.y, layout.lines[0].baseline - 2 * Self.ascent))
    }

    /// The lines' texts at `width`.
    static func lineTexts(_ text: String, _ objects: [InlineObject], width: Double) throws -> [String] {
        let layout = try layout(text, objects, width: width)
        return layout.lines.map { String(text[$0.range]) }
    }

    @Test("a break before and after every object, even beside a no-break space and inside brackets")
    func breaksAroundObjects() throws {
        let small = InlineObject(width: 5, height: 5)
        // At 1 px every line is a break opportunity's piece or one grapheme cluster of a word
        // cut for want of room: no line ends inside a word where the objects' breaks stand.
        let nbsp = try Self.layout("a\u{A0}\u{FFFC}\u{A0}b", [small], width: 1)
        // (A no-break space right after a cut hangs at its line's end.)
        #expect(nbsp.lines.map(\.utf16Range) == [0..<2, 2..<3, 3..<4, 4..<5])
        #expect(nbsp.cutLineCount == 1)  // inside "\u{A0}b", not beside the object
        // 17 px holds "a\u{A0}" (15.82 px) and "\u{A0}b" (16.19 px), not either with the 5 px object.
        #expect(try Self.lineTexts("a\u{A0}\u{FFFC}\u{A0}b", [small], width: 17) == ["a\u{A0}", "\u{FFFC}", "\u{A0}b"])
        #expect(try Self.lineTexts("(\u{FFFC})", [small], width: 1) == ["(", "\u{FFFC}", ")"])
        #expect(try Self.layout("(\u{FFFC})", [small], width: 1).cutLineCount == 0)
        #expect(try Self.lineTexts("x\u{FFFC}\u{FFFC}y", [small, small], width: 1) == ["x", "\u{FFFC}", "\u{FFFC}", "y"])
        // The whitespace after an object hangs at the end of its line, as at any break.
        #expect(try Self.lineTexts("\u{FFFC} (x", [small], width: 20) == ["\u{FFFC} ", "(x"])
        // A mark after the object stays with it (one grapheme cluster).
        #expect(try Self.lineTexts("a\u{FFFC}\u{301}b", [small], width: 1) == ["a", "\u{FFFC}\u{301}", "b"])
        // Wide enough, nothing breaks.
        #expect(try Self.lineTexts("(\u{FFFC})", [small], width: 500) == ["(\u{FFFC})"])
        // Without objects a U+FFFC is a character: no break inside the brackets (UAX #14 LB14,
        // LB16), so at 1 px the word is cut twice.
        let plain = try PreparedText("(\u{FFFC})", style: Self.style())
        #expect(plain.inlineObjects.isEmpty)
        #expect(try plain.layout(wrapWidth: 1).cutLineCount == 2)
    }

    @Test("a hyphen after an object and before a letter breaks after itself, as after a letter (found against Chromium)")
    func hyphenAfterAnObject() throws {
        let sticker = InlineObject(width: 56, height: 24)
        for hyphen in ["-", "\u{2010}"] {
            // At 120 px "Schleswig" (84.37 px) fills the first line and "￼-Holstein" (131.5 px) is
            // too wide for the second: the object and the hyphen end it, as Chromium lays it out
            // (ICU alone would end it after the object and start the third with the hyphen).
            #expect(try Self.lineTexts("Schleswig\u{FFFC}\(hyphen)Holstein", [sticker], width: 120)
                    == ["Schleswig", "\u{FFFC}\(hyphen)", "Holstein"])
            // The control: after a letter, the same break ("x-Holstein" is 85.6 px).
            #expect(try Self.lineTexts("x\(hyphen)Holstein", [], width: 80) == ["x\(hyphen)", "Holstein"])
        }
        // Before a digit the hyphen is a sign and keeps to it (UAX #14 LB25), after an object too:
        // 41 px holds "a￼-" (40.55 px) but the line ends after the object.
        let emoji = InlineObject(width: 24, height: 24)
        #expect(try Self.lineTexts("a\u{FFFC}-", [emoji], width: 41) == ["a\u{FFFC}-"])
        #expect(try Self.lineTexts("a\u{FFFC}-5", [emoji], width: 41) == ["a\u{FFFC}", "-5"])
    }

    @Test("truncation keeps or hides each object whole: every object outside the hidden range has its box beside the ellipsis, every one inside has none",
          arguments: TruncationPosition.allCases)
    func truncationKeepsObjectsWhole(position: TruncationPosition) throws {
        let text = "One \u{FFFC} two\u{FFFC}three \u{FFFC}\u{FFFC} four five \u{FFFC}six seven \u{FFFC} eight"
        let offsets = text.utf16.indices.filter { text.utf16[$0] == 0xFFFC }.map { text.utf16.distance(from: text.utf16.startIndex, to: $0) }
        let objects = offsets.indices.map { InlineObject(width: Double(10 + 7 * $0), height: 14, align: $0 % 2 == 0 ? .baseline : .middle) }
        var hiddenSomewhere = 0, keptOnTheEllipsisLine = 0
        for width in stride(from: 40.0, through: 200, by: 7) {
            for clamp in [1, 2] {
                let layout = try Self.layout(text, objects, width: width, paragraph: ParagraphStyle(lineClamp: clamp, truncate: position))
                let label = "\(position) at \(width) px, \(clamp) lines"
                guard let truncation = layout.truncation, let ellipsis = layout.ellipsisRect else { continue }
                let frames = layout.inlineObjectFrames
                let hidden = offsets.indices.filter { truncation.hiddenRange.contains(offsets[$0]) }
                #expect(frames.map(\.index) == offsets.indices.filter { !hidden.contains($0) }, "\(label): frames \(frames), hidden \(truncation.hiddenRange)")
                hiddenSomewhere += hidden.count
                for frame in frames where frame.line == truncation.ellipsisLine {
                    keptOnTheEllipsisLine += 1
                    // Whole, and beside the ellipsis, not under it.
                    #expect(frame.rect.width == objects[frame.index].width, "\(label)")
                    #expect(frame.rect.maxX <= ellipsis.x + 1e-9 || frame.rect.x >= ellipsis.maxX - 1e-9,
                            "\(label): object \(frame.index) \(frame.rect) overlaps the ellipsis \(ellipsis)")
                }
            }
        }
        #expect(hiddenSomewhere > 0 && keptOnTheEllipsisLine > 0, "the widths hide objects and keep some beside the ellipsis")
    }

    @Test("an object wider than the line stands alone on its line and overflows")
    func objectWiderThanTheLine() throws {
        let layout = try Self.layout("ab \u{FFFC} cd", [InlineObject(width: 100, height: 10)], width: 30)
        #expect(layout.lines.map { String(layout.prepared.text[$0.range]) } == ["ab ", "\u{FFFC} ", "cd"])
        #expect(layout.lines[1].width == 100)
        #expect(layout.inlineObjectFrames[0].rect == LayoutRect(x: 0, y: layout.lines[1].baseline - 10, width: 100, height: 10))
    }

    @Test("an object is a neutral: it takes the direction of the text around it")
    func bidiNeutral() throws {
        let object = InlineObject(width: 10, height: 10)
        // Between Hebrew words in a right-to-left paragraph: read right to left, drawn between them.
        let hebrew = try PreparedText("אבג \u{FFFC} דהו", style: TextStyle(font: isolatedFont("NotoSansHebrew-Regular.ttf")),
                                      inlineObjects: [object]).layout()
        expectInvariants(hebrew)
        let runs = hebrew.lines[0].runs
        let objectRun = try #require(runs.first { $0.placedObject != nil })
        #expect(objectRun.isRightToLeft)
        let first = try #require(runs.first { $0.utf16Range.contains(0) })
        let last = try #require(runs.first { $0.utf16Range.contains(7) })
        #expect(last.x < objectRun.x && objectRun.x < first.x)
        // Between Latin words: left to right.
        let latin = try Self.layout("abc \u{FFFC} def", [object])
        #expect(latin.lines[0].runs.first { $0.placedObject != nil }?.isRightToLeft == false)
    }

    @Test("justification stretches the spaces around an object, never the object")
    func justification() throws {
        let object = InlineObject(width: 30, height: 10)
        let layout = try Self.layout("aaa \u{FFFC} bbb ccc ddd eee", [object], width: 120, paragraph: ParagraphStyle(alignment: .justify))
        let line = layout.lines[0]
        #expect(line.isJustified && line.width == 120)
        let frame = layout.inlineObjectFrames[0]
        #expect(frame.rect.width == 30)
        let run = try #require(line.runs.first { $0.placedObject != nil })
        #expect(run.width == 30)
        // Without spaces (objects between letters): the gaps after the letters take it.
        let dense = try Self.layout("日本\u{FFFC}語日本語日本語日本語", [object], width: 100, paragraph: ParagraphStyle(alignment: .justify))
        #expect(dense.lines[0].isJustified)
        #expect(dense.inlineObjectFrames[0].rect.width == 30)
        // Objects alone leave nothing to stretch: not justified.
        let objects = try Self.layout("\u{FFFC}\u{FFFC}\u{FFFC}", [object, object, object], width: 70, paragraph: ParagraphStyle(alignment: .justify))
        #expect(objects.lines.allSatisfy { !$0.isJustified })
    }

    @Test("objects that are not one for each U+FFFC are refused, naming both counts")
    func countMismatch() throws {
        let object = InlineObject(width: 1, height: 1)
        let error = try #require(throws: LayoutError.self) { try PreparedText("a \u{FFFC} b \u{FFFC}", style: Self.style(), inlineObjects: [object]) }
        #expect(error.code == .invalidArgument && error.keys == ["inlineObjects"])
        #expect(error.message.contains("2 U+FFFC") && error.message.contains("1 inline object was"))
        #expect(throws: LayoutError.self) { try PreparedText("no object", style: Self.style(), inlineObjects: [object]) }
    }

    @Test("a negative or non-finite size is refused, naming its key")
    func badSizes() throws {
        let cases: [(InlineObject, String)] = [
            (InlineObject(width: -1, height: 1), "inlineObjects[1].width"),
            (InlineObject(width: 1, height: .nan), "inlineObjects[1].height"),
            (InlineObject(width: 1, height: .infinity), "inlineObjects[1].height"),
            (InlineObject(width: 1, height: 1, baseline: -.infinity), "inlineObjects[1].baseline"),
            (InlineObject(width: 2e6, height: 1), "inlineObjects[1].width"),
        ]
        for (object, key) in cases {
            let error = try #require(throws: LayoutError.self) {
                try PreparedText("\u{FFFC}\u{FFFC}", style: Self.style(), inlineObjects: [InlineObject(width: 1, height: 1), object])
            }
            #expect(error.code == .invalidArgument && error.keys == [key], "\(error)")
        }
        // Zero is a size; a baseline may lie outside the object.
        #expect(throws: Never.self) { try PreparedText("\u{FFFC}", style: Self.style(), inlineObjects: [InlineObject(width: 0, height: 0, baseline: -5)]) }
    }
}
