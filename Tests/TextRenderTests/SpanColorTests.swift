// Glyph runs drawn in their span's colour (mask literals and slot characters too), and the editor's selection highlighted behind the text.
import Foundation
import Testing
import TextEditing
import TextLayout
import TextRender
import TestSupport

@Suite("Span colours and selection")
struct SpanColorTests {
    @Test("CSS hex colours", arguments: [
        ("#ff0000", RGBAColor?.some(RGBAColor(red: 255, green: 0, blue: 0))),
        ("#0000ff80", RGBAColor(red: 0, green: 0, blue: 255, alpha: 128)),
        ("#abc", RGBAColor(red: 0xaa, green: 0xbb, blue: 0xcc)),
        ("#abcd", RGBAColor(red: 0xaa, green: 0xbb, blue: 0xcc, alpha: 0xdd)),
        ("ff0000", nil), ("red", nil), ("#ff00", RGBAColor(red: 255, green: 255, blue: 0, alpha: 0)), ("#ff000", nil), ("#gg0000", nil), ("", nil),
    ])
    func cssHex(_ text: String, _ color: RGBAColor?) {
        #expect(RGBAColor(cssHex: text) == color)
    }

    /// "red and plain" with its first word in `attributes`, drawn at scale 2 on white.
    func render(_ attributes: [String: String], textColor: RGBAColor? = nil) throws -> (canvas: Canvas, spanEnd: Int, scene: RenderScene) {
        let prepared = try PreparedText("red and plain", style: TextStyle(font: bundledFont()),
                                        spans: [StyledSpan(range: 0..<3, attributes: attributes)])
        var scene = RenderScene(layout: try prepared.layout())
        scene.textColor = textColor
        let canvas = try RasterRenderer.render(scene, options: RenderOptions(scale: 2))
        let span = try #require(scene.lines[0].runs.first { $0.utf16Range == 0..<3 })
        return (canvas, Int(((span.x + span.width) * 2).rounded(.up)), scene)
    }

    /// The ink of columns `columns`: every pixel that is not the white background.
    func ink(_ canvas: Canvas, _ columns: Range<Int>) -> [RGBAColor] {
        (0..<canvas.height).flatMap { y in columns.map { canvas.pixel($0, y) } }.filter { $0 != .white }
    }

    @Test("a run is drawn in its span's colour; the rest in the foreground")
    func spanColour() throws {
        let (canvas, end, scene) = try render(["color": "#ff0000"])
        let span = ink(canvas, 0..<end), rest = ink(canvas, end..<canvas.width)
        #expect(span.contains { $0.red == 255 && $0.green < 40 && $0.blue < 40 }, "solid red ink in the span")
        #expect(span.allSatisfy { $0.red == 255 && $0.green == $0.blue }, "only red, blended with white")
        #expect(!rest.isEmpty && rest.allSatisfy { $0.red == $0.green && $0.green == $0.blue }, "black and gray after it")
        let svg = try SVGRenderer.render(scene, options: RenderOptions())
        #expect(svg.components(separatedBy: "fill=\"#ff0000\"").count - 1 == 3, "one use per glyph of 'red' carries the span's fill")
        #expect(svg.contains("<g fill=\"#000000\">"))
    }

    @Test("colours with alpha blend; slot characters without a colour are gray; the scene's text colour wins", arguments: [
        (["color": "#0000ff80"], RGBAColor?.none, RGBAColor(red: 0, green: 0, blue: 255, alpha: 128)),
        (["role": "placeholder"], nil, RenderScene.slotCharacterSpanColor),
        (["role": "literal"], nil, RGBAColor.black),
        (["color": "not a colour"], nil, RGBAColor.black),
        (["role": "placeholder", "color": "#00ff00"], nil, RGBAColor(red: 0, green: 255, blue: 0)),
        (["color": "#ff0000"], RenderScene.mutedTextColor, RenderScene.mutedTextColor),
    ] as [([String: String], RGBAColor?, RGBAColor)])
    func colours(_ attributes: [String: String], _ textColor: RGBAColor?, _ expected: RGBAColor) throws {
        let (canvas, end, scene) = try render(attributes, textColor: textColor)
        #expect(scene.color(of: scene.lines[0].runs[0], foreground: .black) == expected)
        // The most covered pixel of the span is the colour over white at its alpha.
        let darkest = try #require(ink(canvas, 0..<end).min { Int($0.red) + Int($0.green) + Int($0.blue) < Int($1.red) + Int($1.green) + Int($1.blue) })
        let a = Double(expected.alpha) / 255
        for (got, want) in [(darkest.red, expected.red), (darkest.green, expected.green), (darkest.blue, expected.blue)] {
            #expect(abs(Double(got) - (Double(want) * a + 255 * (1 - a))) <= 2, "\(darkest) for \(expected)")
        }
    }

    func phone(literal: String? = "#1f6feb") throws -> EditorModel {
        let configuration = EditorConfiguration(
            font: try bundledFont(),
            settings: LayoutSettings(text: TextSettings(size: 20), editorWidth: 250,
                                     sizing: EditorSizing(insets: EdgeInsets(top: 10, left: 12, bottom: 10, right: 12))),
            border: Border(width: 2, cornerRadius: 8), activeOnEditing: true,
            mask: InputMask(format: "+7(ddd)ddd-dd-dd", appearance: .whole, slotCharacters: ["d": "_"], mode: .lenient,
                            literalStyle: literal.map { MaskTextStyle(color: $0) }))
        let model = try EditorModel(configuration: configuration, clock: ManualClock())
        _ = model.setFocused(true)
        _ = model.paste("(912) 345")
        return model
    }

    @Test("the selection is drawn behind the text from the snapshot's rectangles; the caret hides")
    func selection() throws {
        let model = try phone()
        _ = try model.select(fromUTF16Offset: 1, to: 5)
        let rects = model.snapshot.selectionRects
        #expect(rects.count == 2)
        let scene = RenderScene(editor: model)
        #expect(scene.selection == SelectionHighlight(rects: rects, color: RenderScene.selectionColor))
        #expect(scene.caret == nil, "no caret over a selection")
        let canvas = try RasterRenderer.render(scene, options: RenderOptions(scale: 2))
        for rect in rects {
            // The rectangle's top row holds no ink (the line's top is above the tallest glyph).
            let y = Int((rect.y * 2).rounded()) + 1
            for x in stride(from: Int((rect.x * 2).rounded()), to: Int((rect.maxX * 2).rounded()), by: 3) {
                #expect(canvas.pixel(x, y) == RenderScene.selectionColor, "(\(x), \(y)) in \(rect)")
            }
            #expect(canvas.pixel(Int((rect.x * 2).rounded()) - 2, y) == .white, "not left of the rectangle")
        }
        // Glyphs go over the highlight: dark ink inside the first rectangle.
        let first = rects[0]
        let inside = (Int(first.y * 2)..<Int(first.maxY * 2)).flatMap { y in (Int(first.x * 2)..<Int(first.maxX * 2)).map { canvas.pixel($0, y) } }
        #expect(inside.contains { Int($0.red) + Int($0.green) + Int($0.blue) < 100 })
        let svg = try SVGRenderer.render(scene, options: RenderOptions())
        #expect(svg.contains("<g fill=\"#b4d5fe\">\n<rect x="))
        #expect(svg.range(of: "#b4d5fe")!.lowerBound < svg.range(of: "<use ")!.lowerBound, "the highlight comes before the text")

        _ = model.setFocused(false)
        #expect(RenderScene(editor: model).selection?.color == RenderScene.inactiveSelectionColor, "gray without focus")
        _ = model.setEnabled(false)
        #expect(RenderScene(editor: model).selection == nil, "none while disabled")
    }

    @Test("mask literals are drawn in their style's colour and slot characters gray")
    func maskColours() throws {
        let model = try phone()
        let scene = RenderScene(editor: model)
        var colours: [String: Set<RGBAColor>] = [:]
        for run in scene.lines.flatMap(\.runs) {
            colours[run.attributes["role"] ?? "input", default: []].insert(scene.color(of: run, foreground: .black))
        }
        #expect(colours == ["literal": [RGBAColor(red: 0x1f, green: 0x6f, blue: 0xeb)], "placeholder": [RenderScene.slotCharacterSpanColor],
                            "input": [.black]])
        let plain = try phone(literal: nil)
        #expect(Set(RenderScene(editor: plain).lines.flatMap(\.runs).filter { $0.attributes["role"] == "literal" }
            .map { RenderScene(editor: plain).color(of: $0, foreground: .black) }) == [.black], "literals without a style: the text's colour")
    }

    @Test("golden picture: a masked phone field with coloured literals, gray slot characters and a selection")
    func golden() throws {
        let model = try phone()
        _ = try model.select(fromUTF16Offset: 1, to: 5)
        let png = try RasterRenderer.png(RenderScene(editor: model), options: RenderOptions(scale: 2))
        let url = renderGoldens.appendingPathComponent("masked-phone-selection.png")
        if blessing {
            try PictureFile.write(png, to: url.path)
            return
        }
        let data = try #require(FileManager.default.contents(atPath: url.path), "no masked-phone-selection.png; run with TEXTLAYOUT_BLESS=1")
        let diff = try #require(difference(try PNGCodec.decode(png), try PNGCodec.decode(Array(data))))
        #expect(diff.badShare <= 0.005 && diff.mean <= 2, "\(diff)")
    }
}
