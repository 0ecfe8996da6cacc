// The batch format as tests write and read it: the result line of one input line, JSON string literals written by hand, results read with Foundation's independent reader, the bundled fonts' paths.
import Foundation
import Testing
import TextLayout
import TextLayoutIO

/// The result line for one input line of bytes.
public func batchResult(_ bytes: [UInt8], layouter: BatchLayouter = BatchLayouter()) -> (json: String, succeeded: Bool) {
    bytes.withUnsafeBufferPointer { layouter.resultLine(for: $0) }
}

/// The result line for one input line.
public func batchResult(_ line: String, layouter: BatchLayouter = BatchLayouter()) -> (json: String, succeeded: Bool) {
    batchResult(Array(line.utf8), layouter: layouter)
}

/// A result line read with Foundation's JSONSerialization: a reader independent of the engine's.
public func foundationObject(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String: Any]? {
    guard let data = json.data(using: .utf8),
          let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? [String: Any] else {
        Issue.record("not a JSON object: \(json)", sourceLocation: sourceLocation)
        return nil
    }
    return object
}

/// A JSON string literal for `s`, written here (not with the engine's writer): quotes and backslashes escaped.
public func jsonString(_ s: String) -> String {
    "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
}

/// The bundled DejaVu Sans's path, as a batch job names its font.
public let sansPath = FontContext.bundledFontPath("DejaVuSans.ttf") ?? "missing: Fonts/DejaVuSans.ttf"
/// The bundled DejaVu Sans Mono's path.
public let monoPath = FontContext.bundledFontPath("DejaVuSansMono.ttf") ?? "missing: Fonts/DejaVuSansMono.ttf"
