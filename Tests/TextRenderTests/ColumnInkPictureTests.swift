// Ink and decoration lines in columns against what `render` draws: each column's and run's ink box holds its pixels within a pixel and touches them on each side (upright, turned, combined, decorated; vertical-rl and vertical-lr), and the decoration lines stand where Chromium draws them.
import Foundation
import Testing
import TestSupport
import TextLayout
import TextRender

// Noto Sans CJK JP at 17 px by the chromium profile: a column 25 px across (ascent 1160 and descent
// 288 units, rounded: 20 and 5), its central baseline at 12.5, a turned run's alphabetic baseline
// (20 − 5) / 2 = 7.5 px left of it, at 5; underline position −125 and thickness 50 units
// (−2.125 and 0.85 px); strikeout thickness 50 units (0.85 px).
@Suite("Column ink pictures")
struct ColumnInkPictureTests {
    static func scene(_ text: String, _ mode: WritingMode, language: String? = nil, spans: [StyledSpan] = [],
                      orientation: TextOrientation = .mixed, length: Double = 90) throws -> RenderScene {
        var settings = TextSettings(size: 17, language: language)
        settings.profile = .chromium
        settings.writingMode = mode
        settings.textOrientation = orientation
        let prepared = try PreparedText(text, style: TextStyle(font: bundledFont("NotoSansCJKjp-Regular.otf"), settings: settings), spans: spans)
        return RenderScene(layout: try prepared.layout(wrapWidth: length))
    }

    static func combined(_ range: Range<Int>) -> StyledSpan {
        var span = StyledSpan(range: range)
        span.textCombineUpright = .all
        return span
    }

    /// Texts of each kind a column draws: upright ideographs, a turned Latin run, a unit combined
    /// upright, decorated upright and turned runs (its lines part of the ink), Japanese and not.
    static let cases: [(name: String, text: String, language: String?, spans: [StyledSpan], orientation: TextOrientation)] = [
        ("upright", "口田日本語の文章です。", nil, [], .mixed),
        ("upright Latin", "Upright", nil, [], .upright),
        ("turned", "縦Hello, type!書き", nil, [], .mixed),
        ("combined", "第12回と平成31年", nil, [combined(1..<3), combined(7..<9)], .mixed),
        ("decorated", "下線Under線と取消Struck線", "zh", [StyledSpan(range: 0..<7, decoration: .underline), StyledSpan(range: 8..<16, decoration: [.underline, .lineThrough])], .mixed),
        ("decorated ja", "下線Under線と取消Struck線", "ja", [StyledSpan(range: 0..<7, decoration: .underline), StyledSpan(range: 8..<16, decoration: .lineThrough)], .mixed),
    ]

    @Test("each column's and run's ink box holds its pixels within a pixel and touches them on each side",
          arguments: [WritingMode.verticalRL, .verticalLR], [1.0, 2.0])
    func inkAgainstPixels(_ mode: WritingMode, scale: Double) throws {
        var compared = 0
        for example in Self.cases {
            let scene = try Self.scene(example.text, mode, language: example.language, spans: example.spans, orientation: example.orientation)
            #expect(scene.lines.count >= 2, "\(example.name): several columns")
            for index in scene.lines.indices {
                compared += try InkBoundsPictureTests.checkLine(index, of: scene, insets: .zero, scale: scale, "\(example.name) \(mode) at scale \(scale)")
            }
            // The whole result's ink is the columns' union and holds the whole picture.
            let canvas = try RasterRenderer.render(scene, options: RenderOptions(scale: scale, background: .transparent))
            let box = try #require(scene.layout.inkBounds)
            let gaps = InkBoundsPictureTests.edgeGaps(ink: try #require(canvas.inkBounds()), box: box, scale: scale)
            #expect(gaps.allSatisfy { abs($0) <= 1 }, "\(example.name): the picture's outermost inked pixels are \(gaps) px past the layout's ink")
        }
        #expect(compared > 30)
    }

    @Test("a turned run's ink is its glyphs turned: as wide across as its glyphs are tall, as long down as its advance")
    func turnedInkShape() throws {
        let scene = try Self.scene("HHHH", .verticalLR)
        let line = scene.layout.lines[0], run = try #require(scene.layout.glyphRuns(of: line).first)
        #expect(run.isTurnedInColumn)
        let ink = try #require(scene.layout.inkBounds(of: run, on: line))
        // H stands on the baseline (x 5) up to its cap height (733 units, 12.46 px) to the right.
        #expect(abs(ink.x - 5) < 0.01 && abs(ink.maxX - (5 + 17 * 0.733)) < 0.05, "\(ink)")
        #expect(ink.y > 0 && ink.maxY < run.width, "\(ink) down a run \(run.width) px long")
    }

    /// The decoration line rectangles of the first decorated run of the first column.
    static func decorationLines(_ language: String?, _ decoration: TextDecoration, orientation: TextOrientation) throws -> (lines: [LayoutRect], frame: ColumnFrame) {
        let scene = try Self.scene("口田HH", .verticalLR, language: language, spans: [StyledSpan(range: 0..<4, decoration: decoration)], orientation: orientation, length: 200)
        let line = scene.layout.lines[0]
        let frame = try #require(scene.layout.columnFrame(of: line))
        let run = try #require(scene.layout.glyphRuns(of: line).first { !$0.decoration.isEmpty })
        return (scene.layout.columnDecorationLineRects(of: run, in: frame), frame)
    }

    // Chromium 156 (Benchmarks/BrowserStudy/vertical_paint_vs_chromium.py --decorations) at 17 px
    // in a 25 px column: the underline 2.25 to 3.75 px from the left edge under lang="zh", 21.25
    // to 22.75 under lang="ja"; the line-through 11.0 to 12.5 under both; upright and turned
    // runs alike, in both vertical modes. Ours: the underline's top edge 2.125 px left of the
    // baseline at 5 (x 2.025 to 2.875), mirrored about 12.5 under ja (22.125 to 22.975); the
    // line-through centred 20 / 3 right of the baseline (11.242 to 12.092). Each within a pixel
    // of Chromium's.
    @Test("the underline is on the column's left, on its right under Japanese; the line-through right of the baseline; upright and turned alike",
          arguments: [TextOrientation.mixed, .upright])
    func decorationSides(_ orientation: TextOrientation) throws {
        func near(_ rect: LayoutRect, _ x0: Double, _ x1: Double) -> Bool { abs(rect.x - x0) < 1e-9 && abs(rect.maxX - x1) < 1e-9 }
        let zh = try Self.decorationLines("zh", [.underline, .lineThrough], orientation: orientation)
        #expect(zh.frame.center == 12.5 && zh.lines.count == 2)
        let baseline = 5.0, underlineTop = 2.125, thickness = 0.85, strikeCentre = baseline + 20.0 / 3
        #expect(near(zh.lines[0], baseline - underlineTop - thickness, baseline - underlineTop), "underline \(zh.lines[0])")
        #expect(near(zh.lines[1], strikeCentre - thickness / 2, strikeCentre + thickness / 2), "line-through \(zh.lines[1])")
        let ja = try Self.decorationLines("ja", [.underline, .lineThrough], orientation: orientation)
        let mirroredLeft: Double = 25 - (baseline - underlineTop)
        #expect(near(ja.lines[0], mirroredLeft, mirroredLeft + thickness), "underline \(ja.lines[0])")
        #expect(ja.lines[1] == zh.lines[1])
        let none = try Self.decorationLines(nil, .underline, orientation: orientation)
        #expect(none.lines == [zh.lines[0]])
        // Within a pixel of where Chromium draws them.
        for (rect, chromium) in [(zh.lines[0], (2.25, 3.75)), (ja.lines[0], (21.25, 22.75)), (zh.lines[1], (11.0, 12.5))] {
            #expect(rect.x >= chromium.0 - 1 && rect.maxX <= chromium.1 + 1, "\(rect) against Chromium's \(chromium)")
        }
        // Each runs down the column along its run's advance.
        for rect in zh.lines { #expect(rect.y == zh.frame.y && rect.height > 30) }
    }

    @Test("render draws the decoration lines of upright runs in PNG and SVG")
    func drawn() throws {
        let scene = try Self.scene("口田口田", .verticalLR, language: "ja", spans: [StyledSpan(range: 0..<4, decoration: .underline)], orientation: .upright, length: 100)
        let canvas = try RasterRenderer.render(scene, options: RenderOptions(scale: 4, background: .transparent))
        // The underline's pixels at 22.125 to 22.975 px, right of the glyphs' ink (口 and 田 end 1.5 px inside the em: at 21).
        let ink = try #require(canvas.inkBounds())
        #expect(ink.x1 == Int((22.975 * 4).rounded()), "\(ink)")
        let svg = try SVGRenderer.render(scene, options: RenderOptions())
        #expect(svg.contains("<rect x=\"22.13\" y=\"0\" width=\"0.85\" height=\"68\""), "\(svg.suffix(400))")
    }
}
