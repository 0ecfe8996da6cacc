// The benchmark's scenarios: cold and warm layout, relayout at new widths, height steps, keystrokes in a long text, a streamed answer, the batch path, memory.
import Foundation
import TextLayout
import TextLayoutBatch
import TextLayoutIO

/// Per-job times of the floors, in seconds (medians of the rounds).
struct Floors {
    var harfBuzz: Double
    var icu: Double
    var sum: Double { harfBuzz + icu }
}

/// Hits and misses of one cache, as a line of the report.
func hitRate(_ name: String, _ statistics: (hits: Int, misses: Int, bytes: Int)) -> String {
    String(format: "%@: %d hits, %d misses (%.1f%% hits)", name, statistics.hits, statistics.misses,
           100 * Double(statistics.hits) / Double(max(1, statistics.hits + statistics.misses)))
}

func seconds(since start: UInt64) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// The benchmark's scenarios, each named once: its name on the command line (`--scenario`) and
/// what its usage says it times.
enum ScenarioName: String, CaseIterable {
    case cold
    case hyphensAuto = "hyphens-auto"
    case profiles
    case warm
    case relayout
    case relayoutHeight = "relayout-height"
    case textWrap = "text-wrap"
    case steps
    case fit
    case keystroke
    case stream
    case batch
    case batchDistinct = "batch-distinct"
    case memory

    /// What the scenario times, for the usage.
    var summary: String {
        switch self {
        case .cold: "every job a first sight of its text: passes of distinct texts, caches emptied before each pass (the word cache learns within a pass)"
        case .hyphensAuto: "cold with hyphens auto, each job in its language, as a ratio to greedy's cold layout (hyphens manual) of the same jobs in the same run"
        case .profiles: "cold layout and relayout under each profile but standard (chromium, pango), as ratios to the standard profile's, the rounds alternating"
        case .warm: "caches kept: every job a prepared-text cache hit"
        case .relayout: "prepared texts laid out at new widths, lines built (against Pango's fresh layout of each job: compare.py speed times Pango laying the job out anew)"
        case .relayoutHeight: "the same, height-only path (no lines built)"
        case .textWrap: "relayout (lines built) with greedy, balanced and pretty lines, as ratios to greedy's in the same run"
        case .steps: "height steps over 100...600 px for every prepared job, beside relayout at one width"
        case .fit: "the largest size from 8 to 32 px that keeps each job within 3 lines, against one full layout and against a layout at every size from the largest down"
        case .keystroke: "a sentence typed into 10 KB, 100 KB and 1 MB documents of long paragraphs (corpus texts) and of short ones (a chat log), and into the middle of 10 MB of short ones, against a full layout in the same cache state"
        case .stream: "a 20 KB answer of distinct texts appended in 4000 pieces, the height measured after each, against one full layout"
        case .batch: "JSON in and out, 1 thread and every core: prepared-text cache hits"
        case .batchDistinct: "the batch over passes of distinct texts, caches emptied before each pass"
        case .memory: "bytes malloc really holds for prepared texts and caches, per script"
        }
    }
}

struct Scenario {
    /// The editor widths the `steps` scenario finds every job's height steps over.
    static let stepWidths = 100.0...600.0

    let jobs: [BenchJob]
    let fonts: FontContext
    let rounds: Int
    /// The one keystroke case to run (`--keystroke-case`), or nil for all of them.
    var keystrokeCase: KeystrokeCase? = nil

    /// Runs `round` once to warm up, then `rounds` times, printing each round as
    /// 'round i: S s for N jobs' (the line `compare.py speed` reads); returns the median round in
    /// seconds. `round` returns the seconds it measured and a checksum, so that its work cannot be
    /// optimised away.
    func measuredRounds(count: Int, quiet: Bool = false, _ round: () throws -> (seconds: Double, checksum: Int)) rethrows -> Double {
        var checksum = try round().checksum
        var times: [Double] = []
        for index in 0..<rounds {
            let (seconds, sum) = try round()
            checksum &+= sum
            times.append(seconds)
            if !quiet { print(String(format: "round %d: %.6f s for %d jobs", index, seconds, count)) }
        }
        if checksum == 42 { print("") }  // keeps the checksum alive
        return times.sorted()[times.count / 2]
    }

    /// ``measuredRounds(count:quiet:_:)`` timing the whole of `body`, after `before` (untimed).
    func timed(count: Int, quiet: Bool = false, before: () -> Void = {}, _ body: () throws -> Int) rethrows -> Double {
        try measuredRounds(count: count, quiet: quiet) {
            before()
            let start = DispatchTime.now().uptimeNanoseconds
            let checksum = try body()
            return (seconds(since: start), checksum)
        }
    }

    func floors() -> Floors {
        let harfBuzz = HarfBuzzAlone()
        let hb = timed(count: jobs.count, quiet: true) { harfBuzz.run(jobs) }
        let icu = timed(count: jobs.count, quiet: true) { ICUAlone.run(jobs) }
        return Floors(harfBuzz: hb / Double(jobs.count), icu: icu / Double(jobs.count))
    }

    func run(_ name: ScenarioName, floor: Floors) throws {
        print("== \(name.rawValue)")
        switch name {
        case .cold:
            try runCold(floor: floor)
        case .hyphensAuto:
            try runHyphensAuto()
        case .profiles:
            try runProfiles(floor: floor)
        case .warm:
            try runWarm(floor: floor)
        case .relayout:
            // Lines built (ranges, widths, heights, baselines), as the batch reports them.
            try runRelayout(floor: floor) { prepared, i, sizing, width in
                try prepared[i].measureEditor(editorWidth: width, sizing: sizing, glyphRuns: false).lineCount
            }
        case .relayoutHeight:
            // The height-only path: line count and heights, no lines built.
            try runRelayout(floor: floor) { prepared, i, sizing, width in
                try prepared[i].editorHeight(editorWidth: width, sizing: sizing).lineCount
            }
        case .textWrap:
            try runTextWrap(floor: floor)
        case .steps:
            try runSteps()
        case .fit:
            try runFit()
        case .keystroke:
            try KeystrokeScenario(jobs: jobs, rounds: rounds, only: keystrokeCase).run()
        case .stream:
            try StreamScenario(jobs: jobs, rounds: rounds).run()
        case .batch:
            runBatch(passes: [Array(jobs.indices)], clearingCaches: false)
        case .batchDistinct:
            runBatch(passes: firstSightPasses(jobs), clearingCaches: true)
        case .memory:
            try MemoryScenario(jobs: jobs, fonts: fonts).run()
        }
    }

    /// Every job a first sight of its text: the jobs run in passes that hold each text once, each
    /// pass starting with both caches emptied (untimed). Within a pass the word cache keeps what the
    /// pass's earlier texts taught it, as in a batch of distinct texts.
    func runCold(floor: Floors) throws {
        let (median, last) = try coldRounds(jobs)
        report(median / Double(jobs.count), against: "(harfbuzz + icu)", floor.sum)
        print("\(firstSightPasses(jobs).count) passes of distinct texts, caches emptied before each; in the last round:")
        print(last.hitRates)
    }

    /// ``runCold(floor:)``'s rounds over `jobs`: the median round in seconds and the last round.
    func coldRounds(_ jobs: [BenchJob], quiet: Bool = false) throws -> (median: Double, last: PassesRun) {
        let passes = firstSightPasses(jobs)
        var last = PassesRun()
        let median = try measuredRounds(count: jobs.count, quiet: quiet) {
            last = try runPasses(passes.count, clearingCaches: true) { pass in
                var checksum = 0
                for i in passes[pass] { checksum &+= try measure(jobs[i]) }
                return checksum
            }
            return (last.seconds, last.checksum)
        }
        return (median, last)
    }

    /// Cold layout with `hyphens: auto`, each job in its language (a corpus job's, from its id),
    /// against greedy's cold layout (`hyphens: manual`) of the same jobs in the same run. The
    /// pattern files are read in the warm-up round, once per process.
    func runHyphensAuto() throws {
        // Both in the job's language, so that only `hyphens` differs.
        let inLanguage = try jobs.map { job in
            var job = job
            if job.style.settings.language == nil, job.group.count <= 3 { job.style = try job.style.withLanguage(job.group) }
            return job
        }
        let hyphenated = try inLanguage.map { job in
            var job = job
            var settings = job.style.settings
            settings.hyphens = .auto
            job.style = try TextStyle(font: job.style.font, settings: settings)
            return job
        }
        let greedy = try coldRounds(inLanguage, quiet: true).median
        let (median, _) = try coldRounds(hyphenated)
        report(median / Double(jobs.count), against: "greedy cold", greedy / Double(jobs.count))
    }

    /// Cold layout and relayout (lines built) of the jobs under each named profile but `standard`,
    /// as ratios to the standard profile's in the same run: each of the rounds times the standard
    /// jobs, then the profile's (a warm-up and one timed round each), so that the machine's load
    /// weighs on both alike; the medians over the rounds, and the median of the rounds' ratios.
    func runProfiles(floor: Floors) throws {
        let single = Scenario(jobs: jobs, fonts: fonts, rounds: 1)
        let layOut: LayOut = { prepared, i, sizing, width in
            try prepared[i].measureEditor(editorWidth: width, sizing: sizing, glyphRuns: false).lineCount
        }
        for profile in LayoutProfile.allCases where profile != .standard {
            let profiled = try jobs.map { job in
                var job = job
                var settings = job.style.settings
                settings.profile = profile
                job.style = try TextStyle(font: job.style.font, settings: settings)
                return job
            }
            var cold: [(standard: Double, profile: Double)] = []
            var relayout: [(standard: Double, profile: Double)] = []
            for _ in 0..<rounds {
                cold.append((try single.coldRounds(jobs, quiet: true).median, try single.coldRounds(profiled, quiet: true).median))
                relayout.append((try single.relayout(jobs, floor: floor, quiet: true, layOut),
                                 try single.relayout(profiled, floor: floor, quiet: true, layOut)))
            }
            let count = Double(jobs.count)
            print(Self.profileLine(profile.name, "cold", cold.map { ($0.standard / count, $0.profile / count) }))
            print(Self.profileLine(profile.name, "relayout", relayout))
        }
    }

    /// The profiles scenario's line for one profile and one path: the medians per job of the
    /// rounds' `times` (standard, profile; seconds a job) and the median of their ratios.
    static func profileLine(_ profile: String, _ path: String, _ times: [(standard: Double, profile: Double)]) -> String {
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        return String(format: "profile %@, %@: median %.2f us/job, standard %.2f us/job; profile / standard = %.2f (median of %d rounds' ratios)",
                      profile, path, median(times.map(\.profile)) * 1e6, median(times.map(\.standard)) * 1e6,
                      median(times.map { $0.profile / $0.standard }), times.count)
    }

    /// What a run of passes took and how the caches answered.
    struct PassesRun {
        var seconds = 0.0
        var checksum = 0
        var words = (hits: 0, misses: 0, bytes: 0)
        var prepared = (hits: 0, misses: 0, bytes: 0)
        var hitRates: String { hitRate("word cache", words) + "; " + hitRate("prepared texts", prepared) }
    }

    /// Runs `pass` for each pass index, timing it (and, with `clearingCaches`, emptying the caches
    /// before it, untimed), and counts the caches' hits and misses over the passes.
    func runPasses(_ count: Int, clearingCaches: Bool, _ pass: (Int) throws -> Int) rethrows -> PassesRun {
        var run = PassesRun()
        for index in 0..<count {
            if clearingCaches { fonts.clearShapingCaches() }
            let (w, p) = (fonts.shapeCache.statistics, fonts.preparedTextCache.statistics)
            let start = DispatchTime.now().uptimeNanoseconds
            run.checksum &+= try pass(index)
            run.seconds += seconds(since: start)
            let (w1, p1) = (fonts.shapeCache.statistics, fonts.preparedTextCache.statistics)
            run.words = (run.words.hits + w1.hits - w.hits, run.words.misses + w1.misses - w.misses, 0)
            run.prepared = (run.prepared.hits + p1.hits - p.hits, run.prepared.misses + p1.misses - p.misses, 0)
        }
        return run
    }

    /// Caches kept from round to round: after the warm-up every job's text is a prepared-text cache hit.
    func runWarm(floor: Floors) throws {
        fonts.clearShapingCaches()
        let median = try timed(count: jobs.count) { try measureAll() }
        report(median / Double(jobs.count), against: "harfbuzz", floor.harfBuzz)
        print(hitRate("word cache", fonts.shapeCache.statistics) + "; " + hitRate("prepared texts", fonts.preparedTextCache.statistics))
    }

    /// A relayout timed: the prepared texts, the index of the job to lay out, its sizing and width;
    /// its line count back. (The text is laid out in place in the array: handing it over as a
    /// value would copy it, retaining and releasing each of its fields, around every job.)
    typealias LayOut = (_ prepared: [PreparedText], _ job: Int, _ sizing: EditorSizing, _ width: Double?) throws -> Int

    /// Each round lays every prepared job out at a width a few pixels off the last round's.
    func runRelayout(floor: Floors, _ layOut: LayOut) throws {
        _ = try relayout(jobs, floor: floor, layOut)
        print(Self.relayoutAgainstPango)
    }

    /// What relayout's ratio to Pango compares, printed under its figures.
    static let relayoutAgainstPango = "against Pango (compare.py speed): Pango's figure is a fresh layout of each job (it keeps no prepared text "
        + "to lay out again), so Pango / ours compares its fresh layout with our relayout of a prepared text"

    /// ``runRelayout(floor:_:)`` over `jobs`, returning the median per job in seconds. The rounds
    /// read the widths and sizings from arrays of their own, so that a job's strings and style
    /// are not copied (retained and released) around each layout it times.
    func relayout(_ jobs: [BenchJob], floor: Floors, quiet: Bool = false, _ layOut: LayOut) throws -> Double {
        let prepared = try jobs.map { try PreparedText($0.text, style: $0.style) }
        let widths = jobs.map(\.width)
        let sizings = jobs.map(\.sizing)
        var round = 0
        let median = try timed(count: jobs.count, quiet: quiet) {
            round += 1
            var checksum = 0
            for i in prepared.indices {
                checksum &+= try layOut(prepared, i, sizings[i], widths[i].map { $0 + Double(round % 7) * 3 })
            }
            return checksum
        }
        if !quiet { report(median / Double(jobs.count), against: "(harfbuzz + icu)", floor.sum) }
        return median / Double(jobs.count)
    }

    /// Each round finds every prepared job's height steps over ``stepWidths``; then, in the same
    /// run, relayout at one width with lines built (as `relayout` times it), for the ratio.
    func runSteps() throws {
        let prepared = try jobs.map { try PreparedText($0.text, style: $0.style) }
        var stepCount = 0
        let steps = try timed(count: jobs.count) {
            stepCount = 0
            for i in jobs.indices { stepCount += try prepared[i].heightSteps(in: Self.stepWidths, sizing: jobs[i].sizing).count }
            return stepCount
        }
        var round = 0
        let relayout = try timed(count: jobs.count, quiet: true) {
            round += 1
            var checksum = 0
            for i in jobs.indices {
                let width = jobs[i].width.map { $0 + Double(round % 7) * 3 }
                checksum &+= try prepared[i].measureEditor(editorWidth: width, sizing: jobs[i].sizing, glyphRuns: false).lineCount
            }
            return checksum
        }
        print(Self.stepsLine(perJob: steps / Double(jobs.count), stepsPerJob: Double(stepCount) / Double(jobs.count),
                             relayoutPerJob: relayout / Double(jobs.count)))
    }

    /// The steps scenario's line: its median per job beside relayout's.
    static func stepsLine(perJob: Double, stepsPerJob: Double, relayoutPerJob: Double) -> String {
        String(format: "median %.2f us/job for the height steps over %g...%g px (%.1f steps a job); relayout at one width %.2f us/job; "
               + "steps / relayout = %.1f", perJob * 1e6, stepWidths.lowerBound, stepWidths.upperBound, stepsPerJob,
               relayoutPerJob * 1e6, perJob / relayoutPerJob)
    }

    /// The batch path, JSON in and out, on 1 thread and on every core. With `clearingCaches`, the
    /// caches are emptied (untimed) before each pass, so that each pass is a stream of texts seen
    /// for the first time.
    func runBatch(passes: [[Int]], clearingCaches: Bool) {
        let input = passes.map { pass in pass.map { Array(jobs[$0].line.utf8) } }
        var perThread: [Int: Double] = [:]
        for threads in Set([1, ProcessInfo.processInfo.activeProcessorCount]).sorted() {
            let runner = BatchRunner(layouter: BatchLayouter(fonts: fonts), threads: threads)
            print("-- \(threads) thread\(threads == 1 ? "" : "s")")
            var last = PassesRun()
            let median = measuredRounds(count: jobs.count) {
                last = runPasses(input.count, clearingCaches: clearingCaches) { pass in
                    runner.results(for: input[pass]).reduce(0) { $0 &+ $1.json.utf8.count }
                }
                return (last.seconds, last.checksum)
            }
            perThread[threads] = median
            print(String(format: "median %.2f us/job, %.0f jobs/s", median / Double(jobs.count) * 1e6, Double(jobs.count) / median))
            print("in the last round: " + last.hitRates)
        }
        if let one = perThread[1], let all = perThread.filter({ $0.key > 1 }).first {
            print(String(format: "throughput with %d threads / 1 thread = %.2f", all.key, one / all.value))
        }
    }

    /// Prepares and measures one job (the batch job without JSON: the height-only path).
    func measure(_ job: BenchJob) throws -> Int {
        let prepared = try PreparedText(job.text, style: job.style)
        return try prepared.measureEditor(editorWidth: job.width, sizing: job.sizing, glyphRuns: false).lineCount
    }

    func measureAll() throws -> Int {
        var checksum = 0
        for job in jobs { checksum &+= try measure(job) }
        return checksum
    }

    func report(_ perJob: Double, against name: String, _ value: Double) {
        print(String(format: "median %.2f us/job; / %@ = %.2f", perJob * 1e6, name, perJob / value))
    }
}
