// Runs the chat example of docs/swift.md (a family list at weight 700 and 15 px with inline objects, and its composer) as the page writes it, and holds its answers to a layout made the long way.
import Foundation
import Testing
import TestSupport
import TextEditing
import TextLayout

@Suite("The chat example of docs/swift.md")
struct ChatExampleTests {
    /// The heading of the example's section in docs/swift.md, and the lines of this file that
    /// hold the example as the page writes it (between the two markers, 8 spaces indented).
    static let section = "A chat message and its composer"
    static let exampleStart = "// The example of docs/swift.md, \"\(section)\", as written there:"
    static let exampleEnd = "// End of the example."

    @Test("the example runs: the bubble is a direct layout's, the objects sit in their lines, the composer measures the same")
    func chatExample() throws {
        let fonts = bundledFonts  // the README's FontContext.shared, with the bundled fonts only
        // The example of docs/swift.md, "A chat message and its composer", as written there:
        let chatStyle = try TextStyle(familyList: "Inter, Noto Sans, sans-serif", weight: 700, size: 15, in: fonts)
        let chatText = "Lunch with \u{FFFC} at noon? \u{FFFC}"
        let chatObjects = [InlineObject(width: 64, height: 22, align: .middle),   // the mention chip, centred on the text
                           InlineObject(width: 20, height: 20)]                   // the custom emoji, on the baseline
        let chat = try PreparedText(chatText, style: chatStyle, inlineObjects: chatObjects)
        let bubble = try chat.layout(wrapWidth: 180)
        print(bubble.lineCount, bubble.contentHeight, chat.warnings)    // the skipped families are warnings
        for frame in bubble.inlineObjectFrames { print(frame.index, frame.line, frame.rect) }    // where to draw each object

        // The composer: the same list, size and objects; it measures what the bubble measures.
        let composer = try EditorModel(configuration: EditorConfiguration(
            fonts: chatStyle.fonts, settings: LayoutSettings(text: chatStyle.settings, editorWidth: 180),
            text: chatText, inlineObjects: chatObjects))
        print(composer.snapshot.lineCount, composer.snapshot.contentHeight)    // the bubble's
        // End of the example.

        // The style: the list loaded at weight 700, the families the bundled fonts lack skipped.
        let list = try fonts.fonts(familyList: "Inter, Noto Sans, sans-serif", weight: 700)
        #expect(chatStyle.fonts == list && chatStyle.settings == TextSettings(size: 15))
        #expect(list.skippedFamilies == ["Inter", "Noto Sans"] && chat.warnings.count == 2)
        #expect(list.primary.familyName == "DejaVu Sans" && list.primary.styleName == "Bold")

        // The bubble is the layout of the same text prepared the long way, and the initializers
        // without a style prepare the same.
        let direct = try PreparedText(chatText, style: TextStyle(fonts: list, settings: TextSettings(size: 15)),
                                      inlineObjects: chatObjects).layout(wrapWidth: 180)
        #expect(bubble == direct)
        #expect(try PreparedText(chatText, fonts: list, size: 15, inlineObjects: chatObjects).layout(wrapWidth: 180) == direct)
        #expect(try PreparedText(chatText, font: list.primary, size: 15, inlineObjects: chatObjects).layout(wrapWidth: 180)
            == (try PreparedText(chatText, style: TextStyle(font: list.primary, settings: TextSettings(size: 15)),
                                 inlineObjects: chatObjects).layout(wrapWidth: 180)))

        // Its lines, checked against the font's own numbers (hhea: ascender 1901, descender 483 of
        // 2048 units; no line gap). The chip ends the first line: after it, " at" does not fit in
        // 180 px. The chip, 22 px with its middle half the x-height above the baseline, reaches
        // past both the text's ascent and its descent, so its line is 22 px; the emoji stands
        // 20 px on the baseline, over the descent.
        let bold = list.primary
        #expect(bold.metrics.ascender == 1901 && bold.metrics.descender == -483 && bold.metrics.lineGap == 0)
        let chipAbove = (22 + bold.metrics.scale(size: 15) * Double(bold.xHeight)) / 2
        #expect(chipAbove > bold.metrics.ascent(size: 15) && 22 - chipAbove > bold.metrics.descent(size: 15))
        let unwrapped = try chat.layout()
        #expect(unwrapped.lineCount == 1 && unwrapped.lines[0].width > 180)
        let frames = bubble.inlineObjectFrames
        #expect(frames.map(\.index) == [0, 1] && frames.map(\.line) == [0, 1])
        #expect(frames[0].rect.x + frames[0].rect.width + (try penAdvance(" at", chatStyle)) > 180)
        #expect(bubble.lines.map(\.utf16Range.lowerBound) == [0, 13])
        let emojiLineHeight: Double = 20 + bold.metrics.descent(size: 15)
        #expect(bubble.lines.map(\.height) == [22, emojiLineHeight])
        var top = 0.0
        for line in bubble.lines {
            #expect(line.width <= 180 && line.top == top)
            top += line.height
        }
        #expect(bubble.contentHeight == top)

        // The objects: each of its own size, inside its line's box, after the pen advance of its
        // line's text before it (that text shaped alone).
        let objectOffsets = chatText.utf16.indices.filter { chatText.utf16[$0] == 0xFFFC }.map { chatText.utf16.distance(from: chatText.utf16.startIndex, to: $0) }
        for (frame, offset) in zip(frames, objectOffsets) {
            let object = chatObjects[frame.index]
            let line = bubble.lines[frame.line]
            #expect(line.utf16Range.contains(offset))
            #expect(frame.rect.width == object.width && frame.rect.height == object.height)
            #expect(frame.rect.y >= line.top && frame.rect.y + frame.rect.height <= line.top + line.height)
            let utf16 = chatText.utf16
            let before = String(utf16[utf16.index(utf16.startIndex, offsetBy: line.utf16Range.lowerBound)..<utf16.index(utf16.startIndex, offsetBy: offset)])!
            let advance = try penAdvance(before, chatStyle)
            #expect(abs(frame.rect.x - advance) < 1e-9, "object \(frame.index) at \(frame.rect.x), its text before advances \(advance)")
        }

        // The composer measures the bubble: its lines, height and objects (no insets: the same frames).
        let snapshot = composer.snapshot
        #expect(snapshot.lineCount == bubble.lineCount && snapshot.contentHeight == bubble.contentHeight)
        #expect(composer.inlineObjectFrames == frames)
        #expect(composer.inlineObjects == chatObjects && composer.configuration.fonts == list)
    }

    /// How far the pen moves over `text` shaped alone in `style`: its glyphs' advances, trailing spaces included.
    func penAdvance(_ text: String, _ style: TextStyle) throws -> Double {
        let layout = try PreparedText(text, style: style).layout()
        return layout.lines.flatMap { layout.glyphRuns(of: $0) }.flatMap(\.glyphs).reduce(0) { $0 + $1.advance }
    }

    @Test("the example run here is the one docs/swift.md shows, line for line")
    func exampleIsThePages() throws {
        let section = try Documentation.section(Self.section, in: "docs/swift.md")
        let page = try #require(section.firstMatch(of: /```swift\n([\s\S]*?)```/), "no swift block under '\(Self.section)'").1
            .split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        let source = try String(contentsOfFile: #filePath, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(source.firstIndex { $0.trimmingCharacters(in: .whitespaces) == Self.exampleStart })
        let end = try #require(source[start...].firstIndex { $0.trimmingCharacters(in: .whitespaces) == Self.exampleEnd })
        let run = source[(start + 1)..<end].map { $0.hasPrefix("        ") ? String($0.dropFirst(8)) : String($0) }
        #expect(run == page)
    }
}
