// The batch format line by line: one input line of JSON in, one result (or error) line out, fonts looked up once per name.
import TextLayout

/// Lays out batch jobs, keeping the fonts it has looked up by name.
public final class BatchLayouter: Sendable {
    private let fonts: FontContext
    private let cache = FontNameCache()
    /// When set, each result names the font files it used (``LayoutResult/fontFiles(relativeTo:)``).
    private let fontsDirectory: String?

    /// - Parameter namingFontsIn: a folder (`--fonts-dir`'s): each result then names the font
    ///   files its text is drawn in, relative to it, so a golden shows what it was made with.
    public init(fonts: FontContext = .shared, namingFontsIn fontsDirectory: String? = nil) {
        self.fonts = fonts
        self.fontsDirectory = fontsDirectory
    }

    /// The result line (compact JSON, no newline) for one input line of UTF-8 bytes.
    public func resultLine(for line: UnsafeBufferPointer<UInt8>) -> (json: String, succeeded: Bool) {
        var fonts = WorkerFonts()
        return resultLine(for: line, fonts: &fonts)
    }

    /// Fonts one worker thread has looked up, so that it takes no lock for them again.
    public struct WorkerFonts {
        var byName: [ExactString: FontFamilyList] = [:]
        public init() {}
    }

    /// The result line for one input line, looking fonts up in a worker's own table first.
    public func resultLine(for line: UnsafeBufferPointer<UInt8>, fonts: inout WorkerFonts) -> (json: String, succeeded: Bool) {
        // The job as parsed, whose id an error line echoes (read only then).
        var parsed: JSONValue?
        do throws(BoundaryError) {
            let document: JSONDocument
            do throws(JSONError) { document = try readJSON(line) } catch {
                if error.isInvalidUTF8 || String(validating: line, as: UTF8.self) == nil {
                    throw .invalidUTF8(in: "the line", line)
                }
                throw BoundaryError(.invalidJSON, "the line is not valid JSON: \(error)")
            }
            parsed = document.value
            if let repeated = document.repeatedKey { throw BoundaryError(.invalidJob, repeated.message, keys: [repeated.path]) }
            var job = try LayoutRequest(job: document.value)
            job.inputWarnings = document.loneSurrogates.map(\.warning)
            return (try result(of: job, fonts: &fonts), true)
        } catch {
            return (Self.errorLine(id: parsed?["id"] ?? .null, error), false)
        }
    }

    /// The result line of a job that failed: its id (null when the line had none, or could not
    /// be read) and the error's code and message.
    public static func errorLine(id: JSONValue, _ error: BoundaryError) -> String {
        var writer = JSONWriter()
        writer.object {
            $0.field("id", id)
            $0.key("error")
            error.write(to: &$0)
        }
        return writer.text
    }

    /// Lays out one job and writes its result object.
    public func result(of job: LayoutRequest) throws(BoundaryError) -> String {
        var fonts = WorkerFonts()
        return try result(of: job, fonts: &fonts)
    }

    func result(of job: LayoutRequest, fonts local: inout WorkerFonts) throws(BoundaryError) -> String {
        do {
            let key = FontNameCache.key(job)
            let list = try local.byName[key] ?? cache.fonts(for: job, in: fonts)
            local.byName[key] = list
            return try job.measure(fonts: list, in: fonts, glyphRuns: false).json(job.glyphs ? [.id, .glyphs] : .id, fontsDirectory: fontsDirectory)
        } catch {
            throw BoundaryError(error)
        }
    }
}

/// Fonts looked up by the names jobs give, so that fontconfig is asked once per name.
final class FontNameCache: Sendable {
    private let fonts = Locked<[ExactString: FontFamilyList]>([:])

    /// What a job's font depends on: its name (code unit for code unit), its instance (weight,
    /// stretch, style, variations, synthesis), for an optical-size axis its size, and the generic
    /// families where its profile reads them (``LayoutRequest/genericFamilies``).
    static func key(_ job: LayoutRequest) -> ExactString {
        var key = (job.font ?? "") + "\u{0}" + job.fontSelection.keyText(size: job.settings.text.size)
        if job.settings.text.profile.familyFallback == .browser {
            // The defaults in one byte; families a job sets, written out (rare).
            key += job.genericFamilies.map { families in "\u{0}" + GenericFamilies.names.map { families[setting: $0] ?? "" }.joined(separator: "\u{1}") } ?? "\u{1}"
        }
        return ExactString(key)
    }

    func fonts(for job: LayoutRequest, in context: FontContext) throws -> FontFamilyList {
        let key = Self.key(job)
        if let list = fonts.withLock({ $0[key] }) { return list }
        let list = try job.fonts(in: context)
        fonts.withLock { $0[key] = list }
        return list
    }
}
