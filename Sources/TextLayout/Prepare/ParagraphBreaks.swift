// A paragraph's break opportunities: ICU's line breaks tailored by the style (word-break keep-all or break-all, the profile's rules, soft hyphens under `hyphens: none`), one on each side of every inline object, with the automatic hyphenation points merged in.
import CICU

/// The line break opportunities of `content` (a paragraph of `bytes`) in `style`, ascending, the
/// paragraph's end last; with `after`, only those after it (as found in the whole paragraph: ICU
/// is asked from the last break near `after` that is certain, see ``certainLineBreak(_:in:atOrBefore:)``).
/// - Parameter objects: the byte offsets of the inline objects in the paragraph (see ``inlineObjectBreaks(_:_:in:)``).
func lineBreaks(_ bytes: UnsafeBufferPointer<UInt8>, in content: Range<Int>, style: TextStyle, after: Int? = nil,
                objects: ArraySlice<Int> = []) throws -> [Int] {
    var breaks = try icuLineBreaks(bytes, in: content, after: after,
                                   locale: lineBreakLocale(language: style.languageTag?.full, strictness: style.settings.lineBreak,
                                                           smallKana: style.settings.profile.smallKanaBreaks))
    let profile = style.settings.profile
    if profile.punctuationBreaks == .chromium { breaks = chromiumPunctuationBreaks(breaks, bytes, in: content, after: after) }
    switch style.settings.effectiveWordBreak {
    case .normal: break
    case .keepAll: breaks = removingBreaksInsideWords(breaks, bytes, range: content)
    case .breakAll:
        breaks = mergedAscending(breaks, breakAllBreaks(bytes, in: content, after: after, loose: style.settings.lineBreak == .loose,
                                                        afterMarks: profile.breakAllAfterMarks))
    }
    if style.settings.lineBreak == .anywhere {
        // CSS: every typographic character unit, whatever the rules and `word-break` forbid.
        var graphemes = try boundaries(.grapheme, in: bytes, range: content, after: after)
        // Chromium's rules keep a run of spaces and tabs whole, hanging at the line's end, under
        // `anywhere` too (`… 100  |ค่า` at 360 px, where a break between the spaces would make the
        // first one count in the line's width).
        if profile.punctuationBreaks == .chromium { graphemes.removeAll { isInsideSpaceRun(bytes, at: $0, in: content) } }
        breaks = mergedAscending(breaks, graphemes)
    }
    if profile.complexContextBreaks == .libthai { breaks = removingComplexContextBreaks(breaks, bytes, range: content) }
    if profile.punctuationBreaks == .pango {
        let added = mergedAscending(breaksAfterWordInitialHyphens(bytes, range: content), breaksBetweenPunctuationAndDigits(bytes, range: content))
        breaks = mergedAscending(breaks, added.filter { $0 > (after ?? content.lowerBound) })
    }
    if style.settings.hyphens == .none {
        // CSS: a soft hyphen is then no break opportunity.
        breaks.removeAll { $0 < content.upperBound && endsWithSoftHyphen(bytes, $0, from: content.lowerBound) }
    }
    if !objects.isEmpty {
        breaks = mergedAscending(breaks, inlineObjectBreaks(objects, bytes, in: content).filter { $0 > (after ?? content.lowerBound) })
    }
    return breaks
}

/// `breaks` as a column breaks around the units combined upright (`combined`, the byte ranges of
/// the runs with a ``ShapedRun/combinedScaleX``, ascending): none inside a unit
/// (``removingBreaksInsideCombinedRuns(_:combined:)``), and under the chromium profile none between a
/// `-` right after a unit and a digit (``removingChromiumBreaksAfterCombinedHyphens(_:_:in:combined:)``),
/// unless `lineBreak: anywhere` or `wordBreak: break-all` breaks between any two characters.
func breaksAroundCombinedRuns(_ breaks: [Int], _ bytes: UnsafeBufferPointer<UInt8>, in content: Range<Int>, combined: [Range<Int>],
                              style: TextStyle) -> [Int] {
    let outside = removingBreaksInsideCombinedRuns(breaks, combined: combined)
    guard style.settings.profile.punctuationBreaks == .chromium, style.settings.lineBreak != .anywhere,
          style.settings.effectiveWordBreak != .breakAll else { return outside }
    return removingChromiumBreaksAfterCombinedHyphens(outside, bytes, in: content, combined: combined)
}

/// `breaks` without those inside a unit combined upright (`combined`, the units' byte ranges): a
/// column breaks around the unit as the text's own characters let it (`12` then `34` after it is
/// one word), never inside it, as Chromium 156 breaks them.
func removingBreaksInsideCombinedRuns(_ breaks: [Int], combined: [Range<Int>]) -> [Int] {
    guard !combined.isEmpty else { return breaks }
    return breaks.filter { offset in !combined.contains { $0.lowerBound < offset && offset < $0.upperBound } }
}

/// ICU's line breaks of `content` (a paragraph of `bytes`), ascending; with `after`, only those
/// after it. These are found from the last offset at or before `after + 1` where a break is certain
/// (``certainLineBreak(_:in:atOrBefore:)``) when there is one near, not from the paragraph's start:
/// ICU's rules start afresh at every break they find, so the breaks after one are the same in a
/// text that starts there, and a streamed piece costs its last words, not its paragraph. (ICU's own
/// search for a point to start from backs up over most of a paragraph of prose.)
private func icuLineBreaks(_ bytes: UnsafeBufferPointer<UInt8>, in content: Range<Int>, after: Int?, locale: String?) throws -> [Int] {
    guard let after, after > content.lowerBound, let restart = certainLineBreak(bytes, in: content, atOrBefore: after + 1) else {
        return try boundaries(.line, in: bytes, range: content, locale: locale, after: after)
    }
    let found = try boundaries(.line, in: bytes, range: restart..<content.upperBound, locale: locale)
    return (restart > after ? [restart] : []) + found.filter { $0 > after }
}

/// The last offset of `content` (a paragraph of `bytes`), after its start and at or before
/// `limit`, where UAX #14 breaks whatever the text around it, or nil when there is none in the 256
/// bytes before `limit`: a letter or digit (line break class AL, HL or NU) after spaces (U+0020)
/// that follow a letter or digit. Spaces break after them (LB18) unless one of the rules before
/// holds, and none does between those classes (they concern the characters right before the
/// spaces, when those open, quote, close or join, and right after them, when those close, join or
/// combine).
func certainLineBreak(_ bytes: UnsafeBufferPointer<UInt8>, in content: Range<Int>, atOrBefore limit: Int) -> Int? {
    func isLetterOrDigit(_ offset: Int) -> Bool {
        switch cicu_line_break_class(decodeScalar(bytes, at: offset).0) {
        case LineBreakClass.alphabetic, LineBreakClass.hebrewLetter, LineBreakClass.numeric: true
        default: false
        }
    }
    var offset = min(limit, content.upperBound - 1)
    while offset > max(content.lowerBound, limit - 256) {
        if bytes[offset - 1] == 0x20, bytes[offset] != 0x20, isLetterOrDigit(offset) {
            var spaces = offset - 1
            while spaces > content.lowerBound, bytes[spaces - 1] == 0x20 { spaces -= 1 }
            if spaces > content.lowerBound, isLetterOrDigit(scalarStart(bytes, atOrBefore: spaces - 1, notBefore: content.lowerBound)) {
                return offset
            }
        }
        offset -= 1
    }
    return nil
}

/// The break opportunities around the inline objects at `objects` (byte offsets in `content`, a
/// paragraph of `bytes`), ascending: before each object and after it, even beside a no-break space
/// or inside brackets (CSS Text 3 §5.1: "For Web-compatibility there is a soft wrap opportunity
/// before and after each replaced element or other atomic inline", as Chromium breaks). The one
/// after an object falls after the characters that join its grapheme cluster (combining marks,
/// as UAX #14 keeps them with it) and after the whitespace that follows it, which hangs at the
/// end of the line it ends, as at any break. Neither edge of the paragraph is one.
///
/// A hyphen right after an object and before a letter (`￼-Holstein`) breaks after itself, as it
/// does after a letter (`x-Holstein`): ICU takes a hyphen after U+FFFC (class CB) for a word's
/// first character, like the sign of `-5`, with no break after it, where the object stands for a
/// word; Chromium breaks there too.
func inlineObjectBreaks(_ objects: ArraySlice<Int>, _ bytes: UnsafeBufferPointer<UInt8>, in content: Range<Int>) -> [Int] {
    var breaks: [Int] = []
    for offset in objects {
        if offset > content.lowerBound, breaks.last != offset { breaks.append(offset) }
        // The object's grapheme cluster, as Swift (and so the editor's caret) counts it.
        let window = bytes[offset..<min(content.upperBound, offset + 256)]
        var after = offset + (String(decoding: UnsafeBufferPointer(rebasing: window), as: UTF8.self).first?.utf8.count ?? 3)
        if let hyphenEnd = endOfHyphenBeforeLetter(bytes, at: after, in: content) {
            breaks.append(after)
            breaks.append(hyphenEnd)
            continue
        }
        while after < content.upperBound {
            let length = utf8SequenceLength(lead: bytes[after])
            guard after + length <= content.upperBound, hangingWhitespaceStart(bytes, after, after + length) == after else { break }
            after += length
        }
        if after < content.upperBound { breaks.append(after) }
    }
    return breaks
}

/// `breaks` (ascending, after `after`) with those that depend on how the paragraph was shaped in
/// `runs`: the profile's Thai words found in each run of one font (``withLibthaiBreaks(_:_:runs:after:)``).
func withShapedRunBreaks(_ breaks: [Int], _ bytes: UnsafeBufferPointer<UInt8>, runs: [ShapedRun], style: TextStyle, after: Int) throws -> [Int] {
    style.settings.profile.complexContextBreaks == .libthai ? try withLibthaiBreaks(breaks, bytes, runs: runs, after: after) : breaks
}

/// `breaks` with the automatic hyphenation points of `range` (whole words of a paragraph shaped in
/// `runs`) merged in, where the font of the letter before a point can draw a hyphen; and the
/// points alone.
func withAutomaticHyphens(_ breaks: [Int], _ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>, runs: [ShapedRun],
                          style: TextStyle, hyphenation: HyphenationPatterns?) throws -> (breaks: [Int], points: [Int]) {
    guard let hyphenation else { return (breaks, []) }
    let points = hyphenationPoints(bytes, range: range, patterns: hyphenation, limits: style.settings.hyphenationLimits).filter { point in
        let letter = scalarStart(bytes, atOrBefore: point - 1, notBefore: range.lowerBound)
        return runs[runIndex(in: runs, at: letter)].textFont.hyphen != nil
    }
    return points.isEmpty ? (breaks, []) : (mergedAscending(breaks, points), points)
}

/// Two ascending arrays merged into one, without repeating a value both hold.
func mergedAscending(_ a: [Int], _ b: [Int]) -> [Int] {
    var merged: [Int] = []
    merged.reserveCapacity(a.count + b.count)
    var i = 0
    var j = 0
    while i < a.count || j < b.count {
        if j == b.count || (i < a.count && a[i] < b[j]) {
            merged.append(a[i])
            i += 1
        } else if i == a.count || b[j] < a[i] {
            merged.append(b[j])
            j += 1
        } else {
            merged.append(a[i])
            i += 1
            j += 1
        }
    }
    return merged
}

/// The break opportunities after `start` (a line's start inside `content`, a paragraph of
/// `bytes`) found as if the text began there, where they may differ from the paragraph's, for
/// ``LineStartBreaks/fromLineStart``: those before `end`, ascending (after `end`, and at it, the
/// paragraph's stand). Nil where the paragraph's stand throughout.
///
/// - Inside a run of line break class SA (Thai, Lao, Khmer, Myanmar: words a dictionary finds),
///   when the character before `start` is of that class too: the paragraph's pipeline,
///   ``lineBreaks(_:in:style:after:objects:)``, over `start` to the run's end (whose opportunity,
///   decided by what follows the run, stays the paragraph's).
/// - At a hyphen (class HY, or U+2010) before a letter (class AL or HL) that is not ASCII: none up
///   to the letter's end (UAX #14's LB20a, `sot HY × AL`).
/// - At `-` before an ASCII digit, under ``PunctuationBreaks/chromium``: none between them, as
///   Chromium's pair table has none there without a letter or digit before the hyphen
///   (``chromiumASCIIBreak(before:next:beforeThat:)``: `ISO-|8859` in a paragraph, `-8859` at a
///   line's start).
func lineStartBreaks(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, in content: Range<Int>,
                     style: TextStyle) throws -> (breaks: [Int], end: Int)? {
    guard start > content.lowerBound, start < content.upperBound else { return nil }
    let lead = bytes[start]
    if lead == UInt8(ascii: "-") || lead == 0xE2, let letterEnd = endOfWordInitialHyphen(bytes, at: start, in: content) {
        return ([], letterEnd)
    }
    if lead == UInt8(ascii: "-"), style.settings.profile.punctuationBreaks == .chromium, start + 1 < content.upperBound,
       bytes[start + 1] >= UInt8(ascii: "0"), bytes[start + 1] <= UInt8(ascii: "9") {
        return ([], start + 2)
    }
    // A character of class SA takes three bytes of UTF-8 or four: a lead byte of E0 or above.
    guard lead >= 0xE0, bytes[start - 1] >= 0x80 else { return nil }
    func isComplexContext(_ offset: Int) -> Bool {
        cicu_line_break_class(decodeScalar(bytes, at: offset).0) == LineBreakClass.complexContext
    }
    guard isComplexContext(start), isComplexContext(scalarStart(bytes, atOrBefore: start - 1, notBefore: content.lowerBound)) else { return nil }
    var runEnd = start
    while runEnd < content.upperBound, isComplexContext(runEnd) { runEnd += utf8SequenceLength(lead: bytes[runEnd]) }
    let breaks = try lineBreaks(bytes, in: start..<runEnd, style: style)
    return (breaks.filter { $0 < runEnd }, runEnd)
}

/// The end of the letter after the hyphen (class HY, or U+2010) at `start` when that letter is of
/// class AL or HL and not ASCII; nil otherwise.
private func endOfWordInitialHyphen(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, in content: Range<Int>) -> Int? {
    guard let letter = endOfHyphenBeforeLetter(bytes, at: start, in: content), bytes[letter] >= 0x80 else { return nil }
    return letter + utf8SequenceLength(lead: bytes[letter])
}

/// Whether byte `offset` of `content` lies between two spaces or tabs (U+0020, U+0009).
private func isInsideSpaceRun(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, in content: Range<Int>) -> Bool {
    func isSpaceOrTab(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
    return offset > content.lowerBound && offset < content.upperBound && isSpaceOrTab(bytes[offset - 1]) && isSpaceOrTab(bytes[offset])
}
