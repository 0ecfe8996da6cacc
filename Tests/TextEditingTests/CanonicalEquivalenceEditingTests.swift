// An editor told to show a canonically equivalent text ("é" as "e" + U+0301) takes it: a change of code units is a change of the text.
import Testing
import TextEditing
import TextLayout

@Suite("Editing between canonically equivalent texts")
struct CanonicalEquivalenceEditingTests {
    @Test("setText of the decomposed form over the precomposed one replaces the text and its layout")
    func setDecomposed() throws {
        let editor = try makeEditor(text: "caf\u{E9}")
        #expect(editor.snapshot.text.utf16.count == 4)
        editor.setText("cafe\u{301}")
        let snapshot = editor.snapshot
        #expect(snapshot.text.utf16.count == 5)
        #expect(snapshot.displayText.utf16.count == 5)
        #expect(snapshot.caret == 5)
        #expect(editor.measurement.layout.lines.last?.utf16Range.upperBound == 5)
        #expect(editor.checkInvariants() == [])
    }

    @Test("and back again")
    func setPrecomposed() throws {
        let editor = try makeEditor(text: "cafe\u{301}")
        editor.setText("caf\u{E9}")
        #expect(editor.snapshot.text.utf16.count == 4)
        #expect(editor.measurement.layout.lines.last?.utf16Range.upperBound == 4)
        #expect(editor.checkInvariants() == [])
    }
}
