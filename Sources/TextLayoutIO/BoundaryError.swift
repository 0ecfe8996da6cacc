// The one error of the boundary formats (batch, editing session, CLI): its code wraps the engine's and the editor's codes.
import TextEditing
import TextLayout

/// Why a batch job, a session line or a command failed: a code for programs and a message for people.
public typealias BoundaryError = CodedError<BoundaryErrorCode>

/// The codes the boundary reports: its own, for input it cannot read, and the engine's and the
/// editor's, passed through under their own names.
public enum BoundaryErrorCode: ErrorCode {
    /// A line that is not valid JSON.
    case invalidJSON
    /// A line that is not valid UTF-8.
    case invalidUTF8
    /// A batch job with a missing, unknown or mistyped key.
    case invalidJob
    /// A session's config line with a missing, unknown or mistyped key.
    case invalidConfig
    /// A session event that is unknown or has a value of the wrong type.
    case invalidEvent
    /// A session event after a config line that failed (or before any).
    case noEditor
    /// A line given as a batch result that is not one, or results that do not match their jobs.
    case invalidResult
    /// The engine's error.
    case layout(LayoutErrorCode)
    /// The editor's error.
    case editor(EditorErrorCode)

    private static let own: [BoundaryErrorCode] = [.invalidJSON, .invalidUTF8, .invalidJob, .invalidConfig, .invalidEvent, .noEditor, .invalidResult]

    /// Every code, each once: the boundary's own, then the engine's and the editor's (an editor
    /// code whose name the engine already has is the same code to a reader).
    public static var allCases: [BoundaryErrorCode] {
        let layout = LayoutErrorCode.allCases.map { BoundaryErrorCode.layout($0) }
        let editor = EditorErrorCode.allCases.filter { LayoutErrorCode(rawValue: $0.rawValue) == nil }.map { BoundaryErrorCode.editor($0) }
        return own + layout + editor
    }

    public var rawValue: String {
        switch self {
        case .invalidJSON: "invalidJSON"
        case .invalidUTF8: "invalidUTF8"
        case .invalidJob: "invalidJob"
        case .invalidConfig: "invalidConfig"
        case .invalidEvent: "invalidEvent"
        case .noEditor: "noEditor"
        case .invalidResult: "invalidResult"
        case let .layout(code): code.rawValue
        case let .editor(code): code.rawValue
        }
    }

    public init?(rawValue: String) {
        if let own = Self.own.first(where: { $0.rawValue == rawValue }) {
            self = own
        } else if let code = LayoutErrorCode(rawValue: rawValue) {
            self = .layout(code)
        } else if let code = EditorErrorCode(rawValue: rawValue) {
            self = .editor(code)
        } else {
            return nil
        }
    }
}

extension CodedError where Kind == BoundaryErrorCode {
    /// The boundary's form of any error the engine, the editor or the boundary throws, its
    /// settings said by their JSON keys (``CodedError/inBoundaryNames``); anything else is an
    /// internal error (it should not happen) and says what it was.
    public init(_ error: any Error) {
        switch error {
        case let error as BoundaryError: self = error
        case let error as LayoutError: self.init(.layout(error.code), error)
        case let error as EditorError: self.init(.editor(error.code), error)
        default: self.init(.layout(.internalError), "\(error)")
        }
    }

    /// An engine's or editor's error under the boundary's `code`, its settings said by their JSON keys.
    public init<Other>(_ code: BoundaryErrorCode, _ error: CodedError<Other>) {
        let said = error.inBoundaryNames
        self.init(code, said.message, keys: said.keys)
    }

    /// The error as the boundary formats write it: `{"code": ..., "message": ...}`.
    public func write(to writer: inout JSONWriter) {
        writer.object {
            $0.field("code", code.rawValue)
            $0.field("message", message)
        }
    }
}
