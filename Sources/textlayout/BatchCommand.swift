// `textlayout batch`: one JSON job a line on standard input, one result line a job on standard output, in order, on several threads.
import Foundation
import Glibc
import TextLayoutBatch

enum BatchCommand {
    static let usage = "usage: textlayout batch [--threads N] < JOBS.jsonl > RESULTS.jsonl"

    /// Lines read before a chunk is laid out: enough to keep every thread busy, few enough that
    /// memory stays flat on an endless stream.
    static let chunkLines = 512
    /// A chunk also ends once it holds this many bytes, so a few huge jobs do not pile up.
    static let chunkBytes = 16 << 20

    /// Exit status: 0 when every job succeeded, 1 when some failed (all still answered),
    /// 2 for a usage error, 3 when the results could not be written.
    static func run(_ arguments: [String]) throws -> Int32 {
        let args = try Arguments(arguments, valued: ["threads"])
        guard args.positionals.isEmpty else { throw UsageError("batch reads its jobs from standard input and takes no arguments\n\(usage)") }
        let threads = try args.integer("threads") ?? ProcessInfo.processInfo.activeProcessorCount
        guard threads >= 1, threads <= 1024 else { throw UsageError("--threads must be a whole number from 1 to 1024, got \(threads)") }
        signal(SIGPIPE, SIG_IGN)
        let runner = BatchRunner(threads: threads)
        var progress = Progress()
        var failed = 0
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        var chunk: [[UInt8]] = []
        var chunkSize = 0
        var endOfInput = false
        while !endOfInput {
            let length = getline(&line, &capacity, Console.input)
            if length < 0 {
                endOfInput = true
            } else {
                var count = length
                if count > 0, line![count - 1] == 0x0A { count -= 1 }
                if count > 0, line![count - 1] == 0x0D { count -= 1 }
                chunk.append(line!.withMemoryRebound(to: UInt8.self, capacity: count) { Array(UnsafeBufferPointer(start: $0, count: count)) })
                chunkSize += count
            }
            guard !chunk.isEmpty, endOfInput || chunk.count >= chunkLines || chunkSize >= chunkBytes else { continue }
            var output = ""
            for result in runner.results(for: chunk) {
                if !result.succeeded { failed += 1 }
                output += result.json
                output += "\n"
            }
            let written = output.withUTF8 { fwrite($0.baseAddress, 1, $0.count, Console.output) }
            if written != output.utf8.count || fflush(Console.output) != 0 {
                Console.error("textlayout batch: cannot write the results: \(String(cString: strerror(errno)))\n")
                return 3
            }
            progress.report(done: chunk.count)
            chunk.removeAll(keepingCapacity: true)
            chunkSize = 0
        }
        progress.finish()
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

    mutating func report(done count: Int) {
        done += count
        guard enabled, Date().timeIntervalSince(lastShown) >= 0.5 else { return }
        lastShown = Date()
        let elapsed = max(Date().timeIntervalSince(start), 1e-9)
        var text = "\rtextlayout batch: \(done) jobs, \(Int(Double(done) / elapsed)) jobs/s"
        if let inputSize, inputSize > 0 {
            let position = Int64(ftell(Console.input))
            if position > 0 {
                let left = elapsed * Double(inputSize - position) / Double(position)
                text += ", about \(Int(left.rounded(.up))) s left"
            }
        }
        Console.error(text + "   ")
    }

    func finish() {
        if enabled, lastShown != .distantPast { Console.error("\n") }
    }
}
