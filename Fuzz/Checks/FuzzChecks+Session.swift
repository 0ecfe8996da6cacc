// The editor target: four bytes of settings, then events of three bytes each, every kind an editor takes, applied to an editor whose every snapshot is checked against a fresh measurement of its text.
import TextEditing
import TextLayout

extension FuzzChecks {
    /// The pieces of text the editor target types, pastes, composes, sets and appends: words in
    /// several scripts, marks and joiners, emoji, every hard break, a tab and an object character.
    static let sessionPieces = ["a", "hello world ", "Wave AVAV ", "\u{5E9}\u{5C1}\u{5B8}\u{5DC}\u{5D5}\u{5B9}\u{5DD} ", "\u{645}\u{631}\u{62D}\u{628}\u{627} ",
                                "日本語の文", "\u{E44}\u{E17}\u{E22}\u{E20}\u{E32}\u{E29}\u{E32}", "😀👍🏽🇫🇷", "e\u{301}", "\n", "\r\n", "\t x",
                                "\u{200D}\u{2028}", "x y z ", "\u{FFFC}", "deadline-2026 "]

    /// Input: byte 0 the font and profile (as the text target's, see ``fontList(_:file:code:seed:size:directory:)``,
    /// byte 3 their values), 1 the size (low nibble; by bits 4–5 the most lines, by bit 6 a
    /// shrink-wrapped editor, by bit 7 a secure one), 2 the width (low three bits; by bits 3–4 a
    /// mask, strict or lenient; by bits 5–7 the most characters), 3 the undo limit (low two bits)
    /// and the font's values; then up to 64 events of three bytes (the kind, then two values),
    /// covering every ``EditorEvent``: typing, pasting, objects, deletion of every kind, caret
    /// moves, taps, selections, focus, enabling, time, new widths, texts set and appended in code,
    /// marked text set, committed and cancelled, undo and redo. Every event is valid, so an
    /// error is a finding. After each, the editor's invariants hold; its height and line count
    /// equal a fresh measurement of the text it draws; its caret is inside the text and its caret
    /// rectangle finite; a cancelled composition leaves the text and selection as before it (unless
    /// code set or appended text meanwhile). At the
    /// end (when the undo limit keeps every step and no text was appended in code), undoing
    /// everything gives the text the last `setText` left, and redoing everything the last text.
    public static func editor(_ data: [UInt8]) -> [String] {
        var input = ByteReader(data)
        let fontByte = Int(input.byte()), sizeByte = input.byte(), widthByte = input.byte(), valuesByte = input.byte()
        let fontFile = fontFiles[fontByte % fontFiles.count]
        let fontCode = fontByte / fontFiles.count
        let size = sizes[Int(sizeByte) % sizes.count]
        let maxLines = [nil, 1, 3, 100][Int(sizeByte >> 4) & 3]
        let width: Double? = [nil, 60, 100, 160, 240, 400, 1000, 24][Int(widthByte) & 7]
        let maskCode = Int(widthByte >> 3) & 3
        let maxLength = [nil, nil, nil, nil, 1, 2, 8, 40][Int(widthByte >> 5)]
        let undoLimit = [1000, 0, 1, 5][Int(valuesByte) & 3]
        let events = Array(input.rest)
        var label = "\(fontFile) at \(size) px, width \(width.map { "\($0)" } ?? "none"), maxLines \(maxLines.map { "\($0)" } ?? "none")"
            + (sizeByte & 0x40 != 0 ? ", shrink-wrapped" : "") + (sizeByte & 0x80 != 0 ? ", secure" : "")
            + (maskCode == 1 || maskCode == 2 ? ", mask \(maskCode == 1 ? "strict" : "lenient")" : "")
            + (maxLength.map { ", maxLength \($0)" } ?? "") + ", undo limit \(undoLimit)"
        guard let directory = bundledDirectory else { return ["the bundled fonts are missing"] }
        var problems: [String] = []
        func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
            if !condition { problems.append("\(label), editor: \(message())") }
        }
        do {
            let (list, asked) = try fontList(fonts, file: fontFile, code: fontCode / LayoutProfile.allCases.count, seed: valuesByte, size: size,
                                             directory: directory)
            var settings = TextSettings(size: size)
            settings.profile = profile(fontCode)
            label += ", fonts \(asked), profile \(settings.profile.name)"
            let sizing = EditorSizing(minLines: 1, maxLines: maxLines, insets: EdgeInsets(top: 2, left: 1, bottom: 2, right: 1))
            let clock = ManualClock()
            var configuration = EditorConfiguration(fonts: list, settings: LayoutSettings(text: settings, editorWidth: width, sizing: sizing))
            configuration.undoLimit = undoLimit
            configuration.maxLength = maxLength
            configuration.shrinkWrap = sizeByte & 0x40 != 0
            configuration.secure = sizeByte & 0x80 != 0
            if maskCode == 1 || maskCode == 2 {
                configuration.mask = InputMask(formats: ["(ddd) ddd-dddd", "w*** ****-********"], appearance: MaskAppearance.allCases[Int(valuesByte >> 2) % MaskAppearance.allCases.count],
                                               mode: maskCode == 1 ? .strict : .lenient)
            }
            let takesObjects = configuration.mask == nil && !configuration.secure
            let editor = try EditorModel(configuration: configuration, clock: clock)
            var baseline = editor.text
            var appended = false
            var beforeComposition: (text: String, selection: Range<Int>)?
            var step = 0
            while step * 3 + 2 < events.count, step < 64 {
                let (kind, a, b) = (events[step * 3], events[step * 3 + 1], events[step * 3 + 2])
                let length = editor.text.utf16.count
                let composing = editor.markedRange != nil
                if !composing { beforeComposition = (editor.text, editor.snapshot.selection) }
                let piece = sessionPieces[Int(a) % sessionPieces.count]
                let object = InlineObject(width: [0, 1, 12, 40][Int(b) & 3], height: [0, 8, 30][Int(b >> 2) % 3],
                                          align: InlineObjectAlignment.allCases[Int(b >> 4) % InlineObjectAlignment.allCases.count])
                let x = Double(a) * 2 - 20, y = Double(b) - 10
                let event: EditorEvent = switch kind % 28 {
                case 0: .insert(piece)
                case 1: takesObjects ? .insertInlineObject(object) : .insert(piece)
                case 2: .paste(piece + sessionPieces[Int(b) % sessionPieces.count])
                case 3: .deleteBackward(1 + Int(b & 3))
                case 4: .deleteForward(1 + Int(b & 3))
                case 5: .caret(Int(a) % (length + 1))
                case 6: .select(anchor: Int(a) % (length + 1), caret: Int(b) % (length + 1))
                case 7: .focus(a & 1 == 0)
                case 8: .advance(Double(a) / 16)
                case 9:
                    // A text of a few pieces, with an object for each U+FFFC where the field takes them.
                    { () -> EditorEvent in
                      let text = String(repeating: piece, count: 1 + Int(b & 7)) + sessionPieces[Int(b >> 3) % sessionPieces.count]
                      let count = text.unicodeScalars.count { $0 == "\u{FFFC}" }
                      return takesObjects ? .setText(text, inlineObjects: Array(repeating: object, count: count)) : .setText(text) }()
                case 10: .append(piece)
                case 11: .setEnabled(a & 3 != 0)
                case 12: .setEditorWidth([24, 60, 100, 160, 240, 400, 1000, 33.5][Int(a) & 7])
                case 13: .tap(x: x, y: y)
                case 14: .move(CaretMovement.allCases[Int(a) % CaretMovement.allCases.count])
                case 15, 16:
                    { () -> EditorEvent in
                      // Offsets within the marked text as the editor keeps it: without U+FFFC, which it drops.
                      let end = Int(b) % (piece.utf16.count - piece.utf16.count { $0 == 0xFFFC } + 1)
                      // A secure field takes no composition (an error the editor documents): it is typed there.
                      // No range (the caret at its end) only for a piece without U+FFFC: EditorEvent.apply
                      // counts that end before setMarkedText drops the character, and refuses it.
                      let atEnd = b & 0x80 != 0 && !piece.unicodeScalars.contains("\u{FFFC}")
                      return configuration.secure ? .insert(piece) : .setMarkedText(piece, selectedRange: atEnd ? nil : (end / 2)..<end) }()
                case 17: .unmarkText
                case 18: .cancelComposition
                case 19, 20: .undo
                case 21: .redo
                case 22: .deleteWordBackward(1 + Int(b & 1))
                case 23: .deleteWordForward(1 + Int(b & 1))
                case 24: .deleteToLineStart
                case 25: .selectWord(a & 1 == 0 ? .offset(Int(b) % (length + 1)) : .point(x: x, y: y))
                case 26: .selectParagraph(a & 1 == 0 ? .offset(Int(b) % (length + 1)) : .point(x: x, y: y))
                default: .selectAll
                }
                let at = "event \(step) (\(event))"
                step += 1
                do {
                    try editor.apply(event)
                } catch {
                    problems.append("\(label), editor \(at): an error for a valid event: \(error)")
                    continue
                }
                // Text set or appended in code during a composition is not undone by cancelling it.
                switch event {
                case .setText: (baseline, appended, beforeComposition) = (editor.text, false, nil)
                case .append: (appended, beforeComposition) = (true, nil)
                default: break
                }
                problems += editor.checkInvariants().map { "\(label), editor \(at): \($0)" }
                let snapshot = editor.snapshot
                let spans = editor.configuration.mask?.styledSpans(snapshot.maskSpans ?? []) ?? []
                // A shrink-wrapped editor is measured at the width it shrank to, which a fresh one does not know.
                let fresh = try PreparedText(snapshot.displayText, style: editor.style, spans: spans,
                                             inlineObjects: snapshot.showsPlaceholder ? [] : editor.inlineObjects)
                    .measureEditor(editorWidth: editor.editorWidth, sizing: sizing)
                if !configuration.shrinkWrap {
                    expect(snapshot.height == fresh.height && snapshot.lineCount == fresh.lineCount,
                           "\(at): height \(snapshot.height) (\(snapshot.lineCount) lines), a fresh editor \(fresh.height) (\(fresh.lineCount))")
                }
                expect((0...snapshot.text.utf16.count).contains(snapshot.caret), "\(at): the caret \(snapshot.caret) is outside the text")
                let rect = snapshot.caretRect
                expect(rect.x.isFinite && rect.y.isFinite && rect.height.isFinite && snapshot.height.isFinite, "\(at): caret rectangle \(rect), height \(snapshot.height)")
                if case .cancelComposition = event, composing, let before = beforeComposition {
                    expect(snapshot.text.hasSameCodeUnits(as: before.text) && snapshot.selection == before.selection, "\(at): a cancel did not restore")
                }
            }
            editor.unmarkText()
            guard undoLimit == 1000, !appended, editor.isEnabled else { return problems }
            for problem in walkUndoHistory(editor, undoneTo: baseline, redoneTo: editor.text) { expect(false, problem) }
        } catch {
            problems.append("\(label), editor: an error on a valid input: \(error)")
        }
        return problems
    }
}
