// Caret geometry on any layout: where each line is drawn, the caret's rectangle for an offset, and the offset under a point.

/// Which side of an offset the caret keeps to where one offset has two places on screen.
///
/// An offset has two places at a soft wrap (the end of one line and the start of the next) and at
/// a boundary between runs of opposite directions (after the character before it, before the
/// character after it). Everywhere else both affinities give the same place.
public enum CaretAffinity: String, Sendable, Hashable, CaseIterable {
    /// With the character before the offset: at its trailing edge, on its line.
    case upstream
    /// With the character after the offset: at its leading edge, on its line (the default).
    case downstream
}

/// A caret position: a UTF-16 offset into the laid-out text and the side it keeps to.
public struct TextCaret: Sendable, Hashable {
    /// A UTF-16 offset into the text, on a grapheme cluster boundary.
    public var offset: Int
    public var affinity: CaretAffinity

    public init(offset: Int, affinity: CaretAffinity = .downstream) {
        self.offset = offset
        self.affinity = affinity
    }
}

/// A rectangle in pixels: x to the right, y down, from the top left of the layout's box.
public struct LayoutRect: Sendable, Hashable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }

    public var description: String { "(x: \(x), y: \(y), width: \(width), height: \(height))" }
}

/// Caret geometry, in the coordinates a renderer draws the layout in.
///
/// **Alignment.** The engine lays every line out from its left edge; ``lineOrigin(_:)`` places it
/// in the ``alignmentWidth`` by the style's ``ParagraphStyle/alignment`` and indent, and geometry
/// reports positions where a renderer draws them (as `TextRender` does). By default a
/// left-to-right line starts at x = 0 and a right-to-left line's glyphs (the whitespace that hangs
/// at its visual end, on the left, included) end at the alignment width. An editor adds its insets.
///
/// **Graphemes.** Carets stand on grapheme cluster boundaries as Swift's `Character` draws them,
/// so the offsets agree with `String.Index` positions of the text. A HarfBuzz cluster that
/// covers several grapheme clusters (a ligature such as "ffi") has its advance split evenly
/// among them.
///
/// **Direction boundaries.** Where runs of opposite directions meet, an offset has two places:
/// `.downstream` puts the caret at the leading edge of the character after the offset, on its
/// run; `.upstream` at the trailing edge of the character before it. At a soft wrap,
/// `.upstream` keeps the caret at the end of the line before, `.downstream` moves it to the start
/// of the next line. At a line's ends, where only one neighbour is on the line, that one decides.
///
/// A layout made without glyph runs (`glyphRuns: false`) answers the same: geometry builds the
/// runs of the line it looks at (``glyphRuns(of:)``) rather than read empty ones.
///
/// **Columns.** In a vertical layout (``isVertical``) every line is a column, and the public
/// answers (``caretRect(for:width:)``, ``selectionRects(forUTF16Range:)``, ``caret(atX:y:)``) are
/// in the block's physical coordinates, as ``columnFrame(of:)`` gives them and a renderer draws
/// them: x across the block from its left edge, y down the columns. The rules above are worked out
/// along the line (x along it from its ``lineOrigin(_:)``, as in a horizontal layout) and turned
/// by one map, ``physicalRect(_:of:)``: the line's x becomes y down its column, its height the
/// column's width across. A caret is a bar across its column (the column wide, the caret's width
/// tall); a selection a span down each column, the column wide.
extension Layout {
    /// The width lines are aligned in: the wrap width, or without a limit the widest line's width
    /// (with its indent: the width `TextRender` gives a bare layout's picture, and a growing
    /// editor's text area).
    public var alignmentWidth: Double { wrapWidth.isFinite ? wrapWidth : widestExtent }

    /// The widest line's width with its indent (``widestLineWidth`` without an indent).
    var widestExtent: Double {
        guard prepared.style.settings.paragraph.indent != 0 else { return widestLineWidth }
        return lines.reduce(0) { max($0, $1.width + indent(of: $1)) }
    }

    /// How far `line` is indented from the side it is aligned to (``ParagraphStyle/indent``).
    public func indent(of line: Line) -> Double {
        let style = prepared.style.settings.paragraph
        guard style.indent != 0 else { return 0 }
        return style.indent(isFirstLine: line.byteRange.lowerBound == prepared.paragraphs.start(of: line.paragraph).bytes)
    }

    /// The x where a line's runs start (their ``GlyphRun/x`` is relative to it), the one rule for
    /// where a line is drawn. By the style's ``ParagraphStyle/alignment`` (`start` and `justify`
    /// are left for a left-to-right paragraph, right for a right-to-left one; `end` the other side):
    /// - left: the content starts at the line's indent;
    /// - right: the content ends at ``alignmentWidth`` less the line's indent;
    /// - center: the content's slack (``alignmentWidth`` less its width) is split evenly on both
    ///   sides; the indent only narrows the line, as in Pango.
    ///
    /// Whitespace that hangs at the line's end stays outside the content: on the right of a
    /// left-to-right paragraph's line, on the left of a right-to-left one's (where it may start
    /// below 0 when it is wider than the room left).
    public func lineOrigin(_ line: Line) -> Double {
        lineOrigin(line, rightToLeft: line.isRightToLeft)
    }

    /// ``lineOrigin(_:)`` for `line` read in the direction `rightToLeft` (an empty line takes the
    /// direction of the line before it, see ``lineIsRightToLeft(_:)``).
    func lineOrigin(_ line: Line, rightToLeft: Bool) -> Double {
        // The width of the whitespace that hangs left of the content (a right-to-left line's; it
        // is measured only there, since a layout without glyph runs builds them to measure it).
        func hangingOnLeft() -> Double { rightToLeft ? advance(of: line) - line.width : 0 }
        let side = prepared.style.settings.paragraph.alignment.side(rightToLeft: rightToLeft)
        if prepared.style.settings.profile.indentSide == .start {
            // CSS text-indent: the line box starts the indent in from the start side, and the
            // line is aligned inside what is left of it.
            let indent = indent(of: line)
            let (leftIndent, rightIndent) = rightToLeft ? (0, indent) : (indent, 0)
            switch side {
            case .left: return leftIndent - hangingOnLeft()
            case .right: return alignmentWidth - rightIndent - (rightToLeft ? advance(of: line) : line.width)
            case .center: return leftIndent + (alignmentWidth - indent - line.width) / 2 - hangingOnLeft()
            }
        }
        switch side {
        case .left:
            return indent(of: line) - hangingOnLeft()
        case .right:
            return alignmentWidth - indent(of: line) - (rightToLeft ? advance(of: line) : line.width)
        case .center:
            return (alignmentWidth - line.width) / 2 - hangingOnLeft()
        }
    }

    /// The advance of all of a line's runs, hanging whitespace included.
    private func advance(of line: Line) -> Double {
        glyphRuns(of: line).reduce(0) { $0 + $1.width }
    }

    /// The lines with their glyph runs (``lines`` itself when the layout was made with them): what
    /// a renderer draws.
    public var linesWithGlyphRuns: [Line] {
        guard !hasGlyphRuns else { return Array(lines) }
        return lines.map { line in
            var line = line
            line.runs = glyphRuns(of: line)
            return line
        }
    }

    /// The glyph runs of one of this layout's lines: its ``Line/runs``, or, in a layout made
    /// without glyph runs, the runs built now exactly as a layout with them would hold them.
    /// Geometry reads runs only through here, so it is the same on both kinds of layout.
    public func glyphRuns(of line: Line) -> [GlyphRun] {
        guard !hasGlyphRuns, !line.hasEllipsis, line.byteRange.lowerBound < line.byteRange.upperBound else { return line.runs }
        let paragraph = prepared.paragraphs[line.paragraph]
        let lineBreak = LineBreak(start: line.byteRange.lowerBound, contentEnd: line.contentEnd, end: line.byteRange.upperBound,
                                  width: line.width, overflowWidth: line.overflowWidth, isHyphenated: line.endsWithHyphen,
                                  isEndTrimmed: line.endsWithTrimmedMark)
        return prepared.withBytes(ofParagraphs: line.paragraph..<(line.paragraph + 1)) { bytes in
            prepared.buildLine(paragraph, lineBreak, bytes: bytes, utf16Start: line.utf16Range.lowerBound,
                               justifiedWidth: line.isJustified ? line.width : nil).runs
        }
    }

    /// The length of the text in UTF-16 code units.
    var utf16Length: Int { lines.line(lines.count - 1, withRuns: false).utf16Range.upperBound }

    /// The index of the line a caret stands on.
    ///
    /// The last line that starts at or before the offset (clamped to the text); at a soft wrap,
    /// an `.upstream` caret stays at the end of the line before.
    /// - Complexity: O(log n) in the lines.
    public func lineIndex(for caret: TextCaret) -> Int {
        let offset = min(max(caret.offset, 0), utf16Length)
        let low = lastIndex(count: lines.count, atOrBefore: offset) { lines.line($0, withRuns: false).utf16Range.lowerBound }
        if caret.affinity == .upstream, low > 0, lines.line(low, withRuns: false).utf16Range.lowerBound == offset,
           !lines.line(low - 1, withRuns: false).endsWithHardBreak, lines.line(low - 1, withRuns: false).utf16Range.upperBound == offset {
            return low - 1
        }
        return low
    }

    /// The index of the line at height `y`: the last line whose top is at or above it (the space
    /// between two lines belongs to the line above; above the first line, the first line). In a
    /// vertical layout `y` is the distance across the block from its start side (a line's
    /// ``Line/top``); ``columnIndex(atX:)`` takes a physical x.
    /// - Complexity: O(log n) in the lines.
    public func lineIndex(atY y: Double) -> Int {
        lastIndex(count: lines.count, atOrBefore: y) { lines.top(ofLine: $0) }
    }

    /// The index of the column at `x` across the block of a vertical layout (x from the block's
    /// left edge, as ``ColumnFrame/x``): ``lineIndex(atY:)`` of the distance from the block's start
    /// side (its right edge under ``WritingMode/verticalRL``, its left edge under
    /// ``WritingMode/verticalLR``). Past the block's ends, the first or the last column. In a
    /// horizontal layout, ``lineIndex(atY:)`` of `x`.
    /// - Complexity: O(log n) in the lines.
    public func columnIndex(atX x: Double) -> Int {
        lineIndex(atY: prepared.style.settings.writingMode == .verticalRL ? contentHeight - x : x)
    }

    /// A rectangle of `line` worked out along the line (x along it from the line's left end, y and
    /// height the line's top and height) where it is drawn: itself in a horizontal layout; in a
    /// vertical one turned into the line's column (``columnFrame(of:)``), its x becoming y down the
    /// column, its width its height, and across it the column's left edge and width. The one map
    /// from line geometry to columns.
    func physicalRect(_ rect: LayoutRect, of line: Line) -> LayoutRect {
        guard isVertical else { return rect }
        return LayoutRect(x: columnLeft(of: line), y: rect.x, width: line.height, height: rect.width)
    }

    /// The caret's place along its line: its x in a horizontal layout, its y down its column in a
    /// vertical one (the same number): what ``caret(_:from:goalX:)`` keeps as the goal through a
    /// run of moves to the next or previous line.
    public func caretPositionAlongLine(for caret: TextCaret) -> Double {
        caretAlongLine(for: caret).position
    }

    /// The caret's line and its x along the line, within 0 and the wrap width.
    private func caretAlongLine(for caret: TextCaret) -> (line: Int, position: Double) {
        let index = lineIndex(for: caret)
        let geometry = lineGeometry(index)
        var x = geometry.x(of: geometry.edge(for: caret))
        if wrapWidth.isFinite { x = min(x, wrapWidth) }
        return (index, max(0, x))
    }

    /// The caret's rectangle: `width` wide from the caret's x, as tall as its line.
    ///
    /// The x is where the caret's grapheme boundary falls in the line's glyphs (see the rules on
    /// this extension). It stays within 0 and the wrap width: whitespace that hangs past the wrap
    /// width puts the caret at the edge. An empty line has the caret at its ``lineOrigin(_:)`` (by
    /// default x = 0, or ``alignmentWidth`` on a right-to-left line). An empty line that a hard
    /// break starts, in a text of `auto` direction, takes the direction of the line before, so the caret of a new
    /// line stays on the side the paragraph above is aligned to.
    ///
    /// In a vertical layout the rectangle is turned into the caret's column (see the rules on this
    /// extension): as wide as the column, `width` tall, at the caret's place down it.
    /// - Parameter width: The caret's width in pixels.
    /// - Complexity: O(log n) in the lines, then O(k log k) in the caret's line (the boxes of its
    ///   grapheme clusters in visual order), whose glyph runs are built if not yet read.
    public func caretRect(for caret: TextCaret, width: Double = 1) -> LayoutRect {
        let (index, x) = caretAlongLine(for: caret)
        let line = lines[index]
        return physicalRect(LayoutRect(x: x, y: line.top, width: width, height: line.height), of: line)
    }

    /// The caret's rectangle at a UTF-16 offset (rounded down to a grapheme boundary).
    public func caretRect(forUTF16Offset offset: Int, affinity: CaretAffinity = .downstream, width: Double = 1) -> LayoutRect {
        caretRect(for: TextCaret(offset: offset, affinity: affinity), width: width)
    }

    /// The caret's rectangle at an index of the text (rounded down to a grapheme boundary).
    public func caretRect(for index: String.Index, affinity: CaretAffinity = .downstream, width: Double = 1) -> LayoutRect {
        caretRect(forUTF16Offset: utf16Offset(of: index), affinity: affinity, width: width)
    }

    /// The caret a tap at (`x`, `y`) puts in the text: on the line at `y` (see ``lineIndex(atY:)``),
    /// at the edge of the grapheme cluster under `x` that is nearer, with the affinity that draws
    /// the caret at that edge. Left or right of the line's glyphs, its leftmost or rightmost edge.
    /// In a vertical layout the tap picks the column at `x` (``columnIndex(atX:)``) and the edge
    /// by `y` down it, above or below the column's glyphs its top or bottom edge.
    /// - Complexity: as ``caretRect(for:width:)``.
    public func caret(atX x: Double, y: Double) -> TextCaret {
        guard isVertical else { return caret(atX: x, onLine: lineIndex(atY: y)) }
        return caret(atX: y, onLine: columnIndex(atX: x))
    }

    /// The caret at `x` along line `index` (see ``caret(atX:y:)``; in a vertical layout `x` is the
    /// place down the column).
    /// - Precondition: `index` is an index of ``lines``.
    public func caret(atX x: Double, onLine index: Int) -> TextCaret {
        let geometry = lineGeometry(index)
        guard !geometry.boxes.isEmpty else { return TextCaret(offset: lines.line(index, withRuns: false).utf16Range.lowerBound) }
        for k in geometry.visualOrder {
            let box = geometry.boxes[k]
            guard x < box.x1 else { continue }
            return x < (box.x0 + box.x1) / 2 ? box.leftCaret : box.rightCaret
        }
        return geometry.boxes[geometry.visualOrder[geometry.visualOrder.count - 1]].rightCaret
    }

    /// The UTF-16 offset of an index of the text.
    public func utf16Offset(of index: String.Index) -> Int {
        prepared.text.utf16Offset(of: index)
    }

    /// The index of the text at a UTF-16 offset (clamped to the text), rounded down to a grapheme boundary.
    public func index(atUTF16Offset offset: Int) -> String.Index {
        prepared.text.characterIndex(atOrBeforeUTF16Offset: offset)
    }
}
