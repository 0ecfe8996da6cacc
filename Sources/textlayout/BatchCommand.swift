// `textlayout batch`: one JSON job a line on standard input, one result line a job on standard output, in order.
import Glibc
import TextLayoutBatch

enum BatchCommand {
    static let usage = "usage: textlayout batch < JOBS.jsonl > RESULTS.jsonl"

    /// Exit status: 0 when every job succeeded, 1 when some failed (all still answered),
    /// 3 when the results could not be written.
    static func run(_ arguments: [String]) throws -> Int32 {
        let args = try Arguments(arguments, valued: [])
        guard args.positionals.isEmpty else { throw UsageError("batch reads its jobs from standard input and takes no arguments\n\(usage)") }
        signal(SIGPIPE, SIG_IGN)
        let layouter = BatchLayouter()
        var failed = 0
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        while true {
            let length = getline(&line, &capacity, Console.input)
            if length < 0 { break }
            var count = length
            if count > 0, line![count - 1] == 0x0A { count -= 1 }
            if count > 0, line![count - 1] == 0x0D { count -= 1 }
            let result = line!.withMemoryRebound(to: UInt8.self, capacity: count) {
                layouter.resultLine(for: UnsafeBufferPointer(start: $0, count: count))
            }
            if !result.succeeded { failed += 1 }
            var output = result.json
            output += "\n"
            let written = output.withUTF8 { fwrite($0.baseAddress, 1, $0.count, Console.output) }
            if written != output.utf8.count {
                Console.error("textlayout batch: cannot write the results: \(String(cString: strerror(errno)))\n")
                return 3
            }
        }
        if fflush(Console.output) != 0 {
            Console.error("textlayout batch: cannot write the results: \(String(cString: strerror(errno)))\n")
            return 3
        }
        return failed > 0 ? 1 : 0
    }
}
