// The speed gate's workloads (`--count NAME`): each runs once to warm up, then once more inside `countedWork`, which callgrind counts alone.
import Foundation
import TextLayout
import TextLayoutBatch
import TextLayoutIO

/// One workload of the speed gate (`scripts/speed-gate.py`). Its counted pass does the work of
/// one of the benchmark's scenarios once, every call of it inside ``countedWork(_:)``; what it
/// needs first (the fonts and ICU's data loaded, the texts prepared, the caches emptied) happens
/// outside, so that callgrind's `--toggle-collect` on `countedWork` counts the hot path alone.
enum CountedWorkload: String, CaseIterable {
    /// Every job a first sight of its text, the caches emptied before each pass (`cold`).
    case cold
    /// Every prepared job laid out at a new width, lines built (`relayout`).
    case relayout
    /// The same on the height-only path (`relayout-height`).
    case relayoutHeight = "relayout-height"
    /// The keystroke scenario's sentence typed in the middle of 10 KB of short paragraphs.
    case keystroke10KB = "keystroke-10KB"
    /// The same in the middle of 1 MB of short paragraphs.
    case keystroke1MB = "keystroke-1MB"
    /// The stream scenario: a 20 KB answer appended in 4,000 pieces, the height after each.
    case stream
    /// The batch, JSON in and out on one thread, every job a prepared-text cache hit (`batch`).
    case batch

    /// What one counted pass is made of, for the count's unit: `jobs`, `keystrokes` or `pieces`.
    func units(jobCount: Int) -> (count: Int, name: String) {
        switch self {
        case .cold, .relayout, .relayoutHeight, .batch: (jobCount, "jobs")
        case .keystroke10KB, .keystroke1MB: (KeystrokeScenario.typing.count, "keystrokes")
        case .stream: (StreamScenario.pieceCount, "pieces")
        }
    }

    /// Runs the workload's warm-up pass, then its counted pass; prints what was counted.
    func run(jobs: [BenchJob], fonts: FontContext) throws {
        var checksum = 0
        for counted in [false, true] {
            checksum &+= try pass(jobs: jobs, fonts: fonts, counted: counted)
        }
        let units = units(jobCount: jobs.count)
        print("counted: \(rawValue), \(units.count) \(units.name) (checksum \(checksum))")
    }

    /// One pass; its hot part inside ``countedWork(_:)`` when `counted`.
    private func pass(jobs: [BenchJob], fonts: FontContext, counted: Bool) throws -> Int {
        func work(_ body: () throws -> Int) rethrows -> Int { counted ? try countedWork(body) : try body() }
        // The pass's widths differ from the warm-up's, so that no layout is one seen before.
        let widthOffset = counted ? 6.0 : 3.0
        switch self {
        case .cold:
            var checksum = 0
            for pass in firstSightPasses(jobs) {
                fonts.clearShapingCaches()
                checksum &+= try work {
                    var sum = 0
                    for i in pass {
                        let prepared = try PreparedText(jobs[i].text, style: jobs[i].style)
                        sum &+= try prepared.measureEditor(editorWidth: jobs[i].width, sizing: jobs[i].sizing, glyphRuns: false).lineCount
                    }
                    return sum
                }
            }
            return checksum
        case .relayout, .relayoutHeight:
            let prepared = try jobs.map { try PreparedText($0.text, style: $0.style) }
            let widths = jobs.map { $0.width.map { $0 + widthOffset } }
            let sizings = jobs.map(\.sizing)
            let linesBuilt = self == .relayout
            return try work {
                var sum = 0
                for i in prepared.indices {
                    sum &+= linesBuilt
                        ? try prepared[i].measureEditor(editorWidth: widths[i], sizing: sizings[i], glyphRuns: false).lineCount
                        : try prepared[i].editorHeight(editorWidth: widths[i], sizing: sizings[i]).lineCount
                }
                return sum
            }
        case .keystroke10KB, .keystroke1MB:
            let scenario = KeystrokeScenario(jobs: jobs, rounds: 1)
            let (text, style) = scenario.text(.shortParagraphs, kilobytes: self == .keystroke10KB ? 10 : 1000)
            fonts.clearShapingCaches()
            var prepared = try PreparedText(text, style: style)
            var layout = try prepared.layout(wrapWidth: KeystrokeScenario.width, lineSpace: 2, glyphRuns: false)
            var caret = KeystrokeScenario.middle(of: text)
            for character in KeystrokeScenario.typing {
                let key = String(character)
                _ = try work {
                    prepared = try KeystrokeScenario.typeOneKey(key, at: caret, into: prepared, layout: &layout)
                    return 0
                }
                caret += key.utf16.count
            }
            return layout.lineCount
        case .stream:
            let scenario = StreamScenario(jobs: jobs, rounds: 1)
            let (text, style) = scenario.answer()
            let pieces = StreamScenario.pieces(of: text, count: StreamScenario.pieceCount)
            fonts.clearShapingCaches()
            return try work { try StreamScenario.stream(pieces, style: style).lineCount }
        case .batch:
            let runner = BatchRunner(layouter: BatchLayouter(fonts: fonts), threads: 1)
            let input = jobs.map { Array($0.line.utf8) }
            return work { runner.results(for: input).reduce(0) { $0 &+ $1.json.utf8.count } }
        }
    }
}

/// How many times ``countedWork(_:)`` ran: for the tests, which hold each workload's counted pass
/// to its calls (the benchmark is one thread).
nonisolated(unsafe) var countedWorkCalls = 0

/// The counted part of a workload's pass: callgrind counts only what runs inside this function
/// (`--toggle-collect='*countedWork*'`, scripts/speed-gate.py). Never inlined, so that it is a
/// function callgrind sees.
@inline(never)
func countedWork(_ body: () throws -> Int) rethrows -> Int {
    countedWorkCalls += 1
    return try body()
}

extension CountedWorkload {
    /// The speed gate's folder: its jobs and budgets.
    static let gateDirectory = JobSource.corpusDirectory.deletingLastPathComponent().appendingPathComponent("SpeedGate")
}
