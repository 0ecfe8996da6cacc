// The chat input's behaviour as tests: placeholder, height clamped to [42, 200] with 8 px insets; its bugs shown fixed.
import Testing
import TextEditing
import TextLayout

@Suite("Chat input: placeholder and clamped height")
struct ChatInputTests {
    /// The chat input's sizing: 8 px around the text, height within 42...200.
    static let chatSizing = EditorSizing(insets: EdgeInsets(top: 8, left: 8, bottom: 8, right: 8), minHeight: 42, maxHeight: 200)

    @Test("bug fixed: measured 2 px wider than the editor wraps; we measure at the very wrap width")
    func measuredAtTheWrapWidth() throws {
        let text = "Are we still meeting tomorrow?"
        let single = try PreparedText(text, font: dejaVu(), size: 17).layout().widestLineWidth
        // The inner width is 1 px short of the text: it wraps. The seed's hidden Text, 2 px wider, saw one line.
        let width = single - 1 + 16
        let editor = try makeEditor(text: text, width: width) { $0.settings.sizing = Self.chatSizing }
        let seedsMeasure = try PreparedText(text, font: dejaVu(), size: 17).layout(wrapWidth: single + 1)
        #expect(seedsMeasure.lineCount == 1)
        #expect(editor.snapshot.lineCount == 2)
        #expect(editor.measurement.layout.wrapWidth == width - 16)
        #expect(editor.snapshot.height == 16 + 2 * lineHeight17)
    }

    @Test("bug fixed: the caret's empty line after a trailing newline counts",
          arguments: ["Hello\n", "Hello\r\n", "Hello\u{2028}", "\n"])
    func trailingNewline(_ text: String) throws {
        let editor = try makeEditor(width: 300) { $0.settings.sizing = Self.chatSizing }
        editor.insert(text)
        let snapshot = editor.snapshot
        #expect(snapshot.lineCount == 2)
        #expect(snapshot.height == max(42, 16 + 2 * lineHeight17))
        #expect(snapshot.caretRect.y == 8 + lineHeight17, "the caret sits on the empty last line")
        #expect(snapshot.caretRect.x == 8)
    }

    @Test("the placeholder shows while the text is empty, and its own layout is measured")
    func placeholderMeasured() throws {
        let placeholder = "What's up? Tell everyone in the room what you think."
        let editor = try makeEditor(width: 200) { $0.placeholder = placeholder }
        var snapshot = editor.snapshot
        #expect(snapshot.showsPlaceholder)
        #expect(snapshot.displayText == placeholder)
        #expect(snapshot.text == "")
        let expected = try PreparedText(placeholder, font: dejaVu(), size: 17).layout(wrapWidth: 200)
        #expect(expected.lineCount > 1)
        #expect(snapshot.lineCount == expected.lineCount)
        #expect(snapshot.height == expected.contentHeight)
        #expect(snapshot.caretRect == LayoutRect(x: 0, y: 0, width: 1, height: lineHeight17))
        editor.insert("Hi")
        snapshot = editor.snapshot
        #expect(!snapshot.showsPlaceholder)
        #expect(snapshot.displayText == "Hi")
        #expect(snapshot.lineCount == 1)
        editor.deleteBackward(2)
        #expect(editor.snapshot.showsPlaceholder)
    }

    @Test("the height is clamped to 42...200 px with 8 px insets",
          arguments: [(0, 42.0, false), (1, 42, false), (2, 16 + 2 * lineHeight17, false),
                      (9, 16 + 9 * lineHeight17, false), (10, 200, true), (20, 200, true)])
    func clampedHeight(_ lines: Int, _ height: Double, _ scrolls: Bool) throws {
        let editor = try makeEditor(width: 300) { $0.settings.sizing = Self.chatSizing; $0.placeholder = "What's up?" }
        if lines > 0 { editor.setText(Array(repeating: "line", count: lines).joined(separator: "\n")) }
        #expect(editor.snapshot.height == height)
        #expect(editor.snapshot.isScrollable == scrolls)
    }
}
