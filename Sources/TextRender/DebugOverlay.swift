// The measurement overlay (--debug) as shapes in layout pixels, shared by the PNG and SVG renderers.
import TextLayout

/// One shape of the overlay, in layout pixels. Strokes are one device pixel wide.
enum OverlayShape: Equatable {
    /// A filled rectangle.
    case fill(x: Double, y: Double, width: Double, height: Double, RGBAColor)
    /// A rectangle's outline, drawn inside its edges.
    case box(x: Double, y: Double, width: Double, height: Double, RGBAColor, dashed: Bool)
    /// A horizontal line at `y` from `x0` to `x1`.
    case horizontal(y: Double, x0: Double, x1: Double, RGBAColor, dashed: Bool)
    /// A vertical line at `x` from `y0` to `y1`.
    case vertical(x: Double, y0: Double, y1: Double, RGBAColor, dashed: Bool)

    var isFill: Bool { if case .fill = self { true } else { false } }
}

/// The overlay's colours: each element keeps one colour in every picture (see the legend in docs/pictures.md).
package enum OverlayPalette {
    package static let inset = RGBAColor(red: 255, green: 160, blue: 0, alpha: 56)            // insets: orange wash
    package static let editorBox = RGBAColor(red: 90, green: 90, blue: 90, alpha: 255)         // the editor's box: gray
    package static let lineBox = RGBAColor(red: 0, green: 110, blue: 255, alpha: 200)          // each line's box: blue
    package static let emptySlot = RGBAColor(red: 0, green: 110, blue: 255, alpha: 110)        // lines past the text: light blue, dashed
    package static let baseline = RGBAColor(red: 230, green: 0, blue: 0, alpha: 220)           // baselines: red
    package static let softBreak = RGBAColor(red: 220, green: 0, blue: 200, alpha: 230)        // a wrap: magenta
    package static let hardBreak = RGBAColor(red: 0, green: 160, blue: 150, alpha: 230)        // a hard break: teal
    package static let hanging = RGBAColor(red: 220, green: 0, blue: 200, alpha: 40)           // hanging whitespace: magenta wash
    package static let widthLimit = RGBAColor(red: 0, green: 170, blue: 0, alpha: 230)         // the wrap width: green, dashed
    package static let maxLines = RGBAColor(red: 130, green: 0, blue: 220, alpha: 230)         // the maxLines boundary: purple, dashed
}

extension RenderScene {
    /// The washes of the box's insets, `sides` as they lie in the picture: the top and bottom
    /// across the whole width, the left and right between them.
    private func insetFills(_ sides: EdgeInsets) -> [OverlayShape] {
        var fills: [OverlayShape] = []
        if sides.top > 0 { fills.append(.fill(x: 0, y: 0, width: width, height: sides.top, OverlayPalette.inset)) }
        if sides.bottom > 0 { fills.append(.fill(x: 0, y: height - sides.bottom, width: width, height: sides.bottom, OverlayPalette.inset)) }
        let middle = max(0, height - sides.top - sides.bottom)
        if sides.left > 0 { fills.append(.fill(x: 0, y: sides.top, width: sides.left, height: middle, OverlayPalette.inset)) }
        if sides.right > 0 { fills.append(.fill(x: width - sides.right, y: sides.top, width: sides.right, height: middle, OverlayPalette.inset)) }
        return fills
    }

    /// The overlay's shapes, fills first (drawn under the text), then the strokes.
    /// - Parameter scale: Device pixels per layout pixel: break marks sit one device pixel right
    ///   of the line box's edge, so both show.
    func overlayShapes(scale: Double) -> [OverlayShape] {
        if layout.isVertical { return columnOverlayShapes(scale: scale) }
        var fills: [OverlayShape] = []
        var strokes: [OverlayShape] = []
        let right = width - insets.right
        if editor != nil { fills += insetFills(insets) }
        let lines = layout.lines
        for (index, line) in lines.enumerated() {
            let top = top(of: line)
            let span = contentSpan(line)
            strokes.append(.box(x: span.x0, y: top, width: span.x1 - span.x0, height: line.height, OverlayPalette.lineBox, dashed: false))
            strokes.append(.horizontal(y: baseline(of: line), x0: min(textLeft, span.x0), x1: max(right, span.x1),
                                       OverlayPalette.baseline, dashed: false))
            let hang = line.runs.reduce(0) { $0 + $1.width } - line.width
            if hang > 0.01 {
                let x = line.isRightToLeft ? span.x0 - hang : span.x1
                fills.append(.fill(x: x, y: top, width: hang, height: line.height, OverlayPalette.hanging))
            }
            if index < lines.count - 1 || line.endsWithHardBreak {
                // The mark stands just past the line's end: right of the box, or left of it for right to left.
                let color = line.endsWithHardBreak ? OverlayPalette.hardBreak : OverlayPalette.softBreak
                let mark = line.isRightToLeft ? span.x0 - 2 / scale : span.x1 + 1 / scale
                for x in [mark, mark + 1 / scale] {
                    strokes.append(.vertical(x: x, y0: top, y1: top + line.height, color, dashed: false))
                }
            }
        }
        if let editor {
            if editor.visibleLineCount > lines.count {
                let lineHeight = layout.prepared.style.emptyLineHeight
                for count in (lines.count + 1)...editor.visibleLineCount {
                    let bottom = bottom(ofLine: count)
                    strokes.append(.box(x: textLeft, y: bottom - lineHeight, width: max(0, right - textLeft), height: lineHeight,
                                        OverlayPalette.emptySlot, dashed: true))
                }
            }
            if let maxLines = editor.maxLines {
                let y = bottom(ofLine: maxLines)
                if y <= height + 1e-6 {
                    strokes.append(.horizontal(y: y, x0: 0, x1: width, OverlayPalette.maxLines, dashed: true))
                }
            }
            strokes.append(.box(x: 0, y: 0, width: width, height: height, OverlayPalette.editorBox, dashed: false))
        }
        if layout.wrapWidth.isFinite {
            // Lines fill from their start edge towards the limit: the right edge, or the left one right to left.
            if lines.contains(where: { !$0.isRightToLeft }) {
                strokes.append(.vertical(x: textLeft + layout.wrapWidth, y0: 0, y1: height, OverlayPalette.widthLimit, dashed: true))
            }
            if lines.contains(where: \.isRightToLeft) {
                strokes.append(.vertical(x: right - layout.wrapWidth, y0: 0, y1: height, OverlayPalette.widthLimit, dashed: true))
            }
        }
        // TODO(editor model): the caret, once an editor model gives its position.
        return fills + strokes
    }
}

extension RenderScene {
    /// The overlay of a vertical scene, in the horizontal overlay's colours turned with the
    /// columns: each column's box (its content, down from its start), its central baseline down
    /// the whole picture, the break mark just below a column's end, the column-length limit (a
    /// dashed line across the picture), the insets (turned with the box, see ``column(of:)``) and
    /// the editor's box. Fills first, then the strokes.
    func columnOverlayShapes(scale: Double) -> [OverlayShape] {
        var fills: [OverlayShape] = []
        var strokes: [OverlayShape] = []
        if editor != nil {
            let rightToLeft = layout.prepared.style.settings.writingMode == .verticalRL
            fills += insetFills(EdgeInsets(top: insets.left, left: rightToLeft ? insets.bottom : insets.top, bottom: insets.right,
                                           right: rightToLeft ? insets.top : insets.bottom))
        }
        let lines = layout.lines
        for (index, line) in lines.enumerated() {
            guard let frame = column(of: line) else { continue }
            strokes.append(.box(x: frame.x, y: frame.y, width: frame.width, height: frame.length, OverlayPalette.lineBox, dashed: false))
            strokes.append(.vertical(x: frame.center, y0: 0, y1: height, OverlayPalette.baseline, dashed: false))
            let hang = layout.glyphRuns(of: line).reduce(0) { $0 + $1.width } - line.width
            if hang > 0.01 {
                fills.append(.fill(x: frame.x, y: frame.y + frame.length, width: frame.width, height: hang, OverlayPalette.hanging))
            }
            if index < lines.count - 1 || line.endsWithHardBreak {
                let color = line.endsWithHardBreak ? OverlayPalette.hardBreak : OverlayPalette.softBreak
                let mark = frame.y + frame.length + 1 / scale
                for y in [mark, mark + 1 / scale] {
                    strokes.append(.horizontal(y: y, x0: frame.x, x1: frame.x + frame.width, color, dashed: false))
                }
            }
        }
        if editor != nil {
            strokes.append(.box(x: 0, y: 0, width: width, height: height, OverlayPalette.editorBox, dashed: false))
        }
        if layout.wrapWidth.isFinite {
            strokes.append(.horizontal(y: columnTop + layout.wrapWidth, x0: 0, x1: width, OverlayPalette.widthLimit, dashed: true))
        }
        return fills + strokes
    }
}
