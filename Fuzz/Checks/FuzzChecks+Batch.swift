// The batch target: the input is a stream of batch lines; every line must get one result line of valid JSON, and the JSON reader must read back what it writes.
import TextLayout
import TextLayoutIO

extension FuzzChecks {
    /// The batch layouter over the bundled fonts, shared by every input (as a server's is).
    static let layouter = BatchLayouter(fonts: fonts)

    /// Input: bytes split into lines at LF as `textlayout batch` reads them (a CR before the LF
    /// dropped). Each line's result must be one line (no LF or CR in it) of JSON: an object
    /// with the job's `id` (the line's own when it is an object, else null) and either `error` (`code`, `message`) or `lineCount` and `lines`. A line
    /// that parses as JSON must come back equal after being written and read again.
    public static func batch(_ data: [UInt8]) -> [String] {
        var problems: [String] = []
        var lines = data.split(separator: 0x0A, omittingEmptySubsequences: false)
        if lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
        var fonts = BatchLayouter.WorkerFonts()
        for (k, raw) in lines.enumerated() {
            let line = raw.last == 0x0D ? raw.dropLast() : raw
            let label = "line \(k): \(describe(String(decoding: line, as: UTF8.self)))"
            let result = Array(line).withUnsafeBufferPointer { layouter.resultLine(for: $0, fonts: &fonts) }
            if result.json.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) {
                problems.append("\(label): the result holds a line break, so it would answer as two lines")
            }
            // The job's id is echoed: the line's own `id` when it is a JSON object, else null; read
            // as the batch reads a line, so that a line refused for a key given twice (another key,
            // or `id` itself: then the last one) still echoes its id.
            let sent = (try? Array(line).withUnsafeBufferPointer { try readJSON($0).value }).flatMap { value -> JSONValue? in
                if case .object = value { return value["id"] ?? .null } else { return nil }
            } ?? .null
            do throws(JSONError) {
                let value = try parseJSON(result.json)
                if value["id"] != sent || !(value["id"]?.serialized ?? "").hasSameCodeUnits(as: sent.serialized) {
                    problems.append("\(label): the id \(sent.serialized) came back as \(value["id"]?.serialized ?? "nothing"): \(result.json)")
                }
                let isError = value["error"] != nil
                if isError == result.succeeded { problems.append("\(label): succeeded is \(result.succeeded) but the result is \(result.json)") }
                if isError {
                    guard case .string(let code)? = value["error"]?["code"], !code.isEmpty,
                          case .string(let message)? = value["error"]?["message"], !message.isEmpty else {
                        problems.append("\(label): an error without a code and a message: \(result.json)")
                        continue
                    }
                    if code == "internalError" { problems.append("\(label): internal error: \(message)") }
                    if let parsed = try? Array(line).withUnsafeBufferPointer({ try parseJSON($0) }), isSurelyValidJob(parsed) {
                        problems.append("\(label): an error on a valid job: \(message)")
                    }
                } else if case .number? = value["lineCount"], case .array? = value["lines"] {
                } else {
                    problems.append("\(label): a result with neither an error nor lines: \(result.json)")
                }
            } catch {
                problems.append("\(label): the result is not JSON (\(error)): \(result.json)")
            }
            // The reader and the writer agree.
            let bytes = Array(line)
            if let value = try? bytes.withUnsafeBufferPointer({ try parseJSON($0) }) {
                let written = value.serialized
                do throws(JSONError) {
                    let again = try parseJSON(written)
                    if again != value { problems.append("\(label): written as \(written), read back differently") }
                } catch {
                    problems.append("\(label): written as \(written), which does not read back: \(error)")
                }
            }
        }
        return problems
    }

    /// Whether a job is valid on its face, so that an error for it is a finding: an object whose
    /// keys are among `id`, `text` (a string, required), `size` (1 to 1,000), `width` (a positive
    /// number up to a million, or null) and `maxLines` (1 to 1,000).
    static func isSurelyValidJob(_ job: JSONValue) -> Bool {
        guard case .object(let members) = job, case .string? = job["text"] else { return false }
        func number(_ value: JSONValue, in range: ClosedRange<Double>, whole: Bool = false) -> Bool {
            if case .number(let x, _) = value { range.contains(x) && (!whole || x.rounded() == x) } else { false }
        }
        return members.allSatisfy { key, value in
            switch key {
            case "id", "text": true
            case "size": number(value, in: 1...1000)
            case "width": value == .null || number(value, in: 0.001...1_000_000)
            case "maxLines": number(value, in: 1...1000, whole: true)
            default: false
            }
        }
    }
}
