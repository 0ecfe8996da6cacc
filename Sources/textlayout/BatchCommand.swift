// `textlayout batch`: one JSON job a line on standard input, one result line a job on standard output, in order, on several threads.
import Foundation
import Glibc
import TextLayoutBatch
import TextLayoutIO

enum BatchCommand {
    static let usage = "usage: textlayout batch [--threads N] [--max-line-bytes N] < JOBS.jsonl > RESULTS.jsonl"

    /// Lines read before a chunk is laid out: enough to keep every thread busy, few enough that
    /// memory stays flat on an endless stream.
    static let chunkLines = 512
    /// A chunk also ends once it holds this many bytes, so a few huge jobs do not pile up.
    static let chunkBytes = 16 << 20

    /// Exit status: 0 when every job succeeded, 1 when some failed (all still answered) or the
    /// input could not be read (every line read before is answered), 2 for a usage error, 3 when
    /// the results could not be written.
    static func run(_ arguments: [String]) throws -> Int32 {
        let args = try Arguments(arguments, valued: ["threads", "max-line-bytes"])
        guard args.positionals.isEmpty else { throw UsageError("batch reads its jobs from standard input and takes no arguments\n\(usage)") }
        let threads = try args.integer("threads") ?? ProcessInfo.processInfo.activeProcessorCount
        guard threads >= 1, threads <= 1024 else { throw UsageError("--threads must be a whole number from 1 to 1024, got \(threads)") }
        let maximumLineBytes = try LineReader.maximumLineBytes(args)
        signal(SIGPIPE, SIG_IGN)
        let runner = BatchRunner(threads: threads)
        let reader = LineReader(descriptor: 0, maximumLineBytes: maximumLineBytes)
        var progress = Progress()
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
            return 1
        }
        return failed > 0 ? 1 : 0
    }
}

/// A progress line on standard error, only when it is a terminal: jobs done, jobs a second, and
/// the time left when the input is a file whose size is known.
struct Progress {
    private let enabled = isatty(2) != 0
    private let start = Date()
    private var lastShown = Date.distantPast
    private var done = 0
    private let inputSize: Int64? = {
        var info = stat()
        guard fstat(0, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int64(info.st_size)
    }()

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

    func finish() {
        if enabled, lastShown != .distantPast { Console.error("\n") }
    }
}
