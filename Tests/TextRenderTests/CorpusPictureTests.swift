// The "done when": pictures of the batch corpus's texts keep every glyph's ink inside the measured lines.
import Foundation
import Testing
import TextLayout
@testable import TextRender

@Suite("Corpus pictures")
struct CorpusPictureTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Benchmarks/Corpus")

    /// The primary font of each corpus language, as Benchmarks/Corpus/make_jobs.py names them, in Fonts/.
    static let fonts: [String: String] = [
        "en": "DejaVuSans.ttf", "fr": "DejaVuSans.ttf", "de": "DejaVuSans.ttf", "vi": "DejaVuSans.ttf",
        "ru": "DejaVuSans.ttf", "el": "DejaVuSans.ttf", "emoji": "DejaVuSans.ttf",
        "ar": "NotoSansArabic-Regular.ttf", "he": "NotoSansHebrew-Regular.ttf", "th": "NotoSansThai-Regular.ttf",
        "hi": "NotoSansDevanagari-Regular.ttf", "zh": "NotoSansCJKsc-Regular.otf", "ja": "NotoSansCJKjp-Regular.otf",
        "ko": "NotoSansCJKkr-Regular.otf",
    ]

    /// Texts per language: a sample by default, every text with TEXTLAYOUT_CORPUS_PICTURES=all.
    static var textsPerLanguage: Int {
        ProcessInfo.processInfo.environment["TEXTLAYOUT_CORPUS_PICTURES"] == "all" ? Int.max : 6
    }

    /// The corpus texts of `language` (one a line, `\n`, `\t` and `\\` escaped), spread over the file.
    static func texts(_ language: String) throws -> [String] {
        let file = corpus.appendingPathComponent(language + ".txt")
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
        let step = max(1, lines.count / min(textsPerLanguage, lines.count))
        return stride(from: 0, to: lines.count, by: step).prefix(textsPerLanguage).map { lines[$0] }.map { line in
            var out = ""
            var escaped = false
            for ch in line {
                if escaped {
                    out += ch == "n" ? "\n" : ch == "t" ? "\t" : ch == "\\" ? "\\" : "\\" + String(ch)
                    escaped = false
                } else if ch == "\\" {
                    escaped = true
                } else {
                    out.append(ch)
                }
            }
            return escaped ? out + "\\" : out
        }
    }

    @Test("every glyph's ink stays inside the measured lines (up to its font's overhang)", arguments: fonts.keys.sorted())
    func corpusLanguage(_ language: String) throws {
        var checked = 0
        for text in try Self.texts(language) {
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
