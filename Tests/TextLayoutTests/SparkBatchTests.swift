// scripts/spark_batch.py in Spark's local mode: every job answered, in input order, with the bytes of the plain batch.
import Foundation
import Testing
import TextLayout

@Suite("Spark batch")
struct SparkBatchTests {
    /// Whether python3 can import pyspark and a Java runtime is on the path (`.ci/run` installs both).
    static let sparkAvailable: Bool = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sh", "-c", "command -v java >/dev/null && python3 -c 'import pyspark' 2>/dev/null"]
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardizedFileURL

    /// Runs `python3 scripts/spark_batch.py arguments`.
    static func sparkBatch(_ arguments: [String]) throws -> CommandRun {
        try runProgram(["python3", repository.appendingPathComponent("scripts/spark_batch.py").path] + arguments)
    }

    @Test("a few thousand corpus jobs (bad ones among them) through Spark local[2]: the plain batch's bytes, in order",
          .enabled(if: sparkAvailable, "needs pyspark and java (scripts/install-deps.sh installs them)"))
    func sameBytesAsBatch() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let corpus = try runProgram(["python3", Self.repository.appendingPathComponent("Benchmarks/Corpus/make_jobs.py").path,
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
        #expect(spark.status == 0, "\(spark.error)")
        let sparked = String(decoding: try Data(contentsOf: output), as: UTF8.self)
        #expect(outputLines(sparked).count == jobs.count)
        #expect(sparked == plain.output, "the same bytes as the plain batch")
    }

    @Test("--fonts-dir and --hyphen-dir are shipped to the executors: the plain batch's bytes with both",
          .enabled(if: sparkAvailable, "needs pyspark and java (scripts/install-deps.sh installs them)"))
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
        let output = folder.appendingPathComponent("results.jsonl")
        let spark = try Self.sparkBatch([input.path, output.path, "--binary", try #require(textlayoutExecutable()).path, "--partitions", "3",
                                         "--fonts-dir", fonts.path, "--hyphen-dir", patterns.path])
        #expect(spark.status == 0, "\(spark.error.suffix(2000))")
        #expect(String(decoding: try Data(contentsOf: output), as: UTF8.self) == plain.output)
        let clash = try Self.sparkBatch([input.path, output.path, "--binary", try #require(textlayoutExecutable()).path,
                                         "--fonts-dir", fonts.path, "--hyphen-dir", fonts.path])
        #expect(clash.status != 0 && clash.error.contains("different names"), "\(clash.error)")
    }

    @Test("a partition whose process fails is reported with the jobs it held",
          .enabled(if: sparkAvailable, "needs pyspark and java (scripts/install-deps.sh installs them)"))
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
        #expect(run.status != 0)
        #expect(run.error.contains("partition") && run.error.contains("input lines") && run.error.contains("jobs)"), "\(run.error.suffix(2000))")
        #expect(run.error.contains("exited 3") && run.error.contains("disk full"), "\(run.error.suffix(2000))")
    }
}
