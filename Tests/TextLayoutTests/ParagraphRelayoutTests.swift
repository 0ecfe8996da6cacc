// Relayout at a new width stays arithmetic under every paragraph setting: a clamp, a line height, justification, an indent and balanced or pretty lines shape nothing that the same text unset would not.
import Foundation
import Testing
import TextLayout

@Suite("Paragraph settings relayout without shaping")
struct ParagraphRelayoutTests {
    /// Text in three scripts and three fonts. The Japanese avoids the kana pairs Noto Sans CJK JP
    /// kerns (キス is one): a line edge between them is reshaped wherever a setting moves it, as it
    /// would be unset at a width that puts the edge there, so no count of misses could compare.
    static let text = "These fields declare relationships between the source and the build, "
        + "שלום עולם, and the caches keep what was shaped: 日本語の文章もある。 A last sentence here."

    /// The word cache's misses (each one a HarfBuzz call) while `text` in `paragraph` is laid out at
    /// each of `widths`, after a first layout at 300 px taught it the text: from a context of its own.
    static func shapingMisses(_ paragraph: ParagraphStyle, widths: [Double]) throws -> [Int] {
        let context = FontContext(fontDirectories: [FontContext.bundledFontsDirectory!], includeSystemFonts: false)
        let font = try context.font(path: FontContext.bundledFontPath("DejaVuSans.ttf")!)
        let prepared = try PreparedText(text, style: TextStyle(font: font, settings: TextSettings(paragraph: paragraph)))
        _ = try prepared.layout(wrapWidth: 300)
        return try widths.map { width in
            let before = context.shapeCache.statistics.misses
            _ = try prepared.layout(wrapWidth: width)
            return context.shapeCache.statistics.misses - before
        }
    }

    @Test("no setting adds shaping to a relayout: the same word-cache misses as the text unset, at twelve widths (a clamp: its cut's pieces and ellipsis only)",
          arguments: [ParagraphStyle(lineClamp: 2), ParagraphStyle(lineClamp: 1, truncate: .middle), ParagraphStyle(lineClamp: 3, truncate: .start),
                      ParagraphStyle(lineHeight: .fixed(24), strut: .forced), ParagraphStyle(lineHeight: .multiple(1.5)),
                      ParagraphStyle(alignment: .justify, indent: 20), ParagraphStyle(alignment: .center, indent: -15),
                      ParagraphStyle(lineHeight: .fixed(30), lineClamp: 2, alignment: .justify),
                      ParagraphStyle(textWrap: .balance), ParagraphStyle(textWrap: .pretty),
                      ParagraphStyle(alignment: .justify, indent: 10, textWrap: .pretty)])
    func noNewShaping(_ paragraph: ParagraphStyle) throws {
        // From 135 px: in a narrower room (120 px less a 15 px hanging indent) "relationships" is
        // cut, and a word cut where HarfBuzz marks it unsafe is reshaped, set or unset. The unset
        // text at 120 px cuts no word.
        let widths = (0..<12).map { 135 + Double($0) * 13.7 }
        let unset = try Self.shapingMisses(ParagraphStyle(), widths: widths)
        let set = try Self.shapingMisses(paragraph, widths: widths)
        // A clamp cuts its line at any grapheme cluster, inside words too: the piece on each side
        // of a cut HarfBuzz marks unsafe is reshaped, and the ellipsis is shaped in the font of
        // the text beside it (a font it may not have been shaped in yet).
        let allowance = paragraph.lineClamp == nil ? 0 : 3
        for (k, width) in widths.enumerated() {
            #expect(set[k] <= unset[k] + allowance, "\(paragraph) at \(width) px: \(set[k]) misses against \(unset[k]) unset")
        }
    }
}
