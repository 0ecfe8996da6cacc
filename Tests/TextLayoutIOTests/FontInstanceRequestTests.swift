// Font instances through the boundary: the batch's weight, stretch, style, variations and synthesis keys, the glyph JSON's axes and synthesis per run, warnings, and the errors naming the key.
import Foundation
import Testing
import TextLayout
import TextLayoutIO
import TestSupport

@Suite("Font instances in requests")
struct FontInstanceRequestTests {
    static let inter = Oracle.interFile
    static let layouter = BatchLayouter(fonts: FontContext(fontDirectories: [Oracle.interFolder, FontContext.bundledFontsDirectory!],
                                                           includeSystemFonts: false))

    /// The first run of a result's first line.
    private func firstRun(_ job: String) throws -> [String: Any] {
        let result = batchResult(job, layouter: Self.layouter)
        #expect(result.succeeded, "\(result.json)")
        let object = try #require(foundationObject(result.json))
        let lines = try #require(object["lines"] as? [[String: Any]], "\(result.json)")
        return try #require((lines.first?["runs"] as? [[String: Any]])?.first)
    }

    @Test("the glyph JSON writes each run's axis values, the CSS and JSON forms of variations giving the same", .needs(.inter))
    func runsCarryTheirAxes() throws {
        for variations in [#"{"wght": 650}"#, #""'wght' 650""#] {
            let run = try firstRun(#"{"text":"Hello","font":"\#(Self.inter)","variations":\#(variations),"glyphs":true}"#)
            #expect(run["variations"] as? [String: Double] == ["wght": 650, "slnt": 0], "\(run)")
            #expect(run["synthetic"] == nil)
        }
        let italic = try firstRun(#"{"text":"Hello","font":"\#(Self.inter)","weight":300,"fontStyle":"oblique 4deg","glyphs":true}"#)
        #expect(italic["variations"] as? [String: Double] == ["wght": 300, "slnt": -4], "\(italic)")
        let plain = try firstRun(#"{"text":"Hello","font":"\#(monoPath)","glyphs":true}"#)
        #expect(plain["variations"] == nil && plain["synthetic"] == nil, "a face without axes writes none: \(plain)")
    }

    @Test("synthesized styles are named per run, and synthesis none turns them off")
    func runsNameTheirSynthesis() throws {
        let both = try firstRun(#"{"text":"abc","font":"DejaVu Sans Mono","weight":700,"fontStyle":"italic","glyphs":true}"#)
        #expect(both["synthetic"] as? [String] == ["bold", "oblique"], "\(both)")
        let styleOnly = try firstRun(#"{"text":"abc","font":"DejaVu Sans Mono","weight":700,"fontStyle":"italic","synthesis":["style"],"glyphs":true}"#)
        #expect(styleOnly["synthetic"] as? [String] == ["oblique"], "\(styleOnly)")
        let none = try firstRun(#"{"text":"abc","font":"DejaVu Sans Mono","weight":700,"fontStyle":"italic","synthesis":"none","glyphs":true}"#)
        #expect(none["synthetic"] == nil, "\(none)")
    }

    @Test("a value outside an axis is clamped with a warning in the result", .needs(.inter))
    func clampingWarns() throws {
        let result = batchResult(#"{"text":"Hello","font":"\#(Self.inter)","variations":{"wght":1200,"wdth":80}}"#, layouter: Self.layouter)
        let object = try #require(foundationObject(result.json))
        let warnings = object["warnings"] as? [String] ?? []
        #expect(warnings.count == 2 && warnings[0].contains("clamped to 900") && warnings[1].contains("no axis 'wdth'"), "\(result.json)")
    }

    /// Each run of a result's first line, by the first character of its text: its font and what is synthesized.
    private func runs(_ job: String) throws -> [(font: String, synthetic: [String])] {
        let result = batchResult(job, layouter: Self.layouter)
        #expect(result.succeeded, "\(result.json)")
        let lines = try #require(foundationObject(result.json)?["lines"] as? [[String: Any]], "\(result.json)")
        let runs = try #require(lines.first?["runs"] as? [[String: Any]])
        return runs.map { ($0["font"] as? String ?? "", $0["synthetic"] as? [String] ?? []) }.sorted { $0.font < $1.font }
    }

    @Test("a span's font list is loaded at the job's instance, as CSS inherits it; the span's own weight and style win")
    func spansInheritTheInstance() throws {
        let text = #""text":"abc שלום","font":"DejaVu Sans","glyphs":true"#
        // Bold: DejaVu Sans Bold for the Latin, Noto Sans Hebrew (no bold face) made bold.
        let bold = try runs(#"{\#(text),"weight":700,"spans":[{"start":4,"end":8,"font":"Noto Sans Hebrew"}]}"#)
        #expect(bold.count == 2 && bold[0].font.hasPrefix("DejaVu Sans Bold") && bold[1].font.hasPrefix("Noto Sans Hebrew")
                && bold[1].synthetic == ["bold"], "\(bold)")
        // The span's own weight keeps it upright and regular in a bold job; its own style slants it in a regular one.
        let regular = try runs(#"{\#(text),"weight":700,"spans":[{"start":4,"end":8,"font":"Noto Sans Hebrew","weight":400}]}"#)
        #expect(regular.count == 2 && regular[1].font.hasPrefix("Noto Sans Hebrew") && regular[1].synthetic.isEmpty, "\(regular)")
        let italic = try runs(#"{\#(text),"spans":[{"start":4,"end":8,"font":"Noto Sans Hebrew","fontStyle":"italic"}]}"#)
        #expect(italic.count == 2 && italic[1].synthetic == ["oblique"] && italic[0].synthetic.isEmpty, "\(italic)")
        // A span that sets only a weight takes the job's list at that weight.
        let weightOnly = try runs(#"{"text":"abc def","font":"DejaVu Sans","spans":[{"start":4,"end":7,"weight":700}],"glyphs":true}"#)
        #expect(weightOnly.map(\.font.description).contains { $0.hasPrefix("DejaVu Sans Bold") }
                && weightOnly.map(\.font.description).contains { $0.hasPrefix("DejaVu Sans Book") }, "\(weightOnly)")
        // A span's weight out of range names the span.
        let result = batchResult(#"{\#(text),"spans":[{"start":4,"end":8,"weight":0}]}"#, layouter: Self.layouter)
        let error = try #require(foundationObject(result.json)?["error"] as? [String: Any], "\(result.json)")
        #expect(error["code"] as? String == "invalidArgument" && (error["message"] as? String)?.hasPrefix("spans[0].weight must be a CSS weight") == true,
                "\(result.json)")
    }

    @Test("bad instance values are errors naming the key and the wrong part",
          arguments: [(#""variations":{"wgh":650}"#, "invalidArgument", "'wgh'"),
                      (#""variations":"'wght' 650 'opsz' 12""#, "invalidArgument", "'wght'"),
                      (#""variations":{"wght":"bold"}"#, "invalidJob", "'variations.wght' must be a number"),
                      (#""variations":[1]"#, "invalidJob", "'variations' must be an object"),
                      (#""weight":0"#, "invalidArgument", "weight must be a CSS weight from 1 to 1000"),
                      (#""stretch":"250%""#, "invalidArgument", "stretch must be a percentage from 50% to 200%"),
                      (#""stretch":true"#, "invalidJob", "'stretch' must be a percentage"),
                      (#""fontStyle":"oblique 95deg""#, "invalidArgument", "'95deg'"),
                      (#""synthesis":"bold""#, "invalidArgument", "got 'bold'"),
                      (#""synthesis":[7]"#, "invalidJob", "a list of weight and style")])
    func badValues(member: String, code: String, part: String) throws {
        let result = batchResult(#"{"text":"x",\#(member)}"#, layouter: Self.layouter)
        let error = try #require(foundationObject(result.json)?["error"] as? [String: Any], "\(result.json)")
        #expect(error["code"] as? String == code, "\(result.json)")
        #expect((error["message"] as? String)?.contains(part) == true, "\(result.json)")
    }
}
