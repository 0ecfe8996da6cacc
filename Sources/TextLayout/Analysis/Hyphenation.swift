// Hyphenation settings (CSS `hyphens` and its limits), the pattern files found by language tag and cached per process, the points `auto` adds to a paragraph's break opportunities, and where a soft hyphen stands.
import Foundation

/// Where words may break with a hyphen (CSS `hyphens`).
public enum Hyphens: String, Sendable, CaseIterable {
    /// Nowhere: soft hyphens (U+00AD) are not break opportunities either.
    case none
    /// Only after soft hyphens, which show a hyphen there (the default).
    case manual
    /// After soft hyphens, and inside words at the points the language's hyphenation patterns
    /// allow, where the same generated hyphen is shown.
    case auto
}

/// The limits on automatic hyphenation (CSS `hyphenate-limit-chars`), in grapheme clusters of
/// the word. A pattern file's own limits (`LEFTHYPHENMIN`, `RIGHTHYPHENMIN`) hold as well: the
/// larger of the two wins.
public struct HyphenationLimits: Sendable, Hashable {
    /// The shortest word hyphenated (default 5).
    public var minWord: Int
    /// The fewest characters of the word before a hyphen (default 2).
    public var minBefore: Int
    /// The fewest characters of the word after a hyphen (default 2).
    public var minAfter: Int

    public init(minWord: Int = 5, minBefore: Int = 2, minAfter: Int = 2) {
        self.minWord = minWord
        self.minBefore = minBefore
        self.minAfter = minAfter
    }

    /// - Throws: ``LayoutError`` `.invalidArgument` naming a limit below 1.
    func validate() throws {
        for (name, value) in [("hyphenMinWord", minWord), ("hyphenMinBefore", minBefore), ("hyphenMinAfter", minAfter)] where value < 1 {
            throw LayoutError(.invalidArgument, "\(name) must be a whole number of at least 1 (characters), got \(value)", keys: [name])
        }
    }
}

/// The pattern files: where they are, which one serves a language, and each read once per process.
public enum HyphenationDictionaries {
    /// Where Debian's hyphen-* packages put their `hyph_*.dic` files.
    public static let defaultDirectory = "/usr/share/hyphen"

    /// What `hyphens: auto` finds for a language: patterns, or why there are none (a warning).
    enum Lookup: Sendable {
        case patterns(HyphenationPatterns)
        case unavailable(warning: String)
    }

    /// Files read, by their real path: each language's patterns are read once per process.
    private static let loaded = Locked<[String: Lookup]>([:])
    /// What each folder and language tag found, so that preparing a text looks no file up.
    private static let found = Locked<[String: Lookup]>([:])

    /// The patterns for `language` in `directory`. The file tried first is the most specific:
    /// `hyph_LANG_Script_REGION.dic`, `hyph_LANG_REGION.dic`, `hyph_LANG_Script.dic`, then
    /// `hyph_LANG.dic`, from the tag completed with its likely subtags (so `en` finds
    /// `hyph_en_US.dic`, `de-CH` `hyph_de_CH.dic`, `ru` `hyph_ru_RU.dic`).
    static func lookup(_ language: LanguageTag?, in directory: String) -> Lookup {
        let key = directory + "\u{0}" + (language?.full ?? "")
        if let known = found.withLock({ $0[key] }) { return known }
        let result = search(language, in: directory)
        found.withLock { $0[key] = result }
        return result
    }

    /// ``lookup(_:in:)`` without its memo: the files tried, the one read.
    private static func search(_ language: LanguageTag?, in directory: String) -> Lookup {
        guard let language else {
            return .unavailable(warning: "hyphens is auto but the text has no language: words break only at soft hyphens")
        }
        let names = fileNames(for: language)
        let folder = directory.hasSuffix("/") ? directory : directory + "/"
        guard let path = names.lazy.map({ folder + $0 }).first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            return .unavailable(warning: "hyphens is auto but there are no hyphenation patterns for '\(language.full)' in \(directory) "
                                + "(looked for \(names.joined(separator: ", "))): words break only at soft hyphens")
        }
        let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        return loaded.withLock { loaded in
            if let known = loaded[real] { return known }
            let found: Lookup
            do {
                found = .patterns(try read(real))
            } catch let error as LayoutError {
                found = .unavailable(warning: "the hyphenation patterns \(path) cannot be used: \(error.message); words break only at soft hyphens")
            } catch {
                found = .unavailable(warning: "the hyphenation patterns \(path) cannot be used: \(error); words break only at soft hyphens")
            }
            loaded[real] = found
            return found
        }
    }

    /// The file names that may hold `language`'s patterns, most specific first.
    static func fileNames(for language: LanguageTag) -> [String] {
        var names: [String] = []
        let lang = language.language
        if let script = language.script, let region = language.region { names.append("hyph_\(lang)_\(script)_\(region).dic") }
        if let region = language.region { names.append("hyph_\(lang)_\(region).dic") }
        if let script = language.script { names.append("hyph_\(lang)_\(script).dic") }
        names.append("hyph_\(lang).dic")
        return names
    }

    /// Reads a pattern file: a regular file (not a pipe or a device, which could block), at most
    /// ``HyphenationPatterns/maximumFileSize`` bytes.
    static func read(_ path: String) throws -> HyphenationPatterns {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        guard attributes?[.type] as? FileAttributeType == .typeRegular else {
            throw LayoutError(.invalidArgument, "it is not a regular file")
        }
        let size = (attributes?[.size] as? NSNumber)?.intValue ?? 0
        guard size <= HyphenationPatterns.maximumFileSize else {
            throw LayoutError(.invalidArgument, "it is \(size) bytes; at most \(HyphenationPatterns.maximumFileSize) are read")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LayoutError(.invalidArgument, "it cannot be read")
        }
        return try HyphenationPatterns(fileBytes: [UInt8](data))
    }
}

extension TextStyle {
    /// What ``TextSettings/hyphens`` `auto` uses for this style's language in `directory` (nil unless `auto`).
    func hyphenationLookup() -> HyphenationDictionaries.Lookup? {
        guard settings.hyphens == .auto else { return nil }
        let directory = font.context?.hyphenationDirectory ?? HyphenationDictionaries.defaultDirectory
        return HyphenationDictionaries.lookup(languageTag, in: directory)
    }

    /// The patterns ``TextSettings/hyphens`` `auto` hyphenates with, or nil.
    var hyphenationPatterns: HyphenationPatterns? {
        if case let .patterns(patterns)? = hyphenationLookup() { return patterns }
        return nil
    }

    /// The warning a text prepared in this style carries: why `auto` hyphenates nothing.
    var hyphenationWarning: String? {
        if case let .unavailable(warning)? = hyphenationLookup() { return warning }
        return nil
    }
}

/// The points inside the words of `range` where `patterns` allow a hyphen, as byte offsets of
/// the letter after each (ascending), within `limits`.
///
/// A word is a run of letters (with their combining marks) between characters that are not;
/// a whitespace-separated piece of text that holds a hyphen or a soft hyphen is left as it is
/// (it breaks there already, as in browsers). Points fall only between grapheme clusters.
func hyphenationPoints(_ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, patterns: HyphenationPatterns,
                       limits: HyphenationLimits) -> [Int] {
    var points: [Int] = []
    // One word's letters, where each starts, whether each starts a grapheme cluster, its values:
    // kept from word to word.
    var letters: [UInt32] = []
    var offsets: [Int] = []
    var clusterStarts: [Bool] = []
    var values: [UInt8] = []
    var i = range.lowerBound
    while i < range.upperBound {
        // One piece between whitespace.
        while i < range.upperBound, isSeparator(bytes, at: i) { i += utf8SequenceLength(lead: bytes[i]) }
        let pieceStart = i
        var hasHyphen = false
        while i < range.upperBound, !isSeparator(bytes, at: i) {
            let (scalar, length) = decodeScalar(bytes, at: i)
            if isHyphen(scalar) { hasHyphen = true }
            i += length
        }
        guard !hasHyphen else { continue }
        var j = pieceStart
        while j < i {
            // One word: letters and their marks.
            letters.removeAll(keepingCapacity: true)
            offsets.removeAll(keepingCapacity: true)
            clusterStarts.removeAll(keepingCapacity: true)
            var clusters = 0
            while j < i {
                let (scalar, length) = decodeScalar(bytes, at: j)
                let kind = letterKind(scalar)
                if kind == .other || (kind == .mark && letters.isEmpty) {
                    if letters.isEmpty { j += length; continue }
                    break
                }
                letters.append(lowercased(scalar))
                offsets.append(j)
                clusterStarts.append(kind == .letter)
                if kind == .letter { clusters += 1 }
                j += length
            }
            guard clusters >= limits.minWord else { continue }
            patterns.values(letters, into: &values)
            var before = 0
            for k in 0..<(letters.count - 1) {
                if clusterStarts[k] { before += 1 }
                guard values[k] & 1 == 1, clusterStarts[k + 1], before >= limits.minBefore, clusters - before >= limits.minAfter else { continue }
                points.append(offsets[k + 1])
            }
        }
    }
    return points
}

private enum LetterKind { case letter, mark, other }

private func letterKind(_ scalar: UInt32) -> LetterKind {
    if scalar < 0x80 {
        return (0x41...0x5A).contains(scalar) || (0x61...0x7A).contains(scalar) ? .letter : .other
    }
    // Latin-1's letters (all of U+00C0–U+00FF but × and ÷) and the basic Cyrillic ones, without
    // asking for the general category.
    if (0xC0...0xFF).contains(scalar) { return scalar == 0xD7 || scalar == 0xF7 ? .other : .letter }
    if (0x400...0x481).contains(scalar) || (0x48A...0x4FF).contains(scalar) { return .letter }
    guard let value = Unicode.Scalar(scalar) else { return .other }
    switch value.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: return .letter
    case .nonspacingMark, .spacingMark, .enclosingMark: return .mark
    default: return .other
    }
}

/// The lowercase form patterns are written in (the scalar itself when it lowercases to several).
private func lowercased(_ scalar: UInt32) -> UInt32 {
    if scalar < 0x80 { return (0x41...0x5A).contains(scalar) ? scalar + 0x20 : scalar }
    // Latin-1's capitals (but ×) and Cyrillic's basic ones, by their fixed distance to the small letters.
    if (0xC0...0xDE).contains(scalar) { return scalar == 0xD7 ? scalar : scalar + 0x20 }
    if (0x410...0x42F).contains(scalar) { return scalar + 0x20 }
    if (0x400...0x40F).contains(scalar) { return scalar + 0x50 }
    if (0x430...0x45F).contains(scalar) || (0xDF...0xFF).contains(scalar) { return scalar }
    guard let value = Unicode.Scalar(scalar) else { return scalar }
    let lower = value.properties.lowercaseMapping.unicodeScalars
    return lower.count == 1 ? lower.first!.value : scalar
}

/// Hyphens that already break a word: U+002D, U+00AD, U+058A, U+2010, U+2011, U+2E17, U+FE63, U+FF0D.
private func isHyphen(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0x2D, 0xAD, 0x58A, 0x2010, 0x2011, 0x2E17, 0xFE63, 0xFF0D: true
    default: false
    }
}

/// Whether a soft hyphen (U+00AD, `C2 AD` in UTF-8) ends just before `end`, starting at `floor` or after.
func endsWithSoftHyphen(_ bytes: UnsafeBufferPointer<UInt8>, _ end: Int, from floor: Int) -> Bool {
    end - 2 >= floor && bytes[end - 2] == 0xC2 && bytes[end - 1] == 0xAD
}

/// Whether the character at `i` separates pieces of text: whitespace, breaking or not.
private func isSeparator(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
    let byte = bytes[i]
    if byte < 0x80 { return byte == 0x20 || (0x09...0x0D).contains(byte) }
    return spaceLength(bytes, at: i) != nil
}
