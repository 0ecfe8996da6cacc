// The boundary's one JSON writer and one object reader: order, commas, numbers, escapes, and errors that name the key.
import Foundation
import Testing
import TestSupport
import TextLayout
import TextLayoutIO

@Suite("JSON writer and object reader")
struct JSONReaderWriterTests {
    @Test("the writer puts commas between members and elements at every depth, keys in the order written")
    func nesting() {
        var writer = JSONWriter()
        writer.object { out in
            out.field("b", 1)
            out.key("list")
            out.array { out in
                out.integer(1)
                out.object { $0.field("x", "y"); $0.key("empty"); $0.array { _ in } }
                out.null()
            }
            out.field("a", true)
            out.field("none", nil as String?)
        }
        #expect(writer.text == #"{"b":1,"list":[1,{"x":"y","empty":[]},null],"a":true,"none":null}"#)
    }

    @Test("numbers: whole ones without a fraction, others shortest, not-finite as null",
          arguments: [(1.0, "1"), (-0.0, "0"), (0.5, "0.5"), (21.171875, "21.171875"), (1e20, "1e+20"), (-3.0, "-3"),
                      (.nan, "null"), (.infinity, "null")])
    func numbers(_ value: Double, _ written: String) throws {
        var writer = JSONWriter()
        writer.number(value)
        #expect(writer.text == written)
        if value.isFinite, case let .number(back, _) = try parseJSON(writer.text) { #expect(back == value) }
    }

    /// Numbers the writer finds the digits of itself (whole numbers of 2^-p, decimals of up to six
    /// places), each against Swift's shortest form (`plainNumber`, `description`) of the same
    /// Double, with their neighbours, which are not so short, and random Doubles beside them.
    @Test("numbers written without a String are Swift's shortest form, digit for digit")
    func numbersWrittenWithoutAString() {
        var random = SplitMix(seed: 38)
        var values: [Double] = [0.5, 1.0 / 64, 1.0 / 2048, 0.0001, 0.000125, 9_999_999.999999, 2_147_483_647.5,
                                105.24560546875, 229.109, 214.91400000000002, 35.904, 187.52, 0.1, 0.3, 1.0 / 3]
        for _ in 0..<20_000 {
            let places = Int.random(in: 1...20, using: &random)
            let magnitude = Double(UInt64(1) << UInt64.random(in: 0...33, using: &random))
            let parts = Double(Int64.random(in: 0...Int64(magnitude * Double(1 << places)), using: &random))
            values.append(parts / Double(1 << places))
            let decimals = Double(Int.random(in: 1...8, using: &random))
            let scale = pow(10, decimals)
            values.append((Double.random(in: 0...1e8, using: &random) * scale).rounded() / scale)
            values.append(Double.random(in: 0...3e9, using: &random))
            values.append(Double(bitPattern: random.next() >> 2))
        }
        var checked = 0
        for value in values.flatMap({ [$0, -$0, $0.nextUp, $0.nextDown] }) where value.isFinite {
            var writer = JSONWriter()
            writer.number(value)
            if writer.text != plainNumber(value) {
                Issue.record("\(value.bitPattern): written \(writer.text), shortest \(plainNumber(value))")
                break
            }
            checked += 1
        }
        #expect(checked > 300_000)
    }

    @Test("a field is found by its whole key: keys that share a length and their first seven bytes, long keys, empty keys, other bytes for the same text")
    func fieldsByWholeKey() throws {
        let long = String(repeating: "k", count: 300)
        let object = try parseJSON(#"{"fontSizeA":1,"fontSizeB":2,"":3,"\#(long)":4,"caf\u00e9":5,"cafe\u0301":6,"abcdefg":7}"#)
        let reader = try JSONObjectReader(object, keys: ["fontSizeA", "fontSizeB", "", long, long + "k", "café", "cafe\u{301}", "abcdefg", "abcdefh"],
                                          code: .invalidJob, name: "the test object", owner: "the test object")
        #expect(try reader.number("fontSizeA") == 1)
        #expect(try reader.number("fontSizeB") == 2)
        #expect(try reader.number("") == 3)
        #expect(try reader.number(long) == 4)
        #expect(try reader.number(long + "k") == nil)
        #expect(try reader.number("caf\u{E9}") == 5)
        #expect(try reader.number("cafe\u{301}") == 6)
        #expect(try reader.number("abcdefg") == 7)
        #expect(try reader.number("abcdefh") == nil)
        // An object made by hand may hold a key twice: the last one counts, as JSONValue's subscript says.
        let twice = try JSONObjectReader(.object([("a", .number(1, literal: "1")), ("a", .number(2, literal: "2"))]), keys: ["a"], code: .invalidJob,
                                         name: "the test object", owner: "the test object")
        #expect(try twice.number("a") == 2)
    }

    @Test("a string that is not UTF-8 is refused, also where the repaired text is as long as the bytes")
    func invalidUTF8InStrings() {
        // F0 90 80 is the start of a four-byte character cut short: one U+FFFD, three bytes, replaces it.
        for bytes: [UInt8] in [[0x22, 0xF0, 0x90, 0x80, 0x22], [0x22, 0xFF, 0x22], [0x22, 0x61, 0xC3, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22]] {
            let error = #expect(throws: JSONError.self) { try bytes.withUnsafeBufferPointer { buffer throws(JSONError) in try parseJSON(buffer) } }
            #expect(error?.isInvalidUTF8 == true, "\(bytes)")
        }
        #expect(throws: Never.self) { try [0x22, 0xF0, 0x9F, 0x99, 0x82, 0x22].withUnsafeBufferPointer { buffer throws(JSONError) in try parseJSON(buffer) } }
    }

    /// The engine and the editor name a setting as Swift does; the boundary says it as its JSON
    /// does, in the keys and the message alike, and leaves every other name as it is.
    @Test("an engine's error names settings as Swift does, and the boundary says them by their JSON keys")
    func settingNames() throws {
        let request = try LayoutRequest(job: parseJSON(#"{"text":"a","width":100,"insets":{"top":0,"left":60,"bottom":0,"right":60}}"#))
        let narrow = try #require(throws: LayoutError.self) { _ = try request.measure(in: bundledFonts) }
        #expect(narrow.keys == ["editorWidth", "insets"] && narrow.message.hasPrefix("editorWidth 100 leaves no room"))
        let said = BoundaryError(narrow)
        #expect(said.keys == ["width", "insets"] && said.message.hasPrefix("width 100 leaves no room"), "\(said)")
        let object = LayoutError(.invalidArgument, "'inlineObjects[2].width' (an inline object's) must be ..., not myinlineObjects or inlineObjectsX",
                                 keys: ["inlineObjects[2].width"]).inBoundaryNames
        #expect(object.keys == ["placeholders[2].width"])
        #expect(object.message == "'placeholders[2].width' (an inline object's) must be ..., not myinlineObjects or inlineObjectsX")
        for (swiftName, json) in SettingNames.jsonKeys { #expect(SettingNames.jsonKey(of: swiftName + ".x") == json + ".x") }
        #expect(SettingNames.jsonKey(of: "insets.top") == "insets.top")
    }

    // Swift's shortest form writes a number below 2^53 in positional notation ("1000000000000000.0")
    // and from 1e16 on with an exponent.
    @Test("text for people writes two decimals up to where JSON stops writing whole numbers' digits, then the JSON writer's shortest form",
          arguments: [(19.789, "19.79"), (0.0, "0.00"), (-3.5, "-3.50"), (999_999_999_999_999.0, "999999999999999.00"),
                      (1e15, "1000000000000000.0"), (1e16, "1e+16"), (-2.5e20, "-2.5e+20"), (1e308, "1e+308"), (.greatestFiniteMagnitude, "1.7976931348623157e+308")])
    func textNumbers(_ value: Double, _ written: String) {
        #expect(twoDecimals(value) == written)
        var writer = JSONWriter()
        writer.number(value)
        if abs(value) >= 1e15 { #expect(writer.text == written, "the text and the JSON write it alike") }
    }

    @Test("messages write a number as the JSON writer does", arguments: [0.0, -0.0, 17, -3, 0.5, 21.171875, 1e15 - 1, 1e15, 1e20, -1e308, 1.5e-7])
    func messageNumbers(_ value: Double) {
        var writer = JSONWriter()
        writer.number(value)
        #expect(plainNumber(value) == writer.text)
    }

    @Test("strings escape quotes, backslashes and control characters and keep everything else")
    func strings() throws {
        let text = "a\"b\\c\n\t\r\u{1}\u{1F}é🙂\u{2028}"
        var writer = JSONWriter()
        writer.string(text)
        #expect(writer.text == "\"a\\\"b\\\\c\\n\\t\\r\\u0001\\u001fé🙂\u{2028}\"")
        #expect(try parseJSON(writer.text) == .string(text))
    }

    @Test("a parsed value is written back as it was read: numbers as written, order")
    func roundTrip() throws {
        let source = #"{"b":1.50,"a":[true,false,null,-0,1e3],"c":{"d":"e"},"f":2}"#
        #expect(try parseJSON(source).serialized == source)
    }

    @Test("a bad overflowWrap, wordBreak, lineBreak, textSpacingTrim or textAutospace is invalidJob naming the key and every allowed value",
          arguments: [("overflowWrap", "normal, break-word, anywhere"), ("wordBreak", "normal, break-all, keep-all"),
                      ("lineBreak", "normal, strict, loose, keep-all, auto, anywhere"),
                      ("textSpacingTrim", "normal, space-all, space-first, trim-start"), ("textAutospace", "normal, no-autospace")])
    func badBreakingValue(_ key: String, _ allowed: String) throws {
        let job = try parseJSON(#"{"text":"x","\#(key)":"wrap"}"#)
        let error = #expect(throws: BoundaryError.self) { try LayoutRequest(job: job) }
        #expect(error?.code == .invalidJob)
        #expect(error?.message == "'\(key)' must be one of \(allowed), got 'wrap'")
    }

    @Test("textSpacingTrim is read into the settings; unset, it is nil (the profile's rule)")
    func textSpacingTrimRead() throws {
        #expect(try LayoutRequest(job: parseJSON(#"{"text":"x","textSpacingTrim":"space-first"}"#)).settings.text.textSpacingTrim == .spaceFirst)
        #expect(try LayoutRequest(job: parseJSON(#"{"text":"x","profile":"chromium"}"#)).settings.text.textSpacingTrim == nil)
    }

    @Test("textAutospace is read into the settings; unset, it is nil (the profile's rule); a session config reads it too")
    func textAutospaceRead() throws {
        #expect(try LayoutRequest(job: parseJSON(#"{"text":"x","textAutospace":"normal"}"#)).settings.text.textAutospace == .normal)
        #expect(try LayoutRequest(job: parseJSON(#"{"text":"x","textAutospace":"no-autospace"}"#)).settings.text.textAutospace == .noAutospace)
        #expect(try LayoutRequest(job: parseJSON(#"{"text":"x","profile":"chromium"}"#)).settings.text.textAutospace == nil)
    }

    @Test("an unknown key names itself with its path and lists the keys allowed")
    func unknownKey() throws {
        let job = try parseJSON(#"{"text":"x","insets":{"top":1,"middle":2}}"#)
        let error = #expect(throws: BoundaryError.self) { try LayoutRequest(job: job) }
        #expect(error?.code == .invalidJob)
        #expect(error?.message == "unknown key 'insets.middle'; insets may have: top, left, bottom, right")
        let top = try parseJSON(#"{"text":"x","colour":"red"}"#)
        let topError = #expect(throws: BoundaryError.self) { try LayoutRequest(job: top) }
        #expect(topError?.message == "unknown key 'colour'; a job may have: \(LayoutRequest.keys.joined(separator: ", "))")
    }

    @Test("a field of the wrong type says what it must be and what it got",
          arguments: [(#"{"size":"big"}"#, "'size' must be a number, got a string"),
                      (#"{"minLines":1.5}"#, "'minLines' must be a whole number, got 1.5"),
                      (#"{"direction":"up"}"#, "'direction' must be one of auto, ltr, rtl, got 'up'"),
                      (#"{"direction":1}"#, "'direction' must be one of auto, ltr, rtl, got a number"),
                      (#"{"language":7}"#, "'language' must be a string, got a number"),
                      (#"{"enabled":"yes"}"#, "'enabled' must be true or false, got a string"),
                      (#"{"insets":{"left":"1"}}"#, "'insets.left' must be a number, got a string"),
                      (#"{"insets":[1,2,3,4]}"#, "'insets' must be an object with top, left, bottom and right, got an array")])
    func wrongTypes(_ source: String, _ message: String) throws {
        let object = try JSONObjectReader(try parseJSON(source), keys: LayoutRequest.layoutKeys + ["enabled"], code: .invalidConfig,
                                          name: "the test object", owner: "the test object")
        var request = LayoutRequest(text: "")
        let error = #expect(throws: BoundaryError.self) {
            try request.readLayoutKeys(object)
            _ = try object.bool("enabled")
        }
        #expect(error?.code == .invalidConfig, "the caller's code")
        #expect(error?.message == message)
    }

    @Test("absent and null keys keep the request's values; present ones set them")
    func layoutKeys() throws {
        var request = LayoutRequest(text: "t")
        request.settings.text.size = 12
        request.settings.sizing.minLines = 3
        let object = try JSONObjectReader(try parseJSON(#"{"size":null,"width":300,"direction":"rtl","lineBreak":"strict"}"#),
                                          keys: LayoutRequest.layoutKeys, code: .invalidConfig, name: "it", owner: "it")
        try request.readLayoutKeys(object)
        #expect(request.settings.text.size == 12)
        #expect(request.settings.sizing.minLines == 3)
        #expect(request.settings.editorWidth == 300)
        #expect(request.settings.text.direction == .rtl)
        #expect(request.settings.text.lineBreak == .strict)
    }
}
