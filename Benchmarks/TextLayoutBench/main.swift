// textlayout-bench: times the engine's hot paths on real text, beside HarfBuzz alone and ICU alone in the same run.
import Foundation
import TextLayout
import TextLayoutIO

let usage = """
usage: textlayout-bench [--jobs FILE | --jobs -] [--scenario NAME] [--rounds N] [--keystroke-case DOCUMENT,PLACE,KB]
       textlayout-bench [--jobs FILE | --jobs -] --count WORKLOAD

scenarios: cold, hyphens-auto, profiles, warm, relayout, relayout-height, text-wrap, steps, keystroke,
stream, batch, batch-distinct, memory, all (default: all)
  cold             every job a first sight of its text: passes of distinct texts, caches
                   emptied before each pass (the word cache learns within a pass)
  hyphens-auto     cold with hyphens auto, each job in its language, as a ratio to greedy's
                   cold layout (hyphens manual) of the same jobs in the same run
  profiles         cold layout and relayout under each profile but standard (chromium,
                   pango), as ratios to the standard profile's, the rounds alternating
  warm             caches kept: every job a prepared-text cache hit
  relayout         prepared texts laid out at new widths, lines built (against Pango's fresh
                   layout of each job: compare.py speed times Pango laying the job out anew)
  relayout-height  the same, height-only path (no lines built)
  text-wrap        relayout (lines built) with greedy, balanced and pretty lines, as ratios
                   to greedy's in the same run
  steps            height steps over 100...600 px for every prepared job, beside relayout at one width
  keystroke        a sentence typed into 10 KB, 100 KB and 1 MB documents of long paragraphs (corpus
                   texts) and of short ones (a chat log), and into the middle of 10 MB of short ones,
                   against a full layout in the same cache state
  stream           a 20 KB answer of distinct texts appended in 4000 pieces, the height measured
                   after each, against one full layout
  batch            JSON in and out, 1 thread and every core: prepared-text cache hits
  batch-distinct   the batch over passes of distinct texts, caches emptied before each pass
  memory           bytes malloc really holds for prepared texts and caches, per script
Without --jobs, the corpus in Benchmarks/Corpus at 120, 240 and 360 px.
--keystroke-case short,middle,1000 types into one case of the keystroke scenario only (document
short or long, place end or middle, size in KB), each keystroke one call of
KeystrokeScenario.typeOneKey (for callgrind's --toggle-collect).
--count WORKLOAD runs one workload of the speed gate (scripts/speed-gate.py) untimed: a warm-up
pass, then a pass whose hot part runs inside countedWork, for callgrind's --toggle-collect. The
workloads: \(CountedWorkload.allCases.map(\.rawValue).joined(separator: ", ")).
Each timed scenario runs one warm-up round, then N rounds (default 5), each printed as
'round i: S s for N jobs' (all the jobs, as compare.py speed reads it), then its median
and its ratios.
"""

struct Options {
    var jobs: String?
    var scenario = "all"
    var rounds = 5
    var keystrokeCase: KeystrokeCase?
    var countedWorkload: CountedWorkload?
}

func parseOptions() -> Options {
    var options = Options()
    var arguments = CommandLine.arguments.dropFirst()
    func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("textlayout-bench: \(message)\n\(usage)\n".utf8))
        exit(2)
    }
    while let argument = arguments.popFirst() {
        switch argument {
        case "--jobs":
            guard let path = arguments.popFirst() else { fail("--jobs needs a file or -") }
            options.jobs = path
        case "--scenario":
            guard let name = arguments.popFirst() else { fail("--scenario needs a name") }
            options.scenario = name
            guard Scenario.names.contains(options.scenario) || options.scenario == "all" else {
                fail("unknown scenario '\(options.scenario)'; the scenarios are \(Scenario.names.joined(separator: ", ")), all")
            }
        case "--rounds":
            guard let n = arguments.popFirst().flatMap({ Int($0) }), n >= 1 else { fail("--rounds needs a whole number of at least 1") }
            options.rounds = n
        case "--keystroke-case":
            guard let keystrokeCase = arguments.popFirst().flatMap(KeystrokeCase.init) else {
                fail("--keystroke-case needs DOCUMENT,PLACE,KB: short or long, end or middle, a size in KB")
            }
            options.keystrokeCase = keystrokeCase
        case "--count":
            guard let workload = arguments.popFirst().flatMap(CountedWorkload.init(rawValue:)) else {
                fail("--count needs a workload: \(CountedWorkload.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            options.countedWorkload = workload
        case "--help", "-h": print(usage); exit(0)
        default: fail("unknown argument '\(argument)'")
        }
    }
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
    for name in options.scenario == "all" ? Scenario.names : [options.scenario] {
        try bench.run(name, floor: floor)
    }
} catch {
    FileHandle.standardError.write(Data("textlayout-bench: \(error)\n".utf8))
    exit(1)
}
