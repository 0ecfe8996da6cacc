// Text transforms (CSS text-transform) with hand-derived expectations: each transformed text is as wide as the text written transformed, while clusters, line starts, carets and hit tests stay in the text's own offsets.
import Testing
@testable import TextLayout
import TestSupport

@Suite("Text transforms")
struct TextTransformTests {
    var regular: Font { get throws { try bundledFonts.font(path: FontContext.bundledFontPath("DejaVuSans.ttf")!) } }

    func layout(_ text: String, _ transform: TextTransform = .none, language: String? = nil, width: Double? = nil) throws -> Layout {
        var settings = TextSettings(language: language)
        settings.textTransform = transform
        return try PreparedText(text, style: TextStyle(font: regular, settings: settings)).layout(wrapWidth: width)
    }

    func width(_ text: String, _ transform: TextTransform = .none, language: String? = nil) throws -> Double {
        try layout(text, transform, language: language).widestLineWidth
    }

    @Test("upper case: ß is SS, ŉ is ʼN, ﬁ is FI, each one cluster of the text's character")
    func expandingUpperCase() throws {
        #expect(try width("Straße", .uppercase) == width("STRASSE"))
        #expect(try width("ŉ ﬁx", .uppercase) == width("ʼN FIX"))
        let line = try layout("Straße", .uppercase).lines[0]
        #expect(line.utf16Range == 0..<6)
        // The glyph run covers the text as written: its six characters, not the seven shown.
        #expect(line.runs.map(\.utf16Range) == [0..<6])
    }

    @Test("Turkish and Azeri dotted and dotless i; İ lower-cased elsewhere keeps its dot as U+0307")
    func turkishI() throws {
        #expect(try width("istanbul ılık", .uppercase, language: "tr") == width("İSTANBUL ILIK"))
        #expect(try width("istanbul", .uppercase) == width("ISTANBUL"))
        #expect(try width("DİYARBAKIR", .lowercase, language: "az") == width("diyarbakır"))
        #expect(try width("İ", .lowercase) == width("i\u{307}"))
    }

    @Test("Greek: upper case drops the accents under el (adding the diaeresis they imply); lower case ends a word with final sigma")
    func greek() throws {
        #expect(try width("άυλος ή", .uppercase, language: "el") == width("ΑΫΛΟΣ Ή"))
        #expect(try width("ΟΔΟΣ ΣΑ", .lowercase) == width("οδος σα"))
        #expect(try width("ΟΔΟΣ ΣΑ", .lowercase) != width("οδοσ σα"))
    }

    @Test("capitalize: the first letter of each word after spaces and punctuation (., :, -, brackets), not after an apostrophe; the rest as it is")
    func capitalize() throws {
        #expect(try width("hello-world (the) a.b x:y o'neil mIXed", .capitalize) == width("Hello-World (The) A.B X:Y O'neil MIXed"))
        // Title case by the simple mapping: ǆ is ǅ, ß stays.
        #expect(try width("ǆemal ßa", .capitalize) == width("ǅemal ßa"))
        // A word inside another's run is not capitalized: the word cache keeps no capitalized piece for it.
        #expect(try width("xhello hello", .capitalize) == width("Xhello Hello"))
        #expect(try width("hello", .none) == width("hello"))
    }

    @Test("a line break after an expanded character: the next line starts at the text's offset after it")
    func breakAfterExpansion() throws {
        let firstLine = try width("SSSSSSSS ")
        let text = try layout("ßßßß ßß", .uppercase, width: firstLine + 1)
        #expect(text.lines.map(\.utf16Range) == [0..<5, 5..<7])
        // Too narrow for one ß: lines cut between ß's, never between the two S of one.
        let narrow = try layout("ßßß", .uppercase, width: try width("SSS"))
        #expect(narrow.lines.map(\.utf16Range) == [0..<1, 1..<2, 2..<3])
        #expect(narrow.lines.allSatisfy { abs($0.width - (try! width("SS"))) < 1e-9 })
    }

    @Test("hit testing inside SS: either S of ß is the one cluster, the caret before or after it")
    func hitTestInsideExpansion() throws {
        let text = try layout("aßb", .uppercase)
        let a = try width("A")
        let s = try width("S")
        #expect(text.caret(atX: a + 0.4 * s, onLine: 0).offset == 1)
        #expect(text.caret(atX: a + 1.6 * s, onLine: 0).offset == 2)
        #expect(abs(text.caretRect(forUTF16Offset: 2).x - (try width("ASS"))) < 1e-9)
        let selection = text.selectionRects(forUTF16Range: 1..<2)
        #expect(selection.count == 1 && abs(selection[0].width - 2 * s) < 1e-9, "\(selection)")
    }

    @Test("full-width: ASCII shown in full-width forms (as wide as the text written so), which break like ideographs; full-size kana")
    func widthTransforms() throws {
        #expect(try width("ab", .fullWidth) == width("ａｂ"))
        let perLetter = try width("ａ")
        let broken = try layout("abc", .fullWidth, width: 2 * perLetter + 1)
        #expect(broken.lines.map(\.utf16Range) == [0..<2, 2..<3])
        #expect(try width("ぁゃっ", .fullSizeKana) == width("あやつ"))
    }

    @Test("a transform changes the prepared text and the word cache's pieces: the same text with none after uppercase is as before")
    func cacheKeyedOnTransform() throws {
        let plain = try width("Hello world")
        #expect(try width("Hello world", .uppercase) == width("HELLO WORLD"))
        #expect(try width("Hello world") == plain)
        #expect(try width("Hello world", .lowercase) == width("hello world"))
    }

    /// The characters `text` is shown as under `transform` in `language`, with the UTF-8 offset of each one's source.
    func shown(_ text: String, _ transform: TextTransform, language: String = "") -> (String, [Int]) {
        let bytes = Array(text.utf8)
        let characters = bytes.withUnsafeBufferPointer { transform.transformed($0, 0..<$0.count, context: 0..<$0.count, language: language) }
        return (String(String.UnicodeScalarView(characters.scalars.compactMap(Unicode.Scalar.init))), characters.sources)
    }

    @Test("the shown characters and their sources: expansions share their character's offset; Greek accents by the word")
    func shownCharacters() {
        #expect(shown("aßb", .uppercase) == ("ASSB", [0, 1, 1, 3]))
        #expect(shown("θή συνθήκες ή", .uppercase, language: "el-Grek-GR").0 == "ΘΗ ΣΥΝΘΗΚΕΣ Ή")
        #expect(shown("İ", .lowercase) == ("i\u{307}", [0, 0]))
        #expect(shown("İI", .lowercase, language: "tr").0 == "iı")
        #expect(shown("x.y o'neil", .capitalize).0 == "X.Y O'neil")
        #expect(shown("Ab ｶ", .fullWidth).0 == "Ａｂ\u{3000}カ")
        #expect(shown("ゃｧ", .fullSizeKana).0 == "やｱ")
    }
}
