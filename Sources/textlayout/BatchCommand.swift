// `textlayout batch`: one JSON job a line from a file or standard input, one result line a job on standard output, in order, on several threads.
import Foundation
import Glibc
import TextLayoutBatch
import TextLayoutCLI
import TextLayoutIO

enum BatchCommand {
    static let threads = CommandOption("threads", .integer(valueName: "N", bounds: .within(1...1024)),
                                       help: "how many jobs are laid out at once", default: "the number of cores")
    static let options = [threads, LineReader.maximumLineBytesOption] + FontOptions.options
    /// The jobs: a file, or standard input when none is named (or `-`).
    static let operands = Operands("[JOBS.jsonl | -] > RESULTS.jsonl", maximum: 1)
    static let details = """
    Each input line is one job of the batch format (see docs/batch-format.md); each gets one
    result line, in input order. A progress line shows on standard error when it is a
    terminal, and a summary line (jobs, failed, seconds) at the end.
    Exit status: 0 when every job succeeded, 1 when some failed (all still answered) or the input
    could not be read (every line read before is answered), 2 for a usage error (or a jobs file
    that cannot be opened), 3 when the results could not be written.
    """

    /// Lines read before a chunk is laid out: enough to keep every thread busy, few enough that
    /// memory stays flat on an endless stream.
    static let chunkLines = 512
    /// A chunk also ends once it holds this many bytes, so a few huge jobs do not pile up.
    static let chunkBytes = 16 << 20

    static func run(_ args: ParsedArguments) throws -> Int32 {
        let threads = args.integer(threads) ?? ProcessInfo.processInfo.activeProcessorCount
        let maximumLineBytes = LineReader.maximumLineBytes(args)
        let input = try JobsInput(args.operands.first)
        defer { input.close() }
        let runner = BatchRunner(layouter: try FontOptions.batchLayouter(args), threads: threads)
        let reader = LineReader(descriptor: input.descriptor, source: input.name, maximumLineBytes: maximumLineBytes)
        var progress = Progress(input: input.descriptor)
        var failed = 0
        var chunk: [[UInt8]] = []
        /// The lines of the chunk that were over the limit, by index, with their lengths.
        var tooLong: [Int: Int] = [:]
        var chunkSize = 0
        var endOfInput = false
        var readError: LineReader.ReadError?
        while !endOfInput {
            var next: LineReader.Line?
            do { next = try reader.next() } catch { readError = error }
            switch next {
            case nil:
                endOfInput = true
            case .bytes(let line)?:
                chunk.append(line)
                chunkSize += line.count
            case .tooLong(let length)?:
                tooLong[chunk.count] = length
                chunk.append([])
            }
            guard !chunk.isEmpty, endOfInput || chunk.count >= chunkLines || chunkSize >= chunkBytes else { continue }
            var output = ""
            for (index, result) in runner.results(for: chunk).enumerated() {
                var result = result
                if let length = tooLong[index] {
                    let message = "the line is \(length) bytes; a job line may be at most \(maximumLineBytes) bytes (--max-line-bytes)"
                    result = (BatchLayouter.errorLine(id: .null, BoundaryError(.invalidJob, message)), false)
                }
                if !result.succeeded { failed += 1 }
                output += result.json
                output += "\n"
            }
            try Console.write(output, what: "the results")
            progress.report(done: chunk.count, bytesRead: reader.bytesConsumed)
            chunk.removeAll(keepingCapacity: true)
            tooLong.removeAll()
            chunkSize = 0
        }
        progress.finish()
        if let readError {
            // Every line read before the failure has been answered.
            Console.error("textlayout batch: \(readError)\n")
        }
        Console.error(progress.summary(failed: failed))
        return readError != nil || failed > 0 ? 1 : 0
    }
}

/// Where `batch` reads its jobs: the file its operand names, or standard input.
struct JobsInput {
    let descriptor: Int32
    /// How messages name it.
    let name: String

    /// Opens `path`; standard input when it is nil or `-`.
    /// - Throws: ``UsageError`` when the file cannot be opened, saying why.
    init(_ path: String?) throws {
        guard let path, path != "-" else {
            descriptor = 0
            name = "standard input"
            return
        }
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw UsageError("cannot open the jobs file '\(path)': \(String(cString: strerror(errno)))") }
        name = "'\(path)'"
    }

    func close() {
        if descriptor != 0 { _ = Glibc.close(descriptor) }
    }
}

/// A progress line on standard error, only when it is a terminal: jobs done, jobs a second, and
/// the time left when the input is a file whose size is known; then a summary line.
struct Progress {
    private let enabled = isatty(2) != 0
    private let start = Date()
    private var lastShown = Date.distantPast
    private var done = 0
    private let inputSize: Int64?

    /// Progress through the jobs read from `descriptor`.
    init(input descriptor: Int32) {
        var info = stat()
        inputSize = fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG ? Int64(info.st_size) : nil
    }

    mutating func report(done count: Int, bytesRead position: Int) {
        done += count
        guard enabled, Date().timeIntervalSince(lastShown) >= 0.5 else { return }
        lastShown = Date()
        let elapsed = max(Date().timeIntervalSince(start), 1e-9)
        var text = "\rtextlayout batch: \(done) jobs, \(Int(Double(done) / elapsed)) jobs/s"
        if let inputSize, inputSize > 0 {
            if position > 0 {
                let left = elapsed * Double(inputSize - Int64(position)) / Double(position)
                text += ", about \(Int(left.rounded(.up))) s left"
            }
        }
        Console.error(text + "   ")
    }

    /// Ends the progress line, so that what follows starts a line of its own.
    func finish() {
        if enabled, lastShown != .distantPast { Console.error("\n") }
    }

    /// The line written at the end, terminal or not: "textlayout batch: 20000 jobs, 3 failed, 1.25 s" ("1 job" for one).
    func summary(failed: Int) -> String {
        "textlayout batch: \(counted(done, "job")), \(failed) failed, " + String(format: "%.2f", Date().timeIntervalSince(start)) + " s\n"
    }
}
