// Checks what the word cache keeps: pieces shaped alike alone and in their runs, never a piece shaped against its script's direction, whose cluster glyphs HarfBuzz may order otherwise in another run.
import Foundation
import Testing
@testable import TextLayout

@Suite("Word cache contents")
struct WordCacheTests {
    /// The glyphs the word cache holds for `piece` of the prepared text, in its run's properties, if any.
    static func cached(_ piece: String, of prepared: PreparedText) throws -> ShapedGlyphs? {
        let found = try #require(prepared.text.range(of: piece))
        let offset = prepared.text.utf8.distance(from: prepared.text.startIndex, to: found.lowerBound)
        let paragraph = prepared.paragraphs[0]
        let run = paragraph.runs[paragraph.run(at: offset)]
        let properties = ShapingProperties(font: run.textFont, script: run.script, rightToLeft: run.isRightToLeft,
                                           language: prepared.style.shapingLanguage, features: run.features)
        let bytes = Array(piece.utf8)
        return bytes.withUnsafeBufferPointer { prepared.style.font.context!.shapeCache.lookup(properties, key: ShapeCache.PropertiesKey(properties), $0, 0..<bytes.count).map(ShapedGlyphs.init) }
    }

    /// The script and direction of the run that holds `piece`.
    static func run(of piece: String, in prepared: PreparedText) throws -> (script: String, rightToLeft: Bool) {
        let found = try #require(prepared.text.range(of: piece))
        let offset = prepared.text.utf8.distance(from: prepared.text.startIndex, to: found.lowerBound)
        let run = prepared.paragraphs[0].runs[prepared.paragraphs[0].run(at: offset)]
        return (run.script, run.isRightToLeft)
    }

    @Test("emoji after Arabic or Hebrew, in that script at a left-to-right level, are never cached; in a Latin run they are")
    func piecesAgainstTheirScriptsDirectionAreNotCached() throws {
        // A context of its own: the test empties its word cache.
        let fonts = FontContext(fontDirectories: [FontContext.bundledFontsDirectory!], includeSystemFonts: false)
        let font = try fonts.font(path: FontContext.bundledFontPath("NotoColorEmoji-subset.ttf")!)
        let emoji = "\u{1F44D}"
        for (before, script) in [("\u{628}\u{627}", "Arab"), ("\u{5E9}\u{5DC}", "Hebr")] {
            fonts.clearShapingCaches()
            // In a left-to-right paragraph the emoji take the script of the letters before them.
            let against = try PreparedText(before + emoji, style: TextStyle(font: font, settings: TextSettings(size: 20, direction: .ltr)))
            let run = try Self.run(of: emoji, in: against)
            #expect(run.script == script && !run.rightToLeft, "\(run)")
            #expect(try Self.cached(emoji, of: against) == nil, "\(script)")
        }
        fonts.clearShapingCaches()
        let latin = try PreparedText("ab" + emoji, style: TextStyle(font: font, settings: TextSettings(size: 20, direction: .ltr)))
        #expect(try Self.cached(emoji, of: latin) != nil)
    }

    @Test("a piece's key hashes its bytes wherever they lie, and tells apart lengths that differ only by zero bytes")
    func pieceHashReadsTheBytesAlone() throws {
        let fonts = FontContext(fontDirectories: [FontContext.bundledFontsDirectory!], includeSystemFonts: false)
        let font = try fonts.font(path: FontContext.bundledFontPath("DejaVuSans.ttf")!)
        let key = ShapeCache.PropertiesKey(ShapingProperties(font: font, script: "Latn", rightToLeft: false, language: "en"))
        let other = ShapeCache.PropertiesKey(ShapingProperties(font: font, script: "Latn", rightToLeft: false, language: "de"))
        let word = Array("wonderfully long words".utf8)
        let shifted = Array("xyz".utf8) + word + Array("!".utf8)
        let hash = word.withUnsafeBufferPointer { key.hash($0, 0..<word.count) }
        // Eight-byte words read at another alignment give the same hash.
        #expect(shifted.withUnsafeBufferPointer { key.hash($0, 3..<(3 + word.count)) } == hash)
        #expect(word.withUnsafeBufferPointer { other.hash($0, 0..<word.count) } != hash)
        let zeros: [UInt8] = [0x61, 0x62, 0, 0, 0, 0, 0, 0, 0]
        let hashes = Set((1...zeros.count).map { n in zeros.withUnsafeBufferPointer { key.hash($0, 0..<n) } })
        #expect(hashes.count == zeros.count, "each length of \"ab\" and zeros hashes apart")
        // Every prefix of a text hashes apart from every other.
        let text = Array("The quick brown fox jumps over the lazy dog; Съешь же ещё этих мягких французских булок".utf8)
        let prefixes = text.withUnsafeBufferPointer { buffer in (1...buffer.count).map { key.hash(buffer, 0..<$0) } }
        #expect(Set(prefixes).count == text.count)
    }
}
