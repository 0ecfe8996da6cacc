// The editor re-measures an edit of its drawn text incrementally: only the edited paragraph is shaped again, and heights stay a fresh measurement's.
import Testing
import TextEditing
@testable import TextLayout
import TestSupport

@Suite("Incremental re-measuring")
struct IncrementalEditorTests {
    /// Twelve paragraphs of a few wrapped lines each.
    static let longText = (1...12).map { "Paragraph \($0): growing editors must know their height before they draw, so every line break comes from the real glyphs." }
        .joined(separator: "\n")

    /// The base address of an array's storage: equal for two arrays that share it.
    func storage(_ array: [Int32]) -> UnsafeRawPointer? {
        array.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
    }

    @Test("a typed character in a long text reshapes only its paragraph", arguments: [0, 5, 11])
    func keystroke(_ paragraph: Int) throws {
        let editor = try makeEditor(text: Self.longText, width: 240) { $0.settings.sizing = EditorSizing(maxLines: 6, lineSpace: 2) }
        let before = editor.prepared.paragraphs
        let start = Self.longText.components(separatedBy: "\n")[..<paragraph].reduce(0) { $0 + $1.utf16.count + 1 }
        try editor.moveCaret(toUTF16Offset: start + 10)
        editor.insert("x")
        #expect(editor.editedPrepareCount == 1, "the keystroke went through the edit path")
        #expect(editor.prepareCount == 2)
        let after = editor.prepared.paragraphs
        #expect(after.count == before.count)
        for k in before.indices where k != paragraph {
            if k < paragraph {
                #expect(after[k] === before[k], "paragraph \(k), before the edit, is the same object")
            } else {
                // Shifted by the edit's length: new offsets, the same shaped positions (shared storage).
                #expect(storage(after[k].positions.units.compact) == storage(before[k].positions.units.compact), "paragraph \(k), after the edit, is not shaped again")
            }
        }
        #expect(after[paragraph] !== before[paragraph])
        #expect(storage(after[paragraph].positions.units.compact) != storage(before[paragraph].positions.units.compact), "the edited paragraph is shaped again")
        // And the result is what a fresh measurement gives.
        let fresh = try PreparedText(editor.displayText, font: uncachedDejaVu(), size: 17).measureEditor(editorWidth: 240, sizing: editor.configuration.settings.sizing)
        #expect(editor.measurement.height == fresh.height)
        #expect(editor.measurement.layout.lines.map(\.utf16Range) == fresh.layout.lines.map(\.utf16Range))
        #expect(editor.measurement.layout.lines.map(\.top) == fresh.layout.lines.map(\.top))
    }

    @Test("which changes take the edit path", arguments: [
        // (configure, initial text, action, edit path taken)
        ("typing", "", "abc", true),
        ("placeholder hidden by typing", "placeholder", "a", false),
        ("placeholder shown by deleting everything", "placeholder", "", false),
        ("secure typing", "secure", "ab", true),
        ("masked typing into a slot character", "mask", "2", true),
    ])
    func paths(_ name: String, _ kind: String, _ typed: String, _ edited: Bool) throws {
        let editor = try makeEditor(text: kind == "placeholder" && typed.isEmpty ? "z" : "", width: 200) {
            if kind == "placeholder" { $0.placeholder = "Say something" }
            if kind == "secure" { $0.secure = true }
            if kind == "mask" { $0.mask = InputMask(format: "+7(ddd)ddd-dd-dd", appearance: .whole) }
        }
        editor.insert(kind == "placeholder" ? "" : "1")  // a first edit from the initial drawn text
        let count = editor.editedPrepareCount
        if typed.isEmpty { editor.deleteBackward(editor.text.count) } else { editor.insert(typed) }
        #expect((editor.editedPrepareCount > count) == edited, "\(name)")
        #expect(editor.checkInvariants() == [])
    }

    @Test("a layout measures the editor as measureEditor does", arguments: [
        EditorSizing(),
        EditorSizing(minLines: 3),
        EditorSizing(minLines: 2, maxLines: 2, lineSpace: 3),
        EditorSizing(maxLines: 1, insets: EdgeInsets(top: 4, left: 6, bottom: 5, right: 7)),
        EditorSizing(minLines: 5, lineSpace: 1.5, minHeight: 10, maxHeight: 60),
        EditorSizing(minHeight: 200),
    ])
    func layoutMeasure(_ sizing: EditorSizing) throws {
        for width in [90.0, 300, nil] as [Double?] {
            let prepared = try PreparedText("A few words that wrap\nonto several lines at a narrow width.", font: dejaVu(), size: 17)
            let expected = try prepared.measureEditor(editorWidth: width, sizing: sizing)
            let measured = try expected.layout.measureEditor(editorWidth: width, sizing: sizing)
            #expect(measured.height == expected.height)
            #expect(measured.visibleLineCount == expected.visibleLineCount)
            #expect(measured.isScrollable == expected.isScrollable)
        }
        let layout = try PreparedText("x", font: dejaVu(), size: 17).layout(wrapWidth: 100)
        #expect(throws: LayoutError.self) { try layout.measureEditor(editorWidth: 120, sizing: sizing) }
    }

    @Test("the drawn edit is the smallest replacement on scalar boundaries, taking in a carriage return before it", arguments: [
        ("abc", "abXc", 2..<2, "X"),
        ("abc", "ac", 1..<2, ""),
        ("same", "same", 4..<4, ""),
        ("", "new", 0..<0, "new"),
        ("aa", "aaa", 2..<2, "a"),
        ("x\rb", "x\r\nb", 1..<2, "\r\n"),
        ("x\rYb", "x\rb", 1..<3, "\r"),
        ("é", "è", 0..<2, "è"),  // U+00E9 and U+00E8 share their lead byte
        ("a😀b", "a😁b", 1..<5, "😁"),  // and these their first three bytes
        ("••", "•••", 6..<6, "•"),
    ])
    func drawnEdit(_ old: String, _ new: String, _ bytes: Range<Int>, _ replacement: String) {
        let edit = EditorModel.drawnEdit(from: old, to: new)
        #expect(edit.bytes == bytes)
        #expect(edit.replacement == replacement)
        var applied = Array(old.utf8)
        applied.replaceSubrange(edit.bytes, with: Array(edit.replacement.utf8))
        #expect(String(decoding: applied, as: UTF8.self) == new)
    }

    /// Pieces that stress paragraphs and the edit's boundaries: lone and paired CR and LF, marks, surrogates.
    static let pieces = ["a", "word ", "\r", "\n", "\r\n", "\u{301}", "𝔸", "\u{2029}", "  ", "longerword", "שלום "]

    @Test("random sessions with masks, secure entry and hard breaks: heights are a fresh measurement's", arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func randomSession(_ seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        let editor = try makeEditor(width: 110) {
            $0.settings.sizing = EditorSizing(maxLines: 5, lineSpace: 1)
            $0.secure = seed % 3 == 0
            if seed % 2 == 0 {
                $0.mask = InputMask(formats: ["***-***-***-***-***", "dd.dd"], appearance: seed % 4 == 0 ? .whole : .leftAndRight,
                                    mode: .lenient, literalStyle: MaskTextStyle(color: "#0000ff"),
                                    slotCharacterStyle: seed == 4 ? MaskTextStyle(font: try? dejaVu("DejaVuSans-Bold.ttf"), size: 22) : nil)
            } else {
                $0.placeholder = seed == 5 ? "Say something" : ""
            }
        }
        for step in 0..<150 {
            let length = editor.text.utf16.count
            switch Int.random(in: 0..<8, using: &random) {
            case 0, 1, 2: editor.insert(Self.pieces.randomElement(using: &random)!)
            case 3: editor.paste((0..<Int.random(in: 1...5, using: &random)).map { _ in Self.pieces.randomElement(using: &random)! }.joined())
            case 4: editor.deleteBackward(Int.random(in: 1...3, using: &random))
            case 5: editor.deleteForward(Int.random(in: 1...2, using: &random))
            case 6: try editor.moveCaret(toUTF16Offset: Int.random(in: 0...length, using: &random))
            default: try editor.select(fromUTF16Offset: Int.random(in: 0...length, using: &random), to: Int.random(in: 0...length, using: &random))
            }
            #expect(editor.checkInvariants() == [], "seed \(seed) step \(step)")
            // The same text with the same spans: literals and slot characters in their styles.
            let mask = editor.configuration.mask
            let spans = (editor.maskSpans ?? []).compactMap { span -> StyledSpan? in
                switch span.kind {
                case .input: return nil
                case .literal: return StyledSpan(range: span.range, attributes: ["role": "literal", "color": "#0000ff"])
                case .slotCharacter:
                    let style = mask?.slotCharacterStyle
                    return StyledSpan(range: span.range, font: style?.font, size: style?.size, attributes: ["role": "placeholder"])
                }
            }
            let fresh = try PreparedText(editor.displayText, style: TextStyle(font: uncachedDejaVu()), spans: spans)
                .measureEditor(editorWidth: editor.editorWidth, sizing: editor.configuration.settings.sizing)
            let lines = editor.measurement.layout.lines
            #expect(editor.measurement.height == fresh.height, "seed \(seed) step \(step)")
            #expect(lines.map(\.utf16Range) == fresh.layout.lines.map(\.utf16Range), "seed \(seed) step \(step)")
            #expect(lines.map(\.width) == fresh.layout.lines.map(\.width), "seed \(seed) step \(step)")
            #expect(lines.map(\.top) == fresh.layout.lines.map(\.top), "seed \(seed) step \(step)")
        }
        // Masked edits take it only when the spans move with the edit (typing over a slot character).
        #expect(editor.editedPrepareCount > (editor.configuration.mask == nil ? 20 : 0), "edits take the edit path")
    }

    @Test("appending streamed pieces keeps the caret and selection and measures as a fresh editor", arguments: [false, true])
    func appendStream(_ crossesLimit: Bool) throws {
        let answer = IncrementalEditorTests.longText + "\r\n\u{301}تمام 2024 😀\u{200D}👩 end"
        let editor = try makeEditor(text: "Q: ", width: 240) {
            $0.settings.sizing = EditorSizing(maxLines: 6, lineSpace: 2)
            if crossesLimit { $0.maxLength = 40 }
        }
        editor.select(from: editor.text.startIndex, to: editor.text.index(after: editor.text.startIndex))
        var pieces: [String] = []
        var rest = Substring(answer)
        var size = 1
        while !rest.isEmpty {
            pieces.append(String(rest.prefix(size)))
            rest = rest.dropFirst(size)
            size = size % 7 + 1
        }
        let preparesBefore = editor.prepareCount
        for piece in pieces {
            #expect(editor.append(piece) == .accepted, "appending is not limited by maxLength")
            #expect(editor.checkInvariants() == [])
        }
        #expect(editor.text == "Q: " + answer)
        #expect(editor.text.utf16Range(of: editor.selectedRange) == 0..<1, "the selection stays where it was")
        #expect(editor.editedPrepareCount == pieces.count, "every piece went through the edit path")
        #expect(editor.prepareCount - preparesBefore == pieces.count)
        let fresh = try PreparedText(editor.displayText, font: uncachedDejaVu(), size: 17).measureEditor(editorWidth: 240, sizing: editor.configuration.settings.sizing)
        #expect(editor.measurement.height == fresh.height)
        // (Another font instance: its runs differ by font identity, so lines are compared by their values.)
        func lines(_ layout: Layout) -> [String] {
            layout.lines.map { "\($0.utf16Range) w=\($0.width) top=\($0.top) base=\($0.baseline) rtl=\($0.isRightToLeft) glyphs=\($0.runs.flatMap(\.glyphs).map(\.id))" }
        }
        #expect(lines(editor.measurement.layout) == lines(fresh.layout))
    }

    @Test("appending to a masked or secure editor draws what setting the longer text draws")
    func appendMaskedAndSecure() throws {
        for kind in ["mask", "secure"] {
            let configure: (inout EditorConfiguration) -> Void = {
                if kind == "secure" { $0.secure = true }
                if kind == "mask" { $0.mask = InputMask(format: "+7(ddd)ddd-dd-dd", appearance: .whole) }
            }
            let appended = try makeEditor(text: "", width: 200, configure)
            let set = try makeEditor(text: "", width: 200, configure)
            for piece in ["91", "2", "345", "67"] {
                appended.append(piece)
                set.setText(set.text + piece)
                #expect(appended.displayText == set.displayText, "\(kind) after \(piece)")
                #expect(appended.measurement.height == set.measurement.height)
            }
        }
    }
}
