// Selection rectangles across lines and directions, and caret movement: on screen by grapheme, by word, to line ends, up and down.
import Testing
import TextLayout

@Suite("Selection rectangles")
struct SelectionTests {
    func x(_ layout: Layout, _ offset: Int, _ affinity: CaretAffinity = .downstream) -> Double {
        layout.caretRect(forUTF16Offset: offset, affinity: affinity).x
    }

    @Test("a range on one line of one direction is one rectangle between its carets", arguments: [
        ("Hello, world", 2, 9), ("שלום עולם", 1, 7), ("設定ファイルを新しい", 3, 8), ("Hi 👨‍👩‍👧‍👦 and 👍🏾", 3, 18),
    ])
    func oneLine(_ text: String, _ start: Int, _ end: Int) throws {
        let layout = try geometryLayout(text)
        let line = layout.lines[0]
        let (a, b) = (x(layout, start), x(layout, end))
        let rects = layout.selectionRects(forUTF16Range: start..<end)
        #expect(rects.count == 1)
        #expect(abs(rects[0].x - min(a, b)) < 1e-9 && abs(rects[0].maxX - max(a, b)) < 1e-9)
        #expect(rects[0].y == line.top && rects[0].height == line.height)
        let text16 = text.utf16
        let range = text16.index(text16.startIndex, offsetBy: start)..<text16.index(text16.startIndex, offsetBy: end)
        #expect(layout.selectionRects(for: range) == rects)
    }

    @Test("across wrapped lines: from the start caret to the line's end, whole lines, then to the end caret", arguments: [
        ("alpha beta gamma delta epsilon zeta", "DejaVuSans.ttf", false),
        ("في البدء كان الكلمة والكلمة كان عند الله", "NotoSansArabic-Regular.ttf", true),
    ])
    func acrossLines(_ text: String, _ font: String, _ rightToLeft: Bool) throws {
        let layout = try geometryLayout(text, font: font, width: 120)
        let lines = layout.lines
        #expect(lines.count >= 3)
        let start = 2
        let end = lines[lines.count - 1].utf16Range.lowerBound + 2
        let rects = layout.selectionRects(forUTF16Range: start..<end)
        #expect(rects.count == lines.count)
        for (k, rect) in rects.enumerated() {
            #expect(rect.y == lines[k].top && rect.height == lines[k].height)
            // The line's glyphs reach from its leading edge to its trailing edge (hanging spaces included, clipped to the box).
            let origin = layout.lineOrigin(lines[k])
            let advance = lines[k].runs.reduce(0) { $0 + $1.width }
            let (left, right) = (max(0, origin), min(120, origin + advance))
            let lead = k == 0 ? x(layout, start) : (rightToLeft ? right : left)
            let trail = k == lines.count - 1 ? x(layout, end) : (rightToLeft ? left : right)
            #expect(abs(rect.x - min(lead, trail)) < 1e-9, "line \(k)")
            #expect(abs(rect.maxX - max(lead, trail)) < 1e-9, "line \(k)")
        }
    }

    @Test("a range that bidi reordering splits gives a rectangle for each piece")
    func splitByDirection() throws {
        let layout = try geometryLayout("abc שלום def")
        let runs = layout.lines[0].runs
        // "c", " ", "ש", "ל": the Latin part ends where the Hebrew run starts; ש and ל are that run's right end.
        let rects = layout.selectionRects(forUTF16Range: 2..<6)
        #expect(rects.count == 2)
        #expect(abs(rects[0].x - x(layout, 2)) < 1e-9 && abs(rects[0].maxX - runs[1].x) < 1e-9)
        #expect(abs(rects[1].x - x(layout, 6)) < 1e-9 && abs(rects[1].maxX - (runs[1].x + runs[1].width)) < 1e-9)
        // The whole line is one rectangle.
        let all = layout.selectionRects(forUTF16Range: 0..<12)
        #expect(all.count == 1 && all[0].x == 0 && abs(all[0].width - layout.lines[0].width) < 1e-9)
        // In a right-to-left line with a number: the number and the space before it (logically) are apart on screen.
        let hebrew = try geometryLayout("שלום 123 עולם")
        let pieces = hebrew.selectionRects(forUTF16Range: 3..<6)  // "ם", " ", "1"
        #expect(pieces.count == 2)
        #expect(pieces.allSatisfy { $0.width > 0 })
    }

    @Test("a selected hard break shows as a space's width at its line's end; a selected empty line too", arguments: [
        ("ab\n\ncd", false), ("שלום\n\nעולם", true),
    ])
    func selectedBreaks(_ text: String, _ rightToLeft: Bool) throws {
        let layout = try geometryLayout(text, width: 200)
        let space = 20 * Double(layout.prepared.style.font.spaceAdvance) / Double(layout.prepared.style.font.metrics.unitsPerEm)
        let rects = layout.selectionRects(forUTF16Range: 0..<text.utf16.count)
        #expect(rects.count == 3)
        let first = layout.lines[0]
        #expect(abs(rects[0].width - (first.width + space)) < 1e-9)
        #expect(abs(rects[1].width - space) < 1e-9)
        #expect(rects[1].x == (rightToLeft ? 200 - space : 0), "the empty line takes the paragraph's side")
        #expect(abs(rects[2].width - layout.lines[2].width) < 1e-9, "the last line has no break")
        #expect(layout.selectionRects(forUTF16Range: 0..<2).count == 1)
    }
}

@Suite("Caret movement")
struct CaretMovementTests {
    /// Presses `movement` until the caret stops moving (at most `limit` times); the carets passed, the start included.
    func walk(_ layout: Layout, from caret: TextCaret, _ movement: CaretMovement, limit: Int = 500) -> [TextCaret] {
        var carets = [caret]
        while carets.count < limit {
            let next = layout.caret(movement, from: carets[carets.count - 1])
            if next == carets[carets.count - 1] { break }
            carets.append(next)
        }
        return carets
    }

    @Test("left and right move one grapheme cluster on screen, in any direction", arguments: [
        "Hello, wörld", "مرحبا بالعالم", "שלום 123 עולם", "abc שלום def", "設定ファイルを", "Hi 👨‍👩‍👧‍👦 and 🇧🇷",
        "The greeting مرحبا بالعالم means hello", "עברית (12:30) ok",
    ])
    func visualSteps(_ text: String) throws {
        let layout = try geometryLayout(text)
        let count = text.count
        let leftmost = layout.caret(atX: -1, y: 1)
        let rightward = walk(layout, from: leftmost, .right)
        #expect(rightward.count == count + 1, "one stop per cluster edge on screen")
        let xs = rightward.map { layout.caretRect(for: $0).x }
        #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 < $1 }, "always to the right: \(xs)")
        #expect(abs(xs[xs.count - 1] - layout.caretRect(for: layout.caret(atX: 1000, y: 1)).x) < 1e-9)
        let leftward = walk(layout, from: rightward[rightward.count - 1], .left)
        #expect(leftward.map { layout.caretRect(for: $0).x } == xs.reversed())
        // Every offset is reached one way or the other (at a direction boundary, an offset is
        // reached by crossing the cluster it belongs to, from one side only).
        #expect(Set(rightward.map(\.offset) + leftward.map(\.offset)) == Set(graphemeOffsets(text)))
    }

    @Test("moving on in reading order crosses soft wraps and hard breaks once each", arguments: [
        ("alpha beta gamma delta\nepsilon zeta", "DejaVuSans.ttf", CaretMovement.right),
        ("في البدء كان الكلمة\nوالكلمة كان عند الله", "NotoSansArabic-Regular.ttf", .left),
    ])
    func acrossLines(_ text: String, _ font: String, _ forward: CaretMovement) throws {
        let layout = try geometryLayout(text, font: font, width: 110)
        #expect(layout.lineCount >= 4)
        let carets = walk(layout, from: TextCaret(offset: 0), forward)
        #expect(carets.map(\.offset) == graphemeOffsets(text), "every boundary once, in order")
        let back: CaretMovement = forward == .right ? .left : .right
        #expect(walk(layout, from: carets[carets.count - 1], back).map(\.offset) == graphemeOffsets(text).reversed())
    }

    @Test("by word: to the end of the next word, the start of the one before, then across paragraphs", arguments: [
        ("Hello, big world.", CaretMovement.wordRight, 0, [5, 10, 16, 17]),
        ("Hello, big world.", .wordLeft, 17, [11, 7, 0]),
        ("one two\nthree", .wordRight, 4, [7, 13]),
        ("one two\nthree", .wordLeft, 8, [4, 0]),
        ("שלום עולם", .wordLeft, 0, [4, 9]),  // right to left: left is onwards
        ("שלום עולם", .wordRight, 9, [5, 0]),
        ("設定ファイルを新しいバージョン", .wordRight, 0, [2, 6, 7, 10, 15]),
    ])
    func byWord(_ text: String, _ movement: CaretMovement, _ start: Int, _ stops: [Int]) throws {
        let layout = try geometryLayout(text)
        #expect(walk(layout, from: TextCaret(offset: start), movement).dropFirst().map(\.offset) == stops)
    }

    @Test("to the line's start and end")
    func lineEnds() throws {
        let layout = try geometryLayout("alpha beta gamma delta epsilon", width: 120)
        let line = layout.lines[1]
        let middle = TextCaret(offset: line.utf16Range.lowerBound + 2)
        let start = layout.caret(.lineStart, from: middle)
        let end = layout.caret(.lineEnd, from: middle)
        #expect(start == TextCaret(offset: line.utf16Range.lowerBound))
        #expect(end == TextCaret(offset: line.utf16Range.upperBound, affinity: .upstream))
        #expect(layout.caretRect(for: end).y == line.top, "the end stays on its line")
        #expect(layout.caret(.lineStart, from: end) == start)
    }

    @Test("up and down keep the goal x across a short line; past the first or last line, to the text's ends")
    func vertical() throws {
        let text = "a first line that is long\nab\nanother long line here"
        let layout = try geometryLayout(text, width: nil)
        let from = TextCaret(offset: 15)
        let goal = layout.caretRect(for: from).x
        let short = layout.caret(.down, from: from, goalX: goal)
        #expect(short == TextCaret(offset: 28, affinity: .upstream), "the end of \"ab\"")
        let below = layout.caret(.down, from: short, goalX: goal)
        #expect(layout.lineIndex(for: below) == 2)
        #expect(abs(layout.caretRect(for: below).x - goal) < 8, "the nearest boundary to the goal")
        #expect(layout.caret(.up, from: below, goalX: goal) == short)
        #expect(layout.caret(.up, from: from) == TextCaret(offset: 0))
        #expect(layout.caret(.down, from: below).offset == text.utf16.count)
        // Without a goal, the caret's own x.
        #expect(layout.caret(.up, from: below) == layout.caret(atX: layout.caretRect(for: below).x, onLine: 1))
    }
}
