// The picture of a layout is exactly the measured editor's size times the scale, in PNG and SVG, and the overlay lands on it.
import Foundation
import Testing
import TextLayout
import TextRender

@Suite("Picture size")
struct PictureSizeTests {
    struct Case: Sendable, CustomStringConvertible {
        let text: String
        let width: Double?
        let sizing: EditorSizing
        let scale: Double
        let line: Int
        var description: String { "line \(line): \(text.debugDescription) width \(width.map { "\($0)" } ?? "none") scale \(scale)" }
    }

    static let cases: [Case] = [
        Case(text: "", width: 200, sizing: EditorSizing(), scale: 1, line: #line),
        Case(text: "Hello", width: nil, sizing: EditorSizing(), scale: 1, line: #line),
        Case(text: "Hello, world! A longer message wraps.", width: 120, sizing: EditorSizing(lineSpace: 2), scale: 1, line: #line),
        Case(text: "Hello, world! A longer message wraps.", width: 120, sizing: EditorSizing(lineSpace: 2), scale: 2, line: #line),
        Case(text: "Hello, world! A longer message wraps.", width: 120, sizing: EditorSizing(lineSpace: 2), scale: 1.5, line: #line),
        Case(text: "one\ntwo\nthree\nfour\nfive", width: 150,
             sizing: EditorSizing(minLines: 1, maxLines: 3, insets: EdgeInsets(top: 8, left: 12, bottom: 8, right: 12)), scale: 3, line: #line),
        Case(text: "x", width: 150, sizing: EditorSizing(minLines: 4, insets: EdgeInsets(top: 5, left: 5, bottom: 5, right: 5)), scale: 0.5, line: #line),
        Case(text: "tall", width: 90, sizing: EditorSizing(minHeight: 64.3), scale: 1, line: #line),
        Case(text: "a\nb\nc\nd", width: 90, sizing: EditorSizing(maxHeight: 30.2), scale: 2, line: #line),
        Case(text: "no width, insets", width: nil, sizing: EditorSizing(insets: EdgeInsets(top: 1, left: 7, bottom: 2, right: 9)), scale: 1.25, line: #line),
    ]

    @Test("PNG and SVG are the measured editor's size times the scale", arguments: cases)
    func size(_ c: Case) throws {
        let (scene, measurement) = try editorScene(c.text, width: c.width, sizing: c.sizing)
        let expectedWidth = c.width ?? (measurement.layout.widestLineWidth + c.sizing.insets.left + c.sizing.insets.right)
        #expect(scene.height == measurement.height)
        #expect(scene.width == expectedWidth)
        for debug in [false, true] {
            let options = RenderOptions(scale: c.scale, debug: debug)
            let canvas = try PNGCodec.decode(RasterRenderer.png(scene, options: options))
            #expect(canvas.width == max(1, Int((expectedWidth * c.scale - 1e-9).rounded(.up))))
            #expect(canvas.height == max(1, Int((measurement.height * c.scale - 1e-9).rounded(.up))))
            #expect(Double(canvas.height) - measurement.height * c.scale < 1, "rounded up by less than one device pixel")
            let svg = try SVGRenderer.render(scene, options: options)
            #expect(svg.contains("width=\"\(RenderScene.decimal(expectedWidth * c.scale))\" height=\"\(RenderScene.decimal(measurement.height * c.scale))\""))
            #expect(svg.contains("viewBox=\"0 0 \(RenderScene.decimal(expectedWidth)) \(RenderScene.decimal(measurement.height))\""))
        }
    }

    @Test("a bare layout's picture is its wrap width by its content height")
    func bareLayout() throws {
        let layout = try PreparedText("Hello, world! A longer message wraps.", font: bundledFont(), size: 17).layout(wrapWidth: 100)
        let scene = RenderScene(layout: layout)
        let size = try scene.pixelSize(scale: 2)
        #expect(size.width == 200)
        #expect(size.height == Int((layout.contentHeight * 2 - 1e-9).rounded(.up)))
    }

    @Test("the overlay draws the editor's box on the picture's edges and each baseline on its row")
    func overlay() throws {
        let sizing = EditorSizing(maxLines: 2, insets: EdgeInsets(top: 6, left: 6, bottom: 6, right: 6))
        let (scene, measurement) = try editorScene("Hello, world! A longer message wraps.", width: 120, sizing: sizing)
        let canvas = try RasterRenderer.render(scene, options: RenderOptions(debug: true))
        #expect(canvas.pixel(0, 0) == OverlayPalette.editorBox)
        #expect(canvas.pixel(canvas.width - 1, canvas.height - 1) == OverlayPalette.editorBox)
        for line in measurement.layout.lines where line.top + line.height < measurement.height - sizing.insets.top {
            let row = Int(((sizing.insets.top + line.baseline)).rounded(.down))
            let reds = (0..<canvas.width).filter { x in
                let p = canvas.pixel(x, row)
                return p.red > 180 && p.green < 120 && p.blue < 120
            }
            #expect(reds.count > 50, "the baseline of the line at \(line.top) is drawn on row \(row)")
        }
        let plain = try RasterRenderer.render(scene, options: RenderOptions(debug: false))
        #expect(plain.pixel(0, 0) == .white)
    }
}
