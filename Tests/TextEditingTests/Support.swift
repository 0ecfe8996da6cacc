// Shared fixtures for the editor tests: the bundled DejaVu Sans, editors made from a few settings, and the batch layout to compare with.
import Foundation
import Testing
import TextEditing
import TextLayout
import TextLayoutIO
import TestSupport

/// The bundled DejaVu Sans (every test uses only fonts from Fonts/, fallback included).
func dejaVu(_ file: String = "DejaVuSans.ttf") throws -> Font {
    guard let path = FontContext.bundledFontPath(file) else { throw TestFailure("no \(file) in Fonts/") }
    return try bundledFonts.font(path: path)
}

/// The bundled DejaVu Sans in the context without caches.
func uncachedDejaVu() throws -> Font {
    try uncachedBundledFonts.font(path: FontContext.bundledFontPath("DejaVuSans.ttf")!)
}

/// The height of one line of DejaVu Sans at 17 px: (ascender 1901 + descender 483) / 2048 × 17.
let lineHeight17 = (1901.0 + 483.0) / 2048.0 * 17.0

/// An editor in DejaVu Sans 17 px on a manual clock, configured by `configure`.
func makeEditor(text: String = "", width: Double? = 200, clock: ManualClock = ManualClock(),
                _ configure: (inout EditorConfiguration) -> Void = { _ in }) throws -> EditorModel {
    var configuration = EditorConfiguration(font: try dejaVu(), settings: LayoutSettings(editorWidth: width), text: text)
    configure(&configuration)
    let editor = try EditorModel(configuration: configuration, clock: clock)
    #expect(editor.checkInvariants() == [])
    return editor
}

/// The batch format's result for a job, parsed: what `textlayout batch` prints for it.
func batchResult(_ job: [(String, JSONValue)]) throws -> JSONValue {
    let batchJob = try LayoutRequest(job: .object(job))
    return try parseJSON(try BatchLayouter(fonts: bundledFonts).result(of: batchJob))
}

func number(_ value: JSONValue?) -> Double? {
    if case let .number(n, _)? = value { return n }
    return nil
}
