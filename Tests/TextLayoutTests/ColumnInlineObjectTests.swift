// Inline objects in columns (writingMode vertical-rl and vertical-lr): each alignment's frame across the column, the column's width and central baseline, the object's advance and break down it, held to what headless Chromium 156 measured (docs/profiles.md, "Inline objects in columns").
import Testing
import TestSupport
@testable import TextLayout

// Noto Sans CJK JP at 17 px by the chromium profile: 17 px a character down the column, a column
// 25 px across (ascent 20 + descent 5, rounded), its central baseline 12 px from its left edge (13
// of the 25 right of it). Chromium 156 measured each frame below in a `writing-mode` div with
// `漢字<span style="display: inline-block; width: W; height: H; vertical-align: V"></span>漢字`,
// the same in both modes: the object's left edge, the column's width and the text box's left edge
// (ColumnFrame.center is the middle of that box, half a pixel right of the central baseline).
@Suite("inline objects in columns")
struct ColumnInlineObjectTests {
    static func layout(_ text: String, _ objects: [InlineObject], _ mode: WritingMode, length: Double = 200) throws -> Layout {
        try PreparedText(text, style: VerticalTextTests.style(mode), inlineObjects: objects).layout(wrapWidth: length)
    }

    /// Chromium's layout unit: every figure is held to it.
    static let unit = 1.0 / 64

    @Test("each alignment places a 10 × 12 object across a 25 px column as Chromium does, its height down the column",
          arguments: [
              // alignment, its left edge, the column's width, the text box's left edge (its middle, the column's `center`, 12.5 px right of it)
              (InlineObjectAlignment.baseline, 7.0, 25.0, 0.0), (.middle, 11.609375, 25, 0), (.top, 15, 25, 0),
              (.bottom, 0, 25, 0), (.textTop, 15, 25, 0), (.textBottom, 0, 25.5, 0.5),
          ])
    func narrow(_ align: InlineObjectAlignment, _ left: Double, _ width: Double, _ textLeft: Double) throws {
        for mode in [WritingMode.verticalRL, .verticalLR] {
            let layout = try Self.layout("漢\u{FFFC}字", [InlineObject(width: 10, height: 12, align: align)], mode)
            let frame = try #require(layout.inlineObjectFrames.first)
            // After one 17 px character, 12 px down the column, 10 px across.
            #expect(frame.rect.y == 17 && frame.rect.height == 12 && frame.rect.width == 10, "\(mode) \(align)")
            #expect(abs(frame.rect.x - left) <= Self.unit, "\(mode) \(align): \(frame.rect.x)")
            #expect(abs(layout.contentHeight - width) <= Self.unit, "\(mode) \(align): \(layout.contentHeight)")
            let column = try #require(layout.columnFrame(of: layout.lines[0]))
            #expect(abs(column.center - (textLeft + 12.5)) <= Self.unit, "\(mode) \(align): \(column.center)")
            // The column holds the object's 12 px and the two characters.
            #expect(layout.lines[0].width == 17 + 12 + 17)
            #expect(layout._checkInvariants().isEmpty, "\(mode) \(align): \(layout._checkInvariants())")
        }
    }

    @Test("an object wider than the text widens the column as Chromium's does, and moves the text's central baseline",
          arguments: [
              (InlineObjectAlignment.baseline, 0.0, 40.0, 8.0), (.middle, 0, 40, 3.390625), (.top, 0, 40, 15),
              (.bottom, 0, 40, 0), (.textTop, 0, 40, 15), (.textBottom, 0, 40, 0.5),
          ])
    func wide(_ align: InlineObjectAlignment, _ left: Double, _ width: Double, _ textLeft: Double) throws {
        for mode in [WritingMode.verticalRL, .verticalLR] {
            let layout = try Self.layout("漢\u{FFFC}字", [InlineObject(width: 40, height: 30, align: align)], mode)
            let frame = try #require(layout.inlineObjectFrames.first)
            #expect(frame.rect.y == 17 && frame.rect.height == 30 && frame.rect.width == 40, "\(mode) \(align)")
            #expect(abs(frame.rect.x - left) <= Self.unit, "\(mode) \(align): \(frame.rect.x)")
            #expect(abs(layout.contentHeight - width) <= Self.unit, "\(mode) \(align): \(layout.contentHeight)")
            let column = try #require(layout.columnFrame(of: layout.lines[0]))
            #expect(abs(column.center - (textLeft + 12.5)) <= Self.unit, "\(mode) \(align): \(column.center)")
        }
    }

    // 漢字 take 34 px of a 40 px column: a 12 px object does not fit after them and starts the next
    // column (a break opportunity before it), at its top; the columns stack from the block's start side.
    @Test("an object too long for what is left of a column starts the next one, in the column frame of its line")
    func breaksToNextColumn() throws {
        for mode in [WritingMode.verticalRL, .verticalLR] {
            let layout = try Self.layout("漢字\u{FFFC}", [InlineObject(width: 10, height: 12)], mode, length: 40)
            #expect(layout.lines.map(\.utf16Range) == [0..<2, 2..<3], "\(mode)")
            let frame = try #require(layout.inlineObjectFrames.first)
            #expect(frame.line == 1 && frame.rect.y == 0, "\(mode)")
            // The second column is at the block's left under vertical-rl (x 0 to 25), its right under vertical-lr (25 to 50).
            let column = try #require(layout.columnFrame(of: layout.lines[1]))
            #expect(column.x == (mode == .verticalRL ? 0 : 25), "\(mode)")
            #expect(frame.rect.x == column.x + 7, "\(mode)")
        }
    }

    // In a column an object's own baseline is measured from its right edge leftwards: 5 px of a 20 px
    // wide object puts its right edge 5 px right of the central baseline. Turned, the object stands
    // 7 + 5 px above the alphabetic baseline (the central one 20 − 13 = 7 px above it) and 8 below:
    // the column is 20 + 8 = 28 px across, its central baseline 13 px from its right edge (15; the
    // text box's middle, the column's `center`, 15.5), the object's right edge at 20, its left at 0.
    @Test("an object's own baseline lies across the column, from its right edge", arguments: [WritingMode.verticalRL, .verticalLR])
    func ownBaseline(_ mode: WritingMode) throws {
        let layout = try Self.layout("漢\u{FFFC}字", [InlineObject(width: 20, height: 12, baseline: 5)], mode)
        let frame = try #require(layout.inlineObjectFrames.first)
        #expect(layout.contentHeight == 28 && frame.rect.x == 0 && frame.rect.width == 20, "\(frame.rect)")
        #expect(try #require(layout.columnFrame(of: layout.lines[0])).center == 15.5)
        // The column's ink holds the object's box: it reaches the block's left edge, where only the object does.
        #expect(try #require(layout.columnInkBounds(of: layout.lines[0])).x == 0)
    }

    @Test("a horizontal layout's object frames are as before: along the line its width, its top its alignment's")
    func horizontalUnchanged() throws {
        let layout = try Self.layout("漢\u{FFFC}字", [InlineObject(width: 10, height: 12)], .horizontalTB)
        let frame = try #require(layout.inlineObjectFrames.first)
        // Its bottom on the alphabetic baseline, 20 px below the line's top (the rounded ascent).
        #expect(frame.rect.x == 17 && frame.rect.width == 10 && frame.rect.height == 12 && frame.rect.y == 20 - 12)
    }
}
