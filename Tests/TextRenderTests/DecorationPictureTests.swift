// Underline and line-through in pictures: PNG rows where the font's metrics put the lines, SVG rects with the same geometry, in the run's colour.
import Foundation
import Testing
import TextLayout
import TextRender
import TestSupport

@Suite("Decoration pictures")
struct DecorationPictureTests {
    /// "plain under plain" at 20 px, "under" (6..<11) decorated with `decoration` and coloured by `attributes`, with insets.
    static func scene(_ decoration: TextDecoration, attributes: [String: String] = [:]) throws -> RenderScene {
        let spans = [StyledSpan(range: 6..<11, attributes: attributes, decoration: decoration)]
        let prepared = try PreparedText("plain under plain", style: TextStyle(font: bundledFont(), settings: TextSettings(size: 20)), spans: spans)
        let sizing = EditorSizing(insets: EdgeInsets(top: 4, left: 6, bottom: 4, right: 6))
        return RenderScene(editor: try prepared.measureEditor(editorWidth: nil, sizing: sizing), sizing: sizing, editorWidth: nil)
    }

    /// Device pixel rows `rows` and columns `columns` where a line `position` px above the
    /// baseline and `thickness` thick is drawn under "under" at `scale`: the edges at the nearest
    /// pixel, at least one row.
    static func expectedBox(_ scene: RenderScene, position: Double, thickness: Double, scale: Double) throws -> (rows: Range<Int>, columns: Range<Int>) {
        let line = scene.lines[0]
        let run = try #require(line.runs.first { $0.utf16Range == 6..<11 })
        let top = (scene.baseline(of: line) - position) * scale
        let y0 = Int(top.rounded()), y1 = max(y0 + 1, Int((top + thickness * scale).rounded()))
        let x0 = (scene.lineOrigin(line) + run.x) * scale
        return (y0..<y1, Int(x0.rounded())..<Int((x0 + run.width * scale).rounded()))
    }

    @Test("PNG: each line covers exactly the rows and columns its metrics give, in full; nothing else changes",
          arguments: [TextDecoration.underline, .lineThrough, [.underline, .lineThrough]], [1.0, 2.0, 3.0])
    func png(_ decoration: TextDecoration, scale: Double) throws {
        let decorated = try Self.scene(decoration), plain = try Self.scene([])
        let options = RenderOptions(scale: scale, background: .transparent)
        let withLines = try RasterRenderer.render(decorated, options: options), without = try RasterRenderer.render(plain, options: options)
        // DejaVu Sans at 20 px: post's underline 40 units below the baseline and 90 thick, OS/2's
        // strikeout 530 above and 102 thick, of 2048 units per em.
        let unit = 20.0 / 2048
        var boxes: [(rows: Range<Int>, columns: Range<Int>)] = []
        if decoration.contains(.underline) { boxes.append(try Self.expectedBox(decorated, position: -40 * unit, thickness: 90 * unit, scale: scale)) }
        if decoration.contains(.lineThrough) { boxes.append(try Self.expectedBox(decorated, position: 530 * unit, thickness: 102 * unit, scale: scale)) }
        for box in boxes {
            #expect(box.columns.count > 40 * Int(scale))
            for y in box.rows {
                for x in box.columns { #expect(withLines.pixel(x, y).alpha == 255, "(\(x), \(y)) at scale \(scale) is not fully inked") }
            }
        }
        var changed = 0
        for y in 0..<withLines.height {
            for x in 0..<withLines.width where withLines.pixel(x, y) != without.pixel(x, y) {
                changed += 1
                #expect(boxes.contains { $0.rows.contains(y) && $0.columns.contains(x) }, "(\(x), \(y)) changed outside the lines at scale \(scale)")
            }
        }
        #expect(changed > 0)
        // The underline lies below the baseline, the strikeout above it.
        let baselineRow = Int((decorated.baseline(of: decorated.lines[0]) * scale).rounded())
        if decoration == .underline { #expect(boxes[0].rows.lowerBound >= baselineRow) }
        if decoration == .lineThrough { #expect(boxes[0].rows.upperBound < baselineRow) }
    }

    @Test("a decoration line is in its run's colour")
    func colour() throws {
        let canvas = try RasterRenderer.render(try Self.scene(.underline, attributes: ["color": "#ff0000"]), options: RenderOptions(scale: 2))
        let box = try Self.expectedBox(try Self.scene(.underline), position: -40 * 20.0 / 2048, thickness: 90 * 20.0 / 2048, scale: 2)
        for y in box.rows {
            for x in box.columns { #expect(canvas.pixel(x, y) == RGBAColor(red: 255, green: 0, blue: 0)) }
        }
    }

    /// The `<rect>`s of `svg` after its glyphs (the background's has no x), as [x, y, width, height].
    static func rects(_ svg: String) throws -> [[Double]] {
        let pattern = try NSRegularExpression(pattern: #"<rect x="([-0-9.e]+)" y="([-0-9.e]+)" width="([-0-9.e]+)" height="([-0-9.e]+)"[^>]*/>"#)
        return pattern.matches(in: svg, range: NSRange(svg.startIndex..., in: svg)).map { match in
            (1...4).compactMap { Range(match.range(at: $0), in: svg).flatMap { Double(svg[$0]) } }
        }
    }

    @Test("SVG: one rect a line, the run's advance wide, from baseline − position, as thick as the font says; in the run's colour")
    func svg() throws {
        let scene = try Self.scene([.underline, .lineThrough], attributes: ["color": "#0000ff"])
        let svg = try SVGRenderer.render(scene, options: RenderOptions(scale: 2))
        let line = scene.lines[0]
        let run = try #require(line.runs.first { $0.utf16Range == 6..<11 })
        let x = scene.lineOrigin(line) + run.x, baseline = scene.baseline(of: line), unit = 20.0 / 2048
        let expected = [[x, baseline + 40 * unit, run.width, 90 * unit], [x, baseline - 530 * unit, run.width, 102 * unit]]
        let found = try Self.rects(svg)
        #expect(found.count == 2, "\(found)")
        // The SVG writes numbers to two decimals.
        for (a, b) in zip(found, expected) { #expect(zip(a, b).allSatisfy { abs($0 - $1) <= 0.005 }, "\(a) is not \(b)") }
        #expect(svg.components(separatedBy: "fill=\"#0000ff\"/>").count - 1 >= 2, "the rects carry the run's fill")
        #expect(try Self.rects(try SVGRenderer.render(try Self.scene([]), options: RenderOptions(scale: 2))).isEmpty)
    }
}
