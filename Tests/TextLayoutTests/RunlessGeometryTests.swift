// Caret, selection and hit-testing geometry of a layout made without glyph runs equals that of the same layout with them.
import Testing
import TextLayout

@Suite("Geometry without glyph runs")
struct RunlessGeometryTests {
    static let texts: [(String, String)] = scriptRows.map { ($0.text, $0.font) } + [
        ("Hello world, this wraps over\tseveral lines with tabs", "DejaVuSans.ttf"),
        ("abc שלום עולם def 123 مرحبا", "DejaVuSans.ttf"),
        ("Supercalifragilisticexpialidocious   cut\nsecond paragraph\n\nafter an empty line", "DejaVuSans.ttf"),
        ("مرحبا بالعالم وهذا نص طويل يلتف", "NotoSansArabic-Regular.ttf"),
        ("super\u{AD}cali\u{AD}fragilistic\u{AD}expiali\u{AD}docious", "DejaVuSans.ttf"),
    ]

    func expectSameGeometry(_ withRuns: Layout, _ without: Layout, _ text: String) {
        #expect(without.lines.allSatisfy { $0.runs.isEmpty }, "the height-only path builds no runs")
        #expect(without.lineCount == withRuns.lineCount)
        let offsets = graphemeOffsets(text)
        for offset in offsets {
            for affinity in CaretAffinity.allCases {
                let caret = TextCaret(offset: offset, affinity: affinity)
                #expect(without.caretRect(for: caret) == withRuns.caretRect(for: caret), "caret at \(offset) \(affinity)")
                for movement in [CaretMovement.left, .right, .wordLeft, .wordRight, .lineStart, .lineEnd, .up, .down] {
                    #expect(without.caret(movement, from: caret) == withRuns.caret(movement, from: caret), "\(movement) from \(offset)")
                }
            }
        }
        for (a, b) in zip(offsets, offsets.dropFirst(2)) {
            #expect(without.selectionRects(forUTF16Range: a..<b) == withRuns.selectionRects(forUTF16Range: a..<b))
        }
        #expect(without.selectionRects(forUTF16Range: 0..<text.utf16.count) == withRuns.selectionRects(forUTF16Range: 0..<text.utf16.count))
        for (line, runless) in zip(withRuns.lines, without.lines) {
            #expect(without.lineOrigin(runless) == withRuns.lineOrigin(line))
            for x in stride(from: -5.0, through: withRuns.alignmentWidth + 5, by: 3.7) {
                let y = line.top + line.height / 2
                #expect(without.caret(atX: x, y: y) == withRuns.caret(atX: x, y: y), "tap at \(x), \(y)")
            }
        }
    }

    @Test("carets, movements, selections and taps agree", arguments: texts.indices, [nil, 90.0, 200])
    func agree(index: Int, width: Double?) throws {
        let (text, font) = Self.texts[index]
        let prepared = try PreparedText(text, style: try TextStyle(font: isolatedFont(font), settings: TextSettings(size: 20)))
        let withRuns = try prepared.layout(wrapWidth: width, lineSpace: 2)
        let without = try prepared.layout(wrapWidth: width, lineSpace: 2, glyphRuns: false)
        // Not trivially equal: the text has carets away from x = 0.
        #expect(graphemeOffsets(text).contains { withRuns.caretRect(forUTF16Offset: $0).x > 10 })
        expectSameGeometry(withRuns, without, text)
    }

    @Test("a runless layout brought up to date after an edit agrees with a fresh layout with runs")
    func afterEdit() throws {
        let (text, font) = Self.texts[6]
        let prepared = try PreparedText(text, style: try TextStyle(font: isolatedFont(font), settings: TextSettings(size: 20)))
        let without = try prepared.layout(wrapWidth: 120, glyphRuns: false)
        let (edited, edit) = try prepared.replacingCharacters(inUTF16: 5..<5, with: " there, friend")
        let updated = try without.updated(for: edited, after: edit)
        expectSameGeometry(try edited.layout(wrapWidth: 120), updated, edited.text)
    }
}
