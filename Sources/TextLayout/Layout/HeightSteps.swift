// Height as a function of width: every editor width at which a text's line count or editor height changes, found from the stable-width intervals.

/// One step of ``PreparedText/heightSteps(in:sizing:)``: at every editor width from ``fromEditorWidth``
/// up to (not including) the next step's, the text has ``lineCount`` lines and the editor is
/// ``editorHeight`` tall.
public struct HeightStep: Sendable, Hashable {
    /// The narrowest editor width of the step (side insets included), in pixels.
    public var fromEditorWidth: Double
    /// The text's number of lines (``EditorHeight/lineCount``).
    public var lineCount: Int
    /// The editor's height (``EditorHeight/height``).
    public var editorHeight: Double

    public init(fromEditorWidth: Double, lineCount: Int, editorHeight: Double) {
        self.fromEditorWidth = fromEditorWidth
        self.lineCount = lineCount
        self.editorHeight = editorHeight
    }
}

extension PreparedText {
    /// The text's line count and editor height at every editor width in `widths`, as ascending
    /// steps: at each width from a step's ``HeightStep/fromEditorWidth`` up to the next step's (the last
    /// up to `widths.upperBound`), ``editorHeight(editorWidth:sizing:)`` gives that step's line count
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
    ///   greater than 0 or `widths.upperBound` is not finite, for balanced or pretty lines
    ///   (``ParagraphStyle/textWrap``), and as ``editorHeight(editorWidth:sizing:)``
    ///   does at a width of the range (a sizing that is not valid, insets or an indent that leave
    ///   no room at the narrowest width).
    /// - Complexity: one relayout (without glyph runs) per change of the line breaks within `widths`.
    public func heightSteps(in widths: ClosedRange<Double>, sizing: EditorSizing = EditorSizing()) throws -> [HeightStep] {
        try requirePositive(widths.lowerBound, key: "heightSteps", as: "heightSteps: the narrowest width")
        try sizing.validate()
        guard sizing.wrapWidth(ofEditorWidth: widths.lowerBound) > 0 else {
            // Said of the range, not of a width the caller never gave.
            throw LayoutError(.invalidArgument, "heightSteps starts at \(plainNumber(widths.lowerBound)), which leaves no room for text between the left and "
                              + "right insets (\(plainNumber(sizing.insets.left)) + \(plainNumber(sizing.insets.right)))", keys: ["heightSteps", "insets"])
        }
        guard widths.upperBound.isFinite else {
            throw LayoutError(.invalidArgument, "heightSteps: the widest width must be a finite number, got \(plainNumber(widths.upperBound))", keys: ["heightSteps"])
        }
        guard style.settings.paragraph.textWrap == .wrap else {
            throw LayoutError(.invalidArgument, "heightSteps needs textWrap wrap (greedy lines, whose breaks hold between the widths where a "
                              + "line takes its next piece); \(style.settings.paragraph.textWrap.rawValue) lines are chosen anew at every width",
                              keys: ["heightSteps", "textWrap"])
        }
        var editorWidth = widths.lowerBound
        var breaks = try sweptBreaks(atEditorWidth: editorWidth, sizing: sizing)
        var steps: [HeightStep] = []
        while true {
            if breaks.mayChangeFigures {
                // The figures as editorHeight gives them: it sums line heights on its own path,
                // which can differ from a layout's in the last place.
                let height = try editorHeight(editorWidth: editorWidth, sizing: sizing)
                if steps.last?.lineCount != height.lineCount || steps.last?.editorHeight != height.height {
                    steps.append(HeightStep(fromEditorWidth: editorWidth, lineCount: height.lineCount, editorHeight: height.height))
                }
            }
            guard let next = try nextBreakChange(after: editorWidth, of: breaks, sizing: sizing, upTo: widths.upperBound) else {
                return steps
            }
            (editorWidth, breaks) = next
        }
    }

    /// The narrowest editor width above `width`, up to `upperWidth`, at which the text breaks into
    /// other lines than `breaks` (its breaks at `width`), and its breaks there; nil when they hold
    /// up to `upperWidth`.
    private func nextBreakChange(after width: Double, of breaks: SweptBreaks, sizing: EditorSizing,
                                 upTo upperWidth: Double) throws -> (width: Double, breaks: SweptBreaks)? {
        let wrapWidth = breaks.nextWrapWidths.min() ?? .infinity
        guard wrapWidth.isFinite else { return nil }
        let editorWidth = firstHolding(near: sizing.editorWidth(ofWrapWidth: wrapWidth)) {
            sizing.wrapWidth(ofEditorWidth: $0) >= wrapWidth
        }
        let candidate = max(editorWidth, width.nextUp)
        guard candidate <= upperWidth else { return nil }
        let moved = try sweptBreaks(atEditorWidth: candidate, sizing: sizing, from: breaks)
        if moved.changed { return (candidate, moved) }
        // The breaker stopped a line before a piece it did not measure (a word far wider than
        // the line), so the line's overflow width only says "wider than this": halve instead.
        var widest = try sweptBreaks(atEditorWidth: upperWidth, sizing: sizing, from: breaks)
        guard widest.changed else { return nil }
        var same = candidate
        var changed = upperWidth
        while same.nextUp < changed {
            let probe = min(max(same + (changed - same) / 2, same.nextUp), changed.nextDown)
            let probed = try sweptBreaks(atEditorWidth: probe, sizing: sizing, from: breaks)
            if probed.changed {
                (changed, widest) = (probe, probed)
            } else {
                same = probe
            }
        }
        return (changed, widest)
    }

    /// The text's line breaks in an editor `width` pixels wide. With `earlier`, its breaks at a
    /// narrower width, a paragraph none of whose lines can take its next piece at this width
    /// keeps its breaks unbroken again (greedy lines that fit stay as they are until then).
    private func sweptBreaks(atEditorWidth width: Double, sizing: EditorSizing, from earlier: SweptBreaks? = nil) throws -> SweptBreaks {
        let wrapWidth = try sizing.checkedWrapWidth(ofEditorWidth: width) ?? .infinity
        var swept = SweptBreaks()
        if style.settings.paragraph.truncates {
            // A clamped text's last line depends on all of it: lay it out whole.
            let layout = try measureEditor(editorWidth: width, sizing: sizing, glyphRuns: false).layout
            var lines = Array(repeating: [LineBreak](), count: paragraphs.count)
            for line in layout.lines {
                lines[line.paragraph].append(LineBreak(start: line.byteRange.lowerBound, contentEnd: line.contentEnd, end: line.byteRange.upperBound,
                                                       width: line.width, overflowWidth: line.overflowWidth, isHyphenated: line.endsWithHyphen,
                                                       isEndTrimmed: line.endsWithTrimmedMark))
            }
            swept.hiddenRange = layout.truncation?.hiddenRange
            swept.lineSizes = layout.lines.flatMap { [$0.width, $0.height] }
            for (index, paragraphLines) in lines.enumerated() { swept.set(paragraph: index, paragraphLines, nextWrapWidth: nextWrapWidth(of: paragraphLines, index)) }
            if let earlier {
                swept.changed = swept.hiddenRange != earlier.hiddenRange || swept.lineSizes != earlier.lineSizes
                    || !zip(swept.lines, earlier.lines).allSatisfy(breakAlike)
            }
            swept.mayChangeFigures = swept.changed || earlier == nil
            return swept
        }
        if let earlier { swept = earlier }
        swept.changed = earlier == nil
        swept.mayChangeFigures = earlier == nil
        try bytes.withUnsafeBufferPointer { bytes in
            for (index, paragraph) in paragraphs.enumerated() where earlier.map({ $0.nextWrapWidths[index] <= wrapWidth }) ?? true {
                let lines = try breakLines(paragraph, bytes: bytes, style: style, wrapWidth: wrapWidth)
                if let earlier, !breakAlike(lines, earlier.lines[index]) {
                    swept.changed = true
                    // A paragraph in one font has lines of one height: only its line count matters.
                    if paragraph.onlyFont == nil || lines.count != earlier.lines[index].count { swept.mayChangeFigures = true }
                }
                swept.set(paragraph: index, lines, nextWrapWidth: nextWrapWidth(of: lines, index))
            }
        }
        return swept
    }

    /// The narrowest wrap width at which some line of paragraph `index` would take its next piece
    /// (so break elsewhere): the smallest `Double` at which the breaker's own test, the piece's
    /// width within the line's room plus ``Layout/fitTolerance``, holds. Infinity when none can.
    private func nextWrapWidth(of lines: [LineBreak], _ index: Int) -> Double {
        let paragraphStyle = style.settings.paragraph
        return lines.reduce(Double.infinity) { narrowest, line in
            let overflow = line.overflowWidth
            guard overflow.isFinite else { return narrowest }
            let isFirstLine = line.start == paragraphs.start(of: index).bytes
            let indent = paragraphStyle.indent == 0 ? 0 : paragraphStyle.indent(isFirstLine: isFirstLine)
            return min(narrowest, firstHolding(near: overflow + indent - Layout.fitTolerance) { wrapWidth in
                overflow <= style.settings.lineLimit(wrapWidth, isFirstLine: isFirstLine)
            })
        }
    }
}

/// A text's line breaks at one width, as the height-step sweep follows them.
private struct SweptBreaks {
    /// Each paragraph's lines.
    var lines: [[LineBreak]] = []
    /// For each paragraph, the narrowest wrap width at which its lines change (see
    /// ``PreparedText/nextWrapWidth(of:_:)``).
    var nextWrapWidths: [Double] = []
    /// What a clamped layout hides.
    var hiddenRange: Range<Int>?
    /// A clamped layout's lines' widths and heights, in turn: its ellipsis line can show other
    /// text or another part of the ellipsis (its first cluster alone, where the whole does not
    /// fit) with the same breaks and hidden range, and so take another height.
    var lineSizes: [Double] = []
    /// Whether the breaks differ from the ones they were moved from.
    var changed = true
    /// Whether the line count or the editor's height may differ from theirs: some paragraph's
    /// line count changed, or a paragraph of several fonts broke elsewhere.
    var mayChangeFigures = true

    mutating func set(paragraph index: Int, _ paragraphLines: [LineBreak], nextWrapWidth: Double) {
        while lines.count <= index {
            lines.append([])
            nextWrapWidths.append(.infinity)
        }
        lines[index] = paragraphLines
        nextWrapWidths[index] = nextWrapWidth
    }
}

/// Whether two sets of lines of a paragraph break it alike: the same ranges and hyphens (their
/// widths then follow; an overflow width can differ where the breaker did not measure a piece).
private func breakAlike(_ a: [LineBreak], _ b: [LineBreak]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { $0.start == $1.start && $0.end == $1.end && $0.isHyphenated == $1.isHyphenated }
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
