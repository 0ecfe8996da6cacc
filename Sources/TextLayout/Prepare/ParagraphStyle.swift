// How paragraphs are set in their lines: the settings a layout reads after shaping (line height, alignment, indent, truncation).

/// The settings of a ``TextStyle`` that lay out shaped text: how tall a line box is, where a line
/// sits in the width, how far a paragraph is indented and where text is cut. Shaping reads none
/// of them; every one is checked when a style is made with it (``TextStyle/init(font:size:direction:language:lineBreak:paragraph:)``,
/// ``TextStyle/withParagraph(_:)``).
public struct ParagraphStyle: Sendable, Hashable {
    public init() {}

    /// Checks every value, naming the one that is wrong and what is allowed.
    /// - Throws: ``LayoutError`` `.invalidArgument`.
    func validate() throws {}
}
