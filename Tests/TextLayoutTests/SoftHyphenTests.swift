// Pins the hyphen a line shows at a break after a soft hyphen (U+00AD): its place, width, glyph and geometry, and Pango's breaks.
import Testing
import TextLayout

/// One text with soft hyphens laid out by Pango 1.50 with its default hyphen insertion.
struct PangoHyphenRow: CustomStringConvertible {
    var font: String
    var text: String
    var width: Double
    /// Pango's line starts (UTF-16).
    var starts: [Int]
    /// Pango's widths of the lines that end at a soft hyphen (the hyphen included), in order.
    var hyphenatedWidths: [Double]
    var description: String { "\(font) at \(width): \(text.prefix(24))" }
}

private let shy = "\u{AD}"

/// Where these numbers come from: the rows were laid out by Pango 1.50.12 through the peer
/// (`PEER_INSERT_HYPHENS=1 /work/shared/peers/pango_layout`, which shows and measures a hyphen at
/// a break after a soft hyphen, as Pango does by default) at 17 px, in the system's copies of
/// these fonts, which are the same files as the bundled ones (same MD5). The starts are Pango's
/// `start_index` of each line in UTF-16; the widths are the logical widths of the lines that end
/// at a soft hyphen. Pango rounds each glyph's advance to 1/1024 px, so widths agree to 0.01 px.
/// Not pinned, because the engine differs on purpose: an Arabic line that starts after a soft
/// hyphen inside a word (Pango shapes its first letter joined to the letter before the break, the
/// engine shapes the line's start on its own), and Hebrew, where UAX #14 (LB21a) allows no break
/// after a soft hyphen that follows a Hebrew letter and Pango breaks there.
let pangoHyphenRows: [PangoHyphenRow] = [
    PangoHyphenRow(font: "DejaVuSans.ttf", text: "super\(shy)cali\(shy)fragil\(shy)is\(shy)tic\(shy)ex\(shy)pi\(shy)ali\(shy)do\(shy)cious", width: 60,
                   starts: [0, 6, 11, 18, 25, 31, 38], hyphenatedWidths: [54.006, 35.347, 49.766, 40.452, 41.87, 47.192]),
    PangoHyphenRow(font: "DejaVuSans.ttf", text: "super\(shy)cali\(shy)fragil\(shy)is\(shy)tic\(shy)ex\(shy)pi\(shy)ali\(shy)do\(shy)cious", width: 90,
                   starts: [0, 11, 25, 38], hyphenatedWidths: [82.845, 84.083, 82.928]),
    PangoHyphenRow(font: "DejaVuSans.ttf", text: "super\(shy)cali\(shy)fragil\(shy)is\(shy)tic\(shy)ex\(shy)pi\(shy)ali\(shy)do\(shy)cious", width: 120,
                   starts: [0, 11, 31], hyphenatedWidths: [82.845, 119.818]),
    PangoHyphenRow(font: "DejaVuSans.ttf", text: "Die Donau\(shy)dampf\(shy)schiff\(shy)fahrts\(shy)ge\(shy)sell\(shy)schaft fährt", width: 90,
                   starts: [0, 4, 10, 16, 23, 33, 45], hyphenatedWidths: [61.594, 60.681, 51.55, 77.075]),
    PangoHyphenRow(font: "DejaVuSans.ttf", text: "Die Donau\(shy)dampf\(shy)schiff\(shy)fahrts\(shy)ge\(shy)sell\(shy)schaft fährt", width: 130,
                   starts: [0, 10, 23, 38], hyphenatedWidths: [95.271, 106.096, 105.839]),
    PangoHyphenRow(font: "DejaVuSans.ttf", text: "Die Donau\(shy)dampf\(shy)schiff\(shy)fahrts\(shy)ge\(shy)sell\(shy)schaft fährt", width: 170,
                   starts: [0, 16, 38], hyphenatedWidths: [149.817, 151.254]),
    PangoHyphenRow(font: "DejaVuSans.ttf", text: "Пре\(shy)дос\(shy)те\(shy)ре\(shy)га\(shy)тель\(shy)ный знак пе\(shy)ре\(shy)но\(shy)са", width: 80,
                   starts: [0, 8, 17, 26, 34], hyphenatedWidths: [71.67, 67.097, 73.955]),
    PangoHyphenRow(font: "DejaVuSans.ttf", text: "Пре\(shy)дос\(shy)те\(shy)ре\(shy)га\(shy)тель\(shy)ный знак пе\(shy)ре\(shy)но\(shy)са", width: 150,
                   starts: [0, 17, 31], hyphenatedWidths: [132.632]),
    // Kerning between a capital and the hyphen (T‐, V‐, Y‐...), across the soft hyphen.
    PangoHyphenRow(font: "DejaVuSans.ttf", text: "To\(shy)Ta\(shy)Va\(shy)Yo\(shy)AV\(shy)AT\(shy)LT\(shy)r\(shy)y\(shy)F\(shy)P\(shy)T\(shy)V\(shy)W\(shy)Y", width: 40,
                   starts: [0, 3, 6, 9, 12, 15, 18, 25, 31],
                   hyphenatedWidths: [24.032, 24.124, 26.863, 24.663, 28.308, 26.83, 38.202, 36.55]),
    PangoHyphenRow(font: "DejaVuSans.ttf", text: "To\(shy)Ta\(shy)Va\(shy)Yo\(shy)AV\(shy)AT\(shy)LT\(shy)r\(shy)y\(shy)F\(shy)P\(shy)T\(shy)V\(shy)W\(shy)Y", width: 70,
                   starts: [0, 9, 18, 31], hyphenatedWidths: [62.75, 66.444, 68.617]),
    PangoHyphenRow(font: "DejaVuSansMono.ttf", text: "an\(shy)ti\(shy)cons\(shy)ti\(shy)tu\(shy)tion\(shy)nel\(shy)le\(shy)ment est long", width: 60,
                   starts: [0, 6, 11, 17, 22, 26, 29, 34, 38], hyphenatedWidths: [51.177, 51.177, 51.177, 51.177, 40.941, 30.706]),
    PangoHyphenRow(font: "DejaVuSansMono.ttf", text: "an\(shy)ti\(shy)cons\(shy)ti\(shy)tu\(shy)tion\(shy)nel\(shy)le\(shy)ment est long", width: 150,
                   starts: [0, 17, 34], hyphenatedWidths: [133.06]),
    PangoHyphenRow(font: "NotoSansDevanagari-Regular.ttf", text: "अनु\(shy)च्छे\(shy)द वि\(shy)श्व\(shy)वि\(shy)द्या\(shy)लय में प\(shy)रि\(shy)व\(shy)र्त\(shy)न", width: 60,
                   starts: [0, 11, 21, 33], hyphenatedWidths: [45.323]),
    PangoHyphenRow(font: "NotoSansDevanagari-Regular.ttf", text: "अनु\(shy)च्छे\(shy)द वि\(shy)श्व\(shy)वि\(shy)द्या\(shy)लय में प\(shy)रि\(shy)व\(shy)र्त\(shy)न", width: 90,
                   starts: [0, 18, 35], hyphenatedWidths: [85.952, 85.716]),
    // Right to left: the hyphen ends the line on its left; the letter before it takes its final form.
    PangoHyphenRow(font: "NotoSansArabic-Regular.ttf", text: "الموسوعة ال\(shy)حر\(shy)ة تكتب\(shy)ها ال\(shy)مجت\(shy)مع\(shy)ات", width: 70,
                   starts: [0, 9, 17, 28], hyphenatedWidths: [65.212]),
    PangoHyphenRow(font: "NotoSansArabic-Regular.ttf", text: "الموسوعة ال\(shy)حر\(shy)ة تكتب\(shy)ها ال\(shy)مجت\(shy)مع\(shy)ات", width: 130,
                   starts: [0, 17], hyphenatedWidths: []),
]

@Suite("Soft hyphens")
struct SoftHyphenTests {
    @Test("line starts and hyphenated widths agree with Pango", arguments: pangoHyphenRows)
    func agreesWithPango(_ row: PangoHyphenRow) throws {
        let font = try FontContext.shared.font(path: FontContext.bundledFontPath(row.font)!)
        let style = try TextStyle(font: font)
        let layout = try expectDeterministicLayout(row.text, style: style, width: row.width)
        #expect(layout.lines.map(\.utf16Range.lowerBound) == row.starts)
        let hyphenated = layout.lines.filter(\.endsWithHyphen)
        #expect(hyphenated.count == row.hyphenatedWidths.count)
        for (line, expected) in zip(hyphenated, row.hyphenatedWidths) {
            #expect(abs(line.width - expected) < 0.01, "line \(line.utf16Range): \(line.width) px, Pango \(expected)")
        }
    }

    /// The example: `measure --width 60 'super\u00adcali\u00adfragilistic'`.
    @Test func aBreakAfterASoftHyphenShowsAHyphen() throws {
        let font = try dejaVuSans()
        let layout = try PreparedText("super\(shy)cali\(shy)fragilistic", font: font, size: 17).layout(wrapWidth: 60)
        let first = layout.lines[0]
        #expect(first.utf16Range == 0..<6)
        #expect(first.endsWithHyphen)
        // The hyphen is the font's U+2010, measured as it is on its own after "super" (no kerning pair).
        let hyphen = try PreparedText("\u{2010}", font: font, size: 17).layout().lines[0].runs[0].glyphs[0]
        #expect(abs(first.width - (try singleLineWidth("super") + hyphen.advance)) < 1e-9)
        #expect(first.width > 53.9 && first.width < 54.1)
        let glyphs = first.runs.flatMap(\.glyphs)
        #expect(glyphs.last?.id == hyphen.id && glyphs.last?.isGenerated == true && glyphs.last?.cluster == 5)
        #expect(glyphs.filter(\.isGenerated).count == 1)
        #expect(abs(first.runs.reduce(0) { $0 + $1.width } - first.width) < 1e-9)
        #expect(first.runs.last?.hasGeneratedHyphen == true)
        #expect(!layout.lines[layout.lines.count - 1].endsWithHyphen)
    }

    /// Where the break is not taken, the soft hyphen shows nothing and measures nothing.
    @Test func anUntakenSoftHyphenIsInvisible() throws {
        let layout = try PreparedText("super\(shy)cali", font: try dejaVuSans(), size: 17).layout()
        #expect(layout.lineCount == 1 && !layout.lines[0].endsWithHyphen)
        #expect(layout.widestLineWidth == (try singleLineWidth("supercali")))
        #expect(!layout.lines[0].runs.flatMap(\.glyphs).contains { $0.isGenerated })
        // Nor at the end of a paragraph, where no line breaks after it.
        let last = try PreparedText("super\(shy)\nx", font: try dejaVuSans(), size: 17).layout(wrapWidth: 60)
        #expect(last.lines.allSatisfy { !$0.endsWithHyphen })
        #expect(last.lines[0].width == (try singleLineWidth("super")))
    }

    /// A break at a soft hyphen is taken only when the text and the hyphen fit: between the widths
    /// of "a super" and "a super‐" the line breaks after "a " instead.
    @Test func theHyphenMustFit() throws {
        let bare = try singleLineWidth("a super")
        let hyphenated = try singleLineWidth("a super\u{2010}")
        let text = "a super\(shy)cali"
        #expect(try lineStarts(text, width: (bare + hyphenated) / 2) == [0, 2, 8])
        #expect(try lineStarts(text, width: hyphenated) == [0, 8])
    }

    /// A soft hyphen followed by a space breaks after the space: no hyphen.
    @Test func aSpaceAfterTheSoftHyphenTakesTheBreak() throws {
        let layout = try PreparedText("super\(shy) cali", font: try dejaVuSans(), size: 17).layout(wrapWidth: 60)
        #expect(layout.lines.map(\.utf16Range.lowerBound) == [0, 7])
        #expect(!layout.lines[0].endsWithHyphen)
        #expect(layout.lines[0].width == (try singleLineWidth("super")))
    }

    /// A word too long for the line is cut between grapheme clusters without a hyphen, also where
    /// the cut falls right after a soft hyphen whose hyphen does not fit (as Pango does without
    /// hyphen insertion, the peer's default).
    @Test func aCutWordShowsNoHyphen() throws {
        let super_ = try singleLineWidth("super")
        let text = "super\(shy)califragilistic"
        let layout = try PreparedText(text, font: try dejaVuSans(), size: 17).layout(wrapWidth: super_ + 1)
        expectInvariants(layout)
        #expect(layout.lines.map(\.utf16Range.lowerBound) == [0, 6, 12, 18])
        #expect(layout.lines.allSatisfy { !$0.endsWithHyphen })
        #expect(!layout.lines.flatMap(\.runs).flatMap(\.glyphs).contains { $0.isGenerated })
    }

    /// The hyphen is part of the soft hyphen's box: the caret after it stands after the hyphen, a
    /// tap on the hyphen lands at the soft hyphen, and selecting the soft hyphen covers the hyphen.
    @Test func geometryCoversTheHyphen() throws {
        let layout = try PreparedText("super\(shy)cali\(shy)fragilistic", font: try dejaVuSans(), size: 17).layout(wrapWidth: 60)
        let line = layout.lines[0]
        let end = layout.caretRect(forUTF16Offset: 6, affinity: .upstream)
        #expect(abs(end.x - line.width) < 1e-9 && end.y == line.top)
        let before = layout.caretRect(forUTF16Offset: 5, affinity: .downstream)
        #expect(abs(before.x - (try singleLineWidth("super"))) < 1e-9)
        let tap = layout.caret(atX: line.width - 1, y: line.top + 1)
        #expect(tap == TextCaret(offset: 6, affinity: .upstream))
        let selection = layout.selectionRects(forUTF16Range: 5..<6)
        #expect(selection.count == 1)
        #expect(abs(selection[0].x - before.x) < 1e-9 && abs(selection[0].maxX - line.width) < 1e-9)
    }

    /// In a right-to-left paragraph the hyphen is drawn at the line's left end, and the line's
    /// runs still add up to its width.
    @Test func rightToLeftHyphenIsOnTheLeft() throws {
        let font = try FontContext.shared.font(path: FontContext.bundledFontPath("NotoSansArabic-Regular.ttf")!)
        let layout = try PreparedText(pangoHyphenRows[14].text, font: font, size: 17).layout(wrapWidth: 70)
        expectInvariants(layout)
        let line = try #require(layout.lines.first { $0.endsWithHyphen })
        #expect(line.isRightToLeft)
        let drawn = line.runs.flatMap(\.glyphs)
        #expect(drawn.first?.isGenerated == true)
        #expect(abs(line.runs.reduce(0) { $0 + $1.width } - line.width) < 1e-9)
        // The caret after the soft hyphen (at the line's end, upstream) is at the hyphen's left edge.
        let caret = layout.caretRect(forUTF16Offset: line.utf16Range.upperBound, affinity: .upstream)
        #expect(abs(caret.x - (layout.alignmentWidth - line.width)) < 1e-9)
    }

    /// The height-only path and the editor height break and measure as the full layout does.
    @Test("every path breaks at the soft hyphens alike", arguments: [40.0, 60, 90, 130])
    func pathsAgree(width: Double) throws {
        let prepared = try PreparedText("super\(shy)cali\(shy)fragil\(shy)is\(shy)tic and Donau\(shy)dampf\(shy)schiff",
                                        font: try dejaVuSans(), size: 17)
        let full = try prepared.layout(wrapWidth: width)
        let heightOnly = try prepared.layout(wrapWidth: width, glyphRuns: false)
        #expect(full.lines.map(\.utf16Range) == heightOnly.lines.map(\.utf16Range))
        #expect(full.lines.map(\.width) == heightOnly.lines.map(\.width))
        #expect(full.lines.map(\.endsWithHyphen) == heightOnly.lines.map(\.endsWithHyphen))
        let editor = try prepared.editorHeight(editorWidth: width)
        #expect(editor.lineCount == full.lineCount && editor.contentHeight == full.contentHeight)
        // The stable widths: at their lower end the breaks stay; just below it they change.
        let stable = full.stableWidthRange
        #expect(try prepared.layout(wrapWidth: stable.lowerBound + 2 * Layout.fitTolerance).lines.map(\.utf16Range) == full.lines.map(\.utf16Range))
        if full.widestLineWidth > 1 {
            #expect(try prepared.layout(wrapWidth: full.widestLineWidth - 0.01).lines.map(\.utf16Range) != full.lines.map(\.utf16Range))
        }
    }

    /// Typing or deleting a soft hyphen updates the layout as a fresh layout of the new text.
    @Test func incrementalEditsAgree() throws {
        let font = try dejaVuSans()
        let prepared = try PreparedText("Donaudampfschifffahrt und supercalifragilistic", font: font, size: 17)
        var layout = try prepared.layout(wrapWidth: 90)
        var current = prepared
        for offset in [5, 11, 31, 36] {
            let (edited, edit) = try current.replacingCharacters(inUTF16: offset..<offset, with: shy)
            layout = try layout.updated(for: edited, after: edit)
            current = edited
            let fresh = try PreparedText(edited.text, font: font, size: 17).layout(wrapWidth: 90)
            #expect(layout.lines.map(\.utf16Range) == fresh.lines.map(\.utf16Range))
            #expect(layout.lines.map(\.width) == fresh.lines.map(\.width))
            #expect(layout.lines.map(\.endsWithHyphen) == fresh.lines.map(\.endsWithHyphen))
            expectInvariants(layout)
        }
        #expect(layout.lines.contains { $0.endsWithHyphen })
    }
}

@Suite("Soft hyphens in a font without a hyphen")
struct SoftHyphenWithoutHyphenTests {
    /// The emoji font as the primary has neither U+2010 nor `-`, and in a context of its own no
    /// fallback either: a break after a soft hyphen then shows nothing and says so, rather than
    /// claiming a hyphen it does not draw.
    @Test("with no font to draw a hyphen, a break at a soft hyphen shows none and says so")
    func noHyphenAnywhere() throws {
        let context = FontContext(fontDirectories: [], includeSystemFonts: false)
        let emoji = try context.font(path: FontContext.bundledFontPath("NotoColorEmoji-subset.ttf")!)
        #expect(emoji.hyphen == nil)
        let style = try TextStyle(font: emoji)
        let text = "\u{1F44D}\u{1F44D}\u{AD}\u{1F44D}\u{1F44D}"
        let whole = try PreparedText(text, style: style).layout(wrapWidth: nil)
        let layout = try PreparedText(text, style: style).layout(wrapWidth: whole.widestLineWidth * 0.6)
        #expect(layout.lineCount == 2)
        #expect(layout.lines.allSatisfy { !$0.endsWithHyphen })
        #expect(!layout.lines.flatMap { $0.runs.flatMap(\.glyphs) }.contains { $0.isGenerated })
        expectInvariants(layout)
    }
}
