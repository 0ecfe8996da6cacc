// Seeded property tests of undo and composition, in a plain and a mask field: undoing everything gives the first text and selection back, redoing the last; heights are fresh ones while composing; a cancel changes nothing.
import Testing
import TextEditing
import TextLayout
import TestSupport

@Suite("Undo and composition, random sessions")
struct UndoCompositionPropertyTests {
    static let pieces = ["a", "word ", "é", "\n", "\r\n", "𝔸", "  ", "longerword", "👍🏽", "مرحبا", "x\u{308}"]
    static let marked = ["n", "に", "にほ", "にほん", "日本", "ㅎ", "한", "ni hao", "你好", "ㄱ", "글"]

    /// In a mask field (of digit slots, or of mixed slots where a deletion may drop what no longer
    /// fits): digits (full-width ones too), letters and kana, spaces and hyphens that are its literals.
    static let maskPieces = ["1", "23", "４", "a", "5 6", "789", "０１２３", "b2", "-"]
    static let maskMarked = ["０", "０９", "０９０", "ぜろ", "1", "２ａ３", "にほん", "ｎ", "ａ１", "－"]

    @Test("undo all gives the first text and selection, redo all the last; heights fresh; cancel restores",
          arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func randomSession(_ seed: UInt64) throws {
        let clock = ManualClock()
        let editor = try makeEditor(text: "Hi", width: 110, clock: clock) {
            $0.settings.sizing = EditorSizing(minLines: 1, maxLines: 5)
            $0.undoLimit = 1000
            $0.undoGroupPause = 0.8
        }
        try run(editor, clock: clock, seed: seed, firstEdit: "!", pieces: Self.pieces, marked: Self.marked)
    }

    @Test("the same in a mask field: the commits read through the mask",
          arguments: ([1, 2, 3, 4, 5, 6, 7, 8, 68, 191, 326] as [UInt64]).map { ($0, MaskAppearance.allCases[Int($0 % 3)]) })
    func randomMaskSession(_ seed: UInt64, _ appearance: MaskAppearance) throws {
        let clock = ManualClock()
        let editor = try makeEditor(text: "12", width: 110, clock: clock) {
            $0.settings.sizing = EditorSizing(minLines: 1, maxLines: 5)
            $0.undoLimit = 1000
            $0.undoGroupPause = 0.8
            $0.mask = InputMask(formats: seed % 4 < 2 ? ["dddd dddd dddd dddd dddd dddd"] : ["dw-dw-dd", "ddd ww*d"], appearance: appearance, mode: seed % 2 == 0 ? .lenient : .strict)
        }
        try run(editor, clock: clock, seed: seed, firstEdit: "3", pieces: Self.maskPieces, marked: Self.maskMarked)
    }

    /// `firstEdit` typed, 150 random events on `editor`, then everything undone and redone.
    func run(_ editor: EditorModel, clock: ManualClock, seed: UInt64, firstEdit: String, pieces: [String], marked markedTexts: [String]) throws {
        var random = SplitMix(seed: seed)
        let font = try dejaVu()
        /// A fresh layout of the drawn text, with the mask's literals and slot characters as spans.
        func fresh() throws -> EditorMeasurement {
            let spans = (editor.maskSpans ?? []).compactMap { span in span.kind == .input ? nil : MaskTextStyle().span(span.range, role: span.kind) }
            return try PreparedText(editor.displayText, style: TextStyle(font: font), spans: spans)
                .measureEditor(editorWidth: editor.editorWidth, sizing: editor.configuration.settings.sizing)
        }
        let first = (editor.text, editor.snapshot.selection)
        // The text and selection after the last event that changed the text outside a composition.
        var stableText = editor.text
        var lastEdit = (editor.text, editor.snapshot.selection)
        var beforeComposition: EditorSnapshot?
        #expect(editor.insert(firstEdit) == .accepted)  // the first event is an edit, from the first selection
        for step in 0..<150 {
            var composing = editor.markedRange != nil
            let choice = Int.random(in: 0..<14, using: &random)
            if composing, [4, 5, 6, 7, 13].contains(choice) {
                // A deletion or a move commits the composition first; the commit is the last edit, seen here.
                editor.unmarkText()
                composing = false
                if !editor.text.hasSameCodeUnits(as: stableText) {
                    stableText = editor.text
                    lastEdit = (editor.text, editor.snapshot.selection)
                }
            }
            let length = editor.text.utf16.count
            var cancelled = false
            switch choice {
            case 0, 1, 2: editor.insert(pieces.randomElement(using: &random)!)
            case 3: editor.paste(pieces.randomElement(using: &random)! + pieces.randomElement(using: &random)!)
            case 4: editor.deleteBackward(Int.random(in: 1...3, using: &random))
            case 5: editor.deleteForward(Int.random(in: 1...2, using: &random))
            case 6: try editor.moveCaret(toUTF16Offset: Int.random(in: 0...length, using: &random))
            case 7: try editor.select(fromUTF16Offset: Int.random(in: 0...length, using: &random), to: Int.random(in: 0...length, using: &random))
            case 8, 9:
                if !composing { beforeComposition = editor.snapshot }
                let marked = markedTexts.randomElement(using: &random)!
                let end = Int.random(in: 0...marked.utf16.count, using: &random)
                try editor.setMarkedText(marked, selectedRange: Int.random(in: 0...end, using: &random)..<end)
            case 10: editor.unmarkText()
            case 11:
                cancelled = composing
                editor.cancelComposition()
            case 12: try clock.advance(by: Double.random(in: 0...1, using: &random)); editor.tick()
            default: if Bool.random(using: &random) { editor.deleteWordBackward() } else { editor.deleteWordForward() }
            }
            let snapshot = editor.snapshot
            #expect(editor.checkInvariants() == [], "seed \(seed) step \(step)")
            let measured = try fresh()
            #expect(snapshot.height == measured.height && snapshot.lineCount == measured.lineCount, "seed \(seed) step \(step)")
            if cancelled, let before = beforeComposition {
                #expect(snapshot.text == before.text && snapshot.selection == before.selection && snapshot.height == before.height,
                        "seed \(seed) step \(step): cancel restores")
            }
            if snapshot.markedRange == nil, !snapshot.text.hasSameCodeUnits(as: stableText) {
                stableText = snapshot.text
                lastEdit = (snapshot.text, snapshot.selection)
            }
        }
        editor.unmarkText()
        if !editor.text.hasSameCodeUnits(as: stableText) { lastEdit = (editor.text, editor.snapshot.selection) }
        var undos = 0
        while editor.canUndo, undos < 1000 {
            #expect(editor.undo() == .accepted)
            #expect(editor.checkInvariants() == [], "seed \(seed) undo \(undos)")
            undos += 1
        }
        #expect(editor.text.hasSameCodeUnits(as: first.0) && editor.snapshot.selection == first.1, "seed \(seed): undo all")
        while editor.canRedo { editor.redo() }
        #expect(editor.text.hasSameCodeUnits(as: lastEdit.0) && editor.snapshot.selection == lastEdit.1, "seed \(seed): redo all")
        #expect(editor.snapshot.height == (try fresh()).height, "seed \(seed): height after redo")
    }
}
