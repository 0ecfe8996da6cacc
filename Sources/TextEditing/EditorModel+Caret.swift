// Where the caret is drawn: its line and x position in the laid-out display text, from the glyph runs' clusters and advances.
import TextLayout

extension EditorModel {
    /// The caret's rectangle in the editor's box (insets included), unscrolled: its line's top
    /// and height, and the x where the caret's grapheme boundary falls in the line's glyphs.
    ///
    /// The caret is placed in the displayed text: at its start while a placeholder shows, after
    /// as many bullets as there are grapheme clusters before it when secure. At a soft wrap it is
    /// at the start of the next line. Its x never passes the wrap width (spaces hang past it).
    public var caretRect: Rect {
        let layout = measurement.layout
        let offset = displayCaretOffset
        let line = layout.lines.last { $0.utf16Range.lowerBound <= offset } ?? layout.lines[0]
        var x = Self.caretX(atUTF16Offset: offset, in: line, text: layout.prepared.text)
        if layout.maxWidth.isFinite { x = min(x, layout.maxWidth) }
        let insets = configuration.sizing.insets
        return Rect(x: insets.left + max(0, x), y: insets.top + line.top,
                    width: configuration.caretWidth, height: line.height)
    }

    /// The caret's UTF-16 offset in ``displayText``.
    var displayCaretOffset: Int {
        if showsPlaceholder { return 0 }
        if configuration.secure { return text[..<caretIndex].count }
        return utf16Offset(of: caretIndex)
    }

    /// The x of a UTF-16 offset of `text` on `line`, from the line's left edge.
    ///
    /// In the run holding the offset (or ending at it), the advances of the clusters before it
    /// are added up; a cluster of several grapheme clusters (a ligature) is split evenly between
    /// them. In a right-to-left run the sum is taken from the run's right edge. Past every run:
    /// the right end of the line's glyphs. At a boundary between runs of opposite directions
    /// the caret goes with the run that starts there; bidi-aware caret geometry (both positions
    /// of an ambiguous boundary) is the engine's job, issue 5.
    static func caretX(atUTF16Offset offset: Int, in line: Line, text: String) -> Double {
        let holding = line.runs.first { $0.utf16Range.contains(offset) }
        guard let run = holding ?? line.runs.last(where: { $0.utf16Range.upperBound == offset }) else {
            if let first = line.runs.first, offset < first.utf16Range.lowerBound { return 0 }
            return line.runs.reduce(0) { max($0, $1.x + $1.width) }
        }
        let glyphs = run.isRightToLeft ? Array(run.glyphs.reversed()) : run.glyphs
        var before = 0.0
        var i = 0
        while i < glyphs.count {
            let cluster = glyphs[i].cluster
            var j = i
            var advance = 0.0
            while j < glyphs.count, glyphs[j].cluster == cluster {
                advance += glyphs[j].advance
                j += 1
            }
            let next = j < glyphs.count ? glyphs[j].cluster : run.utf16Range.upperBound
            if offset < next {
                if offset > cluster {
                    before += advance * graphemeFraction(text, cluster, offset, next)
                }
                break
            }
            before += advance
            i = j
        }
        return run.isRightToLeft ? run.x + run.width - before : run.x + before
    }

    /// The share of the grapheme clusters of `text[start..<end]` (UTF-16 offsets) that lie before `offset`.
    private static func graphemeFraction(_ text: String, _ start: Int, _ offset: Int, _ end: Int) -> Double {
        let utf16 = text.utf16
        let s = utf16.index(utf16.startIndex, offsetBy: start)
        let o = utf16.index(utf16.startIndex, offsetBy: offset)
        let e = utf16.index(utf16.startIndex, offsetBy: end)
        let total = text[s..<e].count
        guard total > 1 else { return 0 }
        return Double(text[s..<o].count) / Double(total)
    }
}
