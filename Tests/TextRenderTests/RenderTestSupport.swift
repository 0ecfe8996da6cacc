// Helpers for the render tests: bundled fonts, scenes from a few settings, ink scans and picture comparison with a tolerance.
import Foundation
import TextLayout
@testable import TextRender

/// A font context over the repository's Fonts/ folder only, so fallback picks the same fonts on every machine.
let bundledFonts = FontContext(fontDirectories: [FontContext.bundledFontsDirectory!], includeSystemFonts: false)

/// A font from the repository's Fonts/ folder (never a system font).
func bundledFont(_ file: String = "DejaVuSans.ttf") throws -> Font {
    guard let path = FontContext.bundledFontPath(file) else { throw TestFailure("no \(file) in Fonts/") }
    return try bundledFonts.font(path: path)
}

/// A scene of `text` in an editor, as `textlayout render` builds it.
func editorScene(_ text: String, font: String = "DejaVuSans.ttf", size: Double = 17, width: Double? = nil,
                 sizing: EditorSizing = EditorSizing(), direction: TextDirection = .auto) throws -> (scene: RenderScene, measurement: EditorMeasurement) {
    let prepared = try PreparedText(text, style: TextStyle(font: bundledFont(font), size: size, direction: direction))
    let measurement = try prepared.measureEditor(width: width, sizing: sizing)
    return (RenderScene(editor: measurement, sizing: sizing, width: width), measurement)
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A fresh empty folder under the system's temporary folder.
func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("textrender-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
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

/// Set TEXTLAYOUT_BLESS=1 to rewrite the golden pictures from the current output (never in CI).
let blessing = ProcessInfo.processInfo.environment["TEXTLAYOUT_BLESS"] == "1"

let renderGoldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Goldens/render")
