// Pictures of an editor model: its measured box, the caret where the model puts it, the border in the state's colour, scrolled to the caret.
import Foundation
import Testing
import TextEditing
import TextLayout
import TextRender

@Suite("Editor pictures")
struct EditorPictureTests {
    private func editor(width: Double = 220, maxLines: Int? = 3, placeholder: String = "Message",
                        border: Border = Border(width: 2, cornerRadius: 8)) throws -> EditorModel {
        let configuration = EditorConfiguration(
            font: try bundledFont(),
            settings: LayoutSettings(text: TextSettings(size: 15), editorWidth: width,
                                     sizing: EditorSizing(maxLines: maxLines, lineSpace: 2, insets: EdgeInsets(top: 8, left: 10, bottom: 8, right: 10))),
            placeholder: placeholder, border: border, activeOnEditing: true)
        return try EditorModel(configuration: configuration, clock: ManualClock())
    }

    private func isDark(_ p: RGBAColor) -> Bool { Int(p.red) + Int(p.green) + Int(p.blue) < 200 }

    @Test("the picture is the model's measured height and draws the caret where the model puts it")
    func caretAndSize() throws {
        let model = try editor()
        _ = model.setFocused(true)
        _ = model.insert("Hello there")
        let snapshot = model.snapshot
        let scene = RenderScene(editor: model)
        #expect(scene.height == snapshot.height)
        #expect(scene.scrollOffset == 0)
        let canvas = try RasterRenderer.render(scene, options: RenderOptions(scale: 2))
        #expect(canvas.height == Int((snapshot.height * 2 - 1e-9).rounded(.up)))
        #expect(canvas.width == 440)
        let caret = snapshot.caretRect
        let column = Int((caret.x * 2).rounded(.down))
        let rows = Int((caret.y * 2).rounded())..<Int(((caret.y + caret.height) * 2).rounded())
        #expect(rows.allSatisfy { isDark(canvas.pixel(column, $0)) }, "the caret is a dark bar at x \(caret.x)")
        // Just right of the caret, past the last glyph, the line is empty.
        #expect(!isDark(canvas.pixel(column + 6, rows.lowerBound + rows.count / 2)))
    }

    @Test("an input method's marked text is underlined along its bottom, the committed text is not")
    func markedTextUnderline() throws {
        let model = try editor()
        _ = model.setFocused(true)
        _ = model.insert("ab ")
        _ = try model.setMarkedText("nihao", selectedRange: 5..<5)
        let rects = model.markedTextRects
        #expect(rects.count == 1)
        let rect = try #require(rects.first)
        let scene = RenderScene(editor: model)
        #expect(scene.markedTextUnderlines.count == 1)
        let canvas = try RasterRenderer.render(scene, options: RenderOptions(scale: 2))
        let row = Int(((rect.y + rect.height) * 2).rounded()) - 1
        let columns = stride(from: Int((rect.x * 2).rounded(.up)) + 1, to: Int((rect.x + rect.width) * 2) - 1, by: 3)
        #expect(columns.allSatisfy { isDark(canvas.pixel($0, row)) }, "a dark bar under the marked text")
        #expect(!isDark(canvas.pixel(Int((model.configuration.settings.sizing.insets.left + 2) * 2), row)), "nothing under the committed text")
        let svg = try SVGRenderer.render(scene, options: RenderOptions())
        #expect(svg.contains("height=\"1\""))
        _ = model.unmarkText()
        #expect(RenderScene(editor: model).markedTextUnderlines.isEmpty && model.markedTextRects.isEmpty)
    }

    @Test("the border is drawn in the colour of the field's state")
    func borderColour() throws {
        let model = try editor()
        let idle = try RasterRenderer.render(RenderScene(editor: model), options: RenderOptions())
        let y = idle.height / 2
        #expect(idle.pixel(0, y) == RenderScene.fieldStateColors[.standard], "standard: gray")
        _ = model.setFocused(true)
        #expect(model.state == .active)
        let active = try RasterRenderer.render(RenderScene(editor: model), options: RenderOptions())
        #expect(active.pixel(0, y) == RenderScene.fieldStateColors[.active], "active: blue")
        #expect(active.pixel(1, y) == RenderScene.fieldStateColors[.active], "2 px wide")
        #expect(active.pixel(3, y) == .white, "and no wider")
        let corner = active.pixel(0, 0)
        #expect(corner.alpha == 255 && corner != RenderScene.fieldStateColors[.active], "rounded: the corner pixel is outside the stroke")
        let svg = try SVGRenderer.render(RenderScene(editor: model), options: RenderOptions())
        #expect(svg.contains("rx=\"7\"") && svg.contains("stroke=\"#1f6feb\" stroke-width=\"2\""))
    }

    @Test("a placeholder is drawn in gray, and without focus there is no caret")
    func placeholder() throws {
        let model = try editor()
        let scene = RenderScene(editor: model)
        #expect(scene.caret == nil)
        #expect(scene.textColor == RenderScene.mutedTextColor)
        let canvas = try RasterRenderer.render(scene, options: RenderOptions(background: .white))
        let darkest = canvas.pixels.enumerated().filter { $0.offset % 4 == 0 }.map(\.element).min()!
        #expect(darkest >= RenderScene.mutedTextColor.red - 1, "no pixel darker than the placeholder's gray")
    }

    @Test("an editor past maxLines is scrolled so that the caret shows, and the caret stays in the box")
    func scrolledToCaret() throws {
        let model = try editor(maxLines: 2)
        _ = model.setFocused(true)
        _ = model.insert("one\ntwo\nthree\nfour")
        #expect(model.snapshot.isScrollable)
        let scene = RenderScene(editor: model)
        #expect(scene.scrollOffset > 0)
        let caret = try #require(scene.caret)
        #expect(caret.y >= 0 && caret.y + caret.height <= scene.height - scene.insets.bottom + 1e-9)
        let last = try #require(scene.lines.last)
        #expect(abs(scene.top(of: last) + last.height - (scene.height - scene.insets.bottom)) < 1e-9, "the last line sits on the bottom inset")
        _ = try model.moveCaret(toUTF16Offset: 0)
        #expect(RenderScene(editor: model).scrollOffset == 0, "back at the start, nothing scrolls")
    }
}
