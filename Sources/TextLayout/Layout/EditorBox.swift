// An editor's box on screen: its physical width and height, and where its layout's geometry stands in it, in lines or turned in columns.

extension Layout {
    /// Where this layout's own coordinates (those of ``caretRect(for:width:)``,
    /// ``selectionRects(forUTF16Range:)``, ``columnFrame(of:)``) start in a box with `insets` whose
    /// extent across its lines is `blockExtent` (an editor's ``EditorMeasurement/height``: the box's
    /// height in lines, its width in columns): the point a renderer draws the layout from and a tap
    /// is measured from.
    ///
    /// In lines, the left and top insets. In columns the box is turned: the top inset is on the
    /// block's start side and the left inset above the columns (as `render` draws them), so the
    /// columns start `insets.left` down the box, and the block starts `insets.top` in from the left
    /// under vertical-lr, and ends `insets.top` short of the box's right edge under vertical-rl (an
    /// editor sized for more columns than the text's, `minLines`, has the room on the left).
    public func origin(blockExtent: Double, insets: EdgeInsets) -> (x: Double, y: Double) {
        switch prepared.style.settings.writingMode {
        case .horizontalTB: return (insets.left, insets.top)
        case .verticalLR: return (insets.top, insets.left)
        case .verticalRL: return (blockExtent - insets.top - contentHeight, insets.left)
        }
    }
}

extension EditorMeasurement {
    /// The editor's box as a UI sizes it, in physical pixels, for an editor `editorWidth` wide
    /// (its insets included; nil: as wide as its text, ``EditorSizing/editorWidth(ofWrapWidth:)``
    /// of the layout's ``Layout/alignmentWidth``). In lines, `editorWidth` wide and ``height``
    /// tall. In columns the box is turned: the configured width is the columns' length, so the box
    /// is ``height`` wide (the block's extent across its columns, insets and column caps applied,
    /// growing by a column's width as the text takes a new column) and `editorWidth` tall.
    public func boxSize(editorWidth: Double?, sizing: EditorSizing) -> (width: Double, height: Double) {
        let length = editorWidth ?? sizing.editorWidth(ofWrapWidth: layout.alignmentWidth)
        return layout.isVertical ? (height, length) : (length, height)
    }
}
