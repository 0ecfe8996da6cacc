// The growing editor's height: minLines, maxLines and scrolling, lineSpace past the text, insets, pixel bounds, and every invalid input.
import Foundation
import Testing
import TestSupport
import TextLayout

// All rows use DejaVu Sans Mono at 20.48 px: every character is 1233 units = 12.33 px wide (hmtx,
// no kerning; see LineModelTests.swift) and a line is (1901 + 483) / 2048 × 20.48 = 23.84 px tall
// (hhea, lineGap 0). So the expected heights are sums of 23.84, the lineSpace and the insets.

private let h = 23.84

@Suite("Editor height")
struct EditorHeightTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        var width: Double? = nil
        var sizing = EditorSizing()
        let height: Double
        let lineCount: Int
        let visible: Int
        let scrolls: Bool
        var testDescription: String { name }
    }

    static func measure(_ text: String, width: Double?, _ sizing: EditorSizing) throws -> EditorMeasurement {
        try PreparedText(text, font: monoFont(), size: testSize).measureEditor(editorWidth: width, sizing: sizing)
    }

    static let rows: [Row] = [
        // minLines: an empty editor is minLines lines tall; lines past the text are the font's
        // line height, plus lineSpace between each two.
        Row(name: "empty, default", text: "", height: h, lineCount: 1, visible: 1, scrolls: false),
        Row(name: "empty, minLines 3", text: "", sizing: EditorSizing(minLines: 3), height: 3 * h, lineCount: 1, visible: 3, scrolls: false),
        Row(name: "empty, minLines 3, lineSpace 2", text: "", sizing: EditorSizing(minLines: 3, lineSpace: 2),
            height: 3 * h + 2 * 2, lineCount: 1, visible: 3, scrolls: false),
        Row(name: "2 lines, minLines 4, lineSpace 1.5", text: "a\nb", sizing: EditorSizing(minLines: 4, lineSpace: 1.5),
            height: 4 * h + 3 * 1.5, lineCount: 2, visible: 4, scrolls: false),
        Row(name: "trailing newline counts its empty line", text: "a\n", sizing: EditorSizing(minLines: 1),
            height: 2 * h, lineCount: 2, visible: 2, scrolls: false),
        Row(name: "3 lines, minLines 2", text: "a\nb\nc", sizing: EditorSizing(minLines: 2), height: 3 * h, lineCount: 3, visible: 3, scrolls: false),

        // maxLines caps the height; the editor then scrolls.
        Row(name: "5 lines, maxLines 3", text: "1\n2\n3\n4\n5", sizing: EditorSizing(maxLines: 3),
            height: 3 * h, lineCount: 5, visible: 3, scrolls: true),
        Row(name: "5 lines, maxLines 3, lineSpace 2", text: "1\n2\n3\n4\n5", sizing: EditorSizing(maxLines: 3, lineSpace: 2),
            height: 3 * h + 2 * 2, lineCount: 5, visible: 3, scrolls: true),
        Row(name: "3 lines, maxLines 3: no scroll", text: "1\n2\n3", sizing: EditorSizing(maxLines: 3),
            height: 3 * h, lineCount: 3, visible: 3, scrolls: false),
        Row(name: "2 lines, maxLines 3", text: "1\n2", sizing: EditorSizing(maxLines: 3),
            height: 2 * h, lineCount: 2, visible: 2, scrolls: false),
        // "abcdefghij" at 40 px: 3 characters (36.99) a line → 4 lines.
        Row(name: "wrapped to 4 lines, maxLines 2", text: "abcdefghij", width: 40, sizing: EditorSizing(maxLines: 2),
            height: 2 * h, lineCount: 4, visible: 2, scrolls: true),
        Row(name: "minLines = maxLines = 2, 1 line", text: "x", sizing: EditorSizing(minLines: 2, maxLines: 2),
            height: 2 * h, lineCount: 1, visible: 2, scrolls: false),
        Row(name: "minLines = maxLines = 2, 3 lines", text: "x\ny\nz", sizing: EditorSizing(minLines: 2, maxLines: 2, lineSpace: 4),
            height: 2 * h + 4, lineCount: 3, visible: 2, scrolls: true),

        // Insets: top and bottom add to the height; left and right narrow the wrap width.
        // "abcd efgh" is 9 characters = 110.97 px: one line at 120 px...
        Row(name: "fits at 120 without insets", text: "abcd efgh", width: 120, height: h, lineCount: 1, visible: 1, scrolls: false),
        // ...but with left 5 + right 10 the wrap width is 105: "abcd " | "efgh".
        Row(name: "wraps at 120 with insets", text: "abcd efgh", width: 120,
            sizing: EditorSizing(insets: EdgeInsets(top: 3, left: 5, bottom: 4, right: 10)),
            height: 3 + 4 + 2 * h, lineCount: 2, visible: 2, scrolls: false),
        Row(name: "insets without a width", text: "abcd efgh",
            sizing: EditorSizing(insets: EdgeInsets(top: 8, left: 100, bottom: 8, right: 100)),
            height: 16 + h, lineCount: 1, visible: 1, scrolls: false),
        Row(name: "insets, minLines 3, lineSpace 1", text: "",
            sizing: EditorSizing(minLines: 3, lineSpace: 1, insets: EdgeInsets(top: 10, left: 0, bottom: 6, right: 0)),
            height: 16 + 3 * h + 2, lineCount: 1, visible: 3, scrolls: false),
        Row(name: "insets, maxLines 2", text: "1\n2\n3",
            sizing: EditorSizing(maxLines: 2, insets: EdgeInsets(top: 10, left: 0, bottom: 6, right: 0)),
            height: 16 + 2 * h, lineCount: 3, visible: 2, scrolls: true),

        // minHeight and maxHeight clamp the height in pixels, after the line caps.
        Row(name: "minHeight raises", text: "", sizing: EditorSizing(minHeight: 50), height: 50, lineCount: 1, visible: 1, scrolls: false),
        Row(name: "minHeight below the lines", text: "", sizing: EditorSizing(minHeight: 10), height: h, lineCount: 1, visible: 1, scrolls: false),
        Row(name: "maxHeight lowers and scrolls", text: "1\n2\n3\n4\n5", sizing: EditorSizing(maxHeight: 60),
            height: 60, lineCount: 5, visible: 5, scrolls: true),
        Row(name: "maxHeight above the lines", text: "1\n2", sizing: EditorSizing(maxHeight: 60),
            height: 2 * h, lineCount: 2, visible: 2, scrolls: false),
        // 2 lines + insets 10 + 10 = 67.68 → 60; the inside (40) is shorter than the content (47.68).
        Row(name: "maxHeight with insets scrolls", text: "1\n2",
            sizing: EditorSizing(insets: EdgeInsets(top: 10, left: 0, bottom: 10, right: 0), maxHeight: 60),
            height: 60, lineCount: 2, visible: 2, scrolls: true),
        // maxLines 2 gives 47.68, minHeight raises it to 100; the content (5 lines, 119.2) is still taller.
        Row(name: "minHeight over maxLines, still scrolls", text: "1\n2\n3\n4\n5", sizing: EditorSizing(maxLines: 2, minHeight: 100),
            height: 100, lineCount: 5, visible: 2, scrolls: true),
        // ...and at minHeight 150 the whole content (119.2) fits inside: no scrolling.
        Row(name: "minHeight over maxLines, fits", text: "1\n2\n3\n4\n5", sizing: EditorSizing(maxLines: 2, minHeight: 150),
            height: 150, lineCount: 5, visible: 2, scrolls: false),
        Row(name: "minHeight = maxHeight", text: "1\n2\n3", sizing: EditorSizing(minHeight: 30, maxHeight: 30),
            height: 30, lineCount: 3, visible: 3, scrolls: true),
    ]

    @Test("editor height", arguments: rows)
    func height(_ row: Row) throws {
        let m = try Self.measure(row.text, width: row.width, row.sizing)
        #expect(abs(m.height - row.height) < 1e-6, "height \(m.height), expected \(row.height)")
        #expect(m.lineCount == row.lineCount)
        #expect(m.visibleLineCount == row.visible)
        #expect(m.isScrollable == row.scrolls)
        #expect(m.layout.lineCount == row.lineCount)
        // The content height is the text's own lines, whatever the editor's caps.
        let content = Double(row.lineCount) * h + row.sizing.lineSpace * Double(row.lineCount - 1)
        #expect(abs(m.contentHeight - content) < 1e-6, "content height \(m.contentHeight), expected \(content)")
    }

    @Test("left and right insets narrow the wrap width", arguments: [
        (120.0, 0.0, 0.0, 120.0),
        (120.0, 5.0, 10.0, 105.0),
        (50.0, 24.5, 24.5, 1.0),
    ] as [(Double, Double, Double, Double)])
    func wrapWidth(width: Double, left: Double, right: Double, inner: Double) throws {
        let m = try Self.measure("abc def", width: width, EditorSizing(insets: EdgeInsets(top: 1, left: left, bottom: 1, right: right)))
        #expect(abs(m.layout.wrapWidth - inner) < 1e-9)
        // Where a character (12.33 px) fits, no line is wider than the inner width.
        if inner >= 12.33 {
            for line in m.layout.lines { #expect(line.width <= inner + 1e-6) }
        }
        // At 105 px "abc def" (7 characters, 86.31 px) still fits; at 1 px every character is a line.
        #expect(m.lineCount == (inner >= 86.31 ? 1 : 6))
    }

    @Test("height grows by one line (plus lineSpace) per line until maxLines")
    func growth() throws {
        let sizing = EditorSizing(minLines: 2, maxLines: 5, lineSpace: 3, insets: EdgeInsets(top: 6, left: 0, bottom: 6, right: 0))
        var text = ""
        for lines in 1...8 {
            if lines > 1 { text += "\n" }
            text += "line"
            let m = try Self.measure(text, width: 200, sizing)
            let visible = min(max(lines, 2), 5)
            #expect(m.visibleLineCount == visible)
            #expect(abs(m.height - (12 + Double(visible) * h + 3 * Double(visible - 1))) < 1e-6, "\(lines) lines")
            #expect(m.isScrollable == (lines > 5))
        }
    }

    // MARK: Invalid input

    struct InvalidRow: Sendable, CustomTestStringConvertible {
        let name: String
        var text = "some text"
        var size = testSize
        var width: Double? = 100
        var sizing = EditorSizing()
        /// Words the message must contain: the parameter's name.
        let mentions: [String]
        var testDescription: String { name }
    }

    static let invalidRows: [InvalidRow] = [
        InvalidRow(name: "width 0", width: 0, mentions: ["editorWidth"]),
        InvalidRow(name: "width negative", width: -10, mentions: ["editorWidth"]),
        InvalidRow(name: "width NaN", width: .nan, mentions: ["editorWidth"]),
        InvalidRow(name: "width infinity", width: .infinity, mentions: ["editorWidth"]),
        InvalidRow(name: "width -infinity", width: -.infinity, mentions: ["editorWidth"]),
        InvalidRow(name: "size 0", size: 0, mentions: ["size"]),
        InvalidRow(name: "size NaN", size: .nan, mentions: ["size"]),
        InvalidRow(name: "size negative", size: -3, mentions: ["size"]),
        InvalidRow(name: "size infinity", size: .infinity, mentions: ["size"]),
        InvalidRow(name: "size over 10000", size: 10_001, mentions: ["size"]),
        InvalidRow(name: "maxLines < minLines", sizing: EditorSizing(minLines: 3, maxLines: 2), mentions: ["maxLines"]),
        InvalidRow(name: "maxLines 0", sizing: EditorSizing(maxLines: 0), mentions: ["maxLines"]),
        InvalidRow(name: "minLines 0", sizing: EditorSizing(minLines: 0), mentions: ["minLines"]),
        InvalidRow(name: "minLines negative", sizing: EditorSizing(minLines: -2), mentions: ["minLines"]),
        InvalidRow(name: "insets.top negative", sizing: EditorSizing(insets: EdgeInsets(top: -1)), mentions: ["insets", "top"]),
        InvalidRow(name: "insets.left negative", sizing: EditorSizing(insets: EdgeInsets(left: -1)), mentions: ["insets", "left"]),
        InvalidRow(name: "insets.bottom negative", sizing: EditorSizing(insets: EdgeInsets(bottom: -0.5)), mentions: ["insets", "bottom"]),
        InvalidRow(name: "insets.right negative", sizing: EditorSizing(insets: EdgeInsets(right: -7)), mentions: ["insets", "right"]),
        InvalidRow(name: "insets.top NaN", sizing: EditorSizing(insets: EdgeInsets(top: .nan)), mentions: ["insets", "top"]),
        InvalidRow(name: "insets.left infinity", sizing: EditorSizing(insets: EdgeInsets(left: .infinity)), mentions: ["insets", "left"]),
        InvalidRow(name: "insets as wide as the width", width: 20, sizing: EditorSizing(insets: EdgeInsets(left: 10, right: 10)), mentions: ["insets", "editorWidth"]),
        InvalidRow(name: "insets wider than the width", width: 20, sizing: EditorSizing(insets: EdgeInsets(left: 15, right: 10)), mentions: ["insets", "editorWidth"]),
        InvalidRow(name: "lineSpace negative", sizing: EditorSizing(lineSpace: -1), mentions: ["lineSpace"]),
        InvalidRow(name: "lineSpace NaN", sizing: EditorSizing(lineSpace: .nan), mentions: ["lineSpace"]),
        InvalidRow(name: "lineSpace infinity", sizing: EditorSizing(lineSpace: .infinity), mentions: ["lineSpace"]),
        InvalidRow(name: "minHeight negative", sizing: EditorSizing(minHeight: -1), mentions: ["minHeight"]),
        InvalidRow(name: "maxHeight NaN", sizing: EditorSizing(maxHeight: .nan), mentions: ["maxHeight"]),
        InvalidRow(name: "maxHeight < minHeight", sizing: EditorSizing(minHeight: 50, maxHeight: 40), mentions: ["maxHeight", "minHeight"]),
    ]

    @Test("invalid input throws invalidArgument naming the parameter", arguments: invalidRows)
    func invalid(_ row: InvalidRow) throws {
        let font = try monoFont()
        let error = layoutError { try PreparedText(row.text, font: font, size: row.size).measureEditor(editorWidth: row.width, sizing: row.sizing) }
        #expect(error?.code == .invalidArgument)
        for word in row.mentions {
            #expect(error?.message.contains(word) == true, "'\(error?.message ?? "")' should mention \(word)")
        }
    }

    @Test("invalid sizes are rejected by TextStyle too", arguments: [0, -1, .nan, .infinity, 10_000.5])
    func invalidStyle(size: Double) throws {
        let font = try monoFont()
        let error = layoutError { try TextStyle(font: font, settings: TextSettings(size: size)) }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains("size") == true)
    }

    @Test("layout rejects bad widths and line spaces", arguments: [
        (0.0, 0.0, "wrapWidth"), (-1, 0, "wrapWidth"), (.nan, 0, "wrapWidth"), (-.infinity, 0, "wrapWidth"),
        (100, -1, "lineSpace"), (100, .nan, "lineSpace"), (100, .infinity, "lineSpace"),
    ] as [(Double, Double, String)])
    func invalidLayout(width: Double, lineSpace: Double, name: String) throws {
        let prepared = try PreparedText("text", font: monoFont(), size: testSize)
        let error = layoutError { try prepared.layout(wrapWidth: width, lineSpace: lineSpace) }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains(name) == true, "'\(error?.message ?? "")' should mention \(name)")
    }

    @Test("EditorSizing.validate accepts the edges of the allowed ranges")
    func validEdges() throws {
        try EditorSizing(minLines: 1, maxLines: 1, lineSpace: 0, insets: .zero, minHeight: 0, maxHeight: 0).validate()
        try EditorSizing(minLines: 7, maxLines: 7).validate()
        try EditorSizing(minHeight: 12, maxHeight: 12).validate()
        let m = try Self.measure("", width: 1e-3, EditorSizing())
        #expect(m.lineCount == 1)
    }

    @Test("EditorSizing.validate throws exactly for the sizings its documented rules forbid, on 20,000 drawn from edge values")
    func validateMatchesTheRules() {
        // The rules as docs/batch-format.md and docs/robustness.md state them, written apart from validate's own checks
        // (which test every value at once first and name the bad one only when that fails).
        func allowed(_ s: EditorSizing) -> Bool {
            func inRange(_ value: Double) -> Bool { value.isFinite && value >= 0 }
            let lengths = [s.lineSpace, s.insets.top, s.insets.bottom, s.insets.left, s.insets.right] + [s.minHeight, s.maxHeight].compactMap { $0 }
            return s.minLines >= 1 && s.maxLines.map { $0 >= s.minLines } != false && lengths.allSatisfy(inRange)
                && (s.insets.top + s.insets.bottom).isFinite && (s.insets.left + s.insets.right).isFinite
                && !(s.minHeight != nil && s.maxHeight != nil && s.maxHeight! < s.minHeight!)
        }
        let edges: [Double] = [-1, -0.0, 0, 0.5, 40, .greatestFiniteMagnitude, .infinity, -.infinity, .nan]
        var random = SplitMix(seed: 0x51_21_96)
        var checked = (allowed: 0, forbidden: 0)
        for _ in 0..<20_000 {
            func edge() -> Double { edges.randomElement(using: &random)! }
            // Most values ordinary, so that a sizing with one bad value is common.
            func length() -> Double { Bool.random(using: &random) ? [0, 2, 7.5].randomElement(using: &random)! : edge() }
            func optional() -> Double? { Bool.random(using: &random) ? nil : length() }
            let sizing = EditorSizing(minLines: Int.random(in: -1...3, using: &random),
                                      maxLines: Bool.random(using: &random) ? nil : Int.random(in: 0...4, using: &random),
                                      lineSpace: length(), insets: EdgeInsets(top: length(), left: length(), bottom: length(), right: length()),
                                      minHeight: optional(), maxHeight: optional())
            let threw = (try? sizing.validate()) == nil
            #expect(threw == !allowed(sizing), "\(sizing)")
            if threw { checked.forbidden += 1 } else { checked.allowed += 1 }
        }
        #expect(checked.allowed > 1_000 && checked.forbidden > 1_000, "both kinds drawn: \(checked)")
    }
}
