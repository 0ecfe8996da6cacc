// How paragraphs are set in their lines: the settings a layout reads after shaping (line height, alignment, indent, truncation).

/// The settings of a ``TextStyle`` that lay out shaped text: how tall a line box is, where a line
/// sits in the width, how far a paragraph is indented and where text is cut. Shaping reads none
/// of them; every one is checked when a style is made with it (``TextStyle/init(font:settings:)``,
/// ``TextStyle/withParagraph(_:)``).
public struct ParagraphStyle: Sendable, Hashable {
    /// How tall each font's box on a line is (docs/line-model.md, "Line height").
    public var lineHeight: LineHeight
    /// Whether every line is at least, or exactly, as tall as the primary font's box.
    public var strut: Strut
    /// The most lines a layout keeps (at least 1); nil for no limit. Text past them is hidden and
    /// an ``ellipsis`` shows where (see ``Truncation``).
    public var lineClamp: Int?
    /// Where text is cut when it is clamped; nil when the text is cut only by ``lineClamp`` (then
    /// at its end). Setting it also clamps an editor's lines to those that fit its `maxHeight`.
    public var truncate: TruncationPosition?
    /// The string shown where text is hidden, shaped in the font of the text it follows.
    public var ellipsis: String
    /// Where each line sits in the alignment width (see ``Layout/lineOrigin(_:)``).
    public var alignment: TextAlignment
    /// How far the first line of each paragraph starts in from the side it is aligned to (the
    /// start side for `start` and `justify`), in pixels; its available width shrinks by as much. A
    /// negative value is a hanging indent: every line but the first of each paragraph is indented
    /// by its magnitude (as in Pango). A centred line is narrowed, not moved.
    public var indent: Double
    /// How lines are chosen among the break opportunities: greedy filling, balanced or pretty
    /// (see ``TextWrap``).
    public var textWrap: TextWrap
    /// Which of the text's outer line edges are trimmed to which of the primary font's metrics:
    /// the first line's top and the last line's bottom (CSS `text-box`, see ``TextBox``).
    public var textBox: TextBox
    /// Whether a word too wide for a line of its own is cut between grapheme clusters, and
    /// whether the min-content width counts those cuts (see ``OverflowWrap``).
    public var overflowWrap = OverflowWrap.anywhere

    public init(lineHeight: LineHeight = .normal, strut: Strut = .none,
                lineClamp: Int? = nil, truncate: TruncationPosition? = nil, ellipsis: String = "\u{2026}",
                alignment: TextAlignment = .start, indent: Double = 0, textWrap: TextWrap = .wrap, textBox: TextBox = .none) {
        self.lineHeight = lineHeight
        self.strut = strut
        self.lineClamp = lineClamp
        self.truncate = truncate
        self.ellipsis = ellipsis
        self.alignment = alignment
        self.indent = indent
        self.textWrap = textWrap
        self.textBox = textBox
    }

    /// Whether a layout may hide text: a line clamp or a truncation position is set.
    public var truncates: Bool { lineClamp != nil || truncate != nil }

    /// Checks every value, naming the one that is wrong and what is allowed.
    /// - Throws: ``LayoutError`` `.invalidArgument`.
    func validate() throws {
        try lineHeight.validate()
        if let lineClamp, lineClamp < 1 {
            throw LayoutError(.invalidArgument, "lineClamp must be a whole number of lines, at least 1, got \(lineClamp)", keys: ["lineClamp"])
        }
        if ellipsis.contains(where: \.isNewline) {
            throw LayoutError(.invalidArgument, "ellipsis must be one line of text (no line break), got \(ellipsis.debugDescription)", keys: ["ellipsis"])
        }
        guard indent.isFinite else {
            throw LayoutError(.invalidArgument, "indent must be a finite number of pixels (negative for a hanging indent), got \(plainNumber(indent))", keys: ["indent"])
        }
    }

    /// Whether lines are placed otherwise than by default (`start`, no indent), so that output
    /// reports where each line starts.
    public var movesLines: Bool { alignment != .start || indent != 0 }

    /// Whether lines laid out alike are placed alike in both styles: the same alignment and indent.
    func placesLines(like other: ParagraphStyle) -> Bool {
        alignment == other.alignment && indent == other.indent
    }

    /// How far a line is indented: ``indent`` on a paragraph's first line when it is positive,
    /// its magnitude on the other lines when it is negative, else 0.
    func indent(isFirstLine: Bool) -> Double {
        indent > 0 ? (isFirstLine ? indent : 0) : (isFirstLine ? 0 : -indent)
    }

    /// The width a line may fill at wrap width `wrapWidth`: `wrapWidth` less the line's indent.
    func availableWidth(_ wrapWidth: Double, isFirstLine: Bool) -> Double {
        indent == 0 ? wrapWidth : wrapWidth - indent(isFirstLine: isFirstLine)
    }

    /// - Throws: ``LayoutError`` `.invalidArgument` when the indent leaves no room for text in wrap
    ///   width `wrapWidth` (infinity for no limit).
    ///   (Inlined, the error built apart: every paragraph laid out asks, and reads the indent alone.)
    @inline(__always)
    func requireRoom(in wrapWidth: Double) throws {
        guard indent != 0, wrapWidth - abs(indent) <= 0 else { return }
        throw Self.noRoomError(indent: indent, wrapWidth: wrapWidth)
    }

    @inline(never)
    private static func noRoomError(indent: Double, wrapWidth: Double) -> LayoutError {
        LayoutError(.invalidArgument, "indent (\(plainNumber(indent))) leaves no room for text on a line \(plainNumber(wrapWidth)) px wide: its magnitude must be less than that",
                    keys: ["indent"])
    }
}

/// How tall the box of each font on a line is: CSS `line-height`.
public enum LineHeight: Sendable, Hashable, CustomStringConvertible {
    /// The font's own metrics: ascent + descent + line gap, the gap split above and below.
    case normal
    /// A multiple of the font's size (CSS `line-height: 1.5`): the difference from the font's
    /// ascent + descent is split evenly above and below (half-leading).
    case multiple(Double)
    /// A fixed height in pixels (CSS `line-height: 24px`), split around the font's ascent and
    /// descent the same way.
    case fixed(Double)

    /// Reads `normal`, a number (`1.5`, a multiple of the size) or pixels (`24px`); nil for
    /// anything else. The value is not checked here (see ``validate()``).
    public init?(_ text: String) {
        if text == "normal" {
            self = .normal
        } else if text.hasSuffix("px"), let pixels = Double(text.dropLast(2)) {
            self = .fixed(pixels)
        } else if let multiple = Double(text) {
            self = .multiple(multiple)
        } else {
            return nil
        }
    }

    /// What ``init(_:)`` reads back: `normal`, `1.5` or `24px`.
    public var description: String {
        switch self {
        case .normal: "normal"
        case let .multiple(factor): plainNumber(factor)
        case let .fixed(pixels): plainNumber(pixels) + "px"
        }
    }

    /// What a line height may be, for messages.
    public static let allowed = "\"normal\", a multiple of the em of at least 0 (1.5) or pixels of at least 0 (\"24px\")"

    /// - Throws: ``LayoutError`` `.invalidArgument` for a negative or non-finite multiple or height.
    func validate() throws(LayoutError) {
        switch self {
        case .normal: return
        case let .multiple(value), let .fixed(value):
            guard value.isFinite, value >= 0 else {
                throw LayoutError(.invalidArgument, "lineHeight must be \(Self.allowed), got \(self)", keys: ["lineHeight"])
            }
        }
    }
}

/// Whether the primary font's box sets a floor or the height of every line (SkParagraph's strut).
public enum Strut: String, Sendable, Hashable, CaseIterable {
    /// Lines are as tall as the boxes of the fonts on them.
    case none
    /// Every line is at least the primary font's box, above and below the baseline (CSS's strut).
    case minimum
    /// Every line is exactly the primary font's box, whatever fonts are on it; taller glyphs
    /// reach into the lines next to them.
    case forced
}

/// How a paragraph's lines are chosen among its break opportunities (CSS `text-wrap`). Every mode
/// gives lines no wider than the width (but a grapheme cluster wider than it alone) and no more
/// lines than greedy filling.
public enum TextWrap: String, Sendable, Hashable, CaseIterable {
    /// Greedy filling: each line takes as much as fits (CSS `wrap`, Pango, SkParagraph). The fastest.
    case wrap
    /// As many lines as greedy filling, with the widest as narrow as it can be and the widths as
    /// even as they can be after that (CSS `balance`): for headings and chat bubbles.
    case balance
    /// As many lines as greedy filling, with the least raggedness: the sum of each line's squared
    /// slack (but the last's) as a share of its room, plus a penalty for a last line of one short
    /// word and for each line that ends in a hyphen (CSS `pretty`, Knuth and Plass).
    case pretty
}

/// What becomes of a word (a piece no break opportunity splits) too wide for a line of its own
/// (CSS `overflow-wrap`, CSS Text 3 §5.5). A word that fits on a line of its own moves to the next
/// line whole in every mode; the modes differ only for a word that does not.
public enum OverflowWrap: String, Sendable, Hashable, CaseIterable {
    /// It stands whole on its line and overflows it: the line's width exceeds the wrap width.
    case normal
    /// It is cut between grapheme clusters, as many as fit but at least one, as with
    /// ``anywhere``; but the min-content width does not count those cuts: it is the widest word.
    case breakWord = "break-word"
    /// It is cut between grapheme clusters, and the min-content width counts those cuts: it is
    /// the widest grapheme cluster. The default.
    case anywhere
}

/// Where a clamped text is cut (CSS `text-overflow`, Pango's `ellipsize`).
public enum TruncationPosition: String, Sendable, Hashable, CaseIterable {
    /// The end of the last kept line is cut: "The quick brown…".
    case end
    /// The start of the last kept line's text is cut, so the text's end shows: "…the lazy dog".
    case start
    /// The middle of the last kept line's text is cut: "The quick…lazy dog".
    case middle
}

/// Where a line sits in its layout's alignment width.
public enum TextAlignment: String, Sendable, Hashable, CaseIterable {
    /// At the paragraph's start side: left for a left-to-right paragraph, right for a right-to-left one.
    case start
    /// At the paragraph's end side.
    case end
    case left
    case right
    /// Centred: the slack split evenly on both sides (the indent moves nothing, as in Pango).
    case center
    /// Filling the width: the spaces between words stretched (between grapheme clusters for text
    /// without spaces), except on a paragraph's last line, which sits at the start.
    case justify
}

/// The side a line is aligned to, once its direction is known.
enum AlignmentSide {
    case left, right, center
}

extension TextAlignment {
    /// The side a line of a paragraph in direction `rightToLeft` is aligned to (a justified line
    /// fills its room, so its side matters only where it is not stretched: at its start).
    func side(rightToLeft: Bool) -> AlignmentSide {
        switch self {
        case .left: .left
        case .right: .right
        case .center: .center
        case .start, .justify: rightToLeft ? .right : .left
        case .end: rightToLeft ? .left : .right
        }
    }
}

extension ParagraphStyle {
    /// Hashes the style's settings with each enum by its case (``caseByte(_:)``), not its name,
    /// and the ellipsis by its length: the prepared-text cache hashes a style for every text it
    /// looks up. Equal styles hash alike; a field left out here only makes styles that differ in
    /// it alone collide, which `==` then tells apart.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(lineHeight)
        hasher.combine(lineClamp)
        hasher.combine(indent)
        hasher.combine(ellipsis.utf8.count)
        hasher.combine(caseByte(strut))
        hasher.combine(caseByte(truncate))
        hasher.combine(caseByte(alignment))
        hasher.combine(caseByte(textWrap))
        hasher.combine(caseByte(overflowWrap))
        hasher.combine(textBox)
    }
}
