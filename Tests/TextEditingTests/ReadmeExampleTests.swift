// The editor examples of docs/editor.md, run: the numbers they print there must be the ones the model gives.
import Testing
import TextEditing
import TextLayout

@Suite("docs/editor.md examples")
struct ReadmeExampleTests {
    @Test("the Swift session of docs/editor.md gives the numbers it prints")
    func readmeSession() throws {
        var configuration = EditorConfiguration(font: try FontContext.shared.defaultFont(),
                                                settings: LayoutSettings(editorWidth: 240, sizing: EditorSizing(maxLines: 3, lineSpace: 2)))
        configuration.placeholder = "What's up?"
        configuration.helperText = "Be kind"
        configuration.maxLength = 40
        configuration.liveValidation = { text, complete in  // may also answer later; stale answers are dropped
            complete(text.count >= 3 ? .success : .failure(message: "Too short"))
        }
        let clock = ManualClock()  // SystemClock() in an app
        let editor = try EditorModel(configuration: configuration, clock: clock)

        editor.setFocused(true)
        editor.insert("Hi")
        try clock.advance(by: 0.5)
        editor.tick()  // the debounced live validation runs
        #expect(editor.snapshot.state == .error)
        #expect(editor.snapshot.helperText == "Be kind - Too short")

        editor.insert(" there! This wraps onto a new line\n")
        let snapshot = editor.snapshot
        #expect(snapshot.lineCount == 3)
        #expect(snapshot.height == 63.3671875)
        #expect(snapshot.caretRect == LayoutRect(x: 0, y: 43.578125, width: 1, height: 19.7890625))
        #expect(snapshot.counter == "37/40")
        #expect(editor.paste("and this paste would go over the limit") == .rejected)
        #expect(throws: EditorError.self) { try editor.moveCaret(toUTF16Offset: 99) }
    }

    @Test("the masked field of docs/editor.md gives the texts and carets it prints")
    func readmeMaskedField() throws {
        var phone = EditorConfiguration(font: try FontContext.shared.defaultFont(), settings: LayoutSettings(editorWidth: 240))
        phone.mask = InputMask(format: "+7(ddd)ddd-dd-dd", appearance: .whole, slotCharacters: ["d": "_"], mode: .lenient)
        let field = try EditorModel(configuration: phone)
        #expect(field.paste("(912) 345") == .truncated)
        #expect(field.text == "912345" && field.displayText == "+7(912)345-__-__")
        try field.moveCaret(toUTF16Offset: 3)
        #expect(abs(field.snapshot.caretRect.x - 70.77) < 0.01)
        field.deleteBackward()
        #expect(field.text == "91345" && field.formattedText == "+7(913)45_-__-__")
        #expect(field.snapshot.caret == 2)
        #expect(abs(field.snapshot.caretRect.x - 53.32) < 0.01)
        field.moveCaret(.right)
        #expect(field.snapshot.caret == 3)
        field.tap(x: 0, y: 5)
        #expect(field.snapshot.caret == 0)
        #expect(abs(field.snapshot.caretRect.x - 31.69) < 0.01, "after the prefix")
        try field.select(fromUTF16Offset: 1, to: 4)
        let rects = field.snapshot.selectionRects.map { (($0.x * 100).rounded() / 100, ($0.maxX * 100).rounded() / 100) }
        #expect(rects.map(\.0) == [42.51, 70.77] && rects.map(\.1) == [64.14, 81.59])
    }

    @Test("the chat input with custom emoji of docs/editor.md gives the counts and heights it prints")
    func readmeInlineObjects() throws {
        var chat = EditorConfiguration(font: try FontContext.shared.defaultFont(), settings: LayoutSettings(editorWidth: 200))
        chat.text = "Nice \u{FFFC}"
        chat.inlineObjects = [InlineObject(width: 20, height: 20)]
        let composer = try EditorModel(configuration: chat)
        try composer.insertInlineObject(InlineObject(width: 32, height: 32, align: .middle))
        composer.insert(" work\u{FFFC}")
        #expect(composer.text == "Nice \u{FFFC}\u{FFFC} work")
        #expect(composer.text.unicodeScalars.count == 12 && composer.inlineObjects.count == 2)
        // The middle object: (32 + x-height 9.296875) / 2 above the baseline, the rest below; the
        // 20 px one on the baseline; the line is their union, 32 px.
        #expect(composer.snapshot.height == 32)
        #expect(composer.inlineObjectFrames.map(\.rect.width) == [20, 32])
        composer.deleteBackward(6)
        #expect(composer.text == "Nice \u{FFFC}")
        // The 20 px object on the baseline over the text's descent: 20 + 483 × 17 / 2048.
        #expect(composer.inlineObjects.count == 1 && composer.snapshot.height == 20 + 483.0 * 17 / 2048)
        #expect(composer.snapshot.height == 24.00927734375)
    }

    @Test("the Japanese composition of docs/editor.md gives the ranges, texts and heights it prints")
    func readmeComposition() throws {
        var input = EditorConfiguration(font: try FontContext.shared.defaultFont(), settings: LayoutSettings(editorWidth: 120))
        input.text = "今日は"
        let field = try EditorModel(configuration: input)
        try field.setMarkedText("にほん", selectedRange: 3..<3)
        #expect(field.snapshot.markedRange == 3..<6 && field.counter == nil)
        try field.setMarkedText("日本語を話します", selectedRange: 0..<8)
        let composing = field.snapshot.height
        #expect(field.snapshot.lineCount == 2)
        field.unmarkText()
        #expect(field.text == "今日は日本語を話します" && field.snapshot.height == composing)
        field.deleteWordBackward()
        #expect(field.text != "今日は日本語を話します")
        field.undo()
        #expect(field.text == "今日は日本語を話します")
        field.undo()
        #expect(field.text == "今日は")
        field.selectWord(at: field.text.startIndex)
        #expect(field.snapshot.selection.lowerBound == 0 && !field.snapshot.selection.isEmpty)
    }
}
