// The "done when": pictures of the batch corpus's texts keep every glyph's ink inside the measured lines.
import Foundation
import Testing
import TextLayout
import TextRender
import TestSupport

@Suite("Corpus pictures")
struct CorpusPictureTests {
    /// Texts per language: a sample by default, every text with TEXTLAYOUT_CORPUS_PICTURES=all.
    static var textsPerLanguage: Int {
        ProcessInfo.processInfo.environment["TEXTLAYOUT_CORPUS_PICTURES"] == "all" ? Int.max : 6
    }

    static let fonts = CorpusTexts.fonts

    @Test("every glyph's ink stays inside the measured lines (up to its font's overhang)", arguments: fonts.keys.sorted())
    func corpusLanguage(_ language: String) throws {
        var checked = 0
        for text in try CorpusTexts.texts(language, spreadTo: Self.textsPerLanguage) {
            for width in [120.0, 240.0, 360.0] {  // make_jobs.py's widths
                let sizing = EditorSizing(lineSpace: 2)
                let (scene, _) = try editorScene(text, font: Self.fonts[language]!, size: 17, width: width, sizing: sizing)
                // The picture is cut at 16,384 px; long texts at 120 px are drawn at a smaller scale.
                let scale = min(1, Double(RenderScene.maximumPixelSide) / scene.height)
                let canvas = try RasterRenderer.render(scene, options: RenderOptions(scale: scale, background: .transparent))
                let outside = inkOutsideLineBoxes(scene, canvas: canvas, scale: scale)
                #expect(outside.count == 0, "\(language) at \(width) px: \(outside.count) inked pixels outside the lines of \(text.prefix(40).debugDescription)")
                // The overlay only adds marks; it draws for every text too.
                _ = try RasterRenderer.render(scene, options: RenderOptions(scale: scale, debug: true))
                checked += 1
            }
        }
        #expect(checked > 0)
    }
}
