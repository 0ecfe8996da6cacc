// Runs the Unicode 15.0 conformance files (LineBreakTest, GraphemeBreakTest, BidiCharacterTest, BidiTest) against the engine's own analysis.
import Foundation
import Testing
import CICU
@testable import TextLayout

// The files come from Debian's unicode-data 15.0 (scripts/install-deps.sh installs it), the Unicode
// version of the ICU 72 the engine links. Each file runs in one test that loops over its lines. A
// line that fails must be listed in the exception tables below with its reason, and the test fails
// when the failures differ from the list either way: a new failure, or a listed one that now passes.
//
// Results with ICU 72.1 (`swift test --filter UnicodeConformanceTests` prints them):
//   LineBreakTest.txt      7632 of 7654 lines pass; 22 exceptions, all ICU tailorings of UAX #14.
//   GraphemeBreakTest.txt  602 of 602 lines pass.
//   BidiCharacterTest.txt  91677 of 91707 lines pass; 30 exceptions, all ICU 72 deviations from UAX #9.
//   BidiTest.txt           770241 of 770241 cases pass (490846 lines, one case per paragraph direction).

private let unicodeDirectory = "/usr/share/unicode"

// MARK: - Allowed exceptions

private let hyphenLetter = """
    ICU tailoring (its rule LB 20.09, ICU-8151, once a Finnish tailoring): no break between a hyphen \
    and a letter when there is a break before the hyphen ("-a" at the start of text). UAX #14 15.0 \
    breaks there (LB31); later versions of UAX #14 adopted ICU's rule as LB20a.
    """
private let infixDigit = """
    ICU tailoring of LB25 (its number rules, ICU-12017): no break between an infix separator and a \
    digit even without a digit before the separator (",0", "a.2"). UAX #14 15.0 breaks there: its \
    LB25 keeps IS with a following NU only after a NU.
    """
private let leadingPoint = """
    ICU tailoring of its number rules (ICU-12017): a number with a leading decimal point after a \
    space (" .35") may break before the point, not after it. UAX #14 15.0 does the opposite: LB13 \
    (× IS) forbids the break before, and LB25 keeps IS with a following NU only after a NU.
    """

/// LineBreakTest.txt lines (their code points, as written in the file) the engine breaks differently, and why.
/// Lines with hard breaks (1316 lines hold BK, CR, LF or NL) all pass: the engine's paragraph split
/// (`splitParagraphs`, a break after each hard break) gives the breaks UAX #14 gives.
private let lineBreakExceptions: [String: String] = [
    "002D 0023": hyphenLetter,                 // line 2265
    "002D 0308 0023": hyphenLetter,            // 2267
    "002D 00A7": hyphenLetter,                 // 2421
    "002D 0308 00A7": hyphenLetter,            // 2423
    "002D 50005": hyphenLetter,                // 2425
    "002D 0308 50005": hyphenLetter,           // 2427
    "002D 0E01": hyphenLetter,                 // 2429
    "002D 0308 0E01": hyphenLetter,            // 2431
    "002C 0030": infixDigit,                   // 2873
    "002C 0308 0030": infixDigit,              // 2875
    "0065 0071 0075 0061 006C 0073 0020 002E 0033 0035 0020 0063 0065 006E 0074 0073": leadingPoint,  // 7477
    "0061 002E 0032 0020": infixDigit,         // 7576
    "0061 002E 0032 0020 0915": infixDigit,    // 7577
    "0061 002E 0032 0020 672C": infixDigit,    // 7578
    "0061 002E 0032 3000 672C": infixDigit,    // 7579
    "0061 002E 0032 3000 307E": infixDigit,    // 7580
    "0061 002E 0032 3000 0033": infixDigit,    // 7581
    "0041 002E 0031 0020 BABB": infixDigit,    // 7583
    "BD24 C5B4 002E 0020 0041 002E 0032 0020 BCFC": infixDigit,  // 7584
    "BD10 C694 002E 0020 0041 002E 0033 0020 BABB": infixDigit,  // 7585
    "C694 002E 0020 0041 002E 0034 0020 BABB": infixDigit,       // 7586
    "0061 002E 0032 3000 300C": infixDigit,    // 7587
]

/// GraphemeBreakTest.txt lines the engine segments differently, and why.
private let graphemeBreakExceptions: [String: String] = [:]

private let isolateInEmbeddings = """
    ICU 72 gives the initiator and the PDI of an isolate tightly flanked by embeddings (a PDF just \
    before it, an LRE or RLE just after it) inside an override the level of those embeddings; \
    UAX #9 8.0 (X5a-X5c, X6a) gives them the override's level and direction.
    """
private let overriddenBracket = """
    ICU 72 still pairs a bracket under a directional override (LRO/RLO) with one that is not, and \
    resolves the two together (N0); UAX #9 8.0 (BD16) pairs only brackets whose current class is \
    ON, so the overridden bracket stays strong and the other one resolves alone (N1, N2).
    """
private let markAfterBracket = """
    ICU 72 leaves a nonspacing mark after a closing bracket that N0 changed at the type the mark \
    got from W1 (the bracket's original ON, then N1/N2); UAX #9 8.0 N0 gives such marks the \
    bracket's new direction (also across BN characters such as ZWJ and ZWSP, Unicode 14.0 tests).
    """
private let bracketStackOverflow = """
    64 nested bracket pairs: UAX #9 BD16 stops pairing when its 63-entry stack is full, so no pair \
    is found; ICU 72's bracket list grows without that limit and pairs all 64.
    """

/// BidiCharacterTest.txt cases ("code points;direction", fields 0 and 1 as in the file) the engine
/// resolves differently, and why. Every one fails the same way calling ICU's `ubidi_setPara` and
/// `ubidi_getLevels` directly, so they are ICU's, not the engine's.
private let bidiCharacterExceptions: [String: String] = [
    "202E 0061 202A 0062 202C 2066 0063 2069 202A 0064 202C 0065 202C;2": isolateInEmbeddings,  // line 59
    "202E 0061 202A 0062 202C 2066 0063 2069 202A 0064 202C 0065 202C;1": isolateInEmbeddings,  // 60
    "202D 05D0 202B 05D1 202C 2068 05D2 2069 202B 05D3 202C 05D4 202C;2": isolateInEmbeddings,  // 61
    "202D 0661 202B 0662 202C 2068 0663 2069 202B 0664 202C 0665 202C;0": isolateInEmbeddings,  // 62
    "202A 05D0 0028 05D1 202C 202D 0029;2": overriddenBracket,                                   // 65
    "202A 05D0 0028 05D1 202C 202D 0029 202C;2": overriddenBracket,                              // 66
    "202B 0061 0028 0062 202C 202E 0029;2": overriddenBracket,                                   // 67
    "202B 0061 0028 0062 202C 202E 0029 202C;2": overriddenBracket,                              // 68
    "202A 202E 0061 202C 0028 05D0 202C 202D 0029 202C;2": overriddenBracket,                    // 69
    "202B 202D 05D0 202C 0028 0061 202C 202E 0029 202C;2": overriddenBracket,                    // 70
    "202A 202E 0061 202C 0028 005B 05D0 202C 202D 005D 0029 202C;2": overriddenBracket,          // 71
    "202B 202D 05D0 202C 0028 005B 0061 202C 202E 005D 0029 202C;2": overriddenBracket,          // 72
    "202D 0028 202C 202A 05D0 0029 05D1;2": overriddenBracket,                                   // 73
    "202D 0028 202C 202A 05D0 0029 05D1 202C;2": overriddenBracket,                              // 74
    "202E 0028 202C 202B 0061 0029 0062;2": overriddenBracket,                                   // 75
    "202E 0028 202C 202B 0061 0029 0062 202C;2": overriddenBracket,                              // 76
    "202D 202E 0061 202C 0028 202C 202A 05D0 0029 05D1;2": overriddenBracket,                    // 77
    "202E 202D 05D0 202C 0028 202C 202B 0061 0029 0062;2": overriddenBracket,                    // 78
    "202D 202E 0061 202C 0028 005B 202C 202A 05D0 005D 0029 05D1;2": overriddenBracket,          // 79
    "202E 202D 05D0 202C 0028 005B 202C 202B 0061 005D 0029 0062;2": overriddenBracket,          // 80
    "0061 0028 0062 0029 0331;1": markAfterBracket,                                              // 83
    "0061 0028 0332 0062 0029 0333;1": markAfterBracket,                                         // 84
    "05D0 0028 05D1 0029 0331;0": markAfterBracket,                                              // 85
    "05D0 0028 0332 05D1 0029 0333;0": markAfterBracket,                                         // 86
    "0661 0028 0662 0029 0331;0": markAfterBracket,                                              // 87
    "0661 0028 0332 0662 0029 0333;0": markAfterBracket,                                         // 88
    "0041 200F 005B 05D0 005D 200D 20D6;0": markAfterBracket,                                    // 102
    "0041 200F 005B 200D 20D6 05D0 005D 200D 20D6;0": markAfterBracket,                          // 108
    "0041 200F 005B 200D 200B 20D6 05D0 005D 200B 200D 20D6;0": markAfterBracket,                // 113
    "0061" + String(repeating: " 0028", count: 64) + " 0062" + String(repeating: " 0029", count: 64) + ";1":
        bracketStackOverflow,                                                                    // 120
]

/// BidiTest.txt cases ("classes;direction", direction auto, ltr or rtl) the engine resolves differently, and why.
private let bidiClassExceptions: [String: String] = [:]

// MARK: - Tests

@Suite struct UnicodeConformanceTests {
    @Test func lineBreakTest() throws {
        let tally = try runBreakTest("auxiliary/LineBreakTest.txt", exceptions: lineBreakExceptions) { bytes in
            try engineLineBreaks(bytes)
        }
        print("LineBreakTest.txt: \(tally.passed) of \(tally.total) lines pass, \(tally.failures.count) listed exceptions")
    }

    @Test func graphemeBreakTest() throws {
        let tally = try runBreakTest("auxiliary/GraphemeBreakTest.txt", exceptions: graphemeBreakExceptions) { bytes in
            Set(try boundaries(.grapheme, in: bytes, range: 0..<bytes.count))
        }
        print("GraphemeBreakTest.txt: \(tally.passed) of \(tally.total) lines pass, \(tally.failures.count) listed exceptions")
    }

    @Test func bidiCharacterTest() throws {
        var tally = Tally(file: "BidiCharacterTest.txt", exceptions: bidiCharacterExceptions)
        var memo: VisualOrderMemo?
        try forEachDataLine("BidiCharacterTest.txt") { number, line in
            let fields = split(line, at: UInt8(ascii: ";"))
            guard fields.count == 5, let direction = fields[1].first, let expectedParagraph = decimal(fields[2]) else {
                Issue.record("BidiCharacterTest.txt:\(number): cannot read \(string(line))")
                return
            }
            let scalars = tokens(fields[0]).map { hex($0)! }
            let expectedLevels = tokens(fields[3]).map { decimal($0).map(UInt8.init) }  // nil for x
            let expectedOrder = tokens(fields[4]).map { decimal($0)! }
            let text = EncodedText(scalars)
            let got = try engineBidi(text, direction: direction == UInt8(ascii: "0") ? .ltr : direction == UInt8(ascii: "1") ? .rtl : .auto)
            var result = compareBidi(got.levels, expectedLevels: expectedLevels, kept: keptIndices(expectedLevels),
                                     expectedOrder: expectedOrder, memo: &memo)
            if got.paragraphLevel != expectedParagraph {
                result.problems.insert("paragraph level \(got.paragraphLevel), expected \(expectedParagraph)", at: 0)
            }
            tally.record(result, line: number, key: string(fields[0]) + ";" + string(fields[1]))
        }
        tally.finish()
        print("BidiCharacterTest.txt: \(tally.passed) of \(tally.total) lines pass (\(tally.shortcuts) of them with ICU's unidirectional levels), \(tally.failures.count) listed exceptions")
    }

    @Test func bidiTest() throws {
        var tally = Tally(file: "BidiTest.txt", exceptions: bidiClassExceptions)
        var expectedLevels: [UInt8?] = []
        var kept: [Int] = []
        var expectedOrder: [Int] = []
        var lines = 0
        var memo: VisualOrderMemo?
        try forEachDataLine("BidiTest.txt") { number, line in
            if line.first == UInt8(ascii: "@") {
                let colon = line.firstIndex(of: UInt8(ascii: ":")) ?? line.endIndex
                let values = tokens(line[min(colon + 1, line.endIndex)...])
                switch string(line[..<colon]) {
                case "@Levels":
                    expectedLevels = values.map { decimal($0).map(UInt8.init) }
                    kept = keptIndices(expectedLevels)
                case "@Reorder":
                    expectedOrder = values.map { decimal($0)! }
                default:
                    break  // other @ lines are to be ignored, says the file
                }
                return
            }
            let fields = split(line, at: UInt8(ascii: ";"))
            guard fields.count == 2, let bitset = hex(tokens(fields[1]).first ?? [])  else {
                Issue.record("BidiTest.txt:\(number): cannot read \(string(line))")
                return
            }
            let classes = tokens(fields[0])
            let text = EncodedText(classes.map { representative(of: $0) })
            lines += 1
            for direction in TextDirection.allCases where bitset & bidiTestBit[direction]! != 0 {
                let got = try engineBidi(text, direction: direction)
                let result = compareBidi(got.levels, expectedLevels: expectedLevels, kept: kept, expectedOrder: expectedOrder,
                                         memo: &memo)
                tally.record(result, line: number, key: classes.map(string).joined(separator: " ") + ";" + direction.rawValue)
            }
        }
        tally.finish()
        print("BidiTest.txt: \(tally.passed) of \(tally.total) cases pass (\(lines) lines, one case per paragraph direction; \(tally.shortcuts) with ICU's unidirectional levels), \(tally.failures.count) listed exceptions")
    }

    /// `resolveBidi` answers level 0 without ICU for text with no character that
    /// `canLeaveLevelZero`: every code point whose bidi class (ICU's) is right to left, an Arabic
    /// number or an explicit embedding, override or isolate must be one of them, and the letters of
    /// the scripts written left to right must not, or the shortcut would be for Latin alone.
    @Test func levelZeroShortcutKnowsEveryCharacterThatLeavesLevelZero() throws {
        // UCharDirection: R 1, AN 5, LRE 11, LRO 12, AL 13, RLE 14, RLO 15, PDF 16, FSI 19, LRI 20, RLI 21, PDI 22.
        let leaving: Set<Int32> = [1, 5, 11, 12, 13, 14, 15, 16, 19, 20, 21, 22]
        var missed: [String] = []
        var leavingCount = 0
        for scalar in UInt32(0)...0x10FFFF where !(0xD800...0xDFFF).contains(scalar) && leaving.contains(cicu_bidi_class(scalar)) {
            leavingCount += 1
            if !canLeaveLevelZero(scalar) { missed.append(String(scalar, radix: 16, uppercase: true)) }
        }
        #expect(missed.isEmpty, "characters that leave level 0 but take the shortcut: U+\(missed.prefix(20).joined(separator: " U+"))")
        #expect(leavingCount > 1000)
        for scalar: UInt32 in [0x41, 0x0E01, 0x0915, 0x4E00, 0x3042, 0xAC00, 0x1EA0, 0x201C, 0x2026, 0x1F600] {
            #expect(!canLeaveLevelZero(scalar), "U+\(String(scalar, radix: 16, uppercase: true)) is left to right or neutral")
        }
        // Thai, Japanese and Vietnamese text: level 0 throughout, found without ICU (an error-free
        // answer with no levels), as ICU finds it.
        for text in ["ภาษาไทย “quoted”", "日本語のテキスト。", "Tiếng Việt… 123"] {
            let bytes = Array(text.utf8)
            try bytes.withUnsafeBufferPointer { buffer in
                #expect(!holdsCharacterLeavingLevelZero(buffer, 0..<buffer.count))
                let resolved = try resolveBidi(buffer, range: 0..<buffer.count, direction: .auto)
                #expect(resolved.paragraphLevel == 0 && resolved.levels == nil)
                var levels = [UInt8](repeating: 9, count: buffer.count)
                let paragraphLevel = levels.withUnsafeMutableBufferPointer { cicu_bidi_levels(buffer.baseAddress!, Int32(buffer.count), -1, $0.baseAddress!) }
                #expect(paragraphLevel == 0 && levels.allSatisfy { $0 == 0 })
            }
        }
        let hebrew = Array("abc שלום".utf8)
        hebrew.withUnsafeBufferPointer { #expect(holdsCharacterLeavingLevelZero($0, 0..<$0.count)) }
    }

    /// The itemizer asks ICU whether a character is default-ignorable or has Emoji_Presentation only
    /// outside the stretches where none is: every such code point must lie where it still asks.
    @Test func itemizerShortcutsAskICUWhereverItSaysYes() {
        var ignorableMissed: [UInt32] = [], emojiMissed: [UInt32] = []
        var ignorable = 0, emoji = 0
        for scalar in UInt32(0xAD)...0x10FFFF where !(0xD800...0xDFFF).contains(scalar) {
            if cicu_is_default_ignorable(scalar) != 0 {
                ignorable += 1
                if !mayBeDefaultIgnorable(scalar) { ignorableMissed.append(scalar) }
                #expect(!needsGlyph(scalar))
            }
            if cicu_is_emoji_presentation(scalar) != 0 {
                emoji += 1
                if !isEmojiPresentation(scalar) { emojiMissed.append(scalar) }
            }
        }
        #expect(ignorableMissed.isEmpty && emojiMissed.isEmpty,
                "missed: ignorable \(ignorableMissed.prefix(10).map { String($0, radix: 16) }), emoji \(emojiMissed.prefix(10).map { String($0, radix: 16) })")
        #expect(ignorable > 4000 && emoji > 1000)
        // The shortcuts answer no without ICU for the letters of most scripts.
        for scalar: UInt32 in [0xE9, 0x0E01, 0x0915, 0x4E00, 0x3042, 0xAC00, 0x1F600] {
            #expect(!mayBeDefaultIgnorable(scalar))
        }
    }
}

// MARK: - Reading the files

/// Calls `body` with each line of a file that holds data (without its comment from `#`, trimmed,
/// not empty) and its number, from 1. The files are ASCII but for the `÷` and `×` of break tests.
private func forEachDataLine(_ relativePath: String, _ body: (Int, ArraySlice<UInt8>) throws -> Void) throws {
    let path = unicodeDirectory + "/" + relativePath
    guard let data = FileManager.default.contents(atPath: path) else {
        throw ConformanceError("cannot read \(path): install Debian's unicode-data (scripts/install-deps.sh)")
    }
    let bytes = [UInt8](data)
    var number = 0
    var start = 0
    while start < bytes.count {
        number += 1
        var end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
        let next = end + 1
        if let hash = bytes[start..<end].firstIndex(of: UInt8(ascii: "#")) { end = hash }
        var line = bytes[start..<end]
        while let first = line.first, isSpace(first) { line = line.dropFirst() }
        while let last = line.last, isSpace(last) { line = line.dropLast() }
        if !line.isEmpty { try body(number, line) }
        start = next
    }
}

private func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }

/// The parts of `line` between `separator`s, empty ones kept.
private func split(_ line: ArraySlice<UInt8>, at separator: UInt8) -> [ArraySlice<UInt8>] {
    line.split(separator: separator, omittingEmptySubsequences: false)
}

/// The tokens of `field`, separated by spaces or tabs.
private func tokens(_ field: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
    field.split(whereSeparator: isSpace)
}

private func hex(_ token: ArraySlice<UInt8>) -> UInt32? {
    guard !token.isEmpty else { return nil }
    var value: UInt32 = 0
    for byte in token {
        let digit: UInt8
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
        default: return nil
        }
        value = value << 4 | UInt32(digit)
    }
    return value
}

private func decimal(_ token: ArraySlice<UInt8>) -> Int? {
    guard !token.isEmpty else { return nil }
    var value = 0
    for byte in token {
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return value
}

private func string(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }

private struct ConformanceError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Text given as code points, in UTF-8, with where each code point starts.
private struct EncodedText {
    var scalars: [UInt32]
    var bytes: [UInt8] = []
    /// The byte offset of each code point, with one more entry for the end.
    var starts: [Int] = []

    init(_ scalars: [UInt32]) {
        self.scalars = scalars
        bytes.reserveCapacity(scalars.count * 3)
        starts.reserveCapacity(scalars.count + 1)
        for scalar in scalars {
            starts.append(bytes.count)
            switch scalar {
            case ..<0x80:
                bytes.append(UInt8(scalar))
            case ..<0x800:
                bytes.append(UInt8(0xC0 | scalar >> 6))
                bytes.append(UInt8(0x80 | scalar & 0x3F))
            case ..<0x10000:
                bytes.append(UInt8(0xE0 | scalar >> 12))
                bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
                bytes.append(UInt8(0x80 | scalar & 0x3F))
            default:
                bytes.append(UInt8(0xF0 | scalar >> 18))
                bytes.append(UInt8(0x80 | scalar >> 12 & 0x3F))
                bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
                bytes.append(UInt8(0x80 | scalar & 0x3F))
            }
        }
        starts.append(bytes.count)
    }
}

/// The outcome of one case: what differed (nothing when it passes), and whether it passes only
/// thanks to ICU's unidirectional levels (see `isUnidirectionalShortcut`).
private struct CaseResult {
    var problems: [String] = []
    var shortcut = false
}

/// Counts passing cases and checks that the failing ones are exactly the listed exceptions.
private struct Tally {
    let file: String
    let exceptions: [String: String]
    var total = 0
    var passed = 0
    var shortcuts = 0
    /// The failing cases: key, line number and what differed.
    var failures: [(key: String, line: Int, problems: [String])] = []

    init(file: String, exceptions: [String: String]) {
        self.file = file
        self.exceptions = exceptions
    }

    /// Records a case; `key` (built only for a failing case) names it in the exception table.
    mutating func record(_ result: CaseResult, line: Int, key: @autoclosure () -> String) {
        total += 1
        if result.problems.isEmpty {
            passed += 1
            if result.shortcut { shortcuts += 1 }
        } else {
            failures.append((key(), line, result.problems))
        }
    }

    func finish(sourceLocation: SourceLocation = #_sourceLocation) {
        let failed = Set(failures.map(\.key))
        for failure in failures where exceptions[failure.key] == nil {
            Issue.record("\(file):\(failure.line) [\(failure.key)] fails and is not a listed exception: \(failure.problems.joined(separator: "; "))",
                         sourceLocation: sourceLocation)
        }
        for key in exceptions.keys.sorted() where !failed.contains(key) {
            Issue.record("\(file): [\(key)] is listed as an exception but passes (or is not in the file): remove it from the list",
                         sourceLocation: sourceLocation)
        }
        #expect(total > 0, "\(file) has no test cases", sourceLocation: sourceLocation)
    }
}

// MARK: - Break tests

/// Runs a break test file (`÷` marks a break, `×` none) against `engine`, which returns the break
/// byte offsets of UTF-8 text (0 excluded, the end included). The break before the first code
/// point is not compared (the engine never reports one); the one at the end always is.
private func runBreakTest(_ relativePath: String, exceptions: [String: String],
                          engine: (UnsafeBufferPointer<UInt8>) throws -> Set<Int>) throws -> Tally {
    let divide: [UInt8] = Array("÷".utf8)
    let multiply: [UInt8] = Array("×".utf8)
    var tally = Tally(file: String(relativePath.split(separator: "/").last!), exceptions: exceptions)
    try forEachDataLine(relativePath) { number, line in
        var scalars: [UInt32] = []
        var expected = Set<Int>()  // code point positions: a break after that many code points
        var hexTokens: [String] = []
        for token in tokens(line) {
            if token.elementsEqual(divide) {
                if !scalars.isEmpty { expected.insert(scalars.count) }
            } else if !token.elementsEqual(multiply) {
                guard let scalar = hex(token) else {
                    Issue.record("\(relativePath):\(number): cannot read \(string(token))")
                    return
                }
                scalars.append(scalar)
                hexTokens.append(string(token))
            }
        }
        let text = EncodedText(scalars)
        let found = try text.bytes.withUnsafeBufferPointer { try engine($0) }
        let position = Dictionary(uniqueKeysWithValues: text.starts.enumerated().map { ($1, $0) })
        let got = Set(found.map { position[$0] ?? -1 })
        var result = CaseResult()
        if got != expected {
            result.problems.append("got \(markup(hexTokens, got)), expected \(markup(hexTokens, expected))")
        }
        tally.record(result, line: number, key: hexTokens.joined(separator: " "))
    }
    tally.finish()
    return tally
}

/// Code points with `÷` at the breaks and `×` elsewhere, as the test files write them.
private func markup(_ hex: [String], _ breaks: Set<Int>) -> String {
    var s = "×"
    for (i, h) in hex.enumerated() { s += " \(h) \(breaks.contains(i + 1) ? "÷" : "×")" }
    if breaks.contains(-1) { s += " (and a break inside a code point)" }
    return s
}

/// The engine's line break opportunities in UTF-8 text, as byte offsets, found as the engine finds
/// them: the text is split into paragraphs at hard breaks (`splitParagraphs`), with a break after
/// each hard break, and each paragraph's content (without its hard break) is analysed on its own
/// (`boundaries(.line, ...)`, as `PreparedParagraph` does). The content's end is where the
/// paragraph's last line ends, not an opportunity: there is no break before a hard break (LB6).
private func engineLineBreaks(_ bytes: UnsafeBufferPointer<UInt8>) throws -> Set<Int> {
    var breaks = Set<Int>()
    for paragraph in splitParagraphs(bytes) {
        var found = try boundaries(.line, in: bytes, range: paragraph.start..<paragraph.end)
        if paragraph.endsWithHardBreak {
            found.removeAll { $0 == paragraph.end }
            found.append(paragraph.next)
        }
        breaks.formUnion(found)
    }
    return breaks
}

// MARK: - Bidi tests

/// A representative character of each bidi class, for BidiTest.txt.
private let representatives: [String: UInt32] = [
    "L": 0x61,              // a
    "R": 0x5D0,             // HEBREW LETTER ALEF
    "AL": 0x627,            // ARABIC LETTER ALEF
    "EN": 0x31,             // 1
    "ES": 0x2B,             // +
    "ET": 0x24,             // $
    "AN": 0x660,            // ARABIC-INDIC DIGIT ZERO
    "CS": 0x2C,             // ,
    "NSM": 0x300,           // COMBINING GRAVE ACCENT
    "BN": 0xAD,             // SOFT HYPHEN
    "B": 0x2029,            // PARAGRAPH SEPARATOR
    "S": 0x09,              // tab
    "WS": 0x20,             // space
    "ON": 0x21,             // !
    "LRE": 0x202A, "LRO": 0x202D, "RLE": 0x202B, "RLO": 0x202E, "PDF": 0x202C,
    "LRI": 0x2066, "RLI": 0x2067, "FSI": 0x2068, "PDI": 0x2069,
]

/// `representatives` keyed by the class name's bytes packed into an integer, so looking a class up builds no string.
private let representativesByPackedName = Dictionary(uniqueKeysWithValues: representatives.map { (packedName(Array($0.key.utf8)[...]), $0.value) })

private func packedName(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    guard bytes.count <= 4 else { return 0 }
    var name: UInt32 = 0
    var i = bytes.startIndex
    while i < bytes.endIndex {
        name = name << 8 | UInt32(bytes[i])
        i += 1
    }
    return name
}

private func representative(of bidiClass: ArraySlice<UInt8>) -> UInt32 {
    guard let scalar = representativesByPackedName[packedName(bidiClass)] else {
        fatalError("unknown bidi class \(string(bidiClass)) in BidiTest.txt")
    }
    return scalar
}

/// The bit of each paragraph direction in the bitsets of BidiTest.txt.
private let bidiTestBit: [TextDirection: UInt32] = [.auto: 1, .ltr: 2, .rtl: 4]

/// The engine's bidi levels of each code point of `text`, found as the engine finds them: the text
/// is split into paragraphs at hard breaks (`splitParagraphs`) and each paragraph's content is
/// resolved on its own (`resolveBidi`, as `PreparedParagraph` does), so a B character (U+2029 in
/// BidiTest.txt, where B only ever ends a line) ends a paragraph as rule P1 says. The hard break
/// itself belongs to no paragraph; it gets the level of the paragraph it ends, where rule L1
/// puts a paragraph separator. The paragraph level returned is the first paragraph's.
///
/// Rule L1 needs nothing more here: ICU's levels already include it (`ubidi_setPara` resets
/// segment separators and the whitespace before them to the paragraph level, `ubidi_getLevels`
/// the whitespace at the end of the text), and each test line is one line of text.
private func engineBidi(_ text: EncodedText, direction: TextDirection) throws -> (paragraphLevel: UInt8, levels: [UInt8]) {
    try text.bytes.withUnsafeBufferPointer { bytes in
        var levels: [UInt8] = []
        levels.reserveCapacity(text.scalars.count)
        var paragraphLevel: UInt8?
        var i = 0
        for paragraph in splitParagraphs(bytes) {
            let resolved = try resolveBidi(bytes, range: paragraph.start..<paragraph.end, direction: direction)
            if paragraphLevel == nil { paragraphLevel = resolved.paragraphLevel }
            while i < text.scalars.count, text.starts[i] < paragraph.next {
                let offset = text.starts[i]
                levels.append(offset < paragraph.end ? resolved.level(at: offset, paragraphStart: paragraph.start)
                                                     : resolved.paragraphLevel)
                i += 1
            }
        }
        return (paragraphLevel ?? 0, levels)
    }
}

/// The indices of the characters that have a level (not removed by rule X9).
private func keptIndices(_ expectedLevels: [UInt8?]) -> [Int] {
    expectedLevels.indices.filter { expectedLevels[$0] != nil }
}

/// A visual order found: the kept characters, their levels and the order.
private struct VisualOrderMemo {
    var kept: [Int]
    var levels: [UInt8]
    var order: [Int]
}

/// What differs between the engine's `levels` and the expected ones (nil for characters removed by
/// rule X9, which are not compared), and between the visual order `visualOrder` gives for the
/// levels of the `kept` characters (those not removed) and the expected one (logical indices).
///
/// `memo` holds the last visual order found, which the next case reuses when its levels are the
/// same (`visualOrder` is a pure function, and the cases under one @Levels line share their levels).
private func compareBidi(_ levels: [UInt8], expectedLevels: [UInt8?], kept: [Int], expectedOrder: [Int],
                         memo: inout VisualOrderMemo?) -> CaseResult {
    guard levels.count == expectedLevels.count else {
        return CaseResult(problems: ["\(levels.count) levels for \(expectedLevels.count) characters"])
    }
    var result = CaseResult()
    if kept.contains(where: { levels[$0] != expectedLevels[$0] }) {
        if isUnidirectionalShortcut(levels, expectedLevels, kept) {
            result.shortcut = true
        } else {
            let got = levels.indices.map { expectedLevels[$0] == nil ? "x" : String(levels[$0]) }
            let want = expectedLevels.map { $0.map(String.init) ?? "x" }
            result.problems.append("levels \(got.joined(separator: " ")), expected \(want.joined(separator: " "))")
        }
    }
    let keptLevels = kept.map { levels[$0] }
    let order: [Int]
    if let memo, memo.kept == kept, memo.levels == keptLevels {
        order = memo.order
    } else {
        order = visualOrder(keptLevels).map { kept[$0] }
        memo = VisualOrderMemo(kept: kept, levels: keptLevels, order: order)
    }
    if order != expectedOrder {
        result.problems.append("order \(order.map(String.init).joined(separator: " ")), expected \(expectedOrder.map(String.init).joined(separator: " "))")
    }
    return result
}

/// Whether differing levels are ICU's shortcut for unidirectional text: when nothing in the text
/// can make it bidirectional (no right-to-left character or control in a left-to-right paragraph,
/// say), `ubidi_setPara` does not resolve levels and `ubidi_getLevels` returns each one as the
/// paragraph level, where UAX #9 would give some characters a higher level of the same parity
/// (an LRE ... PDF in a left-to-right paragraph, Arabic digits alone). Levels of one parity reorder
/// the same however high they are (all even: nothing moves; all odd: the line reverses), so ICU's
/// own conformance test (bidiconf.cpp, `checkLevels`) accepts levels that all have the parity all
/// the expected ones have. So does this test; the visual order is still compared.
private func isUnidirectionalShortcut(_ levels: [UInt8], _ expectedLevels: [UInt8?], _ kept: [Int]) -> Bool {
    guard let first = kept.first else { return true }
    let parity = expectedLevels[first]! & 1
    return kept.allSatisfy { expectedLevels[$0]! & 1 == parity && levels[$0] & 1 == parity }
}
