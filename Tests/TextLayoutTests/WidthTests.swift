// Checks the stable width range and the shrink-wrap width against layouts at the widths they name.
import Testing
import TextLayout
import TextLayoutIO
import TestSupport

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
        return try PreparedText(text, font: try bundledFonts.font(path: FontContext.bundledFontPath("DejaVuSans.ttf")!), size: 17)
    }

    func starts(_ layout: Layout) -> [Int] { layout.lines.map(\.utf16Range.lowerBound) }

    @Test("breaks are the same across the stable range and change past it", arguments: texts, [70.0, 120, 200])
    func stableRange(text: String, width: Double) throws {
        let prepared = try prepare(text)
        let layout = try prepared.layout(wrapWidth: width)
        let stable = layout.stableWidthRange
        #expect(stable.contains(width))
        #expect(starts(try prepared.layout(wrapWidth: stable.lowerBound)) == starts(layout))
        if stable.upperBound.isFinite {
            #expect(starts(try prepared.layout(wrapWidth: stable.upperBound.nextDown)) == starts(layout))
            #expect(starts(try prepared.layout(wrapWidth: stable.upperBound)) != starts(layout))
        }
        if stable.lowerBound > 1 {
            #expect(starts(try prepared.layout(wrapWidth: stable.lowerBound - 0.01)) != starts(layout))
        }
    }

    @Test("the shrink-wrap width keeps the line count, and any narrower width does not or cuts a word", arguments: texts, [90.0, 160, 300])
    func shrinkWrap(text: String, width: Double) throws {
        let prepared = try prepare(text)
        let layout = try prepared.layout(wrapWidth: width)
        let wrapped = try layout.shrinkWrapWidth()
        #expect(wrapped <= layout.widestLineWidth)
        let atWrapped = try prepared.layout(wrapWidth: wrapped)
        #expect(atWrapped.lineCount == layout.lineCount)
        #expect(atWrapped.cutLineCount <= layout.cutLineCount)
        if wrapped > 1 {
            let narrower = try prepared.layout(wrapWidth: wrapped - 0.01)
            #expect(narrower.lineCount > layout.lineCount || narrower.cutLineCount > layout.cutLineCount)
        }
    }

    @Test("shrink-wrapping keeps the longest word whole where a narrower width would cut it and keep the line count")
    func shrinkWrapKeepsWords() throws {
        let prepared = try prepare("Donaudampfschifffahrtsgesellschaft ja")
        let word = try prepare("Donaudampfschifffahrtsgesellschaft").layout().widestLineWidth
        // The word on the first line, "ja" on the second.
        let layout = try prepared.layout(wrapWidth: word + 5)
        #expect(layout.lineCount == 2 && layout.cutLineCount == 0)
        // Cut after 70% of the word, its rest and "ja" share the second line: the same line count
        // at a narrower width.
        let cut = try prepared.layout(wrapWidth: word * 0.7)
        #expect(cut.lineCount == layout.lineCount && cut.cutLineCount == 1, "the narrower width keeps the count by cutting the word")
        let wrapped = try layout.shrinkWrapWidth()
        #expect(wrapped >= word - Layout.fitTolerance)
        #expect(try prepared.layout(wrapWidth: wrapped).cutLineCount == 0)
    }

    @Test("a text whose every line is one cluster shrink-wraps to its widest line",
          arguments: ["👍", "好", "x\ny", "👍\n好\nx", "👍 👍"], [nil, 5.0, 30, 300])
    func oneClusterLines(text: String, width: Double?) throws {
        let layout = try prepare(text).layout(wrapWidth: width)
        let widest = layout.widestLineWidth
        #expect(widest > 5)
        // Each line is one cluster or ends at a hard break: no narrower width holds it.
        #expect(try layout.shrinkWrapWidth() == widest)
        #expect(layout.stableWidthRange.lowerBound == widest)
    }

    @Test("the batch's shrink-wrap width of one-cluster lines is the widest line plus the side insets, as is stableWidth's foot",
          arguments: ["👍", "好", "x\\ny"], [0.0, 7.5])
    func batchOneClusterLines(jsonText: String, inset: Double) throws {
        let job = "{\"text\": \"\(jsonText)\", \"shrinkWrap\": true, \"insets\": {\"left\": \(inset), \"right\": \(inset)}}"
        let result = try #require(foundationObject(batchResult(job).json))
        let width = try #require(result["width"] as? Double)
        let wrapped = try #require(result["shrinkWrapWidth"] as? Double)
        let stable = try #require(result["stableWidth"] as? [Any])
        #expect(width > 5)
        #expect(wrapped == width + 2 * inset)
        #expect(stable.first as? Double == wrapped)
    }

    /// Checks the shrink-wrap width of `prepared` laid out at `width`: laid out at it, the text
    /// keeps its line count and every line fits (the width is its widest line, the foot of its
    /// stable range); 0.01 px narrower, it needs more lines, a line overflows or a word is cut.
    func checkShrinkWrap(_ prepared: PreparedText, width: Double?, _ comment: Comment) throws {
        let layout = try prepared.layout(wrapWidth: width)
        let wrapped = try layout.shrinkWrapWidth()
        guard wrapped > 0 else {
            #expect(layout.widestLineWidth == 0, comment)
            return
        }
        let atWrapped = try prepared.layout(wrapWidth: wrapped)
        let fitsItsWidth = layout.widestLineWidth <= (width ?? .infinity) + Layout.fitTolerance
        if fitsItsWidth {
            #expect(atWrapped.lineCount == layout.lineCount, comment)
        } else {
            #expect(atWrapped.lineCount <= layout.lineCount, comment)
        }
        #expect(atWrapped.widestLineWidth == wrapped, "the width is the widest line laid out at it: \(comment)")
        #expect(atWrapped.stableWidthRange.lowerBound == wrapped, comment)
        if starts(atWrapped) == starts(layout) {
            #expect(layout.stableWidthRange.lowerBound == wrapped, comment)
        }
        if wrapped > 0.01 {
            let narrower = try prepared.layout(wrapWidth: wrapped - 0.01)
            #expect(narrower.lineCount > atWrapped.lineCount || narrower.widestLineWidth > wrapped - 0.01 + Layout.fitTolerance
                        || narrower.cutLineCount > layout.cutLineCount,
                    "0.01 px narrower still fits without cutting another word: \(comment)")
        }
    }

    @Test("random texts: laid out at the shrink-wrap width the text keeps its lines, 0.01 px narrower it does not",
          arguments: 0..<4)
    func randomShrinkWrap(block: Int) throws {
        for k in 0..<UInt64(25) {
            let seed = UInt64(block) * 1_000_003 + k
            var rng = SplitMix(seed: seed)
            var text = RandomText.make(&rng, maxPieces: 20)
            // One-cluster lines: a line of a single emoji, ideograph or letter now and then.
            if Bool.random(using: &rng) {
                text += ["\n👍", "\n好", "\nx", "\n👨‍👩‍👧‍👦\n"].randomElement(using: &rng)!
            }
            let font = PropertyTests.fonts.randomElement(using: &rng)!
            let width: Double? = [nil, Double.random(in: 2...60, using: &rng), Double.random(in: 60...400, using: &rng)]
                .randomElement(using: &rng)!
            let prepared = try PreparedText(text, style: try TextStyle(font: isolatedFont(font)))
            try checkShrinkWrap(prepared, width: width, "seed \(seed): \(text.debugDescription) in \(font) at \(width.map { "\($0)" } ?? "no limit")")
        }
    }
}

@Suite("The height-only path")
struct HeightOnlyTests {
    static let texts = WidthTests.texts + ["", "\n\n", "mixed 保存 and सहेजें and 😀 fonts\nsecond paragraph", "שלום עולם and more"]

    @Test("editorHeight equals measureEditor's height, line count and scrolling", arguments: texts, [60.0, 150, 400])
    func equalsFullMeasurement(text: String, width: Double) throws {
        let prepared = try PreparedText(text, font: try bundledFonts.font(path: FontContext.bundledFontPath("DejaVuSans.ttf")!), size: 17)
        for sizing in [EditorSizing(), EditorSizing(minLines: 3, maxLines: 4, lineSpace: 2, insets: EdgeInsets(top: 5, left: 6, bottom: 7, right: 8)),
                       EditorSizing(maxLines: 1, lineSpace: 3.3, maxHeight: 30)] {
            let full = try prepared.measureEditor(editorWidth: width, sizing: sizing)
            let quick = try prepared.editorHeight(editorWidth: width, sizing: sizing)
            #expect(quick == EditorHeight(height: full.height, lineCount: full.lineCount, visibleLineCount: full.visibleLineCount,
                                          contentHeight: full.contentHeight, isScrollable: full.isScrollable))
        }
    }
}
