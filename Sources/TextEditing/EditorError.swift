// The errors of the editor model: a bad configuration or a bad argument to an edit, with a stable code and a message.
import TextLayout

/// Why the editor refused a configuration or an argument.
///
/// An edit that the editor's rules refuse (a disabled editor, the length limit) is not an error: it
/// returns ``EditOutcome/rejected``. Errors are for values that are wrong in themselves, such as an
/// offset outside the text or a pattern that does not compile. Errors from the layout engine (an
/// unknown font, a bad sizing) are ``LayoutError`` values and pass through unchanged.
public typealias EditorError = CodedError<EditorErrorCode>

/// Why the editor refused a value.
public enum EditorErrorCode: String, ErrorCode, CaseIterable {
    /// A value out of its allowed range: an offset outside the text, a negative time...
    case invalidArgument
    /// A `pattern` that is not a valid regular expression.
    case invalidPattern
}
