// The human-readable dump of a measured editor (one line per laid-out line, then totals; used by the CLI and the golden tests), a result's bubble width, intrinsic widths and height steps after it, and how text for people writes numbers and counts.
import Foundation
import TextLayout

extension EditorMeasurement {
    /// The dump `textlayout measure` prints and the golden files hold, such as
    /// `line 0 [0..13) w=100.71 h=19.79 baseline=15.78 "Hello world, "`, followed by `+hyphen`
    /// when the line shows a hyphen after a soft hyphen, `+ellipsis` when it shows an ellipsis (its
    /// text then as shown: the ellipsis in place of the hidden text, which a `hidden` line after
    /// the lines gives, with the ellipsis' box); with an alignment or indent, each line's `x=`
    /// (where its runs start) after its baseline; a column (a vertical writing mode) gives
    /// `x=` (its left edge across the block), `y=` (its start down it) and `central=` (its
    /// central baseline's x) in place of the baseline. After the lines, each inline object the layout
    /// shows, one a line, with its box in the layout's coordinates:
    /// `object 0 on line 0 x=42.65 y=0.00 w=24.00 h=24.00`.
    /// Numbers have two decimals (``twoDecimals(_:)``); offsets are UTF-16; fonts are named by family and style only,
    /// so the dump does not depend on where the font files are. A line drawn in more than the
    /// primary font, or right to left, lists its glyph runs in drawing order below it.
    public var textDump: String {
        let layout = self.layout
        let style = layout.prepared.style
        var out = "font \(style.font.familyName) \(style.font.styleName)\(style.font.instanceDescription) size \(twoDecimals(style.settings.size))\n"
        out += "width \(layout.wrapWidth.isFinite ? twoDecimals(layout.wrapWidth) : "unlimited")\n"
        for (i, line) in layout.lines.enumerated() {
            let text = line.hasEllipsis ? layout.shownText(of: line) : String(layout.prepared.text[line.range])
            // A column gives its place in the block instead: its left edge, its start down it and its central baseline.
            let place = layout.columnFrame(of: line).map { "x=\(twoDecimals($0.x)) y=\(twoDecimals($0.y)) central=\(twoDecimals($0.center))" }
                ?? "baseline=\(twoDecimals(line.baseline))\(origin(of: line, in: layout))"
            out += "line \(i) [\(line.utf16Range.lowerBound)..\(line.utf16Range.upperBound)) w=\(twoDecimals(line.width)) h=\(twoDecimals(line.height)) \(place) \(quoted(text))\(line.endsWithHyphen ? " +hyphen" : "")\(line.hasEllipsis ? " +ellipsis" : "")\n"
            if line.runs.contains(where: { $0.content.textFont !== style.font || $0.isRightToLeft }) {
                for run in line.runs {
                    out += "  run [\(run.utf16Range.lowerBound)..\(run.utf16Range.upperBound)) x=\(twoDecimals(run.x)) w=\(twoDecimals(run.width)) \(run.isRightToLeft ? "rtl" : "ltr") \(run.content.textFont.familyName) \(run.content.textFont.styleName)\(run.content.textFont.instanceDescription)\n"
                }
            }
        }
        for frame in layout.inlineObjectFrames {
            let box = frame.rect
            out += "object \(frame.index) on line \(frame.line) x=\(twoDecimals(box.x)) y=\(twoDecimals(box.y)) w=\(twoDecimals(box.width)) h=\(twoDecimals(box.height))\n"
        }
        if let truncation = layout.truncation, let box = layout.ellipsisRect {
            let hidden = truncation.hiddenRange
            out += "hidden [\(hidden.lowerBound)..\(hidden.upperBound)) lines \(truncation.hiddenLineCount) ellipsis on line \(truncation.ellipsisLine) x=\(twoDecimals(box.x)) w=\(twoDecimals(box.width))\n"
        }
        out += "lines \(layout.lineCount) content-height \(twoDecimals(layout.contentHeight)) width \(twoDecimals(layout.widestLineWidth))\n"
        out += "editor height \(twoDecimals(height)) shows \(counted(visibleLineCount, "line")), scrolls \(isScrollable ? "yes" : "no")\n"
        return out
    }
}

extension LayoutResult {
    /// What `measure` prints: the measurement's ``EditorMeasurement/textDump``, then what the
    /// request asked for besides, in editor widths (the side insets included), numbers with two
    /// decimals as above. With ``LayoutRequest/shrinkWrap``, the bubble's width and the widths
    /// over which the line breaks hold:
    ///
    ///     bubble width 207.52 (shrink-wrap: the narrowest editor width that keeps 4 lines)
    ///     these line breaks hold at widths from 225.76 to under 251.17
    ///
    /// (`from 225.76 on` when no width makes a line take more); with
    /// ``LayoutRequest/intrinsicWidths``, the min-content and max-content widths:
    ///
    ///     min-content width 45.69, max-content width 714.56
    ///
    /// with ``LayoutRequest/fit``, the size fitted:
    ///
    ///     fitted size 21.5 px (the largest of the grid that fits)
    ///
    /// with ``LayoutRequest/heightSteps``, the steps, one a line:
    ///
    ///     height steps over widths 90.00 to 400.00:
    ///       from width 90.00: 14 lines, editor height 315.05
    ///       from width 90.34: 13 lines, editor height 293.26
    public var textDump: String {
        var out = measurement.textDump
        if let bubble = editorShrinkWrapWidth, let stable = stableEditorWidths {
            out += "bubble width \(twoDecimals(bubble)) (shrink-wrap: the narrowest editor width that keeps \(counted(measurement.lineCount, "line")))\n"
            let end = stable.upperBound.isFinite ? "to under \(twoDecimals(stable.upperBound))" : "on"
            out += "these line breaks hold at widths from \(twoDecimals(stable.lowerBound)) \(end)\n"
        }
        if let intrinsic = editorIntrinsicWidths {
            out += "min-content width \(twoDecimals(intrinsic.minContent)), max-content width \(twoDecimals(intrinsic.maxContent))\n"
        }
        if let fittedSize, let fits {
            out += "fitted size \(plainNumber(fittedSize)) px (\(fits ? "the largest of the grid that fits" : "the smallest of the grid: none fits"))\n"
        }
        if let heightSteps, let widths = request.heightSteps {
            out += "height steps over widths \(twoDecimals(widths.lowerBound)) to \(twoDecimals(widths.upperBound)):\n"
            for step in heightSteps {
                out += "  from width \(twoDecimals(step.fromEditorWidth)): \(counted(step.lineCount, "line")), editor height \(twoDecimals(step.editorHeight))\n"
            }
        }
        return out
    }
}

/// ` x=` and where a line's runs start, when the style places lines otherwise than by default; else nothing.
private func origin(of line: Line, in layout: Layout) -> String {
    layout.prepared.style.settings.paragraph.movesLines ? " x=\(twoDecimals(layout.lineOrigin(line)))" : ""
}

/// A number with two decimals, as every text output for people shows pixels: `19.79`; from
/// ``plainDigitsLimit`` on, where JSON stops writing digits, as JSON writes it (``plainNumber(_:)``:
/// `1e+308`, not 309 digits).
public func twoDecimals(_ value: Double) -> String {
    abs(value) < plainDigitsLimit ? String(format: "%.2f", value) : plainNumber(value)
}

/// A count and its noun, the noun in the plural (an added `s`) unless the count is 1: `1 line`, `2 lines`.
public func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

/// A line's text in double quotes, with control characters escaped as in JSON.
func quoted(_ text: String) -> String {
    var writer = JSONWriter()
    writer.string(text)
    return writer.text
}

extension Layout {
    /// A clamped line's text as it shows: its kept text with the ellipsis where the hidden text is.
    func shownText(of line: Line) -> String {
        let text = prepared.text
        guard let hidden = truncation?.hiddenRange else { return String(text[line.range]) }
        let start = line.utf16Range.lowerBound
        let end = line.utf16Range.upperBound
        let head = text[index(atUTF16Offset: start)..<index(atUTF16Offset: min(max(hidden.lowerBound, start), end))]
        let tail = text[index(atUTF16Offset: max(min(hidden.upperBound, end), start))..<index(atUTF16Offset: end)]
        return head + prepared.style.settings.paragraph.ellipsis + tail
    }
}
