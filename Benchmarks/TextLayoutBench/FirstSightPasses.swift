// Orders jobs into passes that each hold a text once, so that a pass started with empty caches sees every text for the first time.
import TextLayout

/// A text in its style, compared by its exact code units (canonically equivalent texts differ).
struct TextInStyle: Hashable {
    var bytes: [UInt8]
    var style: TextStyle

    init(_ job: BenchJob) {
        bytes = Array(job.text.utf8)
        style = job.style
    }
}

/// The jobs' indices in passes: the k-th job of a text (in input order) goes to pass k, so no pass
/// holds a text twice and every job is in exactly one pass. The corpus lays each text out at three
/// widths in a row, so it gives three passes, each a stream of distinct texts.
func firstSightPasses(_ jobs: [BenchJob]) -> [[Int]] {
    var seen: [TextInStyle: Int] = [:]
    var passes: [[Int]] = []
    for index in jobs.indices {
        let key = TextInStyle(jobs[index])
        let pass = seen[key, default: 0]
        seen[key] = pass + 1
        if pass == passes.count { passes.append([]) }
        passes[pass].append(index)
    }
    return passes
}

/// The texts of the jobs in the first job's font, each once, in input order: what the keystroke
/// and stream scenarios build their documents from (the corpus gives each text three times in a row).
func distinctTexts(_ jobs: [BenchJob]) -> [String] {
    var seen = Set<TextInStyle>()
    return jobs.filter { $0.style.font === jobs[0].style.font && seen.insert(TextInStyle($0)).inserted }.map(\.text)
}
