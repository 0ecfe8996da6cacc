// The compact storage of prepared paragraphs: unsafe-to-break flags as bits against an array of Bool, and runs whose rarely set fields live apart.
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

    @Test("a run keeps its spacings, span and inline object apart only while one is set, a spacing of -0 among them")
    func rareRunFields() throws {
        let font = try bundledFonts.font(path: FontContext.bundledFontPath("DejaVuSans.ttf")!)
        var run = ShapedRun(range: 3..<9, level: 1, script: "Latn", font: font, scale: 0.01, firstGlyph: 2, size: 20,
                            letterSpacing: 0, features: [], span: nil)
        #expect(MemoryLayout<ShapedRun>.stride <= 72)
        #expect(run.range == 3..<9 && run.firstGlyph == 2 && run.isRightToLeft)
        #expect(run.letterSpacing == 0 && run.wordSpacing == 0 && run.span == nil && run.inlineObject == nil)
        let plain = run
        run.letterSpacing = -0.0
        #expect(run.letterSpacing.sign == .minus, "a spacing of -0 is kept, not read as +0")
        run.span = 4
        run.wordSpacing = 2.5
        run.inlineObject = InlineObject(width: 7, height: 8)
        #expect(run.span == 4 && run.wordSpacing == 2.5 && run.inlineObject?.width == 7)
        #expect(plain.span == nil && plain.inlineObject == nil, "a copy made before is left as it was")
        #expect(!run.isShapedAlike(plain))
        run.span = nil
        run.wordSpacing = 0
        run.inlineObject = nil
        run.letterSpacing = 0
        #expect(run.isShapedAlike(plain))
        run.range = 10..<12
        #expect(run.range == 10..<12 && run.isShapedAlike(plain), "the range is not what the run was shaped as")
    }
}
