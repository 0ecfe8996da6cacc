// FormattableTextView's bugs (SEEDS.md), each shown fixed, and random masked sessions that keep the model's invariants.
import Testing
import TextEditing
import TextLayout
import TestSupport

@Suite("Masks: FormattableTextView's bugs fixed")
struct MaskBugTests {
    @Test("bug fixed: a character right after a stripped literal is validated", arguments: [
        ("12.ab", "dd.dd"), ("12.3x", "dd.dd"), ("+7(91a", phone), ("+7(912)-", phone),
    ])
    func characterAfterLiteralValidated(_ paste: String, _ format: String) throws {
        let editor = try makeMaskedEditor([format])
        #expect(editor.paste(paste) == .rejected)
        #expect(editor.text == "")
    }

    @Test("bug fixed: d accepts only the ASCII digits 0-9", arguments: [
        ("\u{663}", false),   // ARABIC-INDIC DIGIT THREE
        ("\u{969}", false),   // DEVANAGARI DIGIT THREE
        ("\u{FF13}", false),  // FULLWIDTH DIGIT THREE
        ("\u{2463}", false),  // CIRCLED DIGIT FOUR
        ("3\u{20E3}", false), // keycap 3: a digit with a combining mark is not a digit
        ("3", true), ("0", true), ("9", true),
    ])
    func asciiDigitsOnly(_ character: String, _ accepted: Bool) throws {
        let editor = try makeMaskedEditor(["dd.dd"])
        #expect(editor.insert(character) == (accepted ? .accepted : .rejected))
        #expect(editor.text == (accepted ? character : ""))
    }

    @Test("bug fixed: a paste with spaces or parentheses goes in, in lenient mode", arguments: [
        ("(912) 345-67-89", "9123456789"), ("912 345 67 89", "9123456789"), ("+7 (912) 345 67 89", "9123456789"),
        ("tel: 912-345", "912345"),
    ])
    func lenientPaste(_ paste: String, _ text: String) throws {
        let editor = try makeMaskedEditor([phone], mode: .lenient)
        #expect(editor.paste(paste) == .truncated)
        #expect(editor.text == text)
        #expect(editor.displayText == editor.formattedText)
    }

    @Test("bug fixed: deleting in a mixed mask (dd-ww) is never refused", arguments: Array(0...4))
    func mixedMaskDeletion(_ caret: Int) throws {
        let editor = try makeMaskedEditor(["dd-ww"], appearance: .whole, text: "12ab")
        try editor.moveCaret(toUTF16Offset: caret)
        #expect(editor.deleteBackward() == .accepted)
        #expect(editor.text.count == (caret == 0 ? 4 : caret <= 2 ? 1 : 3), "letters that would land in a digit slot go")
        #expect(editor.checkInvariants() == [])
        try editor.moveCaret(toUTF16Offset: 0)
        #expect(editor.deleteForward() == .accepted)
        #expect(editor.checkInvariants() == [])
    }

    @Test("bug fixed: an emoji in a * slot keeps offsets and the caret right")
    func emojiInAnySlot() throws {
        let editor = try makeMaskedEditor(["**-dd"], appearance: .whole)
        #expect(editor.insert("👍🏽") == .accepted)
        #expect(editor.snapshot.caret == 4, "UTF-16 offsets of the typed text")
        #expect(editor.displayText == "👍🏽_-__")
        #expect(editor.snapshot.caretRect.x == displayX(editor, 4), "after the emoji, on the slot character")
        #expect(editor.insert("a") == .accepted)
        #expect(editor.insert("1") == .accepted)
        #expect(editor.displayText == "👍🏽a-1_")
        #expect(editor.snapshot.caretRect.x == displayX(editor, 7))
        try editor.moveCaret(toUTF16Offset: 4)
        #expect(editor.snapshot.caretRect.x == displayX(editor, 4))
        #expect(editor.deleteBackward() == .accepted)
        #expect(editor.text == "a1")
        #expect(editor.displayText == "a1-__", "1 fits the * slot: it moves up")
        try editor.select(fromUTF16Offset: 0, to: 2)
        #expect(editor.snapshot.selectionRects.count == 1)
        #expect(throws: EditorError.self) { try editor.moveCaret(toUTF16Offset: 3) }
    }

    @Test("bug fixed: the displayed text never drifts from formattedText", arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func noDrift(_ seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        let appearance = MaskAppearance.allCases[Int(seed) % 3]
        let mode: MaskMode = seed % 2 == 0 ? .lenient : .strict
        let editor = try makeMaskedEditor([phone, "dd-ww", "**-dd dd"], appearance: appearance, mode: mode)
        let pieces = ["9", "1", "a", "b", "-", "(", ")", " ", "👍🏽", "+7(912)", "345-67", "\u{663}", "x9"]
        for step in 0..<150 {
            let length = editor.text.utf16.count
            switch Int.random(in: 0..<9, using: &random) {
            case 0, 1, 2: editor.insert(pieces.randomElement(using: &random)!)
            case 3: editor.paste((0..<Int.random(in: 1...4, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined())
            case 4: editor.deleteBackward(Int.random(in: 1...2, using: &random))
            case 5: editor.deleteForward()
            case 6: try editor.select(fromUTF16Offset: Int.random(in: 0...length, using: &random), to: Int.random(in: 0...length, using: &random))
            case 7: editor.tap(x: Double.random(in: -5...200, using: &random), y: 5)
            default: editor.moveCaret(CaretMovement.allCases.randomElement(using: &random)!, extendingSelection: Bool.random(using: &random))
            }
            let snapshot = editor.snapshot
            #expect(editor.checkInvariants() == [], "seed \(seed) step \(step)")
            #expect(snapshot.displayText == snapshot.formattedText, "seed \(seed) step \(step)")
        }
    }
}
