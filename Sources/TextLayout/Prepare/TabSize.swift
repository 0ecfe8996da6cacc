// How far apart tab stops stand (CSS `tab-size`): a number of spaces or pixels, read from CSS text and checked.

/// How far apart tab stops stand, as CSS `tab-size`: a number of spaces (`8`, the default;
/// `2.5`), each the primary font's space advance plus the letter and word spacing, or pixels
/// (`20px`). Where a tab takes the pen is the profile's ``TabStopRule``.
public enum TabSize: Sendable, Hashable, CustomStringConvertible {
    /// A number of spaces, at least 0 (0: a tab has no width).
    case spaces(Double)
    /// Pixels, at least 0.
    case pixels(Double)

    /// The largest tab size taken, in spaces or pixels.
    public static let maximum = 10_000.0

    /// Reads a number of spaces (`4`, `2.5`) or pixels (`20px`); nil for anything else. The value
    /// is not checked here (see ``validate()``).
    public init?(_ text: String) {
        if text.hasSuffix("px"), let pixels = Double(text.dropLast(2)) {
            self = .pixels(pixels)
        } else if let spaces = Double(text) {
            self = .spaces(spaces)
        } else {
            return nil
        }
    }

    /// What ``init(_:)`` reads back: `8` or `20px`.
    public var description: String {
        switch self {
        case let .spaces(count): plainNumber(count)
        case let .pixels(pixels): plainNumber(pixels) + "px"
        }
    }

    /// What a tab size may be, for messages.
    public static let allowed = "a number of spaces from 0 to 10000 (8, 2.5) or pixels from 0 to 10000 (\"20px\")"

    /// - Throws: ``LayoutError`` `.invalidArgument` naming `tabSize` for a negative, too large or non-finite value.
    func validate() throws(LayoutError) {
        switch self {
        case let .spaces(value), let .pixels(value):
            guard value.isFinite, value >= 0, value <= Self.maximum else {
                throw LayoutError(.invalidArgument, "tabSize must be \(Self.allowed), got \(description)", keys: ["tabSize"])
            }
        }
    }
}
