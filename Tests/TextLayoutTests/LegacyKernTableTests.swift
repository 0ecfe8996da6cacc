// The legacy `kern` table reader: which pairs kern the space, in tables built here and in real fonts, and the word cache's verdict on DejaVu Sans.
import CHarfBuzz
import Foundation
import Testing
import TestSupport
@testable import TextLayout

@Suite("Legacy kern table")
struct LegacyKernTableTests {
    static let space = 3

    /// Big-endian bytes of 16-bit fields.
    static func words(_ values: [Int]) -> [UInt8] { values.flatMap { [UInt8(($0 >> 8) & 0xFF), UInt8($0 & 0xFF)] } }

    /// An OpenType `kern` table (version 0) of the given subtables, each its format, coverage
    /// flags and body (the 6-byte header is added).
    static func openTypeTable(_ subtables: [(format: Int, flags: Int, body: [UInt8])]) -> [UInt8] {
        words([0, subtables.count]) + subtables.flatMap { words([0, 6 + $0.body.count, $0.format << 8 | $0.flags]) + $0.body }
    }

    /// A format 0 body: the pair count, three binary-search fields, then the pairs.
    static func pairs(_ pairs: [(left: Int, right: Int, value: Int)]) -> [UInt8] {
        words([pairs.count, 6, 0, 0]) + pairs.flatMap { words([$0.left, $0.right, $0.value & 0xFFFF]) }
    }

    /// A format 2 body for glyphs 2...5: left classes (offsets of rows from the subtable's start)
    /// and right classes (offsets within a row) as given, then a 2 x 2 array of `values` (rows of
    /// left class 0 and 1). The subtable's 6-byte header precedes the body.
    static func classes(left: [Int], right: [Int], values: [Int]) -> [UInt8] {
        let leftTable = 6 + 8, rightTable = leftTable + 4 + 2 * left.count, array = rightTable + 4 + 2 * right.count
        let rows = left.map { array + $0 * 4 }, columns = right.map { $0 * 2 }
        return words([4, leftTable, rightTable, array]) + words([2, left.count] + rows) + words([2, right.count] + columns)
            + words(values.map { $0 & 0xFFFF })
    }

    static func kerns(_ table: [UInt8], glyph: Int = space) -> Bool {
        table.withUnsafeBytes { LegacyKernTable(bytes: $0).kerns(glyph: UInt32(glyph)) }
    }

    @Test("format 0: a nonzero pair with the glyph on either side kerns it; zero pairs, other glyphs and vertical subtables do not")
    func format0() {
        #expect(Self.kerns(Self.openTypeTable([(0, 1, Self.pairs([(10, 11, -40), (Self.space, 12, -20)]))])))
        #expect(Self.kerns(Self.openTypeTable([(0, 1, Self.pairs([(12, Self.space, 15)]))])))
        #expect(!Self.kerns(Self.openTypeTable([(0, 1, Self.pairs([(10, 11, -40), (12, 13, 7)]))])))
        #expect(!Self.kerns(Self.openTypeTable([(0, 1, Self.pairs([(Self.space, 12, 0)]))])))
        // Coverage bit 0 clear: vertical kerning, which horizontal text never applies.
        #expect(!Self.kerns(Self.openTypeTable([(0, 0, Self.pairs([(Self.space, 12, -20)]))])))
        // The second subtable is read too.
        #expect(Self.kerns(Self.openTypeTable([(0, 1, Self.pairs([(10, 11, -40)])), (0, 1, Self.pairs([(Self.space, 12, -20)]))])))
        #expect(!Self.kerns([]))
    }

    @Test("format 2: the glyph's row and column of the class array decide")
    func format2() {
        // Glyphs 2...5: the space (3) in left class 1, right class 0; only the row of left class 1 kerns.
        let spaceRowKerns = Self.classes(left: [0, 1, 0, 0], right: [1, 0, 1, 1], values: [0, 0, -30, 0])
        #expect(Self.kerns(Self.openTypeTable([(2, 1, spaceRowKerns)])))
        #expect(!Self.kerns(Self.openTypeTable([(2, 1, spaceRowKerns)]), glyph: 2))
        // The space's column: right class 0, kerned after left class 1 (glyph 4 here).
        let spaceColumnKerns = Self.classes(left: [0, 0, 1, 0], right: [1, 0, 1, 1], values: [0, 0, -30, 0])
        #expect(Self.kerns(Self.openTypeTable([(2, 1, spaceColumnKerns)])))
        // The space in classes whose values are all 0, against the only nonzero one (left 1 x right 1).
        let elsewhere = Self.classes(left: [1, 0, 0, 0], right: [1, 0, 1, 1], values: [0, 0, 0, -30])
        #expect(!Self.kerns(Self.openTypeTable([(2, 1, elsewhere)])))
        #expect(Self.kerns(Self.openTypeTable([(2, 1, elsewhere)]), glyph: 2))
        // A glyph outside both class tables reads offset 0, before the array: no kerning.
        #expect(!Self.kerns(Self.openTypeTable([(2, 1, elsewhere)]), glyph: 40))
    }

    @Test("Apple's version 1.0 header is read; formats, versions and tables it does not understand count as kerning")
    func headersAndUnknowns() {
        let body = Self.pairs([(Self.space, 12, -20)])
        // Version 1.0, one subtable: length (32 bits), coverage (format 0 in the low byte), tuple index.
        func apple(_ coverage: Int, _ body: [UInt8]) -> [UInt8] { Self.words([1, 0, 0, 1, 0, 8 + body.count, coverage, 0]) + body }
        #expect(Self.kerns(apple(0x0000, body)))
        #expect(!Self.kerns(apple(0x0000, Self.pairs([(10, 11, -40)]))))
        #expect(!Self.kerns(apple(0x8000, body)), "bit 15: vertical")
        // Format 1 (a state machine) and 3, an unknown version, a table cut short: not understood.
        #expect(Self.kerns(Self.openTypeTable([(1, 1, Self.words([0, 0, 0, 0, 0]))])))
        #expect(Self.kerns(apple(0x0003, Self.words([0, 0, 0]))))
        #expect(Self.kerns(Self.words([2, 0])))
        #expect(Self.kerns(Array(Self.openTypeTable([(0, 1, Self.pairs([(10, 11, -40)]))]).dropLast(2))))
        #expect(Self.kerns([0]))
    }

    /// The font's `kern` table bytes and the glyph of `scalar`.
    func kernTable(of font: Font) -> [UInt8] { Self.table("kern", of: font) }

    /// The bytes of the font's table `tag`, empty when it has none.
    static func table(_ tag: StaticString, of font: Font) -> [UInt8] {
        let blob = hb_face_reference_table(hb_font_get_face(font.hbFont), openTypeTag(tag))
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: UnsafeRawPointer(data), count: Int(length)))
    }

    func glyph(_ scalar: UInt32, in font: Font) -> Int {
        var glyph: hb_codepoint_t = 0
        _ = hb_font_get_nominal_glyph(font.hbFont, scalar, &glyph)
        return Int(glyph)
    }

    /// Whether some lookup of the font's `table` (GSUB or GPOS) takes `glyph` as input or context.
    func lookupsTake(_ glyph: UInt32, in font: Font, table: UInt32) -> Bool {
        let face = hb_font_get_face(font.hbFont)
        let sets = (0..<3).map { _ in hb_set_create()! }
        defer { sets.forEach { hb_set_destroy($0) } }
        for lookup in 0..<hb_ot_layout_table_get_lookup_count(face, table) {
            hb_ot_layout_lookup_collect_glyphs(face, table, lookup, sets[0], sets[1], sets[2], nil)
        }
        return sets.contains { hb_set_has($0, glyph) != 0 }
    }

    @Test("DejaVu Sans's kern table kerns letters, never the space; its space is inert though a GSUB ligature joins it with marks")
    func dejaVuSans() throws {
        for name in ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"] {
            let font = try bundledFonts.font(path: try #require(FontContext.bundledFontPath(name)))
            let table = kernTable(of: font)
            #expect(!table.isEmpty, "\(name) has a kern table")
            // "AV" kerns in DejaVu Sans (its kern table is read, not skipped)...
            #expect(Self.kerns(table, glyph: glyph(0x41, in: font)) && Self.kerns(table, glyph: glyph(0x56, in: font)))
            // ... the space in no pair, and in no GPOS lookup.
            #expect(font.spaceGlyph != 0 && !Self.kerns(table, glyph: Int(font.spaceGlyph)))
            #expect(!lookupsTake(font.spaceGlyph, in: font, table: openTypeTag("GPOS")))
            // Its `liga` makes a space and an Arabic harakah (U+064B...U+0652) one isolated form
            // (U+FE70...): a lookup takes the space, but only with the marks after it, which the
            // word cache never cuts from the space, so the space is inert (SpaceMarkLigatureTests).
            #expect(lookupsTake(font.spaceGlyph, in: font, table: openTypeTag("GSUB")))
            #expect(font.spaceIsInert, "\(name)")
        }
        // The monospaced face has no kern table and no lookup of the space.
        let mono = try bundledFonts.font(path: try #require(FontContext.bundledFontPath("DejaVuSansMono.ttf")))
        #expect(kernTable(of: mono).isEmpty && mono.spaceIsInert)
    }

    @Test("Liberation Sans kerns the space in its kern table: its space stays not inert", .needs(.liberationSans))
    func liberationSans() throws {
        // The context kept alive while the font is read: a font holds its context weakly.
        let context = FontContext(fontDirectories: [], includeSystemFonts: false)
        let font = try context.font(path: Oracle.liberationSansFile)
        #expect(Self.kerns(kernTable(of: font), glyph: Int(font.spaceGlyph)))
        #expect(!font.spaceIsInert)
    }
}

