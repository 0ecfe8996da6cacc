// The process's standard streams, opened once, for the commands that read and write them as bytes.
import Glibc

enum Console {
    /// Standard output as a buffered C stream.
    nonisolated(unsafe) static let output: UnsafeMutablePointer<FILE> = fdopen(1, "w")

    /// Standard output could not be written (a full disk, a closed pipe): the command exits 3.
    struct WriteError: Error, CustomStringConvertible {
        /// What was being written, such as "the results".
        let what: String
        let reason: String
        /// Whether standard output's reader went away (a closed pipe: EPIPE, SIGPIPE being ignored).
        var readerWentAway = false
        var description: String { "cannot write \(what): \(reason)" }

        init(what: String, reason: String) {
            self.what = what
            self.reason = reason
        }

        /// The error of the write to standard output that just failed, from `errno`.
        init(what: String) {
            let code = errno
            self.init(what: what, reason: String(cString: strerror(code)))
            readerWentAway = code == EPIPE
        }
    }

    /// Writes `text` to standard output, flushing it when `flush` is true (a failed write may only
    /// show when the buffer is flushed: every command flushes before it exits).
    /// - Throws: ``WriteError`` naming `what` when the bytes could not be written.
    static func write(_ text: String, what: String = "the output", flush: Bool = true) throws(WriteError) {
        var text = text
        guard text.withUTF8({ written($0, flush: flush) }) else { throw WriteError(what: what) }
    }

    /// Writes help, a usage or a listing (`fonts`, `version`) as ``write(_:what:flush:)`` writes a
    /// text, except that a reader that went away ends it quietly: a reader that stops early, as
    /// `| head -1` does, did not want the rest. Results, reports and pictures are not listings: a
    /// reader that goes away before they are written whole is an error (exit 3).
    static func writeListing(_ text: String) throws(WriteError) {
        do { try write(text) } catch where error.readerWentAway { return }
    }

    /// Writes `bytes` (a picture) to standard output as ``write(_:what:flush:)`` writes a text.
    static func write(_ bytes: [UInt8], what: String, flush: Bool = true) throws(WriteError) {
        guard bytes.withUnsafeBufferPointer({ written($0, flush: flush) }) else { throw WriteError(what: what) }
    }

    /// Whether all of `bytes` went to standard output (and, when `flush`, out of its buffer).
    private static func written(_ bytes: UnsafeBufferPointer<UInt8>, flush: Bool) -> Bool {
        fwrite(bytes.baseAddress, 1, bytes.count, output) == bytes.count && (!flush || fflush(output) == 0)
    }

    /// All of standard input (`measure -`, `render -`).
    /// - Throws: ``LineReader/ReadError`` when it cannot be read (a directory, an I/O error): the
    ///   command exits 1 with the reason, as `batch` and `edit` do.
    static func readAll() throws(LineReader.ReadError) -> [UInt8] {
        var bytes: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = block.withUnsafeMutableBytes { Glibc.read(0, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw LineReader.ReadError(description: "cannot read standard input: \(String(cString: strerror(errno)))")
            }
            bytes += block[..<count]
        }
    }

    /// Writes a message to standard error, unbuffered.
    static func error(_ message: String) {
        var message = message
        message.withUTF8 { bytes in _ = Glibc.write(2, bytes.baseAddress, bytes.count) }
    }
}
