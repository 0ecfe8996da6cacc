// CSS text-transform: the characters a text is shaped as (another case, full-width, full-size kana), each traced to the character of the text it comes from, so that every offset stays the text's own.
import CICU

/// How the text's characters are shown (CSS `text-transform`): as they are, in upper or lower
/// case by the language's rules, each word's first letter in title case, full-width, or small
/// kana full-size. The text keeps its characters: clusters, line starts, carets, hit tests and
/// selections are in its offsets; only the glyphs come from the transformed characters (a `ß`
/// shown `SS` is one cluster, which no line break splits).
public enum TextTransform: String, Sendable, Hashable, CaseIterable {
    /// The characters as they are (the default).
    case none
    /// Upper case, by the language's full mappings (`ß` to `SS`; Turkish and Azeri `i` to `İ`;
    /// Greek accents dropped under `el`; Lithuanian's dot above dropped under `lt`), as ICU maps them.
    case uppercase
    /// Lower case, by the language's full mappings (`Σ` at a word's end to `ς`; Turkish and Azeri
    /// `I` to `ı` and `İ` to `i`; `İ` elsewhere to `i` and U+0307), as ICU maps them.
    case lowercase
    /// The first character of each word (UAX #29's words, with a word also starting after `.`
    /// and `:` as in Chromium) in title case by its simple mapping (`ǆ` to `ǅ`; `ß` stays), the
    /// rest as it is.
    case capitalize
    /// ASCII's printable characters, the space and the half-width forms (katakana, Hangul,
    /// symbols) as their full-width forms (Unicode's `<wide>` and `<narrow>` mappings).
    case fullWidth = "full-width"
    /// Small kana as full-size kana (CSS Text 3's table).
    case fullSizeKana = "full-size-kana"

    /// The characters `scalar` is shown as, alone (a case mapping's context aside), for choosing
    /// a font that has them: a full-width `Ａ` is looked for in the fonts, not the text's `A`.
    func shownScalars(_ scalar: UInt32) -> [UInt32] {
        guard let value = Unicode.Scalar(scalar) else { return [scalar] }
        let mapped: String
        switch self {
        case .none: return [scalar]
        case .fullWidth: return [fullWidthForm(scalar)]
        case .fullSizeKana: return [fullSizeKanaForm(scalar)]
        case .uppercase: mapped = value.properties.uppercaseMapping
        case .lowercase: mapped = value.properties.lowercaseMapping
        case .capitalize: mapped = value.properties.titlecaseMapping
        }
        return mapped.unicodeScalars.map(\.value)
    }

    /// The one character each character is shown as, for the transforms that map one to one by a
    /// table (full-width, full-size kana); nil for none and the case transforms.
    var characterForm: ((UInt32) -> UInt32)? {
        switch self {
        case .fullWidth: fullWidthForm
        case .fullSizeKana: fullSizeKanaForm
        case .none, .uppercase, .lowercase, .capitalize: nil
        }
    }

    /// Whether a piece of text transforms the same wherever it stands (one character to one, no
    /// context): the word cache may then hold the piece under the transform. Lower case (a final
    /// sigma), capitalize (a word's start) and Greek upper case read the characters around.
    func isContextFree(language: String) -> Bool {
        switch self {
        case .none, .fullWidth, .fullSizeKana: true
        case .uppercase: primaryLanguage(language) != "el"
        case .lowercase, .capitalize: false
        }
    }

    /// Whether line break opportunities are found in the transformed characters rather than the
    /// text's: the width transforms change the characters' line break classes (a full-width
    /// letter is ideographic, so lines may break between two), where the case transforms keep them.
    var findsBreaksInTransformedText: Bool { self == .fullWidth || self == .fullSizeKana }
}

/// The characters a range of text is shown as under a transform, each with the byte offset of
/// the text's character it comes from (ascending: one character's several, such as `SS`, one after another).
struct TransformedCharacters {
    var scalars: [UInt32] = []
    /// Absolute byte offsets in the text.
    var sources: [Int] = []

    mutating func append(_ scalar: UInt32, from source: Int) {
        scalars.append(scalar)
        sources.append(source)
    }
}

/// The language subtag of a BCP 47 tag, lowercased ("tr" of "tr-Latn-TR"), "" for none.
func primaryLanguage(_ tag: String) -> String {
    String(tag.prefix { $0 != "-" && $0 != "_" }).lowercased()
}

extension TextTransform {
    /// The characters `range` of `bytes` is shown as, read with the text around it within
    /// `context` (the run it lies in: a window out to the whitespace before and after it, at most
    /// ``contextLimit`` bytes each way), in `language` (a BCP 47 tag, "" for none).
    func transformed(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, context: Range<Int>, language: String) -> TransformedCharacters {
        switch self {
        case .none: return Self.mapped(bytes, range) { $0 }
        case .fullWidth: return Self.mapped(bytes, range, fullWidthForm)
        case .fullSizeKana: return Self.mapped(bytes, range, fullSizeKanaForm)
        case .uppercase, .lowercase, .capitalize:
            let window = Self.window(bytes, around: range, in: context)
            let characters = self == .capitalize
                ? Self.capitalized(bytes, window.range, startsWord: window.startsAtWordEdge)
                : Self.caseMapped(bytes, window.range, upper: self == .uppercase, language: primaryLanguage(language))
            var kept = TransformedCharacters()
            for (k, source) in characters.sources.enumerated() where range.contains(source) {
                kept.append(characters.scalars[k], from: source)
            }
            return kept
        }
    }

    /// How far a window reaches past the range it is read for, in bytes, at most.
    static let contextLimit = 256

    /// Each character of `range` mapped alone.
    private static func mapped(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ map: (UInt32) -> UInt32) -> TransformedCharacters {
        var result = TransformedCharacters()
        result.scalars.reserveCapacity(range.count)
        result.sources.reserveCapacity(range.count)
        var i = range.lowerBound
        while i < range.upperBound {
            let (scalar, length) = decodeScalar(bytes, at: i)
            result.append(map(scalar), from: i)
            i += length
        }
        return result
    }

    /// Whether the character that ends at `i` separates words for a window: ASCII whitespace or a no-break space.
    private static func separatorEnds(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, after start: Int) -> Bool {
        let byte = bytes[i - 1]
        if byte == 0x20 || (0x09...0x0D).contains(byte) { return true }
        return byte == 0xA0 && i - 2 >= start && bytes[i - 2] == 0xC2
    }

    /// The bytes around `range` a case mapping reads: back to just after whitespace (or the
    /// context's start) and on to whitespace (or the context's end), no further than
    /// ``contextLimit``; and whether the window starts where a word may start (not cut short).
    private static func window(_ bytes: UnsafeBufferPointer<UInt8>, around range: Range<Int>, in context: Range<Int>) -> (range: Range<Int>, startsAtWordEdge: Bool) {
        var start = range.lowerBound
        let lowest = max(context.lowerBound, range.lowerBound - contextLimit)
        while start > context.lowerBound, !separatorEnds(bytes, at: start, after: context.lowerBound) {
            if start <= lowest {
                // Cut short: back to a character's first byte.
                while start < range.lowerBound, bytes[start] & 0xC0 == 0x80 { start += 1 }
                break
            }
            start -= 1
        }
        let atEdge = start == context.lowerBound || separatorEnds(bytes, at: start, after: context.lowerBound)
        var end = range.upperBound
        let highest = min(context.upperBound, range.upperBound + contextLimit)
        while end < highest {
            let (scalar, length) = decodeScalar(bytes, at: end)
            if scalar == 0x20 || (0x09...0x0D).contains(scalar) || scalar == 0xA0 { break }
            end += length
        }
        return (start..<end, atEdge)
    }

    /// The characters of `range` with their byte offsets.
    private static func scalars(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> (scalars: [UInt32], offsets: [Int]) {
        let plain = mapped(bytes, range) { $0 }
        return (plain.scalars, plain.sources)
    }

    /// UTF-16 code units of `scalars`.
    private static func utf16(_ scalars: ArraySlice<UInt32>) -> [UInt16] {
        var units: [UInt16] = []
        units.reserveCapacity(scalars.count)
        for scalar in scalars {
            if scalar < 0x10000 {
                units.append(UInt16(scalar))
            } else {
                let value = scalar - 0x10000
                units.append(UInt16(0xD800 + (value >> 10)))
                units.append(UInt16(0xDC00 + (value & 0x3FF)))
            }
        }
        return units
    }

    /// The scalars of UTF-16 `units` (a lone surrogate as U+FFFD).
    private static func scalars(ofUTF16 units: ArraySlice<UInt16>) -> [UInt32] {
        var result: [UInt32] = []
        var i = units.startIndex
        while i < units.endIndex {
            let unit = UInt32(units[i])
            if (0xD800..<0xDC00).contains(unit), i + 1 < units.endIndex, (0xDC00..<0xE000).contains(UInt32(units[i + 1])) {
                result.append(0x10000 + ((unit - 0xD800) << 10) + (UInt32(units[i + 1]) - 0xDC00))
                i += 2
            } else {
                result.append((0xD800..<0xE000).contains(unit) ? 0xFFFD : unit)
                i += 1
            }
        }
        return result
    }

    /// ICU's case mapping of UTF-16 `units` in `language`.
    private static func caseMap(_ units: [UInt16], upper: Bool, language: String) -> [UInt16] {
        guard !units.isEmpty else { return [] }
        var capacity = units.count * 3 + 8
        while true {
            var written: Int32 = 0
            let out = [UInt16](unsafeUninitializedCapacity: capacity) { buffer, count in
                written = units.withUnsafeBufferPointer { text in
                    cicu_case_map(upper ? CICU_UPPER : CICU_LOWER, language, text.baseAddress, Int32(text.count), buffer.baseAddress, Int32(capacity))
                }
                count = written < 0 ? 0 : min(Int(written), capacity)
            }
            if written < 0 { return units }
            if Int(written) <= capacity { return out }
            capacity = Int(written)
        }
    }

    /// The case mapping of `range` (a window: whitespace, or the context's edge, around it) with
    /// each output character traced to its source. The window is mapped whole (a final sigma, a
    /// Greek accent read from the letters around it); the output is shared out among the window's
    /// characters by the lengths each maps to alone (less the accents the whole drops), or, where that does not add up (a mark that
    /// merges with its letter: Greek accents dropped, Turkish `I` and U+0307 to `i`), each
    /// character with its marks; when neither adds up, each character with its marks is mapped alone.
    private static func caseMapped(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, upper: Bool, language: String) -> TransformedCharacters {
        let (scalars, offsets) = scalars(bytes, range)
        let whole = caseMap(utf16(scalars[...]), upper: upper, language: language)
        var result = TransformedCharacters()
        // Shares the whole mapping out by `lengths` (UTF-16 units of each group of characters
        // starting at `groupStarts`), when they add up to it.
        func shared(groupStarts: [Int], lengths: [Int]) -> Bool {
            guard lengths.reduce(0, +) == whole.count else { return false }
            var unit = 0
            for (g, start) in groupStarts.enumerated() {
                let piece = whole[unit..<(unit + lengths[g])]
                // A piece that starts or ends inside a surrogate pair is no sharing.
                if let first = piece.first, (0xDC00..<0xE000).contains(first) { return false }
                if let last = piece.last, (0xD800..<0xDC00).contains(last) { return false }
                for scalar in Self.scalars(ofUTF16: piece) { result.append(scalar, from: offsets[start]) }
                unit += lengths[g]
            }
            return true
        }
        let alone = scalars.map { scalar -> [UInt16] in
            // An ASCII character maps to one ASCII character alone in every language.
            scalar < 0x80 ? [0] : caseMap(utf16([scalar]), upper: upper, language: language)
        }
        // Each character takes as many units as it maps to alone, less the combining marks at the
        // end of its own mapping that the whole does not have there (Greek upper case keeps a
        // standalone `ή`'s accent, a `ή` inside a word loses it).
        var lengths: [Int] = []
        lengths.reserveCapacity(scalars.count)
        var unit = 0
        for mapping in alone {
            var length = mapping.count
            while length > 1, (0x300..<0x370).contains(mapping[length - 1]),
                  unit + length - 1 >= whole.count || whole[unit + length - 1] != mapping[length - 1] {
                length -= 1
            }
            lengths.append(length)
            unit += length
        }
        if shared(groupStarts: Array(scalars.indices), lengths: lengths) { return result }
        result = TransformedCharacters()
        var groupStarts: [Int] = []
        for (k, scalar) in scalars.enumerated() where k == 0 || !extendsCluster(scalar) { groupStarts.append(k) }
        let groups = groupStarts.enumerated().map { g, start in start..<(g + 1 < groupStarts.count ? groupStarts[g + 1] : scalars.count) }
        let groupMappings = groups.map { caseMap(utf16(scalars[$0]), upper: upper, language: language) }
        if shared(groupStarts: groupStarts, lengths: groupMappings.map(\.count)) { return result }
        result = TransformedCharacters()
        for (g, mapping) in groupMappings.enumerated() {
            for scalar in Self.scalars(ofUTF16: mapping[...]) { result.append(scalar, from: offsets[groups[g].lowerBound]) }
        }
        return result
    }

    /// `range` with the first character of each word in title case (ICU's simple mapping, for a
    /// character of the Basic Multilingual Plane: Chromium maps one UTF-16 unit), the rest as it
    /// is. Words start at UAX #29's word boundaries, after `.` and `:` as well (Chromium's word
    /// rules break there: `a.b` is `A.B`), and at the window's start when `startsWord`.
    private static func capitalized(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, startsWord: Bool) -> TransformedCharacters {
        var result = mapped(bytes, range) { $0 }
        guard !result.scalars.isEmpty else { return result }
        var wordStarts = Set((try? boundaries(.word, in: bytes, range: range)) ?? [])
        if startsWord { wordStarts.insert(range.lowerBound) }
        for k in result.scalars.indices {
            let scalar = result.scalars[k]
            let startsAfterStop = k > 0 && (result.scalars[k - 1] == 0x2E || result.scalars[k - 1] == 0x3A)
            guard scalar < 0x10000, scalar != 0xA0, startsAfterStop || wordStarts.contains(result.sources[k]) else { continue }
            result.scalars[k] = cicu_simple_title(scalar)
        }
        return result
    }
}

/// The full-width form of `scalar` (CSS `text-transform: full-width`): ASCII's printable
/// characters and the space to U+FF01...U+FF5E and U+3000, a half-width form to the character
/// its `<narrow>` mapping names (the half-width voiced marks to the spacing ones, U+309B and
/// U+309C), a character a `<wide>` form maps to (`¢`, `₩`) to that form, the others as they are.
func fullWidthForm(_ scalar: UInt32) -> UInt32 {
    switch scalar {
    case 0x20: return 0x3000
    case 0x21...0x7E: return scalar + 0xFEE0
    case 0xFF9E: return 0x309B
    case 0xFF9F: return 0x309C
    default: return FullWidthTable.shared.wide[scalar] ?? scalar
    }
}

/// The wide forms of the half-width characters and of the characters a `<wide>` form maps to
/// (beyond ASCII), read once from ICU's decompositions.
private final class FullWidthTable: Sendable {
    static let shared = FullWidthTable()
    let wide: [UInt32: UInt32]

    private init() {
        var wide: [UInt32: UInt32] = [:]
        func compatibility(_ scalar: UInt32) -> UInt32? {
            var out = [UInt16](repeating: 0, count: 4)
            let n = cicu_nfkc([UInt16(scalar)], 1, &out, 4)
            return n == 1 ? UInt32(out[0]) : nil
        }
        for scalar in UInt32(0xFF01)...0xFFEE {
            switch cicu_width_decomposition_type(scalar) {
            case 1: if let narrow = compatibility(scalar), narrow > 0x7E { wide[narrow] = scalar }
            case 2: if let full = compatibility(scalar) { wide[scalar] = full }
            default: break
            }
        }
        self.wide = wide
    }
}

/// The full-size kana of a small kana (CSS Text 3's table for `full-size-kana`), the others as they are.
func fullSizeKanaForm(_ scalar: UInt32) -> UInt32 {
    switch scalar {
    // Hiragana: ぁぃぅぇぉ, っ, ゃゅょ, ゎ, ゕゖ.
    case 0x3041, 0x3043, 0x3045, 0x3047, 0x3049: return scalar + 1
    case 0x3063: return 0x3064
    case 0x3083, 0x3085, 0x3087: return scalar + 1
    case 0x308E: return 0x308F
    case 0x3095: return 0x304B
    case 0x3096: return 0x3051
    // Katakana: ァィゥェォ, ッ, ャュョ, ヮ, ヵヶ.
    case 0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9: return scalar + 1
    case 0x30C3: return 0x30C4
    case 0x30E3, 0x30E5, 0x30E7: return scalar + 1
    case 0x30EE: return 0x30EF
    case 0x30F5: return 0x30AB
    case 0x30F6: return 0x30B1
    // Katakana phonetic extensions: ㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ.
    case 0x31F0...0x31FF:
        let full: [UInt32] = [0x30AF, 0x30B7, 0x30B9, 0x30C8, 0x30CC, 0x30CF, 0x30D2, 0x30D5,
                              0x30D8, 0x30DB, 0x30E0, 0x30E9, 0x30EA, 0x30EB, 0x30EC, 0x30ED]
        return full[Int(scalar - 0x31F0)]
    // Half-width katakana: ｧｨｩｪｫ, ｬｭｮ, ｯ.
    case 0xFF67...0xFF6B: return scalar - 0xFF67 + 0xFF71
    case 0xFF6C: return 0xFF94
    case 0xFF6D: return 0xFF95
    case 0xFF6E: return 0xFF96
    case 0xFF6F: return 0xFF82
    // Small kana of the Kana Extended-A and Small Kana Extension blocks.
    case 0x1B132: return 0x3053
    case 0x1B150: return 0x3090
    case 0x1B151: return 0x3091
    case 0x1B152: return 0x3092
    case 0x1B155: return 0x30B3
    case 0x1B164: return 0x30F0
    case 0x1B165: return 0x30F1
    case 0x1B166: return 0x30F2
    case 0x1B167: return 0x30F3
    default: return scalar
    }
}

/// The line break opportunities of `content` (a paragraph of `bytes`) under `style`'s transform,
/// found in the transformed characters (as ``lineBreaks(_:in:style:after:objects:)`` finds them
/// in the text) and given back as the text's byte offsets: a break before a transformed character
/// is one before the text's character it comes from. What Chromium does: it breaks the text the
/// transform made.
func transformedLineBreaks(_ bytes: UnsafeBufferPointer<UInt8>, in content: Range<Int>, style: TextStyle,
                           objects: ArraySlice<Int>) throws -> [Int] {
    let characters = style.settings.textTransform.transformed(bytes, content, context: content, language: style.shapingLanguage)
    var transformed: [UInt8] = []
    transformed.reserveCapacity(content.count * 3)
    // The text's offset of the character at each transformed offset (where one starts), the end last.
    var original: [Int] = []
    original.reserveCapacity(content.count * 3 + 1)
    var transformedStart: [Int: Int] = [:]
    for (k, scalar) in characters.scalars.enumerated() {
        let source = characters.sources[k]
        if transformedStart[source] == nil { transformedStart[source] = transformed.count }
        let before = transformed.count
        appendUTF8(scalar, to: &transformed)
        original.append(contentsOf: repeatElement(source, count: transformed.count - before))
    }
    original.append(content.upperBound)
    let transformedObjects = objects.compactMap { transformedStart[$0] }
    let found = try transformed.withUnsafeBufferPointer { buffer in
        try lineBreaks(buffer, in: 0..<buffer.count, style: style, objects: transformedObjects[...])
    }
    var breaks: [Int] = []
    breaks.reserveCapacity(found.count)
    // A space shown as U+3000 (class BA) after a Hebrew letter still breaks after it, as Chromium
    // breaks there, where UAX #14's rule LB21a keeps `HL BA` with what follows; not before a
    // character that no line starts with after a BA (CL, CP, EX, IS, SY by LB13; NS, BA, HY by LB21).
    var afterSpaces: [Int] = []
    for (k, scalar) in characters.scalars.enumerated() where scalar == 0x3000 && k > 0 && k + 1 < characters.scalars.count {
        guard cicu_line_break_class(characters.scalars[k - 1]) == 38 else { continue }
        if [4, 8, 11, 13, 16, 18, 27, 36].contains(cicu_line_break_class(characters.scalars[k + 1])) { continue }
        afterSpaces.append(characters.sources[k + 1])
    }
    for offset in found {
        let mapped = original[offset]
        // A break inside one character's transformed characters is none.
        if offset < transformed.count, offset > 0, original[offset - 1] == mapped { continue }
        if let last = breaks.last, last >= mapped { continue }
        breaks.append(mapped)
    }
    return afterSpaces.isEmpty ? breaks : mergedAscending(breaks, afterSpaces)
}

/// Appends the UTF-8 bytes of `scalar` (a surrogate or a value past U+10FFFF as U+FFFD).
func appendUTF8(_ scalar: UInt32, to bytes: inout [UInt8]) {
    let value = (0xD800..<0xE000).contains(scalar) || scalar > 0x10FFFF ? 0xFFFD : scalar
    switch value {
    case ..<0x80: bytes.append(UInt8(value))
    case ..<0x800:
        bytes.append(UInt8(0xC0 | value >> 6)); bytes.append(UInt8(0x80 | value & 0x3F))
    case ..<0x10000:
        bytes.append(UInt8(0xE0 | value >> 12)); bytes.append(UInt8(0x80 | (value >> 6) & 0x3F)); bytes.append(UInt8(0x80 | value & 0x3F))
    default:
        bytes.append(UInt8(0xF0 | value >> 18)); bytes.append(UInt8(0x80 | (value >> 12) & 0x3F))
        bytes.append(UInt8(0x80 | (value >> 6) & 0x3F)); bytes.append(UInt8(0x80 | value & 0x3F))
    }
}
