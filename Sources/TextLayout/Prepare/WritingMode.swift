// Vertical text: the writing modes and text orientations (CSS writing-mode, text-orientation), which characters of a column stand upright, and how far an upright glyph of a font without vertical advances goes.
import CICU

/// How lines are laid out (CSS `writing-mode`): horizontal lines stacked top to bottom, or vertical
/// columns, read top to bottom, stacked right to left or left to right. In a vertical mode a line
/// is a column: the wrap width is the column's length (CSS's inline size), a line's width its
/// extent down the column, and a line's height its extent across the block, where the columns stack.
public enum WritingMode: String, Sendable, Hashable, CaseIterable {
    /// Lines from top to bottom, the default.
    case horizontalTB = "horizontal-tb"
    /// Columns from right to left (Japanese and Chinese books).
    case verticalRL = "vertical-rl"
    /// Columns from left to right (Mongolian; some tables and captions).
    case verticalLR = "vertical-lr"

    /// Whether lines are columns.
    public var isVertical: Bool { self != .horizontalTB }
}

/// Which characters of a column stand upright and which are turned on their side (CSS
/// `text-orientation`); read only in a vertical ``WritingMode``.
public enum TextOrientation: String, Sendable, Hashable, CaseIterable {
    /// Each character by its Unicode `Vertical_Orientation` (UAX #50): upright where it is `U`,
    /// `Tu` or `Tr` (CJK, kana, Hangul, fullwidth forms, brackets in their vertical forms),
    /// turned where it is `R` (Latin, digits, Arabic), as Chromium's orientation of a run.
    case mixed
    /// Every character upright.
    case upright
    /// Every character turned, as if the column were a line turned a quarter turn clockwise.
    case sideways
}

/// Whether a styled span's text is set as one upright unit in a column (CSS
/// `text-combine-upright`), as the two digits of a date in vertical Japanese ("tate-chu-yoko"); read
/// only in a vertical ``WritingMode``: in horizontal text it changes nothing.
public enum TextCombineUpright: String, Sendable, Hashable, CaseIterable {
    /// Each character set as the text orientation says (the default).
    case none
    /// The span's whole text set horizontally in one unit 1 em long down the column: its own glyphs
    /// when they fit in 1.1 em across, else the font's half, third or quarter widths (`hwid`,
    /// `twid`, `qwid`) where they fit, else its glyphs squeezed across to 1.1 em; no column breaks
    /// inside it (see ``GlyphRun/combinedScaleX``).
    case all
}

extension TextSettings {
    /// Whether the characters of a column are told apart by their `Vertical_Orientation`: a vertical
    /// mode with ``TextOrientation/mixed`` (read once a paragraph, by the itemizer).
    var splitsRunsByOrientation: Bool { writingMode.isVertical && textOrientation == .mixed }

    /// Whether every run of the text is upright: a vertical mode with ``TextOrientation/upright``.
    var setsEveryRunUpright: Bool { writingMode.isVertical && textOrientation == .upright }
}

/// Whether `scalar` stands upright in a column of ``TextOrientation/mixed``: its
/// `Vertical_Orientation` is not `R` (rotated), or it is one of the curly quotes `‘’“”`, which
/// Chromium 156 sets upright in every font though ICU 72 has them `R` (measured on every letter,
/// number, punctuation mark and symbol from U+00A0 to U+2BFF, U+2E00 to U+2E7F, U+3000 to U+30FF,
/// U+FE10 to U+FE6F and U+FF00 to U+FFEF: these four are the only ones that differ).
func isUprightInMixedColumn(_ scalar: UInt32) -> Bool {
    // Below U+00A7 every character is R; U+00A7 is the first that is U.
    guard scalar >= 0xA7 else { return false }
    switch scalar {
    case 0x2018, 0x2019, 0x201C, 0x201D: return true
    default: return verticalOrientationIsUpright(scalar)
    }
}

/// Whether ICU's `Vertical_Orientation` of `scalar` is `U`, `Tu` or `Tr` (not `R`).
func verticalOrientationIsUpright(_ scalar: UInt32) -> Bool {
    cicu_is_upright_in_mixed_vertical(scalar) != 0
}

extension Font {
    /// The advance in font units of this font's glyphs upright in a column at `size` when the font
    /// has no vertical advances (no `vmtx`: DejaVu Sans, Noto Sans Symbols 2) and `rule` rounds the
    /// line metrics as Chromium does: the font's ascent and descent, each rounded to whole pixels
    /// (Chromium's vertical advance without `vmtx` is the font's height: 16 + 4 = 20 px for DejaVu
    /// Sans at 17 px, where HarfBuzz's is the unrounded 19.79), to the nearest font unit (within
    /// half a unit, 0.004 px at 17 px in 2048 units an em). Nil where the font has vertical advances,
    /// or the metrics are exact (HarfBuzz's advance is then the font's ascent and descent as they are).
    func uprightAdvance(size: Double, _ rule: NormalLineHeight) -> Int32? {
        guard !hasVerticalAdvances, rule != .exact, size > 0 else { return nil }
        let line = metrics.lineBoxMetrics(size: size, rule)
        return Int32(((line.ascent + line.descent) / metrics.scale(size: size)).rounded())
    }
}
