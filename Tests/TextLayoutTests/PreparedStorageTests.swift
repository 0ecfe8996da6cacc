// The compact storage of prepared paragraphs: unsafe-to-break flags as bits against an array of Bool, clusters' first glyphs as steps against an array, and runs whose rarely set fields live apart.
import Testing
@testable import TextLayout
import TestSupport

@Suite("Prepared storage")
struct PreparedStorageTests {
    struct FlagsCase: Sendable {
        var seed: UInt64
        var count: Int
        var percentSet: Int
    }

    /// Flags set at random, a few in a hundred or many, on both sides of the 64 held inline.
    static let cases = [(1, 0, 50), (2, 1, 100), (3, 63, 30), (4, 64, 30), (5, 65, 100), (6, 128, 5), (7, 129, 50), (8, 300, 2), (9, 1000, 40)]
        .map { FlagsCase(seed: UInt64($0.0), count: $0.1, percentSet: $0.2) }

    @Test("BitFlags reads as an array of Bool does, and its prefixes are the flags set afresh", arguments: cases)
    func bitFlagsAgainstBools(_ flagsCase: FlagsCase) {
        let count = flagsCase.count, percentSet = flagsCase.percentSet
        var rng = SplitMix(seed: flagsCase.seed)
        var bools: [Bool] = []
        var flags = BitFlags()
        for i in 0..<count {
            bools.append(Int.random(in: 0..<100, using: &rng) < percentSet)
            if bools[i] { flags.set(i) }
        }
        for i in 0..<(count + 70) {
            #expect(flags[i] == (i < count && bools[i]), "flag \(i) of \(count)")
        }
        for cut in Set([0, 1, count / 2, 63, 64, 65, 127, 128, 129, max(0, count - 1), count]) where cut <= count {
            var afresh = BitFlags()
            for i in 0..<cut where bools[i] { afresh.set(i) }
            let prefix = flags.prefix(count: cut)
            #expect(prefix == afresh, "prefix of \(cut) of \(count)")
            #expect((0..<(count + 70)).allSatisfy { prefix[$0] == ($0 < cut && bools[$0]) }, "prefix of \(cut) of \(count)")
        }
    }

    @Test("BitFlags allocates nothing for flags among the first 64, and no word past the last flag set")
    func bitFlagsStorage() {
        var flags = BitFlags()
        for i in stride(from: 0, to: 64, by: 3) { flags.set(i) }
        #expect(flags.storageBytes == 0)
        flags.set(64 + 64 + 5)
        #expect(flags.storageBytes > 0)
        #expect(flags.prefix(count: 64 + 64) == flags.prefix(count: 64), "the words past the last flag set are dropped")
    }

    struct GlyphsCase: Sendable {
        var seed: UInt64
        var count: Int
        /// In a hundred clusters, how many have no glyph, two glyphs or three.
        var percentOther: Int
    }

    /// One glyph a cluster throughout, a ligature or mark now and then, or on most clusters.
    static let glyphsCases = [(1, 0, 0), (2, 1, 0), (3, 500, 0), (4, 40, 3), (5, 500, 3), (6, 30, 60), (7, 700, 60), (8, 2000, 20)]
        .map { GlyphsCase(seed: UInt64($0.0), count: $0.1, percentOther: $0.2) }

    @Test("ClusterFirstGlyphs reads as the array of first glyphs does, and its prefixes are the values appended afresh", arguments: glyphsCases)
    func clusterFirstGlyphsAgainstArray(_ glyphsCase: GlyphsCase) {
        var rng = SplitMix(seed: glyphsCase.seed)
        var values: [Int] = []
        var glyph = 0
        for _ in 0...glyphsCase.count {
            values.append(glyph)
            glyph += Int.random(in: 0..<100, using: &rng) < glyphsCase.percentOther ? [0, 2, 3].randomElement(using: &rng)! : 1
        }
        var table = ClusterFirstGlyphs()
        table.reserveCapacity(values.count)
        for value in values { table.append(value) }
        #expect(table.count == values.count)
        #expect((0..<values.count).allSatisfy { table[$0] == values[$0] }, "\(glyphsCase.count) clusters")
        if glyphsCase.percentOther == 0 { #expect(table.storageBytes == 0, "one glyph a cluster stores nothing") }
        #expect(table.storageBytes <= values.count * 4 + 16 * 8 + 64, "no more than every value in 32 bits")
        for cut in Set([0, 1, values.count / 3, values.count / 2, values.count - 1, values.count]) where cut <= values.count {
            var prefix = table.prefix(count: cut, room: 5)
            #expect(prefix.count == cut && (0..<cut).allSatisfy { prefix[$0] == values[$0] }, "prefix of \(cut) of \(values.count)")
            var afresh = ClusterFirstGlyphs()
            for value in values[..<cut] { afresh.append(value) }
            #expect(prefix == afresh, "prefix of \(cut) of \(values.count)")
            // Grown again from the prefix, as a paragraph appended to is.
            for value in values[cut...] { prefix.append(value) }
            #expect(prefix == table && (0..<values.count).allSatisfy { prefix[$0] == values[$0] }, "regrown from \(cut)")
        }
    }

    @Test("a paragraph of one glyph a cluster stores no first glyphs, one with a ligature only where it moves them")
    func clusterFirstGlyphsOfParagraphs() throws {
        let style = try TextStyle(font: try bundledFonts.font(path: FontContext.bundledFontPath("DejaVuSans.ttf")!))
        let plain = try #require(try PreparedText("Lorem ipsum dolor sit amet", style: style).paragraphs.first)
        #expect(plain.glyphs.count == plain.clusterCount && plain.clusterFirstGlyph.storageBytes == 0)
        #expect((0...plain.clusterCount).allSatisfy { plain.clusterFirstGlyph[$0] == $0 })
        let marked = try #require(try PreparedText("ax\u{301} bq\u{308}c x\u{301}", style: style).paragraphs.first)
        #expect(marked.glyphs.count > marked.clusterCount && marked.clusterFirstGlyph.storageBytes > 0)
        for cluster in 0..<marked.clusterCount {
            let glyph = marked.clusterFirstGlyph[cluster]
            #expect(Int(marked.glyphs[glyph].cluster) == marked.clusterStarts[cluster], "cluster \(cluster)")
            #expect(glyph == 0 || Int(marked.glyphs[glyph - 1].cluster) < marked.clusterStarts[cluster], "cluster \(cluster)")
        }
        #expect(marked.clusterFirstGlyph[marked.clusterCount] == marked.glyphs.count)
    }

    @Test("a run keeps its spacings, span and inline object apart only while one is set, a spacing of -0 among them; its content's kind in its padding")
    func rareRunFields() throws {
        let font = try bundledFonts.font(path: FontContext.bundledFontPath("DejaVuSans.ttf")!)
        var run = ShapedRun(range: 3..<9, level: 1, script: "Latn", content: .text(font), firstGlyph: 2, size: 20,
                            letterSpacing: 0, features: [], span: nil)
        #expect(MemoryLayout<ShapedRun>.size == 56 && MemoryLayout<ShapedRun>.stride == 56, "the content's kind takes the byte after the level")
        #expect(run.scale == font.metrics.scale(size: 20), "the scale is the font's at the run's size")
        #expect(run.range == 3..<9 && run.firstGlyph == 2 && run.isRightToLeft && run.script == "Latn")
        var other = run
        other.script = "Hani"
        #expect(other.script == "Hani" && !other.isShapedAlike(run), "the script is kept in its four letters")
        other.script = "Zyy"
        #expect(other.script == "Zyy", "a shorter code reads back as it was")
        #expect(run.letterSpacing == 0 && run.wordSpacing == 0 && run.span == nil && run.content == .text(font) && run.kind == .text)
        let plain = run
        run.letterSpacing = -0.0
        #expect(run.letterSpacing.sign == .minus, "a spacing of -0 is kept, not read as +0")
        run.span = 4
        run.wordSpacing = 2.5
        let object = InlineObject(width: 7, height: 8)
        run.content = .inlineObject(object, around: font)
        #expect(run.span == 4 && run.wordSpacing == 2.5 && run.content == .inlineObject(object, around: font) && run.kind == .inlineObject)
        #expect(run.textFont === font, "an object's run keeps the font of the text around it")
        #expect(plain.span == nil && plain.content == .text(font), "a copy made before is left as it was")
        #expect(!run.isShapedAlike(plain))
        run.span = nil
        run.wordSpacing = 0
        run.content = .text(font)
        #expect(run.kind == .text && run.content == .text(font))
        run.letterSpacing = 0
        #expect(run.isShapedAlike(plain))
        run.range = 10..<12
        #expect(run.range == 10..<12 && run.isShapedAlike(plain), "the range is not what the run was shaped as")
    }
}
