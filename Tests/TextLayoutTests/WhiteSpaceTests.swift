// Checks whiteSpace (CSS white-space) on texts whose lines, widths and carets follow by hand from CSS Text 3's rules and DejaVu Sans' advances.
import Testing
@testable import TextLayout
import TestSupport

@Suite("white-space")
struct WhiteSpaceTests {
    /// DejaVu Sans' advances in font units (its `hmtx`; 2,048 units an em), at 17 px; no kerning
    /// between these letters and a space (the font's space takes part in no lookup).
    static let pixelsPerUnit = 17.0 / 2048
    static let space = 651 * pixelsPerUnit   // 5.40380859375
    static let letterI = 569 * pixelsPerUnit // 4.72314453125
    static let letterX = 1403 * pixelsPerUnit // 11.64599609375

    static func style(_ whiteSpace: WhiteSpace, profile: LayoutProfile = .standard) throws -> TextStyle {
        var settings = TextSettings(size: 17)
        settings.whiteSpace = whiteSpace
        settings.profile = profile
        return try TextStyle(font: bundledFonts.font(path: FontContext.bundledFontPath("DejaVuSans.ttf")!), settings: settings)
    }

    static func layout(_ text: String, _ whiteSpace: WhiteSpace, width: Double? = nil) throws -> Layout {
        try PreparedText(text, style: style(whiteSpace)).layout(wrapWidth: width)
    }

    static func starts(_ layout: Layout) -> [Int] { layout.lines.map(\.utf16Range.lowerBound) }

    static func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

    @Test("normal: a run of spaces is one space, wherever the run is; pre-wrap keeps every one")
    func collapsingRuns() throws {
        // `i   X`: one space between the letters (CSS Text 3 §4.1.1, rule 4), 569 + 651 + 1403 units.
        let collapsed = try Self.layout("i   X", .normal)
        #expect(Self.near(collapsed.lines[0].width, Self.letterI + Self.space + Self.letterX))
        #expect(Self.near(collapsed.lines[0].width, 21.77294921875))
        let kept = try Self.layout("i   X", .preWrap)
        #expect(Self.near(kept.lines[0].width, Self.letterI + 3 * Self.space + Self.letterX))
        // The offsets stay the text's: the one line covers all five characters.
        #expect(collapsed.lines[0].utf16Range == 0..<5)
    }

    @Test("normal: newlines and tabs become spaces, collapsing with the spaces beside them; the text's ends lose theirs")
    func segmentBreaks() throws {
        // `  i \n\tX  `: the spaces before the i are at the line's start (removed), ` \n\t` is one
        // space, the two after X at its end (removed): i, a space, X.
        let text = "  i \n\tX  "
        let normal = try Self.layout(text, .normal)
        #expect(normal.lines.count == 1, "a newline under normal is no hard break")
        #expect(Self.near(normal.lines[0].width, Self.letterI + Self.space + Self.letterX))
        #expect(normal.lines[0].utf16Range == 0..<9)
        // nowrap collapses alike.
        #expect(Self.near(try Self.layout(text, .nowrap).lines[0].width, Self.letterI + Self.space + Self.letterX))
        // pre-wrap: two lines, the first `  i ` (its space hangs), the second a tab then X.
        #expect(try Self.layout(text, .preWrap).lines.count == 2)
    }

    @Test("normal: a newline beside a zero-width space is removed, not made a space; between two ideographs it stays a space")
    func segmentBreakTransformation() throws {
        // U+200B has no advance (a default-ignorable character): `i\u{200B}\nX` is i then X.
        let zwsp = try Self.layout("i\u{200B}\nX", .normal)
        #expect(Self.near(zwsp.lines[0].width, Self.letterI + Self.letterX))
        let after = try Self.layout("i\n\u{200B}X", .normal)
        #expect(Self.near(after.lines[0].width, Self.letterI + Self.letterX))
        // Without it, one space.
        #expect(Self.near(try Self.layout("i\nX", .normal).lines[0].width, Self.letterI + Self.space + Self.letterX))
        // Chromium 156 keeps the space between wide characters (`漢\n字` shows `漢 字`): the width
        // with the newline is the width with a space in its place.
        let ideographs = try Self.layout("漢\n字", .normal).lines[0].width
        #expect(Self.near(ideographs, try Self.layout("漢 字", .preWrap).lines[0].width))
    }

    @Test("pre-line: newlines end lines, the spaces around them are removed, runs collapse")
    func preLine() throws {
        // `i  \n  X`: line 0 `i` (its spaces removed), line 1 starts after the newline, at byte 4,
        // and is only X (the spaces after a segment break are removed, CSS Text 3 §4.1.1 rule 1).
        let layout = try Self.layout("i  \n  X", .preLine)
        #expect(Self.starts(layout) == [0, 4])
        #expect(Self.near(layout.lines[0].width, Self.letterI))
        #expect(Self.near(layout.lines[1].width, Self.letterX))
        // Under pre-wrap the second line keeps its two spaces.
        #expect(Self.near(try Self.layout("i  \n  X", .preWrap).lines[1].width, 2 * Self.space + Self.letterX))
        // A run between words collapses to one space.
        #expect(Self.near(try Self.layout("i \t X", .preLine).lines[0].width, Self.letterI + Self.space + Self.letterX))
    }

    @Test("nowrap and pre never wrap: a paragraph is one line wider than the width; pre keeps its newlines")
    func noWrapping() throws {
        // `i i i i` is 4 i and 3 spaces, 35.10 px, laid out at 10 px.
        let nowrap = try Self.layout("i i i i", .nowrap, width: 10)
        #expect(nowrap.lines.count == 1)
        #expect(Self.near(nowrap.lines[0].width, 4 * Self.letterI + 3 * Self.space))
        #expect(nowrap.widestExtent > 10)
        let wrapping = try Self.layout("i i i i", .normal, width: 10)
        #expect(wrapping.lines.count == 4, "normal wraps after each space at 10 px")
        let pre = try Self.layout("i  i\ni", .pre, width: 5)
        #expect(Self.starts(pre) == [0, 5])
        #expect(Self.near(pre.lines[0].width, 2 * Self.letterI + 2 * Self.space))
        // Min-content is max-content when nothing wraps: the widest paragraph.
        let widths = try PreparedText("i i i i", style: Self.style(.nowrap)).intrinsicWidths()
        #expect(widths.minContent == widths.maxContent)
        #expect(Self.near(widths.minContent, 4 * Self.letterI + 3 * Self.space))
    }

    @Test("break-spaces: a break after every space, no space hangs; a word and its space too wide are cut before the space")
    func breakSpaces() throws {
        // `i    X` at i + 2 spaces + 0.5 px (15.03 px): `i  ` fits, a third space does not; two
        // spaces fit the next line but not with X (22.45 px); X alone.
        let width = Self.letterI + 2 * Self.space + 0.5
        let breaking = try Self.layout("i    X", .breakSpaces, width: width)
        #expect(Self.starts(breaking) == [0, 3, 5])
        #expect(Self.near(breaking.lines[0].width, Self.letterI + 2 * Self.space), "the spaces count in the width")
        // pre-wrap lets all four hang after the i.
        #expect(Self.starts(try Self.layout("i    X", .preWrap, width: width)) == [0, 5])
        // `XX X` at 25 px: `XX ` (28.70) does not fit on a line of its own, so it is cut after XX
        // (23.29), and the space starts the next line with the X (17.05 fits).
        let cut = try Self.layout("XX X", .breakSpaces, width: 25)
        #expect(Self.starts(cut) == [0, 2])
        #expect(Self.near(cut.lines[1].width, Self.space + Self.letterX))
    }

    @Test("a collapsed space takes no word spacing and no justification: the kept one of its run takes them")
    func spacingAndJustification() throws {
        var settings = TextSettings(size: 17)
        settings.whiteSpace = .normal
        settings.wordSpacing = 3
        let font = try bundledFonts.font(path: FontContext.bundledFontPath("DejaVuSans.ttf")!)
        // `i   X`: one separator takes the 3 px, in the line's width and in its glyphs' advances.
        let spaced = try PreparedText("i   X", style: TextStyle(font: font, settings: settings)).layout()
        #expect(Self.near(spaced.lines[0].width, Self.letterI + Self.space + 3 + Self.letterX))
        let advances = spaced.lines[0].runs.flatMap(\.glyphs).map(\.advance)
        #expect(advances.count == 5 && advances[2] == 0 && advances[3] == 0, "\(advances)")
        #expect(Self.near(advances.reduce(0, +), Self.letterI + Self.space + 3 + Self.letterX))
        // Justified at 30 px, `i   X   i   X` breaks after the first X's run (`i X i` is 31.9 px);
        // the first line's only gap is its kept space, which takes all of 30 - (i + space + X).
        var justified = TextSettings(size: 17, paragraph: ParagraphStyle(alignment: .justify))
        justified.whiteSpace = .normal
        let lines = try PreparedText("i   X   i   X", style: TextStyle(font: font, settings: justified)).layout(wrapWidth: 30)
        #expect(Self.starts(lines) == [0, 8])
        let first = lines.lines[0].runs.flatMap(\.glyphs).map(\.advance)
        #expect(Self.near(first[1], Self.space + 30 - (Self.letterI + Self.space + Self.letterX)), "\(first)")
        #expect(first[2] == 0 && first[3] == 0, "\(first)")
    }

    @Test("a caret never stands inside a collapsed run: it steps over it, and a tap lands at its edge")
    func carets() throws {
        // `i   X` under normal: the first space is kept, the next two collapsed; the carets are 0, 1, 4, 5.
        let layout = try Self.layout("i   X", .normal)
        #expect(layout.caret(.right, from: TextCaret(offset: 1)).offset == 4)
        #expect(layout.caret(.left, from: TextCaret(offset: 4)).offset == 1)
        // A tap just left of the middle of X (at i + space + X/2 − 1): before X, offset 4.
        let x = Self.letterI + Self.space + Self.letterX / 2 - 1
        #expect(layout.caret(atX: x, y: 5).offset == 4)
        // A tap in the kept space's right half: after the whole run.
        #expect(layout.caret(atX: Self.letterI + Self.space * 0.75, y: 5).offset == 4)
        // Leading collapsed spaces join the first letter: from the start, right goes past the i.
        let leading = try Self.layout("  i", .normal)
        #expect(leading.caret(.right, from: TextCaret(offset: 0)).offset == 3)
    }

    @Test("an edit under normal collapses with the text around it, as the text prepared whole does")
    func editing() throws {
        let prepared = try PreparedText("i X", style: Self.style(.normal))
        let (edited, _) = try prepared.replacingCharacters(inUTF16: 1..<1, with: "  \n")
        #expect(edited.text == "i  \n X")
        let whole = try PreparedText("i  \n X", style: Self.style(.normal))
        let editedWidth = try edited.layout(wrapWidth: nil).lines[0].width
        #expect(editedWidth == (try whole.layout(wrapWidth: nil).lines[0].width))
        #expect(Self.near(editedWidth, Self.letterI + Self.space + Self.letterX))
    }

    @Test("the collapsing of a text: which bytes are collapsed and what the shaping copy holds")
    func collapsingTable() throws {
        func collapsed(_ text: String, _ whiteSpace: WhiteSpace) -> (String, [Int]) {
            let bytes = Array(text.utf8)
            guard let collapsing = WhiteSpaceCollapsing(bytes, whiteSpace: whiteSpace) else { return (text, []) }
            return (String(decoding: collapsing.shapingBytes, as: UTF8.self), bytes.indices.filter { collapsing.collapsed[$0] })
        }
        // Kept: the first of a run; a run with a newline keeps its newline, as a space.
        #expect(collapsed("a  \tb", .normal) == ("a   b", [2, 3]))
        #expect(collapsed("a \n b", .normal) == ("a   b", [1, 3]))
        #expect(collapsed(" a ", .normal) == (" a ", [0, 2]))
        // pre-line keeps the newline (a hard break) and removes the spaces on both sides.
        #expect(collapsed("a \n b", .preLine) == ("a \n b", [1, 3]))
        // The preserving values leave the text alone.
        #expect(collapsed("a  \tb", .preWrap) == ("a  \tb", []))
        #expect(collapsed("a  \tb", .breakSpaces) == ("a  \tb", []))
    }
}
