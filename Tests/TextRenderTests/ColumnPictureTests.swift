// Columns in pictures (writingMode vertical-rl and vertical-lr): each column's ink inside its frame, the first column of vertical-rl at the right, upright glyphs centred on the central baseline, turned runs down the column on their baseline, in PNG and SVG.
import Foundation
import Testing
import TestSupport
import TextLayout
import TextRender

// Noto Sans CJK JP at 17 px by the chromium profile: columns 25 px across (ascent 20 and descent 5,
// rounded), 17 px a character down; the central baseline down each column's middle, a turned
// run's alphabetic baseline 7.5 px left of it ((20 - 5) / 2). See VerticalTextTests.
@Suite("Column pictures")
struct ColumnPictureTests {
    static func scene(_ text: String, _ mode: WritingMode = .verticalRL, _ orientation: TextOrientation = .mixed,
                      length: Double = 84.9) throws -> RenderScene {
        var settings = TextSettings(size: 17)
        settings.profile = .chromium
        settings.writingMode = mode
        settings.textOrientation = orientation
        let prepared = try PreparedText(text, style: TextStyle(font: bundledFont("NotoSansCJKjp-Regular.otf"), settings: settings))
        return RenderScene(layout: try prepared.layout(wrapWidth: length))
    }

    static let transparent = RenderOptions(scale: 4, background: .transparent)

    /// The ink of line `index` drawn alone, in layout pixels (x0, y0, x1, y1).
    static func ink(of index: Int, in scene: RenderScene, options: RenderOptions = transparent) throws -> (x0: Double, y0: Double, x1: Double, y1: Double) {
        let box = try #require(try RasterRenderer.render(scene.keepingGlyphs(ofLine: index), options: options).inkBounds())
        let s = options.scale
        return (Double(box.x0) / s, Double(box.y0) / s, Double(box.x1) / s, Double(box.y1) / s)
    }

    @Test("the picture is as wide as the block and as tall as the column length; each column's ink lies inside its frame",
          arguments: [WritingMode.verticalRL, .verticalLR])
    func inkInsideColumns(_ mode: WritingMode) throws {
        let scene = try Self.scene("日本語の文章です。縦に書く", mode)
        #expect(scene.width == 100 && scene.height == 84.9)  // four columns of 25 px, 84.9 px long
        for (index, line) in scene.lines.enumerated() {
            let frame = try #require(scene.layout.columnFrame(of: line))
            let ink = try Self.ink(of: index, in: scene)
            #expect(ink.x0 >= frame.x && ink.x1 <= frame.x + frame.width, "column \(index): \(ink) across \(frame)")
            #expect(ink.y0 >= frame.y && ink.y1 <= frame.y + frame.length, "column \(index): \(ink) down \(frame)")
        }
    }

    @Test("the first column of vertical-rl is drawn at the right, of vertical-lr at the left")
    func firstColumnSide() throws {
        let rl = try Self.scene("日本語の文章です。"), lr = try Self.scene("日本語の文章です。", .verticalLR)
        #expect(try Self.ink(of: 0, in: rl).x0 > Self.ink(of: 1, in: rl).x1)
        #expect(try Self.ink(of: 0, in: rl).x0 >= 50)
        #expect(try Self.ink(of: 0, in: lr).x1 < Self.ink(of: 1, in: lr).x0)
        #expect(try Self.ink(of: 0, in: lr).x1 <= 25)
    }

    // 口 and 田 are drawn symmetric about the em's middle in Noto Sans CJK JP (their ink 1.50 px
    // from either side of the 17 px em, from the glyphs' bounds): their ink is centred on the
    // central baseline. Chromium 156 paints 口田 upright with the ink's middle 0.13 px left of
    // ours at 17 px and 0.01 px at 40 px (its hinting; see docs/profiles.md).
    @Test("upright glyphs' ink is centred on the central baseline within a pixel, one glyph below the other", arguments: [1.0, 4.0])
    func uprightCentred(_ scale: Double) throws {
        let scene = try Self.scene("口田口田", .verticalRL, .upright, length: 200)
        let frame = try #require(scene.layout.columnFrame(of: scene.lines[0]))
        let ink = try Self.ink(of: 0, in: scene, options: RenderOptions(scale: scale, background: .transparent))
        #expect(abs((ink.x0 + ink.x1) / 2 - frame.center) <= 1 / scale + 1e-9, "\(ink) about \(frame.center)")
        // Four characters of 17 px down from 0: the ink within the 68 px, most of it.
        #expect(ink.y0 >= 0 && ink.y0 < 3 && ink.y1 <= 68 && ink.y1 > 65, "\(ink)")
    }

    // `HHHH` turned: the letters sit on the baseline (their ink from x 5, the baseline, across to
    // 5 + the cap height, 733 units: 12.46 px) and run 4 advances down the column (Chromium 156
    // paints them from 5.0 to 17.5 px across and 1.75 to 47.75 px down at 4 device pixels a
    // pixel, as ours does; see docs/profiles.md).
    @Test("a turned Latin word's ink runs down the column, its letters on their baseline, ascent to the right", arguments: [TextOrientation.sideways, .mixed])
    func sidewaysRunsDown(_ orientation: TextOrientation) throws {
        let scene = try Self.scene("HHHH", .verticalRL, orientation, length: 120)
        let line = scene.lines[0]
        let frame = try #require(scene.layout.columnFrame(of: line))
        let run = try #require(line.runs.first)
        #expect(!run.isUpright)
        let baseline = scene.layout.sidewaysBaseline(of: run, in: frame)
        #expect(baseline == 5)
        let ink = try Self.ink(of: 0, in: scene)
        #expect(abs(ink.x0 - 5) <= 0.25 && abs(ink.x1 - 17.5) <= 0.25, "\(ink)")
        #expect(ink.y1 - ink.y0 > 3 * (ink.x1 - ink.x0), "\(ink)")
        #expect(ink.y0 < 3 && abs(ink.y1 - run.width) < 3, "\(ink) of \(run.width)")
    }

    @Test("SVG: a turned run's glyphs are rotated a quarter turn, upright ones are not; the picture's size is the block's by the columns' length")
    func svg() throws {
        let scene = try Self.scene("漢字abc", .verticalRL, .mixed, length: 120)
        let svg = try SVGRenderer.render(scene, options: RenderOptions())
        #expect(svg.contains("width=\"25\" height=\"120\""))
        let uses = svg.split(separator: "\n").filter { $0.hasPrefix("<use") }
        #expect(uses.count == 5)
        #expect(uses.filter { $0.contains("rotate(90)") }.count == 3)
        // The upright glyphs' pen on the central baseline at 12.5, their offset -8.5: x 4; down 0 and 17, less the offset -14.96.
        #expect(uses[0].contains("translate(4 14.96)") && uses[1].contains("translate(4 31.96)"), "\(uses)")
        // The turned run on its baseline at 5, from 34 px down.
        #expect(uses[2].contains("translate(5 34)"), "\(uses)")
    }

    @Test("a turned run's underline runs down the column, left of its baseline by the font's underline position")
    func sidewaysUnderline() throws {
        var settings = TextSettings(size: 17)
        settings.profile = .chromium
        settings.writingMode = .verticalRL
        let spans = [StyledSpan(range: 0..<4, decoration: .underline)]
        let prepared = try PreparedText("HHHH", style: TextStyle(font: bundledFont("NotoSansCJKjp-Regular.otf"), settings: settings), spans: spans)
        let scene = RenderScene(layout: try prepared.layout(wrapWidth: 120))
        let plain = try RasterRenderer.render(try Self.scene("HHHH", .verticalRL, .mixed, length: 120), options: Self.transparent)
        let underlined = try RasterRenderer.render(scene, options: Self.transparent)
        let run = scene.lines[0].runs[0]
        let rect = try #require(run.decorationLineRects.first)
        // Below the baseline in the run's frame is left of it in the column: from 5 - maxY to 5 - y.
        let x0 = Int(((5 - rect.maxY) * 4).rounded()), x1 = max(x0 + 1, Int(((5 - rect.y) * 4).rounded()))
        for y in stride(from: 4, to: Int(run.width * 4) - 4, by: 7) {
            for x in x0..<x1 {
                #expect(underlined.pixel(x, y).alpha == 255 && plain.pixel(x, y).alpha == 0, "(\(x), \(y))")
            }
        }
    }

    // An editor of 4 lines' height (minLines) around 2 columns, insets top 4, left 10, bottom 14,
    // right 6: the box turned is 4 + 4 × 25 + 14 = 118 px wide and its editor width, 120, tall.
    @Test("an editor's box is turned: its top inset on the block's start side, its left one above the columns; vertical-rl's block at the right",
          arguments: [(WritingMode.verticalRL, [89.0, 64]), (.verticalLR, [4.0, 29])])
    func editorBox(_ mode: WritingMode, _ lefts: [Double]) throws {
        var settings = TextSettings(size: 17)
        settings.profile = .chromium
        settings.writingMode = mode
        let prepared = try PreparedText("日本語の文章です。", style: TextStyle(font: bundledFont("NotoSansCJKjp-Regular.otf"), settings: settings))
        let sizing = EditorSizing(minLines: 4, insets: EdgeInsets(top: 4, left: 10, bottom: 14, right: 6))
        let scene = RenderScene(editor: try prepared.measureEditor(editorWidth: 120, sizing: sizing), sizing: sizing, editorWidth: 120)
        #expect(scene.width == 118 && scene.height == 120)
        // Columns 104 px long (120 less the side insets): 日本語の文章 and です。.
        let frames = try scene.lines.map { try #require(scene.column(of: $0)) }
        #expect(frames.map(\.x) == lefts && frames.allSatisfy { $0.y == 10 })
        for index in scene.lines.indices {
            let ink = try Self.ink(of: index, in: scene)
            #expect(ink.x0 >= frames[index].x && ink.x1 <= frames[index].x + 25 && ink.y0 >= 10 && ink.y1 <= 114, "\(ink)")
        }
    }

    @Test("the debug overlay draws each column's box in blue and its central baseline in red, down the column")
    func overlay() throws {
        let scene = try Self.scene("日本語の文章です。")
        let canvas = try RasterRenderer.render(scene, options: RenderOptions(scale: 1, background: .white, debug: true))
        // The second column's central baseline at 37.5: the overlay's red line in the pixel column
        // 37, below the column's end (51 px, its break marks at 52 and 53) and above the length
        // limit (84.9, the last row).
        let red = canvas.pixel(37, 70)
        #expect(red.red > 200 && red.green < 60 && red.blue < 60, "\(red)")
        // The first column's box (blue) at its left edge, x 50, below its last character.
        let blue = canvas.pixel(50, 66)
        #expect(blue.blue > 200 && blue.red < 60, "\(blue)")
    }

    // 漢, a 10 × 12 object (baseline: its middle on the central baseline, 12 px from its column's
    // left edge) and 字 fill 46 px of a 60 px column; 字 and a 16 × 20 object aligned top (its right
    // edge at the column's) the second. Columns of 25 px: under vertical-rl the first at 25 to 50,
    // under vertical-lr at 0 to 25 (docs/profiles.md, "Inline objects in columns").
    @Test("an inline object's outline stands in its column where the layout puts it, in PNG and SVG",
          arguments: [(WritingMode.verticalRL, [32.0, 9.0]), (.verticalLR, [7.0, 34.0])])
    func inlineObjects(_ mode: WritingMode, _ lefts: [Double]) throws {
        var settings = TextSettings(size: 17)
        settings.profile = .chromium
        settings.writingMode = mode
        let objects = [InlineObject(width: 10, height: 12), InlineObject(width: 16, height: 20, align: .top)]
        let prepared = try PreparedText("漢\u{FFFC}字字\u{FFFC}", style: TextStyle(font: bundledFont("NotoSansCJKjp-Regular.otf"), settings: settings),
                                        inlineObjects: objects)
        let scene = RenderScene(layout: try prepared.layout(wrapWidth: 60))
        let frames = scene.layout.inlineObjectFrames
        #expect(frames.map(\.rect.x) == lefts && frames.map(\.rect.y) == [17, 17] && frames.map(\.line) == [0, 1])
        #expect(frames.map(\.rect.width) == [10, 16] && frames.map(\.rect.height) == [12, 20])
        let canvas = try RasterRenderer.render(scene, options: RenderOptions(scale: 2, background: .transparent))
        let gray = RGBAColor(red: 128, green: 128, blue: 128, alpha: 255)
        for frame in frames {
            let x0 = Int(frame.rect.x * 2), y0 = Int(frame.rect.y * 2)
            let x1 = Int((frame.rect.x + frame.rect.width) * 2) - 1, y1 = Int((frame.rect.y + frame.rect.height) * 2) - 1
            for (x, y) in [(x0, (y0 + y1) / 2), (x1, (y0 + y1) / 2), ((x0 + x1) / 2, y0), ((x0 + x1) / 2, y1)] {
                #expect(canvas.pixel(x, y) == gray, "\(mode) object \(frame.index)'s outline at (\(x), \(y))")
            }
        }
        let svg = try SVGRenderer.render(scene, options: RenderOptions(scale: 2))
        let n = RenderScene.decimal
        for frame in frames {
            // Half a device pixel in, as a line's outlines are drawn.
            #expect(svg.contains("x=\"\(n(frame.rect.x + 0.25))\" y=\"\(n(frame.rect.y + 0.25))\" width=\"\(n(frame.rect.width - 0.5))\" height=\"\(n(frame.rect.height - 0.5))\""),
                    "\(mode) object \(frame.index)")
        }
    }
}
