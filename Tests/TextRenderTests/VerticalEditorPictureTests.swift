// Pictures of an editor model in columns: the turned box the snapshot gives, the caret bar and the selection where the model puts them, marked text underlined down its left side, nothing scrolled.
import Testing
import TestSupport
import TextEditing
import TextLayout
import TextRender

@Suite("Vertical editor pictures")
struct VerticalEditorPictureTests {
    /// A vertical-rl field 101 px tall in Noto Sans CJK JP at 17 px (columns of 25 px, five kana long), three columns at most.
    private func editor() throws -> EditorModel {
        let path = try #require(FontContext.bundledFontPath("NotoSansCJKjp-Regular.otf"))
        var settings = LayoutSettings(text: TextSettings(size: 17), editorWidth: 101,
                                      sizing: EditorSizing(maxLines: 3, insets: EdgeInsets(top: 4, left: 6, bottom: 8, right: 10)))
        settings.text.profile = .chromium
        settings.text.writingMode = .verticalRL
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
        // Four columns in a field of three: it scrolls, but columns are drawn unscrolled.
        #expect(snapshot.isScrollable && scene.scrollOffset == 0)
        let caret = snapshot.caretRect
        #expect(scene.caret == CaretMark(x: caret.x, y: caret.y, width: 25, height: 1))
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
}
