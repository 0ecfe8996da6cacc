// Font-family lists: their CSS syntax, the per-cluster choice of the first family that has a cluster, skipped families, and caches that tell lists apart.
import Testing
import TextLayout
import TestSupport

@Suite("Font-family lists")
struct FontFamilyListTests {
    func bundled(_ file: String) throws -> Font { try bundledFonts.font(path: FontContext.bundledFontPath(file)!) }

    /// The font of each run of the first line, with the run's text, in drawing order.
    func runFonts(_ text: String, _ list: String, in context: FontContext = bundledFonts) throws -> [(text: String, font: Font)] {
        let prepared = try PreparedText(text, style: TextStyle(fonts: context.fonts(familyList: list)))
        let utf16 = Array(text.utf16)
        return try prepared.layout().lines[0].runs.map { (String(decoding: utf16[$0.utf16Range], as: UTF16.self), $0.content.textFont) }
    }

    @Test("the list's syntax: commas between names, quoted names keep their commas, unquoted words are joined by one space")
    func syntax() throws {
        #expect(try FontFamilyList.familyNames(in: "Inter, Noto Sans Arabic, sans-serif") == ["Inter", "Noto Sans Arabic", "sans-serif"])
        #expect(try FontFamilyList.familyNames(in: "\"Foo, Bar\", serif") == ["Foo, Bar", "serif"])
        #expect(try FontFamilyList.familyNames(in: "'It\\'s'  ,  DejaVu \t  Sans") == ["It's", "DejaVu Sans"])
        #expect(try FontFamilyList.familyNames(in: "DejaVu Sans:bold") == ["DejaVu Sans:bold"])
    }

    @Test("a malformed list is invalidArgument naming the key and the entry that is wrong")
    func malformed() throws {
        let cases: [(list: String, part: String)] = [
            ("Inter, , serif", "entry 2 is empty"),
            ("Inter,", "entry 2 is empty"),
            ("\"Foo, Bar, serif", "entry 1 opens a quote"),
            ("'Foo' Bar, serif", "entry 1 has text after its closing quote"),
            ("Inter, Fo\"o", "entry 2 has a quote inside"),
        ]
        for (list, part) in cases {
            expectInvalidArgument(key: "spans[2].font", saying: part) { try bundledFonts.fonts(familyList: list, key: "spans[2].font") }
        }
    }

    @Test("each cluster takes the first family of the list that has it; the first that exists is the primary font")
    func perClusterChoice() throws {
        let mono = try bundled("DejaVuSansMono.ttf")
        let sans = try bundled("DejaVuSans.ttf")
        let hebrew = try bundled("NotoSansHebrew-Regular.ttf")
        // DejaVu Sans Mono lacks Hebrew, which fallback would take from Noto Sans Hebrew; the list names DejaVu Sans.
        let listed = try runFonts("abc שלום", "DejaVu Sans Mono, DejaVu Sans")
        #expect(listed.map(\.text) == ["abc ", "שלום"])
        #expect(listed[0].font === mono && listed[1].font === sans)
        let fallenBack = try runFonts("abc שלום", "DejaVu Sans Mono")
        #expect(fallenBack[1].font === hebrew)
        // Noto Sans Hebrew first: its Hebrew, and the Latin it lacks from the next family that has it.
        let hebrewFirst = try runFonts("שלום abc", "Noto Sans Hebrew, DejaVu Sans Mono")
        #expect(hebrewFirst.contains { $0.text.contains("שלום") && $0.font === hebrew })
        #expect(hebrewFirst.contains { $0.text.contains("abc") && $0.font === mono })
        // The primary font is the first family that exists: an empty line takes its height.
        let style = try TextStyle(fonts: bundledFonts.fonts(familyList: "No Such Family, Noto Sans Hebrew, DejaVu Sans"))
        #expect(style.font === hebrew)
        let empty = try PreparedText("", style: style).layout()
        #expect(abs(empty.lines[0].height - hebrew.metrics.lineHeight(size: style.settings.size)) < 1e-9)
    }

    @Test("a family no font has is skipped with a warning; a list where none exists is unknownFont")
    func missingFamilies() throws {
        let list = try bundledFonts.fonts(familyList: "No Such Family, DejaVu Sans Mono, Another Missing One")
        #expect(list.skippedFamilies == ["No Such Family", "Another Missing One"])
        #expect(list.primary === (try bundled("DejaVuSansMono.ttf")) && list.others.isEmpty)
        let prepared = try PreparedText("abc", style: TextStyle(fonts: list))
        #expect(prepared.warnings.count == 2 && prepared.warnings[0].contains("'No Such Family'"))
        // A span's list warns too.
        var span = StyledSpan(range: 0..<1)
        span.fonts = try bundledFonts.fonts(familyList: "Missing In Span, DejaVu Sans")
        let spanned = try PreparedText("abc", style: TextStyle(font: bundled("DejaVuSans.ttf")), spans: [span])
        #expect(spanned.warnings.contains { $0.contains("'Missing In Span'") })

        let none = layoutError { try bundledFonts.fonts(familyList: "No Such Family, Another Missing One") }
        #expect(none?.code == .unknownFont && none?.message.contains("'Another Missing One'") == true)
        // One name alone fails as a single name does.
        let single = layoutError { try bundledFonts.fonts(familyList: "No Such Family") }
        let named = layoutError { try bundledFonts.font(named: "No Such Family") }
        #expect(single != nil && single == named)
    }

    @Test("a font file of the list that does not exist is skipped with a warning, as a missing family is; alone it is badFontFile")
    func missingFiles() throws {
        let missing = "/nonexistent-textlayout-folder/none.ttf"
        let list = try bundledFonts.fonts(familyList: "\(missing), DejaVu Sans Mono")
        #expect(list.skippedFamilies == [missing])
        #expect(list.primary === (try bundled("DejaVuSansMono.ttf")) && list.others.isEmpty)
        let prepared = try PreparedText("abc", style: TextStyle(fonts: list))
        #expect(prepared.warnings == ["no font file at '\(missing)' of the font list: it is skipped"])
        // One file alone is not a list: it fails as it always did.
        let single = layoutError { try bundledFonts.fonts(familyList: missing) }
        #expect(single?.code == .badFontFile && single?.message.contains(missing) == true, "\(String(describing: single))")
    }

    @Test("a list where nothing exists is unknownFont naming why each entry is missing, files and families alike")
    func everyMissingEntryNamed() throws {
        let missing = "/nonexistent-textlayout-folder/none.ttf"
        let error = layoutError { try bundledFonts.fonts(familyList: "No Such Family, \(missing), Another Missing One", key: "spans[1].font") }
        #expect(error?.code == .unknownFont, "\(String(describing: error))")
        let message = error?.message ?? ""
        let single = { (name: String) in layoutError { try bundledFonts.font(named: name) }?.message ?? "?" }
        for name in ["No Such Family", missing, "Another Missing One"] {
            #expect(message.contains(single(name)), "the list's message gives each entry's own reason: \(message)")
        }
        #expect(error?.keys == ["spans[1].font"])
    }

    @Test("generic families resolve through fontconfig, as a single name does; a font named twice is tried once")
    func genericFamilies() throws {
        for generic in ["serif", "sans-serif", "monospace", "system-ui", "emoji"] {
            let list = try FontContext.shared.fonts(familyList: "No Such Family, \(generic)")
            #expect(list.primary === (try FontContext.shared.font(family: generic)), "\(generic)")
        }
        let sans = try bundled("DejaVuSans.ttf")
        let repeated = FontFamilyList(primary: sans, others: [sans, try bundled("DejaVuSansMono.ttf"), try bundled("DejaVuSansMono.ttf")])
        #expect(repeated.fonts.count == 2)
    }

    @Test("two lists that choose different fonts never share a cached preparation or word")
    func cachesTellListsApart() throws {
        let text = "abc שלום abc שלום"
        for lists in [["DejaVu Sans Mono, DejaVu Sans", "DejaVu Sans Mono, Noto Sans Hebrew"],
                      ["DejaVu Sans Mono, Noto Sans Hebrew", "DejaVu Sans Mono, DejaVu Sans"]] {
            bundledFonts.clearShapingCaches()
            for list in lists {
                let cached = try PreparedText(text, style: TextStyle(fonts: bundledFonts.fonts(familyList: list))).layout()
                let fresh = try PreparedText(text, style: TextStyle(fonts: uncachedBundledFonts.fonts(familyList: list))).layout()
                #expect(cached.widestLineWidth == fresh.widestLineWidth, "\(list)")
                #expect(cached.lines[0].runs.map { $0.content.textFont.path } == fresh.lines[0].runs.map { $0.content.textFont.path }, "\(list)")
            }
        }
        // And the two really differ, so the check above could fail.
        let a = try PreparedText(text, style: TextStyle(fonts: bundledFonts.fonts(familyList: "DejaVu Sans Mono, DejaVu Sans"))).layout()
        let b = try PreparedText(text, style: TextStyle(fonts: bundledFonts.fonts(familyList: "DejaVu Sans Mono, Noto Sans Hebrew"))).layout()
        #expect(a.widestLineWidth != b.widestLineWidth)
    }

    @Test("a precomposed letter a family lacks but whose canonical decomposition it has stays in that family, drawn decomposed without a missing glyph")
    func decomposedCoverage() throws {
        let mono = try bundled("DejaVuSansMono.ttf")
        let sans = try bundled("DejaVuSans.ttf")
        // DejaVu Sans Mono has ệ and ị, but not ả, ố and ầ; it has a, o, U+0309, U+0302, U+0301 and U+0300.
        for letter: Unicode.Scalar in ["\u{1EA3}", "\u{1ED1}", "\u{1EA7}"] {
            #expect(!mono.hasGlyph(letter.value) && sans.hasGlyph(letter.value))
        }
        let text = "Việt Nam ả ố ầ"
        let oneAdvance = try PreparedText("a", style: TextStyle(fonts: bundledFonts.fonts(familyList: "DejaVu Sans Mono"))).layout().lines[0].width
        for list in ["DejaVu Sans Mono", "DejaVu Sans Mono, DejaVu Sans"] {
            let prepared = try PreparedText(text, style: TextStyle(fonts: bundledFonts.fonts(familyList: list)))
            let layout = try prepared.layout()
            #expect(layout.lines.count == 1 && layout.lines[0].runs.allSatisfy { $0.content.textFont === mono }, "\(list)")
            #expect(prepared.missingGlyphCount == 0, "\(list)")
            // Each of the 14 clusters is one monospaced advance: the marks HarfBuzz puts on the base take no room.
            #expect(abs(layout.lines[0].width - 14 * oneAdvance) < 1e-9, "\(list)")
        }
        // Noto Sans Hebrew first keeps the spaces; DejaVu Sans Mono, the first with the letters or their parts, takes every word.
        let listed = try runFonts(text, "Noto Sans Hebrew, DejaVu Sans Mono, DejaVu Sans")
        #expect(listed.filter { $0.text.contains { !$0.isWhitespace } }.allSatisfy { $0.font === mono })
        #expect(listed.map(\.text).joined() == text)
        // A family with neither the letter nor its parts is still passed over: Noto Sans Hebrew lacks the Latin base.
        let hebrewFirst = try runFonts("\u{1EA3}", "Noto Sans Hebrew, DejaVu Sans")
        #expect(hebrewFirst.count == 1 && hebrewFirst[0].font === sans)
    }

    @Test("a space character or non-breaking hyphen a family lacks stays in that family when it has what HarfBuzz draws instead: its space, its hyphen")
    func harfBuzzStandInCoverage() throws {
        let hebrew = try bundled("NotoSansHebrew-Regular.ttf")
        let sans = try bundled("DejaVuSans.ttf")
        let size = 17.0
        // Noto Sans Hebrew has U+0020 and U+2010 but none of these; DejaVu Sans has them all.
        let standIns: [(Unicode.Scalar, em: Double?)] = [("\u{202F}", nil), ("\u{2009}", 1.0 / 5), ("\u{2002}", 0.5), ("\u{2003}", 1), ("\u{2011}", nil)]
        #expect(hebrew.hasGlyph(0x20) && hebrew.hasGlyph(0x2010))
        for (scalar, em) in standIns {
            #expect(!hebrew.hasGlyph(scalar.value) && sans.hasGlyph(scalar.value), "\(scalar.value)")
            let text = "שלום\(scalar)עולם"
            let prepared = try PreparedText(text, style: TextStyle(fonts: bundledFonts.fonts(familyList: "Noto Sans Hebrew, DejaVu Sans")))
            let runs = try prepared.layout().lines[0].runs
            #expect(runs.count == 1 && runs[0].content.textFont === hebrew && prepared.missingGlyphCount == 0, "U+\(String(scalar.value, radix: 16))")
            // HarfBuzz gives the stand-in the character's own width: an em space an em, a thin space a fifth of one.
            if let em {
                let without = try PreparedText("שלוםעולם", style: prepared.style).layout().lines[0].width
                let advance = try prepared.layout().lines[0].width - without
                #expect(abs(advance - em * size) < 0.02, "U+\(String(scalar.value, radix: 16)): \(advance)")
            }
        }
        // U+1680 OGHAM SPACE MARK has a glyph of its own, which HarfBuzz never replaces: the family lacking it is passed over.
        #expect(!hebrew.hasGlyph(0x1680))
        #expect(try runFonts("א\u{1680}ב", "Noto Sans Hebrew, DejaVu Sans").contains { $0.text == "\u{1680}" && $0.font !== hebrew })
    }
}
