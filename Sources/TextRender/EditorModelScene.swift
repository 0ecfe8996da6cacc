// The picture of an editor model as it is now: the shown text, the caret when focused, marked text underlined, the border in the state's colour, scrolled to the caret.
import TextEditing
import TextLayout

extension RenderScene {
    /// The border's colour in each field state (Vitamin's: neutral, primary, error, success, muted).
    public static let fieldStateColors: [FieldState: RGBAColor] = [
        .standard: RGBAColor(red: 138, green: 138, blue: 138), .active: RGBAColor(red: 31, green: 111, blue: 235),
        .error: RGBAColor(red: 209, green: 36, blue: 47), .success: RGBAColor(red: 26, green: 127, blue: 55),
        .disabled: RGBAColor(red: 200, green: 200, blue: 200),
    ]
    /// How thick the bar under an input method's marked text is, in layout pixels.
    public static let markedTextUnderlineThickness = 1.0
    /// The colour of the placeholder (the hint text) and of a disabled editor's text.
    public static let mutedTextColor = RGBAColor(red: 138, green: 138, blue: 138)

    /// The editor as it is now, at its width and measured height: the text it shows (a
    /// placeholder or a disabled editor's text in ``mutedTextColor``; a mask's literals and
    /// slot characters in the colours of their spans, slot characters gray by default), the selection
    /// highlighted behind the text from the snapshot's `selectionRects` (``selectionColor``, or
    /// ``inactiveSelectionColor`` without focus), the caret when it is focused and enabled and
    /// nothing is selected, a black bar ``markedTextUnderlineThickness`` thick along the bottom of
    /// the input method's marked text while composing (down its left side in columns), the configured border (none when its width is 0) in the colour of
    /// the field's state, and the text scrolled just enough to show the caret, as a text view
    /// scrolls to it: up in lines, across in columns (towards the block's start, the caret's column
    /// inside the insets). In columns the box is turned (the snapshot's `boxWidth` by `boxHeight`)
    /// and the caret and selection are drawn as the snapshot gives them, across the columns.
    public init(editor model: EditorModel) {
        let snapshot = model.snapshot
        let configuration = model.configuration
        self.init(editor: model.measurement, sizing: configuration.settings.sizing, editorWidth: model.editorWidth)
        if configuration.border.width > 0 {
            border = BoxBorder(width: configuration.border.width, cornerRadius: configuration.border.cornerRadius,
                               color: Self.fieldStateColors[snapshot.state] ?? .black)
        }
        if snapshot.showsPlaceholder || snapshot.state == .disabled { textColor = Self.mutedTextColor }
        if model.isFocused, snapshot.state != .disabled {
            let rect = snapshot.caretRect
            // The block's extent inside the insets (across the box in columns, which turn it), and
            // how far the caret's line or column reaches past its end: the bottom inset (in columns
            // on the block's end side, the left under vertical-rl and the right under vertical-lr).
            let inside = (layout.isVertical ? width : height) - insets.top - insets.bottom
            let pastEnd = switch layout.prepared.style.settings.writingMode {
            case .horizontalTB: rect.y + rect.height - (height - insets.bottom)
            case .verticalRL: insets.bottom - rect.x
            case .verticalLR: rect.x + rect.width - (width - insets.bottom)
            }
            scrollOffset = min(max(0, layout.contentHeight - inside), max(0, pastEnd))
            if snapshot.selectionRects.isEmpty {
                let shown = scrolled(rect)
                caret = CaretMark(x: shown.x, y: shown.y, width: shown.width, height: shown.height)
            }
        }
        // The marked text is underlined, as input methods show what is still being composed: in
        // columns by a bar down the left side of its span (CSS's under side in vertical text).
        let thickness = Self.markedTextUnderlineThickness
        markedTextUnderlines = model.markedTextRects.map { marked in
            let rect = scrolled(marked)
            return layout.isVertical ? CaretMark(x: rect.x, y: rect.y, width: thickness, height: rect.height)
                : CaretMark(x: rect.x, y: rect.y + rect.height - thickness, width: rect.width, height: thickness)
        }
        if !snapshot.selectionRects.isEmpty, snapshot.state != .disabled {
            selection = SelectionHighlight(rects: snapshot.selectionRects.map(scrolled),
                                           color: model.isFocused ? Self.selectionColor : Self.inactiveSelectionColor)
        }
    }
}
