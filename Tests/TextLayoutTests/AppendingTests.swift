// Checks that appending to and editing a prepared text give paragraphs, and layouts, exactly as preparing the new text afresh does.
import Foundation
import Testing
@testable import TextLayout
import TestSupport

/// The first difference between two prepared paragraphs in anything a layout reads, or nil when
/// they are the same (fonts compared by file, so that a paragraph may be checked against one
/// prepared in another font context).
func preparedDifference(_ a: PreparedParagraph, _ b: PreparedParagraph) -> String? {
    func sameFont(_ x: Font, _ y: Font) -> Bool { x.path == y.path && x.faceIndex == y.faceIndex }
    let runsAlike = a.runs.count == b.runs.count && zip(a.runs, b.runs).allSatisfy { x, y in
        x.range == y.range && x.level == y.level && x.script == y.script && x.kind == y.kind && sameFont(x.textFont, y.textFont) && x.scale == y.scale
            && x.firstGlyph == y.firstGlyph && x.size == y.size && x.letterSpacing == y.letterSpacing && x.features == y.features
            && x.span == y.span
    }
    let checks: [(String, Bool)] = [
        ("range", a.range == b.range), ("segment starts", a.segmentStarts == b.segmentStarts),
        ("content ends", a.contentEnds == b.contentEnds), ("cluster starts", a.clusterStarts == b.clusterStarts),
        ("cluster positions", a.positions == b.positions), ("unsafe clusters", a.clusterUnsafe == b.clusterUnsafe),
        ("cluster glyphs", a.clusterFirstGlyph == b.clusterFirstGlyph), ("glyphs", a.glyphs == b.glyphs), ("runs", runsAlike),
        ("bidi", a.bidi.paragraphLevel == b.bidi.paragraphLevel && a.bidi.levels == b.bidi.levels), ("tabs", a.tabs == b.tabs),
        ("hyphenation points", a.autoHyphens == b.autoHyphens), ("segment start clusters", a.segmentStartCluster == b.segmentStartCluster),
        ("content end clusters", a.contentEndCluster == b.contentEndCluster),
        ("missing glyphs", a.missingGlyphCharacters == b.missingGlyphCharacters),
        ("only font", (a.onlyFont == nil) == (b.onlyFont == nil)),
    ]
    return checks.first { !$0.1 }.map { "the \($0.0) differ" }
}

/// Whether two layouts have the same lines (ranges, flags, runs and their glyphs' clusters) at the
/// same places, to the last bit (fonts compared by their glyphs, so that a layout may be checked
/// against one in another font context).
func layoutsAgree(_ a: Layout, _ b: Layout) -> Bool {
    return a.lines.count == b.lines.count && zip(a.lines, b.lines).allSatisfy { x, y in
        x.utf16Range == y.utf16Range && x.byteRange == y.byteRange && x.paragraph == y.paragraph
            && x.endsWithHardBreak == y.endsWithHardBreak && x.endsWithHyphen == y.endsWithHyphen && x.isJustified == y.isJustified
            && x.isRightToLeft == y.isRightToLeft && x.width == y.width && x.height == y.height && x.top == y.top
            && x.baseline == y.baseline && x.runs.count == y.runs.count
            && zip(x.runs, y.runs).allSatisfy { r, s in
                r.utf16Range == s.utf16Range && r.x == s.x && r.glyphs.map(\.cluster) == s.glyphs.map(\.cluster)
                    && r.glyphs.map(\.id) == s.glyphs.map(\.id)
            }
    }
}

@Suite("Appending and editing against a fresh preparation")
struct AppendingTests {
    /// Texts in many scripts, cut into pieces as a stream would be.
    static let corpus = [
        "Growing editors guess their height. This one knows it: every line break comes from the real glyphs, 2024-05-17.",
        "The word שלום means peace and سلام too, since 2024; see (١٢٣) and 45 %.",
        "مرحبا بالعالم 123 hello عربي، وهذا نص أطول قليلا.",
        "ภาษาไทยไม่มีการเว้นวรรคระหว่างคำ แต่มีระหว่างประโยค",
        "日本語の文章は、単語の間に空白を入れません。中文也一样，没有空格。",
        "Emoji 👩🏽‍💻 and flags 🇫🇷🇯🇵 with keycaps 1️⃣ and hearts ❤️ in a row 😀😀.",
        "Combining e\u{301}a\u{308}\u{304} marks ǹ\u{323} and Ελληνικά κείμενα με τόνους.",
        "Donaudampfschifffahrtsgesellschaftskapitän und Silbentrennungsalgorithmus für hyphenation of extraordinary words.",
        "tabs\tand\tmore tabs\there, Профили PAM с устаревшими модулями.",
    ]

    func font() throws -> Font { try bundledFonts.font(path: FontContext.bundledFontPath("DejaVuSans.ttf")!) }
    /// A font whose space is inert (see ``Font/spaceIsInert``), so that appending reshapes from the last space.
    func monospaced() throws -> Font { try bundledFonts.font(path: FontContext.bundledFontPath("DejaVuSansMono.ttf")!) }

    /// The style of seed `seed`: a font whose space is inert though a GSUB ligature joins it with
    /// the marks after it (DejaVu Sans) or one whose space no lookup takes (DejaVu Sans Mono), hyphenation in English or German, a direction, a strictness.
    func style(seed: UInt64) throws -> TextStyle {
        let font = try seed % 2 == 1 ? monospaced() : font()
        let language = ["en", "de", nil, "ja"][Int(seed % 4)]
        return try TextStyle(font: font, settings: TextSettings(direction: [.auto, .ltr, .rtl, .auto][Int(seed / 4 % 4)], language: language,
                             lineBreak: seed % 5 == 4 ? .keepAll : .normal, hyphens: language == "en" || language == "de" ? .auto : .manual))
    }

    /// Checks `edited` (with its layout `updated`) against the same text prepared and laid out afresh, in a font context of its own.
    func expectFresh(_ edited: PreparedText, _ updated: Layout, spans: [StyledSpan], _ label: String) throws {
        var style = edited.style
        style.font = try uncachedTwin(of: style.font)
        let fresh = try PreparedText(edited.text, style: style, spans: spans)
        #expect(edited.paragraphs.count == fresh.paragraphs.count, "\(label): paragraph count")
        for (k, (a, b)) in zip(edited.paragraphs, fresh.paragraphs).enumerated() {
            if let difference = preparedDifference(a, b) { Issue.record("\(label): paragraph \(k): \(difference)") }
        }
        #expect((0...edited.paragraphs.count).allSatisfy { edited.paragraphs.start(of: $0) == fresh.paragraphs.start(of: min($0, fresh.paragraphs.count)) }
                && edited.utf16Count == fresh.utf16Count, "\(label): paragraph starts in bytes and UTF-16")
        let full = try fresh.layout(wrapWidth: updated.wrapWidth, lineSpace: 2, glyphRuns: updated.hasGlyphRuns)
        #expect(layoutsAgree(updated, full), "\(label): layout\n\(layoutSummary(updated))\nagainst\n\(layoutSummary(full))")
    }

    /// Pieces of 1 to 12 characters of random texts from the corpus and from ``RandomText``, now
    /// and then a newline, appended one by one; the layout brought up to date after each.
    @Test("random appends equal a fresh preparation", arguments: Array(UInt64(1)...16))
    func randomAppends(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        let style = try style(seed: seed)
        let spans = seed % 8 == 3 ? [StyledSpan(range: 0..<4, letterSpacing: 1.5)] : []
        var source = ""
        while source.count < 400 {
            source += Bool.random(using: &random) ? Self.corpus.randomElement(using: &random)! : RandomText.make(&random, maxPieces: 6)
            source += Int.random(in: 0..<5, using: &random) == 0 ? "\n" : " "
        }
        let characters = Array(source)
        var taken = spans.isEmpty ? 0 : 4
        var prepared = try PreparedText(String(characters[..<taken]), style: style, spans: spans)
        var layout = try prepared.layout(wrapWidth: [80.0, 150, 320][Int(seed % 3)], lineSpace: 2, glyphRuns: seed % 2 == 0)
        var step = 0
        var tails = 0
        while taken < characters.count {
            let count = min(characters.count - taken, Int.random(in: 1...12, using: &random))
            let piece = String(characters[taken..<(taken + count)])
            let bytes = prepared.bytes + Array(piece.utf8)
            if try bytes.withUnsafeBufferPointer({
                try prepared.paragraphs.last!.appending(upTo: $0.count, next: $0.count, bytes: $0, style: style, hyphenation: prepared.hyphenation)
            }) != nil { tails += 1 }
            let (appended, edit) = try prepared.appending(piece)
            #expect(appended.text == String(characters[..<(taken + count)]))
            layout = try layout.updated(for: appended, after: edit)
            try expectFresh(appended, layout, spans: appended.spans, "seed \(seed) step \(step): appending \(piece.debugDescription)")
            prepared = appended
            taken += count
            step += 1
        }
        // Many pieces reshape only a tail (with spans, the text takes the edit path all the same).
        #expect(!spans.isEmpty || tails >= step / 3, "seed \(seed): \(tails) of \(step) pieces reshaped only a tail")
    }

    /// The line breaks after every offset of random paragraphs, as appending finds them (from a
    /// break that is certain near the offset, when there is one), against the paragraph's breaks
    /// found from its start, in each strictness and in Japanese.
    @Test("line breaks found after an offset are the whole paragraph's after it", arguments: Array(UInt64(1)...8))
    func lineBreaksAfterAnOffset(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        var text = ""
        while text.utf8.count < 300 {
            text += Bool.random(using: &random) ? Self.corpus.randomElement(using: &random)! : RandomText.make(&random, maxPieces: 6)
            text += [" ", "  ", " (", "» ", " 12 ", "\u{200B} "][Int.random(in: 0..<6, using: &random)]
        }
        // One paragraph: the hard breaks become spaces.
        let hardBreaks: Set<Unicode.Scalar> = ["\n", "\r", "\u{85}", "\u{2028}", "\u{2029}", "\u{0B}", "\u{0C}"]
        let bytes = Array(text.unicodeScalars.map { hardBreaks.contains($0) ? " " : String($0) }.joined().utf8)
        let strictness = LineBreakStrictness.allCases[Int(seed % 4)]
        let style = try TextStyle(font: font(), settings: TextSettings(language: seed % 3 == 0 ? "ja" : "en", lineBreak: strictness))
        try bytes.withUnsafeBufferPointer { buffer in
            let whole = try lineBreaks(buffer, in: 0..<buffer.count, style: style)
            var certain = 0
            for after in 0..<buffer.count where !UTF8.isContinuation(buffer[after]) {
                if let restart = certainLineBreak(buffer, in: 0..<buffer.count, atOrBefore: after + 1), restart > 0 {
                    #expect(whole.contains(restart), "seed \(seed): \(restart) is no break of the whole paragraph")
                    certain += 1
                }
                let found = try lineBreaks(buffer, in: 0..<buffer.count, style: style, after: after)
                #expect(found == whole.filter { $0 > after }, "seed \(seed): the breaks after \(after)")
            }
            // Most offsets of prose have a certain break before them.
            #expect(certain > buffer.count / 3, "seed \(seed): \(certain) of \(buffer.count) offsets")
        }
    }

    /// Replacements anywhere in texts of many scripts, checked paragraph by paragraph.
    @Test("random edits equal a fresh preparation", arguments: Array(UInt64(1)...8))
    func randomEdits(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        let style = try style(seed: seed)
        var text = (0..<6).map { _ in Self.corpus.randomElement(using: &random)! }.joined(separator: "\n")
        var prepared = try PreparedText(text, style: style)
        var layout = try prepared.layout(wrapWidth: 150, lineSpace: 2, glyphRuns: seed % 2 == 0)
        for step in 0..<40 {
            let count = text.utf16.count
            var lower = Int.random(in: 0...count, using: &random)
            var upper = min(count, lower + Int.random(in: 0...8, using: &random))
            while lower > 0, String.Index(utf16Offset: lower, in: text).samePosition(in: text.unicodeScalars) == nil { lower -= 1 }
            while upper < count, String.Index(utf16Offset: upper, in: text).samePosition(in: text.unicodeScalars) == nil { upper += 1 }
            let source = Self.corpus.randomElement(using: &random)!
            let insertion = String(source.prefix(Int.random(in: 0...6, using: &random)))
            let (edited, edit) = try prepared.replacingCharacters(inUTF16: lower..<upper, with: insertion)
            text.replaceSubrange(String.Index(utf16Offset: lower, in: text)..<String.Index(utf16Offset: upper, in: text), with: insertion)
            #expect(edited.text == text)
            layout = try layout.updated(for: edited, after: edit)
            try expectFresh(edited, layout, spans: [], "seed \(seed) step \(step): replacing \(lower)..<\(upper) with \(insertion.debugDescription)")
            prepared = edited
        }
    }

    @Test("a piece reshapes the last paragraph's tail, unless it could change what lies before")
    func tailOrWhole() throws {
        // A font whose space takes part in no kerning or substitution: shaping restarts after the last space.
        let inert = try bundledFonts.font(path: FontContext.bundledFontPath("DejaVuSansMono.ttf")!)
        #expect(inert.spaceIsInert)
        func grown(_ text: String, _ piece: String, in font: Font) throws -> PreparedParagraph? {
            let style = try TextStyle(font: font)
            let prepared = try PreparedText(text, style: style)
            let bytes = prepared.bytes + Array(piece.utf8)
            let paragraph = try bytes.withUnsafeBufferPointer {
                try prepared.paragraphs.last!.appending(upTo: $0.count, next: $0.count, bytes: $0, style: style, hyphenation: nil)
            }
            if let paragraph {
                let fresh = try PreparedText(text + piece, style: style).paragraphs.last!
                #expect(preparedDifference(paragraph, fresh) == nil, "\(text.debugDescription) + \(piece.debugDescription)")
            }
            return paragraph
        }
        // DejaVu Sans's space is inert too: its one lookup of the space joins it with the marks after it.
        let dejaVu = try font()
        #expect(dejaVu.spaceIsInert)
        // Liberation Sans kerns the space (a system font, where there is one, and always under
        // TEXTLAYOUT_REQUIRE_ORACLES=1; its context kept alive here, since a font holds its context weakly).
        let liberationContext = FontContext(fontDirectories: [], includeSystemFonts: false)
        let notInert = try oraclesAvailable([.liberationSans]) ? try liberationContext.font(path: Oracle.liberationSansFile) : nil
        #expect(notInert.map { !$0.spaceIsInert } ?? true)
        for font in [inert, dejaVu] + [notInert].compactMap({ $0 }) {
            #expect(try grown("First paragraph.\nSome words, then 12", "3 more", in: font) != nil)
            // The first word is analysed whole; a mark after a space joins the space's cluster.
            #expect(try grown("Unspaced", "x", in: font) == nil)
            #expect(try grown("Some words ", "\u{301}", in: font) == nil)
        }
        // After the last space, with the kept runs' levels, scripts and brackets unchanged, or not at all:
        // a Hebrew letter after digits and spaces alone turns the paragraph right to left.
        #expect(try grown("12 34 ", "שלום", in: inert) == nil)
        // A closing bracket takes its script from its opening one, wherever that is.
        #expect(try grown("Some (words", ")", in: inert) == nil)
        #expect(try grown("12 34 ", "שלום", in: dejaVu) == nil)
        // A font whose space is not inert reshapes its last run whole: the paragraph's direction may change.
        if let notInert { #expect(try grown("12 34 ", "שלום", in: notInert) != nil) }
    }

    @Test("appending a piece with hard breaks, to a text with spans or after a CR gives what the edit path gives")
    func fallbacks() throws {
        let style = try TextStyle(font: font())
        for (text, piece, spans) in [("one\r", "\ntwo", [StyledSpan]()), ("one", "\u{2029}two", []), ("bold", " more", [StyledSpan(range: 0..<4, size: 20)]),
                                     ("one two", "\nthree", []), ("one two th", "ree\n\nfour\r\nfive\r", []), ("one\n", "\n", []), ("", "\ntwo", [])] {
            let prepared = try PreparedText(text, style: style, spans: spans)
            let appended = try prepared.appending(piece)
            let edited = try prepared.replacingCharacters(inUTF16: text.utf16.count..<text.utf16.count, with: piece)
            #expect(appended.edit == edited.edit)
            #expect(appended.text.paragraphs.count == edited.text.paragraphs.count)
            for (a, b) in zip(appended.text.paragraphs, edited.text.paragraphs) { #expect(preparedDifference(a, b) == nil) }
        }
    }
}
