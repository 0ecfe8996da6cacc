// The editor's intrinsic widths: with intrinsicWidths each snapshot gives the min-content and max-content widths of the drawn text, as the batch gives them, and without it nothing changes.
import Testing
import TextEditing
import TextLayout
import TextLayoutIO
import TestSupport

@Suite("Editor: the intrinsic widths (intrinsicWidths)")
struct IntrinsicWidthEditorTests {
    static let layout = #""width": 260, "placeholder": "What's up?", "insets": {"top": 8, "left": 10, "bottom": 8, "right": 14}"#
    static let session = [#"{"insert": "Are we still meeting tomorrow?"}"#, #"{"setWidth": 180}"#, #"{"setText": ""}"#]

    static func outputs(_ config: String) -> [String] {
        let session = EditSession(fonts: bundledFonts)
        return ([#"{"config": {\#(config)}}"#] + Self.session).map { session.reply(to: $0).json }
    }

    static func number(_ value: JSONValue?) -> Double? {
        guard case let .number(number, _)? = value else { return nil }
        return number
    }

    @Test("edit's intrinsicWidths: each snapshot adds minContent and maxContent, the batch's for its drawn text; without it, the same bytes")
    func sessionSnapshots() throws {
        let without = Self.outputs(Self.layout)
        #expect(Self.outputs(Self.layout + #", "intrinsicWidths": false"#) == without)
        let with = Self.outputs(Self.layout + #", "intrinsicWidths": true"#)
        try #require(with.count == without.count)
        for (line, snapshot) in with.enumerated() {
            let value = try parseJSON(snapshot)
            guard case let .string(shown)? = value["displayText"] else { Issue.record("line \(line + 1): \(snapshot)"); continue }
            var request = LayoutRequest(text: shown)
            request.settings.sizing.insets = EdgeInsets(top: 8, left: 10, bottom: 8, right: 14)
            request.intrinsicWidths = true
            let batch = try #require(try request.measure(in: bundledFonts).editorIntrinsicWidths)
            #expect(Self.number(value["minContent"]) == batch.minContent, "line \(line + 1)")
            #expect(Self.number(value["maxContent"]) == batch.maxContent, "line \(line + 1)")
            #expect(!without[line].contains("minContent"))
        }
    }
}
