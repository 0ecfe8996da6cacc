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
    /// A fullwidth closing mark: `」`, `）`, and the full stops and commas `。`, `、`, `，`, `．`
    /// (which the bundled Noto Sans CJK faces draw at the left of their em).
    case close
    /// A mark drawn in the middle of its em: `・`, `：`, `；`, the ideographic space.
    case middle
    /// A proportional opening mark: `(`, `[`, and the quotation marks `“`, `‘` where the font draws
    /// them proportional (Noto Sans CJK JP).
    case openNarrow
    /// A proportional closing mark: `)`, `]`, and `”`, `’` where the font draws them proportional.
    case closeNarrow

    /// The class of `scalar`; the curly quotation marks `“‘` and `”’` are opening and closing marks
    /// when `fullwidthQuotes` (asked only for them: ``Font/drawsFullwidthQuotes(language:)`` of the
    /// font that draws them), else proportional ones, as Chromium's HanKerning has them.
    init(_ scalar: UInt32, fullwidthQuotes: @autoclosure () -> Bool) {
        switch scalar {
        case 0x2018, 0x201C: self = fullwidthQuotes() ? .open : .openNarrow
        case 0x2019, 0x201D: self = fullwidthQuotes() ? .close : .closeNarrow
        case 0x3001, 0x3002, 0xFF0C, 0xFF0E: self = .close
        case 0x3000, 0x00B7, 0x2027, 0x30FB, 0xFF1A, 0xFF1B: self = .middle
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
                        before following: PunctuationSpacingClass, features: [FontFeature], fullwidthQuotes: () -> Bool) -> [TrimmedMark] {
    // Every mark this trims is outside ASCII and Latin-1.
    guard range.contains(where: { bytes[$0] >= 0xE2 }) else { return [] }
    if features.contains(where: { $0.value != 0 && widthFeatures.contains($0.tag) }) { return [] }
    var marks: [TrimmedMark] = []
    var i = range.lowerBound
    var last: (range: Range<Int>, kind: PunctuationSpacingClass)? = preceding == .other ? nil : (range.lowerBound..<range.lowerBound, preceding)
    while i < range.upperBound {
        let (scalar, length) = decodeScalar(bytes, at: i)
        let kind = PunctuationSpacingClass(scalar, fullwidthQuotes: fullwidthQuotes())
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
/// at the text's start, and after a paragraph's separator), a quotation mark's as the run's font
/// draws it (`fullwidthQuotes`), as Chromium reads the characters beside a run with the run's font.
func punctuationClass(_ bytes: UnsafeBufferPointer<UInt8>, before start: Int, fullwidthQuotes: () -> Bool) -> PunctuationSpacingClass {
    guard start > 0 else { return .other }
    return PunctuationSpacingClass(decodeScalar(bytes, at: scalarStart(bytes, atOrBefore: start - 1, notBefore: 0)).0,
                                   fullwidthQuotes: fullwidthQuotes())
}

/// The class of the character at byte `end` of `bytes` (``PunctuationSpacingClass/other`` at the
/// text's end, and at a paragraph's separator), a quotation mark's as `fullwidthQuotes` says.
func punctuationClass(_ bytes: UnsafeBufferPointer<UInt8>, at end: Int, fullwidthQuotes: () -> Bool) -> PunctuationSpacingClass {
    guard end < bytes.count else { return .other }
    return PunctuationSpacingClass(decodeScalar(bytes, at: end).0, fullwidthQuotes: fullwidthQuotes())
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
