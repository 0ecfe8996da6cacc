// The stream scenario: a 20 KB answer appended in 4,000 pieces, the editor's height measured after each, against one full layout of the whole answer.
import Foundation
import TextLayout

struct StreamScenario {
    let jobs: [BenchJob]
    let rounds: Int
    static let width = 320.0
    static let kilobytes = 20
    static let pieceCount = 4000
    /// A paragraph break after every this many corpus texts, as an answer's paragraphs.
    static let textsPerParagraph = 4

    /// The texts the answer is made of: the first font's distinct texts, each once, then again
    /// from the first when they hold fewer than ``kilobytes`` KB.
    func answerTexts() -> [String] {
        let texts = distinctTexts(jobs)
        var chosen: [String] = []
        var bytes = 0
        while bytes < Self.kilobytes * 1000 {
            chosen.append(texts[chosen.count % texts.count])
            bytes += chosen[chosen.count - 1].utf8.count + 1
        }
        return chosen
    }

    /// About ``kilobytes`` KB of ``answerTexts()`` in the first job's style, joined by spaces
    /// with a paragraph break after every ``textsPerParagraph`` of them.
    func answer() -> (String, TextStyle) {
        var text = ""
        for (count, next) in answerTexts().enumerated() {
            if count > 0 { text += count % Self.textsPerParagraph == 0 ? "\n" : " " }
            text += next
        }
        return (text, jobs[0].style)
    }

    /// `text` cut into `count` pieces of about the same number of characters (never inside a
    /// grapheme cluster), in order.
    static func pieces(of text: String, count: Int) -> [String] {
        let characters = Array(text)
        return (0..<count).map { k in String(characters[k * characters.count / count..<(k + 1) * characters.count / count]) }
    }

    /// Appends each of `pieces` to an empty text (``PreparedText/appending(_:)``), the layout
    /// brought up to date and the editor's height measured after each; returns the final layout.
    static func stream(_ pieces: [String], style: TextStyle) throws -> Layout {
        var prepared = try PreparedText("", style: style)
        var layout = try prepared.layout(wrapWidth: width, lineSpace: 2, glyphRuns: false)
        let sizing = EditorSizing(lineSpace: 2)
        var height = 0.0
        for piece in pieces {
            let (edited, edit) = try prepared.appending(piece)
            layout = try layout.updated(for: edited, after: edit)
            height += try layout.measureEditor(editorWidth: width, sizing: sizing).height
            prepared = edited
        }
        if height.isNaN { print("") }  // keeps the heights alive
        return layout
    }

    /// The scenario's line: `stream 20KB in 4000 pieces: 2.1 x one full layout`.
    static func line(seconds: Double, fullLayout: Double) -> String {
        String(format: "stream %dKB in %d pieces: %.1f x one full layout", kilobytes, pieceCount, seconds / fullLayout)
    }

    func run() throws {
        let (text, style) = answer()
        let pieces = Self.pieces(of: text, count: Self.pieceCount)
        print("answer: \(text.utf8.count) bytes of \(Set(answerTexts()).count) distinct texts, \(text.split(separator: "\n").count) paragraphs, appended in \(pieces.count) pieces "
              + "at \(Int(Self.width)) px through PreparedText.appending, the height measured after each; the caches emptied before each round")
        var streams: [Double] = []
        var fulls: [Double] = []
        for round in 0...rounds {
            style.font.context?.clearShapingCaches()
            let start = DispatchTime.now().uptimeNanoseconds
            let streamed = try Self.stream(pieces, style: style)
            let streaming = seconds(since: start)
            // One full layout of the answer, prepared anew in the cache state the stream left (a
            // space added, so that it is a text never seen, not a prepared-text cache hit).
            let fullStart = DispatchTime.now().uptimeNanoseconds
            let fresh = try PreparedText(text + " ", style: style).layout(wrapWidth: Self.width, lineSpace: 2, glyphRuns: false)
            let full = seconds(since: fullStart)
            if fresh.lineCount < streamed.lineCount { print("") }  // keeps both alive
            guard round > 0 else { continue }  // the first round warms up
            streams.append(streaming)
            fulls.append(full)
            print(String(format: "round %d: %.6f s for %d pieces", round - 1, streaming, pieces.count))
        }
        let stream = streams.sorted()[streams.count / 2]
        let full = fulls.sorted()[fulls.count / 2]
        print(String(format: "median %.2f ms for the stream, %.1f us a piece; one full layout %.2f ms", stream * 1e3,
                     stream / Double(pieces.count) * 1e6, full * 1e3))
        print(Self.line(seconds: stream, fullLayout: full))
    }
}
