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

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
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

/// Checks that `value` is finite and greater than zero, naming `what` in the error.
func requirePositive(_ value: Double, _ what: String) throws(LayoutError) {
    guard value.isFinite, value > 0 else {
        throw LayoutError(.invalidArgument, "\(what) must be a finite number greater than 0, got \(value)")
    }
}

/// Checks that `value` is finite and not negative, naming `what` in the error.
func requireNonNegative(_ value: Double, _ what: String) throws(LayoutError) {
    guard value.isFinite, value >= 0 else {
        throw LayoutError(.invalidArgument, "\(what) must be a finite number of at least 0, got \(value)")
    }
}

/// Checks that `value`, summed or multiplied from finite inputs, did not overflow a Double:
/// `what` is the figure (the editor's height...), `inputs` the keys and values that made it too
/// large, so that the error names them.
func requireFinite(_ value: Double, _ what: String, from inputs: @autoclosure () -> String) throws(LayoutError) {
    guard value.isFinite else {
        throw LayoutError(.invalidArgument, "\(inputs()) make \(what) overflow (more than \(Double.greatestFiniteMagnitude) px); they must be smaller")
    }
}
