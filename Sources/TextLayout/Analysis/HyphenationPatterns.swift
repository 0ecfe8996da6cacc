// A language's hyphenation patterns (the `hyph_*.dic` format of libhyphen, LibreOffice and Debian's hyphen-* packages): each level's automaton, and a word's points found with Liang's algorithm as libhyphen finds them.

/// The hyphenation patterns of one language, read from a `hyph_*.dic` file.
///
/// The format, as libhyphen reads it: the first line names the charset (`UTF-8`, `ISO8859-1`,
/// `KOI8-R`...); then one pattern per line (TeX's: letters with a digit between any two, `.` for
/// a word edge), read up to the first space or control character; lines starting with `%` (and,
/// here, `#`) are comments; lines of 99 bytes or more are skipped, as libhyphen's buffer skips them.
/// Keywords: `LEFTHYPHENMIN n` and `RIGHTHYPHENMIN n` (the fewest characters before and after a
/// hyphen), `COMPOUNDLEFTHYPHENMIN`/`COMPOUNDRIGHTHYPHENMIN` (the same inside the parts of a
/// compound), `NOHYPHEN` (never applies here: the words hyphenated are letters only), and
/// `NEXTLEVEL`, which ends the first level of two: the first level finds the joints of compound
/// words (German `zypressen1nadel`), the second hyphenates each part. A file without
/// `NEXTLEVEL` has one level, the second. Non-standard patterns (`schif1f/ff=f`, which change the
/// spelling at the break) are skipped with their points: a line break here never changes letters.
///
/// Matching follows libhyphen exactly (the tests compare with it over thousands of words of
/// each installed language): an automaton over the patterns and their prefixes, where each
/// position takes the values of the longest pattern prefix ending there (pattern files union the
/// values of shorter patterns into longer ones; libhyphen relies on that too).
package final class HyphenationPatterns: Sendable {
    /// The largest pattern file read, in bytes: the biggest installed one (German) is about 1 MiB.
    package static let maximumFileSize = 16 << 20

    /// One level's automaton.
    struct Level: Sendable {
        /// Transitions: (state << 21 | scalar) to the next state.
        var transitions = TransitionTable()
        /// Per state, the longest proper suffix of its string that is a state (-1 for the root).
        var fallback: [Int32] = [-1]
        /// Per state, where its values start in `values` and how many there are (0: not a pattern).
        var valueStart: [Int32] = [0]
        var valueCount: [UInt8] = [0]
        /// The values of every pattern: one more than its letters, the value before each letter and after the last.
        var values: [UInt8] = []

        var isEmpty: Bool { transitions.count == 0 }

        /// The root's transitions for scalars below 0x500 (Latin, Greek, Cyrillic), by scalar: the
        /// state most lookups fall back to, looked up without hashing.
        var rootBelow500 = [Int32](repeating: -1, count: 0x500)

        /// The state after `state` reads `scalar`, or -1.
        @inline(__always) func next(_ state: Int32, _ scalar: UInt32) -> Int32 {
            if state == 0, scalar < 0x500 { return rootBelow500[Int(scalar)] }
            return transitions[UInt64(state) << 21 | UInt64(scalar)]
        }
    }

    /// The first level (compound joints; empty for a one-level file) and the second.
    let compound: Level
    let main: Level
    /// The fewest characters before and after a hyphen the file asks for (libhyphen's defaults: 2 and 2).
    let leftMin: Int
    let rightMin: Int
    /// The same inside the parts of a compound word.
    let compoundLeftMin: Int
    let compoundRightMin: Int
    /// The charset the file named.
    let charset: String
    /// How many non-standard patterns were skipped.
    let skippedNonStandard: Int

    /// Reads a pattern file's bytes.
    /// - Throws: ``LayoutError`` `.invalidArgument` saying what is wrong: an empty file, a first
    ///   line that is not a charset ICU knows, a NUL byte (a binary file), no pattern at all, or a
    ///   file over ``maximumFileSize``.
    package init(fileBytes bytes: [UInt8]) throws {
        var file = try PatternFileReader(fileBytes: bytes)
        file.readPatterns(bytes)
        guard file.patternCount > 0 else {
            throw LayoutError(.invalidArgument, "the pattern file '\(file.charset)' holds no pattern")
        }
        charset = file.charset
        skippedNonStandard = file.skippedNonStandard
        (compound, main) = file.finishedLevels()
        (leftMin, rightMin) = file.limits
        (compoundLeftMin, compoundRightMin) = file.compoundLimits
    }

    /// Where `word` (lowercase scalars, letters only) may be hyphenated, as libhyphen's
    /// `hnj_hyphen_hyphenate2` finds it with the file's own limits: `result[k]` says whether a
    /// hyphen may follow letter `k`.
    package func points(_ word: [UInt32]) -> [Bool] {
        var found: [UInt8] = []
        values(word, into: &found)
        return found.map { $0 & 1 == 1 }
    }

    /// ``points(_:)`` as values (odd: a point) written into `values`, without allocating when it
    /// has room: the form the line breaker's preparation calls for every word.
    func values(_ word: [UInt32], into values: inout [UInt8]) {
        guard word.count > 1 else {
            values = [UInt8](repeating: 0, count: word.count)
            return
        }
        hyphenate(word, useCompound: true, compoundLeftEdge: true, compoundRightEdge: true, into: &values)
        Self.clearLeft(&values, leftMin > 0 ? leftMin : 2)
        Self.clearRight(&values, rightMin > 0 ? rightMin : 2)
    }

    /// The byte offsets in `text` where `hyphens: auto` would add a break with these patterns
    /// (see ``hyphenationPoints(_:range:patterns:limits:)``), for the fuzzers.
    package func points(in text: String, limits: HyphenationLimits = HyphenationLimits()) -> [Int] {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { hyphenationPoints($0, range: 0..<$0.count, patterns: self, limits: limits) }
    }

    /// libhyphen's recursive step: the first level's joints split `word` into parts, each
    /// hyphenated alone (again through the first level); a word without joints goes to the second
    /// level, with the compound limits at the edges that are joints. `result[k]` is the value
    /// after letter `k` (odd: a point).
    private func hyphenate(_ word: [UInt32], useCompound: Bool, compoundLeftEdge isWordStart: Bool,
                           compoundRightEdge isWordEnd: Bool, into values: inout [UInt8]) {
        guard useCompound, !compound.isEmpty else {
            Self.match(main, word, into: &values)
            if !isWordStart { Self.clearLeft(&values, compoundLeftMin) }
            if !isWordEnd { Self.clearRight(&values, compoundRightMin) }
            return
        }
        Self.match(compound, word, into: &values)
        var begin = 0
        var partValues: [UInt8] = []
        for i in 0..<word.count where values[i] & 1 == 1 || (begin > 0 && i + 1 == word.count) {
            if i > begin {
                let part = Array(word[begin...i])
                hyphenate(part, useCompound: true, compoundLeftEdge: begin > 0 ? false : isWordStart,
                          compoundRightEdge: values[i] & 1 == 1 ? false : isWordEnd, into: &partValues)
                for j in 0..<(i - begin) { values[begin + j] = partValues[j] }
            }
            begin = i + 1
        }
        if begin == 0 {
            Self.match(main, word, into: &values)
            if !isWordStart { Self.clearLeft(&values, compoundLeftMin) }
            if !isWordEnd { Self.clearRight(&values, compoundRightMin) }
        }
    }

    /// The values one level's patterns give `word` framed by `.`: `values[k]` after letter `k`,
    /// the last always 0.
    private static func match(_ level: Level, _ word: [UInt32], into values: inout [UInt8]) {
        // between[p]: the value between framed[p] and framed[p + 1], where framed is the word
        // with a `.` on each side; kept in `values`, shifted by one at the end.
        let framedCount = word.count + 2
        values.removeAll(keepingCapacity: true)
        values.append(contentsOf: repeatElement(0, count: framedCount + 1))
        var state: Int32 = 0
        for i in 0..<framedCount {
            let scalar = i == 0 || i == framedCount - 1 ? 0x2E : word[i - 1]
            var found = false
            while state >= 0 {
                let next = level.next(state, scalar)
                if next >= 0 {
                    state = next
                    found = true
                    break
                }
                state = level.fallback[Int(state)]
            }
            guard found else {
                state = 0
                continue
            }
            let count = Int(level.valueCount[Int(state)])
            guard count > 0 else { continue }
            let start = Int(level.valueStart[Int(state)])
            // The pattern's last letter is framed[i]; its first value stands before its first letter.
            let offset = i + 1 - count
            for k in max(0, -offset)..<count where values[offset + k] < level.values[start + k] {
                values[offset + k] = level.values[start + k]
            }
        }
        for k in 0..<(word.count - 1) { values[k] = values[k + 1] }
        values.removeLast(values.count - word.count)
        values[word.count - 1] = 0
    }

    /// No point among the first `count - 1` letters' ends.
    private static func clearLeft(_ values: inout [UInt8], _ count: Int) {
        for k in 0..<min(values.count, max(0, count - 1)) { values[k] = 0 }
    }

    /// No point after any of the last `count` letters (libhyphen never clears the first).
    private static func clearRight(_ values: inout [UInt8], _ count: Int) {
        var k = values.count - 1
        var cleared = 0
        while cleared < count, k > 0 {
            values[k] = 0
            k -= 1
            cleared += 1
        }
    }
}

/// A hash table from UInt64 keys to non-negative Int32 values (open addressing, linear probing,
/// a multiplicative hash): the automaton's transitions, looked up once or more per letter.
struct TransitionTable: Sendable {
    private var keys: [UInt64] = [UInt64](repeating: .max, count: 16)
    private var values: [Int32] = [Int32](repeating: -1, count: 16)
    private var shift: UInt64 = 60
    private(set) var count = 0

    /// The value of `key`, or -1.
    subscript(key: UInt64) -> Int32 {
        get {
            let mask = keys.count - 1
            var i = slot(key)
            while true {
                let found = keys[i]
                if found == key { return values[i] }
                if found == .max { return -1 }
                i = (i + 1) & mask
            }
        }
        set {
            if (count + 1) * 2 > keys.count { grow() }
            let mask = keys.count - 1
            var i = slot(key)
            while keys[i] != .max, keys[i] != key { i = (i + 1) & mask }
            if keys[i] == .max { count += 1 }
            keys[i] = key
            values[i] = newValue
        }
    }

    private func slot(_ key: UInt64) -> Int { Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift) }

    private mutating func grow() {
        let oldKeys = keys
        let oldValues = values
        keys = [UInt64](repeating: .max, count: oldKeys.count * 2)
        values = [Int32](repeating: -1, count: oldKeys.count * 2)
        shift -= 1
        count = 0
        for (key, value) in zip(oldKeys, oldValues) where key != .max { self[key] = value }
    }
}
