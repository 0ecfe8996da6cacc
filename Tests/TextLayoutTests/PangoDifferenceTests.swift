// Pins the four kinds of line break where the engine and Pango 1.50 differ on purpose (docs/exactness.md, "Exactness against Pango").
import Testing
import TextLayout

/// The bundled DejaVu Sans, the font of the Pango comparison.
func dejaVuSans() throws -> Font {
    try FontContext.shared.font(path: FontContext.bundledFontPath("DejaVuSans.ttf")!)
}

/// The UTF-16 line starts of `text` at `width`.
func lineStarts(_ text: String, width: Double, font: Font? = nil) throws -> [Int] {
    try PreparedText(text, font: font ?? dejaVuSans(), size: 17).layout(wrapWidth: width).lines.map(\.utf16Range.lowerBound)
}

/// The unlimited width of `text` on one line.
func singleLineWidth(_ text: String) throws -> Double {
    try PreparedText(text, font: dejaVuSans(), size: 17).layout().widestLineWidth
}

@Suite("Differences from Pango, on purpose")
struct PangoDifferenceTests {
    /// UAX #14 LB20a: no break after a hyphen that starts a word. "-WIDTH" stays whole, so at a
    /// width where "option -" fits but "option -WIDTH" does not, the line breaks before the hyphen
    /// (Pango 1.50 breaks after it).
    @Test func wordInitialHyphenStaysWithItsWord() throws {
        let width = try singleLineWidth("option -") + 1
        #expect(try singleLineWidth("option -WIDTH") > width)
        #expect(try lineStarts("option -WIDTH", width: width) == [0, 7])
    }

    /// UAX #14 LB25: no break between IS (".") and NU (digits): "%.250s" stays whole (Pango breaks
    /// after "%.").
    @Test func noBreakBetweenFullStopAndDigits() throws {
        let width = try singleLineWidth("remove %.") + 1
        #expect(try singleLineWidth("remove %.250s") > width)
        #expect(try lineStarts("remove %.250s which", width: width) == [0, 7, 14])
    }

    /// Every space of a run at a line end hangs: the run neither wraps nor counts in the width
    /// (Pango lets a run of several spaces count towards the fit).
    @Test func aRunOfSpacesHangs() throws {
        let width = try singleLineWidth("section.") + 2
        let layout = try PreparedText("section.      Next", font: dejaVuSans(), size: 17).layout(wrapWidth: width)
        #expect(layout.lines.map(\.utf16Range.lowerBound) == [0, 14])
        #expect(abs(layout.lines[0].width - (try singleLineWidth("section."))) < 1e-9)
    }

    /// A line exactly as wide as the limit fits. "réponse, il est" is 14,456 font units of DejaVu
    /// Sans (2,048 per em) = 119.99609375 px at 17 px; Pango rounds each advance to 1/1024 px, gets
    /// 120.001 and breaks one word earlier.
    @Test func anExactFitFits() throws {
        #expect(try singleLineWidth("réponse, il est") == 14_456.0 * 17 / 2048)
        #expect(try lineStarts("réponse, il est fort", width: 120) == [0, 16])
        #expect(try lineStarts("réponse, il est fort", width: 119.99) == [0, 12])
    }

    /// Script runs are shaped on their own: Latin "PAM" inside Russian gets Latin kerning (P-A),
    /// as in Pango, which measures "Профили PAM с" at 137.093 px (shaped all as Cyrillic it would be
    /// 1.09 px wider). Pango rounds each of the 13 advances to 1/1024 px, hence the 0.01 tolerance.
    @Test func aLatinWordInCyrillicTextIsShapedAsLatin() throws {
        #expect(abs(try singleLineWidth("Профили PAM с") - 137.093) < 0.01)
        #expect(abs(try singleLineWidth("PAM с") - 50.214) < 0.01)
    }
}
