// The speed gate counts what it says: its committed jobs are the corpus's every 31st, its budgets name every counted workload, and a workload's counted pass alone runs inside `countedWork`.
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

    @Test("the gate's jobs are the corpus's every 31st job: every group, the three widths in turn")
    func jobsAreEvery31stCorpusJob() throws {
        let corpus = try JobSource.corpusLines().enumerated().filter { $0.offset % 31 == 0 }.map { try parseJSON($0.element) }
        let gate = try JobSource.lines(from: CountedWorkload.gateDirectory.appendingPathComponent("jobs.jsonl").path).map { try parseJSON($0) }
        #expect(gate.count == 407)
        #expect(gate.count == corpus.count)
        for (ours, expected) in zip(gate, corpus) {
            for key in ["id", "text", "font", "size", "width", "lineSpace"] {
                #expect(ours[key] == expected[key], "\(key) of \(String(describing: expected["id"]))")
            }
        }
        let groups = Set(gate.compactMap { job -> String? in
            if case .string(let id) = job["id"] { return String(id.split(separator: "-")[0]) }
            return nil
        })
        #expect(groups == Set(JobSource.corpusFamilies.map(\.0)))
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
