// A span's textCombineUpright at the boundary: read into the span, a bad value refused naming the key, the combined run in the glyph JSON, and horizontal jobs' output unchanged byte for byte.
import Foundation
import Testing
import TestSupport
import TextLayout
@testable import TextLayoutIO

@Suite("textCombineUpright requests")
struct CombinedUprightRequestTests {
    static func job(_ mode: String, span: String) -> String {
        #"{"id":1,"text":"第12回 AB","font":"Noto Sans CJK JP","width":200,"glyphs":true,"profile":"chromium","writingMode":"\#(mode)","spans":[\#(span)]}"# + "\n"
    }

    @Test("a span's textCombineUpright is read into the request; unset, none")
    func read() throws {
        let spans = try LayoutRequest(job: parseJSON(#"{"text":"第12回","spans":[{"start":1,"end":3,"textCombineUpright":"all"},{"start":3,"end":4}]}"#)).spans
        #expect(spans.map(\.textCombineUpright) == [.all, .none])
    }

    @Test("a bad textCombineUpright is invalidJob naming the span's key and the allowed values")
    func badValue() throws {
        let job = try parseJSON(#"{"text":"第12回","spans":[{"start":1,"end":3,"textCombineUpright":"digits"}]}"#)
        let error = #expect(throws: BoundaryError.self) { try LayoutRequest(job: job) }
        #expect(error?.code == .invalidJob)
        #expect(error?.message == "'spans[0].textCombineUpright' must be one of none, all, got 'digits'", "\(error?.message ?? "")")
    }

    // Noto Sans CJK JP at 17 px: `12` takes the font's half-width digits (8.5 px each, a 17 px
    // row, within 1.1 em), so it is not squeezed; the unit is 17 px down the column (see CombinedUprightTests).
    @Test("with glyphs, a combined run says combined: true, its scaleX and its row's baseline down the unit; its advances add up to an em")
    func glyphJSON() throws {
        let run = try runTextlayout(["batch"], input: Data(Self.job("vertical-rl", span: #"{"start":1,"end":3,"textCombineUpright":"all"}"#).utf8))
        let result = try #require(foundationObject(run.output), "\(run.output)\(run.error)")
        let runs = try #require((result["lines"] as? [[String: Any]])?.first?["runs"] as? [[String: Any]])
        let combined = runs.filter { $0["combined"] as? Bool == true }
        #expect(combined.count == 1)
        let unit = try #require(combined.first)
        #expect(unit["start"] as? Int == 1 && unit["end"] as? Int == 3)
        #expect(unit["scaleX"] as? Double == 1 && unit["upright"] == nil)
        #expect((unit["advances"] as? [Double])?.reduce(0, +) == 17)
        #expect(unit["width"] as? Double == 17)
        // Not a turned run; its row's baseline 16 px down the unit: Noto Sans CJK JP's ascent and
        // descent rounded (20 and 5) centred in the 17 px em, 20 − (25 − 17) / 2 (CombinedUprightPictureTests).
        #expect(unit["sideways"] == nil && unit["baseline"] == nil)
        #expect(unit["rowBaseline"] as? Double == 16)
        #expect(runs.allSatisfy { $0["combined"] as? Bool == true || $0["scaleX"] == nil })
    }

    @Test("a horizontal job's output is the same byte for byte with textCombineUpright all, none or unset")
    func horizontalUnchanged() throws {
        let outputs = try [#"{"start":1,"end":3,"textCombineUpright":"all"}"#, #"{"start":1,"end":3,"textCombineUpright":"none"}"#,
                           #"{"start":1,"end":3}"#].map { span in
            try runTextlayout(["batch"], input: Data(Self.job("horizontal-tb", span: span).utf8)).output
        }
        #expect(!outputs[0].isEmpty && !outputs[0].contains("error"))
        #expect(outputs[0] == outputs[2] && outputs[1] == outputs[2])
        #expect(!outputs[0].contains("combined"))
    }
}
