// Where a line ends in a generated hyphen (after a soft hyphen, at an automatic hyphenation point) and what the hyphen stands in for: one rule for the scan, the walk, the cut and the optimal searches.

/// What may stand for a hyphen where a segment ends.
enum HyphenationPoint {
    /// A soft hyphen (U+00AD) ends the segment's content.
    case softHyphen
    /// A point that `hyphens: auto` added inside a word.
    case automatic
}

extension PreparedParagraph {
    /// The hyphenation point segment `index` ends at, before any line is asked about: an automatic
    /// point at its end, or a soft hyphen that ends its content, with no whitespace hanging after
    /// it and not at the paragraph's end. Nil when a line that breaks after the segment shows no
    /// hyphen whatever comes before it on the line; a line that breaks at a point shows one where
    /// ``hyphenEnding(_:_:segment:from:)`` says. Inlined: the subtraction scan asks it for every
    /// segment it weighs (out of line, relayout with lines built took 2 to 4% longer).
    @inline(__always)
    func hyphenationPoint(endingSegment index: Int, bytes: UnsafeBufferPointer<UInt8>) -> HyphenationPoint? {
        guard index + 1 < segmentCount else { return nil }
        let end = contentEnds[index]
        guard end == segmentStarts[index + 1] else { return nil }
        if isAutoHyphen(end) { return .automatic }
        return endsWithSoftHyphen(bytes, end, from: range.start) ? .softHyphen : nil
    }
}

/// The text the hyphen stands in for when a line from `start` that breaks after segment `index`
/// of a paragraph shows one: the soft hyphen (U+00AD) the segment ends with, or an empty range
/// at the automatic hyphenation point it ends at. Nil when the line shows no hyphen there: no
/// soft hyphen or point (``PreparedParagraph/hyphenationPoint(endingSegment:bytes:)``), nothing
/// before it on the line (a soft hyphen that starts a line shows nothing), or no font to draw a
/// hyphen with (the soft hyphen's font has neither U+2010 nor `-`; a point is added only where
/// the letter before it has one).
func hyphenEnding(_ paragraph: PreparedParagraph, _ bytes: UnsafeBufferPointer<UInt8>, segment index: Int,
                  from start: Int) -> Range<Int>? {
    let end = paragraph.contentEnds[index]
    switch paragraph.hyphenationPoint(endingSegment: index, bytes: bytes) {
    case .automatic?:
        return end > start ? end..<end : nil
    case .softHyphen?:
        guard end - 2 > start, paragraph.runs[paragraph.run(at: end - 2)].textFont.hyphen != nil else { return nil }
        return (end - 2)..<end
    case nil:
        return nil
    }
}

/// What the hyphen a line shows stands in for (see ``hyphenEnding(_:_:segment:from:)``): the soft
/// hyphen before the line's content end, or nothing at an automatic hyphenation point.
func hyphenReplacing(_ line: LineBreak, in paragraph: PreparedParagraph) -> Range<Int>? {
    guard line.isHyphenated else { return nil }
    return paragraph.isAutoHyphen(line.contentEnd) ? line.contentEnd..<line.contentEnd : (line.contentEnd - 2)..<line.contentEnd
}

/// Whether a line that breaks after segment `index` may end in a hyphen there, at a soft hyphen or
/// an automatic hyphenation point (see ``hyphenEnding(_:_:segment:from:)``, which also asks what
/// comes before on the line).
func mayShowHyphen(_ paragraph: PreparedParagraph, _ bytes: UnsafeBufferPointer<UInt8>, segment index: Int) -> Bool {
    hyphenEnding(paragraph, bytes, segment: index, from: paragraph.range.start - 1) != nil
}
