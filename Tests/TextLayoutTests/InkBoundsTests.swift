// Ink bounds and decoration through the Swift API: marks and emoji reach past the line box, blank lines ink nothing, decoration lines join the ink and change no measurement.
import Testing
import TestSupport
import TextLayout

@Suite("Ink bounds")
struct InkBoundsTests {
    static func font(_ file: String) throws -> Font {
        try bundledFonts.font(path: try #require(FontContext.bundledFontPath(file)))
    }

    /// `text` laid out unwrapped at 20 px, lines as tall as the size (CSS `line-height: 1`).
    static func layout(_ text: String, _ file: String, spans: [StyledSpan] = []) throws -> Layout {
        let style = try TextStyle(font: font(file), settings: TextSettings(size: 20)).withParagraph(ParagraphStyle(lineHeight: .multiple(1)))
        return try PreparedText(text, style: style, spans: spans).layout()
    }

    @Test("marks above and below (Thai, Devanagari) carry the ink past a tight line box, further than the bare letters", arguments: [
        ("ปั้น ฎุ ฐู", "กน ฎ ฐ", "NotoSansThai-Regular.ttf"),
        ("र्कि कु कृ", "क क क", "NotoSansDevanagari-Regular.ttf"),
    ])
    func marksPastTheLineBox(_ marked: String, _ bare: String, _ file: String) throws {
        let layout = try Self.layout(marked, file), plain = try Self.layout(bare, file)
        let line = layout.lines[0]
        let ink = try #require(layout.inkBounds(of: line)), bareInk = try #require(plain.inkBounds(of: plain.lines[0]))
        #expect(ink.y < line.top, "\(marked): the ink's top \(ink.y) is inside the line box from \(line.top)")
        #expect(ink.maxY > line.top + line.height, "\(marked): the ink's bottom \(ink.maxY) is inside the line box to \(line.top + line.height)")
        #expect(ink.y < bareInk.y - 2 && ink.maxY > bareInk.maxY + 2, "\(marked) inks \(ink), the letters alone \(bareInk)")
        // The line's ink is its runs' union, and the layout's the lines'.
        let runs = layout.glyphRuns(of: line).compactMap { layout.inkBounds(of: $0, on: line) }
        #expect(runs.dropFirst().reduce(runs[0]) { $0.union($1) } == ink)
        #expect(layout.inkBounds == ink)
        // Line.inkBounds says the same from the line's left edge; a layout made without runs has
        // none to read there, but builds them when the layout is asked.
        #expect(!line.runs.isEmpty && line.inkBounds?.offsetBy(dx: layout.lineOrigin(line), dy: 0) == ink)
        let runless = try PreparedText(marked, style: layout.prepared.style).layout(glyphRuns: false)
        #expect(runless.lines[0].runs.isEmpty && runless.lines[0].inkBounds == nil)
        #expect(runless.inkBounds(of: runless.lines[0]) == ink)
    }

    @Test("a colour emoji inks its picture's opaque box: within its advance, most of an em tall, reaching below the baseline")
    func emoji() throws {
        let layout = try Self.layout("a👍🏽", "DejaVuSans.ttf")
        let line = layout.lines[0]
        let emoji = try #require(layout.glyphRuns(of: line).first { $0.content.textFont.path.hasSuffix("NotoColorEmoji-subset.ttf") })
        let ink = try #require(emoji.inkBounds)
        #expect(ink.x > emoji.x && ink.maxX < emoji.x + emoji.width, "\(ink) inside the advance \(emoji.x)..<\(emoji.x + emoji.width)")
        #expect(ink.height > 0.8 * 20 && ink.height < 1.2 * 20, "\(ink)")
        #expect(ink.y < 0 && ink.maxY > 0, "above and below the baseline: \(ink)")
        // The picture's transparent margins are not ink: the box is narrower than the advance by more than a pixel.
        #expect(emoji.width - ink.width > 1)
        #expect(layout.inkBounds(of: line)?.y == layout.inkBounds(of: emoji, on: line)?.y, "the emoji is the line's tallest ink")
    }

    @Test("an empty line, a line of spaces and a layout of them ink nothing: nil", arguments: ["", "   ", "\u{3000}\t ", "a\n\nb"])
    func blank(_ text: String) throws {
        let layout = try Self.layout(text, "DejaVuSans.ttf")
        let blank = layout.lines.filter { String(layout.prepared.text[$0.range]).allSatisfy(\.isWhitespace) }
        #expect(!blank.isEmpty)
        for line in blank {
            #expect(layout.inkBounds(of: line) == nil)
            #expect(layout.glyphRuns(of: line).allSatisfy { $0.inkBounds == nil })
        }
        #expect((layout.inkBounds == nil) == (blank.count == layout.lineCount))
    }

    @Test("decoration lines are ink: an underlined run of spaces inks exactly its underline")
    func underlinedSpaces() throws {
        let layout = try Self.layout("a   b", "DejaVuSans.ttf", spans: [StyledSpan(range: 1..<4, decoration: .underline)])
        let line = layout.lines[0]
        let spaces = try #require(layout.glyphRuns(of: line).first { $0.utf16Range == 1..<4 })
        let metrics = try Self.font("DejaVuSans.ttf").decorationMetrics(size: 20)
        // DejaVu Sans: post underline at -40, 90 thick, at 2048 units per em.
        #expect(abs(metrics.underlinePosition - -40.0 * 20 / 2048) < 1e-9 && abs(metrics.underlineThickness - 90.0 * 20 / 2048) < 1e-9)
        let expected = LayoutRect(x: spaces.x, y: -metrics.underlinePosition, width: spaces.width, height: metrics.underlineThickness)
        #expect(spaces.decorationLineRects == [expected])
        #expect(spaces.inkBounds == expected)
        #expect(layout.inkBounds(of: spaces, on: line) == expected.offsetBy(dx: layout.lineOrigin(line), dy: line.baseline))
    }

    @Test("a span that only decorates changes no break, width, height or glyph", arguments: [TextDecoration.underline, .lineThrough, [.underline, .lineThrough]])
    func decorationChangesNoMeasurement(_ decoration: TextDecoration) throws {
        let text = "Decorated words wrap exactly as plain ones do, ligatures fi fl and kerning AVAT included, across several lines."
        let font = try Self.font("DejaVuSans.ttf")
        let spans = [StyledSpan(range: 10..<60, decoration: decoration), StyledSpan(range: 75..<79, decoration: decoration)]
        for width in [90.0, 150.0, 333.0] {
            let decorated = try PreparedText(text, style: TextStyle(font: font), spans: spans).layout(wrapWidth: width)
            let plain = try PreparedText(text, style: TextStyle(font: font)).layout(wrapWidth: width)
            #expect(decorated.lineCount > 1)
            #expect(decorated.lines.map(\.utf16Range) == plain.lines.map(\.utf16Range))
            #expect(decorated.lines.map(\.width) == plain.lines.map(\.width))
            #expect(decorated.lines.map(\.height) == plain.lines.map(\.height))
            #expect(decorated.contentHeight == plain.contentHeight)
            for (a, b) in zip(decorated.lines, plain.lines) {
                let runs = decorated.glyphRuns(of: a)
                #expect(runs.flatMap(\.glyphs) == plain.glyphRuns(of: b).flatMap(\.glyphs))
                #expect(runs.allSatisfy { $0.decoration == ($0.utf16Range.overlaps(10..<60) || $0.utf16Range.overlaps(75..<79) ? decoration : []) })
            }
        }
    }

    @Test("an inline object inks its whole box, wherever its alignment puts it; a space-only line with one inks just the object")
    func inlineObjectInk() throws {
        let style = try TextStyle(font: Self.font("DejaVuSans.ttf"), settings: TextSettings(size: 20))
        for align in InlineObjectAlignment.allCases {
            let layout = try PreparedText("  \u{FFFC}  ", style: style,
                                          inlineObjects: [InlineObject(width: 30, height: 44, align: align)]).layout()
            let frame = try #require(layout.inlineObjectFrames.first)
            // Spaces ink nothing, so the object's rectangle is the layout's whole ink.
            #expect(layout.inkBounds == frame.rect, "\(align): ink \(String(describing: layout.inkBounds)), object \(frame.rect)")
        }
        let empty = try PreparedText("a\u{FFFC}", style: style, inlineObjects: [InlineObject(width: 0, height: 0)]).layout()
        let letter = try PreparedText("a", style: style).layout()
        #expect(empty.inkBounds == letter.inkBounds, "an object without area inks nothing")
    }
}
