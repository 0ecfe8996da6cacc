// Justification: which glyphs of a line take the slack (the ends of its spaces, else of its clusters) and how much each.

/// A glyph that ends a cluster of a justified line: where it is among the line's pieces' glyphs.
struct JustificationGap {
    var piece: Int
    var glyph: Int
    /// Whether the cluster is a space that justification stretches (``isExpandableSpace(_:at:)``).
    var isSpace: Bool
    /// Whether the cluster is an inline object (`glyph` then means nothing): a cluster of the
    /// line that takes no stretch itself, the gaps beside it do.
    var isInlineObject = false
}

/// Whether the character at byte `i` is a space that justification stretches: U+0020 or U+00A0.
func isExpandableSpace(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
    bytes[i] == 0x20 || (bytes[i] == 0xC2 && i + 1 < bytes.count && bytes[i + 1] == 0xA0)
}

/// Stretches a line's content to `width` pixels: the glyphs that end its spaces (U+0020 and
/// U+00A0, as Pango and CSS stretch) share the difference evenly; in a line without such a space
/// (Chinese, Japanese), the glyphs that end each cluster but the last do (the cluster's own
/// advance, so the gap follows it in the cluster's direction), but an inline object's, which
/// keeps its width. `gaps` are the glyphs that end the line's clusters before its hanging
/// whitespace, in logical order, and its objects; the hanging whitespace keeps its advance.
func stretch(_ pieceGlyphs: inout [[Glyph]], content: Double, at gaps: [JustificationGap], to width: Double) {
    var stretched = gaps.filter(\.isSpace)
    if stretched.isEmpty { stretched = (gaps.count > 1 ? Array(gaps.dropLast()) : gaps).filter { !$0.isInlineObject } }
    guard !stretched.isEmpty else { return }
    let extra = (width - content) / Double(stretched.count)
    for gap in stretched { pieceGlyphs[gap.piece][gap.glyph].advance += extra }
}
