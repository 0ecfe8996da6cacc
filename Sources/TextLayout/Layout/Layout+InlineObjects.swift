// Where a layout's inline objects are drawn: their rectangles in text order, from the runs that place them.

extension Layout {
    /// The rectangles of the inline objects the layout shows, in text order (by
    /// ``InlineObjectFrame/index``), in the coordinates the layout is drawn in: each object's run
    /// where its line starts (``lineOrigin(_:)``), so after alignment, indent, justification and
    /// bidi reordering, and its top where its alignment puts it on the line
    /// (``PlacedInlineObject/ascent`` above the baseline). In a vertical layout each rectangle is
    /// the object's physical box in the block, as ``columnFrame(of:)`` places its column: down the
    /// column from where its run starts, as tall as the object, and across it where the turned
    /// line puts it (its top at the column's right edge), as wide as the object. An object a line clamp hides (see
    /// ``truncation``) has none. A layout made without glyph runs builds the runs of the lines
    /// that hold objects.
    /// - Complexity: O(k log n) for k objects, plus building the runs of their lines when the
    ///   layout has none.
    public var inlineObjectFrames: [InlineObjectFrame] {
        let offsets = prepared.objectTable.offsets
        guard !offsets.isEmpty else { return [] }
        var frames: [InlineObjectFrame] = []
        var lastLine = -1
        for offset in offsets {
            let index = lastIndex(count: lines.count, atOrBefore: offset) { lines.byteStart(ofLine: $0) }
            guard index != lastLine else { continue }
            lastLine = index
            let line = lines[index]
            let origin = lineOrigin(line)
            let column = columnFrame(of: line)
            for run in glyphRuns(of: line) {
                switch run.content {
                case .text: continue
                case .inlineObject(let object, _):
                    let rect = column.map { columnBox(of: object, drawnBy: run, of: line, in: $0) }
                        ?? LayoutRect(x: origin + run.x, y: line.baseline - object.ascent, width: object.width, height: object.height)
                    frames.append(InlineObjectFrame(index: object.index, line: index, rect: rect))
                }
            }
        }
        // A line's runs are in drawing order; its objects in text order are in index order.
        return frames.sorted { $0.index < $1.index }
    }
}
