// The editor's fitted size: with fit each snapshot is laid out at the size a batch job with the same fit gives its drawn text, after edits and a new width, and without it nothing changes.
import Testing
import TextEditing
import TextLayout
import TextLayoutIO
import TestSupport

@Suite("Editor: the fitted size (fit)")
struct FitEditorTests {
    static let layout = #""width": 200, "size": 24, "placeholder": "Search", "insets": {"top": 4, "left": 8, "bottom": 4, "right": 8}"#
    static let fit = #"{"maxLines": 1, "minSize": 9, "maxSize": 24, "step": 0.5}"#
    static let session = [#"{"insert": "Flights to"}"#, #"{"insert": " Reykjavik next weekend"}"#, #"{"setWidth": 320}"#,
                          #"{"deleteWordBackward": 2}"#, #"{"setText": ""}"#]

    static func outputs(_ config: String) -> [String] {
        let session = EditSession(fonts: bundledFonts)
        return ([#"{"config": {\#(config)}}"#] + Self.session).map { session.reply(to: $0).json }
    }

    static func number(_ value: JSONValue?) -> Double? {
        guard case let .number(number, _)? = value else { return nil }
        return number
    }

    @Test("edit's fit: each snapshot is the batch's layout of its drawn text with the same fit, fittedSize included; without it, the same bytes")
    func sessionSnapshots() throws {
        let without = Self.outputs(Self.layout)
        let with = Self.outputs(Self.layout + #", "fit": \#(Self.fit)"#)
        try #require(with.count == without.count)
        var sizes: [Double] = []
        for (line, snapshot) in with.enumerated() {
            let value = try parseJSON(snapshot)
            guard case let .string(shown)? = value["displayText"] else { Issue.record("line \(line + 1): \(snapshot)"); continue }
            var request = try LayoutRequest(job: try parseJSON(#"{"text": "", "fit": \#(Self.fit), \#(Self.layout)}"#.replacingOccurrences(of: #", "placeholder": "Search""#, with: "")))
            request.text = shown
            if line >= 3 { request.settings.editorWidth = 320 }
            let batch = try request.measure(in: bundledFonts)
            let size = try #require(Self.number(value["fittedSize"]), "line \(line + 1): \(snapshot)")
            #expect(size == batch.fittedSize, "line \(line + 1)")
            #expect(Self.number(value["height"]) == batch.measurement.height, "line \(line + 1)")
            #expect(Self.number(value["lineCount"]) == 1, "line \(line + 1)")
            #expect(!without[line].contains("fittedSize"))
            sizes.append(size)
        }
        // The longer text shrinks, the wider field lets it grow again, and fewer words grow it more.
        #expect(sizes[2] < sizes[1] && sizes[3] > sizes[2] && sizes[4] >= sizes[3])
    }

    @Test("a config's bad fit is invalidConfig naming fit.KEY")
    func badFit() {
        let reply = EditSession(fonts: bundledFonts).reply(to: #"{"config": {"fit": {"maxLines": 1, "minSize": 9, "maxSize": 8}}}"#).json
        #expect(reply.contains("invalidConfig") && reply.contains("fit.minSize"), "\(reply)")
    }
}
