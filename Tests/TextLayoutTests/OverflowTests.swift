// Finite inputs whose sums overflow a Double: each is an invalidArgument error that names the key, never a result holding infinity or null.
import Foundation
import Testing
import TextLayout
import TextLayoutIO
import TestSupport

@Suite("Overflowing numbers")
struct OverflowTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        var width: Double? = nil
        let sizing: EditorSizing
        /// The key the error must name.
        let key: String
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(name: "lineSpace between the text's lines", text: "x\ny\nz", sizing: EditorSizing(lineSpace: 1e308), key: "lineSpace"),
        Row(name: "lineSpace between minLines' empty lines", text: "x", sizing: EditorSizing(minLines: 3, lineSpace: 1e308), key: "lineSpace"),
        Row(name: "minLines of a huge lineSpace", text: "", sizing: EditorSizing(minLines: Int.max, lineSpace: 1e300), key: "minLines"),
        Row(name: "top and bottom insets", text: "x", sizing: EditorSizing(insets: EdgeInsets(top: 1e308, bottom: 1e308)), key: "insets.top"),
        Row(name: "left and right insets", text: "x", sizing: EditorSizing(insets: EdgeInsets(left: 1e308, right: 1e308)), key: "insets.left"),
        Row(name: "insets with the lines' height", text: "x\ny",
            sizing: EditorSizing(lineSpace: 1e308, insets: EdgeInsets(top: 1e308)), key: "insets.top"),
    ]

    func expectOverflow(_ key: String, _ body: () throws -> Void) {
        do {
            try body()
            Issue.record("no error for an overflowing \(key)")
        } catch let error as LayoutError {
            #expect(error.code == .invalidArgument)
            #expect(error.message.contains(key), "\(error.message)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("measureEditor and editorHeight refuse sizes that overflow, naming the key", arguments: rows)
    func swiftAPI(row: Row) throws {
        let prepared = try PreparedText(row.text, font: monoFont(), size: testSize)
        expectOverflow(row.key) { _ = try prepared.measureEditor(editorWidth: row.width, sizing: row.sizing) }
        expectOverflow(row.key) { _ = try prepared.measureEditor(editorWidth: row.width, sizing: row.sizing, glyphRuns: false) }
        expectOverflow(row.key) { _ = try prepared.editorHeight(editorWidth: row.width, sizing: row.sizing) }
    }

    @Test("a plain layout whose line spacing overflows its height is refused")
    func plainLayout() throws {
        let prepared = try PreparedText("x\ny\nz", font: monoFont(), size: testSize)
        expectOverflow("lineSpace") { _ = try prepared.layout(lineSpace: 1e308) }
        expectOverflow("lineSpace") { _ = try prepared.layout(lineSpace: 1e308, glyphRuns: false) }
        // An edit that adds the line that overflows.
        let layout = try PreparedText("x\ny", font: monoFont(), size: testSize).layout(lineSpace: 1e308)
        let (edited, edit) = try layout.prepared.replacingCharacters(inUTF16: 3..<3, with: "\nz")
        expectOverflow("lineSpace") { _ = try layout.updated(for: edited, after: edit) }
    }

    @Test("the batch answers an overflowing job with invalidArgument naming the key", arguments: [
        (#"{"text": "x", "lineSpace": 1e308, "minLines": 3}"#, "lineSpace"),
        (#"{"text": "x\ny\nz", "lineSpace": 1e308}"#, "lineSpace"),
        (#"{"text": "x", "insets": {"top": 1e308, "bottom": 1e308}}"#, "insets.top"),
        (#"{"text": "x", "insets": {"left": 1e308, "right": 1e308}, "shrinkWrap": true}"#, "insets.left"),
        (#"{"text": "", "minLines": 999999999, "lineSpace": 1e300}"#, "minLines"),
    ])
    func batch(job: String, key: String) throws {
        let (json, succeeded) = batchResult("{\"id\": 7, " + job.dropFirst())
        #expect(!succeeded)
        #expect(!json.contains("null"), "\(json)")
        let object = try #require(foundationObject(json))
        let error = try #require(object["error"] as? [String: Any], "\(json)")
        #expect(error["code"] as? String == "invalidArgument")
        #expect((error["message"] as? String)?.contains(key) == true, "\(json)")
    }

    @Test("the largest sizes that do not overflow still give finite results")
    func largestFinite() throws {
        let (json, succeeded) = batchResult(#"{"id": 1, "text": "x\ny", "lineSpace": 1e307, "minLines": 3, "insets": {"top": 1e307, "left": 1e307, "right": 1e307}}"#)
        #expect(succeeded, "\(json)")
        #expect(!json.contains("null"), "\(json)")
        let object = try #require(foundationObject(json))
        #expect((object["editorHeight"] as? Double).map { $0.isFinite && $0 > 2e307 } == true, "\(json)")
    }
}
