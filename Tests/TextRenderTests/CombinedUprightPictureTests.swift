// Text combined upright in pictures: the unit's row drawn across the column on one baseline inside the em it takes down it, centred across, squeezed by its scaleX, in PNG and SVG.
import Foundation
import Testing
import TestSupport
import TextLayout
import TextRender

// Noto Sans CJK JP by the chromium profile: ascent 1160 and descent 288 units, rounded to whole
// pixels (20 and 5 at 17 px, 46 and 12 at 40 px); Chromium paints a combined unit's row with its
// baseline the ascent less half of (ascent + descent − em) down the unit's em: 20 − 4 = 16 px at
// 17 px, 46 − 9 = 37 px at 40 px. Its digits sit on the baseline (their ink from about 0.2 px above
// it up by the digits' height, 733 units: 12.46 px at 17 px); `12` takes the font's half widths
// (500 units each: 17 px across), `123` is squeezed by 1100/1665 to 1.1 em (18.7 px at 17 px).
@Suite("Combined upright pictures")
struct CombinedUprightPictureTests {
    static func scene(_ before: String, _ combined: String, _ after: String, size: Double = 17) throws -> RenderScene {
        var settings = TextSettings(size: size)
        settings.profile = .chromium
        settings.writingMode = .verticalRL
        var span = StyledSpan(range: before.utf16.count..<before.utf16.count + combined.utf16.count)
        span.textCombineUpright = .all
        let prepared = try PreparedText(before + combined + after, style: TextStyle(font: bundledFont("NotoSansCJKjp-Regular.otf"), settings: settings),
                                        spans: [span])
        return RenderScene(layout: try prepared.layout(wrapWidth: 10 * size))
    }

    /// The scene's combined run, its index in the first column and the column's frame.
    static func unit(of scene: RenderScene) throws -> (run: GlyphRun, index: Int, frame: ColumnFrame) {
        let line = scene.lines[0]
        let index = try #require(line.runs.firstIndex { $0.combinedScaleX != nil })
        return (line.runs[index], index, try #require(scene.column(of: line)))
    }

    /// The ink of run `index` of the first column drawn alone at 4 device pixels a pixel, in layout pixels.
    static func ink(ofRun index: Int, in scene: RenderScene) throws -> (x0: Double, y0: Double, x1: Double, y1: Double) {
        let box = try #require(try RasterRenderer.render(scene.keepingGlyphs(ofLine: 0, run: index),
                                                         options: RenderOptions(scale: 4, background: .transparent)).inkBounds())
        return (Double(box.x0) / 4, Double(box.y0) / 4, Double(box.x1) / 4, Double(box.y1) / 4)
    }

    @Test("the row's baseline down the unit: the font's box (rounded ascent and descent) centred in the em", arguments: [(17.0, 16.0), (40.0, 37.0)])
    func baseline(_ size: Double, _ expected: Double) throws {
        let scene = try Self.scene("第", "12", "回", size: size)
        #expect(scene.layout.combinedBaseline(of: try Self.unit(of: scene).run) == expected)
    }

    @Test("the ink of 12 in 第12回 lies inside the unit's em down the column, on its baseline, centred across within a pixel", arguments: [17.0, 40.0])
    func inkInsideEm(_ size: Double) throws {
        let scene = try Self.scene("第", "12", "回", size: size)
        let (run, index, frame) = try Self.unit(of: scene)
        let top = frame.y + run.x  // after 第: one em down
        #expect(abs(top - size) < 1e-9)
        let ink = try Self.ink(ofRun: index, in: scene)
        #expect(ink.y0 >= top && ink.y1 <= top + size, "\(ink) down the em from \(top)")
        // The digits stand on the baseline and are 733 units tall.
        let baseline = top + scene.layout.combinedBaseline(of: run)
        #expect(abs(ink.y1 - baseline) <= 0.5 && abs(ink.y0 - (baseline - 0.733 * size)) <= 0.75, "\(ink), baseline \(baseline)")
        // Across: side by side, the row as wide as two half-width digits' ink, centred on the centre line.
        #expect(abs((ink.x0 + ink.x1) / 2 - frame.center) <= 1, "\(ink) about \(frame.center)")
        #expect(ink.x1 - ink.x0 > 0.7 * size && ink.x1 - ink.x0 <= size, "\(ink)")
    }

    @Test("a squeezed 123 is no wider than 1.1 em across and centred on the column")
    func squeezed() throws {
        let scene = try Self.scene("第", "123", "回")
        let (run, index, frame) = try Self.unit(of: scene)
        #expect(abs(try #require(run.combinedScaleX) - 1100.0 / 1665) < 1e-12)
        let ink = try Self.ink(ofRun: index, in: scene)
        // Unsqueezed its ink would be about 27 px across (3 × 555 units less the side bearings).
        #expect(ink.x1 - ink.x0 <= 1.1 * 17 && ink.x1 - ink.x0 > 16, "\(ink)")
        #expect(abs((ink.x0 + ink.x1) / 2 - frame.center) <= 1, "\(ink) about \(frame.center)")
        #expect(ink.y0 >= frame.y + run.x && ink.y1 <= frame.y + run.x + 17, "\(ink)")
    }

    @Test("SVG: a combined unit's glyphs are not turned, stand on the row's baseline and carry the squeeze across")
    func svg() throws {
        let scene = try Self.scene("第", "123", "回")
        let (run, _, frame) = try Self.unit(of: scene)
        let svg = try SVGRenderer.render(scene, options: RenderOptions())
        let uses = svg.split(separator: "\n").filter { $0.hasPrefix("<use") }
        #expect(uses.count == 5)
        #expect(!uses.contains { $0.contains("rotate(90)") })
        // 0.017 font units a pixel, squeezed by 1100/1665 across: 0.011231.
        let digits = uses[1...3]
        #expect(digits.allSatisfy { $0.contains("scale(0.011231 -0.017)") }, "\(digits)")
        // The first digit's origin half the squeezed row (18.7 px) left of the centre line, on the baseline 17 + 16 px down.
        #expect(digits.first!.contains("translate(\(RenderScene.decimal(frame.center + run.glyphs[0].xOffset)) 33)"), "\(digits)")
        #expect(abs(run.glyphs[0].xOffset + 9.35) < 0.02)
        // The ideographs around it keep the upright scale.
        #expect(uses[0].contains("scale(0.017 -0.017)") && uses[4].contains("scale(0.017 -0.017)"))
    }
}
