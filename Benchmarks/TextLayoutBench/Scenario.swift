// The benchmark's scenarios: cold and warm layout, relayout at new widths, keystrokes in a long text, the batch path.
import Foundation
import TextLayout
import TextLayoutBatch

/// Per-job times of the floors, in seconds (medians of the rounds).
struct Floors {
    var harfBuzz: Double
    var icu: Double
    var sum: Double { harfBuzz + icu }
}

struct Scenario {
    static let names = ["cold", "warm", "relayout", "keystroke", "batch"]

    let jobs: [BenchJob]
    let fonts: FontContext
    let rounds: Int

    /// Runs `body` once to warm up, then `rounds` times, printing each round; returns the median
    /// round in seconds. `body` returns a checksum so that its work cannot be optimised away.
    func timed(_ label: String, count: Int, quiet: Bool = false, before: () -> Void = {}, _ body: () throws -> Int) rethrows -> Double {
        var checksum = 0
        before()
        checksum &+= try body()
        var times: [Double] = []
        for round in 0..<rounds {
            before()
            let start = DispatchTime.now().uptimeNanoseconds
            checksum &+= try body()
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            times.append(seconds)
            if !quiet { print(String(format: "round %d: %.6f s for %d jobs", round, seconds, count)) }
        }
        if checksum == 42 { print("") }  // keeps the checksum alive
        return times.sorted()[times.count / 2]
    }

    func floors() -> Floors {
        let harfBuzz = HarfBuzzAlone()
        let hb = timed("harfbuzz", count: jobs.count, quiet: true) { harfBuzz.run(jobs) }
        let icu = timed("icu", count: jobs.count, quiet: true) { ICUAlone.run(jobs) }
        return Floors(harfBuzz: hb / Double(jobs.count), icu: icu / Double(jobs.count))
    }

    func run(_ name: String, floor: Floors) throws {
        print("== \(name)")
        switch name {
        case "cold":
            let median = try timed(name, count: jobs.count, before: { fonts.clearShapingCaches() }) { try measureAll() }
            report(median / Double(jobs.count), floor: floor, against: "(harfbuzz + icu)", floor.sum)
        case "warm":
            fonts.clearShapingCaches()
            let median = try timed(name, count: jobs.count) { try measureAll() }
            report(median / Double(jobs.count), floor: floor, against: "harfbuzz", floor.harfBuzz)
            let cache = fonts.shapeCache.statistics
            print(String(format: "word cache: %d hits, %d misses (%.1f%% hits), %.1f MiB", cache.hits, cache.misses,
                         100 * Double(cache.hits) / Double(max(1, cache.hits + cache.misses)), Double(cache.bytes) / 1048576))
            var preparedBytes = 0
            var units = 0
            for text in Set(jobs.map(\.text)) {
                preparedBytes += try PreparedText(text, style: jobs[0].style).estimatedBytes
                units += text.utf16.count
            }
            print(String(format: "prepared text: %.1f bytes per UTF-16 code unit; word cache %.1f bytes per unit of the corpus",
                         Double(preparedBytes) / Double(units), Double(cache.bytes) / Double(units)))
        case "relayout":
            let prepared = try jobs.map { try PreparedText($0.text, style: $0.style) }
            var round = 0
            // Lines built (ranges, widths, heights, baselines), as the batch reports them.
            let median = try timed(name, count: jobs.count) {
                round += 1
                var checksum = 0
                for i in jobs.indices {
                    let width = jobs[i].width.map { $0 + Double(round % 7) * 3 }
                    checksum &+= try prepared[i].measureEditor(width: width, sizing: jobs[i].sizing, glyphRuns: false).lineCount
                }
                return checksum
            }
            report(median / Double(jobs.count), floor: floor, against: "(harfbuzz + icu)", floor.sum)
            // The height-only path: line count and heights, no lines built.
            print("-- height only")
            let heightOnly = try timed(name, count: jobs.count) {
                round += 1
                var checksum = 0
                for i in jobs.indices {
                    let width = jobs[i].width.map { $0 + Double(round % 7) * 3 }
                    checksum &+= try prepared[i].editorHeight(width: width, sizing: jobs[i].sizing).lineCount
                }
                return checksum
            }
            report(heightOnly / Double(jobs.count), floor: floor, against: "(harfbuzz + icu)", floor.sum)
        case "keystroke":
            try KeystrokeScenario(jobs: jobs, rounds: rounds).run()
        case "batch":
            let input = jobs.map { Array($0.line.utf8) }
            var perThread: [Int: Double] = [:]
            for threads in Set([1, ProcessInfo.processInfo.activeProcessorCount]).sorted() {
                let runner = BatchRunner(threads: threads)
                print("-- \(threads) thread\(threads == 1 ? "" : "s")")
                let median = timed(name, count: jobs.count) {
                    runner.results(for: input).reduce(0) { $0 &+ $1.json.utf8.count }
                }
                perThread[threads] = median
                print(String(format: "median %.2f us/job, %.0f jobs/s", median / Double(jobs.count) * 1e6, Double(jobs.count) / median))
            }
            if let one = perThread[1], let all = perThread.filter({ $0.key > 1 }).first {
                print(String(format: "throughput with %d threads / 1 thread = %.2f", all.key, one / all.value))
            }
        default:
            break
        }
    }

    /// Prepares and measures every job (the batch job without JSON: the height-only path).
    func measureAll() throws -> Int {
        var checksum = 0
        for i in jobs.indices {
            let prepared = try PreparedText(jobs[i].text, style: jobs[i].style)
            checksum &+= try prepared.measureEditor(width: jobs[i].width, sizing: jobs[i].sizing, glyphRuns: false).lineCount
        }
        return checksum
    }

    func report(_ perJob: Double, floor: Floors, against name: String, _ value: Double) {
        print(String(format: "median %.2f us/job; / %@ = %.2f", perJob * 1e6, name, perJob / value))
    }
}
