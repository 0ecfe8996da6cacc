// textlayout-bench: times the engine's hot paths on real text, beside HarfBuzz alone and ICU alone in the same run.
import Foundation
import TextLayout
import TextLayoutCLI
import TextLayoutIO

/// The benchmark's options, read by the command line's table and parser (TextLayoutCLI).
enum BenchOptions {
    static let jobs = CommandOption("jobs", .string(valueName: "FILE|-"), help: "the jobs, one JSON job a line, from a file or standard input",
                                    default: "the corpus in Benchmarks/Corpus at 120, 240 and 360 px")
    static let scenario = CommandOption("scenario", .choice(allowed: ScenarioName.allCases.map(\.rawValue) + ["all"]),
                                        help: "the scenario to time (below)", default: "all")
    static let rounds = CommandOption("rounds", .integer(valueName: "N", bounds: .atLeast(1)),
                                      help: "timed rounds of each scenario, after one warm-up round", default: "5")
    static let keystrokeCase = CommandOption("keystroke-case", .string(valueName: "DOCUMENT,PLACE,KB"),
                                             help: "types into one case of the keystroke scenario only (document short or long, place end or middle, size in KB), each keystroke one call of KeystrokeScenario.typeOneKey (for callgrind's --toggle-collect)")
    static let count = CommandOption("count", .choice(of: CountedWorkload.self),
                                     help: "runs one workload of the speed gate (scripts/speed-gate.py) untimed: a warm-up pass, then a pass whose hot part runs inside countedWork, for callgrind's --toggle-collect")

    static let command = Command("", summary: "times the engine's hot paths on real text, beside HarfBuzz alone and ICU alone in the same run",
                                 options: [jobs, scenario, rounds, keystrokeCase, count],
                                 details: "scenarios:\n" + Command.table(ScenarioName.allCases.map { ($0.rawValue, $0.summary) }) + """

        Each timed scenario runs one warm-up round, then N rounds, each printed as 'round i: S s for
        N jobs' (all the jobs, as compare.py speed reads it), then its median and its ratios.
        """, programName: "textlayout-bench") { _ in 0 }
}

struct Options {
    var jobs: String?
    var scenarios: [ScenarioName] = ScenarioName.allCases
    var rounds = 5
    var keystrokeCase: KeystrokeCase?
    var countedWorkload: CountedWorkload?
}

func parseOptions() -> Options {
    func fail(_ message: String, showsSynopsis: Bool = true) -> Never {
        FileHandle.standardError.write(Data("textlayout-bench: \(message)\n".utf8))
        if showsSynopsis { FileHandle.standardError.write(Data("\(BenchOptions.command.synopsis)\n('textlayout-bench --help' lists the options)\n".utf8)) }
        exit(2)
    }
    let arguments: ParsedArguments
    do {
        arguments = try ParsedArguments(Array(CommandLine.arguments.dropFirst()), for: BenchOptions.command)
    } catch is HelpRequest {
        print(BenchOptions.command.usage)
        exit(0)
    } catch let error as UsageError {
        fail(error.message, showsSynopsis: error.showsSynopsis)
    } catch {
        fail("\(error)")
    }
    var options = Options()
    options.jobs = arguments.string(BenchOptions.jobs)
    if let name = arguments.string(BenchOptions.scenario), let scenario = ScenarioName(rawValue: name) { options.scenarios = [scenario] }
    options.rounds = arguments.integer(BenchOptions.rounds) ?? options.rounds
    if let text = arguments.string(BenchOptions.keystrokeCase) {
        guard let keystrokeCase = KeystrokeCase(text) else {
            fail("--keystroke-case needs DOCUMENT,PLACE,KB: short or long, end or middle, a size in KB, got '\(text)'")
        }
        options.keystrokeCase = keystrokeCase
    }
    options.countedWorkload = arguments.choice(BenchOptions.count, as: CountedWorkload.self)
    return options
}

#if DEBUG
FileHandle.standardError.write(Data("warning: textlayout-bench was built in debug; build with -c release for meaningful times\n".utf8))
#endif

let options = parseOptions()
do {
    let fonts = FontContext.shared
    let lines = try options.jobs.map { try JobSource.lines(from: $0) } ?? JobSource.corpusLines()
    let jobs = try JobSource.resolve(lines, fonts: fonts)
    print("\(jobs.count) jobs; \(ProcessInfo.processInfo.activeProcessorCount) cores")
    if let workload = options.countedWorkload {
        try workload.run(jobs: jobs, fonts: fonts)
        exit(0)
    }
    let bench = Scenario(jobs: jobs, fonts: fonts, rounds: options.rounds, keystrokeCase: options.keystrokeCase)
    let floor = bench.floors()
    print(String(format: "harfbuzz alone: %.2f us/job; icu breaks alone: %.2f us/job", floor.harfBuzz * 1e6, floor.icu * 1e6))
    for name in options.scenarios {
        try bench.run(name, floor: floor)
    }
} catch {
    FileHandle.standardError.write(Data("textlayout-bench: \(error)\n".utf8))
    exit(1)
}
