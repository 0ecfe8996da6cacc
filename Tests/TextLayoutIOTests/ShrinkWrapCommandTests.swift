// `measure` and `render` with --shrink-wrap and --height-steps, held against the batch's answer for the same job and against render at the width measure gives.
import Foundation
import Testing
import TextLayout
import TextLayoutIO
import TestSupport

/// The width a PNG's header gives, in pixels.
func pngWidth(_ data: Data) throws -> Int {
    let bytes = [UInt8](data)
    try #require(bytes.count > 24 && bytes[12..<16].elementsEqual("IHDR".utf8), "not a PNG")
    return bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
}

@Suite("Command line: --shrink-wrap and --height-steps")
struct ShrinkWrapCommandTests {
    static let text = "On my way! The train is late again, so start without me and keep a seat by the window."
    /// A chat input's layout: four ragged lines, with side insets that the widths include.
    static let layout = ["--width", "240", "--insets", "6,10,6,12", "--line-spacing", "2"]
    static let job = #"{"width":240,"insets":{"top":6,"left":10,"bottom":6,"right":12},"lineSpace":2"#

    @Test("measure --shrink-wrap --height-steps prints the keys the batch's shrinkWrap and heightSteps give for the same job")
    func jsonAgreesWithTheBatch() throws {
        let run = try runTextlayout(["measure", "--output-format", "json", "--shrink-wrap", "--height-steps", "90,400"] + Self.layout + [Self.text])
        #expect(run.status == 0, "\(run.error)")
        let measured = try parseJSON(run.output)
        let textJSON = JSONValue.string(Self.text).serialized
        let batch = try runTextlayout(["batch"], input: Data((Self.job + #","shrinkWrap":true,"heightSteps":[90,400],"text":\#(textJSON)}"#).utf8))
        #expect(batch.status == 0, "\(batch.output)")
        let result = try parseJSON(batch.output)
        for key in ["shrinkWrapWidth", "stableWidth", "heightSteps"] {
            let value = try #require(measured[key], "measure printed no \(key): \(run.output)")
            #expect(value.serialized == result[key]?.serialized, "\(key)")
        }
        #expect(sharedMeasurement(measured) == sharedMeasurement(result))
        let plain = try parseJSON(try runTextlayout(["measure", "--output-format", "json"] + Self.layout + [Self.text]).output)
        #expect(plain["shrinkWrapWidth"] == nil && plain["stableWidth"] == nil && plain["heightSteps"] == nil)
    }

    @Test("measure's text adds the bubble width, the stable widths and the height steps, rounding the numbers the JSON gives")
    func textRoundsTheJSONNumbers() throws {
        let options = ["--shrink-wrap", "--height-steps", "90,400"] + Self.layout + [Self.text]
        let text = try runTextlayout(["measure"] + options)
        #expect(text.status == 0, "\(text.error)")
        let json = try parseJSON(try runTextlayout(["measure", "--output-format", "json"] + options).output)
        let bubble = try #require(json["shrinkWrapWidth"]?.number)
        let lineCount = try #require(json["lineCount"]?.number)
        guard case .array(let stable)? = json["stableWidth"], stable.count == 2, let stableFrom = stable[0].number,
              let stableTo = stable[1].number else {
            Issue.record("stableWidth is not [from, to] (wrapped lines take more at some width): \(json.serialized)")
            return
        }
        guard case .array(let steps)? = json["heightSteps"] else { Issue.record("no heightSteps: \(json.serialized)"); return }
        try #require(steps.count >= 3, "the steps from 90 to 400 px of a text of four lines at 240 px")
        var expected = ["bubble width \(twoDecimals(bubble)) (shrink-wrap: the narrowest editor width that keeps \(counted(Int(lineCount), "line")))",
                        "these line breaks hold at widths from \(twoDecimals(stableFrom)) to under \(twoDecimals(stableTo))",
                        "height steps over widths 90.00 to 400.00:"]
        for step in steps {
            guard case .array(let figures) = step, figures.count == 3, let from = figures[0].number, let lines = figures[1].number,
                  let height = figures[2].number else {
                Issue.record("a step is [fromEditorWidth, lineCount, editorHeight]: \(step.serialized)")
                return
            }
            expected.append("  from width \(twoDecimals(from)): \(counted(Int(lines), "line")), editor height \(twoDecimals(height))")
        }
        let plain = try runTextlayout(["measure"] + Self.layout + [Self.text])
        #expect(outputLines(text.output) == outputLines(plain.output) + expected, "\(text.output)")
    }

    @Test("without a width the bubble is the widest line plus the insets, and the breaks hold at every wider width")
    func textWithoutWidth() throws {
        let options = ["--shrink-wrap", "--insets", "0,5,0,7", "one\nthree"]
        let json = try parseJSON(try runTextlayout(["measure", "--output-format", "json"] + options).output)
        let widest = try #require(json["width"]?.number)
        #expect(json["shrinkWrapWidth"]?.number == widest + 12)
        let text = try runTextlayout(["measure"] + options)
        #expect(outputLines(text.output).suffix(2) == [
            "bubble width \(twoDecimals(widest + 12)) (shrink-wrap: the narrowest editor width that keeps 2 lines)",
            "these line breaks hold at widths from \(twoDecimals(widest + 12)) on",
        ], "\(text.output)")
    }

    @Test("--height-steps takes two numbers MIN,MAX with 0 < MIN <= MAX; anything else, or balanced lines, is a usage error naming it",
          arguments: [(["--height-steps", "100"], "--height-steps must be two numbers MIN,MAX, each a positive number, with MIN <= MAX, got '100'"),
                      (["--height-steps", "100,x"], "got '100,x'"), (["--height-steps", "300,100"], "got '300,100'"),
                      (["--height-steps", "0,100"], "got '0,100'"), (["--height-steps", "-5,100"], "got '-5,100'"),
                      (["--height-steps", "nan,100"], "got 'nan,100'"), (["--height-steps", "100,inf"], "got '100,inf'"),
                      (["--height-steps", "1,2,3"], "got '1,2,3'"),
                      (["--height-steps", "100,300", "--text-wrap", "balance"], "--height-steps needs --text-wrap wrap"),
                      (["--height-steps", "20,300", "--insets", "0,12,0,8"],
                       "--height-steps starts at 20, which leaves no room for text between the left and right --insets (12 + 8)")])
    func heightStepsMistakes(_ arguments: [String], _ phrase: String) throws {
        for command in [["measure"], ["render", "--output-format", "text", "--output", "/tmp/textlayout-never.png"]] {
            let run = try runTextlayout(command + arguments + ["some text"])
            #expect(run.status == 2, "\(command) \(arguments): \(run.error)")
            #expect(run.error.contains(phrase), "\(run.error)")
            #expect(run.output.isEmpty)
        }
        #expect(!FileManager.default.fileExists(atPath: "/tmp/textlayout-never.png"))
    }

    @Test("render --shrink-wrap draws the bubble: the picture render --width gives at the shrink-wrap width measure prints")
    func renderDrawsTheBubble() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let measured = try parseJSON(try runTextlayout(["measure", "--output-format", "json", "--shrink-wrap"] + Self.layout + [Self.text]).output)
        let bubble = try #require(measured["shrinkWrapWidth"]?.number)
        #expect(bubble < 240, "the text's lines are ragged, so the bubble is narrower than the editor")
        let pictures = ["bubble", "at-width", "editor"].map { directory.appendingPathComponent($0 + ".png").path }
        let drawn = try runTextlayout(["render", "--output", pictures[0], "--scale", "2", "--debug", "--shrink-wrap"] + Self.layout + [Self.text])
        #expect(drawn.status == 0, "\(drawn.error)")
        var atWidth = Self.layout
        atWidth[1] = "\(bubble)"
        let manual = try runTextlayout(["render", "--output", pictures[1], "--scale", "2", "--debug"] + atWidth + [Self.text])
        #expect(manual.status == 0, "\(manual.error)")
        let editor = try runTextlayout(["render", "--output", pictures[2], "--scale", "2", "--debug"] + Self.layout + [Self.text])
        let files = try pictures.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        #expect(editor.status == 0 && files[2] != files[0], "the bubble is not the editor's picture")
        #expect(files[0] == files[1], "render --shrink-wrap draws what render --width \(bubble) draws")
        #expect(try pngWidth(files[0]) == Int((bubble * 2).rounded(.up)))
        let atBubble = try parseJSON(try runTextlayout(["measure", "--output-format", "json"] + atWidth + [Self.text]).output)
        #expect(atBubble["lineCount"] == measured["lineCount"], "the bubble keeps the line count")
    }

    @Test("render prints what measure prints with --shrink-wrap and --height-steps; --height-steps without --output-format is a usage error")
    func renderPrintsTheSteps() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let picture = directory.appendingPathComponent("bubble.svg").path
        let options = ["--shrink-wrap", "--height-steps", "90,400"] + Self.layout + [Self.text]
        for format in ["text", "json"] {
            let render = try runTextlayout(["render", "--output", picture, "--output-format", format] + options)
            #expect(render.status == 0, "\(render.error)")
            let measure = try runTextlayout(["measure", "--output-format", format] + options)
            #expect(render.output == measure.output && !render.output.isEmpty, "\(format)")
        }
        let silent = try runTextlayout(["render", "--output", picture, "--height-steps", "90,400", Self.text])
        #expect(silent.status == 2)
        #expect(silent.error.contains("--height-steps prints the steps with the measurement: add --output-format text or json"), "\(silent.error)")
    }

    @Test("render --intrinsic-widths prints what measure prints; without --output-format it is a usage error")
    func renderPrintsTheIntrinsicWidths() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let picture = directory.appendingPathComponent("text.svg").path
        let options = ["--intrinsic-widths"] + Self.layout + [Self.text]
        for format in ["text", "json"] {
            let render = try runTextlayout(["render", "--output", picture, "--output-format", format] + options)
            #expect(render.status == 0, "\(render.error)")
            let measure = try runTextlayout(["measure", "--output-format", format] + options)
            #expect(render.output == measure.output, "\(format)")
            #expect(render.output.contains(format == "text" ? "max-content width" : "\"maxContent\""), "\(render.output)")
        }
        let silent = try runTextlayout(["render", "--output", picture, "--intrinsic-widths", Self.text])
        #expect(silent.status == 2)
        #expect(silent.error.contains("--intrinsic-widths prints the widths with the measurement"), "\(silent.error)")
    }
}
