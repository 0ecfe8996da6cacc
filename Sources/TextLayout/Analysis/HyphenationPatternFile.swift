// Reading a `hyph_*.dic` pattern file as libhyphen reads it: the charset line, then each line a comment, a keyword or a pattern, into one level's automaton or the other.
import CICU

/// A pattern file being read (see ``HyphenationPatterns`` for the format): its charset, the
/// patterns of its two levels, the limits its keywords set, what it skipped.
struct PatternFileReader {
    let charset: String
    private let decoder: LineDecoder
    /// Where the charset's line ends: the patterns start after it.
    private let firstLineEnd: Int
    private var compound = LevelBuilder()
    private var main = LevelBuilder()
    /// Whether a `NEXTLEVEL` ended the first of two levels.
    private var sawNextLevel = false
    /// The numbers of the limit keywords of the level libhyphen returns, by keyword.
    private var mins: [String: Int] = [:]
    private(set) var skippedNonStandard = 0
    private(set) var patternCount = 0

    /// Checks the file's size, its bytes and its charset line.
    /// - Throws: ``LayoutError`` `.invalidArgument`: a file over ``HyphenationPatterns/maximumFileSize``,
    ///   a NUL byte, a first line that is not a charset's name or one ICU does not know.
    init(fileBytes bytes: [UInt8]) throws {
        guard bytes.count <= HyphenationPatterns.maximumFileSize else {
            throw LayoutError(.invalidArgument, "the pattern file is \(bytes.count) bytes; at most \(HyphenationPatterns.maximumFileSize) are read")
        }
        guard !bytes.contains(0) else {
            throw LayoutError(.invalidArgument, "the pattern file holds a NUL byte: it is binary, not a pattern file")
        }
        firstLineEnd = bytes.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) ?? bytes.count
        let charset = String(decoding: bytes[..<firstLineEnd], as: UTF8.self).trimmingSpaces()
        guard !charset.isEmpty, charset.count <= 40, charset.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_:.".contains($0)) }) else {
            throw LayoutError(.invalidArgument, "a pattern file starts with its charset's name (such as UTF-8 or ISO8859-1), got '\(charset.prefix(40))'")
        }
        self.charset = charset
        decoder = try LineDecoder(charset: charset)
    }

    /// Reads the lines after the charset's, as libhyphen does: it reads lines into a 100-byte
    /// buffer and skips those that do not fit (and empty ones).
    mutating func readPatterns(_ bytes: [UInt8]) {
        var lineStart = firstLineEnd
        while lineStart < bytes.count {
            while lineStart < bytes.count, bytes[lineStart] == 0x0A || bytes[lineStart] == 0x0D { lineStart += 1 }
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            defer { lineStart = lineEnd }
            guard lineEnd > lineStart, lineEnd - lineStart < 99 else { continue }
            guard read(bytes[lineStart..<lineEnd]) else { break }
        }
    }

    /// Reads one line: a comment (`%`, or here `#`), a keyword, or a pattern of the level being
    /// read. False when the file ends there: libhyphen reads two levels at most, so a second
    /// `NEXTLEVEL` ends it.
    private mutating func read(_ line: ArraySlice<UInt8>) -> Bool {
        if line.first == UInt8(ascii: "%") || line.first == UInt8(ascii: "#") { return true }
        if let (keyword, value) = Self.keyword(line) {
            if keyword == "NEXTLEVEL" {
                if sawNextLevel { return false }
                sawNextLevel = true
            } else if keyword != "NOHYPHEN", !sawNextLevel {
                // libhyphen reads the limits of the level it returns: the first of two, or the only one.
                mins[keyword] = value
            }
            return true
        }
        let text = decoder.decode(line)
        if text.contains("/") {
            skippedNonStandard += 1
            return true
        }
        let (letters, values) = Self.pattern(text)
        if sawNextLevel { main.add(letters, values) } else { compound.add(letters, values) }
        patternCount += 1
        return true
    }

    /// A pattern's letters and its values: the digit before each letter and after the last (0
    /// where none stands), read up to the first space or control character.
    private static func pattern(_ text: String) -> (letters: [UInt32], values: [UInt8]) {
        var letters: [UInt32] = []
        var values: [UInt8] = [0]
        for scalar in text.unicodeScalars {
            if scalar.value <= 0x20 { break }
            if (0x30...0x39).contains(scalar.value) {
                values[values.count - 1] = UInt8(scalar.value - 0x30)
            } else {
                letters.append(scalar.value)
                values.append(0)
            }
        }
        return (letters, values)
    }

    /// A keyword line's keyword and number (0 when it has none), or nil for a pattern line.
    private static func keyword(_ line: ArraySlice<UInt8>) -> (String, Int)? {
        for keyword in ["COMPOUNDLEFTHYPHENMIN", "COMPOUNDRIGHTHYPHENMIN", "LEFTHYPHENMIN", "RIGHTHYPHENMIN", "NOHYPHEN", "NEXTLEVEL"] {
            guard line.starts(with: keyword.utf8) else { continue }
            // As C's atoi: spaces, then digits; anything else ends the number.
            var number = 0
            var i = line.startIndex + keyword.utf8.count
            while i < line.endIndex, line[i] == 0x20 || line[i] == 0x09 { i += 1 }
            while i < line.endIndex, (0x30...0x39).contains(line[i]), number < 1_000_000 {
                number = number * 10 + Int(line[i] - 0x30)
                i += 1
            }
            return (keyword, number)
        }
        return nil
    }

    /// The two levels' automata, taken from the reader (it keeps empty ones): the first (compound
    /// joints) and the second. In a file of one level, what was read is the second level, and the
    /// first finds no joint in a word of letters (libhyphen's default first level breaks only at
    /// hyphens and apostrophes).
    mutating func finishedLevels() -> (compound: HyphenationPatterns.Level, main: HyphenationPatterns.Level) {
        var first = LevelBuilder()
        var second = LevelBuilder()
        swap(&first, &compound)
        swap(&second, &main)
        if !sawNextLevel { swap(&first, &second) }
        return (first.finished(), second.finished())
    }

    /// The fewest characters before and after a hyphen (`LEFTHYPHENMIN`, `RIGHTHYPHENMIN`; 0 when not set).
    var limits: (left: Int, right: Int) {
        (mins["LEFTHYPHENMIN"] ?? 0, mins["RIGHTHYPHENMIN"] ?? 0)
    }

    /// The same inside the parts of a compound word; in a file of one level, libhyphen's
    /// defaults: the word's limits, else 3.
    var compoundLimits: (left: Int, right: Int) {
        let compoundLeft = mins["COMPOUNDLEFTHYPHENMIN"] ?? 0
        let compoundRight = mins["COMPOUNDRIGHTHYPHENMIN"] ?? 0
        guard !sawNextLevel else { return (compoundLeft, compoundRight) }
        let (left, right) = limits
        return (compoundLeft > 0 ? compoundLeft : left > 0 ? left : 3, compoundRight > 0 ? compoundRight : right > 0 ? right : 3)
    }
}

/// Turns a pattern file's lines into Unicode: UTF-8 as it is (bad bytes as U+FFFD); a one-byte
/// charset through a table of its 128 upper bytes, each converted once by ICU; any other charset
/// line by line through ICU.
private struct LineDecoder {
    let charset: String
    let isUTF8: Bool
    /// For a one-byte charset, the character of each byte from 0x80.
    let upperBytes: [Unicode.Scalar]?

    init(charset: String) throws {
        self.charset = charset
        let name = charset.uppercased().filter { $0.isLetter || $0.isNumber }
        isUTF8 = name == "UTF8"
        guard !isUTF8 else {
            upperBytes = nil
            return
        }
        var table: [Unicode.Scalar] = []
        for byte in UInt8(0x80)...UInt8(0xFF) {
            let text = try Self.convert([byte], charset: charset)
            guard text.unicodeScalars.count == 1 else { break }
            table.append(text.unicodeScalars.first!)
        }
        upperBytes = table.count == 128 ? table : nil
    }

    func decode(_ line: ArraySlice<UInt8>) -> String {
        if isUTF8 || line.allSatisfy({ $0 < 0x80 }) { return String(decoding: line, as: UTF8.self) }
        if let upperBytes {
            var text = String.UnicodeScalarView()
            for byte in line { text.append(byte < 0x80 ? Unicode.Scalar(byte) : upperBytes[Int(byte - 0x80)]) }
            return String(text)
        }
        return (try? Self.convert(Array(line), charset: charset)) ?? ""
    }

    /// `bytes` in `charset`, converted by ICU.
    static func convert(_ bytes: [UInt8], charset: String) throws -> String {
        let needed = cicu_convert_to_utf8(charset, bytes, Int32(bytes.count), nil, 0)
        guard needed >= 0 else {
            throw LayoutError(.invalidArgument, "the pattern file's charset '\(charset)' is not one ICU can read (\(String(cString: cicu_error_name(-needed))))")
        }
        var output = [UInt8](repeating: 0, count: Int(needed) + 1)
        let written = cicu_convert_to_utf8(charset, bytes, Int32(bytes.count), &output, Int32(output.count))
        return String(decoding: output[..<Int(max(0, written))], as: UTF8.self)
    }
}

/// Builds one level's automaton: a trie of the patterns, then each state's fallback.
private struct LevelBuilder {
    var level = HyphenationPatterns.Level()
    var parent: [Int32] = [-1]
    var letter: [UInt32] = [0]
    var depth: [Int32] = [0]

    /// Adds a pattern (a later one of the same letters replaces an earlier one, as in libhyphen).
    mutating func add(_ letters: [UInt32], _ values: [UInt8]) {
        var state: Int32 = 0
        for scalar in letters {
            let key = UInt64(state) << 21 | UInt64(scalar & 0x1F_FFFF)
            let known = level.transitions[key]
            if known >= 0 {
                state = known
            } else {
                let new = Int32(parent.count)
                level.transitions[key] = new
                if state == 0, scalar & 0x1F_FFFF < 0x500 { level.rootBelow500[Int(scalar & 0x1F_FFFF)] = new }
                parent.append(state)
                letter.append(scalar & 0x1F_FFFF)
                depth.append(depth[Int(state)] + 1)
                level.fallback.append(-1)
                level.valueStart.append(0)
                level.valueCount.append(0)
                state = new
            }
        }
        // Leading zeros raise nothing: keep the values from the first non-zero one (as libhyphen),
        // so most states keep few.
        let first = values.firstIndex { $0 != 0 } ?? values.count
        let kept = values[first...]
        level.valueStart[Int(state)] = Int32(level.values.count)
        level.valueCount[Int(state)] = UInt8(min(kept.count, 255))
        level.values.append(contentsOf: kept.prefix(255))
    }

    /// The level with every fallback set, in order of depth (Aho and Corasick's failure links:
    /// the longest proper suffix of a state's string that is a state).
    consuming func finished() -> HyphenationPatterns.Level {
        var byDepth = Array(1..<parent.count)
        byDepth.sort { depth[$0] < depth[$1] }
        for state in byDepth {
            let up = Int(parent[state])
            guard up != 0 else {
                level.fallback[state] = 0
                continue
            }
            var candidate = level.fallback[up]
            var found: Int32 = 0
            while candidate >= 0 {
                let next = level.transitions[UInt64(candidate) << 21 | UInt64(letter[state])]
                if next >= 0 {
                    found = next
                    break
                }
                candidate = level.fallback[Int(candidate)]
            }
            level.fallback[state] = found
        }
        return level
    }
}

private extension String {
    func trimmingSpaces() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars = scalars.dropFirst() }
        while let last = scalars.last, last.isWhitespace { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
