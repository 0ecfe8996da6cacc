// Tab stops (CSS tab-size): the stop width in spaces or pixels, each profile's rule for the least gap, the chromium profile's layout units and indent, and the checks; expected widths from DejaVu Sans' advances.
import Testing
import TextLayout
import TestSupport

@Suite("Tab sizes")
struct TabSizeTests {
    /// DejaVu Sans' advances in font units (its `hmtx`; 2,048 units an em), at the default 17 px.
    static let pixelsPerUnit = 17.0 / 2048
    static let space = 651 * pixelsPerUnit  // 5.40380859375
    static let letterI = 569 * pixelsPerUnit
    static let letterX = 1403 * pixelsPerUnit

    var regular: Font { get throws { try bundledFonts.font(path: FontContext.bundledFontPath("DejaVuSans.ttf")!) } }

    func layout(_ text: String, tabSize: TabSize = .spaces(8), profile: LayoutProfile = .standard, wordSpacing: Double = 0,
                indent: Double = 0, width: Double? = nil) throws -> Layout {
        var settings = TextSettings()
        settings.tabSize = tabSize
        settings.profile = profile
        settings.wordSpacing = wordSpacing
        settings.paragraph.indent = indent
        return try PreparedText(text, style: TextStyle(font: regular, settings: settings)).layout(wrapWidth: width)
    }

    /// `x` rounded up to Chromium's 1/64 px layout unit.
    static func unitsUp(_ x: Double) -> Double { (x * 64).rounded(.up) / 64 }

    @Test("a tab goes to the next stop: 8 spaces by default, a number of spaces, pixels, the spaces with the word spacing")
    func stopWidths() throws {
        #expect(try layout("\tX").widestLineWidth == 8 * Self.space + Self.letterX)
        #expect(try layout("\t\tX").widestLineWidth == 16 * Self.space + Self.letterX)
        #expect(try layout("\tX", tabSize: .spaces(4)).widestLineWidth == 4 * Self.space + Self.letterX)
        #expect(try layout("\tX", tabSize: .spaces(2.5)).widestLineWidth == 2.5 * Self.space + Self.letterX)
        #expect(try layout("\t\tX", tabSize: .pixels(20)).widestLineWidth == 40 + Self.letterX)
        // The word spacing widens each space of the stop (CSS: the space's advance as set); "X" has no separator.
        let spaced = try layout("\tX", wordSpacing: 3).widestLineWidth
        #expect(abs(spaced - (8 * (Self.space + 3) + Self.letterX)) < 1e-9)
        // A tab size of 0: a tab has no width.
        #expect(try layout("i\tX", tabSize: .spaces(0)).widestLineWidth == Self.letterI + Self.letterX)
    }

    @Test("the least gap: one space (standard, Pango's) or half a space (chromium, CSS Text's), the chromium pen and advance in 1/64 px")
    func leastGap() throws {
        // "iiii" is 18.89 px; the stop at 4 spaces, 21.62 px, leaves 2.72 px: less than a space, more than half.
        let stop = 4 * Self.space
        #expect(stop - 4 * Self.letterI < Self.space && stop - 4 * Self.letterI > Self.space / 2)
        #expect(try layout("iiii\tX", tabSize: .spaces(4)).widestLineWidth == 2 * stop + Self.letterX)
        let pen = Self.unitsUp(4 * Self.letterI)
        let chromium = try layout("iiii\tX", tabSize: .spaces(4), profile: .chromium).widestLineWidth
        #expect(chromium == pen + Self.unitsUp(stop - pen) + Self.letterX)
        // (As headless Chromium 156 puts the X of `iiii\tX` with tab-size: 4 at 17 px: 21.625.)
        #expect(pen + Self.unitsUp(stop - pen) == 21.625)
    }

    @Test("chromium: stops measured from the content box's edge, an indented first line's indent counted")
    func indentedStops() throws {
        // "iiiiiii" is 33.06 px; after a 7 px indent the pen is at 40.06, 3.17 px short of the stop at
        // 43.23: the tab goes there, 36.23 px past the line's start (Chromium 156: the X at 43.234375 of the div).
        let pen = 7 + Self.unitsUp(7 * Self.letterI)
        let stop = 8 * Self.space
        let line = try layout("iiiiiii\tX", profile: .chromium, indent: 7).lines[0]
        #expect(line.width == pen + Self.unitsUp(stop - pen) - 7 + Self.letterX)
        #expect(pen + Self.unitsUp(stop - pen) == 43.234375)
        // Without the indent the pen is at 33.06, and the tab goes to the same stop: 43.23 past the line's start.
        #expect(try layout("iiiiiii\tX", profile: .chromium).lines[0].width == Self.unitsUp(stop) + Self.letterX)
    }

    @Test("chromium: a break after a tab between Hebrew letters, as after a space; standard keeps UAX 14's LB21a")
    func breakAfterTab() throws {
        let text = "אבג דהו\tזחטיכ"
        // "אבג דהו" fits in 70 px with its tab hanging: Chromium breaks after the tab.
        let chromium = try layout(text, profile: .chromium, width: 70)
        #expect(chromium.lines.map(\.utf16Range.lowerBound) == [0, 8])
        // UAX 14 (LB21a) has no break after a tab (class BA) that follows a Hebrew letter.
        let standard = try layout(text, width: 70)
        #expect(!standard.lines.map(\.utf16Range.lowerBound).contains(8))
    }

    @Test("a tab size that is negative, not finite or too large is invalidArgument naming tabSize and the values allowed")
    func badValues() throws {
        for bad in [TabSize.spaces(-1), .pixels(-0.5), .spaces(.nan), .pixels(.infinity), .spaces(10_001)] {
            expectInvalidArgument(key: "tabSize", saying: "a number of spaces from 0 to 10000") { try layout("a\tb", tabSize: bad) }
        }
    }

    @Test("CSS text: a number is spaces, Npx pixels; anything else nil; the description reads back")
    func parsing() {
        #expect(TabSize("4") == .spaces(4) && TabSize("2.5") == .spaces(2.5) && TabSize("20px") == .pixels(20))
        #expect(TabSize("wide") == nil && TabSize("px") == nil && TabSize("4em") == nil)
        for size in [TabSize.spaces(8), .spaces(2.5), .pixels(13), .pixels(27.3)] { #expect(TabSize(size.description) == size) }
    }
}
