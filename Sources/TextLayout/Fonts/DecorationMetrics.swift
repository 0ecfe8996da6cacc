// Where a font's underline and strikeout lines go at a size: `post` and `OS/2` as HarfBuzz reads them, with Pango's fallbacks.
import CHarfBuzz

/// Where the lines of a ``TextDecoration`` are drawn, in pixels at one em size.
///
/// A position is the distance from the baseline up to the line's top edge (negative below the
/// baseline), as OpenType's `post` underlinePosition and `OS/2` yStrikeoutPosition and Pango's
/// font metrics give it; the thickness reaches down from there. So in y-down coordinates a line
/// covers baseline − position to baseline − position + thickness.
public struct DecorationMetrics: Sendable, Hashable {
    /// The underline's top edge above the baseline (negative: below it).
    public var underlinePosition: Double
    public var underlineThickness: Double
    /// The strikeout's top edge above the baseline.
    public var strikeoutPosition: Double
    public var strikeoutThickness: Double

    public init(underlinePosition: Double, underlineThickness: Double, strikeoutPosition: Double, strikeoutThickness: Double) {
        self.underlinePosition = underlinePosition
        self.underlineThickness = underlineThickness
        self.strikeoutPosition = strikeoutPosition
        self.strikeoutThickness = strikeoutThickness
    }
}

extension Font {
    /// The font's decoration metrics at `size` pixels per em: `post`'s underline position and
    /// thickness and `OS/2`'s strikeout position and size, as HarfBuzz reads them
    /// (`hb_ot_metrics_get_position`, which adds a variable font's `MVAR` deltas), scaled to the size.
    ///
    /// A value the font lacks (no such table) takes Pango's fallback (`pangofc-font.c`,
    /// `get_face_metrics`): a thickness of 1 px, an underline whose top is 1 px below the baseline,
    /// a strikeout at half the ascent (``FontMetrics/ascent(size:)``). So the values are Pango's
    /// font metrics for the same file and size, in pixels instead of Pango units, but for a
    /// thickness the font gives as 0, which Pango keeps and this takes as missing (1 px), so that
    /// a decoration line always shows.
    public func decorationMetrics(size: Double) -> DecorationMetrics {
        let scale = metrics.scale(size: size)
        /// The font's value for `tag` in pixels, or nil when it has none.
        func value(_ tag: hb_ot_metrics_tag_t) -> Double? {
            var position: hb_position_t = 0
            // HarfBuzz's font is scaled to units per em, so the position is in font units.
            guard hb_ot_metrics_get_position(hbFont, tag, &position) != 0 else { return nil }
            return Double(position) * scale
        }
        /// The font's thickness for `tag` in pixels, or nil when it has none or gives 0.
        func thickness(_ tag: hb_ot_metrics_tag_t) -> Double? { value(tag).flatMap { $0 == 0 ? nil : $0 } }
        return DecorationMetrics(underlinePosition: value(HB_OT_METRICS_TAG_UNDERLINE_OFFSET) ?? -1,
                                 underlineThickness: thickness(HB_OT_METRICS_TAG_UNDERLINE_SIZE) ?? 1,
                                 strikeoutPosition: value(HB_OT_METRICS_TAG_STRIKEOUT_OFFSET) ?? metrics.ascent(size: size) / 2,
                                 strikeoutThickness: thickness(HB_OT_METRICS_TAG_STRIKEOUT_SIZE) ?? 1)
    }
}
