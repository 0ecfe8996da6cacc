// The editor in a vertical field (writingMode vertical-rl and vertical-lr): its box turned and growing across its columns, caret, selection and taps in the box, the arrow keys in columns, and its inline objects.
import Testing
import TestSupport
import TextEditing
import TextLayout
import TextLayoutIO

// Noto Sans CJK JP at 17 px by the chromium profile: a column is 25 px across and each kana
// advances 17 px down it. The insets are the engine's turned ones (as render draws the box): the
// top inset on the block's start side, the bottom one on its end side, the left one above the
// columns and the right one below.
@Suite("the editor in a vertical field")
struct VerticalEditorTests {
    static let insets = EdgeInsets(top: 4, left: 6, bottom: 8, right: 10)

    /// An editor in columns 85 px long (5 kana) inside the insets.
    static func editor(_ mode: WritingMode, text: String = "", _ configure: (inout EditorConfiguration) -> Void = { _ in }) throws -> EditorModel {
        let path = try #require(FontContext.bundledFontPath("NotoSansCJKjp-Regular.otf"))
        var settings = LayoutSettings(editorWidth: 85 + insets.left + insets.right)
        settings.text.size = 17
        settings.text.profile = .chromium
        settings.text.writingMode = mode
        settings.sizing.insets = insets
        var configuration = EditorConfiguration(font: try bundledFonts.font(path: path), settings: settings, text: text)
        configure(&configuration)
        let editor = try EditorModel(configuration: configuration, clock: ManualClock())
        #expect(editor.checkInvariants() == [])
        return editor
    }

    static let modes: [WritingMode] = [.verticalRL, .verticalLR]

    @Test("the box is the block's extent plus insets wide and the configured width tall, one column wider when the text takes a new column", arguments: modes)
    func boxGrowsByColumns(_ mode: WritingMode) throws {
        let editor = try Self.editor(mode, text: "あいうえお")
        var snapshot = editor.snapshot
        #expect(snapshot.isVertical && snapshot.lineCount == 1)
        #expect(snapshot.boxWidth == 25 + 4 + 8 && snapshot.boxWidth == snapshot.height && snapshot.boxHeight == 101)
        #expect(snapshot.boxWidth == snapshot.contentHeight + Self.insets.top + Self.insets.bottom)
        editor.insert("か")
        snapshot = editor.snapshot
        #expect(snapshot.lineCount == 2 && snapshot.boxWidth == 50 + 4 + 8 && snapshot.boxHeight == 101)
        // The caret after か: the second column's top, one character down; under vertical-rl the
        // new column is at the left (the bottom inset's side), under vertical-lr at the right of the first.
        let columnX = mode == .verticalRL ? 8.0 : 4 + 25
        #expect(snapshot.caretRect == LayoutRect(x: columnX, y: 6 + 17, width: 25, height: 1))
    }

    @Test("minLines and maxLines count columns: the box is as wide as the fewest, and under vertical-rl the text keeps to its right", arguments: modes)
    func minColumns(_ mode: WritingMode) throws {
        let editor = try Self.editor(mode, text: "あ") { $0.settings.sizing.minLines = 3 }
        let snapshot = editor.snapshot
        #expect(snapshot.boxWidth == 75 + 12)
        let columnX = mode == .verticalRL ? 87.0 - 4 - 25 : 4
        #expect(snapshot.caretRect == LayoutRect(x: columnX, y: 6 + 17, width: 25, height: 1))
        let capped = try Self.editor(mode, text: String(repeating: "あ", count: 20)) { $0.settings.sizing.maxLines = 2 }
        #expect(capped.snapshot.lineCount == 4 && capped.snapshot.boxWidth == 50 + 12 && capped.snapshot.isScrollable)
    }

    @Test("taps at the caret bars' centres put the caret back; a selection is drawn down its columns", arguments: modes)
    func tapsAndSelection(_ mode: WritingMode) throws {
        let text = "あいうえおかきくけこ"
        let editor = try Self.editor(mode, text: text)
        var bars: [LayoutRect] = []
        for offset in 0...text.utf16.count {
            try editor.select(fromUTF16Offset: offset, to: offset)
            bars.append(editor.caretRect)
        }
        for (offset, bar) in bars.enumerated() {
            editor.tap(x: bar.x + bar.width / 2, y: bar.y + bar.height / 2)
            #expect(editor.snapshot.caret == offset, "tap at \(bar)")
        }
        try editor.select(fromUTF16Offset: 3, to: 7)
        let columns = mode == .verticalRL ? (first: 4.0 + 25 - 4 + 8, second: 8.0) : (first: 4.0, second: 29.0)
        #expect(editor.selectionRects == [LayoutRect(x: columns.first, y: 6 + 51, width: 25, height: 34),
                                          LayoutRect(x: columns.second, y: 6, width: 25, height: 34)])
    }

    @Test("the arrow keys keep their direction on screen: down the column, across to the next one keeping the place down it", arguments: modes)
    func arrows(_ mode: WritingMode) throws {
        let editor = try Self.editor(mode, text: "あいうえおかきくけこさし")
        let next: CaretMovement = mode == .verticalRL ? .left : .right
        try editor.select(fromUTF16Offset: 3, to: 3)
        editor.moveCaret(.down)
        #expect(editor.snapshot.caret == 4)
        editor.moveCaret(.up)
        editor.moveCaret(.up)
        #expect(editor.snapshot.caret == 2)
        // Across: the short last column (さし) holds the caret at its end, the goal comes back after it.
        try editor.select(fromUTF16Offset: 4, to: 4)
        editor.moveCaret(next)
        #expect(editor.snapshot.caret == 9)
        editor.moveCaret(next)
        #expect(editor.snapshot.caret == 12)
        editor.moveCaret(mode == .verticalRL ? .right : .left)
        #expect(editor.snapshot.caret == 9)
        // A selection collapses to its start with up, as with left on a line.
        try editor.select(fromUTF16Offset: 2, to: 6)
        editor.moveCaret(.up)
        #expect(editor.snapshot.caret == 2 && editor.snapshot.selection == 2..<2)
    }

    @Test("an editing session takes a vertical config and reports the box's width and height; a horizontal one writes neither")
    func session() throws {
        let session = EditSession(fonts: bundledFonts)
        let config = #"{"config": {"width": 101, "font": "Noto Sans CJK JP", "size": 17, "profile": "chromium", "writingMode": "vertical-rl", "insets": {"top": 4, "left": 6, "bottom": 8, "right": 10}}}"#
        let first = try parseJSON(session.reply(to: config).json)
        #expect(number(first["boxWidth"]) == 37 && number(first["boxHeight"]) == 101 && number(first["height"]) == 37, "\(first)")
        let typed = try parseJSON(session.reply(to: #"{"insert": "あいうえおか"}"#).json)
        #expect(number(typed["boxWidth"]) == 62 && number(typed["lineCount"]) == 2)
        #expect(number(typed["caretRect"]?["x"]) == 8 && number(typed["caretRect"]?["width"]) == 25)
        let horizontal = EditSession(fonts: bundledFonts)
        let line = horizontal.reply(to: #"{"config": {"width": 100}}"#).json
        #expect(!line.contains("boxWidth") && !line.contains("boxHeight"))
    }

    @Test("bad values still give clear errors: an unknown writingMode names the key")
    func badValues() throws {
        let session = EditSession(fonts: bundledFonts)
        let bad = try parseJSON(session.reply(to: #"{"config": {"width": 100, "writingMode": "sideways-rl"}}"#).json)
        #expect(errorMessage(bad).contains("writingMode"), "\(bad)")
    }

    @Test("an inline object stands in its column between the caret bars before and after it: its height down the column, its width across it about the central baseline", arguments: modes)
    func inlineObject(_ mode: WritingMode) throws {
        // A 10 px wide, 12 px tall object after two kana: it advances 12 px down the column, and
        // (baseline alignment) its middle lies on the column's central baseline, 13 px from the
        // column's right edge in a 25 px column (Chromium's split of the 25 px font box, 13 right
        // and 12 left of it: docs/profiles.md, "Inline objects in columns").
        let editor = try Self.editor(mode, text: "あい\u{FFFC}うえ") { $0.inlineObjects = [InlineObject(width: 10, height: 12)] }
        let frame = try #require(editor.inlineObjectFrames.first).rect
        try editor.select(fromUTF16Offset: 2, to: 2)
        let before = editor.caretRect
        try editor.select(fromUTF16Offset: 3, to: 3)
        let after = editor.caretRect
        #expect(frame.width == 10 && frame.height == 12)
        #expect(frame.y == before.y && frame.maxY == after.y && before.y == 6 + 34, "\(frame) between \(before) and \(after)")
        #expect(before.x == after.x && before.width == 25)
        #expect(frame.x == before.x + 25 - 13 - 5, "\(frame) in the column at \(before.x)")
        // The object is inserted and deleted as one cluster, in columns as in lines.
        editor.deleteBackward(1)
        #expect(editor.snapshot.caret == 2 && editor.inlineObjectFrames.isEmpty && editor.snapshot.text == "あいうえ")
        #expect(editor.checkInvariants() == [])
    }
}
