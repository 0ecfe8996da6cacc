// Lines of a file descriptor, read in blocks, with a cap on how much of one line is kept in memory.
import Glibc
import TextLayout
import TextLayoutCLI

/// Reads lines split at "\n" (a "\r" before it is dropped as well) in blocks of 1 MiB. A line
/// longer than `maximumLineBytes` is read to its end, so that the next line is found, but its
/// bytes are not kept: a line of any length costs at most the limit in memory. A UTF-8
/// byte-order mark before the first line is skipped, as editors on Windows write one.
final class LineReader {
    enum Line: Equatable {
        case bytes([UInt8])
        /// A line longer than the limit: how many bytes it had, without its "\n".
        case tooLong(Int)
    }

    struct ReadError: Error, CustomStringConvertible {
        let description: String
    }

    /// The longest line kept by default: room for a text at the length limit written with the
    /// longest JSON escapes (six bytes, "\\u0001", for one byte of text), and 1 MiB for the rest
    /// of the line.
    static let defaultMaximumLineBytes = 6 * PreparedText.maximumLength + (1 << 20)

    /// The `--max-line-bytes` option of `batch` and `edit`.
    static let maximumLineBytesOption = CommandOption(
        "max-line-bytes", .integer(valueName: "N", bounds: .atLeast(1)),
        help: "the longest input line kept; a longer one is read through and answered with an error",
        default: "\(defaultMaximumLineBytes >> 20) MiB")

    /// The cap `--max-line-bytes` gives, or the default.
    static func maximumLineBytes(_ args: ParsedArguments) -> Int {
        args.integer(maximumLineBytesOption) ?? defaultMaximumLineBytes
    }

    let descriptor: Int32
    /// What the descriptor reads, for messages: "standard input", "'jobs.jsonl'".
    let source: String
    let maximumLineBytes: Int
    /// The bytes taken from the descriptor so far that belong to lines already returned.
    private(set) var bytesConsumed = 0
    private let buffer: UnsafeMutableRawBufferPointer
    private var start = 0
    private var end = 0
    /// Whether the next line is the stream's first, which may start with a byte-order mark.
    private var atStart = true

    init(descriptor: Int32, source: String = "standard input", maximumLineBytes: Int, blockSize: Int = 1 << 20) {
        self.descriptor = descriptor
        self.source = source
        self.maximumLineBytes = maximumLineBytes
        buffer = .allocate(byteCount: blockSize, alignment: 16)
    }

    deinit { buffer.deallocate() }

    /// The next line, or nil at the end of the input. A last line without "\n" is still a line.
    func next() throws(ReadError) -> Line? {
        var line: [UInt8] = []
        var length = 0
        var started = false
        while true {
            if start == end {
                let count = read(descriptor, buffer.baseAddress, buffer.count)
                if count < 0 {
                    if errno == EINTR { continue }
                    throw ReadError(description: "cannot read \(source): \(String(cString: strerror(errno)))")
                }
                if count == 0 { return started ? finish(line, length) : nil }
                start = 0
                end = count
            }
            started = true
            let newline = memchr(buffer.baseAddress! + start, 0x0A, end - start).map { buffer.baseAddress!.distance(to: $0) }
            let stop = newline ?? end
            let piece = stop - start
            if length + piece <= maximumLineBytes {
                line.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[start..<stop]))
            } else if !line.isEmpty {
                line = []  // over the limit: let go of what was kept
            }
            length += piece
            start = newline.map { $0 + 1 } ?? end
            bytesConsumed += piece + (newline == nil ? 0 : 1)
            if newline != nil { return finish(line, length) }
        }
    }

    private func finish(_ line: [UInt8], _ length: Int) -> Line {
        var line = line
        var length = length
        if atStart {
            atStart = false
            if line.starts(with: [0xEF, 0xBB, 0xBF]) {
                line.removeFirst(3)
                length -= 3
            }
        }
        guard length <= maximumLineBytes else { return .tooLong(length) }
        if line.last == 0x0D { line.removeLast() }
        return .bytes(line)
    }
}
