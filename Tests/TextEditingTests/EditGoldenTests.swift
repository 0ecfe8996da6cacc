// Golden sessions: each Tests/Goldens/edit/<case>.jsonl is replayed; its .expected file holds the output lines it must give.
import Foundation
import Testing
import TextLayout
import TextLayoutIO
import TestSupport

let editGoldens = goldensDirectory.appendingPathComponent("edit")

/// Every session under Tests/Goldens/edit, by name.
func editGoldenCases() -> [String] {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: editGoldens.path)) ?? []
    return files.filter { $0.hasSuffix(".jsonl") }.map { String($0.dropLast(6)) }.sorted()
}

/// The output of `textlayout edit` for a session file's text: one line per input line.
func replayOutput(_ session: String) -> String {
    var lines = session.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    let replay = EditSession(fonts: bundledFonts)
    return lines.map { replay.reply(to: $0).json + "\n" }.joined()
}

@Suite("Golden edit sessions")
struct EditGoldenTests {
    @Test("golden session", arguments: editGoldenCases())
    func golden(_ name: String) throws {
        let input = try String(contentsOf: editGoldens.appendingPathComponent(name + ".jsonl"), encoding: .utf8)
        let expectedURL = editGoldens.appendingPathComponent(name + ".expected")
        let actual = replayOutput(input)
        if blessing {
            try actual.write(to: expectedURL, atomically: true, encoding: .utf8)
            return
        }
        let expected = try? String(contentsOf: expectedURL, encoding: .utf8)
        #expect(expected != nil, "no \(name).expected; run the tests with TEXTLAYOUT_BLESS=1 to create it")
        guard let expected else { return }
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(actualLines.count == expectedLines.count, "\(name): a different number of output lines")
        for (i, (a, e)) in zip(actualLines, expectedLines).enumerated() where a != e {
            Issue.record("\(name), output line \(i + 1) differs:\n  expected \(e)\n  actual   \(a)")
        }
    }

    @Test("every golden snapshot's heights (and bubble width, with shrinkWrap) equal the batch layout of its displayed text at its width",
          arguments: editGoldenCases())
    func goldensMatchBatch(_ name: String) throws {
        let input = try String(contentsOf: editGoldens.appendingPathComponent(name + ".jsonl"), encoding: .utf8)
        let lines = input.split(separator: "\n").map(String.init)
        guard case let .object(config)? = (try? parseJSON(lines[0]))?["config"] else { return }
        // Every layout key but the width, which the editor may have changed (setWidth), and the
        // shrinkWrap the editor shares with the batch.
        let layoutKeys = LayoutRequest.layoutKeys.filter { $0 != "width" } + ["shrinkWrap"]
        let session = EditSession(fonts: bundledFonts)
        for (i, line) in lines.enumerated() {
            let output = try parseJSON(session.reply(to: line).json)
            guard case let .string(shown)? = output["displayText"], let editor = session.editor else { continue }
            var job = config.filter { layoutKeys.contains($0.0) }
            job.append(("text", .string(shown)))
            if let width = editor.editorWidth { job.append(("width", .number(width, literal: "\(width)"))) }
            if !editor.showsPlaceholder, !editor.inlineObjects.isEmpty { job.append(("placeholders", .array(editor.inlineObjects.map(json)))) }
            let batch = try batchResult(job)
            #expect(output["height"] == batch["editorHeight"], "\(name) line \(i + 1)")
            #expect(output["contentHeight"] == batch["height"], "\(name) line \(i + 1)")
            #expect(output["lineCount"] == batch["lineCount"], "\(name) line \(i + 1)")
            #expect(output["isScrollable"] == batch["isScrollable"], "\(name) line \(i + 1)")
            #expect(output["shrinkWrapWidth"] == batch["shrinkWrapWidth"], "\(name) line \(i + 1)")
            // The objects' frames: the batch's in its content box, the editor's in its own box.
            let insets = editor.configuration.settings.sizing.insets
            #expect(frames(output["placeholders"], movedBy: (0, 0)) == frames(batch["placeholders"], movedBy: (insets.left, insets.top)),
                    "\(name) line \(i + 1)")
        }
    }

    /// An inline object as a batch job gives it.
    private func json(_ object: InlineObject) -> JSONValue {
        var members: [(String, JSONValue)] = [("width", .number(object.width, literal: "\(object.width)")),
                                              ("height", .number(object.height, literal: "\(object.height)")),
                                              ("align", .string(object.align.rawValue))]
        if let baseline = object.baseline { members.append(("baseline", .number(baseline, literal: "\(baseline)"))) }
        return .object(members)
    }

    /// The `placeholders` of a result as (index, line, x, y, width, height), moved by `offset`.
    private func frames(_ value: JSONValue?, movedBy offset: (x: Double, y: Double)) -> [[Double]] {
        guard case let .array(items)? = value else { return [] }
        return items.map { item in
            ["index", "line", "x", "y", "width", "height"].map { key in
                (number(item[key]) ?? .nan) + (key == "x" ? offset.x : key == "y" ? offset.y : 0)
            }
        }
    }

    @Test("there are golden sessions")
    func casesExist() {
        #expect(editGoldenCases().count >= 5)
    }
}
