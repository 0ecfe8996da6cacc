// VitaminTextField's behaviour as tests: states, activeOnEditing, counter, length policies, secure entry; its bugs shown fixed.
import Testing
import TextEditing
import TextLayout

@Suite("VitaminTextField: states, counter, length limit, secure entry")
struct VitaminFieldTests {
    @Test("bug fixed: secure entry applies at creation, one bullet per grapheme cluster, measured as drawn",
          arguments: [("pa55", 4), ("👨‍👩‍👧x", 2), ("e\u{301}t\u{E9}", 3), ("a\r\nb", 3), ("", 0)])
    func secureAtCreation(_ text: String, _ bullets: Int) throws {
        let editor = try makeEditor(text: text, width: 200) { $0.secure = true }
        let snapshot = editor.snapshot
        #expect(snapshot.displayText == String(repeating: "\u{2022}", count: bullets))
        #expect(snapshot.text == text)
        let drawn = try PreparedText(snapshot.displayText, font: dejaVu(), size: 17).measureEditor(editorWidth: 200)
        #expect(snapshot.height == drawn.height)
        #expect(snapshot.lineCount == 1)
    }

    @Test("secure: the caret sits after as many bullets as clusters before it")
    func secureCaret() throws {
        let editor = try makeEditor(text: "👍🏽ab", width: 200) { $0.secure = true }
        try editor.moveCaret(toUTF16Offset: 4)  // after the thumbs-up with its skin tone
        let bullets = try PreparedText("\u{2022}", font: dejaVu(), size: 17).layout().widestLineWidth
        #expect(editor.snapshot.caret == 4)
        #expect(abs(editor.snapshot.caretRect.x - bullets) < 1e-9)
    }

    @Test("bug fixed: the counter is current when the value is set in code, even over the limit")
    func counterSetInCode() throws {
        let editor = try makeEditor(text: "abc") { $0.maxLength = 10 }
        #expect(editor.snapshot.counter == "3/10")
        editor.setText("hello")
        #expect(editor.snapshot.counter == "5/10")
        #expect(editor.setText("twelve chars") == .accepted)
        #expect(editor.snapshot.counter == "12/10")
        #expect(try makeEditor().snapshot.counter == nil)
    }

    @Test("the counter counts grapheme clusters", arguments: [("👨‍👩‍👧", 1), ("🇫🇷🇩🇪", 2), ("e\u{301}", 1), ("a\r\n", 2), ("abc", 3)])
    func counterGraphemes(_ text: String, _ count: Int) throws {
        let editor = try makeEditor { $0.maxLength = 5 }
        editor.insert(text)
        #expect(editor.snapshot.counter == "\(count)/5")
    }

    @Test("bug fixed: over the limit, deleting and shortening are still allowed", arguments: LengthPolicy.allCases)
    func shortenOverLimit(_ policy: LengthPolicy) throws {
        let editor = try makeEditor { $0.maxLength = 10; $0.lengthPolicy = policy }
        editor.setText("twelve chars")
        #expect(editor.deleteBackward() == .accepted)
        #expect(editor.snapshot.counter == "11/10")
        #expect(editor.insert("x") == .rejected)
        #expect(editor.snapshot.rejected)
        #expect(editor.text == "twelve char")
        try editor.select(fromUTF16Offset: 0, to: 6)  // "twelve"
        #expect(editor.insert("two") != .rejected, "a replacement that shortens the text is allowed")
        #expect(editor.text == "two char")
        #expect(editor.deleteForward(3) == .accepted)
    }

    @Test("reject policy: an edit that would exceed the limit is refused whole",
          arguments: [("ab", "cd", "abcd", false), ("ab", "cdef", "ab", true), ("ab", "cde", "abcde", false), ("abcd", "👨‍👩‍👧", "abcd👨‍👩‍👧", false),
                      ("abcd", "\u{301}", "abcd\u{301}", false), ("", "hello world", "", true)])
    func rejectPolicy(_ start: String, _ typed: String, _ result: String, _ rejected: Bool) throws {
        let editor = try makeEditor(text: start) { $0.maxLength = 5 }
        #expect(editor.paste(typed).isRejected == rejected)
        #expect(editor.text == result)
    }

    @Test("truncate policy: the inserted text is cut at a grapheme boundary to fit",
          arguments: [("ab", "cdefg", "abcde", EditOutcome.truncated), ("abc", "👨‍👩‍👧👍🏽🇫🇷", "abc👨‍👩‍👧👍🏽", .truncated),
                      ("abcde", "f", "abcde", .rejected), ("ab", "cd", "abcd", .accepted)])
    func truncatePolicy(_ start: String, _ typed: String, _ result: String, _ outcome: EditOutcome) throws {
        let editor = try makeEditor(text: start) { $0.maxLength = 5; $0.lengthPolicy = .truncate }
        #expect(editor.paste(typed) == outcome)
        #expect(editor.text == result)
        #expect(editor.checkInvariants() == [])
    }

    @Test("truncate policy replaces the selection and cuts the rest")
    func truncateSelection() throws {
        let editor = try makeEditor(text: "hello") { $0.maxLength = 6; $0.lengthPolicy = .truncate }
        try editor.select(fromUTF16Offset: 1, to: 4)  // "ell"
        #expect(editor.paste("ELLIPSIS") == .truncated)
        #expect(editor.text == "hELLIo")
        #expect(editor.snapshot.caret == 5)
    }

    @Test("activeOnEditing: focus turns standard into active, blur turns it back", arguments: [true, false])
    func activeOnEditing(_ active: Bool) throws {
        let editor = try makeEditor { $0.activeOnEditing = active }
        #expect(editor.snapshot.state == .standard)
        editor.setFocused(true)
        #expect(editor.snapshot.state == (active ? .active : .standard))
        editor.setFocused(false)
        #expect(editor.snapshot.state == .standard)
    }

    @Test("a disabled field refuses focus and every edit, and takes text set in code")
    func disabledRefuses() throws {
        let editor = try makeEditor(text: "abc") { $0.enabled = false; $0.maxLength = 5 }
        #expect(editor.snapshot.state == .disabled)
        #expect(editor.setFocused(true) == .rejected)
        #expect(editor.insert("x") == .rejected)
        #expect(editor.paste("x") == .rejected)
        #expect(editor.deleteBackward() == .rejected)
        #expect(editor.deleteForward() == .rejected)
        #expect(editor.moveCaret(to: editor.text.startIndex) == .rejected)
        #expect(editor.selectAll() == .rejected)
        #expect(editor.setText("set in code") == .accepted)
        #expect(editor.snapshot.counter == "11/5")
        #expect(editor.snapshot.state == .disabled)
    }
}
