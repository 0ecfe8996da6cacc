// Caret geometry in columns (writingMode vertical-rl and vertical-lr): caret bars across each column, selection spans down the columns, taps picking the column by x, and the arrow keys keeping their direction on screen.
import Testing
import TestSupport
@testable import TextLayout

// Noto Sans CJK JP at 17 px by the chromium profile: a column is 25 px across (ascent 20 and
// descent 5) and every upright character advances 17 px down it (1000 units an em in its vmtx).
@Suite("caret geometry in columns")
struct ColumnGeometryTests {
    /// Japanese with turned Latin words and digits, in several columns.
    static let mixed = "縦書きのtextを編集する。Swift 6と2026年の列で、カーソルはcolumnを渡る。"
    /// Fifteen kana: three columns of five at a column length of 85 px (5 × 17).
    static let kana = "あいうえおかきくけこさしすせそ"

    static func layout(_ text: String, _ mode: WritingMode, length: Double = 120) throws -> Layout {
        var settings = TextSettings(size: 17)
        settings.profile = .chromium
        settings.writingMode = mode
        let style = try TextStyle(font: isolatedFont("NotoSansCJKjp-Regular.otf"), settings: settings)
        return try PreparedText(text, style: style).layout(wrapWidth: length)
    }

    static let modes: [WritingMode] = [.verticalRL, .verticalLR]

    @Test("the caret at every offset is a bar across its column, inside the column's frame", arguments: modes)
    func caretInColumn(_ mode: WritingMode) throws {
        let layout = try Self.layout(Self.mixed, mode)
        #expect(layout.lineCount >= 3)
        for offset in graphemeOffsets(Self.mixed) {
            for affinity in CaretAffinity.allCases {
                let caret = TextCaret(offset: offset, affinity: affinity)
                let rect = layout.caretRect(for: caret, width: 2)
                let frame = try #require(layout.columnFrame(of: layout.lines[layout.lineIndex(for: caret)]))
                #expect(rect.x == frame.x && rect.width == frame.width && rect.height == 2, "\(caret): \(rect) in \(frame)")
                #expect(rect.y >= frame.y - 1e-9 && rect.y <= layout.wrapWidth + 1e-9, "\(caret): \(rect) in \(frame)")
                #expect(rect.x >= -1e-9 && rect.maxX <= layout.contentHeight + 1e-9)
            }
        }
    }

    @Test("upright characters put the caret 17 px further down the column each; the first column is at the block's start side", arguments: modes)
    func caretSteps(_ mode: WritingMode) throws {
        let layout = try Self.layout(Self.kana, mode, length: 85)
        #expect(layout.lineCount == 3 && layout.contentHeight == 75)
        for column in 0..<3 {
            let x = mode == .verticalRL ? 75 - 25 * Double(column + 1) : 25 * Double(column)
            for k in 0..<5 {
                let rect = layout.caretRect(forUTF16Offset: column * 5 + k)
                #expect(rect == LayoutRect(x: x, y: 17 * Double(k), width: 25, height: 1), "column \(column), \(k)")
            }
        }
        // The end of a column, upstream: after its fifth character, on it.
        #expect(layout.caretRect(forUTF16Offset: 5, affinity: .upstream).y == 85)
    }

    @Test("a tap at the centre of each caret bar gives that caret back", arguments: modes)
    func tapRoundTrip(_ mode: WritingMode) throws {
        let layout = try Self.layout(Self.mixed, mode)
        for offset in graphemeOffsets(Self.mixed) {
            for affinity in CaretAffinity.allCases {
                let rect = layout.caretRect(forUTF16Offset: offset, affinity: affinity)
                let tapped = layout.caret(atX: rect.x + rect.width / 2, y: rect.y + rect.height / 2)
                #expect(tapped.offset == offset && layout.caretRect(for: tapped) == rect, "offset \(offset) \(affinity): \(tapped)")
            }
        }
        // Outside the block: the nearest column's end.
        let first = layout.lines[0], last = layout.lines[layout.lineCount - 1]
        let (firstSide, lastSide) = mode == .verticalRL ? (1000.0, -50.0) : (-50.0, 1000.0)
        #expect(layout.caret(atX: firstSide, y: -10).offset == first.utf16Range.lowerBound)
        #expect(layout.caret(atX: lastSide, y: 1000).offset == last.utf16Range.upperBound)
    }

    @Test("a selection's rectangles are column-wide spans down exactly the columns it covers", arguments: modes)
    func selectionColumns(_ mode: WritingMode) throws {
        let layout = try Self.layout(Self.kana, mode, length: 85)
        // From the third character of the first column to the second of the last: three spans.
        let rects = layout.selectionRects(forUTF16Range: 2..<12)
        let frames = try layout.lines.map { try #require(layout.columnFrame(of: $0)) }
        #expect(rects == [
            LayoutRect(x: frames[0].x, y: 34, width: 25, height: 51),
            LayoutRect(x: frames[1].x, y: 0, width: 25, height: 85),
            LayoutRect(x: frames[2].x, y: 0, width: 25, height: 34),
        ])
        // Within one column: one span between the carets.
        #expect(layout.selectionRects(forUTF16Range: 6..<9) == [LayoutRect(x: frames[1].x, y: 17, width: 25, height: 51)])
        // The mixed text: one rect per column the range touches, each across its column, between its carets.
        let mixed = try Self.layout(Self.mixed, mode)
        let range = 3..<(Self.mixed.utf16.count - 4)
        let spans = mixed.selectionRects(forUTF16Range: range)
        let first = mixed.lineIndex(for: TextCaret(offset: range.lowerBound))
        let last = mixed.lineIndex(for: TextCaret(offset: range.upperBound, affinity: .upstream))
        #expect(spans.count == last - first + 1)
        for (k, rect) in spans.enumerated() {
            let frame = try #require(mixed.columnFrame(of: mixed.lines[first + k]))
            #expect(rect.x == frame.x && rect.width == frame.width, "\(rect) in \(frame)")
        }
        #expect(spans.first?.y == mixed.caretRect(forUTF16Offset: range.lowerBound).y)
        #expect(spans.last?.maxY == mixed.caretRect(forUTF16Offset: range.upperBound, affinity: .upstream).y)
    }

    @Test("down and up move along the column; left and right across it, to the next column on the side columns stack to", arguments: modes)
    func arrows(_ mode: WritingMode) throws {
        let layout = try Self.layout(Self.kana, mode, length: 85)
        let next: CaretMovement = mode == .verticalRL ? .left : .right
        let previous: CaretMovement = mode == .verticalRL ? .right : .left
        func move(_ key: CaretMovement, _ offset: Int, goal: Double? = nil) -> Int {
            layout.caret(key, from: TextCaret(offset: offset), goalX: goal).offset
        }
        #expect(move(.down, 7) == 8 && move(.up, 7) == 6)
        #expect(move(next, 2) == 7 && move(next, 7) == 12 && move(previous, 12) == 7 && move(previous, 7) == 2)
        // Past the first and the last column: the text's start and end.
        #expect(move(previous, 2) == 0 && move(next, 12) == 15)
        // The goal is a place down the column: 51 px is after the third character.
        #expect(move(next, 0, goal: 51) == 8)
        #expect(layout.caretPositionAlongLine(for: TextCaret(offset: 8)) == 51)
        #expect(layout.lineMovement(for: .down) == .right && layout.lineMovement(for: next) == .down && layout.lineMovement(for: .wordLeft) == .wordLeft)
        // A horizontal layout reads the keys as they are.
        let lines = try Self.layout(Self.kana, .horizontalTB, length: 85)
        #expect(CaretMovement.allCases.allSatisfy { lines.lineMovement(for: $0) == $0 })
    }
}
