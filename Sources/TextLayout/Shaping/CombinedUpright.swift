// Text combined upright in a column (CSS text-combine-upright: all): a span's text shaped horizontally as one unit an em long down the column, in the font's narrower widths or squeezed across when it is wider than 1.1 em.

extension Shaper {
    /// How wide across the column a combined unit's row of glyphs may be, in ems, before it is
    /// compressed: 1.1, as Chromium 156 allows an em and a tenth (measured: `%` in Noto Sans CJK JP
    /// at 17 px keeps its 15.67 px, `12` at 18.87 px takes the font's half widths, 17 px, and
    /// `123`, 28.3 px, is squeezed to 18.7 px).
    static let combinedUprightWidth = 1.1

    /// `range` of `bytes` combined upright (``ShapingProperties/combinesUpright``): shaped left to
    /// right as in a line (no punctuation trim), and when the row is wider than
    /// ``combinedUprightWidth`` ems, shaped again with the font's half, third then quarter widths
    /// (``FontFeature/widthVariants``), the first that fits kept; when none does, the row as first
    /// shaped, squeezed across to that width (`scaleX` below 1), as Chromium 156 compresses it.
    ///
    /// The glyphs are one cluster (the range's start: no break or caret inside) whose advances
    /// add up to an em down the column, all on the last glyph; each glyph's x offset is where it
    /// stands in the row (its pen position and HarfBuzz's x offset, squeezed by `scaleX`) from the
    /// column's centre line, the row centred on it; y offsets are HarfBuzz's, from the row's baseline.
    static func shapeCombinedUpright(_ properties: ShapingProperties, _ bytes: UnsafeBufferPointer<UInt8>,
                                     _ range: Range<Int>) -> (glyphs: ShapedGlyphs, scaleX: Double) {
        var horizontal = properties
        horizontal.combinesUpright = false
        horizontal.upright = false
        horizontal.rightToLeft = false
        horizontal.textSpacingTrim = .spaceAll
        horizontal.precedingPunctuation = .other
        horizontal.followingPunctuation = .other
        let em = properties.font.metrics.unitsPerEm
        let limit = Double(em) * combinedUprightWidth
        func rowWidth(_ glyphs: ShapedGlyphs) -> Int { glyphs.reduce(0) { $0 + Int($1.advance) } }
        var glyphs = shape(horizontal, bytes, range)
        var width = rowWidth(glyphs)
        var scaleX = 1.0
        if Double(width) > limit {
            let compressed = FontFeature.widthVariants.lazy.map { variant -> ShapedGlyphs in
                var narrower = horizontal
                narrower.features.append(variant)
                return shape(narrower, bytes, range)
            }.first { Double(rowWidth($0)) <= limit }
            if let compressed {
                glyphs = compressed
                width = rowWidth(compressed)
            } else {
                scaleX = limit / Double(width)
            }
        }
        var pen = 0
        for k in glyphs.indices {
            let x = (Double(pen + Int(glyphs[k].xOffset)) - Double(width) / 2) * scaleX
            pen += Int(glyphs[k].advance)
            glyphs[k].xOffset = Int32(x.rounded())
            glyphs[k].advance = k == glyphs.count - 1 ? Int32(em) : 0
            glyphs[k].cluster = Int32(range.lowerBound)
            glyphs[k].unsafeToBreak = false
        }
        return (glyphs, scaleX)
    }
}
