// CSS's text-box (text-box-trim and text-box-edge): which of a text's outer line edges are trimmed, and to which of the primary font's metrics; read from the shorthand's text.

/// What CSS `text-box` trims: the over edge of the first line and the under edge of the last line
/// of the text (CSS Inline Layout 3, "Trimming Leading"), down to one of the primary font's metrics
/// instead of the line box's edge (docs/line-model.md, "Trimming the line box").
public struct TextBox: Sendable, Hashable, CustomStringConvertible {
    /// Which sides are trimmed (`text-box-trim`).
    public var trim: TextBoxTrim
    /// The metric each side is trimmed to (`text-box-edge`).
    public var edge: TextBoxEdge

    public init(trim: TextBoxTrim = .none, edge: TextBoxEdge = .auto) {
        self.trim = trim
        self.edge = edge
    }

    /// Nothing trimmed (`text-box: normal`): the default.
    public static let none = TextBox()

    /// Whether a line edge is trimmed at all.
    public var trims: Bool { trim != .none }

    /// The grammar ``init(_:)`` reads, for messages.
    public static let allowed = "\"normal\", or a text-box-trim (none, trim-start, trim-end, trim-both) and/or a text-box-edge (auto, text, "
        + "ideographic, ideographic-ink, or an over edge (text, cap, ex, ideographic, ideographic-ink) then an under edge (text, alphabetic, "
        + "ideographic, ideographic-ink)), as in \"trim-both cap alphabetic\""

    /// Reads CSS's `text-box` shorthand: `normal`, or `<text-box-trim> || <text-box-edge>` in
    /// either order. The trim left out is `trim-both` when an edge is given (the shorthand's rule),
    /// the edge left out is `auto`. Nil for anything else.
    public init?(_ text: String) {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
        if words == ["normal"] { self = .none; return }
        guard !words.isEmpty else { return nil }
        var trim: TextBoxTrim?
        var edgeWords: [String] = []
        for word in words {
            if let value = TextBoxTrim(rawValue: word) {
                // One trim, before or after the edge's words, never between them.
                guard trim == nil, edgeWords.isEmpty || words.last == word else { return nil }
                trim = value
            } else {
                edgeWords.append(word)
            }
        }
        var edge = TextBoxEdge.auto
        if !edgeWords.isEmpty {
            guard let read = TextBoxEdge(edgeWords) else { return nil }
            edge = read
        }
        self.init(trim: trim ?? .trimBoth, edge: edge)
    }

    /// The shorthand's text that ``init(_:)`` reads back: `normal`, or the trim and the edge.
    public var description: String {
        trims ? "\(trim.rawValue) \(edge)" : edge == .auto ? "normal" : "none \(edge)"
    }
}

/// Which of a text's outer line edges `text-box-trim` trims.
public enum TextBoxTrim: String, Sendable, Hashable, CaseIterable {
    case none
    /// The first line's over edge (its top in horizontal text).
    case trimStart = "trim-start"
    /// The last line's under edge.
    case trimEnd = "trim-end"
    case trimBoth = "trim-both"

    /// Whether the first line's over edge is trimmed.
    public var trimsStart: Bool { self == .trimStart || self == .trimBoth }
    /// Whether the last line's under edge is trimmed.
    public var trimsEnd: Bool { self == .trimEnd || self == .trimBoth }
}

/// The metrics of the primary font that `text-box-edge` trims the over and under edges to.
public struct TextBoxEdge: Sendable, Hashable, CustomStringConvertible {
    /// The metric the over edge is trimmed to: the first line's top is that far above its baseline.
    public var over: Over
    /// The metric the under edge is trimmed to: the last line's bottom is that far below its baseline.
    public var under: Under

    public init(over: Over, under: Under) {
        self.over = over
        self.under = under
    }

    /// `auto`: the font's ascent and descent (`line-fit-edge`'s initial `leading` read as `text`).
    public static let auto = TextBoxEdge(over: .text, under: .text)

    /// An over edge.
    public enum Over: String, Sendable, Hashable, CaseIterable {
        /// The font's ascent, as the line box uses it.
        case text
        /// The cap height.
        case cap
        /// The x-height.
        case ex
        /// The top of the ideographic em box.
        case ideographic
        /// The top of the ideographic character face.
        case ideographicInk = "ideographic-ink"
    }

    /// An under edge.
    public enum Under: String, Sendable, Hashable, CaseIterable {
        /// The font's descent, as the line box uses it.
        case text
        /// The alphabetic baseline.
        case alphabetic
        /// The bottom of the ideographic em box.
        case ideographic
        /// The bottom of the ideographic character face.
        case ideographicInk = "ideographic-ink"
    }

    /// Reads `text-box-edge` as words: `auto`; one of `text`, `ideographic`, `ideographic-ink`
    /// (both edges that metric); or an over edge then an under edge. Nil for anything else (`cap`
    /// alone names no under edge and is not a value, as CSS has it).
    init?(_ words: [String]) {
        switch words.count {
        case 1:
            if words[0] == "auto" { self = .auto; return }
            guard let over = Over(rawValue: words[0]), let under = Under(rawValue: words[0]) else { return nil }
            self.init(over: over, under: under)
        case 2:
            guard let over = Over(rawValue: words[0]), let under = Under(rawValue: words[1]) else { return nil }
            self.init(over: over, under: under)
        default:
            return nil
        }
    }

    /// Whether the edge names an ideographic metric, which Chromium 156 does not parse.
    public var isIdeographic: Bool {
        over == .ideographic || over == .ideographicInk || under == .ideographic || under == .ideographicInk
    }

    /// The shortest text ``init(_:)`` reads back: `auto`, one word, or two.
    public var description: String {
        if self == .auto { return "auto" }
        return over.rawValue == under.rawValue ? over.rawValue : "\(over.rawValue) \(under.rawValue)"
    }
}

extension TextBox {
    /// Hashes the trim and the edges by their cases (``caseByte(_:)``), not their names.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(caseByte(trim))
        hasher.combine(caseByte(edge.over))
        hasher.combine(caseByte(edge.under))
    }
}
