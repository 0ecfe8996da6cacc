// scripts/spark_batch.py in Spark's local mode: every job answered, in input order, with the bytes of the plain batch, its summary and exit status; a user's mistake is one line before Spark starts.
import Foundation
import Testing
import TextLayout
import TestSupport

@Suite("Spark batch")
struct SparkBatchTests {
    /// Runs `python3 [pythonOptions] scripts/spark_batch.py arguments`.
    static func sparkBatch(_ arguments: [String], pythonOptions: [String] = []) throws -> CommandRun {
        try runProgram(["python3"] + pythonOptions + [repositoryRoot.appendingPathComponent("scripts/spark_batch.py").path] + arguments)
    }

    /// The jobs and failed jobs a summary line names (`NAME: 3002 jobs, 2 failed, 45.12 s`, the
    /// last line of standard error), with the name before them; nil when the last line is none.
    static func summary(_ errors: String) -> (name: String, jobs: Int, failed: Int)? {
        let last = errors.split(separator: "\n").last.map(String.init) ?? ""
        guard let match = last.wholeMatch(of: /([a-z_ ]+): (\d+) jobs?, (\d+) failed, \d+\.\d\d s/) else { return nil }
        return (String(match.1), Int(match.2)!, Int(match.3)!)
    }

    /// The concatenated part files of an `--output-dir` folder, in order by name, as Spark names them.
    static func partFiles(_ folder: URL) throws -> String {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("part-") }.sorted()
        return try names.map { String(decoding: try Data(contentsOf: folder.appendingPathComponent($0)), as: UTF8.self) }.joined()
    }

    @Test("a few thousand corpus jobs (bad ones among them) through Spark local[2]: the plain batch's bytes, in order",
          .needs(.java, .pySpark))
    func sameBytesAsBatch() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let corpus = try runProgram(["python3", repositoryRoot.appendingPathComponent("Benchmarks/Corpus/make_jobs.py").path,
                                     "--langs", "en,ar,ja,emoji,th"])
        var jobs = Array(corpus.output.split(separator: "\n").map(String.init).prefix(3000))
        // Failed jobs keep their place: a line that is not JSON and one with a bad size.
        jobs.insert("not json", at: 1234)
        jobs.insert(#"{"id":"bad","text":"x","size":-1}"#, at: 2345)
        #expect(jobs.count == 3002)
        let input = folder.appendingPathComponent("jobs.jsonl")
        try Data((jobs.joined(separator: "\n") + "\n").utf8).write(to: input)

        let plain = try runTextlayout(["batch", input.path])
        #expect(plain.status == 1, "two jobs fail: \(plain.error)")
        let output = folder.appendingPathComponent("results.jsonl")
        let spark = try Self.sparkBatch([input.path, output.path, "--binary", try #require(textlayoutExecutable()).path, "--partitions", "7"])
        #expect(spark.status == 1, "two jobs failed, so it exits 1 as the plain batch does: \(spark.error.suffix(2000))")
        let sparked = String(decoding: try Data(contentsOf: output), as: UTF8.self)
        #expect(outputLines(sparked).count == jobs.count)
        #expect(sparked == plain.output, "the same bytes as the plain batch")
        // The run's summary, in the plain batch's shape and with its counts.
        let summary = try #require(Self.summary(spark.error), "no summary line: \(spark.error.suffix(2000))")
        #expect(summary.name == "spark_batch" && summary.jobs == 3002 && summary.failed == 2, "\(summary)")
        let plainSummary = try #require(Self.summary(plain.error), "\(plain.error)")
        #expect(plainSummary.jobs == summary.jobs && plainSummary.failed == summary.failed)
        #expect(!spark.error.contains("Traceback") && !spark.error.contains("Exception"), "\(spark.error.suffix(2000))")
    }

    @Test("--fonts-dir and --hyphen-dir are shipped to the executors: the plain batch's bytes with both, in --output-dir's part files",
          .needs(.java, .pySpark))
    func foldersShipped() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fonts = folder.appendingPathComponent("fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try #require(FontContext.bundledFontPath("DejaVuSansMono.ttf")),
                                         toPath: fonts.appendingPathComponent("DejaVuSansMono.ttf").path)
        let patterns = folder.appendingPathComponent("patterns")
        try FileManager.default.createDirectory(at: patterns, withIntermediateDirectories: true)
        try Data("UTF-8\nv1s\n".utf8).write(to: patterns.appendingPathComponent("hyph_sv_SE.dic"))
        let input = folder.appendingPathComponent("jobs.jsonl")
        let jobs = (0..<20).map { #"{"id":\#($0),"text":"avstavning \#($0)","font":"DejaVu Sans Mono","hyphens":"auto","language":"sv","width":60}"# }
        try Data((jobs.joined(separator: "\n") + "\n").utf8).write(to: input)
        let plain = try runTextlayout(["batch", "--fonts-dir", fonts.path, "--hyphen-dir", patterns.path, input.path])
        #expect(plain.status == 0, "\(plain.error)")
        #expect(plain.output.contains(#""hyphen":true"#) && !plain.output.contains("warnings"), "the patterns were read: \(plain.output.prefix(400))")
        let output = folder.appendingPathComponent("results")
        let spark = try Self.sparkBatch([input.path, output.path, "--binary", try #require(textlayoutExecutable()).path, "--partitions", "3",
                                         "--fonts-dir", fonts.path, "--hyphen-dir", patterns.path, "--output-dir"])
        #expect(spark.status == 0, "\(spark.error.suffix(2000))")
        #expect(try Self.partFiles(output) == plain.output)
        let summary = try #require(Self.summary(spark.error), "no summary line: \(spark.error.suffix(2000))")
        #expect(summary.jobs == 20 && summary.failed == 0, "\(summary)")
        let clash = try Self.sparkBatch([input.path, output.path, "--binary", try #require(textlayoutExecutable()).path,
                                         "--fonts-dir", fonts.path, "--hyphen-dir", fonts.path])
        #expect(clash.status == 2 && clash.error.contains("different names"), "\(clash.error)")
    }

    @Test("a partition whose process fails is reported with the jobs it held, in one line without a traceback",
          .needs(.java, .pySpark))
    func failedPartition() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("jobs.jsonl")
        try Data((0..<40).map { #"{"id":\#($0),"text":"job \#($0)"}"# + "\n" }.joined().utf8).write(to: input)
        // A "binary" that answers nothing and exits 3, as a batch whose output cannot be written does.
        let broken = folder.appendingPathComponent("textlayout")
        try Data("#!/bin/sh\necho 'textlayout batch: cannot write the results: disk full' >&2\nexit 3\n".utf8).write(to: broken)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: broken.path)
        let run = try Self.sparkBatch([input.path, folder.appendingPathComponent("out").path, "--binary", broken.path, "--partitions", "2"])
        #expect(run.status == 1, "\(run.error.suffix(2000))")
        let last = run.error.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.hasPrefix("spark_batch: partition") && last.contains("input lines") && last.contains("jobs)"), "\(run.error.suffix(2000))")
        #expect(last.contains("exited 3") && last.contains("disk full"), "\(run.error.suffix(2000))")
        #expect(!run.error.contains("Traceback") && !run.error.contains("Exception"), "\(run.error.suffix(2000))")
    }

    /// A user's mistake that the script finds before Spark starts: the arguments, in which JOBS
    /// stands for a jobs file, FOLDER for an empty folder beside it and BINARY for the built
    /// `textlayout`, and a phrase of the message.
    struct Mistake: CustomTestStringConvertible, Sendable {
        var what: String
        var arguments: [String]
        var phrase: String
        var pythonOptions: [String] = []
        var testDescription: String { what }
    }

    static let mistakes: [Mistake] = [
        Mistake(what: "an output file in a folder that does not exist",
                arguments: ["JOBS", "FOLDER/missing/results.jsonl", "--binary", "BINARY"], phrase: "no folder"),
        Mistake(what: "an output file that is a folder", arguments: ["JOBS", "FOLDER", "--binary", "BINARY"], phrase: "is a folder"),
        Mistake(what: "an --output-dir folder that exists already",
                arguments: ["JOBS", "FOLDER", "--binary", "BINARY", "--output-dir"], phrase: "already exists"),
        Mistake(what: "one output file on storage other than this machine's",
                arguments: ["JOBS", "hdfs:///results.jsonl", "--binary", "BINARY"], phrase: "--output-dir"),
        Mistake(what: "a jobs file that does not exist",
                arguments: ["FOLDER/missing.jsonl", "FOLDER/results.jsonl", "--binary", "BINARY"], phrase: "no jobs at"),
        Mistake(what: "no binary at --binary",
                arguments: ["JOBS", "FOLDER/results.jsonl", "--binary", "FOLDER/missing/textlayout"], phrase: "no textlayout binary"),
        Mistake(what: "a master Spark does not know",
                arguments: ["JOBS", "FOLDER/results.jsonl", "--binary", "BINARY", "--master", "locale"], phrase: "--master must be local"),
        Mistake(what: "--partitions 0",
                arguments: ["JOBS", "FOLDER/results.jsonl", "--binary", "BINARY", "--partitions", "0"], phrase: "--partitions must be at least 1"),
        Mistake(what: "--fonts-dir naming a file",
                arguments: ["JOBS", "FOLDER/results.jsonl", "--binary", "BINARY", "--fonts-dir", "JOBS"], phrase: "--fonts-dir must name a folder"),
        // python3 -S leaves out site-packages, where pip installs PySpark.
        Mistake(what: "no PySpark", arguments: ["JOBS", "FOLDER/results.jsonl", "--binary", "BINARY"],
                phrase: "PySpark is not installed", pythonOptions: ["-S"]),
    ]

    @Test("a user's mistake is one line and exit 2, before Spark starts", arguments: mistakes)
    func userMistake(_ mistake: Mistake) throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("output")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let input = folder.appendingPathComponent("jobs.jsonl")
        try Data((#"{"id":1,"text":"x"}"# + "\n").utf8).write(to: input)
        let binary = try #require(textlayoutExecutable(), "build the package first (swift build)").path
        let arguments = mistake.arguments.map {
            $0.replacingOccurrences(of: "JOBS", with: input.path).replacingOccurrences(of: "FOLDER", with: output.path)
                .replacingOccurrences(of: "BINARY", with: binary)
        }
        let run = try Self.sparkBatch(arguments, pythonOptions: mistake.pythonOptions)
        #expect(run.status == 2, "\(run.error)")
        let lines = run.error.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("spark_batch: ") && run.error.contains(mistake.phrase), "\(run.error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.path).isEmpty, "nothing written")
    }
}
