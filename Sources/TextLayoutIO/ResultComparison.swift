// Two batch outputs of the same jobs compared result by result: which jobs changed and how (an error, the line count, the breaks, heights, widths).

/// A way a job's layout can change between two runs.
public enum LayoutChange: String, CaseIterable, Sendable {
    /// The job failed in one run and not the other, or failed differently.
    case error
    /// It has more or fewer lines.
    case lineCount
    /// Its lines start at other offsets: it wraps elsewhere.
    case lineStarts
    /// A line's height or baseline, the content height or the editor's height moved by more than the tolerance.
    case height
    /// A line's width, the widest line or the shrink-wrap width moved by more than the tolerance.
    case width
    /// Another number of its characters are in no font, drawn as the .notdef box (see
    /// ``ResultComparison/missingGlyphs(_:)``).
    case missingGlyphs
    /// Its inline objects are placed elsewhere: one shows in one result only (a line clamp hides
    /// it), or its line or rectangle (`x`, `y`, `width`, `height`) moved by more than the tolerance.
    /// Its raw value, as `compare` writes it, is the results' key, `placeholders`.
    case inlineObjects = "placeholders"
    /// The job is in the new results only (outputs matched by id).
    case added
    /// The job is in the old results only (outputs matched by id).
    case removed

    /// The former name of ``inlineObjects``.
    @available(*, deprecated, renamed: "inlineObjects")
    public static var placeholders: LayoutChange { .inlineObjects }
}

/// Where one job stands in two batch outputs: its line in each, from 0; nil in the output that
/// does not hold it.
public struct JobLines: Sendable, Equatable {
    public let old: Int?
    public let new: Int?

    /// How the reports name the job with `id`: by its line in the new output (in the old one
    /// when only that holds it) and its id: `line 3 (id "j1", line 2 of the old results)`.
    public func label(id: JSONValue) -> String {
        guard let new else { return jobLabel(line: old ?? 0, of: "the old results", id: id) }
        return jobLabel(line: new, id: id, notes: old.flatMap { $0 == new ? nil : ["line \($0 + 1) of the old results"] } ?? [])
    }
}

/// How the reports name a job: `line 3 (id "j2")`, its line from 1 (`of` the file, when it is
/// not the one the report is about), its id when it has one, then `notes`.
public func jobLabel(line index: Int, of file: String? = nil, id: JSONValue, notes: [String] = []) -> String {
    let details = (id == .null ? [] : ["id \(id.serialized)"]) + notes
    return "line \(index + 1)" + (file.map { " of \($0)" } ?? "") + (details.isEmpty ? "" : " (\(details.joined(separator: ", ")))")
}

/// One job whose result changed: where it is, what changed, and both results.
public struct ChangedJob: Sendable {
    /// The job's line in each output.
    public let lines: JobLines
    /// The job's id (null when it has none).
    public let id: JSONValue
    public let kinds: [LayoutChange]
    /// The old result; nil for an added job.
    public let old: JSONValue?
    /// The new result; nil for a removed job.
    public let new: JSONValue?

    /// How the reports name the job (see ``JobLines/label(id:)``).
    public var label: String { lines.label(id: id) }
}

/// Compares batch outputs.
public enum ResultComparison {
    /// The result objects of one batch output, one per line.
    /// - Throws: ``BoundaryError`` `invalidResult` naming the first line that is not a batch
    ///   result and why (`source` names the file in the message).
    public static func results(_ lines: [String], source: String) throws(BoundaryError) -> [JSONValue] {
        var results: [JSONValue] = []
        results.reserveCapacity(lines.count)
        for (index, line) in lines.enumerated() {
            let document: JSONDocument
            do throws(JSONError) { document = try readJSON(line) } catch {
                throw BoundaryError(.invalidResult, "line \(index + 1) of \(source) is not JSON: \(error)")
            }
            let value = document.value
            if let problem = document.repeatedKey?.message ?? problem(value) {
                throw BoundaryError(.invalidResult, "line \(index + 1) of \(source) is not a batch result: \(problem)")
            }
            results.append(value)
        }
        return results
    }

    /// Why `value` is not a batch result, or nil when it is one.
    static func problem(_ value: JSONValue) -> String? {
        guard case .object = value else { return "it is \(value.typeName), not an object" }
        guard value["id"] != nil else { return "it has no 'id'" }
        if let count = value["missingGlyphs"] {
            guard let n = count.number, n >= 0, n == n.rounded(), n < 1e15 else {
                return "its 'missingGlyphs' must be a whole number of characters, got \(count.serialized)"
            }
        }
        if let error = value["error"] {
            guard case .string? = error["code"] else { return "its 'error' has no 'code'" }
            return nil
        }
        guard case .number? = value["lineCount"] else { return "it has neither 'lineCount' nor 'error'" }
        guard case let .array(lines)? = value["lines"] else { return "it has no 'lines' list" }
        if let objects = value["placeholders"] {
            guard case let .array(list) = objects else { return "its 'placeholders' must be a list, got \(objects.typeName)" }
            for (k, object) in list.enumerated() {
                for key in ["index", "line", "x", "y", "width", "height"] {
                    guard case .number? = object[key] else { return "placeholders[\(k)] has no number '\(key)'" }
                }
            }
        }
        for (k, line) in lines.enumerated() {
            for key in ["start", "end", "width", "height", "baseline"] {
                guard case .number? = line[key] else { return "lines[\(k)] has no number '\(key)'" }
            }
        }
        return nil
    }

    /// The jobs of two outputs, paired. When every result of both has an id, by id: the new
    /// output's jobs in order, each with its line in the old output or none (it was added), then
    /// the old output's jobs the new one lacks (they were removed). Otherwise line by line.
    /// - Throws: ``BoundaryError`` `invalidResult` when an id stands twice in an output (it names
    ///   the id and its lines), or, matching by line, when the outputs hold different numbers of
    ///   results or, at the same line, results of jobs with different ids: they are not outputs
    ///   of the same jobs.
    public static func jobLines(old: [JSONValue], new: [JSONValue], oldSource: String = "the old results",
                                newSource: String = "the new results") throws(BoundaryError) -> [JobLines] {
        func id(_ result: JSONValue) -> JSONValue { result["id"] ?? .null }
        if !old.contains(where: { id($0) == .null }), !new.contains(where: { id($0) == .null }) {
            let oldLines = try linesByID(old, source: oldSource), newLines = try linesByID(new, source: newSource)
            return new.indices.map { JobLines(old: oldLines[idKey(id(new[$0]))], new: $0) }
                + old.indices.filter { newLines[idKey(id(old[$0]))] == nil }.map { JobLines(old: $0, new: nil) }
        }
        guard old.count == new.count else {
            throw BoundaryError(.invalidResult, "\(oldSource) has \(old.count) results and \(newSource) \(new.count), and not every result of both has an id to match them by: compare the outputs of the same jobs, or give every job an id")
        }
        for index in old.indices {
            let oldID = id(old[index]), newID = id(new[index])
            guard oldID == .null || newID == .null || oldID == newID else {
                throw BoundaryError(.invalidResult, "line \(index + 1): \(oldSource) holds job \(oldID.serialized) and \(newSource) job \(newID.serialized): compare the outputs of the same jobs in the same order (or give every job of both an id, to match them by it)")
            }
        }
        return old.indices.map { JobLines(old: $0, new: $0) }
    }

    /// Each result's line by its id (see ``idKey(_:)``).
    /// - Throws: ``BoundaryError`` `invalidResult` naming an id that stands twice, and its lines.
    private static func linesByID(_ results: [JSONValue], source: String) throws(BoundaryError) -> [String: Int] {
        var lines: [String: Int] = [:]
        for (index, result) in results.enumerated() {
            let id = result["id"] ?? .null
            if let first = lines.updateValue(index, forKey: idKey(id)) {
                throw BoundaryError(.invalidResult, "\(source) holds id \(id.serialized) twice, at lines \(first + 1) and \(index + 1): to match jobs by id, each needs its own")
            }
        }
        return lines
    }

    /// An id as a dictionary key, equal for ids that are equal as JSON values (`1` and `1.0` too).
    private static func idKey(_ id: JSONValue) -> String {
        if case let .number(value, _) = id { return "\(value)" }
        return id.serialized
    }

    /// The jobs whose results differ between `old` and `new` (a job in one only is added or
    /// removed), in the order of `lines` (see ``jobLines(old:new:oldSource:newSource:)``).
    /// - Parameter tolerance: how far, in pixels, a height or width may move unreported.
    public static func changedJobs(old: [JSONValue], new: [JSONValue], lines: [JobLines], tolerance: Double) -> [ChangedJob] {
        lines.compactMap { job in
            let before = job.old.map { old[$0] }, after = job.new.map { new[$0] }
            let kinds: [LayoutChange] = switch (before, after) {
            case let (before?, after?): changes(from: before, to: after, tolerance: tolerance)
            case (nil, _): [.added]
            case (_, nil): [.removed]
            }
            guard !kinds.isEmpty else { return nil }
            let id = [before?["id"], after?["id"]].compactMap { $0 }.first { $0 != .null } ?? .null
            return ChangedJob(lines: job, id: id, kinds: kinds, old: before, new: after)
        }
    }

    /// How one job's result changed, in ``LayoutChange``'s order; empty when it did not.
    public static func changes(from old: JSONValue, to new: JSONValue, tolerance: Double) -> [LayoutChange] {
        if old["error"] != nil || new["error"] != nil {
            return old["error"] == new["error"] ? [] : [.error]
        }
        func moved(_ a: JSONValue?, _ b: JSONValue?) -> Bool {
            switch (a?.number, b?.number) {
            case let (x?, y?): abs(x - y) > tolerance
            case (nil, nil): false
            default: true
            }
        }
        let oldLines = lines(old), newLines = lines(new)
        var kinds: [LayoutChange] = []
        if oldLines.count != newLines.count { kinds.append(.lineCount) }
        if oldLines.map({ $0["start"]?.number }) != newLines.map({ $0["start"]?.number }) { kinds.append(.lineStarts) }
        let sameCount = oldLines.count == newLines.count
        if moved(old["height"], new["height"]) || moved(old["editorHeight"], new["editorHeight"])
            || (sameCount && zip(oldLines, newLines).contains { moved($0["height"], $1["height"]) || moved($0["baseline"], $1["baseline"]) }) {
            kinds.append(.height)
        }
        if moved(old["width"], new["width"]) || moved(old["shrinkWrapWidth"], new["shrinkWrapWidth"])
            || (sameCount && zip(oldLines, newLines).contains { moved($0["width"], $1["width"]) }) {
            kinds.append(.width)
        }
        if missingGlyphs(old) != missingGlyphs(new) { kinds.append(.missingGlyphs) }
        let oldObjects = inlineObjects(old), newObjects = inlineObjects(new)
        if oldObjects.map({ $0["index"]?.number }) != newObjects.map({ $0["index"]?.number })
            || zip(oldObjects, newObjects).contains(where: { a, b in
                a["line"]?.number != b["line"]?.number || ["x", "y", "width", "height"].contains { moved(a[$0], b[$0]) }
            }) {
            kinds.append(.inlineObjects)
        }
        return kinds
    }

    /// How many of a result's characters no font has, drawn as the .notdef box: its
    /// `missingGlyphs`, written only when there are any (0 when absent).
    public static func missingGlyphs(_ result: JSONValue) -> Int {
        Int(result["missingGlyphs"]?.number ?? 0)
    }

    /// A result's inline objects (its JSON key `placeholders`, written only when its job has objects).
    public static func inlineObjects(_ result: JSONValue) -> [JSONValue] {
        if case let .array(objects)? = result["placeholders"] { return objects }
        return []
    }

    /// The former name of ``inlineObjects(_:)``.
    @available(*, deprecated, renamed: "inlineObjects")
    public static func placeholders(_ result: JSONValue) -> [JSONValue] { inlineObjects(result) }

    /// A result's lines.
    public static func lines(_ result: JSONValue) -> [JSONValue] {
        if case let .array(lines)? = result["lines"] { return lines }
        return []
    }

    /// Warnings about results made with other fonts than the ones they are compared with: each
    /// job whose two results name different font files (results name them when made with
    /// `--fonts-dir`), or one line when only one side names its fonts. A change may come from them.
    public static func fontWarnings(old: [JSONValue], new: [JSONValue], lines: [JobLines], oldSource: String, newSource: String) -> [String] {
        let oldNames = old.contains { $0["fonts"] != nil }, newNames = new.contains { $0["fonts"] != nil }
        if oldNames != newNames {
            let (naming, silent) = oldNames ? (oldSource, newSource) : (newSource, oldSource)
            return ["\(naming) names the fonts of its results and \(silent) does not: make both with the same --fonts-dir to compare like with like"]
        }
        return lines.compactMap { job in
            guard let oldIndex = job.old, let index = job.new, let before = old[oldIndex]["fonts"], let after = new[index]["fonts"],
                  before != after else { return nil }
            return "\(job.label(id: old[oldIndex]["id"] ?? .null)) was made with fonts \(before.serialized) and is now laid out in \(after.serialized)"
        }
    }
}
