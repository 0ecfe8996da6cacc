// The speed gate counts what it says: its committed jobs are corpus jobs of every group and width, its budgets name every counted workload, and a workload's counted pass alone runs inside `countedWork`.
import Foundation
import Testing
import TextLayout
import TextLayoutIO
@testable import textlayout_bench

@Suite("Speed gate", .serialized)
struct SpeedGateTests {
    /// The workloads `Benchmarks/SpeedGate/budgets.txt` names, in its order.
    static func budgetedWorkloads() throws -> [String] {
        let url = CountedWorkload.gateDirectory.appendingPathComponent("budgets.txt")
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0].split(separator: " ")
            return fields.first.map(String.init)
        }
    }

    @Test("the budgets name every counted workload once, and no other, with a count and an allowance")
    func budgetsNameEveryWorkload() throws {
        #expect(try Self.budgetedWorkloads() == CountedWorkload.allCases.map(\.rawValue))
        let url = CountedWorkload.gateDirectory.appendingPathComponent("budgets.txt")
        for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: " ")
            #expect(fields.count == 3 && Int(fields[1]).map { $0 > 0 } == true && fields[2].hasSuffix("%"), "\(line)")
        }
    }

    @Test("the gate's jobs are corpus jobs as they are, 407 of them: every group, the three widths in turn")
    func jobsAreCorpusJobs() throws {
        // Benchmarks/Corpus/make_jobs.py's every 31st line; its groups come in another order than
        // JobSource's, so each job is found by its id.
        var corpus: [String: JSONValue] = [:]
        for line in try JobSource.corpusLines() {
            let job = try parseJSON(line)
            if case .string(let id) = job["id"] { corpus[id] = job }
        }
        let gate = try JobSource.lines(from: CountedWorkload.gateDirectory.appendingPathComponent("jobs.jsonl").path).map { try parseJSON($0) }
        #expect(gate.count == 407)
        var groups = Set<String>()
        var widths: [Double: Int] = [:]
        for job in gate {
            guard case .string(let id) = job["id"], let expected = corpus[id] else {
                Issue.record("a gate job that is no corpus job: \(String(describing: job["id"]))")
                continue
            }
            for key in ["text", "font", "size", "width", "lineSpace"] {
                #expect(job[key] == expected[key], "\(key) of \(id)")
            }
            groups.insert(String(id.split(separator: "-")[0]))
            if case .number(let width, _) = job["width"] { widths[width, default: 0] += 1 }
        }
        #expect(groups == Set(JobSource.corpusFamilies.map(\.0)))
        #expect(Set(widths.keys) == [120, 240, 360] && widths.values.allSatisfy { $0 >= 135 }, "\(widths)")
    }

    @Test("a workload runs its hot part inside countedWork in its counted pass only, once a pass or a keystroke",
          arguments: [(CountedWorkload.cold, 3), (.relayout, 1), (.relayoutHeight, 1), (.keystroke10KB, KeystrokeScenario.typing.count), (.batch, 1)])
    func countedPassAlone(workload: CountedWorkload, calls: Int) throws {
        let fonts = ScenarioTests.context()
        let jobs = try ScenarioTests.corpusLikeJobs(ScenarioTests.texts, fonts: fonts)
        let before = countedWorkCalls
        try workload.run(jobs: jobs, fonts: fonts)
        #expect(countedWorkCalls - before == calls)
    }
}
