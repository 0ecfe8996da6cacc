// Font-family lists, features and word spacing through the boundary: a job's and a span's "font", "features" and "wordSpacing", and measure's --font, --features and --word-spacing.
import Foundation
import Testing
import TextLayout
import TextLayoutIO
import TestSupport

@Suite("Font lists, features and word spacing in requests")
struct FontListRequestTests {
    static func answer(_ job: String) throws -> JSONValue {
        let line = Array(job.utf8)
        let layouter = BatchLayouter(fonts: bundledFonts, namingFontsIn: FontContext.bundledFontsDirectory!)
        return try parseJSON(line.withUnsafeBufferPointer { layouter.resultLine(for: $0).json })
    }

    static func width(_ job: String) throws -> Double {
        guard case let .number(width, _)? = try answer(job)["width"] else { throw TestFailure("no width in \(try answer(job))") }
        return width
    }

    @Test("a job's and a span's font lists lay out as the engine's lists do; skipped families are warnings")
    func listsAsTheEngine() throws {
        let text = "abc שלום abc"
        let job = #"{"text":"\#(text)","font":"No Such Family, DejaVu Sans Mono, DejaVu Sans","spans":[{"start":9,"end":12,"font":"'Noto Sans Hebrew', DejaVu Sans"}],"glyphs":true}"#
        let answer = try Self.answer(job)
        var span = StyledSpan(range: 9..<12)
        span.fonts = try bundledFonts.fonts(familyList: "Noto Sans Hebrew, DejaVu Sans")
        let expected = try PreparedText(text, style: TextStyle(fonts: bundledFonts.fonts(familyList: "DejaVu Sans Mono, DejaVu Sans")), spans: [span])
            .layout()
        #expect(answer["width"] == .number(expected.widestLineWidth, literal: ""))
        #expect(answer["fonts"] == .array(["DejaVuSansMono.ttf", "DejaVuSans.ttf"].map { .string($0) }))
        #expect(answer["warnings"] == .array([.string("no font has the family 'No Such Family' of the font list: it is skipped")]))
        let single = try Self.answer(#"{"text":"\#(text)","font":"DejaVu Sans Mono"}"#)
        #expect(single["fonts"] == .array(["DejaVuSansMono.ttf", "NotoSansHebrew-Regular.ttf"].map { .string($0) }),
                "without the list, fallback takes another font, so the test can tell them apart")
    }

    @Test("a missing font file in a job's list is skipped with a warning, as a missing family is; alone it is badFontFile")
    func missingFileInAList() throws {
        let missing = "/nonexistent-textlayout-folder/none.ttf"
        let listed = try Self.answer(#"{"text":"abc","font":"\#(missing), DejaVu Sans Mono"}"#)
        #expect(listed["error"] == nil, "\(listed)")
        #expect(listed["fonts"] == .array([.string("DejaVuSansMono.ttf")]))
        #expect(listed["warnings"] == .array([.string("no font file at '\(missing)' of the font list: it is skipped")]))
        #expect(listed["width"] == (try Self.answer(#"{"text":"abc","font":"DejaVu Sans Mono"}"#))["width"])
        let alone = try Self.answer(#"{"text":"abc","font":"\#(missing)"}"#)
        #expect(alone["error"]?["code"] == .string("badFontFile"), "\(alone)")
        let none = try Self.answer(#"{"text":"abc","font":"No Such Family, \#(missing)"}"#)
        #expect(none["error"]?["code"] == .string("unknownFont"), "\(none)")
        guard case let .string(message)? = none["error"]?["message"] else { throw TestFailure("no message in \(none)") }
        #expect(message.contains("'No Such Family'") && message.contains("no font file at '\(missing)'"), "\(message)")
    }

    @Test("job features in CSS syntax, span features as a string or an object, and word spacing reach the layout")
    func featuresAndSpacing() throws {
        let plain = try Self.width(#"{"text":"AVAV a b"}"#)
        let unkerned = try Self.width(#"{"text":"AVAV a b","features":"\"kern\" 0"}"#)
        #expect(unkerned > plain + 1)
        #expect(try Self.width(#"{"text":"AVAV a b","features":"kern=0"}"#) == unkerned)
        #expect(try Self.width(#"{"text":"AVAV a b","spans":[{"start":0,"end":8,"features":"kern off"}]}"#) == unkerned)
        #expect(try Self.width(#"{"text":"AVAV a b","spans":[{"start":0,"end":8,"features":{"kern":0}}]}"#) == unkerned)
        #expect(try Self.width(#"{"text":"AVAV a b","wordSpacing":3.5}"#) == plain + 7)
        #expect(try Self.width(#"{"text":"AVAV a b","wordSpacing":3.5,"spans":[{"start":0,"end":5,"wordSpacing":0}]}"#) == plain + 3.5)
    }

    @Test("an editing session's config takes the list, features and word spacing as a job does")
    func session() throws {
        let keys = #""font":"Missing, DejaVu Sans Mono, DejaVu Sans","features":"kern 0","wordSpacing":10"#
        func snapshot(_ config: String) throws -> JSONValue {
            let session = EditSession(fonts: bundledFonts)
            _ = session.reply(to: #"{"config": {"width": 400, "shrinkWrap": true, \#(config)}}"#)
            return try parseJSON(session.reply(to: #"{"insert": "AV שלום"}"#).json)
        }
        let edited = try snapshot(keys)
        let job = try Self.answer(#"{"text":"AV שלום","width":400,"shrinkWrap":true,\#(keys)}"#)
        #expect(edited["shrinkWrapWidth"] != nil && edited["shrinkWrapWidth"] == job["shrinkWrapWidth"])
        #expect(edited["warnings"] == job["warnings"] && job["warnings"] != nil)
        #expect(try snapshot(#""font":"DejaVu Sans Mono""#)["shrinkWrapWidth"] != edited["shrinkWrapWidth"],
                "the keys change the width, so the test can tell them apart")
    }

    @Test("bad lists, features and spacing are errors naming the key and the part that is wrong",
          arguments: [(#""font":"DejaVu Sans, , serif""#, "invalidArgument", "entry 2 is empty"),
                      (#""font":"\"DejaVu Sans, serif""#, "invalidArgument", "not closed"),
                      (#""font":"Nope One, Nope Two""#, "unknownFont", "'Nope One', 'Nope Two'"),
                      (#""spans":[{"start":0,"end":1,"font":"A,,B"}]"#, "invalidArgument", "spans[0].font"),
                      (#""features":"liga 0, tnumx""#, "invalidArgument", "entry 2 ('tnumx')"),
                      (#""spans":[{"start":0,"end":1,"features":"liga maybe"}]"#, "invalidArgument", "spans[0].features"),
                      (#""features":7"#, "invalidJob", "features"),
                      (#""wordSpacing":"wide""#, "invalidJob", "wordSpacing"),
                      (#""wordSpacing":1e9"#, "invalidArgument", "wordSpacing must be a finite number")])
    func badInput(_ keys: String, _ code: String, _ named: String) throws {
        let answer = try Self.answer(#"{"id":7,"text":"abc",\#(keys)}"#)
        #expect(answer["error"]?["code"] == .string(code))
        guard case let .string(message)? = answer["error"]?["message"] else { throw TestFailure("no message in \(answer)") }
        #expect(message.contains(named), "\(message)")
    }

    @Test("measure's --font, --features and --word-spacing are the job's keys")
    func commandLine() throws {
        let run = try runTextlayout(["measure", "--fonts-dir", FontContext.bundledFontsDirectory!, "--font", "Nope, DejaVu Sans Mono",
                                     "--features", "kern 0", "--word-spacing", "2", "AVAV a b"])
        let job = try Self.answer(#"{"text":"AVAV a b","font":"Nope, DejaVu Sans Mono","features":"kern 0","wordSpacing":2}"#)
        guard case let .number(width, _)? = job["width"] else { throw TestFailure("no width in \(job)") }
        #expect(run.status == 0)
        #expect(run.output.contains("w=\(String(format: "%.2f", width)) "), "\(run.output)")
        #expect(run.output.contains("font DejaVu Sans Mono Book"), "\(run.output)")
        #expect(run.error.contains("no font has the family 'Nope'"), "\(run.error)")
    }
}
