// AutoHeightEditor's behaviour as tests: the editor grows with its text up to maxLines; each of the seed's bugs shown fixed.
import Testing
import TextEditing
import TextLayout

@Suite("AutoHeightEditor: growing height, pattern, disabled placeholder")
struct AutoHeightEditorTests {
    @Test("bug fixed: the width-ratio guess counts too few lines when wrapping leaves a gap")
    func widthRatioGuess() throws {
        let text = "Internationalization considerations notwithstanding, extraordinarily long words leave gaps."
        let editor = try makeEditor(text: text, width: 200)
        let prepared = try PreparedText(text, font: dejaVu(), size: 17)
        let guess = 1 + Int(try prepared.layout().widestLineWidth / 200)  // AutoHeightEditor's formula
        let exact = try prepared.layout(wrapWidth: 200).lineCount
        #expect(editor.snapshot.lineCount == exact)
        #expect(editor.snapshot.lineCount > guess, "this text must be one the guess gets wrong")
    }

    @Test("bug fixed: the box width captured once; a new width re-measures without reshaping",
          arguments: [80.0, 150, 320, 1000])
    func widthChanges(_ width: Double) throws {
        let text = "A new width re-breaks the same shaped text into a different number of lines."
        let editor = try makeEditor(text: text, width: 200)
        try editor.setEditorWidth(width)
        let expected = try PreparedText(text, font: dejaVu(), size: 17).layout(wrapWidth: width)
        #expect(editor.snapshot.lineCount == expected.lineCount)
        #expect(editor.snapshot.contentHeight == expected.contentHeight)
        #expect(editor.prepareCount == 1, "a width change must not shape the text again")
        #expect(editor.layoutCount == 2)
    }

    @Test("bug fixed: every font measured as body; the configured font and size are measured",
          arguments: [("DejaVuSans.ttf", 17.0), ("DejaVuSans-Bold.ttf", 24), ("DejaVuSansMono.ttf", 11)])
    func fontsAndSizes(_ file: String, _ size: Double) throws {
        let font = try dejaVu(file)
        let settings = LayoutSettings(text: TextSettings(size: size), editorWidth: 300)
        let editor = try EditorModel(configuration: EditorConfiguration(font: font, settings: settings, text: "Hi"), clock: ManualClock())
        #expect(editor.snapshot.height == font.metrics.lineHeight(size: size))
        let wide = try EditorModel(configuration: EditorConfiguration(font: font, settings: settings, text: String(repeating: "wide ", count: 20)),
                                   clock: ManualClock())
        let expected = try PreparedText(wide.text, font: font, size: size).layout(wrapWidth: 300).lineCount
        #expect(wide.snapshot.lineCount == expected)
    }

    @Test("bug fixed: \\r\\n, \\r, U+2028 and the other hard breaks each start a line",
          arguments: [("a\r\nb", 2), ("a\rb", 2), ("a\u{2028}b", 2), ("a\u{2029}b", 2), ("a\u{85}b", 2),
                      ("a\nb", 2), ("a\r\n\r\nb", 3), ("a\r\n", 2), ("a\r", 2)])
    func hardBreaks(_ text: String, _ lines: Int) throws {
        let editor = try makeEditor(text: text, width: 200)
        #expect(editor.snapshot.lineCount == lines)
        #expect(editor.snapshot.height == Double(lines) * lineHeight17)
    }

    @Test("bug fixed: the initial text is measured at creation, before any edit")
    func initialTextMeasured() throws {
        let editor = try makeEditor(text: "one\ntwo\nthree", width: 200) { $0.settings.sizing.lineSpace = 2 }
        let snapshot = editor.snapshot
        #expect(snapshot.lineCount == 3)
        #expect(snapshot.height == 3 * lineHeight17 + 2 * 2)
    }

    @Test("bug fixed: no extra lineSpace at the cap", arguments: [1, 2, 3, 5])
    func capHeight(_ maxLines: Int) throws {
        let editor = try makeEditor(text: "1\n2\n3\n4\n5\n6", width: 200) {
            $0.settings.sizing = EditorSizing(maxLines: maxLines, lineSpace: 2)
        }
        let snapshot = editor.snapshot
        #expect(snapshot.height == Double(maxLines) * lineHeight17 + Double(maxLines - 1) * 2)
        #expect(snapshot.contentHeight == 6 * lineHeight17 + 5 * 2)
        #expect(snapshot.isScrollable)
    }

    @Test("the editor grows a line at a time up to maxLines, then scrolls")
    func growsThenScrolls() throws {
        let editor = try makeEditor(width: 200) { $0.settings.sizing = EditorSizing(minLines: 1, maxLines: 3, lineSpace: 2) }
        var heights: [Double] = [editor.snapshot.height]
        for _ in 0..<4 {
            editor.insert("line\n")
            heights.append(editor.snapshot.height)
        }
        let line = lineHeight17
        #expect(heights == [line, 2 * line + 2, 3 * line + 4, 3 * line + 4, 3 * line + 4])
        #expect(editor.snapshot.lineCount == 5)
        #expect(editor.snapshot.isScrollable)
    }

    @Test("bug fixed: the pattern must match the whole text, and empty text is judged by the pattern",
          arguments: [("[0-9]+", "abc123", false), ("[0-9]+", "123", true), ("[0-9]*", "", true),
                      ("[0-9]+", "", false), ("a|b", "ab", false), ("[a-z]+@[a-z]+\\.[a-z]{2,3}", "me@example.com", true),
                      ("[a-z]+@[a-z]+\\.[a-z]{2,3}", "me@example.com and more", false)])
    func wholeMatch(_ pattern: String, _ text: String, _ matched: Bool) throws {
        let editor = try makeEditor(text: text) { $0.pattern = pattern }
        #expect(editor.snapshot.isMatched == matched)
    }

    @Test("isMatched follows every change; without a pattern it is nil")
    func matchFollowsEdits() throws {
        let editor = try makeEditor { $0.pattern = "[0-9]{3}" }
        var matches: [Bool?] = [editor.snapshot.isMatched]
        for event in [{ editor.insert("12") }, { editor.insert("3") }, { editor.insert("4") },
                      { editor.deleteBackward(1) }, { editor.setText("x") }] {
            _ = event()
            matches.append(editor.snapshot.isMatched)
        }
        #expect(matches == [false, false, true, false, true, false])
        #expect(try makeEditor(text: "123").snapshot.isMatched == nil)
    }

    @Test("an invalid pattern is an error when the editor is configured")
    func invalidPattern() throws {
        do {
            _ = try makeEditor { $0.pattern = "([0-9]" }
            Issue.record("an invalid pattern was accepted")
        } catch let error as EditorError {
            #expect(error.code == .invalidPattern)
            #expect(error.message.contains("([0-9]"))
        }
    }

    @Test("disabled: refuses edits, shows and measures disabledPlaceholder, never below minLines")
    func disabledPlaceholder() throws {
        let notice = "This editor has been disabled, so nothing you type will reach it."
        let editor = try makeEditor(text: "typed", width: 200) {
            $0.disabledPlaceholder = notice
            $0.settings.sizing = EditorSizing(minLines: 4)
        }
        editor.setEnabled(false)
        var snapshot = editor.snapshot
        #expect(snapshot.state == .disabled)
        #expect(snapshot.displayText == notice)
        #expect(snapshot.showsPlaceholder)
        let shown = try PreparedText(notice, font: dejaVu(), size: 17).layout(wrapWidth: 200)
        #expect(snapshot.lineCount == shown.lineCount)
        #expect(shown.lineCount < 4)
        #expect(snapshot.height == 4 * lineHeight17)
        #expect(editor.insert("x") == .rejected)
        #expect(editor.snapshot.rejected)
        #expect(editor.text == "typed")
        editor.setEnabled(true)
        snapshot = editor.snapshot
        #expect(snapshot.state == .standard)
        #expect(snapshot.displayText == "typed")
        #expect(editor.insert("x") == .accepted)
    }

    @Test("disabled without a disabledPlaceholder shows the text (or the placeholder)")
    func disabledWithoutNotice() throws {
        let editor = try makeEditor(text: "kept", width: 200) { $0.enabled = false }
        #expect(editor.snapshot.displayText == "kept")
        #expect(editor.snapshot.state == .disabled)
        let empty = try makeEditor(width: 200) { $0.enabled = false; $0.placeholder = "Nothing" }
        #expect(empty.snapshot.displayText == "Nothing")
    }

    @Test("border, style, label and helper are passed to renderers as configured")
    func rendererSettings() throws {
        let editor = try makeEditor {
            $0.border = Border(width: 1, cornerRadius: 20)
            $0.style = .filled
            $0.labelText = "Comment"
            $0.helperText = "Be kind"
        }
        #expect(editor.configuration.border == Border(width: 1, cornerRadius: 20))
        #expect(editor.configuration.style == .filled)
        #expect(editor.configuration.labelText == "Comment")
        #expect(editor.snapshot.helperText == "Be kind")
        #expect(throws: EditorError.self) { _ = try makeEditor { $0.border = Border(width: -1) } }
    }
}
