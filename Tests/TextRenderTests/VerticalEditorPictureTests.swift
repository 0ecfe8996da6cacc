// Pictures of an editor model in columns: the turned box the snapshot gives, the caret bar and the selection where the model puts them, marked text underlined down its left side, the columns scrolled across to the caret.
import Testing
import TestSupport
import TextEditing
import TextLayout
import TextRender

@Suite("Vertical editor pictures")
struct VerticalEditorPictureTests {
    /// A vertical-rl field 101 px tall in Noto Sans CJK JP at 17 px (columns of 25 px, five kana long), three columns at most.
    private func editor(_ mode: WritingMode = .verticalRL) throws -> EditorModel {
        let path = try #require(FontContext.bundledFontPath("NotoSansCJKjp-Regular.otf"))
        var settings = LayoutSettings(text: TextSettings(size: 17), editorWidth: 101,
                                      sizing: EditorSizing(maxLines: 3, insets: EdgeInsets(top: 4, left: 6, bottom: 8, right: 10)))
        settings.text.profile = .chromium
        settings.text.writingMode = mode
        return try EditorModel(configuration: EditorConfiguration(font: try bundledFonts.font(path: path), settings: settings), clock: ManualClock())
    }

    @Test("the scene is the snapshot's turned box and draws the caret bar, the selection and the marked text's underline in the columns")
    func turnedMarks() throws {
        let model = try editor()
        _ = model.setFocused(true)
        _ = model.insert("あいうえおかきくけこさしすせそたち")
        var snapshot = model.snapshot
        var scene = RenderScene(editor: model)
        #expect(scene.width == snapshot.boxWidth && scene.height == snapshot.boxHeight && scene.height == 101)
        // Four columns in a field of three: it scrolls a column across, to the caret's.
        #expect(snapshot.isScrollable && scene.scrollOffset == 25)
        let caret = snapshot.caretRect
        #expect(scene.caret == CaretMark(x: caret.x + 25, y: caret.y, width: 25, height: 1))
        _ = try model.select(fromUTF16Offset: 3, to: 7)
        snapshot = model.snapshot
        scene = RenderScene(editor: model)
        #expect(scene.caret == nil && scene.selection?.rects == snapshot.selectionRects && snapshot.selectionRects.count == 2)
        _ = try model.setMarkedText("にほ", selectedRange: 2..<2)
        scene = RenderScene(editor: model)
        let marked = try #require(model.markedTextRects.first)
        #expect(scene.markedTextUnderlines.first == CaretMark(x: marked.x, y: marked.y, width: RenderScene.markedTextUnderlineThickness, height: marked.height))
        #expect(marked.width == 25 && marked.height == 34)
    }

    // Seventeen kana take four columns of five (25 px each, 100 px across) in a box of three
    // (75 px inside the top inset of 4 and the bottom one of 8, 87 px wide): the fourth column
    // stands past the box's block-end side, the left under vertical-rl (its left edge 17 px left
    // of the box) and the right under vertical-lr, until the caret goes there.
    @Test("columns past maxLines are scrolled across so that the caret's column shows inside the insets", arguments: [WritingMode.verticalRL, .verticalLR])
    func scrolledToCaret(_ mode: WritingMode) throws {
        let model = try editor(mode)
        _ = model.setFocused(true)
        _ = model.insert("あいうえおかきくけこさしすせそたち")
        let snapshot = model.snapshot
        let scene = RenderScene(editor: model)
        #expect(snapshot.isScrollable && scene.width == 87 && scene.scrollOffset == 25)
        let caret = try #require(scene.caret)
        let lastLine = try #require(scene.lines.last), firstLine = try #require(scene.lines.first)
        let last = try #require(scene.column(of: lastLine))
        let first = try #require(scene.column(of: firstLine))
        if mode == .verticalRL {
            #expect(caret.x == 8 && last.x == 8, "the last column on the bottom inset, at the left")
            #expect(first.x == 87 - 4 - 25 + 25, "the first column a column right of its place, past the top inset")
        } else {
            #expect(caret.x + caret.width == 87 - 8 && last.x + last.width == 87 - 8, "the last column on the bottom inset, at the right")
            #expect(first.x == 4 - 25)
        }
        let canvas = try RasterRenderer.render(scene, options: RenderOptions(background: .white))
        #expect(canvas.width == 87)
        _ = try model.moveCaret(toUTF16Offset: 0)
        let start = RenderScene(editor: model)
        #expect(start.scrollOffset == 0, "back at the start, nothing scrolls")
        let startFirst = try #require(start.column(of: firstLine))
        #expect(startFirst.x == (mode == .verticalRL ? 87 - 4 - 25 : 4))
    }
}
