// An editor measured around a layout that is already made (one brought up to date after an edit), without laying the text out again.

extension Layout {
    /// The growing editor `width` pixels wide (nil for no limit) that holds this layout, measured
    /// as ``PreparedText/measureEditor(width:sizing:glyphRuns:)`` measures it, but around these
    /// lines instead of new ones: for a layout from ``updated(for:after:)``, which equals a fresh
    /// layout of its text, the result equals `prepared.measureEditor(width: width, sizing: sizing)`.
    /// - Throws: ``LayoutError`` `.invalidArgument` for an invalid sizing or width, or when this
    ///   layout was not made at the wrap width and line spacing such an editor lays its text out at
    ///   (the width less the side insets, `sizing.lineSpace`).
    /// - Complexity: O(1).
    public func measureEditor(width: Double?, sizing: EditorSizing) throws -> EditorMeasurement {
        try sizing.validate()
        var wrapWidth = Double.infinity
        if let width {
            try requirePositive(width, "width")
            wrapWidth = width - sizing.insets.left - sizing.insets.right
            guard wrapWidth > 0 else {
                throw LayoutError(.invalidArgument, "width \(width) leaves no room for text between the left and right insets (\(sizing.insets.left) + \(sizing.insets.right))")
            }
        }
        guard wrapWidth == maxWidth, sizing.lineSpace == lineSpace else {
            throw LayoutError(.invalidArgument, "the layout was made at wrap width \(maxWidth) and line space \(lineSpace); an editor \(width.map { "\($0)" } ?? "without a width limit") with these insets and line space lays its text out at \(wrapWidth) and \(sizing.lineSpace)")
        }
        let visible = min(max(lines.count, sizing.minLines), sizing.maxLines ?? Int.max)
        let linesHeight: Double
        if visible <= lines.count {
            linesHeight = lines[visible - 1].top + lines[visible - 1].height
        } else {
            let emptyLine = prepared.style.font.metrics.lineHeight(size: prepared.style.size)
            linesHeight = contentHeight + Double(visible - lines.count) * (emptyLine + sizing.lineSpace)
        }
        var height = sizing.insets.top + sizing.insets.bottom + linesHeight
        if let minHeight = sizing.minHeight { height = max(height, minHeight) }
        if let maxHeight = sizing.maxHeight { height = min(height, maxHeight) }
        let room = height - sizing.insets.top - sizing.insets.bottom
        return EditorMeasurement(layout: self, height: height, visibleLineCount: visible,
                                 isScrollable: contentHeight > room + fitTolerance)
    }
}
