// Caret movement on a layout: left and right on screen by grapheme, by word, to a line's start or end, up and down keeping x.

/// How a caret moves (the arrow keys and their modifiers).
///
/// The cases are the keys a UI sends, named for their direction on screen. In a horizontal layout
/// `left` and `right` move along the line, `up` and `down` to the line above or below. In a vertical
/// layout (columns, see ``Layout/lineMovement(for:)``) the keys keep their direction on screen:
/// `down` and `up` move along the column, to the next or the previous grapheme cluster (as `right`
/// and `left` do on a left-to-right line), and `left` and `right` move across to a neighbouring
/// column keeping the caret's place down it: `left` to the next column under vertical-rl, where
/// columns stack leftwards, and to the previous one under vertical-lr; `right` the other way.
/// `wordLeft` and `wordRight` move towards the column's top and bottom as `up` and `down` do
/// (alt+up and alt+down, say), and `lineStart` and `lineEnd` go to the column's start and end.
public enum CaretMovement: String, Sendable, Hashable, CaseIterable {
    /// One grapheme cluster to the left on screen (bidi-aware).
    case left
    /// One grapheme cluster to the right on screen (bidi-aware).
    case right
    /// To the start of the word before, in reading order on a left-to-right line (after, on a right-to-left one).
    case wordLeft
    /// To the end of the word after, in reading order on a left-to-right line (before, on a right-to-left one).
    case wordRight
    /// To the logical start of the caret's line.
    case lineStart
    /// To the logical end of the caret's line (after whitespace hanging there; before a hard break).
    case lineEnd
    /// To the line above, at the goal x.
    case up
    /// To the line below, at the goal x.
    case down
}

extension Layout {
    /// Where `movement` takes `caret`.
    ///
    /// - `left`, `right`: one grapheme cluster on screen. The caret crosses the cluster next to
    ///   it on that side and stops at its far edge, keeping to that cluster (so at a direction
    ///   boundary the offset says which cluster was crossed). Past a line's end it goes on to the
    ///   next line in reading order (right on a left-to-right line, left on a right-to-left one) or
    ///   the previous one, arriving at that line's edge on the side it came from, one cluster in
    ///   when its edge is the same offset (a soft wrap). At the text's ends it stays.
    /// - `wordLeft`, `wordRight`: to the start of the previous word or the end of the next one
    ///   (ICU word boundaries; a word holds a letter or a digit), in reading order as the line
    ///   reads; past a paragraph's first or last word, to its start or end, then on to the next
    ///   paragraph's.
    /// - `lineStart`, `lineEnd`: to the caret line's logical start (`.downstream`) or end (`.upstream`).
    /// - `up`, `down`: to the caret at `goalX` (else the caret's own x) on the line above or
    ///   below; from the first line up, to the text's start, and from the last line down, to its end.
    ///   Keep the goal x from the first of a run of vertical moves to pass short lines.
    ///
    /// In a vertical layout `movement` is the key on screen and is first turned into the move along
    /// or across the lines it makes (``lineMovement(for:)``); `goalX` is then the place down the
    /// column (``caretPositionAlongLine(for:)``).
    public func caret(_ movement: CaretMovement, from caret: TextCaret, goalX: Double? = nil) -> TextCaret {
        let caret = TextCaret(offset: min(max(caret.offset, 0), utf16Length), affinity: caret.affinity)
        let movement = lineMovement(for: movement)
        switch movement {
        case .left: return visualStep(from: caret, toRight: false)
        case .right: return visualStep(from: caret, toRight: true)
        case .lineStart: return TextCaret(offset: lines.line(lineIndex(for: caret), withRuns: false).utf16Range.lowerBound, affinity: .downstream)
        case .lineEnd: return TextCaret(offset: lines.line(lineIndex(for: caret), withRuns: false).utf16Range.upperBound, affinity: .upstream)
        case .up, .down:
            let index = lineIndex(for: caret)
            let target = movement == .up ? index - 1 : index + 1
            if target < 0 { return TextCaret(offset: 0) }
            if target >= lines.count { return TextCaret(offset: utf16Length, affinity: .upstream) }
            return self.caret(atX: goalX ?? caretPositionAlongLine(for: caret), onLine: target)
        case .wordLeft, .wordRight:
            let forward = (movement == .wordRight) != lineIsRightToLeft(lineIndex(for: caret))
            return TextCaret(offset: wordBoundary(from: caret.offset, forward: forward))
        }
    }

    /// The move along or across the lines that the key `movement` makes, as ``caret(_:from:goalX:)``
    /// reads it: `movement` itself in a horizontal layout (`left` and `right` along a line, `up` and
    /// `down` to the line before or after). In a vertical layout, where a line's left end is its
    /// column's top: `down` is `right` along the column and `up` is `left`; `left` is `down` (to the
    /// next column) under vertical-rl and `up` (to the previous one) under vertical-lr, `right` the
    /// other way; the other movements are themselves.
    public func lineMovement(for movement: CaretMovement) -> CaretMovement {
        let mode = prepared.style.settings.writingMode
        guard mode.isVertical else { return movement }
        let leftIsNextColumn = mode == .verticalRL
        switch movement {
        case .down: return .right
        case .up: return .left
        case .left: return leftIsNextColumn ? .down : .up
        case .right: return leftIsNextColumn ? .up : .down
        case .wordLeft, .wordRight, .lineStart, .lineEnd: return movement
        }
    }

    /// One grapheme cluster left or right on screen (see ``caret(_:from:goalX:)``).
    private func visualStep(from caret: TextCaret, toRight: Bool, crossedLine: Bool = false) -> TextCaret {
        let index = lineIndex(for: caret)
        let geometry = lineGeometry(index)
        if let edge = geometry.edge(for: caret) {
            let position = geometry.visualPosition[edge.box] + (edge.isRight ? 1 : 0)
            if toRight, position < geometry.boxes.count {
                return geometry.caret(at: BoxEdge(box: geometry.visualOrder[position], isRight: true))
            }
            if !toRight, position > 0 {
                return geometry.caret(at: BoxEdge(box: geometry.visualOrder[position - 1], isRight: false))
            }
        }
        guard !crossedLine else { return caret }
        // Past the line's edge: on to the next line in reading order, or back to the previous one.
        let forward = toRight != geometry.isRightToLeft
        let target = forward ? index + 1 : index - 1
        guard target >= 0, target < lines.count else { return caret }
        let next = lineGeometry(target)
        let arrived: TextCaret
        if next.boxes.isEmpty {
            arrived = TextCaret(offset: lines.line(target, withRuns: false).utf16Range.lowerBound)
        } else if toRight {
            arrived = next.caret(at: BoxEdge(box: next.visualOrder[0], isRight: false))
        } else {
            arrived = next.caret(at: BoxEdge(box: next.visualOrder[next.boxes.count - 1], isRight: true))
        }
        guard arrived.offset == caret.offset else { return arrived }
        return visualStep(from: arrived, toRight: toRight, crossedLine: true)
    }

    /// The start of the word before `offset` (backward) or the end of the word after it (forward);
    /// a paragraph's start or end when it has no such word, the next paragraph's when `offset` is
    /// already there.
    private func wordBoundary(from offset: Int, forward: Bool) -> Int {
        var paragraph = paragraphLines(containing: lineIndex(for: TextCaret(offset: offset)))
        while true {
            let start = lines.line(paragraph.lowerBound, withRuns: false).utf16Range.lowerBound
            let end = lines.line(paragraph.upperBound, withRuns: false).utf16Range.upperBound
            let words = wordRanges(paragraph)
            if forward {
                if let word = words.first(where: { $0.upperBound > offset }) { return word.upperBound }
                if offset < end || paragraph.upperBound + 1 >= lines.count { return end }
                paragraph = paragraphLines(containing: paragraph.upperBound + 1)
            } else {
                if let word = words.last(where: { $0.lowerBound < offset }) { return word.lowerBound }
                if offset > start || paragraph.lowerBound == 0 { return start }
                paragraph = paragraphLines(containing: paragraph.lowerBound - 1)
            }
        }
    }

    /// The lines of the paragraph that holds line `index`: from the line after a hard break to the
    /// next line that ends in one (or the last line).
    func paragraphLines(containing index: Int) -> ClosedRange<Int> {
        var first = index
        while first > 0, !lines.line(first - 1, withRuns: false).endsWithHardBreak { first -= 1 }
        var last = index
        while last + 1 < lines.count, !lines.line(last, withRuns: false).endsWithHardBreak { last += 1 }
        return first...last
    }

    /// The words of a paragraph (ICU word boundaries; a word holds a letter or a digit), as UTF-16 ranges.
    func wordRanges(_ paragraph: ClosedRange<Int>) -> [Range<Int>] {
        let text = prepared.text[lines.line(paragraph.lowerBound, withRuns: false).range.lowerBound..<lines.line(paragraph.upperBound, withRuns: false).range.upperBound]
        let utf16Start = lines.line(paragraph.lowerBound, withRuns: false).utf16Range.lowerBound
        return Array(text.utf8).withUnsafeBufferPointer { bytes in
            guard !bytes.isEmpty else { return [] }
            let ends = (try? boundaries(.word, in: bytes, range: 0..<bytes.count)) ?? [bytes.count]
            var words: [Range<Int>] = []
            var byte = 0
            var utf16 = utf16Start
            for end in ends {
                let start = utf16
                var isWord = false
                while byte < end {
                    let (scalar, length) = decodeScalar(bytes, at: byte)
                    if !isWord, let value = Unicode.Scalar(scalar), value.properties.isAlphabetic || value.properties.numericType != nil {
                        isWord = true
                    }
                    utf16 += utf16UnitCount(lead: bytes[byte])
                    byte += length
                }
                if isWord { words.append(start..<utf16) }
            }
            return words
        }
    }
}
