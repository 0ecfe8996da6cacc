// The shape of every error the project reports (a stable code and a message that says what was wrong and what is allowed), and the engine's codes.

/// The code of a ``CodedError``: a stable name for programs (its raw value is what the batch,
/// the editing session and the CLI report).
public protocol ErrorCode: RawRepresentable, Sendable, Hashable where RawValue == String {}

/// An error with a stable code for programs and a message for people that says what was wrong
/// and what is allowed. Each layer has its own codes (``LayoutErrorCode``, the editor's, the
/// renderer's, the boundary's); the shape is this one.
public struct CodedError<Kind: ErrorCode>: Error, Sendable, Equatable, CustomStringConvertible {
    public typealias Code = Kind

    public let code: Code
    public let message: String
    /// The settings the message is about, by their Swift names (`size`, `editorWidth`,
    /// `insets.top`, `spans[0].size`, `inlineObjects[2].width`), the one it is chiefly about
    /// first; empty when it is about none. A front end that names settings otherwise rewrites
    /// these in the message, and nothing else: the boundary formats say them by their JSON keys
    /// (`width`, `placeholders[2].width`; `SettingNames` in TextLayoutIO), the command line by
    /// its options.
    public let keys: [String]

    public init(_ code: Code, _ message: String, keys: [String] = []) {
        self.code = code
        self.message = message
        self.keys = keys
    }

    public var description: String { message }
}

/// An error from loading a font, preparing a text or laying it out.
///
/// `code` is stable and meant for programs (the batch format reports it); `message` is for people:
/// it says what was wrong and what is allowed.
public typealias LayoutError = CodedError<LayoutErrorCode>

/// Why the engine failed.
public enum LayoutErrorCode: String, ErrorCode, CaseIterable {
    /// A font family that fontconfig does not know.
    case unknownFont
    /// A font file that is missing, unreadable or not a font.
    case badFontFile
    /// A parameter out of its allowed range (size, width, line counts, insets...).
    case invalidArgument
    /// Text that is too long or not valid.
    case invalidText
    /// A failure inside a C library that should not happen.
    case internalError
}

/// Checks that `value`, the setting `key`, is finite and greater than zero; the error carries
/// `key` and calls the value `what` (the key itself when nil).
/// (The test is inlined and the error built apart, as in the checks below: a check of a valid
/// value on a hot path costs a comparison or two.)
@inline(__always)
func requirePositive(_ value: Double, key: String, as what: String? = nil) throws(LayoutError) {
    guard value.isFinite, value > 0 else { throw notPositiveError(value, key: key, as: what) }
}

@inline(never)
private func notPositiveError(_ value: Double, key: String, as what: String?) -> LayoutError {
    LayoutError(.invalidArgument, "\(what ?? key) must be a finite number greater than 0, got \(plainNumber(value))", keys: [key])
}

/// Checks that `value`, the setting `key`, is finite and not negative; the error carries and names `key`.
@inline(__always)
func requireNonNegative(_ value: Double, key: String) throws(LayoutError) {
    guard value.isFinite, value >= 0 else { throw negativeError(value, key: key) }
}

@inline(never)
private func negativeError(_ value: Double, key: String) -> LayoutError {
    LayoutError(.invalidArgument, "\(key) must be a finite number of at least 0, got \(plainNumber(value))", keys: [key])
}

/// Checks that `value`, summed or multiplied from finite inputs, did not overflow a Double:
/// `what` is the figure (the editor's height...), `inputs` the keys and values that made it too
/// large, so that the error names them; `keys` are those settings' keys, as `inputs` names them.
/// (All three are built only for the error: a check on a hot path allocates nothing.)
@inline(__always)
func requireFinite(_ value: Double, _ what: @autoclosure () -> String, from inputs: @autoclosure () -> String,
                   keys: @autoclosure () -> [String]) throws(LayoutError) {
    guard value.isFinite else {
        throw LayoutError(.invalidArgument, "\(inputs()) make \(what()) overflow (more than \(Double.greatestFiniteMagnitude) px); they must be smaller",
                          keys: keys())
    }
}
