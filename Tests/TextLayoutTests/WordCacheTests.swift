// Checks what the word cache keeps: pieces shaped alike alone and in their runs, never an emoji ZWJ sequence, whose glyph order HarfBuzz may give otherwise in another run.
import Foundation
import Testing
@testable import TextLayout

@Suite("Word cache contents")
struct WordCacheTests {
    /// The glyphs the word cache holds for the piece `piece` of `text` in the run's properties, if any.
    static func cached(_ piece: String, of prepared: PreparedText) throws -> ShapedGlyphs? {
        let found = try #require(prepared.text.range(of: piece))
        let offset = prepared.text.utf8.distance(from: prepared.text.startIndex, to: found.lowerBound)
        let paragraph = prepared.paragraphs[0]
        let run = paragraph.runs[paragraph.run(at: offset)]
        let properties = ShapingProperties(font: run.font, script: run.script, rightToLeft: run.isRightToLeft,
                                           language: prepared.style.shapingLanguage, features: run.features)
        let bytes = Array(piece.utf8)
        return bytes.withUnsafeBufferPointer { prepared.style.font.context!.shapeCache.lookup(properties, $0, 0..<bytes.count) }
    }

    @Test("a piece with a zero-width joiner is never cached, in either direction; one without is")
    func zeroWidthJoinerPiecesAreNotCached() throws {
        let fonts = FontContext(fontDirectories: [FontContext.bundledFontsDirectory!], includeSystemFonts: false)
        let font = try fonts.font(path: FontContext.bundledFontPath("NotoColorEmoji-subset.ttf")!)
        for direction in [TextDirection.ltr, .rtl] {
            fonts.clearShapingCaches()
            let family = try PreparedText("\u{1F468}\u{200D}\u{1F469}", style: TextStyle(font: font, size: 20, direction: direction))
            let faces = try PreparedText("\u{1F600}\u{1F601}", style: TextStyle(font: font, size: 20, direction: direction))
            #expect(try Self.cached("\u{1F468}\u{200D}\u{1F469}", of: family) == nil, "\(direction)")
            #expect(try Self.cached("\u{1F600}\u{1F601}", of: faces) != nil, "\(direction)")
        }
    }
}
