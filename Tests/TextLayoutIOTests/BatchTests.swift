// The batch format: result lines for valid jobs, a per-job error for each kind of bad input, and the JSON reader and writer.
import Foundation
import Testing
import TextLayout
import TextLayoutIO
import TestSupport

@Suite("Batch format")
struct BatchTests {
    // MARK: Valid jobs

    struct ValidRow: Sendable, CustomTestStringConvertible {
        let name: String
        let json: String
        let lines: [[Int]]
        var editorHeight: Double? = nil
        var height: Double? = nil
        var scrolls = false
        var testDescription: String { name }
    }

    /// Line starts and ends as in LineModelTests (same fonts, size 20.48 px: 1 unit = 0.01 px; Mono
    /// 12.33 px a character; line height 23.84 px).
    static let validRows: [ValidRow] = [
        // Sans: "mind the " = 91.74 px fits in 100, "gap" does not (Pango: same).
        ValidRow(name: "wrapped sentence",
                 json: #"{"id":1,"text":"mind the gap","font":\#(jsonString(sansPath)),"size":20.48,"width":100}"#,
                 lines: [[0, 9], [9, 12]], editorHeight: 2 * 23.84, height: 2 * 23.84),
        // CR LF counts once; the trailing LF gives an empty last line.
        ValidRow(name: "hard breaks",
                 json: #"{"id":"a","text":"ab\r\ncd\n","font":\#(jsonString(monoPath)),"size":20.48}"#,
                 lines: [[0, 2], [4, 6], [7, 7]], editorHeight: 3 * 23.84, height: 3 * 23.84),
        // 4 lines, lineSpace 2: content 4 × 23.84 + 3 × 2 = 101.36; maxLines 2 + insets 1 + 3:
        // editor 4 + 2 × 23.84 + 2 = 53.68, and it scrolls.
        ValidRow(name: "maxLines, insets, lineSpace",
                 json: #"{"id":null,"text":"1\n2\n3\n4","font":\#(jsonString(monoPath)),"size":20.48,"maxLines":2,"lineSpace":2,"insets":{"top":1,"left":2,"bottom":3,"right":4}}"#,
                 lines: [[0, 1], [2, 3], [4, 5], [6, 7]], editorHeight: 53.68, height: 101.36, scrolls: true),
        // Surrogate pairs: offsets are UTF-16 units. At 1 px each 𝔸 (U+1D538, in DejaVu Sans) is a
        // line; the space hangs.
        ValidRow(name: "surrogate pair offsets in UTF-16",
                 json: #"{"id":[1,2],"text":"𝔸𝔸 𝔸","font":\#(jsonString(sansPath)),"size":20.48,"width":1}"#,
                 lines: [[0, 2], [2, 5], [5, 7]]),
        // JSON escapes in the text: "tab\tand é𝔸" is 3 + 1 + 3 + 1 + 1 + 2 = 11 UTF-16 units, one line without a width.
        ValidRow(name: "escaped text",
                 json: #"{"text":"tab\tand \u00e9\ud835\udd38","font":\#(jsonString(sansPath)),"size":20.48}"#,
                 lines: [[0, 11]]),
        // Empty text: one empty line; minLines 3 makes the editor 3 lines tall.
        ValidRow(name: "empty text, minLines 3",
                 json: #"{"text":"","font":\#(jsonString(monoPath)),"size":20.48,"minLines":3}"#,
                 lines: [[0, 0]], editorHeight: 3 * 23.84, height: 23.84),
        // Keys in any order, whitespace between tokens, null for optional keys.
        ValidRow(name: "whitespace and nulls",
                 json: #"  { "width" : null , "text" : "x\u2028y" , "maxLines" : null, "font" : \#(jsonString(monoPath)), "size": 20.48 }  "#,
                 lines: [[0, 1], [2, 3]]),
    ]

    @Test("valid jobs give their lines", arguments: validRows)
    func valid(_ row: ValidRow) throws {
        let result = batchResult(row.json)
        #expect(result.succeeded, "\(result.json)")
        #expect(!result.json.contains("\n"))
        let object = try #require(foundationObject(result.json))
        #expect(object["error"] == nil)
        #expect(object["lineCount"] as? Int == row.lines.count)
        let lines = try #require(object["lines"] as? [[String: Any]])
        #expect(lines.map { [$0["start"] as? Int ?? -1, $0["end"] as? Int ?? -1] } == row.lines)
        if let expected = row.editorHeight {
            let actual = try #require(object["editorHeight"] as? Double)
            #expect(abs(actual - expected) < 1e-6, "editorHeight \(actual)")
        }
        if let expected = row.height {
            let actual = try #require(object["height"] as? Double)
            #expect(abs(actual - expected) < 1e-6, "height \(actual)")
        }
        #expect(object["isScrollable"] as? Bool == row.scrolls)
        for line in lines {
            let height = try #require(line["height"] as? Double)
            #expect(abs(height - 23.84) < 1e-6)
        }
        // The first baseline is the ascent: 1901 / 2048 × 20.48 = 19.01.
        #expect(abs((lines.first?["baseline"] as? Double ?? 0) - 19.01) < 1e-6)
    }

    /// The id comes back as written (compact), whatever its JSON type.
    @Test("the id is echoed verbatim", arguments: [
        "7", "-0.50", "1e3", "123456789012345678901234567890", "\"job-1\"", #""quote\"back\\slash""#,
        "null", "true", "false", #"[1,"two",{"three":3.0}]"#, #"{"nested":{"k":[]}}"#, "\"é😀\"", "\"\"",
    ])
    func idEchoed(_ id: String) throws {
        for json in [#"{"id":\#(id),"text":"abc","font":\#(jsonString(monoPath)),"size":20.48}"#,
                     #"{"text":"abc","id":\#(id),"size":-1}"#,         // an error result echoes it too
                     #"{"id":\#(id)}"#] {                               // ...even when the text is missing
            let result = batchResult(json)
            #expect(result.json.hasPrefix("{\"id\":\(id),"), "\(result.json)")
            let object = try #require(foundationObject(result.json))
            // Same value as the input, both read and rewritten by Foundation (sorted keys).
            let input = try JSONSerialization.jsonObject(with: Data(id.utf8), options: [.fragmentsAllowed])
            let output = try #require(object["id"])
            let options: JSONSerialization.WritingOptions = [.fragmentsAllowed, .sortedKeys]
            #expect(try JSONSerialization.data(withJSONObject: output, options: options)
                    == JSONSerialization.data(withJSONObject: input, options: options), "\(result.json)")
        }
    }

    @Test("an id written with escapes comes back as the same value")
    func idWithEscapes() throws {
        let result = batchResult(#"{"id":"\u00e9\ud83d\ude00\n\t","text":"a","font":\#(jsonString(monoPath))}"#)
        let object = try #require(foundationObject(result.json))
        #expect(object["id"] as? String == "é😀\n\t")
        #expect(!result.json.contains("\n"))
    }

    @Test("a job without an id gets id null")
    func noId() throws {
        let result = batchResult(#"{"text":"a","font":\#(jsonString(monoPath))}"#)
        #expect(result.succeeded)
        #expect(result.json.hasPrefix(#"{"id":null,"#))
    }

    // MARK: Errors

    struct ErrorRow: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        let code: String
        /// Words the message must contain.
        var mentions: [String] = []
        /// The id the error must echo, as compact JSON.
        var id = "null"
        var testDescription: String { name }

        init(_ name: String, _ line: String, _ code: String, mentions: [String] = [], id: String = "null") {
            self.name = name
            self.bytes = Array(line.utf8)
            self.code = code
            self.mentions = mentions
            self.id = id
        }

        init(_ name: String, bytes: [UInt8], _ code: String) {
            self.name = name
            self.bytes = bytes
            self.code = code
        }
    }

    static let errorRows: [ErrorRow] = [
        ErrorRow("unterminated object", "{", "invalidJSON"),
        ErrorRow("empty line", "", "invalidJSON"),
        ErrorRow("blank line", "   ", "invalidJSON"),
        ErrorRow("trailing garbage", #"{"text":"a"} x"#, "invalidJSON"),
        ErrorRow("two objects", #"{"text":"a"}{"text":"b"}"#, "invalidJSON"),
        ErrorRow("single quotes", "{'text':'a'}", "invalidJSON"),
        ErrorRow("trailing comma", #"{"text":"a",}"#, "invalidJSON"),
        ErrorRow("not an object: array", #"["text"]"#, "invalidJob"),
        ErrorRow("not an object: string", #""text""#, "invalidJob"),
        ErrorRow("invalid UTF-8: 0xFF", bytes: Array(#"{"text":"a"#.utf8) + [0xFF] + Array(#"b"}"#.utf8), "invalidUTF8"),
        ErrorRow("invalid UTF-8: overlong '/'", bytes: Array(#"{"text":""#.utf8) + [0xC0, 0xAF] + Array(#""}"#.utf8), "invalidUTF8"),
        ErrorRow("invalid UTF-8: encoded surrogate", bytes: Array(#"{"text":""#.utf8) + [0xED, 0xA0, 0x80] + Array(#""}"#.utf8), "invalidUTF8"),
        ErrorRow("invalid UTF-8: cut sequence", bytes: Array(#"{"text":"a"}"#.utf8) + [0xE2, 0x82], "invalidUTF8"),
        ErrorRow("invalid UTF-8: lone continuation", bytes: [0x80] + Array(#"{"text":"a"}"#.utf8), "invalidUTF8"),
        ErrorRow("missing text", #"{"id":3}"#, "invalidJob", mentions: ["text"], id: "3"),
        ErrorRow("missing text, only width", #"{"width":100}"#, "invalidJob", mentions: ["text"]),
        ErrorRow("text is a number", #"{"id":"t","text":5}"#, "invalidJob", mentions: ["text"], id: #""t""#),
        ErrorRow("text is null", #"{"text":null}"#, "invalidJob", mentions: ["text"]),
        ErrorRow("text is an array", #"{"text":["a"]}"#, "invalidJob", mentions: ["text"]),
        ErrorRow("unknown key", #"{"id":4,"text":"a","colour":"red"}"#, "invalidJob", mentions: ["colour"], id: "4"),
        ErrorRow("unknown key, wrong case", #"{"text":"a","Width":100}"#, "invalidJob", mentions: ["Width"]),
        ErrorRow("unknown inset key", #"{"text":"a","insets":{"top":1,"middle":2}}"#, "invalidJob", mentions: ["middle"]),
        ErrorRow("insets not an object", #"{"text":"a","insets":[1,2,3,4]}"#, "invalidJob", mentions: ["insets"]),
        ErrorRow("unknown font", #"{"id":5,"text":"a","font":"No Such Family Xyzzy"}"#, "unknownFont", mentions: ["textlayout fonts"], id: "5"),
        ErrorRow("missing font file", #"{"text":"a","font":"/nonexistent/dir/NoSuch.ttf"}"#, "badFontFile", mentions: ["/nonexistent/dir/NoSuch.ttf"]),
        ErrorRow("unknown profile", #"{"text":"a","profile":"webkit"}"#, "invalidJob", mentions: ["'profile'", "standard, chromium, pango", "webkit"]),
        ErrorRow("profile is a number", #"{"text":"a","profile":1}"#, "invalidJob", mentions: ["profile"]),
        ErrorRow("textBox: an over edge alone", #"{"text":"a","textBox":"cap"}"#, "invalidJob",
                 mentions: ["textBox", "trim-both", "cap", "alphabetic", "got 'cap'"]),
        ErrorRow("textBox not a string", #"{"text":"a","textBox":true}"#, "invalidJob", mentions: ["textBox", "trim-start"]),
        ErrorRow("font is a number", #"{"text":"a","font":12}"#, "invalidJob", mentions: ["font"]),
        ErrorRow("size 0", #"{"id":6,"text":"a","font":\#(jsonString(monoPath)),"size":0}"#, "invalidArgument", mentions: ["size"], id: "6"),
        ErrorRow("size negative", #"{"text":"a","font":\#(jsonString(monoPath)),"size":-5}"#, "invalidArgument", mentions: ["size"]),
        ErrorRow("size too large", #"{"text":"a","font":\#(jsonString(monoPath)),"size":20000}"#, "invalidArgument", mentions: ["size"]),
        ErrorRow("size is a string", #"{"text":"a","size":"big"}"#, "invalidJob", mentions: ["size"]),
        ErrorRow("width 0", #"{"text":"a","font":\#(jsonString(monoPath)),"width":0}"#, "invalidArgument", mentions: ["width"]),
        ErrorRow("minLines fractional", #"{"text":"a","minLines":1.5}"#, "invalidJob", mentions: ["minLines"]),
        ErrorRow("maxLines < minLines", #"{"text":"a","font":\#(jsonString(monoPath)),"minLines":3,"maxLines":2}"#, "invalidArgument", mentions: ["maxLines"]),
        ErrorRow("negative lineSpace", #"{"text":"a","font":\#(jsonString(monoPath)),"lineSpace":-1}"#, "invalidArgument", mentions: ["lineSpace"]),
        ErrorRow("heightSteps from 0", #"{"text":"a","font":\#(jsonString(monoPath)),"heightSteps":[0,100]}"#, "invalidArgument", mentions: ["heightSteps"]),
        ErrorRow("heightSteps from a negative width", #"{"text":"a","font":\#(jsonString(monoPath)),"heightSteps":[-5,100]}"#, "invalidArgument", mentions: ["heightSteps"]),
        ErrorRow("heightSteps min above max", #"{"text":"a","heightSteps":[300,100]}"#, "invalidArgument", mentions: ["heightSteps", "min <= max"]),
        ErrorRow("heightSteps of one number", #"{"text":"a","heightSteps":[100]}"#, "invalidArgument", mentions: ["heightSteps", "two numbers"]),
        ErrorRow("heightSteps of three numbers", #"{"text":"a","heightSteps":[100,200,300]}"#, "invalidArgument", mentions: ["heightSteps"]),
        ErrorRow("heightSteps a string", #"{"text":"a","heightSteps":"100..600"}"#, "invalidArgument", mentions: ["heightSteps"]),
        ErrorRow("heightSteps of strings", #"{"text":"a","heightSteps":["100","600"]}"#, "invalidArgument", mentions: ["heightSteps"]),
        ErrorRow("intrinsicWidths a string", #"{"text":"a","intrinsicWidths":"yes"}"#, "invalidJob", mentions: ["intrinsicWidths"]),
        ErrorRow("intrinsicWidths a number", #"{"text":"a","intrinsicWidths":1}"#, "invalidJob", mentions: ["intrinsicWidths"]),
        ErrorRow("fit not an object", #"{"text":"a","fit":2}"#, "invalidJob", mentions: ["'fit'"]),
        ErrorRow("fit with an unknown key", #"{"text":"a","fit":{"maxLines":1,"minSize":8,"maxSize":9,"lines":1}}"#, "invalidJob", mentions: ["fit.lines", "maxLines"]),
        ErrorRow("fit without minSize", #"{"text":"a","fit":{"maxLines":1,"maxSize":9}}"#, "invalidJob", mentions: ["minSize"]),
        ErrorRow("fit without a limit", #"{"text":"a","fit":{"minSize":8,"maxSize":9}}"#, "invalidJob", mentions: ["fit.maxLines", "fit.maxHeight"]),
        ErrorRow("fit's sizes reversed", #"{"text":"a","fit":{"maxLines":1,"minSize":10,"maxSize":9}}"#, "invalidJob", mentions: ["fit.minSize", "fit.maxSize"]),
        ErrorRow("fit's minSize 0", #"{"text":"a","fit":{"maxLines":1,"minSize":0,"maxSize":9}}"#, "invalidJob", mentions: ["fit.minSize"]),
        ErrorRow("fit's step negative", #"{"text":"a","fit":{"maxLines":1,"minSize":8,"maxSize":9,"step":-0.5}}"#, "invalidJob", mentions: ["fit.step"]),
        ErrorRow("fit's step too fine", #"{"text":"a","fit":{"maxLines":1,"minSize":1,"maxSize":900,"step":0.001}}"#, "invalidJob", mentions: ["fit.step"]),
        ErrorRow("fit's maxLines 0", #"{"text":"a","fit":{"maxLines":0,"minSize":8,"maxSize":9}}"#, "invalidJob", mentions: ["fit.maxLines"]),
        ErrorRow("fit's maxLines a fraction", #"{"text":"a","fit":{"maxLines":1.5,"minSize":8,"maxSize":9}}"#, "invalidJob", mentions: ["fit.maxLines"]),
        ErrorRow("fit's maxHeight negative", #"{"text":"a","fit":{"maxHeight":-1,"minSize":8,"maxSize":9}}"#, "invalidJob", mentions: ["fit.maxHeight"]),
        ErrorRow("fit's maxSize a string", #"{"text":"a","fit":{"maxLines":1,"minSize":8,"maxSize":"9px"}}"#, "invalidJob", mentions: ["fit.maxSize"]),
        ErrorRow("insets wider than the width", #"{"text":"a","font":\#(jsonString(monoPath)),"width":10,"insets":{"left":6,"right":6}}"#, "invalidArgument", mentions: ["insets"]),
    ]

    @Test("a bad job gives a per-job error", arguments: errorRows)
    func error(_ row: ErrorRow) throws {
        let result = batchResult(row.bytes)
        #expect(!result.succeeded)
        #expect(!result.json.contains("\n"))
        #expect(result.json.hasPrefix("{\"id\":\(row.id),"), "\(result.json)")
        let object = try #require(foundationObject(result.json))
        #expect(object["lines"] == nil)
        let error = try #require(object["error"] as? [String: Any])
        #expect(error["code"] as? String == row.code, "\(result.json)")
        let message = try #require(error["message"] as? String)
        #expect(!message.isEmpty)
        for word in row.mentions {
            #expect(message.contains(word), "'\(message)' should mention \(word)")
        }
    }

    @Test("one layouter answers every line on its own: a failed job does not affect the next")
    func independentLines() throws {
        let layouter = BatchLayouter()
        let lines = [
            #"{"id":1,"text":"mind the gap","font":\#(jsonString(sansPath)),"size":20.48,"width":100}"#,
            "{",
            #"{"id":3,"text":"a","font":"No Such Family Xyzzy"}"#,
            #"{"id":4,"text":"mind the gap","font":\#(jsonString(sansPath)),"size":20.48,"width":90}"#,
        ]
        let results = lines.map { batchResult($0, layouter: layouter) }
        #expect(results.map(\.succeeded) == [true, false, false, true])
        let first = try #require(foundationObject(results[0].json))
        let last = try #require(foundationObject(results[3].json))
        // At 90 px "mind the" (91.74) no longer fits: "mind " | "the gap" (Pango: same).
        #expect((first["lines"] as? [[String: Any]])?.compactMap { $0["start"] as? Int } == [0, 9])
        #expect((last["lines"] as? [[String: Any]])?.compactMap { $0["start"] as? Int } == [0, 5])
        // The same job twice gives the same line.
        #expect(batchResult(lines[0], layouter: layouter).json == results[0].json)
    }

    /// A font file FreeType cannot read must give badFontFile, not bring the batch down: run in a
    /// child process so that a crash fails this test only.
    @Test("a job naming a corrupt font file gives badFontFile", arguments: ["garbage", "truncated"])
    func corruptFontFile(_ kind: String) async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("\(kind).ttf").path
        let real = try Data(contentsOf: URL(fileURLWithPath: sansPath))
        try (kind == "garbage" ? Data("not a font at all, only text\n".utf8) : real.prefix(4096)).write(to: URL(fileURLWithPath: path))
        let line = #"{"id":9,"text":"a","font":\#(jsonString(path))}"#
        await #expect(processExitsWith: .success, "a corrupt font file must give an error, not a crash") { [line = line as String] in
            let result = batchResult(line)
            exit(!result.succeeded && result.json.contains(#""code":"badFontFile""#) ? 0 : 2)
        }
    }

    // MARK: The JSON reader

    @Test("string escapes", arguments: [
        (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{08}\u{0C}\n\r\t"),
        (#""\u00e9\u4E2D\u0041""#, "é中A"),
        (#""\u0000""#, "\u{0}"),
        (#""\ud83d\ude00""#, "😀"),                  // a surrogate pair is one scalar
        (#""\uD834\uDD1E x""#, "𝄞 x"),
        (#""\ud83d""#, "\u{FFFD}"),                  // a lone high surrogate
        (#""\ude00""#, "\u{FFFD}"),                  // a lone low surrogate
        (#""\ud83d\u0041""#, "\u{FFFD}A"),           // high surrogate, then not a low one
        (#""\ud83d\ud83d\ude00""#, "\u{FFFD}😀"),
        ("\"é😀 raw UTF-8\"", "é😀 raw UTF-8"),
        (#""""#, ""),
    ])
    func escapes(json: String, expected: String) throws {
        #expect(try parseJSON(json) == .string(expected))
    }

    @Test("numbers keep their value and their literal", arguments: [
        ("0", 0.0), ("-0", -0.0), ("7", 7), ("-12.25", -12.25), ("1.5e3", 1500), ("1E-2", 0.01),
        ("2e+2", 200), ("0.5", 0.5), ("123456789", 123_456_789), ("1e400", .infinity),
    ])
    func numbers(literal: String, value: Double) throws {
        let parsed = try parseJSON(literal)
        guard case let .number(n, written) = parsed else {
            Issue.record("\(literal) parsed as \(parsed)")
            return
        }
        #expect(n == value)
        #expect(n.sign == value.sign)
        #expect(written == literal)
        #expect(parsed.serialized == literal)
    }

    @Test("malformed JSON is rejected", arguments: [
        "", "   ", "{", "}", "[1,]", #"{"a":1,}"#, "{a:1}", "'a'", #""unterminated"#, #""bad \x escape""#,
        "\"raw \u{01} control\"", "\"raw\nnewline\"", #""\u12""#, #""\uZZZZ""#, "tru", "nul", "falsey", "[1 2]", #"{"a" 1}"#,
        "01", "1.", ".5", "+1", "1e", "-", "0x10", "1.e5", "--1", "NaN", "Infinity", "-Infinity",
    ])
    func malformed(_ json: String) {
        #expect(throws: JSONError.self, "\(json.debugDescription)") { try parseJSON(json) }
    }

    @Test("nothing may follow the value but whitespace", arguments: [
        "{} x", "1 2", "{}}", "[1]]", "nullx", #""a""b""#, "true false", "{},", "0 0",
    ])
    func trailingGarbage(_ json: String) {
        #expect(throws: JSONError.self, "\(json.debugDescription)") { try parseJSON(json) }
    }

    @Test("whitespace around and inside the value is allowed and changes nothing", arguments: [
        (" \t\n{}\r\n ", JSONValue.object([])), ("\n[ ]\n", .array([])), (" 1 ", .number(1, literal: "1")), ("\t\"s\"\t", .string("s")),
        ("{ \"a\" :\r\n[ 1 ,\ttrue , null ] }", .object([("a", .array([.number(1, literal: "1"), .bool(true), .null]))])),
        ("\" a  b \"", .string(" a  b ")),
    ])
    func whitespace(_ json: String, value: JSONValue) throws {
        #expect(try parseJSON(json) == value, "\(json.debugDescription)")
    }

    @Test("only JSON's four whitespace characters may surround a value", arguments: ["\u{0C}1", "1\u{0B}", "\u{A0}{}", "[]\u{2028}", "\u{FEFF}1"])
    func otherWhitespace(_ json: String) {
        #expect(throws: JSONError.self, "\(json.debugDescription)") { try parseJSON(json) }
    }

    @Test("error offsets point at the problem", arguments: [("[1,]", 3), ("{} x", 3), ("[1 2]", 3), (#"{"a":tru}"#, 5)])
    func errorOffsets(json: String, offset: Int) {
        do {
            let value = try parseJSON(json)
            Issue.record("parsed \(value)")
        } catch {
            #expect(error.offset == offset, "\(error)")
        }
    }

    @Test("nesting is limited, and deep input fails cleanly", arguments: [200, 1_000, 100_000])
    func depthLimit(depth: Int) {
        let arrays = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let objects = String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
        for json in [arrays, objects] {
            do {
                _ = try parseJSON(json)
                Issue.record("\(depth) levels parsed")
            } catch {
                #expect(error.message.contains("deep") || error.message.contains("nest"), "\(error)")
            }
        }
    }

    @Test("nesting within the limit parses", arguments: [1, 10, 63, 64])
    func depthAllowed(depth: Int) throws {
        let arrays = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        var value = try parseJSON(arrays)
        var levels = 0
        while case let .array(items) = value {
            levels += 1
            guard let first = items.first else { break }
            value = first
        }
        #expect(levels == depth)
    }

    @Test("objects keep their keys in order; a key given twice is an error naming its path, at its second appearance")
    func objects() throws {
        let value = try parseJSON(#"{"b":1,"a":[true,false,null],"c":{"d":"e"}}"#)
        guard case let .object(members) = value else {
            Issue.record("not an object: \(value)")
            return
        }
        #expect(members.map(\.0) == ["b", "a", "c"])
        #expect(value["a"] == .array([.bool(true), .bool(false), .null]))
        #expect(value["c"]?["d"] == .string("e"))
        #expect(value["zzz"] == nil)
        #expect(value.serialized == #"{"b":1,"a":[true,false,null],"c":{"d":"e"}}"#)

        let repeated = #"{"b":1,"a":[{"d":1},{"d":2,"e":3,"d":4}],"b":2}"#
        let second = (repeated as NSString).range(of: #""d":4"#).location
        let error = #expect(throws: JSONError.self) { try parseJSON(repeated) }
        #expect(error?.offset == second)
        #expect(error?.message.contains("the key 'a[1].d' is given twice") == true, "\(String(describing: error))")
        // readJSON reads it all, and says which key came first twice.
        let document = try readJSON(repeated)
        #expect(document.repeatedKey?.path == "a[1].d" && document.repeatedKey?.offset == second, "\(String(describing: document.repeatedKey))")
        #expect(document.value.serialized == repeated)
    }

    @Test("the string writer escapes what JSON requires", arguments: [
        ("plain", #""plain""#),
        ("a\"b\\c", #""a\"b\\c""#),
        ("line\nfeed\rtab\t", #""line\nfeed\rtab\t""#),
        ("\u{01}\u{1F}", #""\u0001\u001f""#),
        ("é😀\u{2028}", "\"é😀\u{2028}\""),
    ])
    func writer(_ s: String, expected: String) throws {
        var out = ""
        out += JSONValue.string(s).serialized
        #expect(out == expected)
        // Foundation reads it back as the same string.
        let back = try JSONSerialization.jsonObject(with: Data(out.utf8), options: [.fragmentsAllowed]) as? String
        #expect(back == s)
    }

    @Test("LayoutRequest reads a job's defaults and every key")
    func jobKeys() throws {
        let minimal = try LayoutRequest(job: parseJSON(#"{"text":"hi"}"#))
        #expect(minimal.text == "hi")
        #expect(minimal.id == .null)
        #expect(minimal.font == nil)
        #expect(minimal.settings.text.size == 17)
        #expect(minimal.settings.editorWidth == nil)
        #expect(minimal.settings.sizing == EditorSizing())
        let full = try LayoutRequest(job: parseJSON(#"{"id":"x","text":"t","font":"F","size":12,"width":300,"lineSpace":2,"minLines":2,"maxLines":4,"insets":{"top":1,"left":2,"bottom":3,"right":4},"minHeight":10,"maxHeight":500}"#))
        #expect(full.id == .string("x"))
        #expect(full.font == "F")
        #expect(full.settings.text.size == 12)
        #expect(full.settings.editorWidth == 300)
        #expect(full.settings.sizing == EditorSizing(minLines: 2, maxLines: 4, lineSpace: 2, insets: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4),
                                            minHeight: 10, maxHeight: 500))
    }
}
