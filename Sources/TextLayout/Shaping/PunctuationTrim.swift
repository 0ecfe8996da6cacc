// Which fullwidth punctuation marks of a shaped range are set half as wide under `text-spacing-trim` `normal` (and the values that trim more), as Chromium does.
import CHarfBuzz

/// The OpenType feature that sets a fullwidth mark half as wide (`halt`, Alternate Half Widths).
let halfWidthTag = hb_tag_from_string("halt", 4)
/// The feature that sets a mark of an upright run in a column half as tall (`vhal`).
let verticalHalfWidthTag = hb_tag_from_string("vhal", 4)

/// A mark to shape with ``halfWidthTag``: its bytes, and the character before which a break is
/// unsafe (a line that starts there is shaped anew, where the trim does not hold).
struct TrimmedMark: Equatable {
    var range: Range<Int>
    var unsafeBreakBefore: Int
}

/// Walks trimmed marks (in ascending order) alongside glyphs of non-decreasing clusters.
struct TrimmedMarkCursor {
    let marks: [TrimmedMark]
    private var next = 0

    init(marks: [TrimmedMark]) { self.marks = marks }

    /// Whether a break before the character at byte `cluster` is unsafe because of a trimmed mark;
    /// asked with non-decreasing clusters.
    mutating func breakIsUnsafe(before cluster: Int) -> Bool {
        while next < marks.count, marks[next].unsafeBreakBefore < cluster { next += 1 }
        return next < marks.count && marks[next].unsafeBreakBefore == cluster
    }
}

/// How a character takes part in the trimming of adjacent punctuation (CSS Text 4's text spacing
/// classes).
enum PunctuationSpacingClass: Hashable, Sendable {
    case other
    /// A fullwidth opening mark: `「`, `（`, `『`.
    case open
    /// A fullwidth closing mark: `」`, `）`, and in a line the full stops and commas `。`, `、`, `，`,
    /// `．` (which the bundled Noto Sans CJK faces draw at the left of their em).
    case close
    /// A mark drawn in the middle of its em: `・`, the ideographic space, and in a line `：`, `；`.
    case middle
    /// A proportional opening mark: `(`, `[`, and the quotation marks `“`, `‘` where the font draws
    /// them proportional (Noto Sans CJK JP).
    case openNarrow
    /// A proportional closing mark: `)`, `]`, and `”`, `’` where the font draws them proportional.
    case closeNarrow

    /// The class of `scalar`. The fullwidth full stops and commas `、。，．` (dots), the fullwidth colon and
    /// semicolon `：；` and the curly quotation marks `“‘” ’` take the classes the font that draws them gives
    /// them (`placed`, asked only for them: ``Font/punctuationClasses(language:upright:)``), as Chromium's
    /// HanKerning has them.
    init(_ scalar: UInt32, placed: @autoclosure () -> PlacedPunctuationClasses) {
        switch scalar {
        case 0x2018, 0x201C: self = placed().fullwidthQuotes ? .open : .openNarrow
        case 0x2019, 0x201D: self = placed().fullwidthQuotes ? .close : .closeNarrow
        case 0x3001, 0x3002, 0xFF0C, 0xFF0E: self = placed().dot
        case 0xFF1A: self = placed().colon
        case 0xFF1B: self = placed().semicolon
        case 0x3000, 0x00B7, 0x2027, 0x30FB: self = .middle
        case 0x28, 0x5B, 0x7B: self = .openNarrow
        case 0x29, 0x5D, 0x7D: self = .closeNarrow
        // No other ASCII character, kana, ideograph or Hangul syllable is an opening or closing
        // mark: no Unicode lookup for them.
        case 0..<0x80, 0x3040..<0xFD00: self = .other
        default:
            guard let value = Unicode.Scalar(scalar) else { self = .other; return }
            // Fullwidth: the CJK Symbols and Punctuation block and the East Asian fullwidth forms.
            let fullwidth = (0x3000...0x303F).contains(scalar) || (0xFF01...0xFF60).contains(scalar)
            switch value.properties.generalCategory {
            case .openPunctuation: self = fullwidth ? .open : .openNarrow
            case .closePunctuation: self = fullwidth ? .close : .closeNarrow
            default: self = .other
            }
        }
    }

    /// Whether an opening mark of this class is trimmed after a character of class `before`.
    func trimsOpening(after before: Self) -> Bool {
        self == .open && [.open, .middle, .close, .openNarrow].contains(before)
    }

    /// Whether a closing mark of this class is trimmed before a character of class `after`.
    func trimsClosing(before after: Self) -> Bool {
        self == .close && [.close, .middle, .closeNarrow].contains(after)
    }
}

/// The classes of the marks whose class depends on where the font draws them in their em (CSS Text
/// 4's fullwidth dot and colon punctuation, and the curly quotation marks, fullwidth or proportional).
struct PlacedPunctuationClasses: Hashable, Sendable {
    /// The class of `、。，．`.
    var dot: PunctuationSpacingClass
    /// The class of `：`.
    var colon: PunctuationSpacingClass
    /// The class of `；`.
    var semicolon: PunctuationSpacingClass
    /// Whether `“‘` are opening and `”’` closing marks (else proportional ones).
    var fullwidthQuotes: Bool

    /// In a line: the dots closing marks (the bundled Noto Sans CJK faces draw them at the left of
    /// their em), the colon and semicolon middle ones, the quotes as `fullwidthQuotes` says.
    static func inLine(fullwidthQuotes: Bool) -> Self {
        Self(dot: .close, colon: .middle, semicolon: .middle, fullwidthQuotes: fullwidthQuotes)
    }

    /// The classes a character alone gives, in a line with proportional quotes: for the
    /// characters a line's edge may trim, which the font does not decide.
    static let byCharacter = inLine(fullwidthQuotes: false)

    /// None of them a mark that trims or is trimmed: a font whose upright forms of them are not
    /// each one em tall (Chromium applies no `vhal` in it).
    static let unplaced = Self(dot: .other, colon: .other, semicolon: .other, fullwidthQuotes: false)

    /// The class Chromium's HanKerning gives a glyph one em long that inks `inkStart..<inkEnd` along the
    /// text (from the em's start: across a line from its left, down a column from its top): a closing
    /// mark when the ink lies in the em's first half, an opening one when in its second, a middle one
    /// when it starts past the first quarter and is at most half an em long, else none.
    static func placedClass(inkStart: Double, inkEnd: Double, em: Double) -> PunctuationSpacingClass {
        if inkEnd <= em / 2 { return .close }
        if inkStart >= em / 2 { return .open }
        if inkStart >= em / 4 && inkEnd - inkStart <= em / 2 { return .middle }
        return .other
    }
}

/// The fullwidth marks of `range` of `bytes` that Chromium's `text-spacing-trim: normal` sets
/// half as wide (its HanKerning, for a font with `halt` and without `chws`): an opening mark after
/// an opening, middle, closing or proportional opening mark (`。「`: the `「`), and a closing mark
/// before a closing, middle or proportional closing mark (`），`: the `）`). The character before
/// the range is of class `preceding` (a run's start: the class of the text before it); at a line's
/// start it is `other`, so the first character is not trimmed (Chromium shapes a line's start anew
/// without the character before). The character after it is of class `following` (a run's end
/// before another: the class of that run's first character), which may trim the range's last
/// mark. None when `features` turns on one that sets widths itself (`halt`, `palt`, `hwid`, ...),
/// as Chromium leaves those alone.
func trimmedPunctuation(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, after preceding: PunctuationSpacingClass,
                        before following: PunctuationSpacingClass, features: [FontFeature],
                        placed: () -> PlacedPunctuationClasses) -> [TrimmedMark] {
    // Every mark this trims is outside ASCII and Latin-1.
    guard range.contains(where: { bytes[$0] >= 0xE2 }) else { return [] }
    if features.contains(where: { $0.value != 0 && widthFeatures.contains($0.tag) }) { return [] }
    var marks: [TrimmedMark] = []
    var i = range.lowerBound
    var last: (range: Range<Int>, kind: PunctuationSpacingClass)? = preceding == .other ? nil : (range.lowerBound..<range.lowerBound, preceding)
    while i < range.upperBound {
        let (scalar, length) = decodeScalar(bytes, at: i)
        let kind = PunctuationSpacingClass(scalar, placed: placed())
        if let last {
            if last.kind.trimsClosing(before: kind) {
                // (A closing mark before the range is another run's: not shaped here.)
                if !last.range.isEmpty { marks.append(TrimmedMark(range: last.range, unsafeBreakBefore: i)) }
            } else if kind.trimsOpening(after: last.kind) {
                marks.append(TrimmedMark(range: i..<(i + length), unsafeBreakBefore: i))
            }
        }
        last = (i..<(i + length), kind)
        i += length
    }
    if let last, !last.range.isEmpty, last.kind.trimsClosing(before: following) {
        marks.append(TrimmedMark(range: last.range, unsafeBreakBefore: range.upperBound))
    }
    return marks
}

/// The features that set the widths of fullwidth marks themselves: with one on, nothing is trimmed.
private let widthFeatures: Set<String> = ["halt", "hwid", "palt", "pwid", "qwid", "twid", "valt", "vhal", "vpal"]

/// The class of the character before byte `start` of `bytes` (``PunctuationSpacingClass/other``
/// at the text's start, and after a paragraph's separator), a mark the font places as the run's
/// font places it (`placed`), as Chromium reads the characters beside a run with the run's font.
func punctuationClass(_ bytes: UnsafeBufferPointer<UInt8>, before start: Int, placed: () -> PlacedPunctuationClasses) -> PunctuationSpacingClass {
    guard start > 0 else { return .other }
    return PunctuationSpacingClass(decodeScalar(bytes, at: scalarStart(bytes, atOrBefore: start - 1, notBefore: 0)).0,
                                   placed: placed())
}

/// The class of the character at byte `end` of `bytes` (``PunctuationSpacingClass/other`` at the
/// text's end, and at a paragraph's separator), a mark the font places as `placed` says.
func punctuationClass(_ bytes: UnsafeBufferPointer<UInt8>, at end: Int, placed: () -> PlacedPunctuationClasses) -> PunctuationSpacingClass {
    guard end < bytes.count else { return .other }
    return PunctuationSpacingClass(decodeScalar(bytes, at: end).0, placed: placed())
}

extension Font {
    /// Whether the font draws the curly quotation marks fullwidth for text of `language` (BCP 47,
    /// "" for none), as Chromium's HanKerning decides it: `“‘` shaped as Han text of the language
    /// (its `locl` may swap them) share one advance and ink only its right half, `”’` share one
    /// advance and ink only its left half. Noto Sans CJK SC's are (1 em, on the side of the text they
    /// enclose), Noto Sans CJK JP's are proportional, as are DejaVu Sans's (wider ink). Found once a
    /// language per font, when first asked for.
    func drawsFullwidthQuotes(language: String) -> Bool {
        if let known = fullwidthQuotes.withLock({ $0[language] }) { return known }
        let quotes = Array("“‘”’".utf8)
        let glyphs = quotes.withUnsafeBufferPointer {
            Shaper.shape(ShapingProperties(font: self, script: "Hani", rightToLeft: false, language: language), $0, 0..<quotes.count)
        }
        var fullwidth = glyphs.count == 4 && Set(glyphs.map(\.cluster)) == [0, 3, 6, 9]
        for pair in [glyphs.prefix(2), glyphs.suffix(2)] where fullwidth {
            let opening = pair.startIndex == 0
            fullwidth = pair.allSatisfy { glyph in
                guard glyph.id != 0, glyph.advance == pair.first!.advance, let ink = inkBox(ofGlyph: glyph.id) else { return false }
                let half = Double(glyph.advance) / 2
                return opening ? ink.xMin + Double(glyph.xOffset) >= half : ink.xMax + Double(glyph.xOffset) <= half
            }
        }
        fullwidthQuotes.withLock { $0[language] = fullwidth }
        return fullwidth
    }
}

extension Font {
    /// The classes of the marks the font places itself (``PlacedPunctuationClasses``) for text of
    /// `language`: in a line, the dots closing marks, the colon and semicolon middle ones, the
    /// quotes as ``drawsFullwidthQuotes(language:)``; upright in a column, as Chromium's HanKerning
    /// reads them from the vertical forms (``readUprightPunctuationClasses(language:)``).
    func punctuationClasses(language: String, upright: Bool) -> PlacedPunctuationClasses {
        guard upright else { return .inLine(fullwidthQuotes: drawsFullwidthQuotes(language: language)) }
        if let known = uprightPunctuationClasses.withLock({ $0[language] }) { return known }
        let classes = readUprightPunctuationClasses(language: language)
        uprightPunctuationClasses.withLock { $0[language] = classes }
        return classes
    }

    /// The classes of `、。，．：；“‘”’` as the font's vertical forms place them, as Chromium's HanKerning
    /// reads them for an upright run: the ten shaped top to bottom as Han text of `language` (its
    /// `vert` turns or moves some), each glyph's ink taken from the top of its em along the column
    /// (``PlacedPunctuationClasses/placedClass(inkStart:inkEnd:em:)``). The dots take their
    /// common class (none if they differ), the quotes are fullwidth when the four are one em
    /// tall, `“‘` opening and `”’` closing marks. ``PlacedPunctuationClasses/unplaced`` when one of
    /// the ten is missing or not one glyph, or a dot, the colon or the semicolon is not one em
    /// tall (the em: the advance of `水`, else the units per em).
    private func readUprightPunctuationClasses(language: String) -> PlacedPunctuationClasses {
        let marks = Array("、。，．：；“‘”’".unicodeScalars)
        let bytes = Array("、。，．：；“‘”’".utf8)
        let glyphs = bytes.withUnsafeBufferPointer {
            Shaper.shape(ShapingProperties(font: self, script: "Hani", rightToLeft: false, language: language, upright: true), $0, 0..<bytes.count)
        }
        var clusterStarts: [Int32] = []
        var offset = 0
        for mark in marks {
            clusterStarts.append(Int32(offset))
            offset += String(mark).utf8.count
        }
        guard glyphs.count == marks.count, glyphs.map(\.cluster) == clusterStarts, !glyphs.contains(where: { $0.id == 0 }) else { return .unplaced }
        let water = Array("水".utf8)
        let waterGlyphs = water.withUnsafeBufferPointer {
            Shaper.shape(ShapingProperties(font: self, script: "Hani", rightToLeft: false, language: language), $0, 0..<water.count)
        }
        let em = waterGlyphs.count == 1 && waterGlyphs[0].id != 0 ? waterGlyphs[0].advance : Int32(metrics.unitsPerEm)
        guard glyphs.prefix(6).allSatisfy({ $0.advance == em }) else { return .unplaced }
        // Down the column from the em's top: the glyph's origin lies `yOffset` above the pen (y up).
        let kinds = glyphs.map { glyph -> PunctuationSpacingClass in
            guard let ink = inkBox(ofGlyph: glyph.id) else { return .other }
            return PlacedPunctuationClasses.placedClass(inkStart: -(Double(glyph.yOffset) + ink.yMax), inkEnd: -(Double(glyph.yOffset) + ink.yMin),
                                                        em: Double(em))
        }
        let dots = Set(kinds.prefix(4))
        let quotesFullwidth = glyphs.suffix(4).allSatisfy { $0.advance == em } && kinds[6] == .open && kinds[7] == .open
            && kinds[8] == .close && kinds[9] == .close
        return PlacedPunctuationClasses(dot: dots.count == 1 ? dots.first! : .other, colon: kinds[4], semicolon: kinds[5],
                                        fullwidthQuotes: quotesFullwidth)
    }
}
