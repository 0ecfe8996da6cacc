// Errors a renderer reports: a stable code and a message that says what was wrong and what is allowed.

/// A picture that cannot be made or written.
public struct RenderError: Error, Sendable, CustomStringConvertible, Equatable {
    public enum Code: String, Sendable {
        /// An option out of range: a scale that is not a positive number, a colour that does not parse.
        case invalidArgument
        /// The output file's name ends in an extension no renderer writes.
        case unknownFormat
        /// The picture would be larger than ``RenderScene/maximumPixelSide`` on a side.
        case pictureTooLarge
        /// The output file could not be written (its folder is missing or read-only, the disk is full...).
        case cannotWrite
        /// libpng or FreeType failed where they should not.
        case internalError
    }

    public let code: Code
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
