// Focus, enabled and the field states, and validation: live (debounced on the clock) and at end of editing, stale results dropped.

extension EditorModel {
    /// Gives the editor focus or takes it away.
    ///
    /// Gaining focus starts a new focus session and, with `activeOnEditing`, turns `standard` into
    /// `active`. Losing focus starts a new session, turns `active` back into `standard` (with
    /// `activeOnEditing`) and runs end-editing validation; without an end-editing validator, a live
    /// validation still waiting for its interval runs at once, so the final text is validated.
    /// - Returns: `.rejected` when a disabled editor is asked to take focus.
    @discardableResult
    public func setFocused(_ focused: Bool) -> EditOutcome {
        perform {
            guard focused != isFocused else { return .accepted }
            if focused {
                guard isEnabled else { return .rejected }
                isFocused = true
                session += 1
                if configuration.activeOnEditing, fieldState == .standard { fieldState = .active }
            } else {
                isFocused = false
                session += 1
                if configuration.activeOnEditing, fieldState == .active { fieldState = .standard }
                let livePending = nextDeadline != nil
                nextDeadline = nil
                if configuration.endEditingValidation != nil {
                    startValidation(.endEditing)
                } else if livePending {
                    startValidation(.live)
                }
            }
            return .accepted
        }
    }

    /// Enables or disables the editor.
    ///
    /// Disabling drops focus, cancels pending validation, forgets the validation state and shows
    /// the disabled placeholder (when one is given); enabling returns the field to `standard`.
    /// Either way a new session starts, so no result asked for before can apply after.
    @discardableResult
    public func setEnabled(_ enabled: Bool) -> EditOutcome {
        perform {
            guard enabled != isEnabled else { return .accepted }
            do { try relayout(text: text, inlineObjects: inlineObjects, enabled: enabled) } catch { return .rejected }
            isEnabled = enabled
            isFocused = false
            session += 1
            nextDeadline = nil
            fieldState = .standard
            validationMessage = nil
            return .accepted
        }
    }

    /// Runs what is due at the clock's time: the live validation, once `liveValidationInterval`
    /// has passed since the last change. Every event calls it first; a host calls it when the
    /// clock reaches ``nextDeadline``. While an input method composes, validation waits for the commit.
    public func tick() {
        guard composition == nil, let due = nextDeadline, clock.now >= due else { return }
        nextDeadline = nil
        startValidation(.live)
    }

    /// Applies a validation result, unless it is stale: asked for an older text or focus session,
    /// older than a result already applied, or arriving while disabled.
    /// - Returns: Whether the result was applied.
    @discardableResult
    public func applyValidation(_ result: ValidationResult, for token: ValidationToken) -> Bool {
        guard isEnabled, token.textVersion == textVersion, token.session == session,
              token.request > lastAppliedRequest else { return false }
        lastAppliedRequest = token.request
        switch result {
        case .success:
            fieldState = .success
            validationMessage = nil
        case let .failure(message):
            fieldState = .error
            validationMessage = message
        }
        return true
    }

    /// Asks the validator of `kind` about the current text, with a token for this text version
    /// and session. The validator may answer at once or later.
    func startValidation(_ kind: ValidationKind) {
        let validator = kind == .live ? configuration.liveValidation : configuration.endEditingValidation
        guard let validator, isEnabled else { return }
        requestSerial += 1
        let token = ValidationToken(request: requestSerial, textVersion: textVersion, session: session, kind: kind)
        validator(text, ValidationCompletion(token: token, editor: self))
    }
}
