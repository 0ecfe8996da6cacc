// The keystroke scenario: a sentence typed character by character into 10 KB, 100 KB and 1 MB documents of long and of short paragraphs (and into the middle of 10 MB of short ones), against laying the whole text out again in the same cache state.
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

/// One case of the keystroke scenario (`--keystroke-case short,middle,1000`): a document, a place and a size.
struct KeystrokeCase {
    var document: KeystrokeScenario.Document
    var place: String
    var kilobytes: Int

    /// Reads `DOCUMENT,PLACE,KB`: `short` or `long`, `end` or `middle`, a size in KB; nil otherwise.
    init?(_ argument: String) {
        let parts = argument.split(separator: ",").map(String.init)
        guard parts.count == 3, let document = ["short": KeystrokeScenario.Document.shortParagraphs,
                                                 "long": .longParagraphs][parts[0]],
              ["end", "middle"].contains(parts[1]), let kilobytes = Int(parts[2]), kilobytes > 0 else { return nil }
        self.document = document
        place = parts[1]
        self.kilobytes = kilobytes
    }
}

struct KeystrokeScenario {
    let jobs: [BenchJob]
    let rounds: Int
    /// The one case to type in, or nil for every case.
    var only: KeystrokeCase? = nil
    static let width = 320.0
    /// What is typed: a sentence, no character twice in a row, newlines among them. Each round
    /// types it into a fresh copy of the text, its caches emptied first.
    static let typing = "Sure, I can bring the maps.\nWait for me by the old bridge at one?\nJ."

    /// The sizes of text typed into, in kilobytes.
    static let kilobytes = [10, 100, 1000]
    /// The size of the largest document, of short paragraphs only, typed into in the middle
    /// only, with one of its typed texts laid out in full a round (a full layout takes seconds).
    static let largestKilobytes = 10_000

    /// The documents typed into: the corpus's texts one a paragraph, or short paragraphs as a chat log has.
    enum Document: String, CaseIterable {
        case longParagraphs = "long paragraphs"
        case shortParagraphs = "short paragraphs"
    }

    /// The byte lengths that the short paragraphs aim at in turn (40 on average, 41 with the
    /// newline: about 24,400 paragraphs in 1 MB).
    static let shortParagraphBytes = [20, 30, 40, 50, 60]

    /// About `kilobytes` KB of `document` made of the jobs' texts in the first job's style.
    func text(_ document: Document, kilobytes: Int) -> (String, TextStyle) {
        switch document {
        case .longParagraphs: longText(kilobytes: kilobytes)
        case .shortParagraphs: shortParagraphText(kilobytes: kilobytes)
        }
    }

    /// About `kilobytes` KB of the jobs' own texts, one a paragraph, in the first job's style: each
    /// distinct text once, then again from the first when they hold fewer bytes.
    func longText(kilobytes: Int) -> (String, TextStyle) {
        let texts = distinctTexts(jobs)
        var text = ""
        var bytes = 0
        for next in (0...).lazy.map({ texts[$0 % texts.count] }) {
            text += (text.isEmpty ? "" : "\n") + next
            bytes += next.utf8.count + 1
            if bytes >= kilobytes * 1000 { break }
        }
        return (text, jobs[0].style)
    }

    /// About `kilobytes` KB of the words of the jobs' distinct texts, in order (again from the
    /// first when they hold fewer bytes), in paragraphs of whole words that each fill up to the
    /// next of ``shortParagraphBytes`` (at least one word), as the messages of a chat log.
    func shortParagraphText(kilobytes: Int) -> (String, TextStyle) {
        let words = distinctTexts(jobs).flatMap { $0.split(whereSeparator: { $0 == " " || $0 == "\n" }) }
        var paragraphs: [String] = []
        var paragraph = ""
        var bytes = 0
        for word in (0...).lazy.map({ words[$0 % words.count] }) {
            let target = Self.shortParagraphBytes[paragraphs.count % Self.shortParagraphBytes.count]
            if !paragraph.isEmpty, paragraph.utf8.count + 1 + word.utf8.count > target {
                paragraphs.append(paragraph)
                bytes += paragraph.utf8.count + 1
                paragraph = ""
                if bytes >= kilobytes * 1000 { break }
            }
            paragraph += (paragraph.isEmpty ? "" : " ") + word
        }
        return (paragraphs.joined(separator: "\n"), jobs[0].style)
    }

    /// `10KB` for 10, `1MB` for 1000.
    static func sizeName(kilobytes: Int) -> String {
        kilobytes >= 1000 && kilobytes % 1000 == 0 ? "\(kilobytes / 1000)MB" : "\(kilobytes)KB"
    }

    /// A keystroke case's line: `keystroke middle 10KB: 12.3 us = 0.45% of the full layout (short paragraphs)`.
    static func caseLine(_ place: String, kilobytes: Int, keystroke: Double, fullLayout: Double, document: Document) -> String {
        String(format: "keystroke %@ %@: %.1f us = %.2f%% of the full layout (%@)", place, sizeName(kilobytes: kilobytes),
               keystroke * 1e6, 100 * keystroke / fullLayout, document.rawValue)
    }

    /// The line of a larger text's keystroke in the middle against the smallest's:
    /// `keystroke middle 1MB / 10KB = 1.52 (short paragraphs)`.
    static func ratioLine(kilobytes: Int, to smallest: Int, _ ratio: Double, document: Document) -> String {
        String(format: "keystroke middle %@ / %@ = %.2f (%@)", sizeName(kilobytes: kilobytes), sizeName(kilobytes: smallest), ratio, document.rawValue)
    }

    /// The UTF-16 offset of the first space at or after the middle of `text`: the caret in the
    /// middle of a paragraph, between two words (or the end when there is no space).
    static func middle(of text: String) -> Int {
        let units = Array(text.utf16)
        return units[(units.count / 2)...].firstIndex(of: 0x20) ?? units.count
    }

    /// Types ``typing`` at `caret` into `text`, timing each keystroke, then times a full layout of
    /// every `fullLayoutEvery`-th text it made. The caches are emptied first and the text
    /// prepared and laid out, as an editor showing it would have done.
    static func type(into text: String, style: TextStyle, at caret: Int, fullLayoutEvery: Int = 4) throws -> TypingTimes {
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
            let edited = try typeOneKey(key, at: caret, into: prepared, layout: &layout)
            let elapsed = seconds(since: start)
            if character == "\n" { times.newlines.append(elapsed) } else { times.characters.append(elapsed) }
            prepared = edited
            caret += key.utf16.count
            if index % fullLayoutEvery == fullLayoutEvery - 1 { typedTexts.append(edited.text) }
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

    /// One keystroke: `key` typed at UTF-16 offset `caret` of `prepared`, and `layout` brought up
    /// to date; returns the edited text. Never inlined, so that callgrind can count keystrokes alone.
    @inline(never)
    static func typeOneKey(_ key: String, at caret: Int, into prepared: PreparedText, layout: inout Layout) throws -> PreparedText {
        let (edited, edit) = try prepared.replacingCharacters(inUTF16: caret..<(caret), with: key)
        layout = try layout.updated(for: edited, after: edit)
        return edited
    }

    func run() throws {
        if let only {
            print("document: \(only.document.rawValue)")
            _ = try run(kilobytes: only.kilobytes, document: only.document, places: [only.place])
            return
        }
        for document in Document.allCases {
            print("document: \(document.rawValue)")
            var middles: [Int: Double] = [:]
            for kilobytes in Self.kilobytes { middles[kilobytes] = try run(kilobytes: kilobytes, document: document) }
            var sizes = Self.kilobytes
            if document == .shortParagraphs {
                middles[Self.largestKilobytes] = try run(kilobytes: Self.largestKilobytes, document: document, places: ["middle"],
                                                         fullLayoutEvery: Self.typing.count)
                sizes.append(Self.largestKilobytes)
            }
            let smallest = Self.kilobytes[0]
            for kilobytes in sizes.dropFirst() {
                if let small = middles[smallest], let large = middles[kilobytes] {
                    print(Self.ratioLine(kilobytes: kilobytes, to: smallest, large / small, document: document))
                }
            }
        }
    }

    /// Types into `document` of `kilobytes` KB at its end and in its middle (or at `places`
    /// only), printing each place's figures and the case lines; returns the median keystroke in
    /// the middle, in seconds.
    func run(kilobytes: Int, document: Document, places: [String] = ["end", "middle"], fullLayoutEvery: Int = 4) throws -> Double {
        let (text, style) = self.text(document, kilobytes: kilobytes)
        var middle = 0.0
        let lineCount = try PreparedText(text, style: style).layout(wrapWidth: Self.width, lineSpace: 2, glyphRuns: false).lineCount
        print("text: \(text.utf8.count) bytes, \(text.split(separator: "\n").count) paragraphs, \(lineCount) lines at \(Int(Self.width)) px; "
              + "typing \(Self.typing.count) keystrokes, each round into a fresh copy with the caches emptied")
        func median(_ samples: [Double]) -> Double { samples.sorted()[samples.count / 2] }
        for (place, caret) in [("end", text.utf16.count), ("middle", Self.middle(of: text))] where places.contains(place) {
            var all = TypingTimes()
            _ = try Self.type(into: text, style: style, at: caret, fullLayoutEvery: fullLayoutEvery)  // warm-up
            for _ in 0..<rounds {
                let times = try Self.type(into: text, style: style, at: caret, fullLayoutEvery: fullLayoutEvery)
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
            print(Self.caseLine(place, kilobytes: kilobytes, keystroke: median(all.characters), fullLayout: full, document: document))
            if place == "middle" {
                middle = median(all.characters)
                print(Self.caseLine("newline", kilobytes: kilobytes, keystroke: median(all.newlines), fullLayout: full, document: document))
            }
        }
        return middle
    }
}
