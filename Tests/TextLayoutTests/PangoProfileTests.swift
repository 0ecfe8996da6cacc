// The pango profile's rules one by one: each case's line starts are Pango 1.50's (laid out by scripts/pango_program.py in the same bundled font), and differ from the standard profile's.
import TestSupport
import Testing
import TextLayout

/// The UTF-16 line starts of `text` at `width` in the bundled font `file` at 17 px, with `profile`.
private func lineStarts(_ text: String, width: Double, file: String = "DejaVuSans.ttf", profile: LayoutProfile) throws -> [Int] {
    try lineLayout(text, file: file, width: width, profile: profile).lines.map(\.utf16Range.lowerBound)
}

/// The layout of `text` in `font` (or the bundled `file`) at 17 px with `profile`, at `width` (none: one line).
private func lineLayout(_ text: String, font: Font? = nil, file: String = "DejaVuSans.ttf", width: Double = .infinity,
                        profile: LayoutProfile) throws -> Layout {
    var settings = TextSettings()
    settings.profile = profile
    let chosen = try font ?? FontContext.shared.font(path: FontContext.bundledFontPath(file)!)
    return try PreparedText(text, style: TextStyle(font: chosen, settings: settings)).layout(wrapWidth: width)
}

@Suite("The pango profile, rule by rule")
struct PangoProfileTests {
    /// The profile's rules, as docs/profiles.md lists them; the standard profile's other way.
    @Test func theProfileSwitchesItsRules() {
        #expect(LayoutProfile.pango.punctuationBreaks == .pango)
        #expect(LayoutProfile.pango.complexContextBreaks == .libthai)
        #expect(LayoutProfile.pango.hangingWhitespace == .lastCharacter)
        #expect(LayoutProfile.pango.spaceFont == .previousCharacter)
        #expect(LayoutProfile.standard.spaceFont == .firstFontWithIt)
        #expect(LayoutProfile.standard.complexContextBreaks == .icuDictionaries)
        #expect(LayoutProfile.standard.hangingWhitespace == .all)
        #expect(LayoutProfile(rawValue: "pango") == .pango)
    }

    /// `punctuationBreaks: .pango`: a break after a hyphen that starts a word. At 66.3 px
    /// "option -" (65.29 px) fits, "option -WIDTH" does not: Pango breaks after the hyphen, the
    /// standard profile (UAX #14 LB20a) before it.
    @Test func aWordInitialHyphenBreaksAfterItself() throws {
        #expect(try lineStarts("option -WIDTH", width: 66.3, profile: .pango) == [0, 8])
        #expect(try lineStarts("option -WIDTH", width: 66.3, profile: .standard) == [0, 7])
    }

    /// `punctuationBreaks: .pango`: a break between `.` and a digit that does not continue a
    /// number (`%.|250s`, `POSIX.|1`), where ICU's LB25 has none.
    @Test func punctuationBreaksBeforeADigit() throws {
        #expect(try lineStarts("remove %.250s which", width: 92.5, profile: .pango) == [0, 9, 14])
        #expect(try lineStarts("remove %.250s which", width: 92.5, profile: .standard) == [0, 7, 14])
        #expect(try lineStarts("in POSIX.1 mode", width: 78.4, profile: .pango) == [0, 9])
        #expect(try lineStarts("in POSIX.1 mode", width: 78.4, profile: .standard) == [0, 3, 11])
    }

    /// Within a number the punctuation stays: `1.5` and `10/20` have no break in either profile.
    @Test func punctuationInsideANumberStays() throws {
        for text in ["12345.6789", "10/20/30/40"] {
            #expect(try lineStarts(text, width: 30, profile: .pango) == lineStarts(text, width: 30, profile: .standard))
        }
    }

    /// `hangingWhitespace: .lastCharacter`: of the three spaces after "see section.", two count
    /// towards the fit (Pango subtracts only the last one), so at 102.8 px the line breaks after
    /// "see "; with every space hanging, "see section." (96.4 px) fits.
    @Test func onlyTheLastSpaceHangs() throws {
        #expect(try lineStarts("see section.   SECTION", width: 102.8, profile: .pango) == [0, 4, 15])
        #expect(try lineStarts("see section.   SECTION", width: 102.8, profile: .standard) == [0, 15])
    }

    /// The counted spaces are part of the line's width; the last one hangs. Pango's first line of
    /// "ab   cd" at 40 px is 32.018 px wide: "ab" and two spaces.
    @Test func countedSpacesAreInTheWidth() throws {
        let spaced = try lineLayout("ab   cd", width: 40, profile: .pango).lines
        let standard = try lineLayout("ab   cd", width: 40, profile: .standard).lines
        #expect(spaced.map(\.utf16Range.lowerBound) == [0, 5])
        #expect(standard.map(\.utf16Range.lowerBound) == [0, 5])
        let space = 651.0 * 17 / 2048  // DejaVu Sans's space: 651 of its 2,048 units per em
        #expect(abs(spaced[0].width - (standard[0].width + 2 * space)) < 1e-9)
        #expect(abs(spaced[0].width - 32.018) < 0.01)
    }

    /// `complexContextBreaks: .libthai`: Thai words as libthai's dictionary finds them. Pango
    /// breaks `การเขียนผิดพลาด` after `การเขียน`, ICU's dictionary after `การเขียนผิด`.
    @Test func thaiBreaksWhereLibthaiFindsWords() throws {
        #expect(try lineStarts("การเขียนผิดพลาด", width: 120, file: "NotoSansThai-Regular.ttf", profile: .pango) == [0, 8])
        #expect(try lineStarts("การเขียนผิดพลาด", width: 120, file: "NotoSansThai-Regular.ttf", profile: .standard) == [0, 11])
    }

    /// libthai sees each run of one font, as Pango's items: the `(` that Noto Sans Thai lacks is
    /// not part of the Thai text libthai breaks.
    @Test func libthaiSeesOneFontsRun() throws {
        let text = #"ไม่ตรงกันกับ ( หรือ \("#
        #expect(try lineStarts(text, width: 120, file: "NotoSansThai-Regular.ttf", profile: .pango) == [0, 15])
        #expect(try lineStarts(text, width: 120, file: "NotoSansThai-Regular.ttf", profile: .standard) == [0, 13])
    }

    /// Other complex-context scripts have no dictionary in Pango: a Lao word is one unbreakable
    /// run of letters, cut between clusters when too wide (Pango's `ພາສາລາວ` cut at 3 and 6, ICU
    /// breaks it between words at 4).
    @Test func laoWordsHaveNoDictionaryBreaks() throws {
        #expect(try lineStarts("ພາສາລາວ ແມ່ນພາສາ", width: 40, profile: .pango) == [0, 3, 6, 8, 12, 15])
        #expect(try lineStarts("ພາສາລາວ ແມ່ນພາສາ", width: 40, profile: .standard) == [0, 3, 4, 8, 12, 15])
    }

    /// `spaceFont: .previousCharacter`: the space after `🗑` (drawn in Noto Sans Symbols2) is
    /// Symbols2's, 4.42 px, not DejaVu Sans's 5.40 px: Pango's line is 135.993 px wide.
    @Test func aSpaceAfterAFallbackCharacterTakesItsFont() throws {
        let text = "libc 🗑 💪🏽 library"
        let pango = try lineLayout(text, file: "DejaVuSans.ttf", profile: .pango)
        let standard = try lineLayout(text, file: "DejaVuSans.ttf", profile: .standard)
        #expect(abs(pango.lines[0].width - 135.993) < 0.01)
        #expect(abs(standard.lines[0].width - pango.lines[0].width - 0.98) < 0.01)
    }

    /// Pango's itemizer gives a format character no font of its own, as a space: the U+200E
    /// LEFT-TO-RIGHT MARK after `C++` in Hebrew text is drawn in DejaVu Sans, the font of `C++`, so
    /// the second line is DejaVu Sans's 19.789 px, not Noto Sans Hebrew's 23.12 px (Pango, in the
    /// bundled fonts at 120 px: 44.909 px with 2 px between the lines, corpus job `he-284`).
    @Test func aFormatCharacterTakesTheFontOfTheTextBeforeIt() throws {
        let font = try bundledFonts.font(path: FontContext.bundledFontPath("NotoSansHebrew-Regular.ttf")!)
        let text = "קוד מקור של C++\u{200E}"
        let pango = try lineLayout(text, font: font, width: 120, profile: .pango)
        #expect(pango.lines.map(\.utf16Range.lowerBound) == [0, 12])
        #expect(abs(pango.lines.map(\.height).reduce(0, +) - 42.909) < 0.01)
        let standard = try lineLayout(text, font: font, width: 120, profile: .standard)
        #expect(abs(standard.lines.map(\.height).reduce(0, +) - 2 * 23.12) < 0.01)
    }

    /// A space between two Latin words inside Thai text stays in the Latin words' font, so the line
    /// that holds only `PrintDlgEx ` is as tall as that font's lines, as Pango's (its layout of the
    /// corpus text at 120 px with 2 px between lines is 78.529 px tall: 74.529 px of lines).
    @Test func aSpaceInsideALatinRunKeepsItsFont() throws {
        let text = "อาร์กิวเมนต์ของ PrintDlgEx ผิดพลาด"
        let font = try FontContext.shared.font(family: "Noto Sans Thai")
        let pango = try lineLayout(text, font: font, width: 120, profile: .pango)
        #expect(pango.lines.map(\.utf16Range.lowerBound) == [0, 16, 27])
        #expect(abs(pango.lines.map(\.height).reduce(0, +) - 74.529) < 0.01)
        let standard = try lineLayout(text, font: font, width: 120, profile: .standard)
        #expect(standard.lines.map(\.height).reduce(0, +) > 74.529 + 2)
    }

    /// Pango's runs end where the bidi level does: in Arabic text the space after a Latin word
    /// (at the paragraph's level) is a run of its own, drawn in the primary font, so the Latin
    /// word's line is as tall as the Arabic ones (Pango: 111.713 px with 2 px between lines).
    @Test func aSpaceAtAnotherBidiLevelStartsAfresh() throws {
        let font = try FontContext.shared.font(family: "Noto Sans Arabic")
        let layout = try lineLayout("لم تدعم GCredentials على هذه المنصة", font: font, width: 120, profile: .pango)
        #expect(layout.lines.map(\.utf16Range.lowerBound) == [0, 8, 21])
        #expect(abs(layout.lines.map(\.height).reduce(0, +) - 107.713) < 0.01)
    }

    /// A text grown by appending keeps the profile's breaks: the same lines as prepared whole.
    @Test func appendingKeepsTheProfilesBreaks() throws {
        var settings = TextSettings()
        settings.profile = .pango
        let font = try FontContext.shared.font(path: FontContext.bundledFontPath("DejaVuSans.ttf")!)
        let style = try TextStyle(font: font, settings: settings)
        let whole = try PreparedText("in POSIX.1 mode, see section.   SECTION -WIDTH", style: style)
        let appended = try PreparedText("in POSIX.1 mode, see ", style: style).appending("section.   SECTION -WIDTH").text
        for width in [60.0, 78.4, 102.8, 140] {
            #expect(try appended.layout(wrapWidth: width).lines.map(\.utf16Range) == whole.layout(wrapWidth: width).lines.map(\.utf16Range))
        }
    }
}
