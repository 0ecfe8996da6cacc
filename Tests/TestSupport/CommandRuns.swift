// Running the built `textlayout` and other programs as a user does, for the tests of the commands: standard streams caught, the exit status, a fresh temporary folder, and a time limit past which the program is killed and the test fails.
import Foundation
import Testing

/// What one run of the command gave.
public struct CommandRun {
    public var status: Int32
    /// Standard output's bytes (a picture, with `render --output -`).
    public var outputBytes: Data
    public var error: String
    /// Standard output as text.
    public var output: String { String(decoding: outputBytes, as: UTF8.self) }
}

/// The `textlayout` executable built next to the test bundle, or nil.
public func textlayoutExecutable() -> URL? {
    let url = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("textlayout")
    return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
}

/// A fresh, empty temporary directory for one test.
public func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("textlayout-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Runs the built `textlayout` (or `executable`, a copy of it) with `arguments`, `input` as
/// standard input (or the file or folder at `inputPath`) and, when given, `outputPath` (such as
/// /dev/full) as standard output; `environment` is added to the test's own; in `currentDirectory`
/// when given, else in the test's. Past `timeLimit` the run is killed and the test fails.
public func runTextlayout(_ arguments: [String], input: Data = Data(), inputPath: String? = nil, outputPath: String? = nil,
                          environment: [String: String] = [:], executable: URL? = nil, currentDirectory: URL? = nil,
                          timeLimit: Duration = defaultProgramTimeLimit) throws -> CommandRun {
    let executable = try #require(executable ?? textlayoutExecutable(), "build the package first (swift build)")
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let inputFile = directory.appendingPathComponent("input")
    let outputFile = directory.appendingPathComponent("output")
    let errorFile = directory.appendingPathComponent("error")
    try input.write(to: inputFile)
    try Data().write(to: outputFile)
    try Data().write(to: errorFile)
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    if let currentDirectory { process.currentDirectoryURL = currentDirectory }
    process.standardInput = try inputPath.map { try #require(FileHandle(forReadingAtPath: $0)) } ?? FileHandle(forReadingFrom: inputFile)
    process.standardOutput = try FileHandle(forWritingTo: outputPath.map { URL(fileURLWithPath: $0) } ?? outputFile)
    process.standardError = try FileHandle(forWritingTo: errorFile)
    try StartedProgram(process, timeLimit: timeLimit).waitForExit()
    #expect(process.terminationReason == .exit, "\(arguments) was killed by a signal")
    return CommandRun(status: process.terminationStatus, outputBytes: try Data(contentsOf: outputFile),
                      error: String(decoding: try Data(contentsOf: errorFile), as: UTF8.self))
}

/// Runs another program (`python3`, `chromium`, `pkg-config`: looked up on the path) with
/// `arguments`, its output and errors caught as ``runTextlayout(_:input:inputPath:outputPath:environment:executable:currentDirectory:timeLimit:)``
/// catches them, killed past `timeLimit`.
public func runProgram(_ arguments: [String], timeLimit: Duration = defaultProgramTimeLimit) throws -> CommandRun {
    try runTextlayout(arguments, executable: URL(fileURLWithPath: "/usr/bin/env"), timeLimit: timeLimit)
}

/// A program a test started, which must exit within its time limit.
public final class StartedProgram: @unchecked Sendable {
    public let process: Process
    public let timeLimit: Duration
    private let started = ContinuousClock.now
    private let exited = DispatchSemaphore(value: 0)

    /// Starts `process` (set up, not yet run).
    public init(_ process: Process, timeLimit: Duration = defaultProgramTimeLimit) throws {
        self.process = process
        self.timeLimit = timeLimit
        process.terminationHandler = { [exited] _ in exited.signal() }
        try process.run()
    }

    /// Waits for the program to exit, calling `whileRunning` with its process id every `interval`
    /// while it runs. Past its time limit it kills the program with everything it started (Foundation
    /// starts each in a process group of its own: a study's Chromium goes with its script), records
    /// an issue saying so and throws.
    public func waitForExit(every interval: Duration = .milliseconds(50), whileRunning: ((Int32) -> Void)? = nil,
                            sourceLocation: SourceLocation = #_sourceLocation) throws {
        let deadline = started + timeLimit
        while true {
            // Watched before each wait, the first time at once: a program that ends within the
            // first interval is still watched once.
            if process.isRunning { whileRunning?(process.processIdentifier) }
            let now = ContinuousClock.now
            if now >= deadline { break }
            let wait = whileRunning == nil ? deadline - now : min(interval, deadline - now)
            let (seconds, attoseconds) = wait.components
            let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
            if exited.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success {
                process.waitUntilExit()
                return
            }
        }
        let pid = process.processIdentifier
        kill(-pid, SIGKILL)
        kill(pid, SIGKILL)
        exited.wait()
        process.waitUntilExit()
        let command = ([process.executableURL?.path ?? "?"] + (process.arguments ?? [])).joined(separator: " ")
        let message = "\(command.prefix(300)) ran past its time limit of \(timeLimit) and was killed"
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        throw TestFailure(message)
    }
}

/// The output's lines, without the final newline's empty one.
public func outputLines(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0).map(String.init)
}
