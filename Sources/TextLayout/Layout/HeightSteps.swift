// Height as a function of width: every editor width at which a text's line count or editor height changes, found from the stable-width intervals.

/// One step of ``PreparedText/heightSteps(in:sizing:)``: at every editor width from ``fromWidth``
/// up to (not including) the next step's, the text has ``lineCount`` lines and the editor is
/// ``editorHeight`` tall.
public struct HeightStep: Sendable, Hashable {
    /// The narrowest editor width of the step (side insets included), in pixels.
    public var fromWidth: Double
    /// The text's number of lines (``EditorHeight/lineCount``).
    public var lineCount: Int
    /// The editor's height (``EditorHeight/height``).
    public var editorHeight: Double

    public init(fromWidth: Double, lineCount: Int, editorHeight: Double) {
        self.fromWidth = fromWidth
        self.lineCount = lineCount
        self.editorHeight = editorHeight
    }
}

extension PreparedText {
    /// The text's line count and editor height at every editor width in `widths`, as ascending
    /// steps: at each width from a step's ``HeightStep/fromWidth`` up to the next step's (the last
    /// up to `widths.upperBound`), ``editorHeight(width:sizing:)`` gives that step's line count
    /// and height. The first step starts at `widths.lowerBound`; two steps in a row never have the
    /// same line count and height.
    ///
    /// Found in one sweep, not by trying widths: the text is laid out at the narrowest width, then
    /// again at the narrowest width at which some line takes its next piece (the end of the
    /// layout's ``Layout/stableWidthRange``, to the exact `Double`), and so on; each relayout
    /// reuses the prepared widths and shapes nothing. (Where the breaker did not measure a line's
    /// next piece, a word far wider than the line, the width where the breaks change is found by
    /// halving the interval instead.) A clamped text (``ParagraphStyle/truncates``) steps with
    /// its kept lines, as its editor height does.
    /// - Throws: ``LayoutError`` `.invalidArgument` when `widths.lowerBound` is not a finite number
    ///   greater than 0 or `widths.upperBound` is not finite, and as ``editorHeight(width:sizing:)``
    ///   does at a width of the range (a sizing that is not valid, insets or an indent that leave
    ///   no room at the narrowest width).
    /// - Complexity: one relayout (without glyph runs) per change of the line breaks within `widths`.
    public func heightSteps(in widths: ClosedRange<Double>, sizing: EditorSizing = EditorSizing()) throws -> [HeightStep] {
        try requirePositive(widths.lowerBound, "heightSteps: the narrowest width")
        guard widths.upperBound.isFinite else {
            throw LayoutError(.invalidArgument, "heightSteps: the widest width must be a finite number, got \(widths.upperBound)")
        }
        var width = widths.lowerBound
        var measured = try measureEditor(width: width, sizing: sizing, glyphRuns: false)
        var steps: [HeightStep] = []
        while true {
            // The figures as editorHeight gives them: it sums line heights on its own path, which
            // can differ from the layout's in the last place.
            let height = try editorHeight(width: width, sizing: sizing)
            if steps.last?.lineCount != height.lineCount || steps.last?.editorHeight != height.height {
                steps.append(HeightStep(fromWidth: width, lineCount: height.lineCount, editorHeight: height.height))
            }
            guard let next = try nextBreakChange(after: width, of: measured.layout, sizing: sizing, upTo: widths.upperBound) else {
                return steps
            }
            (width, measured) = next
        }
    }

    /// The narrowest editor width above `width`, up to `upperWidth`, at which the text breaks into
    /// other lines than `layout` (laid out at `width`), and the editor measured there; nil when
    /// the breaks hold up to `upperWidth`.
    private func nextBreakChange(after width: Double, of layout: Layout, sizing: EditorSizing,
                                 upTo upperWidth: Double) throws -> (width: Double, measured: EditorMeasurement)? {
        let wrapWidth = layout.lines.reduce(Double.infinity) { min($0, narrowestWrapWidth(takingMoreThan: $1)) }
        guard wrapWidth.isFinite else { return nil }
        let editorWidth = firstHolding(near: wrapWidth + sizing.insets.left + sizing.insets.right) {
            sizing.wrapWidth(ofEditorWidth: $0) >= wrapWidth
        }
        let candidate = max(editorWidth, width.nextUp)
        guard candidate <= upperWidth else { return nil }
        let measured = try measureEditor(width: candidate, sizing: sizing, glyphRuns: false)
        if !measured.layout.hasSameBreaks(as: layout) { return (candidate, measured) }
        // The breaker stopped a line before a piece it did not measure (a word far wider than
        // the line), so the line's overflow width only says "wider than this": halve instead.
        var widest = try measureEditor(width: upperWidth, sizing: sizing, glyphRuns: false)
        guard !widest.layout.hasSameBreaks(as: layout) else { return nil }
        var same = candidate
        var changed = upperWidth
        while same.nextUp < changed {
            let probe = min(max(same + (changed - same) / 2, same.nextUp), changed.nextDown)
            let probed = try measureEditor(width: probe, sizing: sizing, glyphRuns: false)
            if probed.layout.hasSameBreaks(as: layout) {
                same = probe
            } else {
                (changed, widest) = (probe, probed)
            }
        }
        return (changed, widest)
    }

    /// The narrowest wrap width at which `line` would take its next piece (so break elsewhere):
    /// the smallest `Double` at which the breaker's own test, the piece's width within the line's
    /// room plus ``Layout/fitTolerance``, holds. Infinity for a paragraph's last line.
    private func narrowestWrapWidth(takingMoreThan line: Line) -> Double {
        let overflow = line.overflowWidth
        guard overflow.isFinite else { return .infinity }
        let paragraphStyle = style.paragraph
        let isFirstLine = line.byteRange.lowerBound == paragraphs[line.paragraph].range.start
        let indent = paragraphStyle.indent == 0 ? 0 : paragraphStyle.indent(isFirstLine: isFirstLine)
        return firstHolding(near: overflow + indent - Layout.fitTolerance) { wrapWidth in
            overflow <= paragraphStyle.availableWidth(wrapWidth, isFirstLine: isFirstLine) + Layout.fitTolerance
        }
    }
}

extension Layout {
    /// Whether the two layouts break the text into the same lines: the same ranges, hyphens and
    /// hidden text (their widths, heights and positions then follow).
    func hasSameBreaks(as other: Layout) -> Bool {
        lines.count == other.lines.count && truncation?.hiddenRange == other.truncation?.hiddenRange
            && zip(lines, other.lines).allSatisfy { $0.byteRange == $1.byteRange && $0.endsWithHyphen == $1.endsWithHyphen }
    }
}

/// The smallest `Double` at which `holds` is true, for a test that is false below some value and
/// true from it on (a comparison of a monotone sum, in floating point), searched from `estimate`,
/// a value near it: steps of doubling size outward until the test flips, then halving. Rounding
/// makes a sum's threshold a few units in the last place off the exact one; this finds the one
/// the comparison itself draws.
func firstHolding(near estimate: Double, _ holds: (Double) -> Bool) -> Double {
    var step = max(estimate.ulp, Double.leastNonzeroMagnitude)
    var below: Double   // the test is false there
    var above: Double   // the test is true there
    if holds(estimate) {
        above = estimate
        below = estimate - step
        while below > -.infinity, holds(below) {
            above = below
            step *= 2
            below = above - step
        }
        if below == -.infinity { return above }
    } else {
        below = estimate
        above = estimate + step
        while !holds(above) {
            guard above < .infinity else { return .infinity }
            below = above
            step *= 2
            above = below + step
        }
    }
    while below.nextUp < above {
        let middle = min(max(below + (above - below) / 2, below.nextUp), above.nextDown)
        if holds(middle) { above = middle } else { below = middle }
    }
    return above
}
