// Reads a font's GSUB ligature lookups far enough to tell whether a lookup that takes the space only joins it with marks after it, which the word cache never cuts from the space.

/// The bytes of a font's `GSUB` table, read for the ligatures that take the space glyph.
///
/// DejaVu Sans's `liga` joins a space and the Arabic harakah after it into one isolated form
/// (U+0020 U+064B into U+FE70...). Such a ligature never reaches across a cut of the word cache:
/// the cache cuts a run only after a run of spaces, and not before a character that joins the
/// last space's cluster (``extendsCluster(_:)``: combining marks, joiners), so a space and the
/// marks after it are shaped together in one piece, in every text.
struct SpaceMarkLigatures {
    /// The table's bytes, big-endian as in the font file.
    let bytes: UnsafeRawBufferPointer

    /// The glyphs that lookup `index` joins to `space` after it, when it joins the space with
    /// nothing else: a ligature substitution (type 4, or an extension, type 7, of one) whose
    /// ligatures take the space only as their first glyph, followed by at least one component,
    /// and whose flag skips no glyph but marks (right-to-left and ignore-marks alone may be set:
    /// a base glyph or a class of marks skipped between the space and a mark could lie past a
    /// cut). Nil for a lookup of any other type or flag, one that takes the space otherwise,
    /// and a table cut short. The caller checks that the glyphs are marks.
    func glyphsJoinedAfterSpace(lookup index: Int, space: UInt32) -> Set<UInt32>? {
        let allowedFlags: UInt16 = 0x0001 | 0x0008
        guard let list = offset16(at: 8, from: 0), let count = bytes.bigEndianUInt16(at: list), index < count,
              let lookup = offset16(at: list + 2 + index * 2, from: list),
              let type = bytes.bigEndianUInt16(at: lookup), let flag = bytes.bigEndianUInt16(at: lookup + 2),
              flag & ~allowedFlags == 0, let subtableCount = bytes.bigEndianUInt16(at: lookup + 4) else { return nil }
        var joined = Set<UInt32>()
        for subtableIndex in 0..<Int(subtableCount) {
            guard var subtable = offset16(at: lookup + 6 + subtableIndex * 2, from: lookup) else { return nil }
            var subtableType = type
            if type == 7 {
                guard bytes.bigEndianUInt16(at: subtable) == 1, let extended = bytes.bigEndianUInt16(at: subtable + 2),
                      let offset = bytes.bigEndianUInt32(at: subtable + 4) else { return nil }
                subtableType = extended
                subtable += Int(offset)
            }
            guard subtableType == 4, collectGlyphsJoinedAfterSpace(subtable, space: space, into: &joined) else { return nil }
        }
        return joined
    }

    /// A ligature substitution subtable (format 1: a coverage of first glyphs, and a set of
    /// ligatures for each): adds to `joined` the components of the ligatures that start with
    /// `space`; false when a ligature is the space alone, takes it later than first, or the
    /// subtable is of another format or cut short.
    private func collectGlyphsJoinedAfterSpace(_ subtable: Int, space: UInt32, into joined: inout Set<UInt32>) -> Bool {
        guard bytes.bigEndianUInt16(at: subtable) == 1, let coverage = offset16(at: subtable + 2, from: subtable),
              let setCount = bytes.bigEndianUInt16(at: subtable + 4), let firstGlyphs = coveredGlyphs(coverage) else { return false }
        for (coverageIndex, first) in firstGlyphs where coverageIndex < Int(setCount) {
            guard let set = offset16(at: subtable + 6 + coverageIndex * 2, from: subtable),
                  let ligatureCount = bytes.bigEndianUInt16(at: set) else { return false }
            for ligatureIndex in 0..<Int(ligatureCount) {
                guard let ligature = offset16(at: set + 2 + ligatureIndex * 2, from: set),
                      let componentCount = bytes.bigEndianUInt16(at: ligature + 2), componentCount >= 1 else { return false }
                var components: [UInt32] = []
                for component in 1..<Int(componentCount) {
                    guard let glyph = bytes.bigEndianUInt16(at: ligature + 4 + (component - 1) * 2) else { return false }
                    components.append(UInt32(glyph))
                }
                if first == space {
                    guard !components.isEmpty, !components.contains(space) else { return false }
                    joined.formUnion(components)
                } else if components.contains(space) {
                    return false
                }
            }
        }
        return true
    }

    /// The glyphs of the coverage table at `offset`, each with its coverage index (format 1, a
    /// glyph array, or 2, ranges of glyphs); nil for another format or a table cut short.
    private func coveredGlyphs(_ offset: Int) -> [(index: Int, glyph: UInt32)]? {
        guard let format = bytes.bigEndianUInt16(at: offset), let count = bytes.bigEndianUInt16(at: offset + 2) else { return nil }
        var glyphs: [(index: Int, glyph: UInt32)] = []
        for item in 0..<Int(count) {
            switch format {
            case 1:
                guard let glyph = bytes.bigEndianUInt16(at: offset + 4 + item * 2) else { return nil }
                glyphs.append((item, UInt32(glyph)))
            case 2:
                let record = offset + 4 + item * 6
                guard let start = bytes.bigEndianUInt16(at: record), let end = bytes.bigEndianUInt16(at: record + 2),
                      let startIndex = bytes.bigEndianUInt16(at: record + 4), start <= end else { return nil }
                for glyph in start...end { glyphs.append((Int(startIndex) + Int(glyph - start), UInt32(glyph))) }
            default:
                return nil
            }
        }
        return glyphs
    }

    /// The 16-bit offset at `field`, counted from `base`, as a position in the table; nil when
    /// the field is past the end.
    private func offset16(at field: Int, from base: Int) -> Int? {
        bytes.bigEndianUInt16(at: field).map { base + Int($0) }
    }
}
