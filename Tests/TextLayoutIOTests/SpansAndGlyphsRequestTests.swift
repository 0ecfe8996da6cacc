// Styled spans and glyph output through the boundary: the batch's "spans" and "glyphs" keys and measure's --spans and --glyphs.
import Foundation
import Testing
import TextLayout
import TextLayoutIO
import TestSupport

@Suite("Spans and glyphs in requests")
struct SpansAndGlyphsRequestTests {
    static let dejaVu = FontContext.bundledFontPath("DejaVuSans.ttf")!

    @Test("a job's spans lay out as the engine's styled spans do: same breaks, heights and widths")
    func spansAsTheEngine() throws {
        let text = "Big words and small print with ligatures fi fl"
        let job = #"{"text":"\#(text)","font":"\#(Self.dejaVu)","width":140,"spans":[{"start":0,"end":9,"size":28,"attributes":{"role":"title"}},{"start":14,"end":25,"size":10,"letterSpacing":1.5},{"start":41,"end":46,"features":{"liga":0}}]}"#
        let request = try LayoutRequest(job: parseJSON(job))
        #expect(request.spans.count == 3)
        let answer = try parseJSON(try BatchLayouter(fonts: bundledFonts).result(of: request))

        let font = try bundledFonts.font(path: Self.dejaVu)
        let spans = [StyledSpan(range: 0..<9, size: 28, attributes: ["role": "title"]),
                     StyledSpan(range: 14..<25, size: 10, letterSpacing: 1.5),
                     StyledSpan(range: 41..<46, features: [try FontFeature("liga", 0)])]
        let expected = try PreparedText(text, style: TextStyle(font: font), spans: spans).measureEditor(editorWidth: 140)
        let plain = try PreparedText(text, style: TextStyle(font: font)).measureEditor(editorWidth: 140)
        guard case let .array(lines)? = answer["lines"] else { throw TestFailure("no lines in \(answer)") }
        #expect(lines.map { $0["start"] } == expected.layout.lines.map { .number(Double($0.utf16Range.lowerBound), literal: "") })
        #expect(lines.map { $0["height"] } == expected.layout.lines.map { .number($0.height, literal: "") })
        #expect(lines.map { $0["width"] } == expected.layout.lines.map { .number($0.width, literal: "") })
        #expect(answer["editorHeight"] == .number(expected.height, literal: ""))
        #expect(expected.height != plain.height, "the spans change the layout, so the test can tell them apart")
    }

    @Test("bad spans are errors that name the span and key",
          arguments: [(#"[{"start":0,"end":2,"colour":"red"}]"#, "invalidJob", "spans[0].colour"),
                      (#"[{"start":0}]"#, "invalidJob", "'spans[0]' needs 'start' and 'end'"),
                      (#"[{"start":3,"end":1}]"#, "invalidJob", "0 <= start <= end"),
                      (#"[{"start":0,"end":2,"size":"big"}]"#, "invalidJob", "'spans[0].size' must be a number"),
                      (#"[{"start":0,"end":2},{"start":1,"end":2,"features":{"liga":-1}}]"#, "invalidJob", "spans[1].features.liga"),
                      (#"[{"start":0,"end":2,"features":{"toolong":1}}]"#, "invalidArgument", "four ASCII"),
                      (#"[{"start":0,"end":99}]"#, "invalidArgument", "outside the text"),
                      (#"{"start":0,"end":1}"#, "invalidJob", "'spans' must be a list")])
    func badSpans(_ spans: String, _ code: String, _ named: String) throws {
        let line = Array(#"{"id":7,"text":"abc","spans":\#(spans)}"#.utf8)
        let answer = try parseJSON(line.withUnsafeBufferPointer { BatchLayouter(fonts: bundledFonts).resultLine(for: $0).json })
        #expect(answer["id"] == .number(7, literal: "7"))
        #expect(answer["error"]?["code"] == .string(code))
        guard case let .string(message)? = answer["error"]?["message"] else { throw TestFailure("no message in \(answer)") }
        #expect(message.contains(named), "\(message)")
    }

    @Test("glyphs: true adds each line's top, direction and origin and each run's glyphs; the rest is unchanged")
    func glyphsKey() throws {
        let base = #""text":"Hi שלום 👍 e\u0301","font":"\#(Self.dejaVu)","width":60,"id":"g""#
        let layouter = BatchLayouter(fonts: bundledFonts)
        let plain = try parseJSON(try layouter.result(of: LayoutRequest(job: parseJSON("{\(base)}"))))
        let detailed = try parseJSON(try layouter.result(of: LayoutRequest(job: parseJSON("{\(base),\"glyphs\":true}"))))
        guard case let .array(plainLines)? = plain["lines"], case let .array(lines)? = detailed["lines"] else { throw TestFailure("no lines") }
        #expect(plainLines.allSatisfy { $0["runs"] == nil && $0["top"] == nil }, "without the key, the result is as before")
        #expect(lines.count == plainLines.count)
        let layout = try LayoutRequest(job: parseJSON("{\(base)}")).measure(in: bundledFonts).measurement.layout
        for (k, line) in lines.enumerated() {
            for key in ["start", "end", "width", "height", "baseline"] { #expect(line[key] == plainLines[k][key]) }
            #expect(line["top"] == .number(layout.lines[k].top, literal: ""))
            #expect(line["direction"] == .string(layout.lines[k].isRightToLeft ? "rtl" : "ltr"))
            #expect(line["x"] == .number(layout.lineOrigin(layout.lines[k]), literal: ""))
            guard case let .array(runs)? = line["runs"] else { throw TestFailure("no runs") }
            #expect(runs.count == layout.lines[k].runs.count)
            for (run, expected) in zip(runs, layout.lines[k].runs) {
                #expect(run["fontFile"] == .string(expected.content.textFont.path))
                #expect(run["faceIndex"] == .number(Double(expected.content.textFont.faceIndex), literal: ""))
                #expect(run["size"] == .number(expected.size, literal: ""))
                #expect(run["glyphs"] == .array(expected.glyphs.map { .number(Double($0.id), literal: "") }))
                #expect(run["clusters"] == .array(expected.glyphs.map { .number(Double($0.cluster), literal: "") }))
                #expect(run["advances"] == .array(expected.glyphs.map { .number($0.advance, literal: "") }))
            }
        }
        #expect(lines.contains { $0["runs"].map { "\($0)".contains("NotoColorEmoji") } ?? false }, "the emoji's run names its own font file")
    }

    @Test("align and indent add each line's x to the result, where its runs start; the default adds nothing")
    func alignKeys() throws {
        let layouter = BatchLayouter(fonts: bundledFonts)
        let base = #""text":"Aligned lines start where their alignment puts them\nשלום עולם","font":"\#(Self.dejaVu)","width":120"#
        let plain = try parseJSON(try layouter.result(of: LayoutRequest(job: parseJSON("{\(base)}"))))
        guard case let .array(plainLines)? = plain["lines"] else { throw TestFailure("no lines") }
        #expect(plainLines.allSatisfy { $0["x"] == nil })
        for extra in [#""align":"center""#, #""align":"justify""#, #""indent":-10"#, #""align":"start","indent":8"#] {
            let request = try LayoutRequest(job: parseJSON("{\(base),\(extra)}"))
            let result = try parseJSON(try layouter.result(of: request))
            let layout = try request.measure(in: bundledFonts).measurement.layout
            guard case let .array(lines)? = result["lines"] else { throw TestFailure("no lines") }
            #expect(lines.count == layout.lines.count)
            for (line, expected) in zip(lines, layout.lines) {
                #expect(line["x"] == .number(layout.lineOrigin(expected), literal: ""), "\(extra)")
                #expect(line["width"] == .number(expected.width, literal: ""), "\(extra)")
            }
        }
    }

    @Test("measure --glyphs prints the glyph JSON, --spans takes the batch's spans, and their mistakes are usage errors")
    func commandLine() throws {
        let glyphs = try runTextlayout(["measure", "--font", Self.dejaVu, "--width", "80", "--output-format", "json", "--glyphs",
                                        "--spans", #"[{"start":0,"end":2,"size":30}]"#, "Hi there"])
        #expect(glyphs.status == 0, "\(glyphs.error)")
        let answer = try parseJSON(glyphs.output)
        guard case let .array(lines)? = answer["lines"], case let .array(runs)? = lines.first?["runs"] else { throw TestFailure("no runs in \(glyphs.output)") }
        #expect(runs.first?["size"] == .number(30, literal: "30"))
        #expect(runs.first?["glyphs"] != nil && lines.first?["x"] != nil)

        let textOutput = try runTextlayout(["measure", "--glyphs", "Hi"])
        #expect(textOutput.status == 2 && textOutput.error.contains("--glyphs needs --output-format json"))
        let badSpans = try runTextlayout(["measure", "--spans", "[{\"start\":0,\"end\":1,\"size\":\"x\"}]", "Hi"])
        #expect(badSpans.status == 2 && badSpans.error.contains("--spans") && badSpans.error.contains("spans[0].size"))
        let notJSON = try runTextlayout(["measure", "--spans", "[{start}]", "Hi"])
        #expect(notJSON.status == 2 && notJSON.error.contains("--spans must be a JSON list"))
    }
}
