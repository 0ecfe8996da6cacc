// `textlayout compare`: two batch outputs of the same jobs (or a golden output and its jobs laid out again), and which jobs changed, how.
import Foundation
import TextLayout
import TextLayoutBatch
import TextLayoutCLI
import TextLayoutIO

enum CompareCommand {
    static let jobs = CommandOption("jobs", .string(valueName: "JOBS.jsonl"),
                                    help: "the jobs of the new results, line by line: the report shows the changed lines' texts; with one results file, the jobs are laid out again and compared with it")
    static let oldJobs = CommandOption("old-jobs", .string(valueName: "JOBS.jsonl"),
                                       help: "the jobs the old results were made from, line by line, when they differ from --jobs: the report shows the old lines' texts from them")
    static let tolerance = CommandOption("tolerance", .number(valueName: "PX", bounds: .atLeast(0)),
                                         help: "how far a height or width may move before it counts as a change", default: "0.01")
    static let outputFormat = CommandOption("output-format", .choice(of: MeasureCommand.OutputFormat.self),
                                            help: "a report grouped by kind of change, or one JSON line per changed job", default: "text")
    static let versions = CommandOption("versions", .string(valueName: "FILE"),
                                        help: "what `textlayout --version` printed when the old results were made: a warning names each component whose version differs now; a file that is not such output is a usage error")
    static let html = CommandOption("html", .string(valueName: "REPORT.html"),
                                    help: "also write a page of the changed jobs: each one's text, changes, and layouts before and after, drawn side by side (needs --jobs)")
    static let options = [jobs, oldJobs, tolerance, outputFormat, html, versions] + FontOptions.options + [BatchCommand.threads]
    static let operands = Operands("OLD.jsonl [NEW.jsonl]", maximum: 2)
    static let details = """
    OLD and NEW are outputs of `batch`. When every result of both has an id, jobs are matched by
    id: a job in NEW only was added, one in OLD only removed. Otherwise they are matched line by
    line and must be outputs of the same jobs. With only OLD (a golden), --jobs is laid out again
    now and compared with it. A job changed when it failed in one run only (or differently), or
    its line count, line starts, heights or widths differ (heights and widths by more than
    --tolerance), or the count of its characters with no glyph in any font (missingGlyphs), or
    where its inline objects are (placeholders: one shown in one result only, or its line or
    rectangle moved by more than --tolerance). The
    JSON lines are {"index", "oldIndex", "id", "kinds", "old", "new"}: the job's line in NEW and
    in OLD, counting from 0 (null where it is not), and its two results (null where it has none).
    Exit status: 0 when nothing changed, 1 when something did, 2 for a usage error or files that
    cannot be matched (not batch outputs, a duplicated id, other jobs at the same line), 3 when
    the report could not be written.
    """

    static func run(_ args: ParsedArguments) throws -> Int32 {
        let jobsPath = args.string(jobs)
        guard args.operands.count == 2 || (args.operands.count == 1 && jobsPath != nil) else {
            throw UsageError("give two batch outputs, OLD.jsonl NEW.jsonl, or one with --jobs JOBS.jsonl to lay out again", showsSynopsis: true)
        }
        if args.string(html) != nil, jobsPath == nil { throw UsageError("--html needs --jobs JOBS.jsonl: the texts to draw") }
        let jobsFileLines = try jobsPath.map { try lines(of: $0, "jobs file") }
        if let path = args.string(versions) {
            let now = VersionCommand.components
            for stored in try VersionCommand.components(in: lines(of: path, "versions file"), of: path) {
                guard let current = now.first(where: { $0.name == stored.name }), current.version != stored.version else { continue }
                Console.error("textlayout compare: warning: the old results were made with \(stored.name) \(stored.version), this run has \(current.name) \(current.version): changes may come from it\n")
            }
        }
        do {
            let oldSource = "'\(args.operands[0])'"
            let old = try ResultComparison.results(try lines(of: args.operands[0], "results file"), source: oldSource)
            let newSource = args.operands.count == 2 ? "'\(args.operands[1])'" : "the jobs laid out now"
            let new: [JSONValue]
            if args.operands.count == 2 {
                new = try ResultComparison.results(try lines(of: args.operands[1], "results file"), source: newSource)
            } else {
                let runner = BatchRunner(layouter: try FontOptions.batchLayouter(args),
                                         threads: args.integer(BatchCommand.threads) ?? ProcessInfo.processInfo.activeProcessorCount)
                new = try ResultComparison.results(runner.results(for: jobsFileLines!.map { Array($0.utf8) }).map(\.json), source: newSource)
            }
            if let jobsFileLines, jobsFileLines.count != new.count {
                throw UsageError("'\(jobsPath!)' has \(jobsFileLines.count) jobs and \(newSource) \(new.count) results: --jobs gives the jobs of the new results, line by line")
            }
            let oldJobsFileLines = try args.string(oldJobs).map { path in
                let lines = try lines(of: path, "old jobs file")
                guard lines.count == old.count else {
                    throw UsageError("'\(path)' has \(lines.count) jobs and \(oldSource) \(old.count) results: --old-jobs gives the jobs of the old results, line by line")
                }
                return lines
            }
            let matched = try ResultComparison.jobLines(old: old, new: new, oldSource: oldSource, newSource: newSource)
            let changed = ResultComparison.changedJobs(old: old, new: new, lines: matched, tolerance: args.number(tolerance) ?? 0.01)
            for warning in ResultComparison.fontWarnings(old: old, new: new, lines: matched, oldSource: oldSource, newSource: newSource) {
                Console.error("textlayout compare: warning: \(warning)\n")
            }
            let requests = jobsFileLines.map { $0.map(request) }
            let oldRequests = oldJobsFileLines.map { $0.map(request) }
            let report = ChangeReport(changed: changed, total: matched.count, texts: requests.map { $0.map { $0?.text } },
                                      oldTexts: oldRequests.map { $0.map { $0?.text } })
            if args.choice(outputFormat, as: MeasureCommand.OutputFormat.self) == .json {
                try Console.write(changed.map { json($0) + "\n" }.joined(), what: "the report")
            } else {
                try Console.write(report.text, what: "the report")
            }
            if let page = args.string(html), let requests {
                try writePage(page, report: report, requests: requests, oldRequests: oldRequests, context: try FontOptions.context(args))
            }
            return changed.isEmpty ? 0 : 1
        } catch let error as BoundaryError {
            throw UsageError(error.message)
        }
    }

    /// A line of a jobs file read as its request; nil when it is not a job.
    static func request(_ line: String) -> LayoutRequest? {
        try? LayoutRequest(job: parseJSON(line))
    }

    /// Writes the page of the report's changed jobs: per job its text, its changes, the old
    /// result's line boxes (at its job's width, when the old jobs are given) and the job laid out
    /// now, drawn as `render --debug` draws it.
    /// - Parameters:
    ///   - requests: the new results' jobs, by line.
    ///   - oldRequests: the old results' jobs, by line (--old-jobs), when given.
    static func writePage(_ path: String, report: ChangeReport, requests: [LayoutRequest?], oldRequests: [LayoutRequest?]?,
                          context: FontContext) throws {
        let entries = report.changed.map { job -> ReportEntry in
            let request = job.lines.new.flatMap { requests[$0] }
            let oldText = report.oldText(of: job)
            var entry = ReportEntry(heading: "\(job.label): " + job.kinds.map(\.rawValue).joined(separator: ", "),
                                    text: request?.text ?? oldText, notes: job.kinds.map { report.describe($0, job) }, figures: [])
            if let old = job.old, old["error"] == nil {
                let oldRequest = job.lines.old.flatMap { oldRequests?[$0] ?? nil }
                let caption = "before: the old result's line boxes and baselines"
                    + (oldText != nil ? ", its lines' text drawn by the browser" : " (the text it was made from is not at hand)")
                    + (oldRequest != nil ? ", at the old job's width and insets"
                                         : "; the old job's width is unknown (give the old jobs with --old-jobs): drawn as wide as its widest line")
                entry.figures.append((caption, ReportPage.lineBoxesSVG(old, text: oldText ?? "", request: oldRequest, in: context)))
            }
            if let request, let new = job.new, new["error"] == nil, let svg = try? ReportPage.renderedSVG(request, in: context) {
                entry.figures.append(("after: laid out now, drawn as render --debug draws it, every line shown (purple dashes: maxLines)", svg))
            }
            return entry
        }
        let title = "textlayout compare: \(report.changed.count) of \(report.total) jobs changed"
        try ReportPage.write(ReportPage.html(title: title, summary: report.summary, entries: entries), to: path)
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
            out.field("index", job.lines.new)
            out.field("oldIndex", job.lines.old)
            out.field("id", job.id)
            out.key("kinds")
            out.array { out in for kind in job.kinds { out.string(kind.rawValue) } }
            out.field("old", job.old ?? .null)
            out.field("new", job.new ?? .null)
        }
        return writer.text
    }
}

/// The report for people: the changed jobs grouped by kind of change, each with what changed and,
/// when the texts are known, its lines before and after; then a summary.
struct ChangeReport {
    let changed: [ChangedJob]
    /// How many jobs were compared: those of either output.
    let total: Int
    /// The new results' jobs' texts by line, when the jobs were given (nil for a line that is not a job).
    let texts: [String?]?
    /// The old results' jobs' texts by line, when the old jobs were given (--old-jobs).
    let oldTexts: [String?]?

    /// The text the new result of `job` was made from, when its job is at hand.
    func newText(of job: ChangedJob) -> String? {
        job.lines.new.flatMap { texts?[$0] ?? nil }
    }

    /// The text the old result of `job` was made from, when it is at hand and fits its lines: its
    /// old job's, or without the old jobs its job's now.
    func oldText(of job: ChangedJob) -> String? {
        let text = oldTexts == nil ? newText(of: job) : job.lines.old.flatMap { oldTexts?[$0] ?? nil }
        guard let text, let old = job.old, Self.isResult(old, of: text) else { return nil }
        return text
    }

    /// Each changed job once, under the first of its kinds (an error, then the line count, the
    /// starts, heights, widths, missing glyphs, inline objects, an added or removed job), with
    /// every change it has.
    var text: String {
        var out = ""
        for kind in LayoutChange.allCases {
            let jobs = changed.filter { $0.kinds.first == kind }
            guard !jobs.isEmpty else { continue }
            out += "\(kind.rawValue): \(counted(jobs.count, "job"))\n"
            for job in jobs {
                out += "  \(job.label): " + job.kinds.map(\.rawValue).joined(separator: ", ") + "\n"
                for change in job.kinds { out += "    \(describe(change, job))\n" }
                guard !job.kinds.contains(.error), texts != nil || oldTexts != nil else { continue }
                if let old = job.old {
                    out += "    old: " + (oldText(of: job).map { lineTexts(old, $0) } ?? "(the text it was made from is not at hand: give its jobs with --old-jobs)") + "\n"
                }
                if let new = job.new, let text = newText(of: job) { out += "    new: \(lineTexts(new, text))\n" }
            }
        }
        return out + summary + "\n"
    }

    /// The last line: how many jobs changed, by kind, and how many did not.
    var summary: String {
        let counts = LayoutChange.allCases.compactMap { kind -> String? in
            let n = changed.filter { $0.kinds.contains(kind) }.count
            return n == 0 ? nil : "\(kind.rawValue) \(n)"
        }
        return "\(counted(total, "job")) compared: \(changed.count) changed" + (counts.isEmpty ? "" : " (\(counts.joined(separator: ", ")))")
            + ", \(total - changed.count) unchanged"
    }

    func describe(_ kind: LayoutChange, _ job: ChangedJob) -> String {
        let old = job.old ?? .null, new = job.new ?? .null
        func value(_ result: JSONValue, _ key: String) -> String { result[key]?.serialized ?? "none" }
        func pixels(_ result: JSONValue, _ key: String) -> String { result[key]?.number.map(twoDecimals) ?? "none" }
        switch kind {
        case .error:
            func state(_ result: JSONValue) -> String {
                guard let error = result["error"] else { return "laid out" }
                return "error \(error["code"]?.serialized ?? "") \(error["message"]?.serialized ?? "")"
            }
            return "\(state(old)) → \(state(new))"
        case .lineCount: return "lines \(value(old, "lineCount")) → \(value(new, "lineCount"))"
        case .lineStarts:
            func starts(_ result: JSONValue) -> String { "[" + ResultComparison.lines(result).map { $0["start"]?.serialized ?? "?" }.joined(separator: ", ") + "]" }
            return "starts \(starts(old)) → \(starts(new))"
        case .height:
            return "content height \(pixels(old, "height")) → \(pixels(new, "height")), editor height \(pixels(old, "editorHeight")) → \(pixels(new, "editorHeight"))"
        case .width:
            return "widest line \(pixels(old, "width")) → \(pixels(new, "width"))"
        case .missingGlyphs:
            return "characters with no glyph in any font \(ResultComparison.missingGlyphs(old)) → \(ResultComparison.missingGlyphs(new))"
        case .inlineObjects:
            func boxes(_ result: JSONValue) -> String {
                "[" + ResultComparison.inlineObjects(result).map { object in
                    "\(object["index"]?.serialized ?? "?"): " + ["x", "y", "width", "height"].map { object[$0]?.number.map(twoDecimals) ?? "?" }.joined(separator: " ")
                }.joined(separator: ", ") + "]"
            }
            return "inline objects (index: x y width height) \(boxes(old)) → \(boxes(new))"
        case .added: return "not in the old results"
        case .removed: return "not in the new results"
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
