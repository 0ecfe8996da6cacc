// FormattableTextView's behaviour as scenarios: typing, pasting and deleting in masked fields, in the three appearances.
import Testing
import TextEditing
import TextLayout

/// An editor with a mask, 300 px wide.
func makeMaskedEditor(_ formats: [String], appearance: MaskAppearance = .leftOnly, mode: MaskMode = .strict,
                      slotCharacters: [Character: Character] = [:], text: String = "",
                      _ configure: (inout EditorConfiguration) -> Void = { _ in }) throws -> EditorModel {
    try makeEditor(text: text, width: 300) {
        $0.mask = InputMask(formats: formats, appearance: appearance, slotCharacters: slotCharacters, mode: mode)
        configure(&$0)
    }
}

/// The x where the laid-out display text has its caret at a display offset.
func displayX(_ editor: EditorModel, _ offset: Int) -> Double {
    editor.measurement.layout.caretRect(forUTF16Offset: offset).x + editor.configuration.settings.sizing.insets.left
}

let phone = "+7(ddd)ddd-dd-dd"

@Suite("Masks: scenarios")
struct MaskScenarioTests {
    /// A phone number typed digit by digit: what each appearance draws after each digit, and
    /// where the caret is drawn (as a UTF-16 offset of the drawn text).
    struct TypingRow: Sendable, CustomTestStringConvertible {
        let appearance: MaskAppearance
        let shown: [(String, Int)]
        var testDescription: String { appearance.rawValue }
    }

    static let typingRows = [
        TypingRow(appearance: .leftOnly, shown: [
            ("+7(", 3), ("+7(9", 4), ("+7(91", 5), ("+7(912", 6), ("+7(912)3", 8), ("+7(912)34", 9), ("+7(912)345", 10),
            ("+7(912)345-6", 12), ("+7(912)345-67", 13), ("+7(912)345-67-8", 15), ("+7(912)345-67-89", 16)]),
        TypingRow(appearance: .leftAndRight, shown: [
            ("+7(", 3), ("+7(9", 4), ("+7(91", 5), ("+7(912)", 7), ("+7(912)3", 8), ("+7(912)34", 9), ("+7(912)345-", 11),
            ("+7(912)345-6", 12), ("+7(912)345-67-", 14), ("+7(912)345-67-8", 15), ("+7(912)345-67-89", 16)]),
        TypingRow(appearance: .whole, shown: [
            ("+7(___)___-__-__", 3), ("+7(9__)___-__-__", 4), ("+7(91_)___-__-__", 5), ("+7(912)___-__-__", 7),
            ("+7(912)3__-__-__", 8), ("+7(912)34_-__-__", 9), ("+7(912)345-__-__", 11), ("+7(912)345-6_-__", 12),
            ("+7(912)345-67-__", 14), ("+7(912)345-67-8_", 15), ("+7(912)345-67-89", 16)]),
    ]

    @Test("typing a phone number: the text holds the digits, the literals are drawn around them", arguments: typingRows)
    func typing(_ row: TypingRow) throws {
        let editor = try makeMaskedEditor([phone], appearance: row.appearance)
        let digits = Array("9123456789")
        for (k, (shown, caret)) in row.shown.enumerated() {
            if k > 0 { #expect(editor.insert(String(digits[k - 1])) == .accepted) }
            let snapshot = editor.snapshot
            #expect(snapshot.text == String(digits[..<k]))
            #expect(snapshot.caret == k)
            #expect(snapshot.displayText == shown)
            #expect(snapshot.formattedText == shown)
            #expect(snapshot.caretRect.x == displayX(editor, caret), "after \(k) digits")
            #expect(editor.checkInvariants() == [])
        }
        #expect(editor.insert("0") == .rejected, "the format is full")
        #expect(editor.text == "9123456789")
    }

    @Test("the spans say which drawn characters are input, literals and slot characters")
    func spans() throws {
        let editor = try makeMaskedEditor([phone], appearance: .whole, slotCharacters: ["d": "•"], text: "9123")
        #expect(editor.displayText == "+7(912)3••-••-••")
        #expect(editor.snapshot.maskSpans == [
            MaskSpan(kind: .literal, range: 0..<3), MaskSpan(kind: .input, range: 3..<6), MaskSpan(kind: .literal, range: 6..<7),
            MaskSpan(kind: .input, range: 7..<8), MaskSpan(kind: .slotCharacter, range: 8..<10), MaskSpan(kind: .literal, range: 10..<11),
            MaskSpan(kind: .slotCharacter, range: 11..<13), MaskSpan(kind: .literal, range: 13..<14), MaskSpan(kind: .slotCharacter, range: 14..<16),
        ])
        let plain = try makeEditor(text: "abc")
        #expect(plain.snapshot.maskSpans == nil)
        #expect(plain.snapshot.formattedText == "abc")
    }

    @Test("other formats: a date, letters and any character, a currency suffix", arguments: [
        ("dd.dd.dddd", MaskAppearance.leftOnly, "31122024", "31.12.2024"),
        ("www*d dd", .leftOnly, "abc-123", "abc-1 23"),
        ("www*d dd", .whole, "ab", "ab___ __"),
        ("ddd ddd ₽", .leftOnly, "1234", "123 4 ₽"),
        ("ddd ddd ₽", .leftAndRight, "123", "123  ₽"),
        ("ddd ddd ₽", .leftOnly, "", " ₽"),
    ])
    func otherFormats(_ format: String, _ appearance: MaskAppearance, _ typed: String, _ shown: String) throws {
        let editor = try makeMaskedEditor([format], appearance: appearance)
        for character in typed { #expect(editor.insert(String(character)) == .accepted) }
        #expect(editor.displayText == shown)
        #expect(editor.checkInvariants() == [])
    }

    @Test("pasting a fully formatted value strips its literals")
    func pasteFormatted() throws {
        for appearance in MaskAppearance.allCases {
            let editor = try makeMaskedEditor([phone], appearance: appearance)
            #expect(editor.paste("+7(912)345-67-89") == .accepted)
            #expect(editor.text == "9123456789")
            #expect(editor.displayText == "+7(912)345-67-89")
        }
        // Part of a formatted value, at the caret: the literals it repeats are skipped.
        let editor = try makeMaskedEditor([phone], text: "912")
        #expect(editor.paste(")345") == .accepted)
        #expect(editor.text == "912345")
        // Typing a literal where it belongs changes nothing; elsewhere it is refused.
        #expect(editor.insert("-") == .accepted)
        #expect(editor.text == "912345")
        #expect(editor.insert("6-") == .rejected)
    }

    @Test("strict refuses a paste that does not fit whole; lenient keeps what fits", arguments: [
        ("(912) 345-67-89", MaskMode.strict, "", EditOutcome.rejected),
        ("(912) 345-67-89", .lenient, "9123456789", .truncated),
        ("912 345 67 89", .lenient, "9123456789", .truncated),
        ("9123456789", .strict, "9123456789", .accepted),
        ("91234567890", .strict, "", .rejected),        // one digit too many
        ("91234567890", .lenient, "9123456789", .truncated),
        ("91a2", .strict, "", .rejected),                // a letter in a digit slot
        ("91a2", .lenient, "912", .truncated),
        ("abc", .lenient, "", .rejected),                // nothing fits: nothing happens
    ])
    func strictAndLenient(_ paste: String, _ mode: MaskMode, _ text: String, _ outcome: EditOutcome) throws {
        let editor = try makeMaskedEditor([phone], mode: mode)
        #expect(editor.paste(paste) == outcome)
        #expect(editor.text == text)
        #expect(editor.checkInvariants() == [])
    }

    @Test("backspace deletes the typed character before the caret, even with literals between")
    func backspace() throws {
        let editor = try makeMaskedEditor([phone], appearance: .leftAndRight, text: "9123")
        try editor.moveCaret(toUTF16Offset: 3)  // drawn after ")": "+7(912)|3"
        #expect(editor.snapshot.caretRect.x == displayX(editor, 7))
        #expect(editor.deleteBackward() == .accepted)
        #expect(editor.text == "913")
        #expect(editor.displayText == "+7(913)")
        #expect(editor.snapshot.caret == 2)
        #expect(editor.snapshot.caretRect.x == displayX(editor, 5), "after the 1, before the 3")
        #expect(editor.deleteForward() == .accepted)
        #expect(editor.text == "91")
    }

    @Test("an insertion or deletion in the middle reflows the rest across the literals")
    func reflow() throws {
        let editor = try makeMaskedEditor([phone], text: "912345")
        try editor.moveCaret(toUTF16Offset: 0)
        #expect(editor.insert("0") == .accepted)
        #expect(editor.displayText == "+7(091)234-5")
        #expect(editor.snapshot.caret == 1)
        try editor.select(fromUTF16Offset: 2, to: 5)  // "123"
        #expect(editor.deleteBackward() == .accepted)
        #expect(editor.text == "0945")
        #expect(editor.displayText == "+7(094)5")
        #expect(editor.snapshot.caret == 2)
        #expect(editor.paste("777") == .accepted)
        #expect(editor.displayText == "+7(097)774-5")
        #expect(editor.paste("77777") == .rejected, "the rest would overflow the format")
    }

    @Test("several formats: the first that accepts the text formats it")
    func severalFormats() throws {
        let editor = try makeMaskedEditor(["dd-dd", "ddd-ddd", "wwww"], appearance: .leftOnly)
        for digit in "1234" { editor.insert(String(digit)) }
        #expect(editor.displayText == "12-34")
        #expect(editor.insert("5") == .accepted)
        #expect(editor.displayText == "123-45")
        editor.deleteBackward()
        #expect(editor.displayText == "12-34")
        editor.setText("")
        #expect(editor.paste("abcd") == .accepted)
        #expect(editor.displayText == "abcd")
        #expect(editor.insert("1") == .rejected)
    }

    @Test("the length limit applies to the typed characters after the mask", arguments: [
        (LengthPolicy.reject, MaskMode.strict, "abcd", "", EditOutcome.rejected),
        (.truncate, .strict, "abcd", "abc", .truncated),
        (.truncate, .lenient, "a-b-c-d", "abc", .truncated),
        (.reject, .lenient, "ab", "ab", .accepted),
    ])
    func lengthLimit(_ policy: LengthPolicy, _ mode: MaskMode, _ paste: String, _ text: String, _ outcome: EditOutcome) throws {
        let editor = try makeMaskedEditor(["w-w-w-w-w"], mode: mode) {
            $0.maxLength = 3
            $0.lengthPolicy = policy
        }
        #expect(editor.paste(paste) == outcome)
        #expect(editor.text == text)
        #expect(editor.snapshot.counter == "\(text.count)/3")
    }

    @Test("custom symbols from Swift")
    func customSymbols() throws {
        var mask = InputMask(format: "hh:hh:hh", appearance: .whole, slotCharacters: ["h": "0"])
        mask.formatSymbols["h"] = .oneOf("0123456789abcdef")
        let editor = try makeEditor(width: 300) { $0.mask = mask }
        #expect(editor.displayText == "00:00:00")
        #expect(editor.paste("1f:a") == .accepted)
        #expect(editor.text == "1fa")
        #expect(editor.displayText == "1f:a0:00")
        #expect(editor.insert("g") == .rejected)
    }

    @Test("the caret never stands inside literals: every tap lands on a caret stop of a typed boundary")
    func tapsAvoidLiterals() throws {
        for appearance in MaskAppearance.allCases {
            let editor = try makeMaskedEditor([phone], appearance: appearance, text: "9123456")
            let stops = try (0...7).map { k -> Double in
                try editor.moveCaret(toUTF16Offset: k)
                return editor.snapshot.caretRect.x
            }
            let width = editor.measurement.layout.widestLineWidth
            for step in 0...60 {
                let x = -5 + (width + 10) * Double(step) / 60
                editor.tap(x: x, y: 5)
                #expect(stops.contains(editor.snapshot.caretRect.x), "\(appearance) tap at \(x)")
                #expect(editor.checkInvariants() == [])
            }
        }
    }

    @Test("arrow keys pass over literals; the selection highlights only typed characters")
    func movingAndSelecting() throws {
        let editor = try makeMaskedEditor([phone], appearance: .whole, text: "9123456")
        try editor.moveCaret(toUTF16Offset: 2)
        var carets: [Int] = []
        for _ in 0..<7 {
            editor.moveCaret(.right)
            carets.append(editor.snapshot.caret)
        }
        #expect(carets == [3, 4, 5, 6, 7, 7, 7], "stops at the first empty slot")
        editor.moveCaret(.lineStart)
        #expect(editor.snapshot.caret == 0)
        #expect(editor.snapshot.caretRect.x == displayX(editor, 3), "after the prefix")
        try editor.select(fromUTF16Offset: 1, to: 5)  // "1", "2", then ")" is skipped, "3", "4"
        let rects = editor.snapshot.selectionRects
        #expect(rects.count == 2)
        #expect(rects[0].x == displayX(editor, 4) && rects[0].maxX == displayX(editor, 6))
        #expect(rects[1].x == displayX(editor, 7) && rects[1].maxX == displayX(editor, 9))
    }

    @Test("a placeholder shows while the typed text is empty; secure entry draws bullets among the literals")
    func placeholderAndSecure() throws {
        let editor = try makeMaskedEditor([phone], appearance: .leftAndRight) { $0.placeholder = "Phone" }
        #expect(editor.displayText == "Phone" && editor.showsPlaceholder)
        #expect(editor.formattedText == "+7(")
        editor.insert("9")
        #expect(editor.displayText == "+7(9")
        let secure = try makeMaskedEditor(["dddd dddd"], text: "12345") { $0.secure = true }
        #expect(secure.displayText == "•••• •")
        #expect(secure.formattedText == "1234 5")
        #expect(secure.checkInvariants() == [])
    }

    @Test("a text set in code or given at the start is read as a paste; a strict mask can refuse it")
    func textInCode() throws {
        let editor = try makeMaskedEditor([phone], text: "+7(912)345-67-89")
        #expect(editor.text == "9123456789")
        #expect(editor.setText("12ab") == .rejected)
        #expect(editor.text == "9123456789")
        #expect(editor.setText("") == .accepted)
        #expect(editor.text == "")
        #expect(throws: EditorError.self) { try makeMaskedEditor([phone], text: "hello") }
        #expect(throws: EditorError.self) { try makeMaskedEditor(["---"]) }
        #expect(throws: EditorError.self) { try makeMaskedEditor([]) }
        #expect(throws: EditorError.self) { try makeMaskedEditor([phone], slotCharacters: ["x": "_"]) }
        let lenient = try makeMaskedEditor([phone], mode: .lenient, text: "tel. 912 345")
        #expect(lenient.text == "912345")
    }
}
