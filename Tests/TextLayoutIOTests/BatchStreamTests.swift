// The batch command loses nothing: every input line answered once, in order, whatever it holds; memory flat over a long stream; a failed write ends the run with status 3.
import Foundation
import Testing
import TextLayout
import TextLayoutIO
import TestSupport

/// Runs `textlayout batch` (or another command reading standard input) with `input` as standard input (a file) and `output` as standard output.
/// Calls `watch` with the process's id every 50 ms while it runs. Returns its exit status and what
/// it wrote to standard error.
func runBatch(_ arguments: [String] = [], command: String = "batch", input: URL, output: URL, watch: ((Int32) -> Void)? = nil) throws -> (status: Int32, error: String) {
    let process = Process()
    guard let executable = textlayoutExecutable() else { throw TestFailure("no textlayout next to the tests: build the package first (swift build)") }
    process.executableURL = executable
    process.arguments = [command] + arguments
    process.standardInput = try FileHandle(forReadingFrom: input)
    process.standardOutput = try FileHandle(forWritingTo: output)
    let errors = Pipe()
    process.standardError = errors
    try StartedProgram(process).waitForExit(whileRunning: watch)
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    return (process.terminationStatus, message)
}

@Suite("Batch streams", suiteTimeLimit(minutes: 5))
struct BatchStreamTests {
    /// One line of a stream and what its answer must be: an id to echo, or an error code.
    struct Line {
        var bytes: [UInt8]
        var id: Int?
        var error: String?
    }

    /// Lines of every kind: good jobs, invalid UTF-8, malformed JSON, empty and blank lines, a
    /// line of NULs, JSON nested too deep, unknown keys, bad values, a missing font, a CR LF
    /// ending, a text over the length limit, a size over the size limit.
    static func mixedStream(count: Int) -> [Line] {
        var rng = SplitMix(seed: 99)
        var lines: [Line] = []
        for i in 0..<count {
            switch i % 16 {
            case 0: lines.append(Line(bytes: [0xC3, 0x28, 0xFF, 0x7B], error: "invalidUTF8"))
            case 1: lines.append(Line(bytes: Array("{\"id\":\(i),\"text\":".utf8), error: "invalidJSON"))
            case 2: lines.append(Line(bytes: [], error: "invalidJSON"))
            case 3: lines.append(Line(bytes: Array("   \t ".utf8), error: "invalidJSON"))
            case 4: lines.append(Line(bytes: [0, 0, 0], error: "invalidJSON"))
            case 5: lines.append(Line(bytes: Array((String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)).utf8), error: "invalidJSON"))
            case 6: lines.append(Line(bytes: Array("{\"id\":\(i),\"text\":\"x\",\"colour\":1}".utf8), id: i, error: "invalidJob"))
            case 7: lines.append(Line(bytes: Array("{\"id\":\(i),\"text\":\"x\",\"width\":-3}".utf8), id: i, error: "invalidArgument"))
            case 8: lines.append(Line(bytes: Array("{\"id\":\(i),\"text\":\"x\",\"font\":\"/no/such/font.ttf\"}".utf8), id: i, error: "badFontFile"))
            case 9: lines.append(Line(bytes: Array("{\"id\":\(i),\"text\":\"x\",\"size\":10001}".utf8), id: i, error: "invalidArgument"))
            case 10: lines.append(Line(bytes: Array("{\"id\":\(i),\"text\":\"CR LF ending\"}\r".utf8), id: i))
            case 11: lines.append(Line(bytes: Array("{\"id\":\(i),\"text\":\"bad \\ud800 escape\"}".utf8), id: i))
            default:
                var text = ""
                text += JSONValue.string(RandomText.make(&rng, maxPieces: 12)).serialized
                lines.append(Line(bytes: Array("{\"id\":\(i),\"text\":\(text),\"width\":\(Int.random(in: 1...400, using: &rng))}".utf8), id: i))
            }
        }
        return lines
    }

    static func write(_ lines: [Line], to url: URL, finalNewline: Bool = true) throws {
        var data = Data()
        for (k, line) in lines.enumerated() {
            data.append(contentsOf: line.bytes)
            if finalNewline || k + 1 < lines.count { data.append(0x0A) }
        }
        try data.write(to: url)
    }

    /// Checks that `output` answers `lines` one for one, in order.
    static func expectAnswers(_ output: Data, _ lines: [Line], sourceLocation: SourceLocation = #_sourceLocation) {
        let answers = output.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
        #expect(answers.count == lines.count, "\(answers.count) answers to \(lines.count) lines", sourceLocation: sourceLocation)
        var wrong = 0
        for (line, answer) in zip(lines, answers) {
            guard let value = try? parseJSON(String(decoding: answer, as: UTF8.self)) else { wrong += 1; continue }
            if let id = line.id, value["id"] != .number(Double(id), literal: "\(id)") { wrong += 1 }
            let code: String? = if case .string(let code)? = value["error"]?["code"] { code } else { nil }
            if code != line.error { wrong += 1 }
        }
        #expect(wrong == 0, "\(wrong) answers have the wrong id or error", sourceLocation: sourceLocation)
    }

    @Test("every line gets one answer, in order, whatever it holds, on 1 and 2 threads")
    func everyLineAnswered() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let lines = Self.mixedStream(count: 1_600)
        let input = directory.appendingPathComponent("jobs.jsonl")
        try Self.write(lines, to: input, finalNewline: false)  // the last line has no newline: still a job
        var outputs: [Data] = []
        for threads in ["1", "2"] {
            let output = directory.appendingPathComponent("results-\(threads).jsonl")
            try Data().write(to: output)
            let run = try runBatch(["--threads", threads], input: input, output: output)
            #expect(run.status == 1, "some jobs failed, so the status is 1: \(run.error)")
            let data = try Data(contentsOf: output)
            Self.expectAnswers(data, lines)
            outputs.append(data)
        }
        #expect(outputs[0] == outputs[1])
    }

    /// Lines far longer than any chunk: a 50 MB line of malformed JSON, a text of 70 MB (over the
    /// 64 MiB limit), then ordinary jobs, which must still be answered in order.
    @Test("a 50 MB line and a text over the limit are answered, and the jobs after them")
    func hugeLines() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("jobs.jsonl")
        var data = Data("{\"id\":0,\"text\":\"".utf8)
        data.append(Data(repeating: UInt8(ascii: "a"), count: 50_000_000))
        data.append(Data("\n{\"id\":1,\"text\":\"".utf8))
        data.append(Data(repeating: UInt8(ascii: "b"), count: 70 << 20))
        data.append(Data("\"}\n{\"id\":2,\"text\":\"after\"}\n\n{\"id\":4,\"text\":\"last\"}\n".utf8))
        try data.write(to: input)
        data = Data()
        let output = directory.appendingPathComponent("results.jsonl")
        try Data().write(to: output)
        let run = try runBatch(input: input, output: output)
        #expect(run.status == 1)
        Self.expectAnswers(try Data(contentsOf: output), [
            Line(bytes: [], error: "invalidJSON"), Line(bytes: [], id: 1, error: "invalidText"), Line(bytes: [], id: 2),
            Line(bytes: [], error: "invalidJSON"), Line(bytes: [], id: 4),
        ])
    }

    /// A long stream (TEXTLAYOUT_STREAM_JOBS, 40,000 by default in a debug build; CI runs a
    /// million in release) of texts that are all different (random texts with the job's number
    /// appended), so that both caches fill and then evict for the rest of the run. The memory is
    /// the process's anonymous resident memory (what it allocated: heap and stacks): the pages of
    /// the fonts and ICU data it maps are files, shared and reclaimable, and fault in as glyphs
    /// and dictionaries are first used, so they are printed but not held to the budgets (counted
    /// in, they made the idle baseline swing from 11 to 23 MiB between runs). The memory
    /// sampled in the last quarter stays within 10% (and 16 MiB) of the most it reached in
    /// the third (by then both caches are full: in a debug build the memory stops growing after
    /// about 53% of the jobs, later as prepared texts take less room), and above the memory of the process before its first job it never takes
    /// more than the two caches' budgets and the batch's buffers (16 MiB of input lines and
    /// 16 MiB of results in flight), with 16 MiB for the malloc arena of each thread that lays out
    /// and of the thread that reads the lines and writes the results (glibc gives each thread its
    /// own, and each keeps some freed memory; the batch on 2 cores runs 3 threads). (Not under a
    /// sanitizer, TEXTLAYOUT_SANITIZER set by scripts/robustness.sh: AddressSanitizer keeps freed
    /// memory in quarantine and ThreadSanitizer shadows all of it, so only flatness holds there.)
    @Test("memory stays flat, within the cache budgets and buffers, over a long stream of distinct texts")
    func flatMemory() throws {
        let count = Int(ProcessInfo.processInfo.environment["TEXTLAYOUT_STREAM_JOBS"] ?? "") ?? 40_000
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var rng = SplitMix(seed: 5)
        let pool: [String] = (0..<2_000).map { _ in RandomText.make(&rng, maxPieces: 10) }
        var data = Data()
        for i in 0..<count {
            var text = ""
            text += JSONValue.string(pool[i % pool.count] + " \(i)").serialized
            data.append(contentsOf: "{\"id\":\(i),\"text\":\(text),\"width\":\(80 + i % 200)}\n".utf8)
        }
        let input = directory.appendingPathComponent("jobs.jsonl")
        try data.write(to: input)
        let output = directory.appendingPathComponent("results.jsonl")
        try Data().write(to: output)
        let idle = try Self.idleResidentBytes(firstJobs: data.split(separator: 0x0A).prefix(200))
        var samples: [(answered: Int, resident: Int)] = []
        var fileBacked = 0
        let run = try runBatch(input: input, output: output) { pid in
            guard let memory = Self.residentMemory(pid) else { return }
            fileBacked = max(fileBacked, memory.fileBacked)
            let resident = memory.anonymous
            let answered = (try? FileManager.default.attributesOfItem(atPath: output.path)[.size] as? Int) ?? 0
            samples.append((answered, resident))
        }
        #expect(run.status == 0, "\(run.error)")
        let results = try Data(contentsOf: output)
        #expect(results.split(separator: 0x0A).count == count)
        let quarter = results.count / 4
        let thirdQuarter = samples.filter { $0.answered > 2 * quarter && $0.answered <= 3 * quarter }.map(\.resident)
        let lastQuarter = samples.filter { $0.answered > 3 * quarter }.map(\.resident)
        try #require(!thirdQuarter.isEmpty && !lastQuarter.isEmpty, "too few samples (\(samples.count)): the stream ran too fast to watch")
        let early = samples.filter { $0.answered <= 2 * quarter }.map(\.resident).max()!
        let late = samples.map(\.resident).max()!
        #expect(Double(lastQuarter.max()!) <= Double(thirdQuarter.max()!) * 1.1 + Double(16 << 20),
                "resident memory grew from \(thirdQuarter.max()! >> 20) MiB in the third quarter to \(lastQuarter.max()! >> 20) MiB in the last")
        let allowed = ShapeCache.defaultBudget + PreparedTextCache.defaultBudget + (32 << 20)
            + (ProcessInfo.processInfo.activeProcessorCount + 1) * (16 << 20)
        print("batch stream of \(count) distinct texts: \(idle >> 20) MiB idle, at most \(max(early, late) >> 20) MiB, "
              + "\((max(early, late) - idle) >> 20) MiB above idle; allowed \(allowed >> 20) MiB (anonymous memory; "
              + "at most \(fileBacked >> 20) MiB of mapped files besides)")
        #expect(sanitizer != nil || max(early, late) - idle <= allowed,
                "the batch took \((max(early, late) - idle) >> 20) MiB above its idle \(idle >> 20) MiB; the budgets and buffers allow \(allowed >> 20) MiB")
    }

    /// The resident memory of `textlayout batch` once it has loaded its fonts and ICU's data but
    /// holds next to nothing in its caches: the first jobs of the stream are written to it through
    /// a pipe left open, and its memory is read while it waits for more.
    static func idleResidentBytes(firstJobs: some Sequence<Data>) throws -> Int {
        let process = Process()
        guard let executable = textlayoutExecutable() else { throw TestFailure("no textlayout next to the tests: build the package first (swift build)") }
        process.executableURL = executable
        process.arguments = ["batch"]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        let started = try StartedProgram(process)
        for job in firstJobs { input.fileHandleForWriting.write(job + Data([0x0A])) }
        var idle = 0
        for _ in 0..<10 {
            usleep(50_000)
            idle = max(idle, residentMemory(process.processIdentifier)?.anonymous ?? 0)
        }
        try input.fileHandleForWriting.close()
        try started.waitForExit()
        return idle
    }

    /// The resident memory of process `pid`: anonymous (heap, stacks) and file-backed (mapped
    /// fonts, ICU data, the executable), in bytes.
    static func residentMemory(_ pid: Int32) -> (anonymous: Int, fileBacked: Int)? {
        guard let anonymous = processMemory("RssAnon", pid: pid), let fileBacked = processMemory("RssFile", pid: pid) else { return nil }
        return (anonymous, fileBacked)
    }

    /// With --max-line-bytes 1000: a line of exactly 1,000 bytes is a job; lines of 1,001 bytes
    /// and of 200 MB are answered with invalidJob, and the 200 MB one is never held in memory
    /// (the process's peak resident memory stays far below it); the jobs after them are answered.
    @Test("a line over --max-line-bytes is answered with an error without being held in memory")
    func lineLimit() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        func job(_ id: Int, bytes: Int) -> Data {
            let head = "{\"id\":\(id),\"text\":\""
            return Data((head + String(repeating: "a", count: bytes - head.utf8.count - 2) + "\"}\n").utf8)
        }
        var data = job(0, bytes: 1_000) + job(1, bytes: 1_001)
        data.append(Data(repeating: UInt8(ascii: "z"), count: 200_000_000))
        data.append(Data("\n{\"id\":3,\"text\":\"after\"}\n".utf8))
        let input = directory.appendingPathComponent("jobs.jsonl")
        try data.write(to: input)
        data = Data()
        let output = directory.appendingPathComponent("results.jsonl")
        try Data().write(to: output)
        var peak = 0
        let run = try runBatch(["--max-line-bytes", "1000"], input: input, output: output) { pid in
            peak = max(peak, processMemory("VmHWM", pid: pid) ?? 0)
        }
        #expect(run.status == 1, "\(run.error)")
        let results = try Data(contentsOf: output)
        Self.expectAnswers(results, [
            Line(bytes: [], id: 0), Line(bytes: [], error: "invalidJob"), Line(bytes: [], error: "invalidJob"), Line(bytes: [], id: 3),
        ])
        let answers = results.split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) }
        #expect(answers.count == 4)
        if answers.count == 4 {
            #expect(answers[1].contains("the line is 1001 bytes; a job line may be at most 1000 bytes (--max-line-bytes)"), "\(answers[1])")
            #expect(answers[2].contains("the line is 200000000 bytes"), "\(answers[2])")
        }
        #expect(peak > 0 && peak < 100 << 20, "peak resident memory \(peak >> 20) MiB while reading a 200 MB line")
    }

    /// `textlayout edit` reads its session the same way: a line over the cap is an error in its
    /// place (the session goes on), and an over-long first line is a failed config.
    @Test("textlayout edit answers a line over --max-line-bytes with an error in its place")
    func editLineLimit() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("snapshots.jsonl")
        let input = directory.appendingPathComponent("session.jsonl")
        let long = "{\"insert\":\"" + String(repeating: "a", count: 5_000) + "\"}"
        for (session, codes) in [
            (["{\"config\":{\"width\":200}}", long, "{\"insert\":\"ok\"}"], [nil, "invalidEvent", nil]),
            ([long, "{\"insert\":\"ok\"}"], ["invalidConfig", "noEditor"]),
        ] as [([String], [String?])] {
            try Data(session.joined(separator: "\n").utf8).write(to: input)
            try Data().write(to: output)
            let run = try runBatch(["--max-line-bytes", "1000"], command: "edit", input: input, output: output)
            #expect(run.status == 1, "\(run.error)")
            let answers = try Data(contentsOf: output).split(separator: 0x0A).map { try parseJSON(String(decoding: $0, as: UTF8.self)) }
            let found: [String?] = answers.map { if case .string(let code)? = $0["error"]?["code"] { code } else { nil } }
            #expect(found == codes)
            if codes[1] == "invalidEvent", answers.count == 3 {
                #expect(answers[2]["text"] == .string("ok"), "the session went on after the long line")
            }
        }
    }

    @Test("--max-line-bytes must be a whole number of at least 1")
    func lineLimitUsage() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("jobs.jsonl")
        try Data("{\"text\":\"x\"}\n".utf8).write(to: input)
        let output = directory.appendingPathComponent("results.jsonl")
        for value in ["0", "-5", "many"] {
            try Data().write(to: output)
            let run = try runBatch(["--max-line-bytes", value], input: input, output: output)
            #expect(run.status == 2, "--max-line-bytes \(value)")
            #expect(run.error.contains("--max-line-bytes"), "\(run.error)")
            #expect(try Data(contentsOf: output).isEmpty)
        }
    }

    @Test("a closed pipe or a full disk ends the run with status 3 and a message", arguments: ["closed pipe", "/dev/full"])
    func failedWrite(_ kind: String) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("jobs.jsonl")
        try Self.write((0..<20_000).map { Line(bytes: Array("{\"id\":\($0),\"text\":\"hello world\"}".utf8)) }, to: input)
        let executable = try #require(textlayoutExecutable(), "build the package first (swift build)")
        let process = Process()
        process.executableURL = executable
        process.arguments = ["batch"]
        process.standardInput = try FileHandle(forReadingFrom: input)
        let errors = Pipe()
        process.standardError = errors
        if kind == "closed pipe" {
            let pipe = Pipe()
            process.standardOutput = pipe
            try pipe.fileHandleForReading.close()  // nobody will ever read
        } else {
            process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: kind))
        }
        try StartedProgram(process).waitForExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationReason == .exit, "killed by a signal instead of exiting")
        #expect(process.terminationStatus == 3)
        #expect(message.contains("cannot write the results"), "\(message)")
    }
}
