// Random editing sessions (seeded, so repeatable): after every event the invariants hold and the height is a fresh measurement.
import Testing
import TextEditing
import TextLayout
import TestSupport

@Suite("Random sessions")
struct RandomSessionTests {
    /// Pieces that stress grapheme and line handling: combining marks, CRLF halves, surrogate pairs, spaces.
    static let pieces = ["a", "word ", "e", "\u{301}", "\r", "\n", "\r\n", "𝔸", "\u{2028}", "  ", "longerword", "\t", "ß", "x\u{308}"]

    @Test("invariants and fresh heights after every event", arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func randomSession(_ seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        let clock = ManualClock()
        let editor = try makeEditor(width: 120, clock: clock) {
            $0.settings.sizing = EditorSizing(minLines: 1, maxLines: 4, lineSpace: 1)
            $0.placeholder = "Say something"
            $0.maxLength = 30
            $0.lengthPolicy = seed % 2 == 0 ? .reject : .truncate
            $0.secure = seed % 3 == 0
            $0.liveValidation = minimumLength(4)
            $0.activeOnEditing = true
        }
        for step in 0..<200 {
            let length = editor.text.utf16.count
            switch Int.random(in: 0..<11, using: &random) {
            case 0, 1, 2: editor.insert(Self.pieces.randomElement(using: &random)!)
            case 3: editor.paste((0..<Int.random(in: 1...6, using: &random)).map { _ in Self.pieces.randomElement(using: &random)! }.joined())
            case 4: editor.deleteBackward(Int.random(in: 0...3, using: &random))
            case 5: editor.deleteForward(Int.random(in: 0...2, using: &random))
            case 6: try editor.moveCaret(toUTF16Offset: Int.random(in: 0...length, using: &random))
            case 7: try editor.select(fromUTF16Offset: Int.random(in: 0...length, using: &random), to: Int.random(in: 0...length, using: &random))
            case 8: editor.setFocused(Bool.random(using: &random))
            case 9: try clock.advance(by: Double.random(in: 0...0.7, using: &random)); editor.tick()
            default: if Int.random(in: 0..<4, using: &random) == 0 { editor.setEnabled(!editor.isEnabled) } else { try editor.setEditorWidth(Double.random(in: 60...300, using: &random)) }
            }
            #expect(editor.checkInvariants() == [], "seed \(seed) step \(step)")
            let snapshot = editor.snapshot
            let fresh = try PreparedText(snapshot.displayText, font: dejaVu(), size: 17)
                .measureEditor(editorWidth: editor.editorWidth, sizing: editor.configuration.settings.sizing)
            #expect(snapshot.height == fresh.height, "seed \(seed) step \(step)")
            #expect(snapshot.lineCount == fresh.lineCount, "seed \(seed) step \(step)")
            #expect(snapshot.counter == "\(editor.text.count)/30")
            #expect(editor.text.count <= 30, "user edits never pass the limit")
            #expect(snapshot.caret == editor.text.utf16.distance(from: editor.text.startIndex, to: editor.caretIndex))
            #expect(snapshot.caretRect.y + snapshot.caretRect.height <= snapshot.contentHeight + 1e-9)
        }
    }
}
