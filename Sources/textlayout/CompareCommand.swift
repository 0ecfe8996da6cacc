// `textlayout compare`: two batch outputs of the same jobs (or a golden output and its jobs laid out again), and which jobs changed, how.
import Foundation
import TextLayout
import TextLayoutBatch
import TextLayoutCLI
import TextLayoutIO

enum CompareCommand {
    static let jobs = CommandOption("jobs", .string(placeholder: "JOBS.jsonl"),
                                    help: "the jobs the results answer: the report shows the changed lines' texts; with one results file, the jobs are laid out again and compared with it")
    static let oldJobs = CommandOption("old-jobs", .string(placeholder: "JOBS.jsonl"),
                                       help: "the jobs the old results were made from, when their texts differ from --jobs': the report shows the old lines' texts from them")
    static let tolerance = CommandOption("tolerance", .number(placeholder: "PX", bounds: .atLeast(0)),
                                         help: "how far a height or width may move before it counts as a change", default: "0.01")
    static let outputFormat = CommandOption("output-format", .choice(of: MeasureCommand.OutputFormat.self),
                                            help: "a report grouped by kind of change, or one JSON line per changed job", default: "text")
    static let versions = CommandOption("versions", .string(placeholder: "FILE"),
                                        help: "what `textlayout --version` printed when the old results were made: a warning names each component whose version differs now; a file that is not such output is a usage error")
    static let html = CommandOption("html", .string(placeholder: "REPORT.html"),
                                    help: "also write a page of the changed jobs: each one's text, changes, and layouts before and after, drawn side by side (needs --jobs)")
    static let options = [jobs, oldJobs, tolerance, outputFormat, html, versions] + FontOptions.options + [BatchCommand.threads]
    static let operands = Operands("OLD.jsonl [NEW.jsonl]", maximum: 2)
    static let details = """
    OLD and NEW are outputs of `batch` for the same jobs, matched line by line (and by id when both
    have one). With only OLD (a golden), --jobs is laid out again now and compared with it. A job
    changed when it failed in one run only (or differently), or its line count, line starts,
    heights or widths differ (heights and widths by more than --tolerance). The JSON lines are
    {"index", "id", "kinds", "old", "new"}, index counting from 0.
    Exit status: 0 when nothing changed, 1 when something did, 2 for a usage error or files that
    are not batch outputs of the same jobs, 3 when the report could not be written.
    """

    static func run(_ args: ParsedArguments) throws -> Int32 {
        let jobsPath = args.string(jobs)
        guard args.operands.count == 2 || (args.operands.count == 1 && jobsPath != nil) else {
            throw UsageError("give two batch outputs, OLD.jsonl NEW.jsonl, or one with --jobs JOBS.jsonl to lay out again", showsSynopsis: true)
        }
        if args.string(html) != nil, jobsPath == nil { throw UsageError("--html needs --jobs JOBS.jsonl: the texts to draw") }
        let jobLines = try jobsPath.map { try lines(of: $0, "jobs file") }
        if let path = args.string(versions) {
            let now = VersionCommand.components
            for stored in try VersionCommand.components(in: lines(of: path, "versions file"), of: path) {
                guard let current = now.first(where: { $0.name == stored.name }), current.version != stored.version else { continue }
                Console.error("textlayout compare: warning: the old results were made with \(stored.name) \(stored.version), this run has \(current.name) \(current.version): changes may come from it\n")
            }
        }
        do {
            let old = try ResultComparison.results(try lines(of: args.operands[0], "results file"), source: "'\(args.operands[0])'")
            let new: [JSONValue]
            if args.operands.count == 2 {
                new = try ResultComparison.results(try lines(of: args.operands[1], "results file"), source: "'\(args.operands[1])'")
            } else {
                let runner = BatchRunner(layouter: try FontOptions.batchLayouter(args),
                                         threads: args.integer(BatchCommand.threads) ?? ProcessInfo.processInfo.activeProcessorCount)
                new = try ResultComparison.results(runner.results(for: jobLines!.map { Array($0.utf8) }).map(\.json), source: "the jobs laid out now")
            }
            if let jobLines, jobLines.count != old.count {
                throw UsageError("'\(jobsPath!)' has \(jobLines.count) jobs and '\(args.operands[0])' \(old.count) results: they must answer each other line by line")
            }
            let newSource = args.operands.count == 2 ? "'\(args.operands[1])'" : "the jobs laid out now"
            let changed = try ResultComparison.changedJobs(old: old, new: new, tolerance: args.number(tolerance) ?? 0.01,
                                                           oldSource: "'\(args.operands[0])'", newSource: newSource)
            for warning in ResultComparison.fontWarnings(old: old, new: new, oldSource: "'\(args.operands[0])'", newSource: newSource) {
                Console.error("textlayout compare: warning: \(warning)\n")
            }
            let requests = jobLines.map { $0.map { line in try? LayoutRequest(job: parseJSON(line)) } }
            var texts = requests.map { $0.map { $0?.text } }
            var oldTexts = texts
            if let path = args.string(oldJobs) {
                let lines = try lines(of: path, "old jobs file")
                guard lines.count == old.count else {
                    throw UsageError("'\(path)' has \(lines.count) jobs and '\(args.operands[0])' \(old.count) results: they must answer each other line by line")
                }
                oldTexts = lines.map { line in (try? LayoutRequest(job: parseJSON(line)))?.text }
                texts = texts ?? oldTexts
            }
            if args.choice(outputFormat, as: MeasureCommand.OutputFormat.self) == .json {
                try Console.write(changed.map { json($0) + "\n" }.joined(), what: "the report")
            } else {
                try Console.write(ChangeReport(changed: changed, total: old.count, texts: texts, oldTexts: oldTexts).text, what: "the report")
            }
            if let page = args.string(html), let requests {
                try writePage(page, changed: changed, total: old.count, requests: requests, oldTexts: oldTexts, context: try FontOptions.context(args))
            }
            return changed.isEmpty ? 0 : 1
        } catch let error as BoundaryError {
            throw UsageError(error.message)
        }
    }

    /// Writes the page of `changed`: per job its text, its changes, the old result's line boxes
    /// and the job laid out now, drawn as `render --debug` draws it.
    static func writePage(_ path: String, changed: [ChangedJob], total: Int, requests: [LayoutRequest?], oldTexts: [String?]?,
                          context: FontContext) throws {
        let report = ChangeReport(changed: changed, total: total, texts: requests.map { $0?.text }, oldTexts: oldTexts)
        let entries = changed.map { job -> ReportEntry in
            let request = requests[job.index]
            var entry = ReportEntry(heading: "line \(job.index + 1)\(job.id == .null ? "" : " (id \(job.id.serialized))"): "
                                        + job.kinds.map(\.rawValue).joined(separator: ", "),
                                    text: request?.text, notes: job.kinds.map { report.describe($0, job) }, figures: [])
            if let request, job.old["error"] == nil {
                let oldText = report.oldText(of: job)
                entry.figures.append((oldText != nil ? "before: the old result's line boxes and baselines, its lines' text drawn by the browser"
                                                     : "before: the old result's line boxes and baselines (the text it was made from is not at hand)",
                                      ReportPage.lineBoxesSVG(job.old, text: oldText ?? "", request: request)))
            }
            if let request, job.new["error"] == nil, let svg = try? ReportPage.renderedSVG(request, in: context) {
                entry.figures.append(("after: laid out now, drawn as render --debug draws it, every line shown (purple dashes: maxLines)", svg))
            }
            return entry
        }
        let title = "textlayout compare: \(changed.count) of \(total) jobs changed"
        try ReportPage.write(ReportPage.html(title: title, summary: report.text.split(separator: "\n").last.map(String.init) ?? "", entries: entries), to: path)
    }

    /// The lines of a file, without their newlines (a last empty line is not one).
    static func lines(of path: String, _ what: String) throws -> [String] {
        guard let data = FileManager.default.contents(atPath: path) else { throw UsageError("cannot read the \(what) '\(path)'") }
        guard let text = String(data: data, encoding: .utf8) else { throw UsageError("the \(what) '\(path)' is not UTF-8") }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// One changed job as a JSON line's object.
    static func json(_ job: ChangedJob) -> String {
        var writer = JSONWriter()
        writer.object { out in
            out.field("index", job.index)
            out.field("id", job.id)
            out.key("kinds")
            out.array { out in for kind in job.kinds { out.string(kind.rawValue) } }
            out.field("old", job.old)
            out.field("new", job.new)
        }
        return writer.text
    }
}

/// The report for people: the changed jobs grouped by kind of change, each with what changed and,
/// when the texts are known, its lines before and after; then a summary.
struct ChangeReport {
    let changed: [ChangedJob]
    let total: Int
    /// Each job's text by index, when the jobs were given (nil for a line that is not a job).
    let texts: [String?]?
    /// Each old result's text, when known (the jobs of --old-jobs, else those of --jobs).
    let oldTexts: [String?]?

    /// The text the old result of `job` was made from, when it is at hand and fits its lines.
    func oldText(of job: ChangedJob) -> String? {
        guard let text = oldTexts?[job.index] ?? nil, Self.isResult(job.old, of: text) else { return nil }
        return text
    }

    /// Each changed job once, under the first of its kinds (an error, then the line count, the
    /// starts, heights, widths), with every change it has.
    var text: String {
        var out = ""
        for kind in LayoutChange.allCases {
            let jobs = changed.filter { $0.kinds.first == kind }
            guard !jobs.isEmpty else { continue }
            out += "\(kind.rawValue): \(counted(jobs.count, "job"))\n"
            for job in jobs {
                out += "  line \(job.index + 1)\(job.id == .null ? "" : " (id \(job.id.serialized))"): "
                    + job.kinds.map(\.rawValue).joined(separator: ", ") + "\n"
                for change in job.kinds { out += "    \(describe(change, job))\n" }
                guard !job.kinds.contains(.error), let text = texts?[job.index] ?? nil else { continue }
                let old = oldText(of: job).map { lineTexts(job.old, $0) } ?? "(the text it was made from is not at hand: give its jobs with --old-jobs)"
                out += "    old: \(old)\n    new: \(lineTexts(job.new, text))\n"
            }
        }
        let counts = LayoutChange.allCases.compactMap { kind -> String? in
            let n = changed.filter { $0.kinds.contains(kind) }.count
            return n == 0 ? nil : "\(kind.rawValue) \(n)"
        }
        out += "\(total) jobs compared: \(changed.count) changed" + (counts.isEmpty ? "" : " (\(counts.joined(separator: ", ")))")
            + ", \(total - changed.count) unchanged\n"
        return out
    }

    func describe(_ kind: LayoutChange, _ job: ChangedJob) -> String {
        func value(_ result: JSONValue, _ key: String) -> String { result[key]?.serialized ?? "none" }
        func pixels(_ result: JSONValue, _ key: String) -> String { result[key]?.number.map(twoDecimals) ?? "none" }
        switch kind {
        case .error:
            func state(_ result: JSONValue) -> String {
                guard let error = result["error"] else { return "laid out" }
                return "error \(error["code"]?.serialized ?? "") \(error["message"]?.serialized ?? "")"
            }
            return "\(state(job.old)) → \(state(job.new))"
        case .lineCount: return "lines \(value(job.old, "lineCount")) → \(value(job.new, "lineCount"))"
        case .lineStarts:
            func starts(_ result: JSONValue) -> String { "[" + ResultComparison.lines(result).map { $0["start"]?.serialized ?? "?" }.joined(separator: ", ") + "]" }
            return "starts \(starts(job.old)) → \(starts(job.new))"
        case .height:
            return "content height \(pixels(job.old, "height")) → \(pixels(job.new, "height")), editor height \(pixels(job.old, "editorHeight")) → \(pixels(job.new, "editorHeight"))"
        case .width:
            return "widest line \(pixels(job.old, "width")) → \(pixels(job.new, "width"))"
        }
    }

    /// The result's lines as texts between bars: |Hello world, |this is|.
    /// Whether `result` can be the layout of `text`: its last line ends where the text ends (a
    /// result's lines cover its whole text). When it does not, the jobs given are not the ones
    /// the result was made from, and slicing `text` by its lines would show wrong texts.
    static func isResult(_ result: JSONValue, of text: String) -> Bool {
        guard case let .number(end, _)? = ResultComparison.lines(result).last?["end"] else { return false }
        return Int(end) == text.utf16.count
    }

    private func lineTexts(_ result: JSONValue, _ text: String) -> String {
        let units = Array(text.utf16)
        let pieces = ResultComparison.lines(result).map { line -> String in
            guard case let .number(start, _)? = line["start"], case let .number(end, _)? = line["end"],
                  0 <= start, start <= end, Int(end) <= units.count else { return "?" }
            return String(decoding: units[Int(start)..<Int(end)], as: UTF16.self).replacingOccurrences(of: "\n", with: "⏎")
        }
        return "|" + pieces.joined(separator: "|") + "|"
    }
}
