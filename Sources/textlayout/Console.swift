// The process's standard streams, opened once, for the commands that read and write them as bytes.
import Glibc

enum Console {
    /// Standard output as a buffered C stream.
    nonisolated(unsafe) static let output: UnsafeMutablePointer<FILE> = fdopen(1, "w")

    /// Writes a message to standard error, unbuffered.
    static func error(_ message: String) {
        var message = message
        message.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
    }
}
