// The README's editor example, run: the numbers it prints in the README must be the ones the model gives.
import Testing
import TextEditing
import TextLayout

@Suite("README example")
struct ReadmeExampleTests {
    @Test("the Swift session of 'The editor model' gives the README's numbers")
    func readmeSession() throws {
        var configuration = EditorConfiguration(font: try FontContext.shared.defaultFont(), size: 17, width: 240,
                                                sizing: EditorSizing(maxLines: 3, lineSpace: 2))
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
        #expect(snapshot.caretRect == Rect(x: 0, y: 43.578125, width: 1, height: 19.7890625))
        #expect(snapshot.counter == "37/40")
        #expect(editor.paste("and this paste would go over the limit") == .rejected)
        #expect(throws: EditorError.self) { try editor.moveCaret(toUTF16Offset: 99) }
    }
}
