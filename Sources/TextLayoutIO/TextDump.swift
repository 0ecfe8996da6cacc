// The human-readable dump of a measured editor: one line per laid-out line, then totals; used by the CLI and the golden tests.
import Foundation
import TextLayout

extension EditorMeasurement {
    /// The dump `textlayout measure` prints and the golden files hold, such as
    /// `line 0 [0..13) w=100.71 h=19.79 baseline=15.78 "Hello world, "`, followed by `+hyphen`
    /// when the line shows a hyphen after a soft hyphen.
    /// Numbers have two decimals; offsets are UTF-16; fonts are named by family and style only,
    /// so the dump does not depend on where the font files are. A line drawn in more than the
    /// primary font, or right to left, lists its glyph runs in drawing order below it.
    public var textDump: String {
        let layout = self.layout
        let style = layout.prepared.style
        var out = "font \(style.font.familyName) \(style.font.styleName) size \(format(style.size))\n"
        out += "width \(layout.maxWidth.isFinite ? format(layout.maxWidth) : "unlimited")\n"
        for (i, line) in layout.lines.enumerated() {
            let text = String(layout.prepared.text[line.range])
            out += "line \(i) [\(line.utf16Range.lowerBound)..\(line.utf16Range.upperBound)) w=\(format(line.width)) h=\(format(line.height)) baseline=\(format(line.baseline)) \(quoted(text))\(line.endsWithHyphen ? " +hyphen" : "")\n"
            if line.runs.contains(where: { $0.font !== style.font || $0.isRightToLeft }) {
                for run in line.runs {
                    out += "  run [\(run.utf16Range.lowerBound)..\(run.utf16Range.upperBound)) x=\(format(run.x)) w=\(format(run.width)) \(run.isRightToLeft ? "rtl" : "ltr") \(run.font.familyName) \(run.font.styleName)\n"
                }
            }
        }
        out += "lines \(layout.lineCount) content-height \(format(layout.contentHeight)) width \(format(layout.width))\n"
        out += "editor height \(format(height)) shows \(visibleLineCount) lines, scrolls \(isScrollable ? "yes" : "no")\n"
        return out
    }
}

/// A number with two decimals, as the text dumps show it.
func format(_ value: Double) -> String { String(format: "%.2f", value) }

/// A line's text in double quotes, with control characters escaped as in JSON.
func quoted(_ text: String) -> String {
    var writer = JSONWriter()
    writer.string(text)
    return writer.text
}
