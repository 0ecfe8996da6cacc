// Vertical metrics of a face in font units, as the line model reads them (hhea, or OS/2 typo metrics on request).

/// A face's vertical metrics in font units, and the rules that turn them into pixels.
///
/// The line model: line height = ascender − descender + lineGap, from `hhea`, or from the `OS/2`
/// typo metrics when the font sets USE_TYPO_METRICS (fsSelection bit 7). A font whose `hhea`
/// ascender and descender are both 0 falls back to the typo metrics, then to the Windows metrics.
public struct FontMetrics: Sendable, Hashable {
    /// Design units per em (greater than 0).
    public let unitsPerEm: Int
    /// Distance from the baseline up to the top of the line, in font units (positive).
    public let ascender: Int
    /// Distance from the baseline to the bottom of the line, in font units (negative below the baseline).
    public let descender: Int
    /// Extra space between lines the font asks for, in font units (not negative).
    public let lineGap: Int
    /// Which table the three values above come from: "hhea", "OS/2 typo" or "OS/2 win".
    public let source: String

    public init(unitsPerEm: Int, ascender: Int, descender: Int, lineGap: Int, source: String) {
        self.unitsPerEm = unitsPerEm
        self.ascender = ascender
        self.descender = descender
        self.lineGap = lineGap
        self.source = source
    }

    /// Pixels per font unit at `size` pixels per em.
    public func scale(size: Double) -> Double { size / Double(unitsPerEm) }

    /// The ascent in pixels at `size`.
    public func ascent(size: Double) -> Double { Double(ascender) * scale(size: size) }

    /// The descent in pixels at `size`, as a positive distance below the baseline.
    public func descent(size: Double) -> Double { Double(-descender) * scale(size: size) }

    /// The line gap in pixels at `size`.
    public func leading(size: Double) -> Double { Double(lineGap) * scale(size: size) }

    /// The height of one line in pixels at `size`: ascent + descent + line gap.
    public func lineHeight(size: Double) -> Double {
        Double(ascender - descender + lineGap) * scale(size: size)
    }

    /// The ascent, descent and line gap in pixels at `size` that line boxes are made of under
    /// `rule`: as the font scales them (``NormalLineHeight/exact``), or each rounded to whole
    /// pixels as Chromium's font data rounds them (``NormalLineHeight/roundedAscentDescent``).
    func lineBoxMetrics(size: Double, _ rule: NormalLineHeight) -> (ascent: Double, descent: Double, gap: Double) {
        let exact = (ascent: ascent(size: size), descent: descent(size: size), gap: leading(size: size))
        switch rule {
        case .exact: return exact
        case .roundedAscentDescent: return (exact.ascent.rounded(), exact.descent.rounded(), exact.gap.rounded())
        }
    }

    /// The height of one line of `line-height: normal` in pixels at `size` under `rule`: ascent +
    /// descent + line gap as ``lineBoxMetrics(size:_:)`` gives them.
    func lineHeight(size: Double, _ rule: NormalLineHeight) -> Double {
        guard rule != .exact else { return lineHeight(size: size) }
        return lineHeight(size: size, rule, lineBoxMetrics(size: size, rule))
    }

    /// ``lineHeight(size:_:)`` from `metrics`, what ``lineBoxMetrics(size:_:)`` gives for `size`
    /// and `rule` (found once by a caller that needs both).
    func lineHeight(size: Double, _ rule: NormalLineHeight, _ metrics: (ascent: Double, descent: Double, gap: Double)) -> Double {
        rule == .exact ? lineHeight(size: size) : metrics.ascent + metrics.descent + metrics.gap
    }
}
