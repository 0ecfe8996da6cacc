// CSS white-space: which spaces, tabs and newlines collapse, which become spaces, and whether lines wrap; the same-length shaping copy of a text that carries it out.

/// How the text's spaces, tabs and newlines are kept and whether lines wrap (CSS `white-space`,
/// CSS Text 3 §4; CSS Text 4's `white-space-collapse` and `text-wrap-mode` underneath).
///
/// Under the collapsing values (``normal``, ``nowrap``, ``preLine``) the text keeps its offsets:
/// a collapsed character stays in it but has no width, no break opportunity and no word spacing,
/// and a newline or tab that becomes a space is shaped as one (see ``WhiteSpaceCollapsing``).
public enum WhiteSpace: String, Sendable, Hashable, CaseIterable {
    /// Runs of spaces and tabs collapse to one space, newlines become spaces (or vanish next to a
    /// zero-width space), spaces at a line's start and end are removed; lines wrap.
    case normal
    /// As ``normal``, but lines never wrap: a paragraph is one line, however wide.
    case nowrap
    /// Every space, tab and newline is kept; lines never wrap.
    case pre
    /// Every space, tab and newline is kept; lines wrap, and the spaces at a line's end hang. The default.
    case preWrap = "pre-wrap"
    /// Runs of spaces and tabs collapse to one space, newlines are kept (a paragraph each), the
    /// spaces around a newline and at a line's start and end are removed; lines wrap.
    case preLine = "pre-line"
    /// Every space, tab and newline is kept; lines wrap, with a break opportunity after every
    /// space, and spaces never hang: one that does not fit goes to the next line.
    case breakSpaces = "break-spaces"

    /// Whether runs of spaces and tabs collapse (``normal``, ``nowrap``, ``preLine``).
    public var collapsesSpaces: Bool { self == .normal || self == .nowrap || self == .preLine }
    /// Whether lines break where there is no room (all but ``nowrap`` and ``pre``).
    public var wraps: Bool { self != .nowrap && self != .pre }
    /// Whether a newline (LF) ends a paragraph rather than becoming a space.
    public var keepsNewlines: Bool { self != .normal && self != .nowrap }
}

/// A text's characters as white-space collapsing leaves them: the same number of bytes, so that
/// every offset into the text stays valid.
///
/// `shapingBytes` is the text with each tab and (where newlines do not end paragraphs) LF and CR that
/// becomes or stays a space, and each collapsed one, replaced by U+0020: what is shaped, broken and
/// split into paragraphs. `collapsed` marks the characters removed (a flag by byte offset): they
/// are shaped as spaces, then given no advance, no word spacing and no break opportunity.
struct WhiteSpaceCollapsing: Sendable {
    var shapingBytes: [UInt8]
    var collapsed: BitFlags
    /// Whether any character is collapsed.
    var hasCollapsed: Bool

    /// Collapses `bytes` (UTF-8) under `whiteSpace`; nil when it collapses nothing (the preserving values).
    ///
    /// The rules, CSS Text 3 §4.1.1 and §4.1.2 for one block of text:
    /// - a run of spaces and tabs (and LFs and CRs under ``WhiteSpace/normal`` and ``WhiteSpace/nowrap``)
    ///   is kept as its first character, turned into a space, the others collapsed;
    /// - a run holding a LF under `normal`/`nowrap` is kept as its first LF, as a space; that one is
    ///   collapsed too when a zero-width space (U+200B) stands just before or after the run (the
    ///   segment break transformation);
    /// - under ``WhiteSpace/preLine`` a run beside a LF (before or after it) is collapsed whole;
    /// - a run at the start of the text or after a hard break that remains (LF and CR under
    ///   `pre-line`, VT, FF, NEL, U+2028, U+2029), and at the end of the text or before such a break, is
    ///   collapsed whole: spaces at a line's start and end are removed.
    init?(_ bytes: [UInt8], whiteSpace: WhiteSpace) {
        guard whiteSpace.collapsesSpaces else { return nil }
        let newlinesCollapse = !whiteSpace.keepsNewlines
        var copy = bytes
        var collapsed = BitFlags()
        var any = false
        let count = bytes.count
        bytes.withUnsafeBufferPointer { text in
            var i = 0
            while i < count {
                guard Self.isCollapsible(text[i], newlines: newlinesCollapse) else { i += 1; continue }
                let start = i
                var firstNewline = -1
                while i < count, Self.isCollapsible(text[i], newlines: newlinesCollapse) {
                    if text[i] == 0x0A, firstNewline < 0 { firstNewline = i }
                    i += 1
                }
                let end = i
                for k in start..<end { copy[k] = 0x20 }
                let atLineStart = start == 0 || Self.endsHardBreak(text, before: start)
                let atLineEnd = end == count || hardBreakLength(text, at: end) > 0
                var kept: Int? = firstNewline >= 0 ? firstNewline : start
                if atLineStart || atLineEnd { kept = nil }
                if firstNewline >= 0, kept != nil, Self.zeroWidthSpaceBeside(text, start, end) { kept = nil }
                for k in start..<end where k != kept {
                    collapsed.set(k)
                    any = true
                }
            }
        }
        shapingBytes = copy
        self.collapsed = collapsed
        hasCollapsed = any
    }

    /// Whether `byte` is a character that collapses: space, tab, and LF and CR when `newlines`
    /// (where they do not, both end a paragraph, as Chromium breaks a `pre-line` line at a CR).
    @inline(__always)
    private static func isCollapsible(_ byte: UInt8, newlines: Bool) -> Bool {
        byte == 0x20 || byte == 0x09 || (newlines && (byte == 0x0A || byte == 0x0D))
    }

    /// Whether a hard break that is not collapsible (LF under `pre-line`, VT, FF, NEL, U+2028,
    /// U+2029) ends just before `offset`.
    private static func endsHardBreak(_ text: UnsafeBufferPointer<UInt8>, before offset: Int) -> Bool {
        for length in 1...3 where offset - length >= 0 {
            if hardBreakLength(text, at: offset - length) == length { return true }
        }
        return false
    }

    /// Whether U+200B ZERO WIDTH SPACE ends just before `start` or begins at `end`.
    private static func zeroWidthSpaceBeside(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        func isZeroWidthSpace(at i: Int) -> Bool {
            i >= 0 && i + 2 < text.count && text[i] == 0xE2 && text[i + 1] == 0x80 && text[i + 2] == 0x8B
        }
        return isZeroWidthSpace(at: start - 3) || isZeroWidthSpace(at: end)
    }
}

/// `breaks` (ascending, the paragraph's end last) without those white-space collapsing removed:
/// one before a collapsed character (inside a collapsed run, or where one begins), and one after
/// text that is all collapsed since the paragraph's start or the break before (a line of nothing
/// but removed spaces, which CSS does not make).
func removingCollapsedBreaks(_ breaks: [Int], _ collapsed: BitFlags, in content: Range<Int>) -> [Int] {
    var kept: [Int] = []
    kept.reserveCapacity(breaks.count)
    var previous = content.lowerBound
    for b in breaks {
        if b < content.upperBound {
            if collapsed[b] { continue }
            if (previous..<b).allSatisfy({ collapsed[$0] }) { continue }
        }
        kept.append(b)
        previous = b
    }
    return kept
}

/// The break opportunities white-space `break-spaces` adds in `content` (a paragraph of `bytes`):
/// after every space and tab, ascending. (None before a run of them: a word and the space after
/// it too wide for a line are cut as any word, the spaces after the cut starting the next line.)
func preservedSpaceBreaks(_ bytes: UnsafeBufferPointer<UInt8>, in content: Range<Int>) -> [Int] {
    var breaks: [Int] = []
    for i in content where bytes[i] == 0x20 || bytes[i] == 0x09 { breaks.append(i + 1) }
    return breaks
}

/// Gives the glyphs of collapsed characters (spaces in the shaping copy `bytes`, flagged in
/// `collapsed`) no advance and no offset: they are shaped, as spaces, so that the text around them
/// shapes as it would with them, then take no room.
func zeroCollapsedAdvances(_ glyphs: inout ShapedGlyphs, _ collapsed: BitFlags, bytes: UnsafeBufferPointer<UInt8>) {
    for g in glyphs.indices {
        let cluster = Int(glyphs[g].cluster)
        if bytes[cluster] == 0x20, collapsed[cluster] {
            glyphs[g].advance = 0
            glyphs[g].xOffset = 0
        }
    }
}
