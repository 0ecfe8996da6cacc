// Errors a renderer reports: a stable code and a message that says what was wrong and what is allowed.
import TextLayout

/// A picture that cannot be made or written.
public typealias RenderError = CodedError<RenderErrorCode>

/// Why a picture could not be made or written.
public enum RenderErrorCode: String, ErrorCode, CaseIterable {
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
