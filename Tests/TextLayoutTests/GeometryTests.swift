// Caret geometry as tests: the caret at every grapheme boundary and the tap that lands on it, in Latin, Arabic, Hebrew with numbers, CJK and emoji.
import Testing
import TextLayout
import TestSupport

/// A bundled font from the bundled-only context, so fallback never reaches the machine's fonts.
func isolatedFont(_ file: String) throws -> Font {
    guard let path = FontContext.bundledFontPath(file) else { throw TestFailure("no \(file) in Fonts/") }
    return try bundledFonts.font(path: path)
}

/// `text` laid out at 20 px in a bundled font, with 2 px between lines.
func geometryLayout(_ text: String, font: String = "DejaVuSans.ttf", width: Double? = 400,
                    direction: TextDirection = .auto) throws -> Layout {
    let style = try TextStyle(font: isolatedFont(font), settings: TextSettings(size: 20, direction: direction))
    return try PreparedText(text, style: style).layout(wrapWidth: width, lineSpace: 2)
}

/// The grapheme cluster boundaries of `text` as UTF-16 offsets, 0 and the end included.
func graphemeOffsets(_ text: String) -> [Int] {
    var offsets = [0]
    for character in text { offsets.append(offsets[offsets.count - 1] + character.utf16.count) }
    return offsets
}

/// A one-line text that reads in one direction.
struct ScriptRow: Sendable, CustomTestStringConvertible {
    let name: String
    let text: String
    let font: String
    let rightToLeft: Bool
    var testDescription: String { name }
}

let scriptRows = [
    ScriptRow(name: "Latin with an accent and a ligature", text: "Cafe\u{301} office, Ta", font: "DejaVuSans.ttf", rightToLeft: false),
    ScriptRow(name: "Arabic with a lam-alef ligature", text: "مرحبا بالعالم لا", font: "NotoSansArabic-Regular.ttf", rightToLeft: true),
    ScriptRow(name: "Hebrew", text: "שלום עולם", font: "NotoSansHebrew-Regular.ttf", rightToLeft: true),
    ScriptRow(name: "Japanese", text: "設定ファイルを新しいバージョン", font: "DejaVuSans.ttf", rightToLeft: false),
    ScriptRow(name: "Chinese", text: "在其它应用程序阻止挂起时", font: "DejaVuSans.ttf", rightToLeft: false),
    ScriptRow(name: "emoji sequences", text: "Hi 👨‍👩‍👧‍👦 and 👍🏾 from 🇧🇷 ok", font: "DejaVuSans.ttf", rightToLeft: false),
]

@Suite("Caret geometry")
struct GeometryTests {
    /// The advance each grapheme cluster gets, in logical order: its HarfBuzz cluster's glyph
    /// advances, split evenly when the cluster joins several grapheme clusters.
    func graphemeAdvances(_ layout: Layout, _ text: String) -> [Double] {
        let bounds = graphemeOffsets(text)
        var advances = [Double](repeating: 0, count: bounds.count - 1)
        for run in layout.lines[0].runs {
            let starts = Set(run.glyphs.map(\.cluster)).sorted()
            for (k, start) in starts.enumerated() {
                let end = k + 1 < starts.count ? starts[k + 1] : run.utf16Range.upperBound
                let advance = run.glyphs.filter { $0.cluster == start }.reduce(0) { $0 + $1.advance }
                let covered = bounds.indices.dropLast().filter { bounds[$0] >= start && bounds[$0] < end }
                for g in covered { advances[g] += advance / Double(covered.count) }
            }
        }
        return advances
    }

    @Test("the caret at every grapheme boundary: x is the advance of the clusters before it, from the line's leading edge",
          arguments: scriptRows)
    func caretAtEveryBoundary(_ row: ScriptRow) throws {
        let layout = try geometryLayout(row.text, font: row.font)
        #expect(layout.lineCount == 1)
        let line = layout.lines[0]
        #expect(line.isRightToLeft == row.rightToLeft)
        let advances = graphemeAdvances(layout, row.text)
        var before = 0.0
        for (k, offset) in graphemeOffsets(row.text).enumerated() {
            let expected = row.rightToLeft ? layout.alignmentWidth - before : before
            for affinity in CaretAffinity.allCases {
                let rect = layout.caretRect(forUTF16Offset: offset, affinity: affinity)
                #expect(abs(rect.x - expected) < 1e-9, "offset \(offset) \(affinity)")
                #expect(rect.y == line.top && rect.height == line.height && rect.width == 1)
            }
            if k < advances.count {
                #expect(advances[k] > 0, "every grapheme cluster has ink or an advance")
                before += advances[k]
            }
        }
        #expect(abs(before - line.width) < 1e-9)
        if row.rightToLeft { #expect(abs(layout.caretRect(forUTF16Offset: row.text.utf16.count).x - (400 - line.width)) < 1e-9) }
    }

    @Test("a ligature's advance is split evenly among the grapheme clusters it joins",
          arguments: [("office", "DejaVuSans.ttf", 1, 4), ("لا", "NotoSansArabic-Regular.ttf", 0, 2)])
    func ligatureSplit(_ text: String, _ font: String, _ start: Int, _ end: Int) throws {
        let layout = try geometryLayout(text, font: font)
        let glyphs = layout.lines[0].runs.flatMap(\.glyphs)
        let ligature = try #require(glyphs.first { $0.cluster == start })
        #expect(glyphs.filter { $0.cluster == start }.count == 1, "one glyph for the whole cluster")
        let xs = (start...end).map { layout.caretRect(forUTF16Offset: $0).x }
        for k in 1..<xs.count {
            #expect(abs(abs(xs[k] - xs[k - 1]) - ligature.advance / Double(end - start)) < 1e-9)
        }
    }

    @Test("a tap on a caret's x lands on that caret; inside a cluster, on its nearer edge", arguments: scriptRows)
    func tapRoundTrip(_ row: ScriptRow) throws {
        let layout = try geometryLayout(row.text, font: row.font)
        let line = layout.lines[0]
        let middle = line.top + line.height / 2
        let offsets = graphemeOffsets(row.text)
        for offset in offsets {
            let x = layout.caretRect(forUTF16Offset: offset).x
            #expect(layout.caret(atX: x, y: middle).offset == offset, "tap at \(x)")
        }
        for k in 0..<(offsets.count - 1) {
            let a = layout.caretRect(forUTF16Offset: offsets[k]).x
            let b = layout.caretRect(forUTF16Offset: offsets[k + 1]).x
            let nearStart = layout.caret(atX: a + (b - a) * 0.2, y: middle)
            let nearEnd = layout.caret(atX: a + (b - a) * 0.8, y: middle)
            #expect(nearStart.offset == offsets[k] && nearEnd.offset == offsets[k + 1], "inside cluster \(k)")
            #expect(layout.caretRect(for: nearEnd).x == b)
        }
        // Outside the glyphs: the line's ends, whatever the height.
        let (leftEnd, rightEnd) = row.rightToLeft ? (offsets.last!, 0) : (0, offsets.last!)
        #expect(layout.caret(atX: -50, y: -10).offset == leftEnd)
        #expect(layout.caret(atX: 1000, y: 500).offset == rightEnd)
    }

    @Test("an offset inside a grapheme cluster is drawn at the cluster's start")
    func offsetInsideCluster() throws {
        let text = "a👨‍👩‍👧‍👦b"
        let layout = try geometryLayout(text)
        for inside in 2..<12 {
            #expect(layout.caretRect(forUTF16Offset: inside).x == layout.caretRect(forUTF16Offset: 1).x)
        }
        #expect(layout.caretRect(forUTF16Offset: 12).x > layout.caretRect(forUTF16Offset: 1).x)
    }

    @Test("String.Index forms: the same carets and selections; an offset inside a cluster rounds down")
    func stringIndices() throws {
        let text = "ab👍🏾c"
        let layout = try geometryLayout(text)
        for index in text.indices + [text.endIndex] {
            let offset = text.utf16.distance(from: text.startIndex, to: index)
            #expect(layout.caretRect(for: index) == layout.caretRect(forUTF16Offset: offset))
            #expect(layout.utf16Offset(of: index) == offset)
            #expect(layout.index(atUTF16Offset: offset) == index)
        }
        #expect(layout.index(atUTF16Offset: 4) == text.index(text.startIndex, offsetBy: 2), "inside the emoji")
        #expect(layout.index(atUTF16Offset: 99) == text.endIndex)
        #expect(layout.selectionRects(for: text.startIndex..<text.endIndex) == layout.selectionRects(forUTF16Range: 0..<7))
    }

    /// Where a caret must be drawn: at the left or right edge of one of the line's runs.
    struct BoundaryRow: Sendable, CustomTestStringConvertible {
        let text: String
        let offset: Int
        let affinity: CaretAffinity
        let run: Int
        let rightEdge: Bool
        var testDescription: String { "\(text.debugDescription) at \(offset) \(affinity)" }
    }

    /// "abc שלום def" is a left-to-right line with the runs "abc ", "שלום" (drawn reversed), " ",
    /// "def" from the left. "שלום 123 עולם" is a right-to-left line with the runs 8..<13 "( עולם)",
    /// 5..<8 "123" and 0..<5 "(שלום )" from the left.
    static let boundaryRows = [
        BoundaryRow(text: "abc שלום def", offset: 4, affinity: .downstream, run: 1, rightEdge: true),  // before ש, its right
        BoundaryRow(text: "abc שלום def", offset: 4, affinity: .upstream, run: 0, rightEdge: true),    // after the space
        BoundaryRow(text: "abc שלום def", offset: 8, affinity: .downstream, run: 2, rightEdge: false), // before the space
        BoundaryRow(text: "abc שלום def", offset: 8, affinity: .upstream, run: 1, rightEdge: false),   // after ם, its left
        BoundaryRow(text: "שלום 123 עולם", offset: 0, affinity: .downstream, run: 2, rightEdge: true),
        BoundaryRow(text: "שלום 123 עולם", offset: 5, affinity: .downstream, run: 1, rightEdge: false), // before 1
        BoundaryRow(text: "שלום 123 עולם", offset: 5, affinity: .upstream, run: 2, rightEdge: false),   // after the space
        BoundaryRow(text: "שלום 123 עולם", offset: 8, affinity: .downstream, run: 0, rightEdge: true),  // before the space
        BoundaryRow(text: "שלום 123 עולם", offset: 8, affinity: .upstream, run: 1, rightEdge: true),    // after 3
        BoundaryRow(text: "שלום 123 עולם", offset: 13, affinity: .upstream, run: 0, rightEdge: false),
    ]

    @Test("at a direction boundary the affinity chooses the run: downstream the one after, upstream the one before",
          arguments: boundaryRows)
    func directionBoundary(_ row: BoundaryRow) throws {
        let layout = try geometryLayout(row.text)
        let line = layout.lines[0]
        let run = line.runs[row.run]
        let expected = layout.lineOrigin(line) + run.x + (row.rightEdge ? run.width : 0)
        #expect(abs(layout.caretRect(forUTF16Offset: row.offset, affinity: row.affinity).x - expected) < 1e-9)
    }

    @Test("in mixed directions a tap on any caret's x lands on a caret drawn there",
          arguments: ["abc שלום def", "שלום 123 עולם", "The greeting مرحبا بالعالم means hello", "עברית (12:30) ok"])
    func mixedTapRoundTrip(_ text: String) throws {
        let layout = try geometryLayout(text)
        let line = layout.lines[0]
        for offset in graphemeOffsets(text) {
            for affinity in CaretAffinity.allCases {
                let x = layout.caretRect(forUTF16Offset: offset, affinity: affinity).x
                let tapped = layout.caret(atX: x, y: line.top + 1)
                #expect(abs(layout.caretRect(for: tapped).x - x) < 1e-9, "offset \(offset) \(affinity)")
            }
        }
    }

    @Test("right-to-left lines are placed where the renderer draws them: right-aligned in the wrap width")
    func rightToLeftAlignment() throws {
        let layout = try geometryLayout("שלום עולם", width: 300)
        let line = layout.lines[0]
        #expect(layout.alignmentWidth == 300)
        #expect(abs(layout.lineOrigin(line) - (300 - line.width)) < 1e-9)
        #expect(layout.caretRect(forUTF16Offset: 0).x == 300)
        let unlimited = try geometryLayout("שלום עולם\nשלום", width: nil)
        #expect(unlimited.alignmentWidth == unlimited.widestLineWidth)
        #expect(abs(unlimited.caretRect(forUTF16Offset: 10).x - unlimited.widestLineWidth) < 1e-9, "the short line ends at the widest's edge")
    }

    @Test("empty text: the caret at the line's start, as tall as the primary font's line", arguments: [
        (TextDirection.auto, 0.0), (.ltr, 0.0), (.rtl, 200.0),
    ])
    func emptyText(_ direction: TextDirection, _ x: Double) throws {
        let layout = try geometryLayout("", width: 200, direction: direction)
        let rect = layout.caretRect(forUTF16Offset: 0)
        #expect(rect == LayoutRect(x: x, y: 0, width: 1, height: layout.lines[0].height))
        #expect(layout.caret(atX: 50, y: 5) == TextCaret(offset: 0))
        #expect(layout.selectionRects(forUTF16Range: 0..<0).isEmpty)
    }

    @Test("after a trailing newline the caret is on the empty last line, on the paragraph's side", arguments: [
        ("Hello\n", 0.0), ("שלום\n", 200.0), ("שלום\nab\n", 0.0),
    ])
    func afterTrailingNewline(_ text: String, _ x: Double) throws {
        let layout = try geometryLayout(text, width: 200)
        let last = layout.lines[layout.lineCount - 1]
        let rect = layout.caretRect(forUTF16Offset: text.utf16.count)
        #expect(rect == LayoutRect(x: x, y: last.top, width: 1, height: last.height))
        #expect(layout.caret(atX: 100, y: last.top + 3) == TextCaret(offset: text.utf16.count))
        // Before the newline the caret is at the end of the line before.
        let beforeBreak = layout.caretRect(forUTF16Offset: text.utf16.count - 1, affinity: .downstream)
        #expect(beforeBreak.y == layout.lines[layout.lineCount - 2].top)
    }

    @Test("at a soft wrap: downstream at the start of the next line, upstream at the end of the line before")
    func softWrap() throws {
        let text = "alpha beta gamma delta epsilon"
        let layout = try geometryLayout(text, width: 120)
        #expect(layout.lineCount > 1)
        for k in 1..<layout.lineCount {
            let line = layout.lines[k]
            let before = layout.lines[k - 1]
            let wrap = line.utf16Range.lowerBound
            #expect(layout.caretRect(forUTF16Offset: wrap) == LayoutRect(x: 0, y: line.top, width: 1, height: line.height))
            let up = layout.caretRect(forUTF16Offset: wrap, affinity: .upstream)
            #expect(up.y == before.top)
            #expect(up.x <= 120 && up.x > before.width, "after the hanging space, clamped to the wrap width")
            // Tapping right of the line before stays on it, with the upstream affinity.
            #expect(layout.caret(atX: 1000, y: before.top + 1) == TextCaret(offset: wrap, affinity: .upstream))
        }
    }

    /// A grapheme cluster whose later characters bidi resolves to another level than its base is
    /// split between runs drawn apart: a zero width non-joiner after an Arabic letter before Latin
    /// or Greek (in a right-to-left paragraph, or in a left-to-right one inside an embedding or an
    /// isolate), a flag's tag characters before Han in a right-to-left paragraph.
    @Test("a grapheme cluster split between runs of two directions is drawn, tapped and selected where its base is", arguments: [
        ("\u{0638}\u{0644}\u{064A}\u{200C}ab", 2..<4, "NotoSansArabic-Regular.ttf", TextDirection.rtl),
        ("\u{0638}\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}\u{789A}", 1..<15, "DejaVuSans.ttf", .rtl),
        ("a\u{202B}\u{0638}\u{064B}\u{200C}\u{03C8}\u{03C9}", 2..<5, "DejaVuSans.ttf", .ltr),
        ("a\u{2067}\u{0638}\u{200C}b\u{2069}c", 2..<4, "DejaVuSans.ttf", .ltr),
    ])
    func clusterSplitBetweenRuns(_ text: String, _ cluster: Range<Int>, _ font: String, _ direction: TextDirection) throws {
        let layout = try geometryLayout(text, font: font, direction: direction)
        let line = layout.lines[0]
        let runs = layout.glyphRuns(of: line)
        let base = try #require(runs.first { $0.utf16Range.contains(cluster.lowerBound) })
        try #require(base.isRightToLeft && runs.contains { !$0.isRightToLeft && $0.utf16Range.overlaps(cluster) },
                     "the case splits the cluster between a right-to-left and a left-to-right run: \(runs)")
        let left = layout.lineOrigin(line) + base.x
        let right = left + base.width
        // Its two carets are on its base's glyphs, its end on the left (right to left).
        let start = layout.caretRect(forUTF16Offset: cluster.lowerBound).x
        let end = layout.caretRect(forUTF16Offset: cluster.upperBound, affinity: .upstream).x
        #expect(left - 1e-9 <= end && end < start && start <= right + 1e-9, "edges \(end)...\(start) in the base's run \(left)...\(right)")
        // A tap on its left half puts the caret after it, on its right half before it.
        let middle = line.top + line.height / 2
        #expect(layout.caret(atX: end + (start - end) / 4, y: middle).offset == cluster.upperBound)
        #expect(layout.caret(atX: end + (start - end) * 3 / 4, y: middle).offset == cluster.lowerBound)
        // Its selection covers its base and nothing between its pieces.
        let rects = layout.selectionRects(forUTF16Range: cluster)
        #expect(rects.count == 1 && rects.allSatisfy { $0.x >= left - 1e-9 && $0.maxX <= right + 1e-9 && $0.width > 0 }, "\(rects)")
    }

    @Test("every caret of a wrapped paragraph is on the line holding its offset, and taps round trip", arguments: [
        ("The quick brown fox jumps over the lazy dog again and again", "DejaVuSans.ttf"),
        ("في البدء كان الكلمة والكلمة كان عند الله وكان الكلمة الله", "NotoSansArabic-Regular.ttf"),
        ("設定ファイルを新しいバージョンでないもので置き換えるか尋ねる", "DejaVuSans.ttf"),
    ])
    func wrappedParagraph(_ text: String, _ font: String) throws {
        let layout = try geometryLayout(text, font: font, width: 150)
        #expect(layout.lineCount >= 3)
        for offset in graphemeOffsets(text) {
            let caret = TextCaret(offset: offset)
            let index = layout.lineIndex(for: caret)
            let line = layout.lines[index]
            #expect(line.utf16Range.contains(offset) || line.utf16Range.upperBound == offset)
            let rect = layout.caretRect(for: caret)
            #expect(rect.y == line.top)
            guard rect.x > 0, rect.x < 150 else { continue }  // the line's ends are shared by two offsets at a wrap
            #expect(layout.caret(atX: rect.x, y: rect.y + rect.height / 2).offset == offset)
        }
    }
}
