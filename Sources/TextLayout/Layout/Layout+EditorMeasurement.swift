// An editor measured around a layout that is already made (one brought up to date after an edit), without laying the text out again.

extension Layout {
    /// The growing editor `width` pixels wide (nil for no limit) that holds this layout, measured
    /// as ``PreparedText/measureEditor(width:sizing:glyphRuns:)`` measures it, but around these
    /// lines instead of new ones: for a layout from ``updated(for:after:)``, which equals a fresh
    /// layout of its text (with greedy lines), the result equals `prepared.measureEditor(width: width, sizing: sizing)`.
    /// - Throws: ``LayoutError`` `.invalidArgument` for an invalid sizing or width, or when this
    ///   layout was not made at the wrap width and line spacing such an editor lays its text out at
    ///   (the width less the side insets, `sizing.lineSpace`).
    /// - Complexity: O(1).
    public func measureEditor(width: Double?, sizing: EditorSizing) throws -> EditorMeasurement {
        let wrapWidth = try prepared.wrapWidth(width, sizing) ?? .infinity
        guard wrapWidth == maxWidth, sizing.lineSpace == lineSpace else {
            throw LayoutError(.invalidArgument, "the layout was made at wrap width \(maxWidth) and line space \(lineSpace); an editor \(width.map { "\($0)" } ?? "without a width limit") with these insets and line space lays its text out at \(wrapWidth) and \(sizing.lineSpace)")
        }
        let visible = min(max(lines.count, sizing.minLines), sizing.maxLines ?? Int.max)
        let visibleHeight = visible <= lines.count ? lines[visible - 1].top + lines[visible - 1].height : contentHeight
        let box = try prepared.editorBox(lineCount: lines.count, visibleLines: visible, visibleHeight: visibleHeight,
                                     contentHeight: contentHeight, sizing: sizing)
        return EditorMeasurement(layout: self, height: box.height, visibleLineCount: visible, isScrollable: box.isScrollable)
    }
}
