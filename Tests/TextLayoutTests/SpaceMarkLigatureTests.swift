// The GSUB ligatures that join a space with the marks after it: which lookups leave the space inert, in tables built here and in real fonts, and the word cache's glyphs for such text held to the run shaped whole.
import CHarfBuzz
import Testing
import TestSupport
@testable import TextLayout

@Suite("Space and mark ligatures")
struct SpaceMarkLigatureTests {
    static let space = 3
    static let marks: Set<UInt32> = [100, 101]

    /// A GSUB table of one lookup of `type` (4, or 7 for an extension of a type 4 subtable) with
    /// `flag`, whose one subtable holds `ligatures` (a first glyph, its other components and the
    /// ligature glyph 200), the first glyphs in a coverage of `coverageFormat`.
    static func table(_ ligatures: [(first: Int, components: [Int])], type: Int = 4, flag: Int = 0, coverageFormat: Int = 1) -> [UInt8] {
        let words = LegacyKernTableTests.words
        let firsts = Array(Set(ligatures.map(\.first))).sorted()
        let coverage = coverageFormat == 1
            ? words([1, firsts.count] + firsts)
            : words([2, firsts.count] + firsts.enumerated().flatMap { [$1, $1, $0] })
        var sets: [[UInt8]] = []
        for first in firsts {
            let ofFirst = ligatures.filter { $0.first == first }
            var body: [UInt8] = []
            var offsets: [Int] = []
            for ligature in ofFirst {
                offsets.append(2 + 2 * ofFirst.count + body.count)
                body += words([200, ligature.components.count + 1] + ligature.components)
            }
            sets.append(words([ofFirst.count] + offsets) + body)
        }
        let coverageOffset = 6 + 2 * firsts.count
        var setOffsets: [Int] = []
        var position = coverageOffset + coverage.count
        for set in sets {
            setOffsets.append(position)
            position += set.count
        }
        var subtable = words([1, coverageOffset, firsts.count] + setOffsets) + coverage + sets.flatMap { $0 }
        if type == 7 { subtable = words([1, 4, 0, 8]) + subtable }
        // Header (version, script and feature lists, lookup list at 10), the list, the lookup.
        return words([1, 0, 0, 0, 10]) + words([1, 4]) + words([type, flag, 1, 8]) + subtable
    }

    /// Whether the table's lookup joins the space only with glyphs of ``marks`` after it (the
    /// font's own marks are checked by ``Font/areMarks(_:in:)``).
    static func onlyJoinsMarks(_ table: [UInt8], lookup: Int = 0) -> Bool {
        let joined = table.withUnsafeBytes { SpaceMarkLigatures(bytes: $0).glyphsJoinedAfterSpace(lookup: lookup, space: UInt32(space)) }
        return joined.map { !$0.isEmpty && $0.isSubset(of: marks) } ?? false
    }

    @Test("a lookup that joins the space only with marks after it leaves it inert")
    func spaceWithMarks() {
        #expect(Self.onlyJoinsMarks(Self.table([(Self.space, [100])])))
        #expect(Self.onlyJoinsMarks(Self.table([(Self.space, [100, 101]), (Self.space, [101]), (40, [41])])))
        // Right-to-left and ignore-marks skip no glyph that could lie past a cut.
        #expect(Self.onlyJoinsMarks(Self.table([(Self.space, [100])], flag: 0x0001)))
        #expect(Self.onlyJoinsMarks(Self.table([(Self.space, [100])], flag: 0x0008)))
        #expect(Self.onlyJoinsMarks(Self.table([(Self.space, [100])], type: 7)))
        #expect(Self.onlyJoinsMarks(Self.table([(Self.space, [100]), (40, [41, 42])], coverageFormat: 2)))
    }

    @Test("a lookup that joins the space with anything else, skips glyphs or is not a ligature keeps it not inert")
    func otherLookups() {
        // A component that is no mark, a mark before the space, the space alone.
        #expect(!Self.onlyJoinsMarks(Self.table([(Self.space, [50])])))
        #expect(!Self.onlyJoinsMarks(Self.table([(Self.space, [100, 50])])))
        #expect(!Self.onlyJoinsMarks(Self.table([(Self.space, [100]), (100, [Self.space])])))
        #expect(!Self.onlyJoinsMarks(Self.table([(Self.space, [])])))
        #expect(!Self.onlyJoinsMarks(Self.table([(Self.space, [50])], type: 7)))
        // Flags that skip base glyphs, ligatures or a class of marks.
        for flag in [0x0002, 0x0004, 0x0010, 0x0100] {
            #expect(!Self.onlyJoinsMarks(Self.table([(Self.space, [100])], flag: flag)), "flag \(flag)")
        }
        // Another lookup type (1, a single substitution, read as such), a lookup past the list,
        // a table cut short, an empty one.
        #expect(!Self.onlyJoinsMarks(Self.table([(Self.space, [100])], type: 1)))
        #expect(!Self.onlyJoinsMarks(Self.table([(Self.space, [100])]), lookup: 1))
        #expect(!Self.onlyJoinsMarks(Array(Self.table([(Self.space, [100])]).dropLast(2))))
        #expect(!Self.onlyJoinsMarks([]))
    }

    @Test("Noto Sans Symbols 2: the ligatures of a space and a following mark pass, those of a mark and a following space do not")
    func notoSansSymbols2() throws {
        let font = try bundledFonts.font(path: try #require(FontContext.bundledFontPath("NotoSansSymbols2-Regular.ttf")))
        let gsub = LegacyKernTableTests.table("GSUB", of: font)
        func glyph(_ scalar: UInt32) -> UInt32 {
            var glyph: hb_codepoint_t = 0
            _ = hb_font_get_nominal_glyph(font.hbFont, scalar, &glyph)
            return glyph
        }
        // U+20E3 COMBINING ENCLOSING KEYCAP, U+102E0 COPTIC EPACT THOUSANDS MARK and U+101FD
        // PHAISTOS DISC SIGN COMBINING OBLIQUE STROKE are marks; the space and U+2605 are not.
        #expect([0x20E3, 0x102E0, 0x101FD, 0x20E2].allSatisfy { Font.areMarks([glyph($0)], in: font.hbFont) })
        #expect(!Font.areMarks([font.spaceGlyph], in: font.hbFont) && !Font.areMarks([glyph(0x2605)], in: font.hbFont))
        #expect(!Font.areMarks([glyph(0x20E3), glyph(0x2605)], in: font.hbFont))
        // Lookups 0 and 3 also join U+20E3 or U+20E2 with a space after it; 1 and 2 join only
        // a space with the mark after it.
        let joined = gsub.withUnsafeBytes { bytes in
            (0..<4).map { SpaceMarkLigatures(bytes: bytes).glyphsJoinedAfterSpace(lookup: $0, space: font.spaceGlyph) }
        }
        #expect(joined == [nil, [glyph(0x102E0)], [glyph(0x101FD)], nil])
        #expect(!font.spaceIsInert)
    }

    @Test("DejaVu Sans: text with a harakah after a space assembled from the word cache is the run shaped whole, U+FE70 forms and all")
    func dejaVuSansThroughTheWordCache() throws {
        let font = try bundledFonts.font(path: try #require(FontContext.bundledFontPath("DejaVuSans.ttf")))
        #expect(font.spaceIsInert)
        var fatathanForm: hb_codepoint_t = 0
        #expect(hb_font_get_nominal_glyph(font.hbFont, 0xFE70, &fatathanForm) != 0)
        // Each text starts and ends with the same word: twice over, with a space between, it is
        // made of the pieces the word cache kept from it once.
        let cases: [(teach: String, script: String, rightToLeft: Bool, ligatures: Int)] = [
            ("عالم سلام \u{64B}كتب عالم", "Arab", true, 1),
            ("باب قلم  \u{64B}باب باب", "Arab", true, 1),
            ("باب قلم  \u{64B}\u{651}باب باب", "Arab", true, 0),
            ("end word \u{64B}next end", "Latn", false, 0),
        ]
        for (teach, script, rightToLeft, ligatures) in cases {
            let text = teach + " " + teach
            let cache = ShapeCache()
            let properties = ShapingProperties(font: font, script: script, rightToLeft: rightToLeft, language: "")
            let teachBytes = Array(teach.utf8), bytes = Array(text.utf8)
            _ = teachBytes.withUnsafeBufferPointer { shapeRun(properties, 0..<$0.count, bytes: $0, cache: cache) }
            let missesBefore = cache.statistics.misses
            let (assembled, whole) = bytes.withUnsafeBufferPointer {
                (shapeRun(properties, 0..<$0.count, bytes: $0, cache: cache), Shaper.shape(properties, $0, 0..<$0.count))
            }
            // Every piece came from the cache (no miss), and the glyphs are the whole run's:
            // ids, clusters, advances, offsets and flags.
            #expect(cache.statistics.misses == missesBefore, "\(text)")
            #expect(assembled == whole, "\(text)")
            // The space and a harakah after it make one ligature in Arabic (U+FE70 with U+064B,
            // fathatan; with a shadda after it, lookup 15 joins the two marks first, as hb-shape
            // shows), none in Latin.
            #expect(whole.count { $0.id == fatathanForm } == 2 * ligatures, "\(text)")
        }
    }
}
