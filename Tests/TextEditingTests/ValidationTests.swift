// Validation as tests: debounced live validation on an injected clock, end-editing validation, stale results dropped, helper texts.
import Testing
import TextEditing
import TextLayout

/// A validator that answers only when the test tells it to, and remembers what it was asked.
final class PendingValidator {
    var requests: [(text: String, complete: ValidationCompletion)] = []
    var validator: Validator { { [self] text, complete in requests.append((text, complete)) } }
}

/// A validator that answers at once: at least `minimum` grapheme clusters.
func minimumLength(_ minimum: Int, _ message: String? = "Too short") -> Validator {
    { text, complete in complete(text.count >= minimum ? .success : .failure(message: message)) }
}

@Suite("Validation: debounced live, end of editing, stale results dropped")
struct ValidationTests {
    @Test("live validation runs once, liveValidationInterval after the last change",
          arguments: [0.5, 1.0, 0.0])
    func debounced(_ interval: Double) throws {
        let clock = ManualClock()
        let pending = PendingValidator()
        let editor = try makeEditor(clock: clock) { $0.liveValidation = pending.validator; $0.liveValidationInterval = interval }
        editor.insert("a")
        try clock.advance(by: interval * 0.6)
        editor.insert("b")
        try clock.advance(by: interval * 0.6)
        editor.tick()
        #expect(pending.requests.map(\.text) == (interval == 0 ? ["a", "ab"] : []))
        try clock.advance(by: interval * 0.4)
        editor.tick()
        #expect(pending.requests.map(\.text) == (interval == 0 ? ["a", "ab"] : ["ab"]))
        #expect(editor.nextDeadline == nil)
    }

    @Test("the default live validation interval is 0.5 s")
    func defaultInterval() throws {
        let clock = ManualClock()
        let editor = try makeEditor(clock: clock) { $0.liveValidation = minimumLength(3) }
        #expect(editor.configuration.liveValidationInterval == 0.5)
        editor.insert("ab")
        #expect(editor.nextDeadline == 0.5)
        try clock.advance(by: 0.49)
        editor.tick()
        #expect(editor.snapshot.state == .standard)
        try clock.advance(by: 0.01)
        editor.tick()
        #expect(editor.snapshot.state == .error)
    }

    @Test("failure sets error and `helper - message`; success sets success and restores the helper",
          arguments: [("Name", "Too short", "Name - Too short"), (nil, "Too short", "Too short"), ("Name", nil, "Name"),
                      (nil, nil, nil)] as [(String?, String?, String?)])
    func helperTexts(_ helper: String?, _ message: String?, _ shown: String?) throws {
        let clock = ManualClock()
        let editor = try makeEditor(clock: clock) { $0.helperText = helper; $0.liveValidation = minimumLength(3, message) }
        editor.insert("ab")
        try clock.advance(by: 0.5)
        editor.tick()
        #expect(editor.snapshot.state == .error)
        #expect(editor.snapshot.helperText == shown)
        editor.insert("c")
        try clock.advance(by: 0.5)
        editor.tick()
        #expect(editor.snapshot.state == .success)
        #expect(editor.snapshot.helperText == helper)
    }

    @Test("bug fixed: an old error message left behind; an edit restores the helper at once")
    func oldErrorMessage() throws {
        let clock = ManualClock()
        let editor = try makeEditor(clock: clock) { $0.helperText = "At least 3"; $0.liveValidation = minimumLength(3) }
        editor.insert("ab")
        try clock.advance(by: 1)
        editor.tick()
        #expect(editor.snapshot.helperText == "At least 3 - Too short")
        editor.insert("c")
        #expect(editor.snapshot.helperText == "At least 3")
        #expect(editor.snapshot.state == .standard)
    }

    @Test("bug fixed: success and error return to active (or standard) when the user edits again",
          arguments: [(true, FieldState.active), (false, .standard)])
    func editingAgain(_ activeOnEditing: Bool, _ after: FieldState) throws {
        let clock = ManualClock()
        let editor = try makeEditor(clock: clock) { $0.activeOnEditing = activeOnEditing; $0.liveValidation = minimumLength(3) }
        editor.setFocused(true)
        for (typed, result) in [("ab", FieldState.error), ("cd", .success)] {
            editor.insert(typed)
            try clock.advance(by: 0.5)
            editor.tick()
            #expect(editor.snapshot.state == result)
            editor.deleteBackward()
            #expect(editor.snapshot.state == after)
            editor.insert(String(typed.last!))
        }
    }

    @Test("end-editing validation runs when focus is lost")
    func endEditing() throws {
        let editor = try makeEditor { $0.endEditingValidation = minimumLength(3); $0.activeOnEditing = true }
        editor.setFocused(true)
        editor.insert("ab")
        #expect(editor.snapshot.state == .active)
        editor.setFocused(false)
        #expect(editor.snapshot.state == .error)
        #expect(editor.snapshot.helperText == "Too short")
    }

    @Test("without an end-editing validator, a pending live validation runs when focus is lost")
    func blurFlushesLive() throws {
        let editor = try makeEditor { $0.liveValidation = minimumLength(3) }
        editor.setFocused(true)
        editor.insert("ab")
        editor.setFocused(false)
        #expect(editor.snapshot.state == .error)
        #expect(editor.nextDeadline == nil)
    }

    @Test("bug fixed: a late validation cannot override the disabled state")
    func lateResultWhileDisabled() throws {
        let clock = ManualClock()
        let pending = PendingValidator()
        let editor = try makeEditor(clock: clock) { $0.liveValidation = pending.validator }
        editor.insert("ab")
        try clock.advance(by: 0.5)
        editor.tick()
        editor.setEnabled(false)
        #expect(pending.requests[0].complete(.failure(message: "late")) == false)
        #expect(editor.snapshot.state == .disabled)
        editor.setEnabled(true)
        #expect(pending.requests[0].complete(.failure(message: "late")) == false, "a new session began")
        #expect(editor.snapshot.state == .standard)
        #expect(editor.snapshot.helperText == nil)
    }

    @Test("bug fixed: a late live result cannot override a newer end-editing result")
    func lateLiveAfterEndEditing() throws {
        let clock = ManualClock()
        let live = PendingValidator()
        let editor = try makeEditor(clock: clock) { $0.liveValidation = live.validator; $0.endEditingValidation = minimumLength(1) }
        editor.setFocused(true)
        editor.insert("ab")
        try clock.advance(by: 0.5)
        editor.tick()
        editor.setFocused(false)
        #expect(editor.snapshot.state == .success)
        #expect(live.requests.count == 1)
        #expect(live.requests[0].complete(.failure(message: "late")) == false)
        #expect(editor.snapshot.state == .success)
    }

    @Test("a result for an older text is dropped; a newer request's result stands", arguments: [0, 1])
    func staleText(_ answerFirst: Int) throws {
        let clock = ManualClock()
        let pending = PendingValidator()
        let editor = try makeEditor(clock: clock) { $0.liveValidation = pending.validator }
        editor.insert("a")
        try clock.advance(by: 0.5)
        editor.tick()
        editor.insert("b")
        try clock.advance(by: 0.5)
        editor.tick()
        #expect(pending.requests.map(\.text) == ["a", "ab"])
        #expect(pending.requests[0].complete.token.textVersion < pending.requests[1].complete.token.textVersion)
        if answerFirst == 1 { #expect(pending.requests[1].complete(.success)) }
        #expect(pending.requests[0].complete(.failure(message: "old")) == false)
        if answerFirst == 0 { #expect(pending.requests[1].complete(.success)) }
        #expect(pending.requests[1].complete(.failure(message: "twice")) == false, "one answer per request")
        #expect(editor.snapshot.state == .success)
    }

    @Test("a validator answering after the editor is gone does nothing")
    func editorGone() throws {
        let clock = ManualClock()
        let pending = PendingValidator()
        var editor: EditorModel? = try makeEditor(clock: clock) { $0.liveValidation = pending.validator; $0.liveValidationInterval = 0 }
        editor?.insert("a")
        editor = nil
        #expect(pending.requests[0].complete(.success) == false)
    }

    @Test("setText in code restarts live validation and clears error")
    func setTextValidates() throws {
        let clock = ManualClock()
        let editor = try makeEditor(clock: clock) { $0.liveValidation = minimumLength(3) }
        editor.setText("ab")
        try clock.advance(by: 0.5)
        editor.tick()
        #expect(editor.snapshot.state == .error)
        editor.setText("abc")
        #expect(editor.snapshot.state == .standard)
        try clock.advance(by: 0.5)
        editor.moveCaret(to: editor.text.startIndex)  // any event runs what is due first
        #expect(editor.snapshot.state == .success)
    }

    @Test("the manual clock refuses to go back")
    func clockForwardOnly() throws {
        let clock = ManualClock(now: 3)
        #expect(throws: EditorError.self) { try clock.advance(by: -1) }
        #expect(throws: EditorError.self) { try clock.advance(by: .nan) }
        #expect(clock.now == 3)
        #expect(SystemClock().now >= 0)
    }
}
