// How text-box trims a text's outer line edges: the primary font's edge metrics at the style's size, and the first line's top and the last line's bottom moved to them.

/// The distances from the baseline that ``TextBox`` trims the text's first line's top (``over``,
/// above it) and last line's bottom (``under``, below it) to, in pixels; nil for a side not trimmed.
struct TextBoxTrimming: Sendable {
    var over: Double?
    var under: Double?

    /// A line's box (`height`, and `baselineOffset` below its top) with its top moved to ``over``
    /// above the baseline when `isFirst`, and its bottom to ``under`` below it when `isLast`. The
    /// box shrinks (or grows, when the metric reaches past the line box's edge); the glyphs stay
    /// on the baseline, and may reach out of the box. A box trimmed past its other edge (a line
    /// height far below the font's ascent and descent) is 0 tall, never less.
    func trim(height: inout Double, baselineOffset: inout Double, isFirst: Bool, isLast: Bool) {
        if isLast, let under { height = baselineOffset + under }
        if isFirst, let over {
            height -= baselineOffset - over
            baselineOffset = over
        }
        height = max(0, height)
    }
}

extension TextStyle {
    /// What the paragraph's ``ParagraphStyle/textBox`` trims the text's outer lines to, from the
    /// primary font at the style's size (CSS's root inline box), or nil when it trims nothing:
    /// `text` is the ascent and descent as the line box reads them, `cap` the cap height, `ex` the
    /// x-height, `alphabetic` the baseline, `ideographic` and `ideographic-ink` the ideographic em
    /// box and character face, each as the profile finds them (``TextBoxEdges``).
    var textBoxTrimming: TextBoxTrimming? {
        let textBox = settings.paragraph.textBox
        let rule = settings.profile.textBoxEdges
        guard textBox.trims, rule == .fontTables || !textBox.edge.isIdeographic else { return nil }
        let size = settings.size
        let scale = font.metrics.scale(size: size)
        let text = font.metrics.lineBoxMetrics(size: size, settings.profile.normalLineHeight)
        let pixels = { (units: Int) in Double(units) * scale }
        // Chromium keeps a metric in LayoutUnits, 1/64 px, rounded to the nearest.
        let inUnits = { (value: Double) in rule == .chromium ? (value * 64).rounded() / 64 : value }
        let over: Double = switch textBox.edge.over {
        case .text: text.ascent
        case .cap:
            switch rule {
            case .fontTables: pixels(font.tableCapHeight ?? font.letterTop("H") ?? font.metrics.ascender)
            case .chromium: inUnits(font.tableCapHeight.map(pixels) ?? font.hintedLetterTops(size: size).capital ?? 0)
            }
        case .ex:
            switch rule {
            case .fontTables: pixels(font.xHeight)
            case .chromium: inUnits(font.tableXHeight.map(pixels) ?? font.hintedLetterTops(size: size).lowercase ?? text.ascent * 0.56)
            }
        case .ideographic: pixels(font.ideographicEdges(ink: false).over)
        case .ideographicInk: pixels(font.ideographicEdges(ink: true).over)
        }
        let under: Double = switch textBox.edge.under {
        case .text: text.descent
        case .alphabetic: 0
        case .ideographic: pixels(font.ideographicEdges(ink: false).under)
        case .ideographicInk: pixels(font.ideographicEdges(ink: true).under)
        }
        return TextBoxTrimming(over: textBox.trim.trimsStart ? over : nil, under: textBox.trim.trimsEnd ? under : nil)
    }
}

extension PreparedText {
    /// `metrics`, those of `line` of paragraph `index`, trimmed by the style's text box when the
    /// line is the text's first or last (``TextBoxTrimming``); called only when the style trims.
    func trimmingTextBox(_ metrics: inout (ascent: Double, descent: Double, height: Double, baselineOffset: Double),
                         of line: LineBreak, in paragraph: PreparedParagraph, index: Int) {
        let isFirst = index == 0 && line.start == paragraph.range.start
        let isLast = index == paragraphs.count - 1 && line.end == paragraph.range.end
        guard isFirst || isLast, let trimming = style.textBoxTrimming else { return }
        trimming.trim(height: &metrics.height, baselineOffset: &metrics.baselineOffset, isFirst: isFirst, isLast: isLast)
    }
}
