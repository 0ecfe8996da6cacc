// Composition in a mask field as tests: the marked text drawn beside the typed text while composing, filtered through the mask (NFKC-folded) at the commit, cancelled and undone.
import Testing
import TextEditing
import TextLayout

@Suite("Composition in a mask field")
struct MaskCompositionTests {
    static let literalStyle = MaskTextStyle(size: 26)

    /// A phone field whose literals are drawn larger (so the spans take part in the height).
    func phone(width: Double = 240, appearance: MaskAppearance = .whole, mode: MaskMode = .strict,
               _ configure: (inout EditorConfiguration) -> Void = { _ in }) throws -> EditorModel {
        try makeEditor(width: width) {
            $0.mask = InputMask(format: "+7(ddd)ddd-dd-dd", appearance: appearance, mode: mode, literalStyle: Self.literalStyle)
            $0.settings.sizing = EditorSizing(maxLines: 6)
            configure(&$0)
        }
    }

    /// The layout of the editor's drawn text made afresh, with the spans its mask spans give.
    func freshMeasurement(_ editor: EditorModel) throws -> EditorMeasurement {
        let spans = (editor.maskSpans ?? []).compactMap { span -> StyledSpan? in
            switch span.kind {
            case .input: nil
            case .literal: Self.literalStyle.span(span.range, role: .literal)
            case .slotCharacter: MaskTextStyle().span(span.range, role: .slotCharacter)
            }
        }
        return try PreparedText(editor.displayText, style: TextStyle(font: dejaVu()), spans: spans)
            .measureEditor(editorWidth: editor.editorWidth, sizing: editor.configuration.settings.sizing)
    }

    @Test("full-width digits composed in a phone field: drawn as composed at the caret, committed as the digits, literals from the mask")
    func fullWidthDigits() throws {
        let editor = try phone()
        editor.insert("9")
        for (marked, caret) in [("０", 1), ("０９", 2), ("０９０", 3)] {
            #expect(try editor.setMarkedText(marked, selectedRange: caret..<caret) == .accepted)
            let snapshot = editor.snapshot
            #expect(snapshot.text == "9" + marked && snapshot.markedRange == 1..<(1 + marked.utf16.count))
            #expect(snapshot.caret == 1 + caret)
            #expect(snapshot.formattedText == "+7(9__)___-__-__", "the masked value leaves the marked text out")
            #expect(snapshot.displayText == "+7(9" + marked + "__)___-__-__", "the marked text is drawn at the caret, the slot characters after it")
            #expect(editor.checkInvariants() == [])
        }
        #expect(editor.maskSpans == [MaskSpan(kind: .literal, range: 0..<3), MaskSpan(kind: .input, range: 3..<7),
                                     MaskSpan(kind: .slotCharacter, range: 7..<9), MaskSpan(kind: .literal, range: 9..<10),
                                     MaskSpan(kind: .slotCharacter, range: 10..<13), MaskSpan(kind: .literal, range: 13..<14),
                                     MaskSpan(kind: .slotCharacter, range: 14..<16), MaskSpan(kind: .literal, range: 16..<17),
                                     MaskSpan(kind: .slotCharacter, range: 17..<19)])
        // The caret is drawn after the marked text, before the slot characters.
        let caretX = editor.snapshot.caretRect.x
        let layout = try freshMeasurement(editor).layout
        let expectedX = layout.caretRect(for: TextCaret(offset: 7)).x + editor.configuration.settings.sizing.insets.left
        #expect(abs(caretX - expectedX) < 1e-9)
        #expect(editor.unmarkText() == .accepted)
        let snapshot = editor.snapshot
        #expect(snapshot.text == "9090" && snapshot.formattedText == "+7(909)0__-__-__" && snapshot.displayText == snapshot.formattedText)
        #expect(snapshot.caret == 4 && snapshot.selection == 4..<4 && snapshot.markedRange == nil)
        #expect(editor.checkInvariants() == [])
    }

    @Test("at the commit the characters the slots refuse are dropped, in either mode, and the rest go in", arguments: [MaskMode.strict, .lenient])
    func refusedDropped(_ mode: MaskMode) throws {
        let editor = try phone(mode: mode)
        editor.insert("912")
        try editor.setMarkedText("ａ３b４ぜ", selectedRange: 5..<5)
        #expect(editor.text == "912ａ３b４ぜ" && editor.formattedText == "+7(912)___-__-__")
        #expect(editor.unmarkText() == .truncated)
        #expect(editor.text == "91234" && editor.formattedText == "+7(912)34_-__-__" && editor.snapshot.caret == 5)
        // Nothing the mask takes: the text is as before the composition.
        try editor.setMarkedText("にほん", selectedRange: 3..<3)
        #expect(editor.unmarkText() == .rejected)
        #expect(editor.text == "91234" && editor.snapshot.caret == 5 && editor.checkInvariants() == [])
        // Past the last slot the rest is dropped.
        try editor.setMarkedText("５６７８９０", selectedRange: 6..<6)
        #expect(editor.unmarkText() == .truncated && editor.text == "9123456789")
    }

    @Test("a caret move or selection at an offset of the composing text that the commit shortens lands in the committed text, not past its end")
    func eventAfterAShorteningCommit() throws {
        let editor = try phone()
        editor.insert("912")
        // "ａｂ" is dropped at the commit: the text goes from 5 UTF-16 units to 3.
        try editor.setMarkedText("ａｂ", selectedRange: 2..<2)
        #expect(try editor.moveCaret(toUTF16Offset: 5) == .accepted)
        #expect(editor.text == "912" && editor.snapshot.caret == 3 && editor.markedRange == nil)
        #expect(editor.checkInvariants() == [])
        try editor.setMarkedText("ａｂ", selectedRange: 2..<2)
        let end = editor.text.endIndex
        #expect(editor.select(from: editor.text.startIndex, to: end) == .accepted)
        #expect(editor.text == "912" && editor.snapshot.selection == 0..<3)
        #expect(editor.checkInvariants() == [])
    }

    @Test("a selection the marked text replaces is deleted under the mask; the commit types over it, one undo group")
    func overSelection() throws {
        let editor = try phone()
        editor.paste("9123456789")
        try editor.select(fromUTF16Offset: 3, to: 6)
        try editor.setMarkedText("００", selectedRange: 2..<2)
        #expect(editor.text == "912００6789" && editor.snapshot.markedRange == 3..<5)
        #expect(editor.formattedText == "+7(912)678-9_-__" && editor.checkInvariants() == [])
        #expect(editor.unmarkText() == .accepted)
        #expect(editor.text == "912006789" && editor.snapshot.caret == 5)
        editor.undo()
        #expect(editor.text == "9123456789" && editor.snapshot.selection == 3..<6, "undo gives back the typed characters and the selection")
        #expect(editor.formattedText == "+7(912)345-67-89")
        editor.redo()
        #expect(editor.text == "912006789" && editor.snapshot.selection == 5..<5)
        editor.undo()
        editor.undo()
        #expect(editor.text == "" && !editor.canUndo && editor.checkInvariants() == [])
    }

    @Test("cancel restores the text, the selection, the drawn text and the height", arguments: MaskAppearance.allCases)
    func cancel(_ appearance: MaskAppearance) throws {
        let editor = try phone(width: 110, appearance: appearance)
        editor.paste("91234")
        try editor.select(fromUTF16Offset: 1, to: 3)
        let before = editor.snapshot
        try editor.setMarkedText("にほんごのぶんしょう", selectedRange: 10..<10)
        #expect(editor.snapshot.lineCount > before.lineCount, "the field grows while composing")
        #expect(editor.text == "9にほんごのぶんしょう34")
        #expect(editor.cancelComposition() == .accepted)
        let after = editor.snapshot
        #expect(after.text == before.text && after.selection == before.selection && after.height == before.height)
        #expect(after.displayText == before.displayText && after.maskSpans == before.maskSpans && after.caretRect == before.caretRect)
        #expect(!editor.canRedo && editor.checkInvariants() == [])
    }

    @Test("the height while composing is a fresh layout of the drawn text, spans and all", arguments: MaskAppearance.allCases)
    func heightWhileComposing(_ appearance: MaskAppearance) throws {
        let editor = try phone(width: 110, appearance: appearance)
        let steps: [(EditorModel) throws -> Void] = [
            { $0.insert("9") },
            { try $0.setMarkedText("n", selectedRange: 1..<1) },
            { try $0.setMarkedText("にほんご", selectedRange: 4..<4) },
            { try $0.setMarkedText("にほんごのぶんしょう", selectedRange: 0..<10) },
            { $0.unmarkText() },
            { $0.paste("123") },
            { try $0.moveCaret(toUTF16Offset: 2) },
            { try $0.setMarkedText("１２３４５６７８", selectedRange: 8..<8) },
            { try $0.setMarkedText("１２", selectedRange: 1..<2) },
            { $0.cancelComposition() },
            { try $0.setMarkedText("７７", selectedRange: 2..<2) },
            { $0.deleteBackward() },  // commits first
        ]
        for (step, event) in steps.enumerated() {
            try event(editor)
            let fresh = try freshMeasurement(editor)
            #expect(editor.snapshot.height == fresh.height && editor.snapshot.lineCount == fresh.lineCount, "step \(step)")
            #expect(editor.measurement.layout.lines.map(\.width) == fresh.layout.lines.map(\.width), "step \(step)")
            #expect(editor.checkInvariants() == [], "step \(step)")
        }
        // The composition that no slot took left "9"; "123" pasted; "７７" committed at offset 2, then a backspace.
        #expect(editor.text == "91723")
    }

    @Test("marked text over the same typed text (a 1 marked over a selected 1) is drawn beside it, and cancelled or committed back")
    func sameText() throws {
        let editor = try phone()
        editor.paste("51")
        let before = editor.snapshot
        try editor.select(fromUTF16Offset: 1, to: 2)
        try editor.setMarkedText("1", selectedRange: 1..<1)
        #expect(editor.text == "51" && editor.formattedText == "+7(5__)___-__-__" && editor.displayText == "+7(51__)___-__-__")
        #expect(editor.checkInvariants() == [])
        editor.cancelComposition()
        #expect(editor.displayText == before.displayText && editor.formattedText == "+7(51_)___-__-__" && editor.checkInvariants() == [])
        try editor.setMarkedText("1", selectedRange: 1..<1)
        #expect(editor.unmarkText() == .accepted && editor.formattedText == "+7(51_)___-__-__" && editor.checkInvariants() == [])
    }

    @Test("the length limit applies at the commit, to the characters the mask keeps")
    func lengthLimit() throws {
        let reject = try phone { $0.maxLength = 4 }
        reject.insert("91")
        try reject.setMarkedText("０９０", selectedRange: 3..<3)
        #expect(reject.counter == "2/4", "the counter leaves the marked text out")
        #expect(reject.unmarkText() == .rejected && reject.text == "91")
        let truncate = try phone { $0.maxLength = 4; $0.lengthPolicy = .truncate }
        truncate.insert("91")
        try truncate.setMarkedText("ａ０９０", selectedRange: 4..<4)
        #expect(truncate.unmarkText() == .truncated && truncate.text == "9109")
    }

    @Test("a candidate typed over the marked text is read as a committed composition: folded, refused characters dropped")
    func insertWhileComposing() throws {
        let editor = try phone()
        editor.insert("9")
        try editor.setMarkedText("いち", selectedRange: 2..<2)
        #expect(editor.insert("１") == .accepted && editor.text == "91" && editor.snapshot.markedRange == nil)
        try editor.setMarkedText("に", selectedRange: 1..<1)
        #expect(editor.paste("２ｘ") == .truncated && editor.text == "912")
        #expect(editor.insert("３") == .rejected && editor.text == "912", "typing outside a composition is not folded")
        editor.undo()
        #expect(editor.text == "91")
        editor.undo()
        #expect(editor.text == "9")
    }
}
