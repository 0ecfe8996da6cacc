// The text target's editor session: the fuzz text typed, composed, deleted by word, undone and redone in an editor (a mask field in one session of four), every snapshot checked against a fresh measurement.
import TextEditing
import TextLayout

extension FuzzChecks {
    /// Drives an editor over `text` (its U+FFFC dropped: an editor's are objects') with events
    /// drawn from `events` (in a mask field when the last byte is a multiple of 4, its appearance
    /// and mode from that byte): typing and marked text cut from the text, backspace, word and line
    /// deletion, commits and cancels, undo and redo, caret moves, word and paragraph selection,
    /// pauses. After each event the model's invariants hold and its height and line count equal
    /// a fresh measurement of the text it draws (greedy lines: balanced and pretty ones above an
    /// edit stay while typing, by design); a cancelled composition leaves the text and
    /// selection as before it; at the end, undoing everything gives the first text back and
    /// redoing everything the last.
    static func checkEditorSession(_ text: String, style: TextStyle, settings: TextSettings, width: Double?, sizing: EditorSizing,
                                   events: [UInt8], label: String) -> [String] {
        let typed = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\u{FFFC}" }))
        var problems: [String] = []
        func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
            if !condition { problems.append("\(label), editor: \(message())") }
        }
        do {
            let clock = ManualClock()
            // Balanced and pretty lines above an edit stay while typing (see Layout.updated(for:after:)),
            // so only greedy filling is held to a fresh measurement after every event.
            var settings = settings
            settings.paragraph.textWrap = .wrap
            var configuration = EditorConfiguration(fonts: style.fonts, settings: LayoutSettings(text: settings, editorWidth: width, sizing: sizing))
            configuration.undoLimit = 1000
            // One session in four is in a mask field, whose commits read the text through the mask.
            if let last = events.last, last % 4 == 0 {
                configuration.mask = InputMask(formats: ["(ddd) ddd-dddd", "w*** ****-********"],
                                               appearance: MaskAppearance.allCases[Int(last >> 2) % MaskAppearance.allCases.count],
                                               mode: last & 0x10 == 0 ? .strict : .lenient)
            }
            let editor = try EditorModel(configuration: configuration, clock: clock)
            let scalars = Array(typed.unicodeScalars)
            /// A piece of the text, by a byte: where it starts and how long it is.
            func piece(_ byte: UInt8) -> String {
                guard !scalars.isEmpty else { return "a" }
                let start = Int(byte) * 7 % scalars.count
                return String(String.UnicodeScalarView(scalars[start..<min(scalars.count, start + 1 + Int(byte % 5))]))
            }
            let firstText = editor.text
            var stableText = editor.text
            var beforeComposition: (text: String, selection: Range<Int>)?
            for (step, byte) in events.prefix(16).enumerated() {
                let length = editor.text.utf16.count
                let composing = editor.markedRange != nil
                if !composing { beforeComposition = (editor.text, editor.snapshot.selection) }
                var cancelled = false
                switch byte % 16 {
                case 0, 1: editor.insert(piece(byte))
                case 2: editor.paste(piece(byte &+ 3))
                case 3: editor.deleteBackward(1 + Int(byte >> 6))
                case 4: editor.deleteWordBackward()
                case 5: editor.deleteWordForward()
                case 6: editor.deleteToLineStart()
                case 7, 8:
                    let marked = piece(byte)
                    let end = Int(byte >> 4) % (marked.utf16.count + 1)
                    try editor.setMarkedText(marked, selectedRange: (end / 2)..<end)
                case 9: editor.unmarkText()
                case 10:
                    cancelled = composing
                    editor.cancelComposition()
                case 11: editor.undo()
                case 12: editor.redo()
                case 13: try editor.moveCaret(toUTF16Offset: Int(byte) % (length + 1))
                case 14: if byte & 0x10 == 0 { try editor.selectWord(atUTF16Offset: Int(byte) % (length + 1)) } else { try editor.selectParagraph(atUTF16Offset: Int(byte) % (length + 1)) }
                default: try clock.advance(by: Double(byte >> 4) / 8)
                }
                let at = "step \(step) (event byte \(byte))"
                problems += editor.checkInvariants().map { "\(label), editor \(at): \($0)" }
                let snapshot = editor.snapshot
                let spans = editor.configuration.mask?.styledSpans(snapshot.maskSpans ?? []) ?? []
                let fresh = try PreparedText(snapshot.displayText, style: editor.style, spans: spans).measureEditor(editorWidth: editor.editorWidth, sizing: sizing)
                expect(snapshot.height == fresh.height && snapshot.lineCount == fresh.lineCount,
                       "\(at): height \(snapshot.height) (\(snapshot.lineCount) lines), a fresh editor \(fresh.height) (\(fresh.lineCount))")
                if cancelled, let before = beforeComposition {
                    expect(snapshot.text.hasSameCodeUnits(as: before.text) && snapshot.selection == before.selection, "\(at): a cancel did not restore")
                }
                if snapshot.markedRange == nil { stableText = snapshot.text }
            }
            editor.unmarkText()
            stableText = editor.text
            for problem in walkUndoHistory(editor, undoneTo: firstText, redoneTo: stableText) { expect(false, problem) }
        } catch {
            problems.append("\(label), editor: an error on a valid input: \(error)")
        }
        return problems
    }
}

extension FuzzChecks {
    /// Undoes every step of `editor`'s history (at most 2,000), which must give `first`, then
    /// redoes them all, which must give `last`: what each finds otherwise.
    static func walkUndoHistory(_ editor: EditorModel, undoneTo first: String, redoneTo last: String) -> [String] {
        var problems: [String] = []
        var undos = 0
        while editor.canUndo, undos < 2000 {
            editor.undo()
            undos += 1
        }
        if !editor.text.hasSameCodeUnits(as: first) { problems.append("undoing everything gave \(describe(editor.text)), not \(describe(first))") }
        while editor.canRedo, undos > 0 {
            editor.redo()
            undos -= 1
        }
        if !editor.text.hasSameCodeUnits(as: last) { problems.append("redoing everything gave \(describe(editor.text)), not \(describe(last))") }
        return problems
    }
}
