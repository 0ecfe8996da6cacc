// Helpers for the render tests: bundled fonts, scenes from a few settings, ink scans and picture comparison with a tolerance.
import Foundation
import TestSupport
import TextLayout
import TextRender

/// A font from the repository's Fonts/ folder (never a system font).
func bundledFont(_ file: String = "DejaVuSans.ttf") throws -> Font {
    guard let path = FontContext.bundledFontPath(file) else { throw TestFailure("no \(file) in Fonts/") }
    return try bundledFonts.font(path: path)
}

/// A scene of `text` in an editor, as `textlayout render` builds it.
func editorScene(_ text: String, font: String = "DejaVuSans.ttf", size: Double = 17, width: Double? = nil,
                 sizing: EditorSizing = EditorSizing(), direction: TextDirection = .auto, language: String? = nil,
                 paragraph: ParagraphStyle = ParagraphStyle()) throws -> (scene: RenderScene, measurement: EditorMeasurement) {
    let prepared = try PreparedText(text, style: TextStyle(font: bundledFont(font), settings: TextSettings(size: size, direction: direction, language: language,
                                                           paragraph: paragraph)))
    let measurement = try prepared.measureEditor(editorWidth: width, sizing: sizing)
    return (RenderScene(editor: measurement, sizing: sizing, editorWidth: width), measurement)
}

extension Canvas {
    /// Every pixel whose alpha is above `threshold` (on a transparent background: the ink).
    func inkedPixels(threshold: UInt8 = 0) -> [(x: Int, y: Int)] {
        var result: [(x: Int, y: Int)] = []
        for y in 0..<height {
            for x in 0..<width where pixels[(y * width + x) * 4 + 3] > threshold { result.append((x, y)) }
        }
        return result
    }

    /// The bounding box of the inked pixels, or nil when there is no ink.
    func inkBounds(threshold: UInt8 = 0) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        let ink = inkedPixels(threshold: threshold)
        guard !ink.isEmpty else { return nil }
        return (ink.map(\.x).min()!, ink.map(\.y).min()!, ink.map(\.x).max()! + 1, ink.map(\.y).max()! + 1)
    }
}

/// How far two pictures of the same size differ: the share of pixels with a channel off by more
/// than 40 (of 255), and the mean channel difference.
func difference(_ a: Canvas, _ b: Canvas) -> (badShare: Double, mean: Double)? {
    guard a.width == b.width, a.height == b.height else { return nil }
    var bad = 0
    var total = 0
    for p in 0..<(a.width * a.height) {
        var worst = 0
        for c in 0..<4 {
            let d = abs(Int(a.pixels[p * 4 + c]) - Int(b.pixels[p * 4 + c]))
            worst = max(worst, d)
            total += d
        }
        if worst > 40 { bad += 1 }
    }
    let pixels = Double(a.width * a.height)
    return (Double(bad) / pixels, Double(total) / (pixels * 4))
}

let renderGoldens = goldensDirectory.appendingPathComponent("render")

/// The inked pixels of `canvas` (drawn on a transparent background) that lie outside every line's
/// box grown by its fonts' overhang. A line's box reaches from its pen origin to its advance
/// (hanging whitespace included) and from its top to its bottom; each font's `head` bbox may
/// reach past that: above the line's ascent, below its descent, left of the pen and right of an
/// advance.
func inkOutsideLineBoxes(_ scene: RenderScene, canvas: Canvas, scale: Double) -> [(x: Int, y: Int)] {
    let boxes = scene.lines.map { line -> (x0: Double, y0: Double, x1: Double, y1: Double) in
        let advance = line.runs.reduce(0) { $0 + $1.width }
        let runs = line.runs.map { ($0.content.textFont, $0.size) }
        let fonts = runs.isEmpty ? [(scene.layout.prepared.style.font, scene.layout.prepared.style.settings.size)] : runs
        let over = fonts.map { overhang($0.0, size: $0.1, line: line) }
        let (left, right) = (over.map(\.left).max()!, over.map(\.right).max()!)
        let (up, down) = (over.map(\.up).max()!, over.map(\.down).max()!)
        let origin = scene.lineOrigin(line)
        return ((origin - left) * scale, (scene.top(of: line) - up) * scale,
                (origin + advance + right) * scale, (scene.top(of: line) + line.height + down) * scale)
    }
    return canvas.inkedPixels().filter { p in
        !boxes.contains { Double(p.x) + 1 > $0.x0 && Double(p.x) < $0.x1 && Double(p.y) + 1 > $0.y0 && Double(p.y) < $0.y1 }
    }
}

/// How far a font's `head` bbox reaches past a line's box at `size`: above the line's ascent,
/// below its descent, left of the pen and right of an advance. A font of bitmap strikes (colour
/// emoji) has no outline bbox: its pictures fill the em box, so one pixel is allowed around it.
private func overhang(_ font: Font, size: Double, line: Line) -> (up: Double, down: Double, left: Double, right: Double) {
    let unit = size / Double(font.metrics.unitsPerEm)
    let bbox = font.boundingBox
    let ascent = line.baseline - line.top, descent = line.height - ascent
    guard bbox.yMax > bbox.yMin, bbox.xMax > bbox.xMin else { return (1, 1, 1, 1) }
    return (max(0, Double(bbox.yMax) * unit - ascent), max(0, -Double(bbox.yMin) * unit - descent),
            max(0, -Double(bbox.xMin) * unit), max(0, Double(bbox.xMax) * unit))
}
