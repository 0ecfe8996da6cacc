// Checks alignment, justification and indents: where lines start, how wide justified lines are, and that caret geometry follows.
import Testing
import TextLayout
import TextLayoutIO
import TestSupport

@Suite("Alignment, justification and indent")
struct AlignmentTests {
    static func prepare(_ text: String, _ paragraph: ParagraphStyle, direction: TextDirection = .auto) throws -> PreparedText {
        let font = try bundledFonts.font(path: FontContext.bundledFontPath("DejaVuSans.ttf")!)
        return try PreparedText(text, style: TextStyle(font: font, settings: TextSettings(direction: direction, paragraph: paragraph)))
    }

    /// The x where a line's content (its hanging whitespace left out) starts: hanging whitespace is
    /// drawn at the visual end, on the left of a right-to-left paragraph's line.
    static func contentLeft(_ line: Line, in layout: Layout) -> Double {
        let advance = layout.glyphRuns(of: line).reduce(0) { $0 + $1.width }
        return layout.lineOrigin(line) + (line.isRightToLeft ? advance - line.width : 0)
    }

    /// Whether line `k` is its paragraph's last (the text's end or a hard break closes it).
    static func endsParagraph(_ layout: Layout, _ k: Int) -> Bool {
        k == layout.lines.count - 1 || layout.lines[k].endsWithHardBreak || layout.lines[k + 1].paragraph != layout.lines[k].paragraph
    }

    /// The number of grapheme clusters of a line before its hanging whitespace.
    static func contentClusters(_ line: Line, in layout: Layout) -> Int {
        let text = layout.prepared.text[line.range]
        return text.reversed().drop(while: { $0.isWhitespace }).count
    }

    @Test("random texts and widths: justified lines fill the width, centred lines split the slack, indents narrow and shift",
          arguments: 0..<24)
    func randomTexts(seed: UInt64) throws {
        var rng = SplitMix(seed: 0xA11C0 + seed)
        let text = RandomText.make(&rng, maxPieces: 30)
        let width = Double.random(in: 40...400, using: &rng)
        let direction = [TextDirection.auto, .ltr, .rtl].randomElement(using: &rng)!
        let label = "seed \(seed): \(text.debugDescription) at \(width)"
        let plain = try Self.prepare(text, ParagraphStyle(), direction: direction).layout(wrapWidth: width)

        let justified = try Self.prepare(text, ParagraphStyle(alignment: .justify), direction: direction).layout(wrapWidth: width)
        expectInvariants(justified, label)
        #expect(justified.lines.map(\.utf16Range) == plain.lines.map(\.utf16Range), "justifying moves no break: \(label)")
        for (k, (line, natural)) in zip(justified.lines, plain.lines).enumerated() {
            let stretches = !Self.endsParagraph(justified, k) && natural.width < width && Self.contentClusters(line, in: justified) >= 2
            if stretches {
                #expect(line.isJustified && line.width == width, "line \(k) is \(line.width) px, not the width: \(label)")
                #expect(abs(Self.contentLeft(line, in: justified)) < 1e-9, "line \(k) starts at its start edge: \(label)")
                // The glyphs as drawn reach the width: the runs' advance less the hanging whitespace's.
                let hanging = plain.glyphRuns(of: natural).reduce(0) { $0 + $1.width } - natural.width
                let advance = justified.glyphRuns(of: line).reduce(0) { $0 + $1.width }
                #expect(abs(advance - hanging - width) < 1e-6 * width, "line \(k)'s glyphs advance \(advance - hanging): \(label)")
            } else if Self.endsParagraph(justified, k) {
                #expect(!line.isJustified && line.width == natural.width && justified.lineOrigin(line) == plain.lineOrigin(natural),
                        "a paragraph's last line sits at the start: \(label)")
            }
        }

        let centred = try Self.prepare(text, ParagraphStyle(alignment: .center), direction: direction).layout(wrapWidth: width)
        for line in centred.lines {
            let slack = width - line.width
            #expect(abs(Self.contentLeft(line, in: centred) - slack / 2) < 1e-9, "a centred line's slack is split evenly: \(label)")
        }

        let indent = Double.random(in: 1...(width / 2), using: &rng)
        let indented = try Self.prepare(text, ParagraphStyle(indent: indent), direction: direction).layout(wrapWidth: width)
        expectInvariants(indented, label)
        let narrower = try Self.prepare(text, ParagraphStyle(), direction: direction).layout(wrapWidth: width - indent)
        for (k, line) in indented.lines.enumerated() {
            let first = k == 0 || indented.lines[k - 1].paragraph != line.paragraph
            let startEdge = line.isRightToLeft ? width - Self.contentLeft(line, in: indented) - line.width : Self.contentLeft(line, in: indented)
            #expect(abs(startEdge - (first ? indent : 0)) < 1e-9, "line \(k) starts \(startEdge) px in: \(label)")
            if first {
                // The first line breaks as it would in a width narrower by the indent.
                let same = narrower.lines.first { $0.utf16Range.lowerBound == line.utf16Range.lowerBound }
                #expect(same?.utf16Range == line.utf16Range, "line \(k) breaks as at width \(width - indent): \(label)")
            }
        }
    }

    @Test("a hanging indent shifts and narrows every line but each paragraph's first")
    func hangingIndent() throws {
        let text = "The quick brown fox jumps over the lazy dog and keeps running far away\nSecond paragraph here, also long enough to wrap."
        let layout = try Self.prepare(text, ParagraphStyle(indent: -30)).layout(wrapWidth: 200)
        expectInvariants(layout)
        for (k, line) in layout.lines.enumerated() {
            let first = k == 0 || layout.lines[k - 1].endsWithHardBreak
            #expect(layout.lineOrigin(line) == (first ? 0 : 30))
            #expect(line.width <= (first ? 200 : 170) + Layout.fitTolerance)
        }
        #expect(layout.lines.contains { $0.width > 170 }, "a first line uses the whole width")
    }

    @Test("caret, hit testing and selection follow a centred line")
    func centredGeometry() throws {
        let layout = try Self.prepare("Hello world", ParagraphStyle(alignment: .center)).layout(wrapWidth: 300)
        let line = layout.lines[0]
        let origin = (300 - line.width) / 2
        #expect(layout.lineOrigin(line) == origin)
        #expect(layout.caretRect(forUTF16Offset: 0).x == origin)
        #expect(abs(layout.caretRect(forUTF16Offset: 11).x - (origin + line.width)) < 1e-9)
        #expect(layout.caret(atX: origin + 1, y: 5).offset == 0)
        #expect(layout.caret(atX: 1, y: 5).offset == 0, "left of the line: its start")
        #expect(layout.caret(atX: 299, y: 5).offset == 11, "right of the line: its end")
        let rects = layout.selectionRects(forUTF16Range: 0..<11)
        #expect(rects.count == 1 && abs(rects[0].x - origin) < 1e-9 && abs(rects[0].width - line.width) < 1e-9)
        // An empty text's caret sits in the middle.
        let empty = try Self.prepare("", ParagraphStyle(alignment: .center)).layout(wrapWidth: 300)
        #expect(empty.caretRect(forUTF16Offset: 0).x == 150)
    }

    @Test("caret, hit testing and selection use a justified line's stretched spaces")
    func justifiedGeometry() throws {
        let text = "aaa bbb ccc ddd eee fff ggg hhh"
        let plain = try Self.prepare(text, ParagraphStyle()).layout(wrapWidth: 120)
        let layout = try Self.prepare(text, ParagraphStyle(alignment: .justify)).layout(wrapWidth: 120)
        let line = layout.lines[0]
        let natural = plain.lines[0]
        try #require(line.isJustified && natural.width < 120 && line.utf16Range == natural.utf16Range)
        let content = String(layout.prepared.text[line.range]).trimmingCharacters(in: .whitespaces)
        let gaps = Double(content.filter { $0 == " " }.count)
        let extra = (120 - natural.width) / gaps
        // After "aaa " one stretched space; before the line's last word every one of them.
        #expect(abs(layout.caretRect(forUTF16Offset: 4).x - (plain.caretRect(forUTF16Offset: 4).x + extra)) < 1e-9)
        let lastWordStart = line.utf16Range.lowerBound + content.utf16.count - 3
        #expect(abs(layout.caretRect(forUTF16Offset: lastWordStart).x - (plain.caretRect(forUTF16Offset: lastWordStart).x + gaps * extra)) < 1e-9)
        let end = line.utf16Range.lowerBound + content.utf16.count
        #expect(abs(layout.caretRect(forUTF16Offset: end, affinity: .upstream).x - 120) < 1e-9, "the content ends at the width")
        // A tap just right of the middle of the first stretched space lands after it.
        let spaceLeft = layout.caretRect(forUTF16Offset: 3).x
        let spaceRight = layout.caretRect(forUTF16Offset: 4).x
        #expect(abs(spaceRight - spaceLeft - (plain.caretRect(forUTF16Offset: 4).x - plain.caretRect(forUTF16Offset: 3).x) - extra) < 1e-9)
        #expect(layout.caret(atX: (spaceLeft + spaceRight) / 2 + 0.5, y: 5).offset == 4)
        #expect(layout.caret(atX: (spaceLeft + spaceRight) / 2 - 0.5, y: 5).offset == 3)
        let rects = layout.selectionRects(forUTF16Range: 0..<end)
        #expect(abs((rects.first?.x ?? -1)) < 1e-9 && abs((rects.first?.maxX ?? -1) - 120) < 1e-9)
        // The height-only path draws the same stretched runs.
        let runless = try Self.prepare(text, ParagraphStyle(alignment: .justify)).layout(wrapWidth: 120, glyphRuns: false)
        #expect(runless.linesWithGlyphRuns == Array(layout.lines))
    }

    @Test("end, left and right follow or ignore the paragraph's direction")
    func sides() throws {
        let width = 300.0
        for (alignment, rtl, expectRight) in [(TextAlignment.start, false, false), (.start, true, true), (.end, false, true),
                                               (.end, true, false), (.left, true, false), (.right, false, true)] {
            let layout = try Self.prepare("abc def", ParagraphStyle(alignment: alignment), direction: rtl ? .rtl : .ltr).layout(wrapWidth: width)
            let line = layout.lines[0]
            let left = Self.contentLeft(line, in: layout)
            #expect(abs(left - (expectRight ? width - line.width : 0)) < 1e-9, "\(alignment) \(rtl ? "rtl" : "ltr")")
        }
    }

    @Test("a clamped line keeps its indent's room and is not stretched: the ellipsis ends it at the start side")
    func clampedJustifiedLine() throws {
        let text = "The quick brown fox jumps over the lazy dog and keeps running far away"
        for (indent, clamp) in [(30.0, 1), (-30.0, 2)] {
            let layout = try Self.prepare(text, ParagraphStyle(lineClamp: clamp, alignment: .justify, indent: indent)).layout(wrapWidth: 200)
            let last = try #require(layout.lines.last)
            #expect(layout.lines.count == clamp && last.hasEllipsis && !last.isJustified)
            #expect(last.width <= 170 + Layout.fitTolerance && layout.lineOrigin(last) == 30, "indent \(indent)")
            #expect(layout.lines.dropLast().allSatisfy { $0.isJustified && $0.width == 200 })
        }
    }

    @Test("bad alignment and indent values are errors naming the key")
    func badInput() throws {
        let font = try bundledFonts.font(path: FontContext.bundledFontPath("DejaVuSans.ttf")!)
        for indent in [Double.nan, .infinity, -.infinity] {
            #expect {
                _ = try TextStyle(font: font, settings: TextSettings(paragraph: ParagraphStyle(indent: indent)))
            } throws: { ($0 as? LayoutError)?.message.hasPrefix("indent must be a finite number") == true }
        }
        let prepared = try Self.prepare("some text", ParagraphStyle(indent: -50))
        #expect {
            _ = try prepared.layout(wrapWidth: 50)
        } throws: { ($0 as? LayoutError)?.message.hasPrefix("indent (-50) leaves no room for text on a line 50 px wide") == true }
        #expect(throws: LayoutError.self) { _ = try prepared.editorHeight(editorWidth: 40) }
        #expect {
            _ = try LayoutRequest(job: try parseJSON(#"{"text": "a", "align": "middle"}"#))
        } throws: { error in
            let message = "\(error)"
            return message.contains("'align'") && message.contains("start, end, left, right, center, justify") && message.contains("middle")
        }
    }
}

@Suite("Widths around an indented layout")
struct IndentedWidthTests {
    @Test("the stable range and the shrink-wrap width count each line's indent", arguments: [30.0, -30])
    func stableAndShrinkWrap(indent: Double) throws {
        let prepared = try AlignmentTests.prepare("The quick brown fox jumps over the lazy dog and keeps running far away\nSecond one",
                                                  ParagraphStyle(indent: indent))
        let layout = try prepared.layout(wrapWidth: 200)
        let starts = layout.lines.map(\.utf16Range.lowerBound)
        let stable = layout.stableWidthRange
        #expect(stable.contains(200))
        #expect(try prepared.layout(wrapWidth: stable.lowerBound).lines.map(\.utf16Range.lowerBound) == starts)
        #expect(try prepared.layout(wrapWidth: stable.lowerBound - 0.01).lines.map(\.utf16Range.lowerBound) != starts)
        if stable.upperBound.isFinite {
            #expect(try prepared.layout(wrapWidth: stable.upperBound.nextDown).lines.map(\.utf16Range.lowerBound) == starts)
            #expect(try prepared.layout(wrapWidth: stable.upperBound).lines.map(\.utf16Range.lowerBound) != starts)
        }
        let shrunk = try layout.shrinkWrapWidth()
        let atShrunk = try prepared.layout(wrapWidth: shrunk)
        #expect(atShrunk.lineCount == layout.lineCount)
        #expect(atShrunk.lines.allSatisfy { $0.width + atShrunk.indent(of: $0) <= shrunk + Layout.fitTolerance })
        // Without a wrap width the alignment width holds the indented lines.
        let unwrapped = try prepared.layout()
        #expect(unwrapped.alignmentWidth == unwrapped.lines.map { $0.width + unwrapped.indent(of: $0) }.max())
    }
}
