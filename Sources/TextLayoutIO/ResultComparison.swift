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
}

/// One job whose result changed: where it is, what changed, and both results.
public struct ChangedJob: Sendable {
    /// The job's line in the outputs, from 0.
    public let index: Int
    /// The job's id (null when it has none).
    public let id: JSONValue
    public let kinds: [LayoutChange]
    public let old: JSONValue
    public let new: JSONValue
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
            let value: JSONValue
            do throws(JSONError) { value = try parseJSON(line) } catch {
                throw BoundaryError(.invalidResult, "line \(index + 1) of \(source) is not JSON: \(error)")
            }
            if let problem = problem(value) {
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
        if let error = value["error"] {
            guard case .string? = error["code"] else { return "its 'error' has no 'code'" }
            return nil
        }
        guard case .number? = value["lineCount"] else { return "it has neither 'lineCount' nor 'error'" }
        guard case let .array(lines)? = value["lines"] else { return "it has no 'lines' list" }
        for (k, line) in lines.enumerated() {
            for key in ["start", "end", "width", "height", "baseline"] {
                guard case .number? = line[key] else { return "lines[\(k)] has no number '\(key)'" }
            }
        }
        return nil
    }

    /// The jobs whose results differ between `old` and `new`, in order.
    /// - Parameter tolerance: how far, in pixels, a height or width may move unreported.
    /// - Throws: ``BoundaryError`` `invalidResult` when the outputs hold different numbers of
    ///   results or, at the same line, results of jobs with different ids: they are not outputs of
    ///   the same jobs.
    public static func changedJobs(old: [JSONValue], new: [JSONValue], tolerance: Double,
                                   oldSource: String = "the old results", newSource: String = "the new results") throws(BoundaryError) -> [ChangedJob] {
        guard old.count == new.count else {
            throw BoundaryError(.invalidResult, "\(oldSource) has \(old.count) results and \(newSource) \(new.count): compare the outputs of the same jobs")
        }
        var changed: [ChangedJob] = []
        for (index, (before, after)) in zip(old, new).enumerated() {
            let id = before["id"] ?? .null, newID = after["id"] ?? .null
            guard id == .null || newID == .null || id == newID else {
                throw BoundaryError(.invalidResult, "line \(index + 1): \(oldSource) holds job \(id.serialized) and \(newSource) job \(newID.serialized): compare the outputs of the same jobs in the same order")
            }
            let kinds = changes(from: before, to: after, tolerance: tolerance)
            if !kinds.isEmpty { changed.append(ChangedJob(index: index, id: id == .null ? newID : id, kinds: kinds, old: before, new: after)) }
        }
        return changed
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
        return kinds
    }

    /// A result's lines.
    public static func lines(_ result: JSONValue) -> [JSONValue] {
        if case let .array(lines)? = result["lines"] { return lines }
        return []
    }

    /// Warnings about results made with other fonts than the ones they are compared with: each
    /// job whose two results name different font files (results name them when made with
    /// `--fonts-dir`), or one line when only one side names its fonts. A change may come from them.
    public static func fontWarnings(old: [JSONValue], new: [JSONValue], oldSource: String, newSource: String) -> [String] {
        let oldNames = old.contains { $0["fonts"] != nil }, newNames = new.contains { $0["fonts"] != nil }
        if oldNames != newNames {
            let (naming, silent) = oldNames ? (oldSource, newSource) : (newSource, oldSource)
            return ["\(naming) names the fonts of its results and \(silent) does not: make both with the same --fonts-dir to compare like with like"]
        }
        return zip(old, new).enumerated().compactMap { index, pair in
            guard let before = pair.0["fonts"], let after = pair.1["fonts"], before != after else { return nil }
            let id = pair.0["id"].flatMap { $0 == .null ? nil : " (id \($0.serialized))" } ?? ""
            return "line \(index + 1)\(id) was made with fonts \(before.serialized) and is now laid out in \(after.serialized)"
        }
    }
}
