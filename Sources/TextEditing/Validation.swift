// Validators: closures that judge the text and may answer later, with a token so that a stale answer is dropped.

/// What a validator says about the text.
public enum ValidationResult: Sendable, Equatable {
    /// The text is valid: the field turns `success` and shows its helper text.
    case success
    /// The text is not valid: the field turns `error` and shows `helper - message` (just `message`
    /// without a helper; just the helper when `message` is nil).
    case failure(message: String?)
}

/// Which of the two validations asked.
public enum ValidationKind: String, Sendable {
    /// Live validation: runs `liveValidationInterval` seconds after the last change.
    case live
    /// End-editing validation: runs when the editor loses focus.
    case endEditing
}

/// Identifies one validation request: the text version and focus session it was asked for.
///
/// The editor applies a result only while its text version and session are still those of the
/// token, and no result of a later request has been applied; any other result is stale and is
/// dropped. The session changes when the editor gains or loses focus and when it is enabled or
/// disabled, so a late answer can never override a newer result or the disabled state.
public struct ValidationToken: Sendable, Hashable {
    /// The request's serial number; later requests have larger numbers.
    public let request: Int
    /// The version of the text validated; every change of the text makes a new version.
    public let textVersion: Int
    /// The focus session the request was made in.
    public let session: Int
    public let kind: ValidationKind
}

/// The answer channel a validator is given: call it once, now or later, with the result.
///
/// It holds the editor weakly, so a validator that answers after the editor is gone does nothing.
public struct ValidationCompletion {
    public let token: ValidationToken
    weak var editor: EditorModel?

    /// Hands the result to the editor.
    /// - Returns: Whether the editor applied it (false when it was stale and dropped).
    @discardableResult
    public func callAsFunction(_ result: ValidationResult) -> Bool {
        editor?.applyValidation(result, for: token) ?? false
    }
}

/// A validator: judges `text` (the real text, never the bullets of secure entry) and calls
/// `complete` once with the result, at once or later.
public typealias Validator = (_ text: String, _ complete: ValidationCompletion) -> Void
