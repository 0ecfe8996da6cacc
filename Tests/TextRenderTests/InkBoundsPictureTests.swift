// The ink bounds the engine reports hold what `render` draws: in pictures of corpus texts every inked pixel lies within a pixel of the reported box, and the box touches ink on each side.
import Foundation
import Testing
import TextLayout
import TextRender
import TestSupport

@Suite("Ink bounds in pictures")
struct InkBoundsPictureTests {
    /// A sample across scripts: marks above and below (Thai, Devanagari, Vietnamese), Arabic
    /// descenders, colour emoji, CJK, Latin.
    static let languages = ["th", "hi", "ar", "emoji", "ja", "zh", "en", "vi"]

    /// How far, in device pixels, the outermost inked pixels' centres lie past a box's edges (left,
    /// top, right, bottom): positive outside the box, negative inside it. Every inked pixel lies
    /// within a pixel of the box when none is above 1, and the box touches ink on each side when
    /// none is below −1. (A pixel is inked by any coverage: the edge of an outline at x inks the
    /// pixel around it, whose centre is within half a pixel of x, and pens are snapped to a
    /// quarter pixel; a colour picture's edges are rounded to whole pixels.)
    static func edgeGaps(ink: (x0: Int, y0: Int, x1: Int, y1: Int), box: LayoutRect, scale: Double) -> [Double] {
        [box.x * scale - (Double(ink.x0) + 0.5), box.y * scale - (Double(ink.y0) + 0.5),
         Double(ink.x1) - 0.5 - box.maxX * scale, Double(ink.y1) - 0.5 - box.maxY * scale]
    }

    /// Checks line `index` of `scene` and each of its runs, each drawn alone at `scale`, against the
    /// layout's ink bounds placed in the picture; returns how many boxes it compared.
    static func checkLine(_ index: Int, of scene: RenderScene, insets: EdgeInsets, scale: Double, _ what: String) throws -> Int {
        let layout = scene.layout
        let line = layout.lines[index]
        let runs = layout.glyphRuns(of: line)
        var boxes: [(name: String, box: LayoutRect?, picture: RenderScene)] = [("line \(index)", layout.inkBounds(of: line), scene.keepingGlyphs(ofLine: index))]
        for (k, run) in runs.enumerated() {
            boxes.append(("line \(index) run \(k)", layout.inkBounds(of: run, on: line), scene.keepingGlyphs(ofLine: index, run: k)))
        }
        for (name, box, picture) in boxes {
            let canvas = try RasterRenderer.render(picture, options: RenderOptions(scale: scale, background: .transparent))
            let ink = canvas.inkBounds()
            guard let box else {
                #expect(ink == nil, "\(what), \(name): no ink reported, but the picture has some")
                continue
            }
            let drawn = try #require(ink, "\(what), \(name): ink reported at \(box), none drawn")
            let gaps = edgeGaps(ink: drawn, box: box.offsetBy(dx: insets.left, dy: insets.top), scale: scale)
            #expect(gaps.allSatisfy { abs($0) <= 1 }, "\(what), \(name): the outermost inked pixels are \(gaps) px past the box's (left, top, right, bottom)")
        }
        return boxes.count
    }

    @Test("each line's and run's ink box holds its pixels within a pixel and touches them on each side", arguments: languages, [1.0, 2.0])
    func corpus(_ language: String, scale: Double) throws {
        var compared = 0
        for text in try CorpusTexts.texts(language, spreadTo: 5) {
            for width in [120.0, 240.0] {
                let sizing = EditorSizing(lineSpace: 2, insets: EdgeInsets(top: 5, left: 7, bottom: 5, right: 7))
                let (scene, measurement) = try editorScene(text, font: CorpusTexts.fonts[language]!, size: 17, width: width, sizing: sizing)
                guard measurement.height * scale < Double(RenderScene.maximumPixelSide) else { continue }
                for index in measurement.layout.lines.indices {
                    compared += try Self.checkLine(index, of: scene, insets: sizing.insets, scale: scale, "\(language) at \(width) px \(text.prefix(30).debugDescription)")
                }
            }
        }
        #expect(compared > 20)
    }

    @Test("the layout's ink box holds the whole picture's ink, decoration lines included", arguments: [1.0, 1.5, 2.0])
    func wholeLayout(_ scale: Double) throws {
        let text = "Underlined ก้ำ words, struck नमस्ते 👍🏽 and both عربي.\n\nA last line."
        let spans = [StyledSpan(range: 0..<10, decoration: .underline), StyledSpan(range: 21..<35, decoration: .lineThrough),
                     StyledSpan(range: 45..<53, attributes: ["color": "#c00000"], decoration: [.underline, .lineThrough])]
        let insets = EdgeInsets(top: 3, left: 4, bottom: 3, right: 4)
        let prepared = try PreparedText(text, style: TextStyle(font: bundledFont("DejaVuSans.ttf")), spans: spans)
        let measurement = try prepared.measureEditor(editorWidth: 190, sizing: EditorSizing(insets: insets))
        let scene = RenderScene(editor: measurement, sizing: EditorSizing(insets: insets), editorWidth: 190)
        let canvas = try RasterRenderer.render(scene, options: RenderOptions(scale: scale, background: .transparent))
        let box = try #require(measurement.layout.inkBounds)
        let gaps = Self.edgeGaps(ink: try #require(canvas.inkBounds()), box: box.offsetBy(dx: insets.left, dy: insets.top), scale: scale)
        #expect(gaps.allSatisfy { abs($0) <= 1 }, "the outermost inked pixels are \(gaps) px past the box's")
        // The runs' decoration lines are part of their ink, and the empty line has none.
        let decorated = measurement.layout.lines.flatMap { line in line.runs.filter { !$0.decoration.isEmpty } }
        #expect(decorated.count >= 3)
        var compared = 0
        for index in measurement.layout.lines.indices {
            compared += try Self.checkLine(index, of: scene, insets: insets, scale: scale, "decorated text at scale \(scale)")
        }
        #expect(compared > measurement.layout.lineCount)
        #expect(measurement.layout.lines.contains { $0.utf16Range.isEmpty && measurement.layout.inkBounds(of: $0) == nil })
    }
}
