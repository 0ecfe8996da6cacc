// Where the caret and the selection are drawn, taps and caret movement: the engine's geometry on the drawn text, mapped to the typed text.
import TextLayout

extension EditorModel {
    /// The caret in ``displayText``: the caret stop of the caret's typed offset, with its affinity.
    var displayCaret: TextCaret {
        TextCaret(offset: display.map.displayOffset(ofTyped: utf16Offset(of: caretIndex)), affinity: caretAffinity)
    }

    /// The caret's rectangle in the editor's box (insets included), unscrolled.
    ///
    /// It comes from the engine's geometry on the laid-out ``displayText`` (see `Layout`'s caret
    /// geometry: right-to-left lines right-aligned as renderers draw them, the affinity at soft
    /// wraps and direction boundaries, x within the wrap width). The caret is drawn at the start
    /// of a placeholder, after as many bullets as clusters before it when secure, and with a mask
    /// before the slot of the next typed character (never inside literals).
    public var caretRect: LayoutRect {
        inEditorBox(measurement.layout.caretRect(for: displayCaret, width: configuration.caretWidth))
    }

    /// A rectangle of the drawn layout in the editor's box: moved by the top and left insets, or in
    /// columns to where the block stands in the turned box (`Layout.origin(blockExtent:insets:)`).
    func inEditorBox(_ rect: LayoutRect) -> LayoutRect {
        let origin = layoutOrigin
        return LayoutRect(x: origin.x + rect.x, y: origin.y + rect.y, width: rect.width, height: rect.height)
    }

    /// Where the drawn layout's coordinates start in the editor's box (see `Layout.origin(blockExtent:insets:)`).
    private var layoutOrigin: (x: Double, y: Double) {
        measurement.layout.origin(blockExtent: measurement.height, insets: configuration.settings.sizing.insets)
    }

    /// The editor's box in physical pixels (see `EditorMeasurement.boxSize(editorWidth:sizing:)`):
    /// ``editorWidth`` (or the text's width plus the side insets) by the measured height in lines;
    /// turned in columns, the measured height (the block's extent across its columns) wide and
    /// ``editorWidth`` tall.
    public var boxSize: (width: Double, height: Double) {
        measurement.boxSize(editorWidth: editorWidth, sizing: configuration.settings.sizing)
    }

    /// The caret a tap at (`x`, `y`) in the editor's box puts in ``displayText``.
    func displayCaret(atX x: Double, y: Double) -> TextCaret {
        let origin = layoutOrigin
        return measurement.layout.caret(atX: x - origin.x, y: y - origin.y)
    }

    /// The rectangles that highlight the selection in the editor's box (insets included),
    /// unscrolled; empty when nothing is selected. With a mask only the typed characters are
    /// highlighted, not the literals between them.
    public var selectionRects: [LayoutRect] {
        rects(of: selectedRange)
    }

    /// The rectangles of the input method's marked text (see ``markedRange``), in the editor's box
    /// as ``selectionRects``: where to underline it. Empty when nothing is marked.
    public var markedTextRects: [LayoutRect] {
        markedRange.map(rects(of:)) ?? []
    }

    /// The rectangles that cover `range` of the typed text where it is drawn, in the editor's box.
    private func rects(of range: Range<String.Index>) -> [LayoutRect] {
        guard !range.isEmpty else { return [] }
        let layout = measurement.layout
        let typed = utf16Offset(of: range.lowerBound)..<utf16Offset(of: range.upperBound)
        return display.map.displayRanges(ofTyped: typed).flatMap { layout.selectionRects(forUTF16Range: $0) }.map(inEditorBox)
    }

    /// Puts the caret where a tap at (`x`, `y`) lands: the nearer edge of the grapheme cluster
    /// under it on the line at `y`, in the editor's box coordinates (insets included, unscrolled,
    /// as ``caretRect``). With a mask, a tap among literals puts the caret at the typed boundary
    /// they follow; on a placeholder, at the text's start.
    /// - Parameter extendingSelection: Keeps the selection's anchor (a shift-tap).
    /// - Returns: `.rejected` while disabled.
    @discardableResult
    public func tap(x: Double, y: Double, extendingSelection: Bool = false) -> EditOutcome {
        perform {
            guard isEnabled else { return .rejected }
            place(displayCaret(atX: x, y: y), extendingSelection: extendingSelection)
            return .accepted
        }
    }

    /// Moves the caret as an arrow key does (see `Layout.caret(_:from:goalX:)`): left and right on
    /// screen by grapheme cluster, by word, to the line's start or end, up and down keeping the x
    /// of the first of a run of vertical moves. With a mask, the caret passes over literals to the
    /// next typed boundary. Without `extendingSelection`, left or right with a selection collapses
    /// it to its start or end on that side. In columns the keys keep their direction on screen
    /// (`CaretMovement`): up and down move along the column, left and right across to the next or
    /// previous column keeping the y of the first of a run of such moves.
    /// - Returns: `.rejected` while disabled.
    @discardableResult
    public func moveCaret(_ movement: CaretMovement, extendingSelection: Bool = false) -> EditOutcome {
        let keptGoal = goalX
        var newGoal: Double?
        let outcome = perform {
            guard isEnabled else { return .rejected }
            let layout = measurement.layout
            let start = displayCaret
            let selection = selectedRange
            // The move along or across the lines the key makes (the key itself in lines).
            let along = layout.lineMovement(for: movement)
            if !extendingSelection, !selection.isEmpty, along == .left || along == .right {
                let rightToLeft = layout.lines[layout.lineIndex(for: start)].isRightToLeft
                let index = (along == .left) != rightToLeft ? selection.lowerBound : selection.upperBound
                caretIndex = index
                selectionAnchor = index
                caretAffinity = .downstream
                return .accepted
            }
            if along == .up || along == .down {
                newGoal = keptGoal ?? layout.caretPositionAlongLine(for: start)
            }
            var moved = layout.caret(movement, from: start, goalX: newGoal)
            let horizontal: Set<CaretMovement> = [.left, .right, .wordLeft, .wordRight]
            if !display.map.isIdentity, horizontal.contains(along) {
                // Literals are no caret stops: go on until the typed boundary changes, or the caret stops.
                let typed = utf16Offset(of: caretIndex)
                while display.map.typedOffset(ofDisplay: moved.offset) == typed {
                    let next = layout.caret(movement, from: moved)
                    if next == moved { break }
                    moved = next
                }
            }
            place(moved, extendingSelection: extendingSelection)
            return .accepted
        }
        if let newGoal { goalX = newGoal }
        return outcome
    }

    /// Puts the caret at the typed boundary of a caret in ``displayText``.
    private func place(_ caret: TextCaret, extendingSelection: Bool) {
        let typed = display.map.typedOffset(ofDisplay: caret.offset)
        let index = text.characterIndex(atOrBeforeUTF16Offset: typed)
        caretIndex = index
        if !extendingSelection { selectionAnchor = index }
        caretAffinity = display.map.isStop(caret.offset) ? caret.affinity : .downstream
    }
}
