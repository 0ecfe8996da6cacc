// How paragraphs are set in their lines: the settings a layout reads after shaping (line height, alignment, indent, truncation).

/// The settings of a ``TextStyle`` that lay out shaped text: how tall a line box is, where a line
/// sits in the width, how far a paragraph is indented and where text is cut. Shaping reads none
/// of them; every one is checked when a style is made with it (``TextStyle/init(font:size:direction:language:lineBreak:paragraph:)``,
/// ``TextStyle/withParagraph(_:)``).
public struct ParagraphStyle: Sendable, Hashable {
    /// The most lines a layout keeps (at least 1); nil for no limit. Text past them is hidden and
    /// an ``ellipsis`` shows where (see ``Truncation``).
    public var lineClamp: Int?
    /// Where text is cut when it is clamped; nil when the text is cut only by ``lineClamp`` (then
    /// at its end). Setting it also clamps an editor's lines to those that fit its `maxHeight`.
    public var truncate: TruncationPosition?
    /// The string shown where text is hidden, shaped in the font of the text it follows.
    public var ellipsis: String

    public init(lineClamp: Int? = nil, truncate: TruncationPosition? = nil, ellipsis: String = "\u{2026}") {
        self.lineClamp = lineClamp
        self.truncate = truncate
        self.ellipsis = ellipsis
    }

    /// Whether a layout may hide text: a line clamp or a truncation position is set.
    public var truncates: Bool { lineClamp != nil || truncate != nil }

    /// Checks every value, naming the one that is wrong and what is allowed.
    /// - Throws: ``LayoutError`` `.invalidArgument`.
    func validate() throws {
        if let lineClamp, lineClamp < 1 {
            throw LayoutError(.invalidArgument, "lineClamp must be a whole number of lines, at least 1, got \(lineClamp)")
        }
        if ellipsis.contains(where: \.isNewline) {
            throw LayoutError(.invalidArgument, "ellipsis must be one line of text (no line break), got \(ellipsis.debugDescription)")
        }
    }
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
