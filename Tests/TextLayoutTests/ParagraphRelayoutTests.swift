// Relayout at a new width stays arithmetic under every paragraph setting: a clamp, a line height, justification, an indent and balanced or pretty lines shape nothing that the same text unset would not.
import Foundation
import Testing
import TextLayout

@Suite("Paragraph settings relayout without shaping")
struct ParagraphRelayoutTests {
    static let text = "These fields declare relationships between the source and the build, "
        + "שלום עולם, and the caches keep what was shaped: 日本語のテキストも。 A last sentence here."

    /// The word cache's misses (each one a HarfBuzz call) while `text` in `paragraph` is laid out at
    /// `widths`, after a first layout at 300 px taught it the text: from a context of its own.
    static func shapingMisses(_ paragraph: ParagraphStyle, widths: [Double]) throws -> Int {
        let context = FontContext(fontDirectories: [FontContext.bundledFontsDirectory!], includeSystemFonts: false)
        let font = try context.font(path: FontContext.bundledFontPath("DejaVuSans.ttf")!)
        let prepared = try PreparedText(text, style: TextStyle(font: font, size: 17, paragraph: paragraph))
        _ = try prepared.layout(width: 300)
        let before = context.shapeCache.statistics.misses
        for width in widths { _ = try prepared.layout(width: width) }
        return context.shapeCache.statistics.misses - before
    }

    @Test("no setting adds shaping to a relayout: the same word-cache misses as the text unset, at twelve widths",
          arguments: [ParagraphStyle(lineClamp: 2), ParagraphStyle(lineClamp: 1, truncate: .middle), ParagraphStyle(lineClamp: 3, truncate: .start),
                      ParagraphStyle(lineHeight: .fixed(24), strut: .forced), ParagraphStyle(lineHeight: .multiple(1.5)),
                      ParagraphStyle(alignment: .justify, indent: 20), ParagraphStyle(alignment: .center, indent: -15),
                      ParagraphStyle(lineHeight: .fixed(30), lineClamp: 2, alignment: .justify),
                      ParagraphStyle(textWrap: .balance), ParagraphStyle(textWrap: .pretty),
                      ParagraphStyle(alignment: .justify, indent: 10, textWrap: .pretty)])
    func noNewShaping(_ paragraph: ParagraphStyle) throws {
        let widths = (0..<12).map { 120 + Double($0) * 13.7 }
        let unset = try Self.shapingMisses(ParagraphStyle(), widths: widths)
        let set = try Self.shapingMisses(paragraph, widths: widths)
        #expect(set <= unset, "\(paragraph): \(set) misses against \(unset) unset")
    }
}
