// `textlayout check`: lays out jobs and lists those whose text does not fit their box (too many lines, too tall, cut by a clamp) or cannot be drawn (characters in no font).
import Foundation
import TextLayoutBatch
import TextLayoutCLI
import TextLayoutIO

enum CheckCommand {
    static let outputFormat = CommandOption("output-format", .choice(of: MeasureCommand.OutputFormat.self),
                                            help: "a line for people per job that does not fit, or one JSON line each", default: "text")
    static let html = CommandOption("html", .string(valueName: "REPORT.html"),
                                    help: "also write a page of the jobs that do not fit: each one's text, problems and layout drawn in its box")
    static let options = [outputFormat, html] + FontOptions.options + [BatchCommand.threads]
    static let operands = Operands("JOBS.jsonl", maximum: 1)
    static let details = """
    A job does not fit when it has more lines than its maxLines or is taller than its maxHeight
    (the editor would scroll), when a line clamp hides part of it, when some of its characters
    are in no font (missingGlyphs: drawn as the .notdef box), or when it fails. The JSON
    lines are {"index", "id", "problems", "result"}, index counting from 0.
    Exit status: 0 when every job fits, 1 when some do not, 2 for a usage error, 3 when the
    report could not be written.
    """

    static func run(_ args: ParsedArguments) throws -> Int32 {
        guard let path = args.operands.first else { throw UsageError("give the jobs file to check", showsSynopsis: true) }
        let lines = try CompareCommand.lines(of: path, "jobs file")
        let context = try FontOptions.context(args)
        let runner = BatchRunner(layouter: try FontOptions.batchLayouter(args, in: context),
                                 threads: args.integer(BatchCommand.threads) ?? ProcessInfo.processInfo.activeProcessorCount)
        let results = runner.results(for: lines.map { Array($0.utf8) })
        let json = args.choice(outputFormat, as: MeasureCommand.OutputFormat.self) == .json
        var report = ""
        var misfits = 0
        var entries: [ReportEntry] = []
        for (index, (line, result)) in zip(lines, results).enumerated() {
            let answer = (try? parseJSON(result.json)) ?? .null
            let request = try? LayoutRequest(job: parseJSON(line))
            let problems = request.map { FitCheck.problems($0, result: answer) } ?? [.error]
            guard !problems.isEmpty else { continue }
            misfits += 1
            let id = answer["id"] ?? .null
            if args.string(html) != nil {
                var entry = ReportEntry(heading: "\(jobLabel(line: index, id: id)): " + problems.map(\.rawValue).joined(separator: ", "),
                                        text: request?.text, notes: problems.map { FitCheck.describe($0, request: request, result: answer) }, figures: [])
                if let request, let svg = try? ReportPage.renderedSVG(request, in: context) {
                    entry.figures.append(("laid out, drawn as render --debug draws it, every line shown (purple dashes: maxLines)", svg))
                }
                entries.append(entry)
            }
            if json {
                var writer = JSONWriter()
                writer.object { out in
                    out.field("index", index)
                    out.field("id", id)
                    out.key("problems")
                    out.array { out in for problem in problems { out.string(problem.rawValue) } }
                    out.field("result", answer)
                }
                report += writer.text + "\n"
            } else {
                report += "\(jobLabel(line: index, id: id)): " + problems.map { FitCheck.describe($0, request: request, result: answer) }.joined(separator: "; ") + "\n"
            }
        }
        if !json { report += "\(counted(lines.count, "job")) checked: \(misfits) do not fit, \(lines.count - misfits) fit\n" }
        try Console.write(report, what: "the report")
        if let page = args.string(html) {
            try ReportPage.write(ReportPage.html(title: "textlayout check: \(misfits) of \(lines.count) jobs do not fit",
                                                 summary: "\(counted(lines.count, "job")) checked: \(misfits) do not fit, \(lines.count - misfits) fit",
                                                 entries: entries), to: page)
        }
        return misfits > 0 ? 1 : 0
    }
}
