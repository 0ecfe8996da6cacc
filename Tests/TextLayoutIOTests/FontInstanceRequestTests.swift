// Font instances through the boundary: the batch's weight, stretch, style, variations and synthesis keys, the glyph JSON's axes and synthesis per run, warnings, and the errors naming the key.
import Foundation
import Testing
import TextLayout
import TextLayoutIO
import TestSupport

@Suite("Font instances in requests")
struct FontInstanceRequestTests {
    static let inter = "/usr/share/fonts/truetype/inter-vf/Inter.var.ttf"
    static let layouter = BatchLayouter(fonts: FontContext(fontDirectories: ["/usr/share/fonts/truetype/inter-vf", FontContext.bundledFontsDirectory!],
                                                           includeSystemFonts: false))

    /// The first run of a result's first line.
    private func firstRun(_ job: String) throws -> [String: Any] {
        let result = batchResult(job, layouter: Self.layouter)
        #expect(result.succeeded, "\(result.json)")
        let object = try #require(foundationObject(result.json))
        let lines = try #require(object["lines"] as? [[String: Any]], "\(result.json)")
        return try #require((lines.first?["runs"] as? [[String: Any]])?.first)
    }

    @Test("the glyph JSON writes each run's axis values, the CSS and JSON forms of variations giving the same")
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

    @Test("a value outside an axis is clamped with a warning in the result")
    func clampingWarns() throws {
        let result = batchResult(#"{"text":"Hello","font":"\#(Self.inter)","variations":{"wght":1200,"wdth":80}}"#, layouter: Self.layouter)
        let object = try #require(foundationObject(result.json))
        let warnings = object["warnings"] as? [String] ?? []
        #expect(warnings.count == 2 && warnings[0].contains("clamped to 900") && warnings[1].contains("no axis 'wdth'"), "\(result.json)")
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
