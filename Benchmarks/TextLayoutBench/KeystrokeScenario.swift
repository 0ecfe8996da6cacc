// The keystroke scenario: a sentence typed character by character into 10 KB and 100 KB multi-paragraph texts, against laying the whole text out again in the same cache state.
import Foundation
import TextLayout

/// Times for one place of the caret, in seconds.
struct TypingTimes {
    /// Each keystroke that typed a letter, space or punctuation: the edit and the layout's update.
    var characters: [Double] = []
    /// Each keystroke that typed a newline (splitting a paragraph).
    var newlines: [Double] = []
    /// A full layout (prepared anew, laid out) of texts the typing made, each never seen before, in
    /// the cache state the typing left.
    var fullLayouts: [Double] = []
    /// The word cache's misses during the typing: the keystrokes that shaped.
    var wordCacheMisses = 0
}

struct KeystrokeScenario {
    let jobs: [BenchJob]
    let rounds: Int
    static let width = 320.0
    /// What is typed: a sentence, no character twice in a row, newlines among them. Each round
    /// types it into a fresh copy of the text, its caches emptied first.
    static let typing = "Sure, I can bring the maps.\nWait for me by the old bridge at one?\nJ."

    /// The sizes of text typed into, in kilobytes.
    static let kilobytes = [10, 100]

    /// About `kilobytes` KB of the jobs' own texts, one a paragraph, in the first job's style: each
    /// distinct text once, then again from the first when they hold fewer bytes.
    func longText(kilobytes: Int) -> (String, TextStyle) {
        var texts: [String] = []
        var seen = Set<TextInStyle>()
        for job in jobs where job.style.font === jobs[0].style.font && seen.insert(TextInStyle(job)).inserted { texts.append(job.text) }
        var text = ""
        var bytes = 0
        for next in (0...).lazy.map({ texts[$0 % texts.count] }) {
            text += (text.isEmpty ? "" : "\n") + next
            bytes += next.utf8.count + 1
            if bytes >= kilobytes * 1000 { break }
        }
        return (text, jobs[0].style)
    }

    /// A keystroke case's line: `keystroke middle 10KB: 12.3 us = 0.45% of the full layout`.
    static func caseLine(_ place: String, kilobytes: Int, keystroke: Double, fullLayout: Double) -> String {
        String(format: "keystroke %@ %dKB: %.1f us = %.2f%% of the full layout", place, kilobytes, keystroke * 1e6, 100 * keystroke / fullLayout)
    }

    /// The UTF-16 offset of the first space at or after the middle of `text`: the caret in the
    /// middle of a paragraph, between two words (or the end when there is no space).
    static func middle(of text: String) -> Int {
        let units = Array(text.utf16)
        return units[(units.count / 2)...].firstIndex(of: 0x20) ?? units.count
    }

    /// Types ``typing`` at `caret` into `text`, timing each keystroke, then times a full layout of
    /// every fourth text it made. The caches are emptied first and the text prepared and laid
    /// out, as an editor showing it would have done.
    static func type(into text: String, style: TextStyle, at caret: Int) throws -> TypingTimes {
        var times = TypingTimes()
        let fonts = style.font.context
        fonts?.clearShapingCaches()
        var prepared = try PreparedText(text, style: style)
        var layout = try prepared.layout(wrapWidth: width, lineSpace: 2, glyphRuns: false)
        var caret = caret
        var typedTexts: [String] = []
        let missesBefore = fonts?.shapeCache.statistics.misses ?? 0
        for (index, character) in typing.enumerated() {
            let key = String(character)
            let start = DispatchTime.now().uptimeNanoseconds
            let (edited, edit) = try prepared.replacingCharacters(inUTF16: caret..<(caret), with: key)
            layout = try layout.updated(for: edited, after: edit)
            let elapsed = seconds(since: start)
            if character == "\n" { times.newlines.append(elapsed) } else { times.characters.append(elapsed) }
            prepared = edited
            caret += key.utf16.count
            if index % 4 == 3 { typedTexts.append(edited.text) }
        }
        times.wordCacheMisses = (fonts?.shapeCache.statistics.misses ?? 0) - missesBefore
        for typed in typedTexts {
            let start = DispatchTime.now().uptimeNanoseconds
            let fresh = try PreparedText(typed, style: style)
            _ = try fresh.layout(wrapWidth: width, lineSpace: 2, glyphRuns: false)
            times.fullLayouts.append(seconds(since: start))
        }
        return times
    }

    func run() throws {
        var middles: [Int: Double] = [:]
        for kilobytes in Self.kilobytes { middles[kilobytes] = try run(kilobytes: kilobytes) }
        if let small = middles[Self.kilobytes[0]], let large = middles[Self.kilobytes[1]] {
            print(String(format: "keystroke middle %dKB / %dKB = %.2f", Self.kilobytes[1], Self.kilobytes[0], large / small))
        }
    }

    /// Types into a text of `kilobytes` KB at its end and in its middle, printing each place's
    /// figures and the case lines; returns the median keystroke in the middle, in seconds.
    func run(kilobytes: Int) throws -> Double {
        let (text, style) = longText(kilobytes: kilobytes)
        var middle = 0.0
        let lineCount = try PreparedText(text, style: style).layout(wrapWidth: Self.width, lineSpace: 2, glyphRuns: false).lineCount
        print("text: \(text.utf8.count) bytes, \(text.split(separator: "\n").count) paragraphs, \(lineCount) lines at \(Int(Self.width)) px; "
              + "typing \(Self.typing.count) keystrokes, each round into a fresh copy with the caches emptied")
        func median(_ samples: [Double]) -> Double { samples.sorted()[samples.count / 2] }
        for (place, caret) in [("end", text.utf16.count), ("middle", Self.middle(of: text))] {
            var all = TypingTimes()
            _ = try Self.type(into: text, style: style, at: caret)  // warm-up
            for _ in 0..<rounds {
                let times = try Self.type(into: text, style: style, at: caret)
                all.characters += times.characters
                all.newlines += times.newlines
                all.fullLayouts += times.fullLayouts
                all.wordCacheMisses += times.wordCacheMisses
            }
            let full = median(all.fullLayouts)
            print(String(format: "at the %@: full layout of the typed text %.1f us (prepared anew, word cache as the typing left it); "
                         + "%d word cache misses in %d keystrokes", place, full * 1e6, all.wordCacheMisses,
                         all.characters.count + all.newlines.count))
            for (kind, samples) in [("character", all.characters), ("newline", all.newlines)] {
                let keystroke = median(samples)
                print(String(format: "keystroke (%@) at the %@: %.1f us = %.2f%% of the full layout",
                             kind, place, keystroke * 1e6, 100 * keystroke / full))
            }
            print(Self.caseLine(place, kilobytes: kilobytes, keystroke: median(all.characters), fullLayout: full))
            if place == "middle" {
                middle = median(all.characters)
                print(Self.caseLine("newline", kilobytes: kilobytes, keystroke: median(all.newlines), fullLayout: full))
            }
        }
        return middle
    }
}
