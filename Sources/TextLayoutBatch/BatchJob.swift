// One batch job: read from a JSON object, laid out, and written back as one JSON result line.
import TextLayout

/// A layout job of the batch format: a text, its style, a width and the editor's sizing.
public struct BatchJob: Sendable {
    public var id: JSONValue
    public var text: String
    /// A fontconfig pattern or a file path; nil for the bundled default font.
    public var font: String?
    /// A CSS weight (1 to 1000: 400 regular, 700 bold) picking a face of the font's family; nil for the font as named.
    public var weight: Double?
    public var size: Double
    /// The editor's width in pixels; nil for no limit.
    public var width: Double?
    /// The paragraphs' base direction.
    public var direction: TextDirection = .auto
    /// The text's language, a BCP 47 tag, or nil.
    public var language: String?
    /// How strictly lines may break.
    public var lineBreak: LineBreakStrictness = .normal
    /// Whether the result reports the shrink-wrap width and the stable width range.
    public var shrinkWrap = false
    public var sizing: EditorSizing

    /// The keys a job may have.
    public static let keys = ["id", "text", "font", "weight", "size", "width", "lineSpace", "minLines", "maxLines",
                              "insets", "minHeight", "maxHeight", "direction", "language", "lineBreak", "shrinkWrap"]
    static let insetKeys = ["top", "left", "bottom", "right"]

    /// Reads a job from a parsed JSON value.
    /// - Throws: ``BatchError`` `.invalidJob` naming the key that is missing, unknown or of the wrong type.
    public init(_ value: JSONValue) throws(BatchError) {
        guard case let .object(members) = value else {
            throw BatchError(.invalidJob, "a job must be a JSON object, got \(value.typeName)")
        }
        if let unknown = members.first(where: { !Self.keys.contains($0.0) }) {
            throw BatchError(.invalidJob, "unknown key '\(unknown.0)'; a job may have: \(Self.keys.joined(separator: ", "))")
        }
        id = value["id"] ?? .null
        guard let textValue = value["text"] else { throw BatchError(.invalidJob, "the job has no 'text' (a string; it is the only required key)") }
        guard case let .string(text) = textValue else { throw BatchError(.invalidJob, "'text' must be a string, got \(textValue.typeName)") }
        self.text = text
        font = try Self.optionalString(value, "font")
        weight = try Self.optionalNumber(value, "weight")
        size = try Self.optionalNumber(value, "size") ?? 17
        width = try Self.optionalNumber(value, "width")
        direction = try Self.optionalChoice(value, "direction", default: .auto)
        language = try Self.optionalString(value, "language")
        lineBreak = try Self.optionalChoice(value, "lineBreak", default: .normal)
        switch value["shrinkWrap"] {
        case nil, .null?: shrinkWrap = false
        case let .bool(flag)?: shrinkWrap = flag
        case let other?: throw BatchError(.invalidJob, "'shrinkWrap' must be true or false, got \(other.typeName)")
        }
        var sizing = EditorSizing()
        sizing.lineSpace = try Self.optionalNumber(value, "lineSpace") ?? 0
        sizing.minLines = try Self.optionalInteger(value, "minLines") ?? 1
        sizing.maxLines = try Self.optionalInteger(value, "maxLines")
        sizing.minHeight = try Self.optionalNumber(value, "minHeight")
        sizing.maxHeight = try Self.optionalNumber(value, "maxHeight")
        if let insets = value["insets"], insets != .null {
            guard case let .object(sides) = insets else {
                throw BatchError(.invalidJob, "'insets' must be an object with top, left, bottom and right, got \(insets.typeName)")
            }
            if let unknown = sides.first(where: { !Self.insetKeys.contains($0.0) }) {
                throw BatchError(.invalidJob, "unknown key 'insets.\(unknown.0)'; insets may have: top, left, bottom, right")
            }
            sizing.insets = EdgeInsets(top: try Self.optionalNumber(insets, "top", in: "insets.") ?? 0,
                                       left: try Self.optionalNumber(insets, "left", in: "insets.") ?? 0,
                                       bottom: try Self.optionalNumber(insets, "bottom", in: "insets.") ?? 0,
                                       right: try Self.optionalNumber(insets, "right", in: "insets.") ?? 0)
        }
        self.sizing = sizing
    }

    /// The job's font in `context`: its `font` (the default font when absent) at its `weight`.
    /// - Throws: ``LayoutError`` as ``FontContext/font(named:weight:)`` does.
    public func font(in context: FontContext) throws -> Font {
        try context.font(named: font ?? "", weight: weight)
    }

    private static func optionalString(_ object: JSONValue, _ key: String) throws(BatchError) -> String? {
        switch object[key] {
        case nil, .null?: return nil
        case let .string(s)?: return s
        case let other?: throw BatchError(.invalidJob, "'\(key)' must be a string, got \(other.typeName)")
        }
    }

    private static func optionalChoice<Choice: RawRepresentable & CaseIterable>(_ object: JSONValue, _ key: String, default fallback: Choice) throws(BatchError) -> Choice where Choice.RawValue == String {
        guard let text = try optionalString(object, key) else { return fallback }
        guard let choice = Choice(rawValue: text) else {
            let allowed = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            throw BatchError(.invalidJob, "'\(key)' must be one of \(allowed), got '\(text)'")
        }
        return choice
    }

    private static func optionalNumber(_ object: JSONValue, _ key: String, in prefix: String = "") throws(BatchError) -> Double? {
        switch object[key] {
        case nil, .null?: return nil
        case let .number(n, _)?: return n
        case let other?: throw BatchError(.invalidJob, "'\(prefix)\(key)' must be a number, got \(other.typeName)")
        }
    }

    private static func optionalInteger(_ object: JSONValue, _ key: String) throws(BatchError) -> Int? {
        guard let n = try optionalNumber(object, key) else { return nil }
        guard n == n.rounded(), abs(n) < 1e9 else {
            throw BatchError(.invalidJob, "'\(key)' must be a whole number, got \(n)")
        }
        return Int(n)
    }
}

/// Why a batch job failed: a code for programs and a message for people.
public struct BatchError: Error, Sendable {
    public enum Code: String, Sendable {
        case invalidJSON, invalidUTF8, invalidJob
    }

    public let code: String
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code.rawValue
        self.message = message
    }

    public init(_ error: LayoutError) {
        code = error.code.rawValue
        message = error.message
    }
}

/// Lays out batch jobs, keeping the fonts it has looked up by name.
public final class BatchLayouter: Sendable {
    private let fonts: FontContext
    private let cache = FontNameCache()

    public init(fonts: FontContext = .shared) { self.fonts = fonts }

    /// The result line (compact JSON, no newline) for one input line of UTF-8 bytes.
    public func resultLine(for line: UnsafeBufferPointer<UInt8>) -> (json: String, succeeded: Bool) {
        var fonts = WorkerFonts()
        return resultLine(for: line, fonts: &fonts)
    }

    /// Fonts one worker thread has looked up, so that it takes no lock for them again.
    public struct WorkerFonts {
        var byName: [ExactString: Font] = [:]
        public init() {}
    }

    /// The result line for one input line, looking fonts up in a worker's own table first.
    public func resultLine(for line: UnsafeBufferPointer<UInt8>, fonts: inout WorkerFonts) -> (json: String, succeeded: Bool) {
        var id = JSONValue.null
        do throws(BatchError) {
            let value: JSONValue
            do throws(JSONError) { value = try parseJSON(line) } catch {
                if error.isInvalidUTF8 || String(validating: line, as: UTF8.self) == nil {
                    throw BatchError(.invalidUTF8, "the line is not valid UTF-8")
                }
                throw BatchError(.invalidJSON, "the line is not valid JSON: \(error)")
            }
            id = value["id"] ?? .null
            let job = try BatchJob(value)
            return (try result(of: job, fonts: &fonts), true)
        } catch {
            return (Self.errorLine(id: id, error), false)
        }
    }

    /// The result line of a job that failed: its id (null when the line had none, or could not
    /// be read) and the error's code and message.
    public static func errorLine(id: JSONValue, _ error: BatchError) -> String {
        var out = "{\"id\":"
        id.write(to: &out)
        out += ",\"error\":{\"code\":"
        writeJSONString(error.code, to: &out)
        out += ",\"message\":"
        writeJSONString(error.message, to: &out)
        out += "}}"
        return out
    }

    /// Lays out one job and writes its result object.
    public func result(of job: BatchJob) throws(BatchError) -> String {
        var fonts = WorkerFonts()
        return try result(of: job, fonts: &fonts)
    }

    func result(of job: BatchJob, fonts local: inout WorkerFonts) throws(BatchError) -> String {
        let measurement: EditorMeasurement
        var shrinkWrapWidth = 0.0
        do {
            let key = FontNameCache.key(job)
            let font = try local.byName[key] ?? cache.font(for: job, in: fonts)
            local.byName[key] = font
            let style = try TextStyle(font: font, size: job.size, direction: job.direction, language: job.language,
                                      lineBreak: job.lineBreak)
            let prepared = try PreparedText(job.text, style: style)
            measurement = try prepared.measureEditor(width: job.width, sizing: job.sizing, glyphRuns: false)
            if job.shrinkWrap { shrinkWrapWidth = try measurement.layout.shrinkWrapWidth() }
        } catch let error as LayoutError {
            throw BatchError(error)
        } catch {
            throw BatchError(LayoutError(.internalError, "\(error)"))
        }
        let layout = measurement.layout
        var out = "{\"id\":"
        job.id.write(to: &out)
        out += ",\"lineCount\":"; out += String(layout.lineCount)
        out += ",\"height\":"; writeJSONNumber(layout.contentHeight, to: &out)
        out += ",\"width\":"; writeJSONNumber(layout.width, to: &out)
        out += ",\"editorHeight\":"; writeJSONNumber(measurement.height, to: &out)
        out += ",\"isScrollable\":"; out += measurement.isScrollable ? "true" : "false"
        if job.shrinkWrap {
            // In editor widths: the wrap width plus the left and right insets.
            let horizontal = job.sizing.insets.left + job.sizing.insets.right
            let stable = layout.stableWidthRange
            out += ",\"shrinkWrapWidth\":"; writeJSONNumber(shrinkWrapWidth + horizontal, to: &out)
            out += ",\"stableWidth\":["; writeJSONNumber(stable.lowerBound + horizontal, to: &out)
            out += ","; if stable.upperBound.isFinite { writeJSONNumber(stable.upperBound + horizontal, to: &out) } else { out += "null" }
            out += "]"
        }
        out += ",\"lines\":["
        for (i, line) in layout.lines.enumerated() {
            if i > 0 { out += "," }
            out += "{\"start\":"; out += String(line.utf16Range.lowerBound)
            out += ",\"end\":"; out += String(line.utf16Range.upperBound)
            out += ",\"width\":"; writeJSONNumber(line.width, to: &out)
            out += ",\"height\":"; writeJSONNumber(line.height, to: &out)
            out += ",\"baseline\":"; writeJSONNumber(line.baseline, to: &out)
            out += "}"
        }
        out += "]}"
        return out
    }
}

/// Fonts looked up by the names jobs give, so that fontconfig is asked once per name.
final class FontNameCache: Sendable {
    private let fonts = Locked<[ExactString: Font]>([:])

    /// What a job's font depends on: its name (code unit for code unit) and weight.
    static func key(_ job: BatchJob) -> ExactString {
        ExactString((job.font ?? "") + "\u{0}" + (job.weight.map { "\($0)" } ?? ""))
    }

    func font(for job: BatchJob, in context: FontContext) throws -> Font {
        let key = Self.key(job)
        if let font = fonts.withLock({ $0[key] }) { return font }
        let font = try job.font(in: context)
        fonts.withLock { $0[key] = font }
        return font
    }
}
