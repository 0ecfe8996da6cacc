// Line clamping with an ellipsis: random texts and widths keep at most n lines within the width and account for the whole text; the cut points, the ellipsis' font and place, and bad input.
import Foundation
import Testing
import TextLayout
import TextLayoutIO
import TestSupport

@Suite("Truncation")
struct TruncationTests {
    /// A style in a bundled font (fallback from the bundled fonts only) with `paragraph`.
    static func style(_ paragraph: ParagraphStyle, file: String = "DejaVuSans.ttf") throws -> TextStyle {
        let path = try #require(FontContext.bundledFontPath(file))
        return try TextStyle(font: try bundledFonts.font(path: path), settings: TextSettings(paragraph: paragraph))
    }

    static let sentence = "These fields declare relationships between the source package and packages used to build it."

    @Test("random texts and widths: at most n lines, each within the width, the first n-1 as laid out, and with the hidden range they cover the text",
          arguments: 0..<120)
    func clampedLayoutsAccountForTheText(seed: UInt64) throws {
        var rng = SplitMix(seed: seed &* 0x9E37_79B9 &+ 7)
        let text = RandomText.make(&rng, maxPieces: 30)
        let width = Double.random(in: 25...400, using: &rng)
        let clamp = Int.random(in: 1...3, using: &rng)
        let position = TruncationPosition.allCases.randomElement(using: &rng)!
        let ellipsis = ["\u{2026}", "...", " more"].randomElement(using: &rng)!
        let plain = try PreparedText(text, style: Self.style(ParagraphStyle())).layout(wrapWidth: width)
        let clamped = try PreparedText(text, style: Self.style(ParagraphStyle(lineClamp: clamp, truncate: position, ellipsis: ellipsis)))
            .layout(wrapWidth: width)
        let context = "seed \(seed): \(clamp) lines, \(position), width \(width), text \(text.debugDescription)"
        expectInvariants(clamped, context)
        expectInvariants(try clamped.prepared.layout(wrapWidth: width, glyphRuns: false), "\(context), height only")
        guard let truncation = clamped.truncation else {
            #expect(plain.lineCount <= clamp, "\(context): nothing hidden, but the text has \(plain.lineCount) lines")
            #expect(clamped == plain, "\(context)")
            return
        }
        #expect(clamped.lineCount == clamp && truncation.hiddenLineCount == plain.lineCount - clamp, "\(context)")
        #expect(Array(clamped.lines.prefix(clamp - 1)) == Array(plain.lines.prefix(clamp - 1)), "\(context): the first lines changed")
        let last = clamped.lines[clamp - 1]
        #expect(last.hasEllipsis && truncation.ellipsisLine == clamp - 1, "\(context)")
        let ellipsisRuns = last.runs.filter(\.isEllipsis)
        #expect(!ellipsisRuns.isEmpty && ellipsisRuns.allSatisfy { $0.glyphs.allSatisfy(\.isGenerated) }, "\(context)")
        #expect(abs(last.width - last.runs.reduce(0) { $0 + $1.width }) < 1e-6, "\(context): the line's width is not its runs'")
        // Within the width, ellipsis included, unless even the ellipsis' first cluster alone is wider.
        let keptText = last.runs.contains { !$0.isEllipsis && !$0.glyphs.isEmpty }
        if keptText { #expect(last.width <= width + Layout.fitTolerance, "\(context): the last line is \(last.width) wide") }
        // Every offset of the text is on a kept line, hidden, or a hard break between lines.
        let length = text.utf16.count
        var covered = [Bool](repeating: false, count: length)
        for line in clamped.lines { for k in line.utf16Range where !truncation.hiddenRange.contains(k) { covered[k] = true } }
        for k in truncation.hiddenRange { covered[k] = true }
        let onPlainLines = Set(plain.lines.flatMap { Array($0.utf16Range) })
        let uncovered = (0..<length).filter { !covered[$0] && onPlainLines.contains($0) }
        #expect(uncovered.isEmpty, "\(context): offsets \(uncovered.prefix(5)) are neither shown nor hidden")
        #expect(truncation.hiddenRange.lowerBound >= last.utf16Range.lowerBound, "\(context): the hidden text starts before the last line")
        if position == .end { #expect(truncation.hiddenRange.upperBound == length, "\(context)") }
        // Any width in the stable range gives the same lines and hides the same text (the hidden
        // text's own line count may differ); the shrink-wrap width is the widest line.
        let stable = clamped.stableWidthRange
        if stable.lowerBound < width {
            let other = Double.random(in: stable.lowerBound..<min(stable.upperBound, 2 * width), using: &rng)
            let resized = try clamped.prepared.layout(wrapWidth: other)
            #expect(resized.lines.map(\.utf16Range) == clamped.lines.map(\.utf16Range) && resized.truncation?.hiddenRange == truncation.hiddenRange,
                    "\(context): at \(other), in the stable range \(stable), the layout changed")
            // The ellipsis too (cut to its first cluster where even it alone does not fit): the same widths and heights.
            #expect(resized.lines.map(\.width) == clamped.lines.map(\.width) && resized.lines.map(\.height) == clamped.lines.map(\.height),
                    "\(context): at \(other), in the stable range \(stable), the lines' widths or heights changed")
        }
        #expect(try clamped.shrinkWrapWidth() == clamped.widestLineWidth)
        // Geometry answers on a clamped layout, for every offset and across the lines.
        for offset in 0...length { _ = clamped.caretRect(forUTF16Offset: offset) }
        for line in clamped.lines { _ = clamped.caret(atX: width / 2, y: line.top + 1) }
    }

    @Test("an end cut keeps a maximal prefix: one more grapheme cluster with the ellipsis would not fit", arguments: 0..<60)
    func endKeepsAsMuchAsFits(seed: UInt64) throws {
        var rng = SplitMix(seed: seed &+ 1000)
        func word() -> String {
            String((0..<Int.random(in: 1...9, using: &rng)).map { _ in Character(Unicode.Scalar(UInt8.random(in: 0x61...0x7A, using: &rng))) })
        }
        var words = (0..<Int.random(in: 8...30, using: &rng)).map { _ in word() }
        let width = Double.random(in: 40...300, using: &rng)
        let clamp = Int.random(in: 1...2, using: &rng)
        // The case is built to truncate: words are added until the text takes more lines than the clamp.
        let unclamped = try Self.style(ParagraphStyle())
        while try PreparedText(words.joined(separator: " "), style: unclamped).layout(wrapWidth: width).lineCount <= clamp { words.append(word()) }
        let text = words.joined(separator: " ")
        let layout = try PreparedText(text, style: try Self.style(ParagraphStyle(lineClamp: clamp))).layout(wrapWidth: width)
        let truncation = try #require(layout.truncation, "seed \(seed): more than \(clamp) lines at \(width) px, yet nothing is hidden")
        let ellipsis = try #require(layout.ellipsisRect, "seed \(seed): text is hidden, but there is no ellipsis")
        let last = layout.lines[clamp - 1]
        let kept = Array(text.utf16)[last.utf16Range.lowerBound..<truncation.hiddenRange.lowerBound]
        let next = Array(text.utf16)[truncation.hiddenRange.lowerBound]
        // Measured independently: the kept text and the next character shaped on their own, unclamped.
        let longer = try PreparedText(String(decoding: kept + [next], as: UTF16.self), style: unclamped).layout()
        let shorter = try PreparedText(String(decoding: kept, as: UTF16.self), style: unclamped).layout()
        // (The runs' advance: a space at the end counts before an ellipsis, though it would hang at a line's end.)
        func advance(_ layout: Layout) -> Double { layout.lines[0].runs.reduce(0) { $0 + $1.width } }
        // The engine's rule for every line: it fits when at most Layout.fitTolerance (1e-6 px, the
        // float error of summing advances) wider than the width. The advances summed here are the
        // engine's but for the order of the additions, whose error is far below that tolerance, so
        // the rule is held exactly.
        let room = width + Layout.fitTolerance
        #expect(advance(longer) + ellipsis.width > room,
                "seed \(seed): '\(String(decoding: kept, as: UTF16.self))' plus one more fits \(width) with the ellipsis")
        #expect(advance(shorter) + ellipsis.width <= room, "seed \(seed): the kept text and the ellipsis overflow \(width)")
    }

    @Test("a text that fits its clamp hides nothing and lays out as without it")
    func nothingHidden() throws {
        let clamped = try PreparedText("Short text", style: Self.style(ParagraphStyle(lineClamp: 3))).layout(wrapWidth: 200)
        #expect(clamped.truncation == nil && clamped.ellipsisRect == nil)
        #expect(clamped == (try PreparedText("Short text", style: Self.style(ParagraphStyle())).layout(wrapWidth: 200)))
    }

    @Test("the end cut of a right-to-left paragraph puts the ellipsis at the line's left, its visual end")
    func rightToLeftEllipsisIsAtTheLeft() throws {
        let text = "אין מספיק זיכרון לטעינת התמונה, כדאי לנסות לסגור מספר יישומים כדי לפנות זיכרון"
        let layout = try PreparedText(text, style: Self.style(ParagraphStyle(lineClamp: 1), file: "NotoSansHebrew-Regular.ttf")).layout(wrapWidth: 150)
        let line = layout.lines[0]
        #expect(line.runs.first?.isEllipsis == true, "the ellipsis run is the leftmost")
        #expect(line.runs.first?.content.textFont.familyName == "DejaVu Sans", "Noto Sans Hebrew has no U+2026: it falls back")
        let box = try #require(layout.ellipsisRect)
        #expect(abs(box.x - layout.lineOrigin(line)) < 1e-9 && box.maxX < 150)
    }

    @Test("the ellipsis takes the font size and attributes of the styled span before it")
    func ellipsisFollowsTheSpan() throws {
        let span = StyledSpan(range: 0..<Self.sentence.utf16.count, size: 24, attributes: ["color": "#d00"])
        let layout = try PreparedText(Self.sentence, style: Self.style(ParagraphStyle(lineClamp: 1)), spans: [span]).layout(wrapWidth: 200)
        let run = try #require(layout.lines[0].runs.first { $0.isEllipsis })
        #expect(run.size == 24 && run.attributes == ["color": "#d00"])
    }

    @Test("an ellipsis wider than the line is cut to its first grapheme cluster, and no text is kept")
    func wideEllipsisIsClipped() throws {
        let layout = try PreparedText(Self.sentence, style: Self.style(ParagraphStyle(lineClamp: 1, ellipsis: "(more)")))
            .layout(wrapWidth: 20)
        let run = try #require(layout.lines[0].runs.first { $0.isEllipsis })
        #expect(run.glyphs.count == 1 && layout.lines[0].runs.count == 1)
        #expect(layout.truncation?.hiddenRange == 0..<Self.sentence.utf16.count)
    }

    @Test("a line showing the ellipsis' first cluster is stable up to the width where the whole ellipsis fits, and there shows it",
          arguments: [TruncationPosition.end, .start, .middle])
    func clippedEllipsisStableRange(position: TruncationPosition) throws {
        let style = try Self.style(ParagraphStyle(lineClamp: 1, truncate: position, ellipsis: "(more)"))
        let whole = try PreparedText("(more)", style: Self.style(ParagraphStyle())).layout().lines[0].width
        let prepared = try PreparedText(Self.sentence, style: style)
        let clipped = try prepared.layout(wrapWidth: 20)
        try #require(clipped.lines[0].runs.first { $0.isEllipsis }?.glyphs.count == 1)
        // The whole ellipsis fits from its own width on (within the fit tolerance): the first
        // cluster alone is stable only up to there.
        let stable = clipped.stableWidthRange
        #expect(stable.upperBound <= whole, "\(position): stable up to \(stable.upperBound), the ellipsis is \(whole) wide")
        let atEnd = try prepared.layout(wrapWidth: stable.upperBound)
        #expect(atEnd.lines[0].runs.filter(\.isEllipsis).reduce(0) { $0 + $1.glyphs.count } == 6,
                "\(position): at \(stable.upperBound), the end of the stable range, the whole ellipsis is not shown")
    }

    @Test("an ellipsis with spaces around it is measured as it is drawn, its last space too: the truncated line stays within its width",
          arguments: TruncationPosition.allCases)
    func ellipsisSpacesAreMeasured(position: TruncationPosition) throws {
        // Latin, Hebrew (the line right to left) and Thai with a Korean fallback (the case a fuzzer found).
        let texts = [(Self.sentence, "DejaVuSans.ttf"),
                     ("אין מספיק זיכרון לטעינת התמונה, כדאי לנסות לסגור מספר יישומים כדי לפנות זיכרון", "NotoSansHebrew-Regular.ttf"),
                     ("ษาไทยไม่มีงว่\u{FFFD}x0\u{FFFD}X างระหว่างคำ", "NotoSansThai-Regular.ttf")]
        var keptBesideEllipsis = 0
        for ellipsis in [" \u{2026} ", "\u{2026} ", " \u{2026}", " \u{627}\u{644}\u{62E} ", "  "] {
            for (text, file) in texts {
                for step in 0..<40 {
                    let width = 24 + Double(step) * 3.7
                    let layout = try PreparedText(text, style: Self.style(ParagraphStyle(lineClamp: 2, truncate: position, ellipsis: ellipsis), file: file))
                        .layout(wrapWidth: width)
                    guard layout.truncation != nil else { continue }
                    let last = layout.lines[layout.lineCount - 1]
                    let context = "\(position), ellipsis \(ellipsis.debugDescription), width \(width), \(file)"
                    let drawn = last.runs.reduce(0) { $0 + $1.width }
                    #expect(abs(last.width - drawn) < 1e-6, "\(context): the line's width \(last.width) is not what it draws, \(drawn)")
                    // Within the width, unless even the ellipsis' first cluster alone is wider.
                    if last.runs.contains(where: { !$0.isEllipsis && !$0.glyphs.isEmpty }) {
                        keptBesideEllipsis += 1
                        #expect(drawn <= width + Layout.fitTolerance, "\(context): the truncated line draws \(drawn) px")
                    }
                }
            }
        }
        #expect(keptBesideEllipsis > 100)
    }

    @Test("truncate with an editor's maxHeight keeps the lines within it (insets counted), and the editor's heights use them")
    func clampsByHeight() throws {
        let prepared = try PreparedText(Self.sentence, style: Self.style(ParagraphStyle(truncate: .end)))
        let lineHeight = prepared.style.font.metrics.lineHeight(size: 17)
        let sizing = EditorSizing(lineSpace: 2, insets: EdgeInsets(top: 4, left: 0, bottom: 4, right: 0),
                                  maxHeight: 8 + 2 * lineHeight + 2 + 1)
        let measured = try prepared.measureEditor(editorWidth: 150, sizing: sizing)
        #expect(measured.lineCount == 2 && measured.layout.truncation != nil)
        #expect(abs(measured.height - (8 + 2 * lineHeight + 2)) < 1e-9 && !measured.isScrollable)
        let heightOnly = try prepared.editorHeight(editorWidth: 150, sizing: sizing)
        #expect(heightOnly.height == measured.height && heightOnly.lineCount == 2)
        // Without `truncate`, maxHeight only caps the editor, which scrolls.
        let plain = try PreparedText(Self.sentence, style: Self.style(ParagraphStyle())).measureEditor(editorWidth: 150, sizing: sizing)
        #expect(plain.lineCount > 2 && plain.isScrollable && plain.layout.truncation == nil)
    }

    @Test("start and middle cuts of one line keep the text's end; Pango's cut points on the corpus (also in the goldens)")
    func startAndMiddle() throws {
        let text = "These fields declare relationships between the source package and packages used to build it. They are discussed in the deb-src-control(5) manpage."
        // Pango 1.50, DejaVu Sans 17 px, width 240, height -1: start hides 0..121, middle 13..135.
        let start = try PreparedText(text, style: Self.style(ParagraphStyle(lineClamp: 1, truncate: .start))).layout(wrapWidth: 240)
        #expect(start.truncation?.hiddenRange == 0..<121 && start.lines[0].utf16Range == 0..<text.utf16.count)
        #expect(start.lines[0].runs.first?.isEllipsis == true)
        let middle = try PreparedText(text, style: Self.style(ParagraphStyle(lineClamp: 1, truncate: .middle))).layout(wrapWidth: 240)
        #expect(middle.truncation?.hiddenRange == 13..<135)
        #expect(middle.lines[0].runs.map(\.isEllipsis) == [false, true, false])
    }

    @Test("an edit of a clamped text gives the layout a fresh one does")
    func editRelayout() throws {
        let style = try Self.style(ParagraphStyle(lineClamp: 2, truncate: .middle))
        let before = try PreparedText(Self.sentence, style: style)
        let layout = try before.layout(wrapWidth: 150)
        let (after, edit) = try before.replacingCharacters(inUTF16: 6..<12, with: "")
        #expect(try layout.updated(for: after, after: edit) == (try after.layout(wrapWidth: 150)))
    }

    @Test("bad values name their key and what is allowed")
    func badInput() throws {
        let font = try bundledFont("DejaVuSans.ttf")
        let clamp = layoutError { try TextStyle(font: font, settings: TextSettings(paragraph: ParagraphStyle(lineClamp: 0))) }
        #expect(clamp?.code == .invalidArgument && clamp?.message == "lineClamp must be a whole number of lines, at least 1, got 0")
        let ellipsis = layoutError { try TextStyle(font: font, settings: TextSettings(paragraph: ParagraphStyle(ellipsis: "a\nb"))) }
        #expect(ellipsis?.code == .invalidArgument && ellipsis?.message.hasPrefix("ellipsis must be one line of text") == true)
        #expect(throws: BoundaryError.self) { try LayoutRequest(job: parseJSON(#"{"text": "x", "truncate": "sideways"}"#)) }
        do {
            _ = try LayoutRequest(job: parseJSON(#"{"text": "x", "truncate": "sideways"}"#))
        } catch let error as BoundaryError {
            #expect(error.message == "'truncate' must be one of end, start, middle, got 'sideways'")
        }
        do {
            _ = try LayoutRequest(job: parseJSON(#"{"text": "x", "lineClamp": 1.5}"#))
            Issue.record("a fractional lineClamp was accepted")
        } catch let error as BoundaryError {
            #expect(error.message.contains("lineClamp"))
        }
    }

    @Test("the batch result reports hidden lines only when asked, and the hidden range and ellipsis box when text is hidden")
    func batchOutput() throws {
        let path = try #require(FontContext.bundledFontPath("DejaVuSans.ttf"))
        func result(_ extra: String) throws -> String {
            let job = try LayoutRequest(job: parseJSON(#"{"text": "\#(Self.sentence)", "width": 150, "insets": {"top": 3, "left": 5, "bottom": 0, "right": 0}\#(extra)}"#))
            return try job.measure(font: try bundledFonts.font(path: path), in: bundledFonts).json([])
        }
        let plain = try result("")
        #expect(!plain.contains("hiddenLines") && !plain.contains("truncated"))
        #expect(try result(#", "lineClamp": 9"#).contains(#""hiddenLines":0,"lines""#))
        let clamped = try result(#", "lineClamp": 1"#)
        let layout = try PreparedText(Self.sentence, style: Self.style(ParagraphStyle(lineClamp: 1))).layout(wrapWidth: 145)
        let rect = try #require(layout.ellipsisRect)
        let hidden = try #require(layout.truncation?.hiddenRange)
        #expect(clamped.contains(#""hiddenLines":\#(layout.truncation!.hiddenLineCount),"truncated":{"start":\#(hidden.lowerBound),"end":\#(Self.sentence.utf16.count)}"#), "\(clamped)")
        #expect(clamped.contains(#""ellipsis":{"line":0,"x":\#(rect.x + 5),"y":3,"#), "\(clamped)")
    }
}
