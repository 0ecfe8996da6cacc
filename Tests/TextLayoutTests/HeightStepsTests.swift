// Height steps: the line count and editor height as a function of width, held against editorHeight at random widths and at each step's edges.
import Foundation
import Testing
import TextLayout
import TestSupport
import TextLayoutIO

@Suite("Height steps")
struct HeightStepsTests {
    /// The step that holds at `width`: the last one starting at or before it.
    static func step(at width: Double, in steps: [HeightStep]) -> HeightStep? {
        steps.last { $0.fromEditorWidth <= width }
    }

    /// Checks `steps` of `prepared` over `widths` against ``PreparedText/editorHeight(editorWidth:sizing:)``:
    /// ascending from the range's start, no two in a row alike, each holding at its own
    /// `fromEditorWidth` while the one before holds 0.01 px and one `Double` below it, and at `randomWidths`.
    static func check(_ steps: [HeightStep], of prepared: PreparedText, in widths: ClosedRange<Double>, sizing: EditorSizing,
                      randomWidths: [Double], _ what: @autoclosure () -> String) throws {
        try #require(!steps.isEmpty, "no steps for \(what())")
        #expect(steps[0].fromEditorWidth == widths.lowerBound, "\(what())")
        for (before, after) in zip(steps, steps.dropFirst()) {
            #expect(before.fromEditorWidth < after.fromEditorWidth, "\(what()): steps not ascending")
            #expect(before.lineCount != after.lineCount || before.editorHeight != after.editorHeight, "\(what()): two steps alike")
        }
        func expectHolds(_ step: HeightStep, at width: Double, _ edge: String) throws {
            let height = try prepared.editorHeight(editorWidth: width, sizing: sizing)
            #expect(height.lineCount == step.lineCount && height.height == step.editorHeight,
                    "\(what()) at \(width) (\(edge)): editorHeight gives \(height.lineCount) lines, \(height.height) px; the step \(step)")
        }
        for (index, step) in steps.enumerated() {
            try expectHolds(step, at: step.fromEditorWidth, "a step's first width")
            guard index > 0 else { continue }
            try expectHolds(steps[index - 1], at: step.fromEditorWidth.nextDown, "just below a step")
            let justBelow = step.fromEditorWidth - 0.01
            if justBelow >= widths.lowerBound { try expectHolds(Self.step(at: justBelow, in: steps)!, at: justBelow, "0.01 px below a step") }
        }
        for width in randomWidths { try expectHolds(Self.step(at: width, in: steps)!, at: width, "a random width") }
    }

    /// A random sizing: line caps, line space, insets and pixel bounds, most often the defaults.
    static func randomSizing(_ rng: inout SplitMix) -> EditorSizing {
        var sizing = EditorSizing()
        if Bool.random(using: &rng) { sizing.minLines = Int.random(in: 1...4, using: &rng) }
        if Bool.random(using: &rng) { sizing.maxLines = sizing.minLines + Int.random(in: 0...5, using: &rng) }
        sizing.lineSpace = [0, 0, 2, 0.5, 7.3].randomElement(using: &rng)!
        if Bool.random(using: &rng) {
            sizing.insets = EdgeInsets(top: Double.random(in: 0...12, using: &rng), left: Double.random(in: 0...20, using: &rng),
                                       bottom: Double.random(in: 0...12, using: &rng), right: Double.random(in: 0...20, using: &rng))
        }
        if Int.random(in: 0..<4, using: &rng) == 0 { sizing.minHeight = Double.random(in: 20...80, using: &rng) }
        if Int.random(in: 0..<4, using: &rng) == 0 { sizing.maxHeight = (sizing.minHeight ?? 0) + Double.random(in: 30...200, using: &rng) }
        return sizing
    }

    /// A random paragraph style: line heights, indents, alignments and, now and then, a clamp.
    static func randomParagraph(_ rng: inout SplitMix) -> ParagraphStyle {
        var paragraph = ParagraphStyle()
        paragraph.lineHeight = [LineHeight.normal, .normal, .multiple(1.5), .fixed(22)].randomElement(using: &rng)!
        paragraph.strut = Strut.allCases.randomElement(using: &rng)!
        paragraph.alignment = TextAlignment.allCases.randomElement(using: &rng)!
        paragraph.indent = [0, 0, 0, 12, -9.5].randomElement(using: &rng)!
        switch Int.random(in: 0..<6, using: &rng) {
        case 0: paragraph.lineClamp = Int.random(in: 1...4, using: &rng)
        case 1: paragraph.truncate = TruncationPosition.allCases.randomElement(using: &rng)!
        default: break
        }
        return paragraph
    }

    static let languages = CorpusTexts.fonts.keys.sorted()

    @Test("at random widths and at every step's edges, editorHeight gives the step's line count and height", arguments: languages)
    func corpusTexts(language: String) throws {
        let texts = try CorpusTexts.texts(language)
        let font = try bundledFont(CorpusTexts.fonts[language]!)
        var rng = SplitMix(seed: 0x57E95 ^ UInt64(language.utf8.reduce(0) { $0 * 31 + Int($1) }))
        for k in 0..<12 {
            // One to three corpus texts, some joined by a paragraph break.
            let text = (0..<Int.random(in: 1...3, using: &rng)).map { _ in texts.randomElement(using: &rng)! }
                .joined(separator: Bool.random(using: &rng) ? "\n" : " ")
            let sizing = Self.randomSizing(&rng)
            let paragraph = Self.randomParagraph(&rng)
            let size = [13, 17, 17, 24.5].randomElement(using: &rng)!
            // Now and then automatic hyphenation in the text's language, where patterns are installed.
            let hyphens: Hyphens = Int.random(in: 0..<3, using: &rng) == 0 ? .auto : .manual
            let prepared = try PreparedText(text, style: TextStyle(font: font, settings: TextSettings(size: size, language: language, hyphens: hyphens, paragraph: paragraph)))
            let low = Double.random(in: 60...200, using: &rng)
            let widths = low...(low + Double.random(in: 0...500, using: &rng))
            let steps = try prepared.heightSteps(in: widths, sizing: sizing)
            let randomWidths = (0..<16).map { _ in Double.random(in: widths, using: &rng) }
            try Self.check(steps, of: prepared, in: widths, sizing: sizing, randomWidths: randomWidths,
                           "\(language) case \(k): \(text.prefix(60).debugDescription) at \(size) px, hyphens \(hyphens), \(sizing), \(paragraph), widths \(widths)")
        }
    }

    @Test("random texts of every kind, fonts and sizes step as editorHeight does", arguments: 0..<4)
    func randomTexts(block: Int) throws {
        for k in 0..<UInt64(25) {
            let seed = 0xA11_0000 + UInt64(block) * 1000 + k
            var rng = SplitMix(seed: seed)
            let text = RandomText.make(&rng, maxPieces: 30)
            let font = try bundledFont(PropertyTests.fonts.randomElement(using: &rng)!)
            let size = [7, 13.3, 17, 48].randomElement(using: &rng)!
            let sizing = Self.randomSizing(&rng)
            let paragraph = Self.randomParagraph(&rng)
            let prepared = try PreparedText(text, style: TextStyle(font: font, settings: TextSettings(size: size, paragraph: paragraph)))
            let low = Double.random(in: 45...150, using: &rng)
            let widths = low...(low + Double.random(in: 0...400, using: &rng))
            let steps = try prepared.heightSteps(in: widths, sizing: sizing)
            let randomWidths = (0..<8).map { _ in Double.random(in: widths, using: &rng) }
            try Self.check(steps, of: prepared, in: widths, sizing: sizing, randomWidths: randomWidths,
                           "seed \(seed): \(text.debugDescription) at \(size) px, \(sizing), \(paragraph), widths \(widths)")
        }
    }

    // DejaVu Sans Mono at 20.48 px: every character 12.33 px wide, every line 23.84 px tall (see LineModelTests).

    @Test("two words of four letters: two lines up to nine characters' width, then one; insets move the step by their sum")
    func twoWords() throws {
        let prepared = try PreparedText("aaaa bbbb", font: monoFont(), size: testSize)
        let advance = 12.33
        for insets in [EdgeInsets.zero, EdgeInsets(top: 3, left: 5, bottom: 4, right: 10)] {
            let sizing = EditorSizing(insets: insets)
            let sides = insets.left + insets.right
            let steps = try prepared.heightSteps(in: (5 * advance + sides)...(12 * advance + sides), sizing: sizing)
            try #require(steps.count == 2, "\(steps)")
            #expect(steps[0].lineCount == 2 && abs(steps[0].editorHeight - (2 * 23.84 + insets.top + insets.bottom)) < 1e-9)
            #expect(steps[1].lineCount == 1 && abs(steps[1].editorHeight - (23.84 + insets.top + insets.bottom)) < 1e-9)
            // "aaaa bbbb" is 9 characters: the line holds both words from 9 × 12.33 px (within the fit tolerance).
            #expect(abs(steps[1].fromEditorWidth - (9 * advance + sides)) < 1e-5, "\(steps[1].fromEditorWidth)")
        }
    }

    @Test("maxLines caps the height: steps that change only the line count stay apart, equal heights of equal counts merge")
    func maxLinesCapsTheHeight() throws {
        // Three words: 3 lines below 9 characters' width, 2 from there, 1 from 14.
        let prepared = try PreparedText("aaaa bbbb cccc", font: monoFont(), size: testSize)
        let steps = try prepared.heightSteps(in: 60...200, sizing: EditorSizing(maxLines: 1))
        #expect(steps.map(\.lineCount) == [3, 2, 1])
        // One line's height as a layout gives it, to the last bit (23.84 px, summed from the scaled ascent and descent).
        let lineHeight = try prepared.layout().lines[0].height
        #expect(abs(lineHeight - 23.84) < 1e-12)
        #expect(Set(steps.map(\.editorHeight)) == [lineHeight], "\(steps)")
        let same = try prepared.heightSteps(in: 60...100, sizing: EditorSizing())
        #expect(same.map(\.lineCount) == [3])
    }

    @Test("a range of one width is one step; a range wider than the text's one-line width ends on one line")
    func rangeEdges() throws {
        let prepared = try PreparedText("aaaa bbbb cccc", font: monoFont(), size: testSize)
        // Two lines as a layout stacks them, to the last bit.
        let twoLines = try prepared.layout(wrapWidth: 120).contentHeight
        #expect(abs(twoLines - 2 * 23.84) < 1e-12)
        #expect(try prepared.heightSteps(in: 120...120) == [HeightStep(fromEditorWidth: 120, lineCount: 2, editorHeight: twoLines)])
        #expect(try prepared.heightSteps(in: 100...10_000).last?.lineCount == 1)
    }

    @Test("a narrowest width that is not above 0, an infinite widest width, and insets that leave no room are errors that say so")
    func invalidRanges() throws {
        let prepared = try PreparedText("aaaa bbbb", font: monoFont(), size: testSize)
        for (widths, sizing, message) in [(0.0...100.0, EditorSizing(), "heightSteps: the narrowest width must be a finite number greater than 0"),
                                          (-5.0...100.0, EditorSizing(), "narrowest width"),
                                          (10.0...Double.infinity, EditorSizing(), "heightSteps: the widest width must be a finite number"),
                                          (10.0...100.0, EditorSizing(insets: EdgeInsets(left: 6, right: 6)), "heightSteps starts at 10, which leaves no room for text")] {
            #expect {
                _ = try prepared.heightSteps(in: widths, sizing: sizing)
            } throws: { error in
                guard let error = error as? LayoutError else { return false }
                return error.code == .invalidArgument && error.message.contains(message)
            }
        }
    }

    @Test("the batch's heightSteps rows are what a job at each row's width gives; a job without the key is answered as before")
    func batchKey() throws {
        let text = "A chat message that wraps over a few lines at a narrow width.\nAnd a second paragraph."
        let job = #"{"text":\#(JSONValue.string(text).serialized),"font":\#(jsonString(sansPath)),"size":17,"width":200,"#
            + #""maxLines":3,"insets":{"left":8,"right":12,"top":4,"bottom":4}"#
        let plain = batchResult(job + "}")
        let stepped = batchResult(job + #","heightSteps":[100,700]}"#)
        #expect(plain.succeeded && stepped.succeeded, "\(stepped.json)")
        #expect(stepped.json.replacing(#/,"heightSteps":\[[^a-z]*\]\]/#, with: "") == plain.json, "\(stepped.json)")
        let rows = try #require(foundationObject(stepped.json)?["heightSteps"] as? [[Double]])
        #expect(rows.count >= 3 && rows[0][0] == 100, "\(rows)")
        for row in rows {
            let atWidth = try #require(foundationObject(batchResult(job.replacingOccurrences(of: #""width":200"#, with: #""width":\#(row[0])"#) + "}").json))
            #expect(atWidth["lineCount"] as? Double == row[1] && atWidth["editorHeight"] as? Double == row[2], "\(row) against \(atWidth)")
        }
    }

    @Test("balanced and pretty lines, chosen anew at every width, are an error that says heightSteps needs textWrap wrap",
          arguments: [TextWrap.balance, .pretty])
    func optimalLinesAreRefused(_ textWrap: TextWrap) throws {
        let prepared = try PreparedText("aaaa bbbb cccc", style: TextStyle(font: monoFont(), settings: TextSettings(size: testSize, paragraph: ParagraphStyle(textWrap: textWrap))))
        #expect {
            _ = try prepared.heightSteps(in: 60...200)
        } throws: { error in
            (error as? LayoutError)?.code == .invalidArgument && (error as? LayoutError)?.message.contains("needs textWrap wrap") == true
        }
    }

    @Test("a word far wider than the line, whose next piece the breaker does not measure, still steps where the breaks change")
    func farTooWideWord() throws {
        // 300 letters: more than 256 clusters, and far wider than twice the line plus 16 em.
        let text = "aa bb " + String(repeating: "x", count: 300) + " cc"
        let prepared = try PreparedText(text, font: monoFont(), size: testSize)
        let widths = 30.0...200.0
        let steps = try prepared.heightSteps(in: widths, sizing: EditorSizing())
        var rng = SplitMix(seed: 300)
        try Self.check(steps, of: prepared, in: widths, sizing: EditorSizing(), randomWidths: (0..<20).map { _ in Double.random(in: widths, using: &rng) },
                       "a 300-letter word")
    }

    @Test("a clamped text steps where its ellipsis line shows more of a clipped ellipsis, its breaks and hidden text the same",
          arguments: [TruncationPosition.end, .middle], [false, true])
    func clippedEllipsis(position: TruncationPosition, wordWiderThanTheLine: Bool) throws {
        // The Arabic ellipsis is drawn in the fallback Noto Sans Arabic, whose line is taller than
        // Devanagari's: narrower than the ellipsis, the line shows a part of it (its spaces or
        // letters), and each part is another line height, while the lines break alike and the
        // whole last line stays hidden (the CI fuzz runs of 9ab4862 and f045a79 found the sweep
        // jumping over such a change to the next change of the breaks; in the second a kept line
        // holds a word wider than the line, so the layout's stable range starts past the change).
        var paragraph = ParagraphStyle()
        (paragraph.lineClamp, paragraph.truncate, paragraph.ellipsis) = (3, position, " \u{627}\u{644}\u{62E} ")
        let text = wordWiderThanTheLine
            ? "\u{FFFD}[D\u{93C}\u{949}\u{924}\u{FFFD}\u{928}\u{94D}+\u{926}\u{FFFD}\u{4}\u{0}\u{3}\u{FFFD}\u{1}\u{0}\u{FFFD}\u{FFFD}\u{92F} \u{921}\u{93F}\u{92B}\u{93C}\u{949}\u{932}\u{94D}\u{91F}"
            : "\u{FFFD}[D\u{93F}\u{928}\u{94D}+\u{926}\u{940} \u{915}\u{94D}\u{937}\u{924}\u{94D}\u{930}\u{93F}\u{92F} \u{921}\u{93F}\u{92B}\u{93C}\u{949}\u{932}\u{94D}\u{91F}"
        let prepared = try PreparedText(text, style: TextStyle(font: bundledFont("NotoSansDevanagari-Regular.ttf"),
                                                               settings: TextSettings(size: 48, lineBreak: .keepAll, paragraph: paragraph)))
        let sizing = EditorSizing(insets: EdgeInsets(top: 2, left: 1, bottom: 2, right: 1))
        let widths = 31.0...124.0
        let steps = try prepared.heightSteps(in: widths, sizing: sizing)
        // The same line count throughout, at heights that differ: only the ellipsis line moves them.
        #expect(Set(steps.map(\.lineCount)) == [3] && steps.count >= 3, "\(steps)")
        var rng = SplitMix(seed: 0xE111)
        try Self.check(steps, of: prepared, in: widths, sizing: sizing, randomWidths: (0..<40).map { _ in Double.random(in: widths, using: &rng) },
                       "a clamped Devanagari text with an Arabic ellipsis, cut at the \(position)\(wordWiderThanTheLine ? ", a word wider than the line" : "")")
    }
}
