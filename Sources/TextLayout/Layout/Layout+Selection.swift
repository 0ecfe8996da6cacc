// The selection as rectangles: per line, the boxes of the selected grapheme clusters merged where they touch, in any direction.

extension Layout {
    /// The rectangles that highlight a selection of UTF-16 offsets, top line first and left to
    /// right within a line.
    ///
    /// On each line, the boxes of the selected grapheme clusters (those the range overlaps) are
    /// merged where they touch on screen, so a line gives one rectangle for a range of one
    /// direction and more where bidi reordering splits the range (a right-to-left word inside
    /// left-to-right text, selected partly). A selected hard break adds a space's width at its
    /// line's visual end (right on a left-to-right line, left on a right-to-left one), so a
    /// selected empty line shows. Rectangles are as tall as their line and stay within 0 and
    /// the wrap width (hanging whitespace past it is cut off). In a vertical layout each is turned
    /// into its column (see `Layout`'s caret geometry): as wide as the column, a span down it,
    /// first column first and top to bottom within one.
    /// - Complexity: O(n log n) in the length of the lines the range touches.
    public func selectionRects(forUTF16Range range: Range<Int>) -> [LayoutRect] {
        guard !range.isEmpty else { return [] }
        let spaceWidth = Double(prepared.style.font.spaceAdvance) * prepared.style.font.metrics.scale(size: prepared.style.settings.size)
        var rects: [LayoutRect] = []
        var index = lineIndex(for: TextCaret(offset: range.lowerBound, affinity: .downstream))
        while index < lines.count {
            let line = lines[index]
            if line.utf16Range.lowerBound >= range.upperBound { break }
            let geometry = lineGeometry(index)
            var spans: [(x0: Double, x1: Double)] = []
            func add(_ x0: Double, _ x1: Double) {
                if let last = spans.last, abs(last.x1 - x0) < 1e-9 {
                    spans[spans.count - 1].x1 = max(last.x1, x1)
                } else {
                    spans.append((x0, x1))
                }
            }
            let breakSelected = line.endsWithHardBreak && range.contains(line.utf16Range.upperBound)
            let left = geometry.boxes.isEmpty ? geometry.emptyX : geometry.boxes[geometry.visualOrder[0]].x0
            let right = geometry.boxes.isEmpty ? geometry.emptyX : geometry.boxes[geometry.visualOrder[geometry.boxes.count - 1]].x1
            if breakSelected, geometry.isRightToLeft { add(left - spaceWidth, left) }
            for k in geometry.visualOrder {
                let box = geometry.boxes[k]
                guard box.range.lowerBound < range.upperBound, box.range.upperBound > range.lowerBound else { continue }
                add(box.x0, box.x1)
            }
            if breakSelected, !geometry.isRightToLeft { add(right, right + spaceWidth) }
            for span in spans {
                var x0 = max(0, span.x0)
                var x1 = max(0, span.x1)
                if wrapWidth.isFinite {
                    x0 = min(x0, wrapWidth)
                    x1 = min(x1, wrapWidth)
                }
                guard x1 > x0 else { continue }
                rects.append(physicalRect(LayoutRect(x: x0, y: line.top, width: x1 - x0, height: line.height), of: line))
            }
            index += 1
        }
        return rects
    }

    /// The rectangles that highlight a selection of the text (see ``selectionRects(forUTF16Range:)``).
    public func selectionRects(for range: Range<String.Index>) -> [LayoutRect] {
        selectionRects(forUTF16Range: utf16Offset(of: range.lowerBound)..<utf16Offset(of: range.upperBound))
    }
}
