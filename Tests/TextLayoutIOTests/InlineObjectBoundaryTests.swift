// Inline objects at the boundary: the reader of one object and of the `placeholders` list, the batch's and measure's keys and results, and their errors.
import Foundation
import Testing
import TextLayout
import TextLayoutIO
import TestSupport

@Suite("Inline objects at the boundary")
struct InlineObjectBoundaryTests {
    @Test("an object reads its size, its alignment (baseline when absent) and its baseline")
    func readsObjects() throws {
        let objects = try InlineObject.readList(parseJSON(#"[{"width":24,"height":20,"align":"middle"},{"width":8.5,"height":30,"baseline":22},{"width":0,"height":0}]"#),
                                                code: .invalidJob)
        #expect(objects == [InlineObject(width: 24, height: 20, align: .middle),
                            InlineObject(width: 8.5, height: 30, align: .baseline, baseline: 22),
                            InlineObject(width: 0, height: 0)])
        #expect(try InlineObject.readList(nil, code: .invalidJob).isEmpty)
        #expect(try InlineObject.readList(.null, code: .invalidJob).isEmpty)
    }

    @Test("a bad object is an error that names its key; a size out of range is the engine's invalidArgument",
          arguments: [(#"[{"width":24,"height":24},{"width":-1,"height":3}]"#, "invalidArgument", "placeholders[1].width"),
                      (#"[{"width":24,"height":1e300}]"#, "invalidArgument", "placeholders[0].height"),
                      (#"[{"width":24,"height":24,"baseline":-2e6}]"#, "invalidArgument", "placeholders[0].baseline"),
                      (#"[{"width":24,"height":24,"align":"center"}]"#, "invalidJob", "placeholders[0].align"),
                      (#"[{"width":24}]"#, "invalidJob", "placeholders[0]"),
                      (#"[{"width":24,"height":24,"depth":3}]"#, "invalidJob", "placeholders[0].depth"),
                      (#"[{"width":"24","height":24}]"#, "invalidJob", "placeholders[0].width"),
                      (#"[3]"#, "invalidJob", "placeholders[0]"),
                      (#"{"width":24,"height":24}"#, "invalidJob", "placeholders")])
    func badObjects(_ list: String, _ code: String, _ key: String) throws {
        let value = try parseJSON(list)
        do throws(BoundaryError) {
            _ = try InlineObject.readList(value, code: .invalidJob)
            Issue.record("\(list) was read")
        } catch {
            #expect(error.code.rawValue == code, "\(error)")
            #expect(error.message.contains("'\(key)"), "\(error.message)")
            if code == "invalidArgument" || key.hasSuffix(".align") { #expect(error.keys == [key]) }
            if key.hasSuffix(".align") {
                #expect(InlineObjectAlignment.allCases.allSatisfy { error.message.contains($0.rawValue) }, "lists the values: \(error.message)")
            }
        }
    }

    /// The result of one batch line, read with Foundation's reader (independent of the engine's).
    static func result(_ job: String) throws -> [String: Any] {
        let (json, _) = batchResult(job, layouter: BatchLayouter(fonts: bundledFonts))
        return try #require(foundationObject(json))
    }

    static func objectFrames(_ result: [String: Any]) throws -> [[String: Double]] {
        try #require(result["placeholders"] as? [[String: Double]], "no placeholders in \(result)")
    }

    @Test("a 24 px square on the baseline in DejaVu Sans 17 px: after 'Nice ', the line as tall as the square above the baseline and the descent below")
    func handComputed() throws {
        let result = try Self.result(#"{"text":"Nice \uFFFC work","font":"\#(sansPath)","size":17,"placeholders":[{"width":24,"height":24}]}"#)
        // DejaVu Sans: unitsPerEm 2048, advances N 1532, i 569, c 1126, e 1260, space 651 (no
        // kerning between them); descender 483 under the baseline.
        let niceSpace = Double(1532 + 569 + 1126 + 1260 + 651) * 17 / 2048
        let descent = 483.0 * 17 / 2048
        let frames = try Self.objectFrames(result)
        #expect(frames == [["index": 0, "line": 0, "x": niceSpace, "y": 0, "width": 24, "height": 24]])
        let line = try #require((result["lines"] as? [[String: Any]])?.first)
        #expect(line["baseline"] as? Double == 24, "the square's bottom on the baseline: 24 above it, more than the ascent 15.78")
        #expect(line["height"] as? Double == 24 + descent)
        #expect(result["editorHeight"] as? Double == 24 + descent)
    }

    @Test("every object's rectangle is the engine's own, after alignment, indent, justification and bidi, in every alignment",
          arguments: ["center", "justify", "end"])
    func asTheEngine(_ align: String) throws {
        let text = "Custom \u{FFFC} emoji \u{FFFC} and a sticker \u{FFFC} שלום \u{FFFC} עולם, then \u{FFFC} more words to wrap"
        let objects = [InlineObject(width: 24, height: 24), InlineObject(width: 18, height: 30, align: .middle, baseline: 10),
                       InlineObject(width: 60, height: 40, align: .top), InlineObject(width: 8, height: 12, align: .textBottom),
                       InlineObject(width: 30, height: 9, align: .bottom)]
        let list = objects.map { object in
            #"{"width":\#(object.width),"height":\#(object.height),"align":"\#(object.align.rawValue)"\#(object.baseline.map { ",\"baseline\":\($0)" } ?? "")}"#
        }.joined(separator: ",")
        let job = #"{"text":\#(jsonString(text)),"font":"\#(sansPath)","size":15,"width":170,"indent":12,"align":"\#(align)","insets":{"top":3,"left":5,"bottom":0,"right":0},"placeholders":[\#(list)]}"#
        let result = try Self.result(job)
        let font = try bundledFonts.font(path: sansPath)
        var settings = TextSettings(size: 15)
        settings.paragraph.indent = 12
        settings.paragraph.alignment = try #require(TextAlignment(rawValue: align))
        let layout = try PreparedText(text, style: TextStyle(font: font, settings: settings), inlineObjects: objects)
            .measureEditor(editorWidth: 170, sizing: EditorSizing(insets: EdgeInsets(top: 3, left: 5, bottom: 0, right: 0))).layout
        let expected = layout.inlineObjectFrames
        #expect(expected.count == 5 && Set(expected.map(\.line)).count > 2, "the objects stand on several lines")
        let frames = try Self.objectFrames(result)
        #expect(frames.count == expected.count)
        for (frame, engine) in zip(frames, expected) {
            #expect(frame == ["index": Double(engine.index), "line": Double(engine.line), "x": engine.rect.x, "y": engine.rect.y,
                              "width": engine.rect.width, "height": engine.rect.height])
        }
        let lines = try #require(result["lines"] as? [[String: Any]])
        #expect(lines.map { $0["height"] as? Double } == layout.lines.map(\.height))
        // Each object lies inside its line's box, across from where the line's runs start.
        for frame in expected where frame.rect.height <= layout.lines[frame.line].height {
            let line = layout.lines[frame.line]
            #expect(frame.rect.y >= line.top - 1e-9 && frame.rect.y + frame.rect.height <= line.top + line.height + 1e-9, "\(frame)")
        }
    }

    @Test("the glyph JSON places each object as a run without glyphs in its line's drawing order, at the object's x")
    func glyphRuns() throws {
        let result = try Self.result(#"{"text":"שלום \uFFFC עולם \uFFFC","font":"\#(sansPath)","size":16,"glyphs":true,"placeholders":[{"width":20,"height":20},{"width":12,"height":12}]}"#)
        let frames = try Self.objectFrames(result)
        let line = try #require((result["lines"] as? [[String: Any]])?.first)
        let runs = try #require(line["runs"] as? [[String: Any]])
        let objectRuns = runs.filter { $0["object"] != nil }
        #expect(objectRuns.count == 2)
        // Right to left: the second object (at the end of the text) is drawn first, left of the first.
        #expect(objectRuns.map { $0["object"] as? Int } == [1, 0])
        let lineX = try #require(line["x"] as? Double)
        for run in objectRuns {
            let index = try #require(run["object"] as? Int)
            #expect((run["glyphs"] as? [Any])?.isEmpty == true)
            #expect(lineX + (run["x"] as? Double ?? .nan) == frames[index]["x"])
            #expect(run["width"] as? Double == frames[index]["width"])
        }
        #expect(frames[1]["x"]! < frames[0]["x"]!)
    }

    @Test("an object a line clamp hides is absent; the others keep their index")
    func clampHides() throws {
        let result = try Self.result(#"{"text":"one \uFFFC two\nthree \uFFFC four","font":"\#(sansPath)","lineClamp":1,"placeholders":[{"width":10,"height":10},{"width":10,"height":10}]}"#)
        let frames = try Self.objectFrames(result)
        #expect(frames.map { $0["index"] } == [0])
        #expect(result["hiddenLines"] as? Int == 1)
    }

    @Test("a job without objects has no placeholders key, and its U+FFFC is a character")
    func withoutObjects() throws {
        let plain = try Self.result(#"{"text":"a \uFFFC b","font":"\#(sansPath)"}"#)
        #expect(plain["placeholders"] == nil)
        let empty = try Self.result(#"{"text":"a \uFFFC b","font":"\#(sansPath)","placeholders":[]}"#)
        #expect(empty["placeholders"] == nil && empty["width"] as? Double == plain["width"] as? Double)
    }

    @Test("more objects than U+FFFC characters, or fewer: invalidJob naming both counts",
          arguments: [("a \\uFFFC b", 2, "1 U+FFFC", "2 inline objects"), ("\\uFFFC\\uFFFC\\uFFFC", 1, "3 U+FFFC", "1 inline object was"),
                      ("no objects", 1, "0 U+FFFC", "1 inline object was")])
    func countMismatch(_ text: String, _ count: Int, _ characters: String, _ objects: String) throws {
        let list = Array(repeating: #"{"width":5,"height":5}"#, count: count).joined(separator: ",")
        let result = try Self.result(#"{"id":"c","text":"\#(text)","placeholders":[\#(list)]}"#)
        let error = try #require(result["error"] as? [String: String], "\(result)")
        #expect(error["code"] == "invalidJob")
        #expect(error["message"]?.contains(characters) == true && error["message"]?.contains(objects) == true, "\(error)")
        #expect(result["id"] as? String == "c")
    }

    @Test("a bad object in a job is an error naming its key, its code as the reader's",
          arguments: [(#"[{"width":-1,"height":3}]"#, "invalidArgument", "placeholders[0].width"),
                      (#"[{"width":1,"height":3,"align":"above"}]"#, "invalidJob", "placeholders[0].align"),
                      (#""many""#, "invalidJob", "placeholders")])
    func badObjectInJob(_ list: String, _ code: String, _ key: String) throws {
        let result = try Self.result(#"{"text":"a \uFFFC b","placeholders":\#(list)}"#)
        let error = try #require(result["error"] as? [String: String], "\(result)")
        #expect(error["code"] == code)
        #expect(error["message"]?.contains("'\(key)") == true, "\(error)")
    }

    @Test("shrink-wrap and height steps count the objects: the bubble keeps the lines, each step is the layout at its width")
    func shrinkWrapAndSteps() throws {
        let base = #""text":"Look \uFFFC at \uFFFC this","font":"\#(sansPath)","size":16,"width":120,"placeholders":[{"width":48,"height":48},{"width":30,"height":20,"align":"middle"}]"#
        let wrapped = try Self.result("{\(base),\"shrinkWrap\":true}")
        let bubble = try #require(wrapped["shrinkWrapWidth"] as? Double)
        #expect(bubble >= 48, "no narrower than the widest object")
        let atBubble = try Self.result(#"{"text":"Look \uFFFC at \uFFFC this","font":"\#(sansPath)","size":16,"width":\#(bubble),"placeholders":[{"width":48,"height":48},{"width":30,"height":20,"align":"middle"}]}"#)
        #expect(atBubble["lineCount"] as? Int == wrapped["lineCount"] as? Int)
        #expect(atBubble["editorHeight"] as? Double == wrapped["editorHeight"] as? Double)
        let stepped = try Self.result("{\(base),\"heightSteps\":[50,300]}")
        let steps = try #require(stepped["heightSteps"] as? [[Double]])
        #expect(steps.count > 1)
        for step in steps {
            let atStep = try Self.result(#"{"text":"Look \uFFFC at \uFFFC this","font":"\#(sansPath)","size":16,"width":\#(step[0]),"placeholders":[{"width":48,"height":48},{"width":30,"height":20,"align":"middle"}]}"#)
            #expect([Double(atStep["lineCount"] as? Int ?? -1), atStep["editorHeight"] as? Double ?? .nan] == [step[1], step[2]], "\(step)")
        }
    }

    @Test("measure --placeholders: the rectangles in its text and its JSON; a bad list is named by the option")
    func measureOption() throws {
        let text = "Nice \u{FFFC} work"
        let run = try runTextlayout(["measure", "--font", sansPath, "--size", "17", "--placeholders", #"[{"width":24,"height":24}]"#, text])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains("object 0 on line 0 x=42.65 y=0.00 w=24.00 h=24.00\n"), "\(run.output)")
        #expect(run.output.contains("h=28.01 baseline=24.00"), "\(run.output)")
        let json = try runTextlayout(["measure", "--output-format", "json", "--font", sansPath, "--size", "17",
                                      "--placeholders", #"[{"width":24,"height":24}]"#, text])
        let frames = try Self.objectFrames(try #require(foundationObject(json.output)))
        #expect(frames.first?["x"] == Double(5138) * 17 / 2048)
        let bad = try runTextlayout(["measure", "--placeholders", #"[{"width":24}]"#, text])
        #expect(bad.status == 2 && bad.error.contains("--placeholders") && bad.error.contains("'placeholders[0]' needs 'width' and 'height'"), "\(bad.error)")
        let notJSON = try runTextlayout(["measure", "--placeholders", "24x24", text])
        let mismatch = try runTextlayout(["measure", "--placeholders", #"[{"width":24,"height":24},{"width":1,"height":1}]"#, text])
        #expect(mismatch.status == 1 && mismatch.error.contains("1 U+FFFC") && mismatch.error.contains("2 inline objects"), "\(mismatch.error)")
        #expect(notJSON.status == 2 && notJSON.error.contains("--placeholders must be a JSON list of inline objects"), "\(notJSON.error)")
    }

    @Test("compare: an object that moves past the tolerance, or shows in one result only, is an inlineObjects change (placeholders in JSON); within it, none")
    func compareObjects() throws {
        func result(_ objects: String) throws -> JSONValue {
            try parseJSON(#"{"id":1,"lineCount":1,"height":20,"width":50,"editorHeight":20,"isScrollable":false,"placeholders":[\#(objects)],"lines":[{"start":0,"end":3,"width":50,"height":20,"baseline":15}]}"#)
        }
        let base = try result(#"{"index":0,"line":0,"x":10,"y":0,"width":20,"height":20}"#)
        #expect(ResultComparison.changes(from: base, to: base, tolerance: 0.01) == [])
        let nudged = try result(#"{"index":0,"line":0,"x":10.005,"y":0,"width":20,"height":20}"#)
        #expect(ResultComparison.changes(from: base, to: nudged, tolerance: 0.01) == [])
        for moved in [#"{"index":0,"line":0,"x":11,"y":0,"width":20,"height":20}"#, #"{"index":0,"line":0,"x":10,"y":2,"width":20,"height":20}"#,
                      #"{"index":0,"line":0,"x":10,"y":0,"width":20,"height":24}"#, #"{"index":0,"line":1,"x":10,"y":0,"width":20,"height":20}"#, ""] {
            #expect(ResultComparison.changes(from: base, to: try result(moved), tolerance: 0.01) == [.inlineObjects], "\(moved)")
        }
        let bad = #"{"id":1,"lineCount":1,"height":20,"width":50,"editorHeight":20,"isScrollable":false,"placeholders":[{"index":0,"line":0,"x":"10","y":0,"width":20,"height":20}],"lines":[]}"#
        #expect(throws: BoundaryError.self) { try ResultComparison.results([bad], source: "old") }
        do { _ = try ResultComparison.results([bad], source: "old") } catch {
            #expect(error.code == .invalidResult && error.message.contains("placeholders[0] has no number 'x'"), "\(error.message)")
        }
    }

    @Test("check: a tall object that makes the editor scroll is maxHeight, one a clamp hides is truncated text, a count mismatch an error")
    func fitCheck() throws {
        func problems(_ job: String) throws -> [FitProblem] {
            let request = try LayoutRequest(job: parseJSON(job))
            let (json, _) = batchResult(job, layouter: BatchLayouter(fonts: bundledFonts))
            return FitCheck.problems(request, result: try parseJSON(json))
        }
        let fits = #"{"id":1,"text":"ok \uFFFC","maxHeight":30,"placeholders":[{"width":10,"height":10}]}"#
        #expect(try problems(fits) == [])
        #expect(try problems(#"{"id":1,"text":"ok \uFFFC","maxHeight":30,"placeholders":[{"width":10,"height":40}]}"#) == [.maxHeight])
        #expect(try problems(#"{"id":1,"text":"ok \uFFFC\nmore","lineClamp":1,"placeholders":[{"width":10,"height":10}]}"#) == [.truncated])
        #expect(try problems(#"{"id":1,"text":"ok","placeholders":[{"width":10,"height":10}]}"#) == [.error])
    }
}
