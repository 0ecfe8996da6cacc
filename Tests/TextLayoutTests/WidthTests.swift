// Checks the stable width range and the shrink-wrap width against layouts at the widths they name.
import Testing
@testable import TextLayout

@Suite("Stable widths and shrink-wrap")
struct WidthTests {
    static let texts = [
        "Hello world, this is a chat bubble that wraps.",
        "Supercalifragilisticexpialidocious is long",
        "Профили PAM с устаревшими модулями отключены",
        "short",
        "a\nb c d e f g\n",
        "tabs\tand\twords in a line",
    ]

    func prepare(_ text: String) throws -> PreparedText {
        let context = FontContext(fontDirectories: [FontContext.bundledFontsDirectory!], includeSystemFonts: false)
        return try PreparedText(text, font: try context.font(path: FontContext.bundledFontPath("DejaVuSans.ttf")!), size: 17)
    }

    func starts(_ layout: Layout) -> [Int] { layout.lines.map(\.utf16Range.lowerBound) }

    @Test("breaks are the same across the stable range and change past it", arguments: texts, [70.0, 120, 200])
    func stableRange(text: String, width: Double) throws {
        let prepared = try prepare(text)
        let layout = try prepared.layout(width: width)
        let stable = layout.stableWidthRange
        #expect(stable.contains(width))
        #expect(starts(try prepared.layout(width: stable.lowerBound)) == starts(layout))
        if stable.upperBound.isFinite {
            #expect(starts(try prepared.layout(width: stable.upperBound.nextDown)) == starts(layout))
            #expect(starts(try prepared.layout(width: stable.upperBound)) != starts(layout))
        }
        if stable.lowerBound > 1 {
            #expect(starts(try prepared.layout(width: stable.lowerBound - 0.01)) != starts(layout))
        }
    }

    @Test("the shrink-wrap width keeps the line count, and any narrower width does not", arguments: texts, [90.0, 160, 300])
    func shrinkWrap(text: String, width: Double) throws {
        let prepared = try prepare(text)
        let layout = try prepared.layout(width: width)
        let wrapped = try layout.shrinkWrapWidth()
        #expect(wrapped <= layout.width)
        #expect(try prepared.layout(width: wrapped).lineCount == layout.lineCount)
        if wrapped > 1 {
            #expect(try prepared.layout(width: wrapped - 0.01).lineCount > layout.lineCount)
        }
    }
}

@Suite("The height-only path")
struct HeightOnlyTests {
    static let texts = WidthTests.texts + ["", "\n\n", "mixed 保存 and सहेजें and 😀 fonts\nsecond paragraph", "שלום עולם and more"]

    @Test("editorHeight equals measureEditor's height, line count and scrolling", arguments: texts, [60.0, 150, 400])
    func equalsFullMeasurement(text: String, width: Double) throws {
        let context = FontContext(fontDirectories: [FontContext.bundledFontsDirectory!], includeSystemFonts: false)
        let prepared = try PreparedText(text, font: try context.font(path: FontContext.bundledFontPath("DejaVuSans.ttf")!), size: 17)
        for sizing in [EditorSizing(), EditorSizing(minLines: 3, maxLines: 4, lineSpace: 2, insets: EdgeInsets(top: 5, left: 6, bottom: 7, right: 8)),
                       EditorSizing(maxLines: 1, lineSpace: 3.3, maxHeight: 30)] {
            let full = try prepared.measureEditor(width: width, sizing: sizing)
            let quick = try prepared.editorHeight(width: width, sizing: sizing)
            #expect(quick == EditorHeight(height: full.height, lineCount: full.lineCount, visibleLineCount: full.visibleLineCount,
                                          contentHeight: full.contentHeight, isScrollable: full.isScrollable))
        }
    }
}
