// Random texts in every script with random inline objects: the line model's invariants, relayout equal to a fresh layout, objects inside their line boxes, taps and selections over them.
import Testing
import TextLayout
import TestSupport

@Suite("Inline objects, random texts")
struct InlineObjectPropertyTests {
    /// A random text with U+FFFC put in at random places between its characters, and one random
    /// object for each (sizes 0 to 60 px, every alignment, a baseline of its own now and then).
    static func textWithObjects(_ rng: inout SplitMix) -> (String, [InlineObject]) {
        var characters = Array(RandomText.make(&rng, maxPieces: 24))
        for _ in 0..<Int.random(in: 1...6, using: &rng) {
            characters.insert("\u{FFFC}", at: Int.random(in: 0...characters.count, using: &rng))
        }
        let text = String(characters)
        let count = text.unicodeScalars.filter { $0 == "\u{FFFC}" }.count
        let objects = (0..<count).map { _ in
            InlineObject(width: Double.random(in: 0...60, using: &rng).rounded(), height: Double.random(in: 0...60, using: &rng),
                         align: InlineObjectAlignment.allCases.randomElement(using: &rng)!,
                         baseline: Bool.random(using: &rng) ? nil : Double.random(in: -10...70, using: &rng))
        }
        return (text, objects)
    }

    static func paragraph(_ rng: inout SplitMix) -> ParagraphStyle {
        ParagraphStyle(lineHeight: [LineHeight.normal, .multiple(1.5), .fixed(22)].randomElement(using: &rng)!,
                       strut: [Strut.none, .minimum, .forced].randomElement(using: &rng)!,
                       alignment: [TextAlignment.start, .center, .justify, .end].randomElement(using: &rng)!,
                       indent: [0, 10, -8].randomElement(using: &rng)!,
                       textWrap: [TextWrap.wrap, .wrap, .balance, .pretty].randomElement(using: &rng)!)
    }

    @Test("invariants hold, relayout equals a fresh layout, objects sit in their line boxes and taps land beside them", arguments: 0..<600)
    func randomObjects(seed: UInt64) throws {
        var rng = SplitMix(seed: 0x0B1EC7 + seed)
        let (text, objects) = Self.textWithObjects(&rng)
        let paragraph = Self.paragraph(&rng)
        let direction = [TextDirection.auto, .ltr, .rtl].randomElement(using: &rng)!
        let widths = [Double.random(in: 30...320, using: &rng), Double.random(in: 30...320, using: &rng)]
        let label = "seed \(seed): \(text.debugDescription) with \(objects), \(paragraph), \(direction), widths \(widths)"
        let style = try TextStyle(font: bundledFonts.font(path: try #require(FontContext.bundledFontPath("DejaVuSans.ttf"))),
                                  settings: TextSettings(direction: direction, paragraph: paragraph))
        let prepared = try PreparedText(text, style: style, inlineObjects: objects)
        let first = try prepared.layout(wrapWidth: widths[0])
        expectInvariants(first, label)
        let relaid = try prepared.layout(wrapWidth: widths[1])
        expectInvariants(relaid, label)
        let fresh = try PreparedText(text, style: style, inlineObjects: objects).layout(wrapWidth: widths[1])
        #expect(relaid == fresh, "relayout at a new width is a fresh layout: \(label)")
        #expect(relaid.inlineObjectFrames == fresh.inlineObjectFrames, "\(label)")

        let withoutRuns = try prepared.layout(wrapWidth: widths[1], glyphRuns: false)
        #expect(withoutRuns.inlineObjectFrames == relaid.inlineObjectFrames, "a layout without glyph runs places them the same: \(label)")
        #expect(try prepared.editorHeight(editorWidth: widths[1]).height == (try prepared.measureEditor(editorWidth: widths[1])).height,
                "the height-only path counts the objects: \(label)")

        let frames = relaid.inlineObjectFrames
        #expect(frames.count == objects.count, "no clamp: every object is placed: \(label)")
        #expect(frames.map(\.index) == Array(objects.indices))
        let offsets = text.utf16.indices.filter { text.utf16[$0] == 0xFFFC }.map { text.utf16.distance(from: text.utf16.startIndex, to: $0) }
        for frame in frames {
            let line = relaid.lines[frame.line]
            let box = frame.rect
            #expect(box.width == objects[frame.index].width && box.height == objects[frame.index].height, "\(label)")
            if paragraph.strut != .forced {
                #expect(box.y >= line.top - 1e-9 && box.y + box.height <= line.top + line.height + 1e-9,
                        "object \(frame.index) \(box) inside line \(frame.line) (top \(line.top), height \(line.height)): \(label)")
            }
            #expect(line.utf16Range.contains(offsets[frame.index]), "object \(frame.index) on the line that holds its U+FFFC: \(label)")
            guard box.width >= 4 else { continue }
            // A tap on the object's left or right half puts the caret on that side of it (after it
            // on the left when it is drawn right to left).
            let run = try #require(relaid.glyphRuns(of: line).first { $0.placedObject?.index == frame.index })
            let middleY = line.top + line.height / 2
            let left = relaid.caret(atX: box.x + box.width / 4, y: middleY).offset
            let right = relaid.caret(atX: box.x + box.width * 3 / 4, y: middleY).offset
            let (before, after) = run.isRightToLeft ? (right, left) : (left, right)
            #expect(before <= offsets[frame.index] && after > offsets[frame.index],
                    "object \(frame.index) at \(offsets[frame.index]): taps give \(left) and \(right): \(label)")
            // Its selection covers it across (selection rectangles stay within the width: an object
            // that overflows its line is covered where it is inside).
            guard box.x >= 0, box.x + box.width <= widths[1] else { continue }
            let rects = relaid.selectionRects(forUTF16Range: offsets[frame.index]..<(offsets[frame.index] + 1))
            #expect(rects.contains { $0.x <= box.x + 1e-6 && $0.x + $0.width >= box.x + box.width - 1e-6 },
                    "object \(frame.index) \(box) selected as \(rects): \(label)")
        }
    }
}
