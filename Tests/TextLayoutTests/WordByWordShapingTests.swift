// Holds a run assembled word by word through the word cache (cached words, and the missing ones shaped in context) to the run shaped whole, over the corpus's languages in their fonts.
import Testing
import TestSupport
@testable import TextLayout

@Suite("Word-by-word shaping")
struct WordByWordShapingTests {
    /// The corpus languages whose runs the test assembles: Latin with DejaVu Sans's `kern` pairs,
    /// Greek, Cyrillic, Vietnamese and emoji in DejaVu Sans, Arabic and Hebrew (right to left),
    /// Devanagari and Thai (reordering shapers), Chinese, Japanese and Korean.
    static let languages = ["en", "fr", "de", "vi", "ru", "el", "emoji", "ar", "he", "th", "hi", "zh", "ja", "ko"]

    /// Languages whose texts put spaces between words in a font whose space is inert, so that
    /// their runs have several pieces. (Noto Sans Devanagari's and Noto Sans CJK's spaces take part
    /// in lookups: their runs are one piece each, cached or shaped whole.)
    static let split: Set<String> = ["en", "fr", "de", "vi", "ru", "el", "emoji", "ar", "he"]

    @Test("a run assembled from cached words and words shaped in its context is the run shaped whole: ids, clusters, advances, offsets, flags",
          arguments: languages)
    func assembledEqualsWhole(language: String) throws {
        let fileName = try #require(CorpusTexts.fonts[language])
        let font = try bundledFonts.font(path: try #require(FontContext.bundledFontPath(fileName)))
        let style = try TextStyle(font: font, settings: TextSettings(size: 17))
        var random = SplitMix(seed: 0x5EED_0000 &+ UInt64(language.utf8.reduce(0) { $0 &* 31 &+ Int($1) }))
        var mixed = 0, assembledMixed = 0
        for text in try CorpusTexts.texts(language, spreadTo: 60) {
            let prepared = try PreparedText(text, style: style)
            let bytes = Array(prepared.text.utf8)
            for run in prepared.paragraphs[0].runs where !run.range.isEmpty {
                let properties = ShapingProperties(font: run.font, script: run.script, rightToLeft: run.isRightToLeft,
                                                   language: "", features: run.features)
                bytes.withUnsafeBufferPointer { bytes in
                    let pieces = WordPieces(bytes: bytes, range: run.range, splits: run.font.spaceIsInert)
                    let all = pieces.all
                    let cache = ShapeCache()
                    // Each piece taught on its own with probability one half (seeded).
                    let taught = all.filter { _ in Bool.random(using: &random) }
                    for piece in taught { _ = cache.shape(properties, bytes, piece) }
                    let cachedCount = all.count { cache.lookup(properties, bytes, $0) != nil }
                    let whole = Shaper.shape(properties, bytes, run.range)
                    let through = shapeRun(properties, run.range, bytes: bytes, cache: cache)
                    #expect(through == whole, "\(language) seed run \(run.range) of \(text.debugDescription)")
                    guard cachedCount > 0, cachedCount < all.count else { return }
                    mixed += 1
                    // The same words taught anew: the run assembled without shaping it whole,
                    // unless an edge of a stretch of missing words is unsafe to break.
                    let fresh = ShapeCache()
                    for piece in taught { _ = fresh.shape(properties, bytes, piece) }
                    if pieces.assembled(from: fresh, properties) != nil { assembledMixed += 1 }
                }
            }
        }
        if Self.split.contains(language) {
            #expect(font.spaceIsInert)
            // The word-by-word path ran, for most runs that mixed cached and missing words.
            #expect(mixed >= 20, "\(language): \(mixed) runs with cached and missing words")
            #expect(assembledMixed * 2 >= mixed, "\(language): \(assembledMixed) of \(mixed) assembled without shaping the run whole")
        }
    }
}
