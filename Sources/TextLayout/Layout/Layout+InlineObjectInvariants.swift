// The line model's invariants of inline objects, checked on a finished layout with the others (`Layout._checkInvariants()`).

extension Layout {
    /// Checks the inline objects of the layout:
    /// - Each object's U+FFFC starts a segment (a break opportunity is before it) or its paragraph.
    /// - Each object is drawn exactly once, by a run without glyphs over its U+FFFC, as wide and
    ///   tall as it is, on the line that holds it (unless a line clamp hid it).
    /// - Its place on the line is its alignment's: aligned to the text around it by
    ///   ``InlineObject/alignedBox(font:size:profile:)``, or to the line box's top or bottom; and unless
    ///   the strut is `forced`, the line box holds it.
    func checkInlineObjects(fail: (@autoclosure () -> String) -> Void) {
        // As its lines lay them out (turned in a column).
        let objects = prepared.inlineObjects.map { $0.laidOut(in: prepared.style.settings.writingMode) }
        for (k, offset) in prepared.objectTable.offsets.enumerated() {
            let paragraph = prepared.paragraphs[prepared.paragraphIndex(holdingByte: offset)]
            if offset != paragraph.range.start, !paragraph.isSegmentStart(offset) {
                fail("inline object \(k) at byte \(offset) is not after a break opportunity")
            }
        }
        var drawn = [Int](repeating: 0, count: objects.count)
        for (l, line) in linesWithGlyphRuns.enumerated() {
            for run in line.runs {
                let placed: PlacedInlineObject
                switch run.content {
                case .text: continue
                case .inlineObject(let object, _): placed = object
                }
                guard placed.index >= 0, placed.index < objects.count else {
                    fail("line \(l) has a run for inline object \(placed.index), which does not exist")
                    continue
                }
                drawn[placed.index] += 1
                let offset = prepared.objectTable.offsets[placed.index]
                let object = objects[placed.index]
                if !run.glyphs.isEmpty || run.utf16Range.count != 1 || !line.byteRange.contains(offset)
                    || run.utf16Range.lowerBound != prepared.utf16Offset(ofByte: offset) {
                    fail("line \(l)'s run for inline object \(placed.index) has \(run.glyphs.count) glyphs at \(run.utf16Range), not its U+FFFC alone")
                }
                if placed.width != object.width || placed.height != object.height {
                    fail("line \(l) draws inline object \(placed.index) \(placed.width) × \(placed.height) px, not \(object.width) × \(object.height)")
                }
                checkPlace(of: object, placed, run, on: line, l, fail: fail)
            }
        }
        let hidden = truncation?.hiddenRange
        for (k, count) in drawn.enumerated() where count != 1 {
            let isHidden = hidden.map { $0.contains(prepared.utf16Offset(ofByte: prepared.objectTable.offsets[k])) } ?? false
            if !(isHidden && count == 0) { fail("inline object \(k) is drawn \(count) times") }
        }
    }

    /// Checks where an object's run puts it on its line: its alignment's place, inside the line
    /// box unless the strut is forced.
    private func checkPlace(of object: InlineObject, _ placed: PlacedInlineObject, _ run: GlyphRun, on line: Line, _ l: Int,
                            fail: (@autoclosure () -> String) -> Void) {
        let box = LineBox(above: line.baseline - line.top, height: line.height)
        let expected = object.ascent(in: box, font: run.content.textFont, size: run.size, profile: prepared.style.settings.profile)
        let tolerance = 1e-9 * max(1, line.height, object.height)
        if abs(placed.ascent - expected) > tolerance {
            fail("line \(l) puts inline object \(placed.index) (\(object.align)) \(placed.ascent) px above its baseline, not \(expected)")
        }
        guard prepared.style.settings.paragraph.strut != .forced else { return }
        if placed.ascent > box.above + tolerance || object.height - placed.ascent > box.below + tolerance {
            fail("line \(l)'s box (\(box.above) above its baseline, \(box.below) below) does not hold inline object \(placed.index)")
        }
    }
}
