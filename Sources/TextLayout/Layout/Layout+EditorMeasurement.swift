// An editor measured around a layout that is already made (one brought up to date after an edit), without laying the text out again.

extension Layout {
    /// The growing editor `editorWidth` pixels wide (nil for no limit) that holds this layout,
    /// measured as ``PreparedText/measureEditor(editorWidth:sizing:glyphRuns:)`` measures it, but
    /// around these lines instead of new ones: for a layout from ``updated(for:after:)``, which
    /// equals a fresh layout of its text (with greedy lines), the result equals
    /// `prepared.measureEditor(editorWidth: editorWidth, sizing: sizing)`.
    /// - Throws: ``LayoutError`` `.invalidArgument` for an invalid sizing or editor width, or when
    ///   this layout was not made at the wrap width and line spacing such an editor lays its text
    ///   out at (its width less the side insets, `sizing.lineSpace`).
    /// - Complexity: O(1).
    public func measureEditor(editorWidth: Double?, sizing: EditorSizing) throws -> EditorMeasurement {
        let editorsWrapWidth = try sizing.checkedWrapWidth(ofEditorWidth: editorWidth) ?? .infinity
        guard editorsWrapWidth == wrapWidth, sizing.lineSpace == lineSpace else {
            throw LayoutError(.invalidArgument, "the layout was made at wrap width \(plainNumber(wrapWidth)) and line space \(plainNumber(lineSpace)); an editor \(editorWidth.map { plainNumber($0) } ?? "without a width limit") with these insets and line space lays its text out at \(plainNumber(editorsWrapWidth)) and \(plainNumber(sizing.lineSpace))")
        }
        return try editorMeasurement(sizing: sizing)
    }

    /// ``measureEditor(editorWidth:sizing:)`` for a `sizing` already checked, whose editor lays
    /// its text out as this layout is.
    func editorMeasurement(sizing: EditorSizing) throws -> EditorMeasurement {
        let visible = min(max(lines.count, sizing.minLines), sizing.maxLines ?? Int.max)
        let visibleHeight = visible <= lines.count ? lines.bottom(ofLine: visible - 1) : contentHeight
        let box = try prepared.editorBox(lineCount: lines.count, visibleLines: visible, visibleHeight: visibleHeight,
                                     contentHeight: contentHeight, sizing: sizing)
        return EditorMeasurement(layout: self, height: box.height, visibleLineCount: visible, isScrollable: box.isScrollable)
    }
}
