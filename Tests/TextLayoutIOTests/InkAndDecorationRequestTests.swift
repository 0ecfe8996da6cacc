// Ink and decoration through the boundary: the glyph JSON's "ink", "underline", "strikeout" and "decoration", and spans' "decoration" key and its mistakes.
import Foundation
import Testing
import TextLayout
import TextLayoutIO
import TestSupport

@Suite("Ink and decoration in requests")
struct InkAndDecorationRequestTests {
    static let dejaVu = FontContext.bundledFontPath("DejaVuSans.ttf")!

    /// The result of `job` (a JSON object's keys, without braces) with glyphs, and the engine's layout of it.
    static func result(_ job: String) throws -> (answer: JSONValue, layout: Layout) {
        let request = try LayoutRequest(job: parseJSON("{\(job),\"glyphs\":true}"))
        let answer = try parseJSON(try BatchLayouter(fonts: bundledFonts).result(of: request))
        return (answer, try request.measure(in: bundledFonts).measurement.layout)
    }

    /// `[x, y, width, height]` as the JSON writes a box, or null.
    static func json(_ box: LayoutRect?) -> JSONValue {
        guard let box else { return .null }
        return .array([box.x, box.y, box.width, box.height].map { .number($0, literal: "") })
    }

    static func number(_ value: Double) -> JSONValue { .number(value, literal: "") }

    /// The items of a JSON list, none for anything else.
    static func items(_ value: JSONValue?) -> [JSONValue] {
        guard case let .array(items)? = value else { return [] }
        return items
    }

    @Test("the layout, each line and each run say the ink the engine reports, in the content box; null where nothing is inked")
    func ink() throws {
        let (answer, layout) = try Self.result(#""text":"Thai ปั้น and 👍🏽 end\n\n   \nकृ","font":"\#(Self.dejaVu)","width":90,"lineHeight":1"#)
        guard case let .array(lines)? = answer["lines"] else { throw TestFailure("no lines in \(answer)") }
        #expect(lines.count == layout.lineCount && layout.lineCount >= 4)
        #expect(answer["ink"] == Self.json(layout.inkBounds))
        var nullLines = 0, emojiRuns = 0
        for (line, engine) in zip(lines, layout.lines) {
            #expect(line["ink"] == Self.json(layout.inkBounds(of: engine)))
            if line["ink"] == .null { nullLines += 1 }
            guard case let .array(runs)? = line["runs"] else { throw TestFailure("no runs") }
            for (run, glyphRun) in zip(runs, layout.glyphRuns(of: engine)) {
                #expect(run["ink"] == Self.json(layout.inkBounds(of: glyphRun, on: engine)))
                if case let .string(file)? = run["fontFile"], file.hasSuffix("NotoColorEmoji-subset.ttf") {
                    emojiRuns += 1
                    #expect(run["ink"] != .null, "the emoji's picture is ink")
                }
            }
        }
        #expect(nullLines == 2, "the empty line and the line of spaces")
        #expect(emojiRuns == 1)
        // The marks reach above the tight lines' boxes, so the layout's ink starts above the content box.
        let top = try #require(Self.items(answer["ink"]).dropFirst().first?.number)
        #expect(top < 0)
    }

    @Test("a text of spaces has null ink everywhere; without glyphs there is no ink key")
    func blankAndPlain() throws {
        let (answer, _) = try Self.result(#""text":"  ","font":"\#(Self.dejaVu)""#)
        #expect(answer["ink"] == .null)
        let line = try #require(Self.items(answer["lines"]).first)
        #expect(line["ink"] == .null)
        #expect(Self.items(line["runs"]).map { $0["ink"] } == [.null])
        let plain = try parseJSON(try BatchLayouter(fonts: bundledFonts).result(of: LayoutRequest(job: parseJSON(#"{"text":"ab","spans":[{"start":0,"end":1,"decoration":"underline"}]}"#))))
        #expect(plain["ink"] == nil && Self.items(plain["lines"]).allSatisfy { $0["ink"] == nil })
        #expect(!"\(plain)".contains("underline"), "decoration is drawn, not measured: the plain result has none of it")
    }

    @Test("a decorated span's runs name their lines; every run gives its font's underline and strikeout at its size")
    func decorationAndMetrics() throws {
        let job = #""text":"plain under both small","font":"\#(Self.dejaVu)","size":20,"spans":[{"start":6,"end":11,"decoration":"underline"},{"start":12,"end":16,"decoration":["lineThrough","underline"]},{"start":17,"end":22,"size":10,"decoration":["lineThrough"]}]"#
        let (answer, layout) = try Self.result(job)
        let runs = Self.items(Self.items(answer["lines"]).first?["runs"])
        #expect(runs.count == 6, "\"plain \", \"under\", \" \", \"both\", \" \", \"small\": \(runs.count) runs")
        var byStart: [Double: JSONValue] = [:]
        for run in runs { byStart[run["start"]?.number ?? -1] = run }
        #expect(byStart[0]?["decoration"] == nil, "a run without decoration has no key")
        #expect(byStart[6]?["decoration"] == .array([.string("underline")]))
        #expect(byStart[12]?["decoration"] == .array([.string("underline"), .string("lineThrough")]), "in a fixed order")
        #expect(byStart[17]?["decoration"] == .array([.string("lineThrough")]))
        let font = try bundledFonts.font(path: Self.dejaVu)
        for run in runs {
            let size = try #require(run["size"]?.number)
            let metrics = font.decorationMetrics(size: size)
            #expect(run["underline"] == .array([Self.number(metrics.underlinePosition), Self.number(metrics.underlineThickness)]))
            #expect(run["strikeout"] == .array([Self.number(metrics.strikeoutPosition), Self.number(metrics.strikeoutThickness)]))
        }
        // DejaVu Sans at 20 px: post's underline at -40, 90 thick, OS/2's strikeout at 530, 102 thick, of 2048 units.
        #expect(byStart[6]?["underline"] == .array([Self.number(-40.0 * 20 / 2048), Self.number(90.0 * 20 / 2048)]))
        #expect(byStart[6]?["strikeout"] == .array([Self.number(530.0 * 20 / 2048), Self.number(102.0 * 20 / 2048)]))
        #expect(byStart[17]?["underline"] == .array([Self.number(-40.0 * 10 / 2048), Self.number(90.0 * 10 / 2048)]))
        // The underline reaches below the glyphs of "under" ('u', 'n', 'd', 'e', 'r' sit on the baseline),
        // so the run's ink ends at the underline's bottom: baseline − position + thickness.
        let line = layout.lines[0]
        let under = try #require(layout.glyphRuns(of: line).first { $0.utf16Range == 6..<11 })
        let bottom = line.baseline + (40.0 + 90.0) * 20 / 2048
        #expect(abs(try #require(layout.inkBounds(of: under, on: line)).maxY - bottom) < 1e-9)
    }

    @Test("a bad decoration is invalidJob naming the key and the allowed values", arguments: [
        (#""overline""#, "got 'overline'"), (#"["underline",3]"#, "got a number in the list"), (#"{}"#, "got an object"),
        (#"true"#, "got a boolean"), (#""Underline""#, "got 'Underline'"),
    ])
    func badDecoration(_ value: String, _ got: String) throws {
        let line = Array(#"{"id":3,"text":"abc","spans":[{"start":0,"end":2},{"start":2,"end":3,"decoration":\#(value)}]}"#.utf8)
        let answer = try parseJSON(line.withUnsafeBufferPointer { BatchLayouter(fonts: bundledFonts).resultLine(for: $0).json })
        #expect(answer["error"]?["code"] == .string("invalidJob"))
        guard case let .string(message)? = answer["error"]?["message"] else { throw TestFailure("no message in \(answer)") }
        #expect(message.hasPrefix("'spans[1].decoration' must be one of underline, lineThrough, or a list of them"), "\(message)")
        #expect(message.hasSuffix(got), "\(message)")
    }

    @Test("null and an empty list decorate nothing, as no key does")
    func noDecoration() throws {
        for value in ["null", "[]"] {
            let request = try LayoutRequest(job: parseJSON(#"{"text":"abc","spans":[{"start":0,"end":2,"decoration":\#(value)}]}"#))
            #expect(request.spans[0].decoration == [])
        }
    }

    @Test("in columns the layout, each column and each run say the engine's ink in the block, and a decorated run its lines' rectangles")
    func inkInColumns() throws {
        let cjk = FontContext.bundledFontPath("NotoSansCJKjp-Regular.otf")!
        for mode in ["vertical-rl", "vertical-lr"] {
            let job = #""text":"縦書きHello日本語の文章","font":"\#(cjk)","width":80,"profile":"chromium","writingMode":"\#(mode)","language":"ja","spans":[{"start":1,"end":8,"decoration":["underline","lineThrough"]}]"#
            let (answer, layout) = try Self.result(job)
            #expect(layout.isVertical && layout.lineCount >= 2)
            #expect(answer["ink"] != .null && answer["ink"] == Self.json(layout.inkBounds))
            var decorated = 0
            for (line, engine) in zip(Self.items(answer["lines"]), layout.lines) {
                #expect(line["ink"] != .null && line["ink"] == Self.json(layout.inkBounds(of: engine)))
                let frame = try #require(layout.columnFrame(of: engine))
                for (run, glyphRun) in zip(Self.items(line["runs"]), layout.glyphRuns(of: engine)) {
                    #expect(run["ink"] != .null && run["ink"] == Self.json(layout.inkBounds(of: glyphRun, on: engine)))
                    guard !glyphRun.decoration.isEmpty else {
                        #expect(run["decorationLines"] == nil)
                        continue
                    }
                    decorated += 1
                    #expect(run["decorationLines"] == .array(layout.columnDecorationLineRects(of: glyphRun, in: frame).map(Self.json)))
                    #expect(Self.items(run["decorationLines"]).count == 2)
                }
            }
            #expect(decorated >= 2, "an upright and a turned run at least")
        }
    }
}
