// The line-height model: each font's box around the baseline under `lineHeight`, their union on a line, the strut, and the inline objects a line grows to hold.

/// How far a box reaches above the baseline and how tall it is, in pixels (the height is kept as
/// given, not as a sum, so that a line of one font is exactly the line height).
struct LineBox {
    var above: Double
    var height: Double

    var below: Double { height - above }

    /// The smallest box holding both (one of them when it holds the other).
    func union(_ other: LineBox) -> LineBox {
        let top = max(above, other.above)
        let bottom = max(below, other.below)
        if top == above, bottom == below { return self }
        if top == other.above, bottom == other.below { return other }
        return LineBox(above: top, height: top + bottom)
    }
}

extension LineHeight {
    /// The box of a font with `metrics` at `size` (CSS's inline box): normal puts half the line
    /// gap above the ascent and half below the descent; a multiple or a fixed height splits the
    /// difference between it and ascent + descent evenly above and below (half-leading, negative
    /// when the height is smaller than ascent + descent).
    /// The ascent, descent and gap are made as `rule` says (``FontMetrics/lineBoxMetrics(size:_:)``),
    /// a multiple or a fixed height split as `explicit` says.
    func box(_ metrics: FontMetrics, size: Double, _ rule: NormalLineHeight, _ explicit: ExplicitLineHeight) -> LineBox {
        box(metrics, size: size, rule, explicit, metrics.lineBoxMetrics(size: size, rule))
    }

    /// ``box(_:size:_:_:)`` from `scaled`, what ``FontMetrics/lineBoxMetrics(size:_:)`` gives for
    /// `size` and `rule` (found once by a caller that needs both).
    func box(_ metrics: FontMetrics, size: Double, _ rule: NormalLineHeight, _ explicit: ExplicitLineHeight,
             _ scaled: (ascent: Double, descent: Double, gap: Double)) -> LineBox {
        let (ascent, descent, gap) = scaled
        var height = switch self {
        case .normal: metrics.lineHeight(size: size, rule, scaled)
        case let .multiple(factor): factor * size
        case let .fixed(pixels): pixels
        }
        // Normal's half-leading is half the line gap, as the layouts before line heights had it.
        if self == .normal { return LineBox(above: ascent + rule.gapAbove(gap), height: height) }
        var leadingAbove = (height - ascent - descent) / 2
        if explicit == .layoutUnits {
            height = (height * 64).rounded(.down) / 64
            leadingAbove = ((height - ascent - descent) / 2).rounded(.down)
        }
        return LineBox(above: ascent + leadingAbove, height: height)
    }
}

/// A font at a size as a style's lines read it: its ascent, descent and line gap in pixels as the
/// profile makes them (``FontMetrics/lineBoxMetrics(size:_:)``: rounded under the chromium
/// profile) and its box under the paragraph's line height: found once for a paragraph in one font
/// (``PreparedParagraph/onlyFontLine``), once a font in a row of runs for a line of several.
struct FontBoxMetrics: Sendable {
    var scaled: (ascent: Double, descent: Double, gap: Double)
    var box: LineBox
}

extension TextStyle {
    /// The metrics of `font` at `size` that this style's lines are made of.
    /// (Inlined: called once a font on a line of several, where a call retains and releases the
    /// font and the style, 3% of a height-only relayout when the compiler stopped inlining it.)
    @inline(__always)
    func boxMetrics(_ font: Font, size: Double) -> FontBoxMetrics {
        let rule = settings.profile.normalLineHeight
        let scaled = font.metrics.lineBoxMetrics(size: size, rule)
        return FontBoxMetrics(scaled: scaled, box: settings.paragraph.lineHeight.box(font.metrics, size: size, rule,
                                                                                    settings.profile.explicitLineHeight, scaled))
    }

    /// The box of the primary font: the strut, and the box of a line with no text.
    var primaryLineBox: LineBox {
        settings.paragraph.lineHeight.box(font.metrics, size: settings.size, settings.profile.normalLineHeight, settings.profile.explicitLineHeight)
    }

    /// The height of a line with no text (an empty line, and the lines past the text that
    /// `minLines` asks an editor for).
    public var emptyLineHeight: Double { primaryLineBox.height }

    /// The box of a line whose fonts' boxes make `union` (the union of the boxes of its runs'
    /// fonts, CSS's line box; nil for a line with no text), with the strut's floor or its forced
    /// height applied. ``lineMetrics(_:_:)`` makes the union as it reads the line's fonts.
    func lineBox(union: LineBox?) -> LineBox { lineBoxRule.lineBox(union: union) }

    /// How this style makes a line's box from its fonts' boxes (see ``LineBoxRule``).
    var lineBoxRule: LineBoxRule {
        LineBoxRule(usesFontLineBoxes: settings.usesFontLineBoxes, strut: primaryLineBox, isStrutForced: settings.paragraph.strut == .forced,
                    holdsStrut: settings.strut == .minimum)
    }
}

/// How a style makes a line's box from the boxes of the fonts on it: whether lines are as tall as
/// their fonts make them, and the strut and how it applies. Found once for a paragraph when it is
/// prepared (``PreparedParagraph/lineBoxRule``), so that a line of several fonts reads no settings.
struct LineBoxRule: Sendable {
    /// Whether lines are as tall as their fonts' own metrics make them (``TextSettings/usesFontLineBoxes``).
    var usesFontLineBoxes: Bool
    /// The primary font's box (``TextStyle/primaryLineBox``).
    var strut: LineBox
    /// Whether every line is exactly the strut (``Strut/forced``).
    var isStrutForced: Bool
    /// Whether every line holds at least the strut (``TextSettings/strut`` `minimum`).
    var holdsStrut: Bool

    /// Whether a line's box is the union of its fonts' boxes (not their extent, nor the strut alone).
    var makesUnion: Bool { !usesFontLineBoxes && !isStrutForced }

    /// ``TextStyle/lineBox(union:)``.
    func lineBox(union: LineBox?) -> LineBox {
        guard !isStrutForced, let union else { return strut }
        return holdsStrut ? union.union(strut) : union
    }
}

extension TextStyle {
    /// `box`, the box of a line's text, grown to hold the inline objects among `runs` (the line's),
    /// as CSS 2.1 §10.8 grows a line box around atomic inlines:
    /// each object's margin box counts as it is, whatever the line height. The objects aligned to
    /// the text (``InlineObject/alignedBox(font:size:profile:)``) join the union first; then the line is
    /// made as tall as the tallest `top` or `bottom` object, growing below the box of the rest for
    /// `top` and above it for `bottom` (Chromium's `MetricsForTopAndBottomAlign`). With the strut
    /// `forced` the box stays the strut: the objects overflow it, as in SkParagraph and Flutter.
    func lineBox(_ box: LineBox, holding runs: ArraySlice<ShapedRun>) -> LineBox {
        guard settings.paragraph.strut != .forced else { return box }
        var aligned = box
        for run in runs {
            switch run.content {
            case .text: continue
            case .inlineObject(let object, let around):
                if let objectBox = object.alignedBox(font: around, size: run.size, profile: settings.profile) { aligned = aligned.union(objectBox) }
            }
        }
        var grown = aligned
        for run in runs {
            switch run.content {
            case .text: continue
            case .inlineObject(let object, _):
                guard object.align == .top || object.align == .bottom, object.height > grown.height else { continue }
                grown = object.align == .top ? LineBox(above: aligned.above, height: object.height)
                    : LineBox(above: object.height - aligned.below, height: object.height)
            }
        }
        return grown
    }
}

/// A line's extent with `lineHeight` normal and no strut: the union of the boxes of the fonts on
/// it, each its ascent and descent with half its line gap above and below.
struct FontLineExtent {
    /// The largest ascent and descent of the fonts (without their gaps).
    var ascent = 0.0
    var descent = 0.0
    /// How far the line reaches above and below the baseline, gaps included.
    var above = 0.0
    var below = 0.0

    var height: Double { above + below }

    /// Includes a font whose ascent, descent and gap at its size are `scaled`
    /// (``FontMetrics/lineBoxMetrics(size:_:)`` under `rule`).
    mutating func include(_ scaled: (ascent: Double, descent: Double, gap: Double), _ rule: NormalLineHeight) {
        let (fontAscent, fontDescent, gap) = scaled
        let gapAbove = rule.gapAbove(gap)
        ascent = max(ascent, fontAscent)
        descent = max(descent, fontDescent)
        above = max(above, fontAscent + gapAbove)
        below = max(below, fontDescent + gap - gapAbove)
    }
}

