// Checks that a prepared text kept paragraph by paragraph edits, appends and relays out without building its whole text, and gives what a fresh preparation of the edited text gives.
import Foundation
import Testing
@testable import TextLayout
import TestSupport

@Suite("Text chunks")
struct TextChunksTests {
    /// Short paragraphs, as a chat log has, in several scripts (a CR LF and a lone CR among the breaks).
    static let messages = ["ok", "see you at 5?", "Профили отключены.", "שלום לכולם", "", "tabs\tthere", "😀 fine", "Ελληνικά εδώ",
                           "a somewhat longer message that wraps over two lines at least"]
    static let insertions = ["a", " ", "\n", "word ", "é", "😀", "\r\n", "ש", "\t", "\r", ""]

    func font() throws -> Font { try bundledFonts.font(path: FontContext.bundledFontPath("DejaVuSans.ttf")!) }

    /// Edits (insertions, deletions within and across paragraphs) and appends, each followed by the
    /// layout's update: none of them builds the whole text's string or bytes, and each result,
    /// read after the checks, is the edited text with a layout equal to a fresh one's.
    @Test("edits and appends build no whole text and equal a fresh preparation and layout", arguments: [UInt64(41), 42, 43, 44])
    func editsWithoutWholeText(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        let font = try font()
        let breaks = ["\n", "\r\n", "\n", "\u{2029}", "\r"]
        var text = (0..<120).map { Self.messages[$0 % Self.messages.count] + breaks[$0 % breaks.count] }.joined() + "last"
        let style = try TextStyle(font: font, settings: TextSettings(paragraph: ParagraphStyle(alignment: seed % 2 == 0 ? .justify : .start)))
        let twin = try TextStyle(font: uncachedTwin(of: font), settings: style.settings)
        var prepared = try PreparedText(text, style: style)
        var layout = try prepared.layout(wrapWidth: 120, lineSpace: 1.5, glyphRuns: seed % 2 == 0)
        for step in 0..<50 {
            let units = Array(text.utf16)
            let appends = step % 5 == 4
            var lower = appends ? units.count : Int.random(in: 0...units.count, using: &random)
            var upper = appends ? lower : min(units.count, lower + (Bool.random(using: &random) ? 0 : Int.random(in: 0...40, using: &random)))
            // On scalar boundaries.
            while lower > 0, lower < units.count, UTF16.isTrailSurrogate(units[lower]) { lower -= 1 }
            while upper < units.count, UTF16.isTrailSurrogate(units[upper]) { upper += 1 }
            let insertion = appends ? "more text " : Self.insertions.randomElement(using: &random)!
            let (edited, edit) = appends ? try prepared.appending(insertion) : try prepared.replacingCharacters(inUTF16: lower..<upper, with: insertion)
            let updated = try layout.updated(for: edited, after: edit)
            let context = "seed \(seed) step \(step): \(insertion.debugDescription) over \(lower)..<\(upper)"
            #expect(edited.flatText.isBuilt == (false, false), "the edit or the relayout built the whole text: \(context)")
            var expected = text
            expected.replaceSubrange(String.Index(utf16Offset: lower, in: text)..<String.Index(utf16Offset: upper, in: text), with: insertion)
            #expect(edited.bytes == Array(expected.utf8), "\(context)")
            #expect(edited.text == expected, "\(context)")
            let fresh = try PreparedText(expected, style: twin)
            #expect(edited.paragraphs.count == fresh.paragraphs.count, "\(context)")
            for (k, (a, b)) in zip(edited.paragraphs, fresh.paragraphs).enumerated() {
                #expect(preparedDifference(a, b) == nil, "paragraph \(k), \(context)")
            }
            let full = try fresh.layout(wrapWidth: 120, lineSpace: 1.5, glyphRuns: layout.hasGlyphRuns)
            #expect(layoutSummary(updated) == layoutSummary(full), "\(context)")
            #expect(updated.contentHeight == full.contentHeight, "\(context)")
            text = expected
            prepared = edited
            layout = updated
        }
    }

    @Test("a paragraph's bytes are read through a window indexed by text offsets, and joined they are the text")
    func windows() throws {
        let text = "first\nsecond line\r\nthird\n"
        let prepared = try PreparedText(text, style: TextStyle(font: try font()))
        let (edited, _) = try prepared.replacingCharacters(inUTF16: 6..<12, with: "2nd")
        #expect(edited.paragraphs.count == 4)
        // "first\n" is 0..<6, "2nd line\r\n" 6..<16, "third\n" 16..<22, "" 22..<22.
        let second = edited.withBytes(ofParagraphs: 1..<2) { window in (window.count, String(decoding: window[6...], as: UTF8.self)) }
        #expect(second.0 == 16 && second.1 == "2nd line\r\n")
        let two = edited.withBytes(ofParagraphs: 1..<3) { window in String(decoding: window[6...], as: UTF8.self) }
        #expect(two == "2nd line\r\nthird\n")
        #expect(edited.paragraphs.byte(at: 16) == UInt8(ascii: "t") && edited.paragraphs.byte(at: 14) == 0x0D)
        #expect(edited.withBytes(ofParagraphs: 3..<4) { $0.count } == 22)
        #expect(edited.paragraphs.joinedBytes == Array("first\n2nd line\r\nthird\n".utf8))
    }
}
