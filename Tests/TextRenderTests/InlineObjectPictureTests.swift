// Inline objects in pictures: each drawn as a one-device-pixel gray outline at the rectangle the layout reports, in PNG and SVG, labelled under --debug.
import Foundation
import Testing
import TextLayout
import TextRender
import TestSupport

@Suite("Inline objects in pictures")
struct InlineObjectPictureTests {
    static let text = "Nice \u{FFFC} work with \u{FFFC} here \u{FFFC}"
    static let objects = [InlineObject(width: 24, height: 24), InlineObject(width: 30, height: 12, align: .middle),
                          InlineObject(width: 16, height: 40, align: .top)]

    static func scene(insets: EdgeInsets = .zero) throws -> (RenderScene, Layout) {
        let sizing = EditorSizing(insets: insets)
        let prepared = try PreparedText(text, style: TextStyle(font: bundledFont(), settings: TextSettings(size: 17)), inlineObjects: objects)
        let measurement = try prepared.measureEditor(editorWidth: 130, sizing: sizing)
        return (RenderScene(editor: measurement, sizing: sizing, editorWidth: 130), measurement.layout)
    }

    @Test("PNG: the outline's pixels are gray at each rectangle's edges, its inside untouched", arguments: [1.0, 2.0])
    func pngOutlines(_ scale: Double) throws {
        let insets = EdgeInsets(top: 4, left: 6, bottom: 0, right: 0)
        let (scene, layout) = try Self.scene(insets: insets)
        let frames = layout.inlineObjectFrames
        #expect(frames.count == 3 && Set(frames.map(\.line)).count > 1)
        let canvas = try RasterRenderer.render(scene, options: RenderOptions(scale: scale, background: .transparent))
        let gray = RGBAColor(red: 128, green: 128, blue: 128, alpha: 255)
        for frame in frames {
            // The box in device pixels: the layout's rectangle moved by the insets.
            let x0 = Int(((frame.rect.x + insets.left) * scale).rounded(.down)), y0 = Int(((frame.rect.y + insets.top) * scale).rounded(.down))
            let x1 = Int(((frame.rect.x + insets.left + frame.rect.width) * scale).rounded(.up)) - 1
            let y1 = Int(((frame.rect.y + insets.top + frame.rect.height) * scale).rounded(.up)) - 1
            let midX = (x0 + x1) / 2, midY = (y0 + y1) / 2
            for (x, y) in [(x0, midY), (x1, midY), (midX, y0), (midX, y1), (x0, y0), (x1, y1)] {
                #expect(canvas.pixel(x, y) == gray, "object \(frame.index)'s outline at (\(x), \(y))")
            }
            // One device pixel wide: just inside, the text's background (no glyph is drawn in an object).
            for (x, y) in [(x0 + 1, midY), (x1 - 1, midY), (midX, y0 + 1), (midX, y1 - 1)] {
                #expect(canvas.pixel(x, y).alpha == 0, "object \(frame.index): inside the outline at (\(x), \(y))")
            }
            // And just outside the box on the left: not the outline.
            if x0 > 0 { #expect(canvas.pixel(x0 - 1, midY) != gray) }
        }
    }

    @Test("PNG with --debug: each box holds its index's ink; without, its inside is empty")
    func pngLabels() throws {
        let (scene, layout) = try Self.scene()
        let plain = try RasterRenderer.render(scene, options: RenderOptions(scale: 2, background: .transparent))
        let debug = try RasterRenderer.render(scene, options: RenderOptions(scale: 2, background: .transparent, debug: true))
        for frame in layout.inlineObjectFrames {
            // The label's corner: inside the outline, within the label size's square.
            let left = Int(frame.rect.x * 2) + 2, top = Int(frame.rect.y * 2) + 2
            let right = Int((frame.rect.x + min(9, frame.rect.width)) * 2), bottom = Int((frame.rect.y + min(9, frame.rect.height)) * 2)
            var labelInk = 0, plainInk = 0
            for x in left..<right {
                for y in top..<bottom {
                    let labelled = debug.pixel(x, y)
                    if labelled.alpha > 0 && labelled.red == labelled.blue && labelled.red > 60 { labelInk += 1 }
                    if plain.pixel(x, y).alpha > 0 { plainInk += 1 }
                }
            }
            #expect(labelInk > 0, "object \(frame.index)'s label")
            #expect(plainInk == 0, "object \(frame.index): nothing inside without --debug")
        }
    }

    @Test("SVG: one outline rectangle per object at the reported rectangle, half a device pixel in; labels under debug")
    func svgOutlines() throws {
        let insets = EdgeInsets(top: 4, left: 6, bottom: 0, right: 0)
        let (scene, layout) = try Self.scene(insets: insets)
        let svg = try SVGRenderer.render(scene, options: RenderOptions(scale: 2))
        let group = try #require(svg.components(separatedBy: "<g class=\"inline-objects\"").dropFirst().first?.components(separatedBy: "</g>").first)
        let rects = group.components(separatedBy: "\n").filter { $0.hasPrefix("<rect") }
        let frames = layout.inlineObjectFrames
        #expect(rects.count == frames.count)
        let n = RenderScene.decimal
        for (rect, frame) in zip(rects, frames) {
            let half = 0.25  // half of one device pixel at scale 2
            #expect(rect.contains("x=\"\(n(frame.rect.x + insets.left + half))\" y=\"\(n(frame.rect.y + insets.top + half))\" width=\"\(n(frame.rect.width - 2 * half))\" height=\"\(n(frame.rect.height - 2 * half))\""),
                    "\(rect) for \(frame)")
            #expect(rect.contains("stroke=\"#808080\" stroke-width=\"0.5\""), "\(rect)")
        }
        #expect(!svg.contains("<text"))
        let debug = try SVGRenderer.render(scene, options: RenderOptions(scale: 2, debug: true))
        for frame in frames { #expect(debug.contains(">\(frame.index)</text>")) }
    }

    @Test("textlayout render --placeholders draws one outline per object")
    func renderCommand() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let picture = directory.appendingPathComponent("objects.svg").path
        let run = try runTextlayout(["render", "--font", try #require(FontContext.bundledFontPath("DejaVuSans.ttf")), "--width", "130",
                                     "--placeholders", #"[{"width":24,"height":24},{"width":30,"height":12,"align":"middle"},{"width":16,"height":40,"align":"top"}]"#,
                                     "--output", picture, Self.text])
        #expect(run.status == 0, "\(run.error)")
        let svg = try String(contentsOfFile: picture, encoding: .utf8)
        #expect(svg.components(separatedBy: "stroke=\"#808080\"").count - 1 == 3)
    }
}
