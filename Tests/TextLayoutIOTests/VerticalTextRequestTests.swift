// writingMode and textOrientation at the boundary: read into the settings, bad values refused naming the key, columns measured by the batch and measure and drawn by render, and edited by the editor (inline objects in columns refused).
import Foundation
import Testing
import TestSupport
import TextLayout
@testable import TextLayoutIO

@Suite("writingMode and textOrientation requests")
struct VerticalTextRequestTests {
    @Test("writingMode and textOrientation are read into the settings; unset, horizontal-tb and mixed")
    func read() throws {
        let set = try LayoutRequest(job: parseJSON(#"{"text":"x","writingMode":"vertical-lr","textOrientation":"sideways"}"#)).settings.text
        #expect(set.writingMode == .verticalLR && set.textOrientation == .sideways)
        let unset = try LayoutRequest(job: parseJSON(#"{"text":"x"}"#)).settings.text
        #expect(unset.writingMode == .horizontalTB && unset.textOrientation == .mixed)
    }

    @Test("a bad writingMode or textOrientation is invalidJob naming the key and every allowed value",
          arguments: [("writingMode", "horizontal-tb, vertical-rl, vertical-lr"), ("textOrientation", "mixed, upright, sideways")])
    func badValue(_ key: String, _ allowed: String) throws {
        let job = try parseJSON(#"{"text":"x","\#(key)":"sideways-lr"}"#)
        let error = #expect(throws: BoundaryError.self) { try LayoutRequest(job: job) }
        #expect(error?.code == .invalidJob)
        #expect(error?.message == "'\(key)' must be one of \(allowed), got 'sideways-lr'")
    }

    // Noto Sans CJK JP at 17 px: 17 px a character down the column (vmtx 1000 units each), 25 px a
    // column across (ascent 20 and descent 5, rounded, by the chromium profile); see VerticalTextTests.
    @Test("the batch lays a vertical job out in columns: lines keep start and end, height is the columns' extent")
    func batchColumns() throws {
        let run = try runTextlayout(["batch"], input: Data(#"{"id":1,"text":"日本語の文章です。","font":"Noto Sans CJK JP","width":84.9,"profile":"chromium","writingMode":"vertical-rl"}"#.utf8 + [0x0A]))
        let result = try #require(foundationObject(run.output), "\(run.output)\(run.error)")
        let lines = try #require(result["lines"] as? [[String: Any]])
        #expect(lines.map { $0["start"] as? Int } == [0, 4, 7] && lines.map { $0["end"] as? Int } == [4, 7, 9])
        #expect(result["height"] as? Double == 75)
    }

    // In two columns of 40 px (the length) under vertical-rl: `日本` take 34 px, so the 12 px tall object
    // starts the second column (at the block's left, x 0 to 25) at its top; its middle on the column's
    // central baseline, 12 px from the column's left edge, so x 12 − 5 (docs/profiles.md, "Inline objects in columns").
    @Test("a vertical job's placeholders give each object's physical rectangle: x across the block, y down its column")
    func batchObjects() throws {
        let job = #"{"id":1,"text":"日本\uFFFC","font":"Noto Sans CJK JP","width":40,"profile":"chromium","writingMode":"vertical-rl","placeholders":[{"width":10,"height":12}]}"#
        let result = try #require(foundationObject(runTextlayout(["batch"], input: Data((job + "\n").utf8)).output))
        let objects = try #require(result["placeholders"] as? [[String: Any]], "\(result)")
        #expect(objects.count == 1 && objects[0]["line"] as? Int == 1)
        #expect(["x", "y", "width", "height"].map { objects[0][$0] as? Double } == [7, 0, 10, 12])
        #expect(result["height"] as? Double == 50)
    }

    @Test("with glyphs, a run upright in its column says upright: true; a turned run and a line's runs say nothing")
    func uprightRuns() throws {
        let job = #"{"id":1,"text":"漢ab","font":"Noto Sans CJK JP","glyphs":true,"writingMode":"vertical-rl"}"# + "\n"
        let vertical = try #require(foundationObject(runTextlayout(["batch"], input: Data(job.utf8)).output))
        let runs = try #require((vertical["lines"] as? [[String: Any]])?.first?["runs"] as? [[String: Any]])
        #expect(runs.map { $0["upright"] as? Bool } == [true, nil])
        let horizontal = try #require(foundationObject(runTextlayout(["batch"], input: Data(job.replacingOccurrences(of: "vertical-rl", with: "horizontal-tb").utf8)).output))
        let lineRuns = try #require((horizontal["lines"] as? [[String: Any]])?.first?["runs"] as? [[String: Any]])
        #expect(!lineRuns.isEmpty && lineRuns.allSatisfy { $0["upright"] == nil })
    }

    @Test("a vertical job's lines give each column's left edge (x), start down it (y) and central baseline; a turned run says sideways with its baseline")
    func columnPlaces() throws {
        let job = #"{"id":1,"text":"日本語の文章abで","font":"Noto Sans CJK JP","width":84.9,"glyphs":true,"profile":"chromium","writingMode":"vertical-rl"}"#
        let result = try #require(foundationObject(runTextlayout(["batch"], input: Data((job + "\n").utf8)).output))
        let lines = try #require(result["lines"] as? [[String: Any]])
        // Columns of 25 px from the right of a 50 px block: `日本語の` (68 px), `文章abで` (17 + 17, a
        // and b turned, then 17: within 84.9 px).
        #expect(lines.map { $0["x"] as? Double } == [25, 0] && lines.map { $0["y"] as? Double } == [0, 0])
        #expect(lines.map { $0["baseline"] as? Double } == [37.5, 12.5])
        #expect(lines.allSatisfy { $0["top"] == nil })
        let runs = try #require(lines[1]["runs"] as? [[String: Any]])
        #expect(runs.map { $0["upright"] as? Bool } == [true, nil, true] && runs.map { $0["sideways"] as? Bool } == [nil, true, nil])
        // Noto Sans CJK JP at 17 px by the chromium profile: ascent 20, descent 5; 12.5 - 7.5.
        #expect(runs[1]["baseline"] as? Double == 5)
    }

    @Test("render draws a vertical layout (a PNG as wide as the columns and as tall as --width), with its inline objects; measure lays it out")
    func renderDraws() throws {
        let render = try runTextlayout(["render", "--writing-mode", "vertical-rl", "--font", "Noto Sans CJK JP", "--profile", "chromium",
                                        "--width", "40", "--output", "-", "日本語"])
        #expect(render.status == 0, "\(render.error)")
        // Two columns of 25 px (ascent 20 and descent 5 rounded) across; the PNG's IHDR holds the width and height.
        let png = [UInt8](render.outputBytes)
        #expect(png.count > 24 && Array(png[16..<24]) == [0, 0, 0, 50, 0, 0, 0, 40])
        let objects = try runTextlayout(["render", "--writing-mode", "vertical-lr", "--placeholders", #"[{"width": 10, "height": 10}]"#,
                                         "--output", "-", "日\u{FFFC}本"])
        #expect(objects.status == 0, "\(objects.error)")
        let measure = try runTextlayout(["measure", "--writing-mode", "vertical-rl", "--font", "Noto Sans CJK JP", "--profile", "chromium", "日本"])
        #expect(measure.status == 0, "\(measure.error)")
    }

    @Test("an editing session takes a vertical config (the editor in columns: TextEditingTests' VerticalEditorTests), inline objects in it too, placed down the column")
    func editorTakesColumns() throws {
        let session = EditSession(fonts: bundledFonts)
        let reply = session.reply(to: #"{"config": {"width": 100, "writingMode": "vertical-rl"}}"#)
        #expect(reply.succeeded && reply.json.contains(#""boxHeight":100"#), "\(reply.json)")
        let objects = EditSession(fonts: bundledFonts)
        let withObject = objects.reply(to: #"{"config": {"width": 100, "writingMode": "vertical-lr", "text": "a\uFFFC", "placeholders": [{"width": 10, "height": 12}]}}"#)
        #expect(withObject.succeeded, "\(withObject.json)")
        // The object stands after the turned `a`, 12 px down its column and 10 across it.
        let frame = try #require(objects.editor?.inlineObjectFrames.first).rect
        let afterA = try #require(objects.editor?.measurement.layout.lines.first?.width)
        #expect(frame.width == 10 && frame.height == 12 && frame.maxY == afterA, "\(frame), the column \(afterA) long")
    }
}
