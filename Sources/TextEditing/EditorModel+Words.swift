// Word and paragraph editing: deleting a word back or forward or to the line's start, selecting a word or a paragraph (ICU word boundaries, in logical order, on grapheme boundaries).
import TextLayout

/// What an ICU word segment of a paragraph holds.
enum WordSegmentKind: Equatable {
    /// A letter or a digit: a word.
    case word
    /// Only white space.
    case space
    /// Punctuation, symbols and the like.
    case other
}

extension EditorModel {
    /// Deletes `count` words before the caret, as option-backspace: each press deletes back to
    /// the start of the word before the caret (ICU word boundaries; a word holds a letter or a
    /// digit), taking the spaces and punctuation between with it; at a paragraph's start, the hard
    /// break before. The first press deletes the selection when there is one. In a secure field a
    /// press deletes to the paragraph's start, as platforms do. One undo group.
    @discardableResult
    public func deleteWordBackward(_ count: Int = 1) -> EditOutcome {
        deleteWords(count, forward: false)
    }

    /// Deletes `count` words after the caret, as option-forward-delete: to the end of the word
    /// after the caret (see ``deleteWordBackward(_:)``); at a paragraph's end, the hard break after.
    @discardableResult
    public func deleteWordForward(_ count: Int = 1) -> EditOutcome {
        deleteWords(count, forward: true)
    }

    /// Deletes from the caret back to the start of its line on screen (a wrapped line's start,
    /// not the paragraph's), as command-backspace; at a line's start, the grapheme cluster (or
    /// hard break) before. The selection when there is one. One undo group.
    @discardableResult
    public func deleteToLineStart() -> EditOutcome {
        perform {
            guard isEnabled else { return .rejected }
            let selection = selectedRange
            var lower = selection.lowerBound
            if selection.isEmpty {
                let lineStart = measurement.layout.caret(.lineStart, from: displayCaret)
                lower = text.characterIndex(atOrBeforeUTF16Offset: display.map.typedOffset(ofDisplay: lineStart.offset))
                if lower >= caretIndex { lower = caretIndex > text.startIndex ? text.index(before: caretIndex) : caretIndex }
            }
            return recordingUndo(.own) { delete(lower..<selection.upperBound) }
        }
    }

    /// Selects the word at `index` (a double tap): the ICU word segment that holds the character
    /// after it, or the word that ends there; a run of spaces, or of punctuation, is selected
    /// whole. In an empty paragraph the caret goes there. In a secure field, the whole paragraph.
    /// - Precondition: `index` is an index of ``text``.
    @discardableResult
    public func selectWord(at index: String.Index) -> EditOutcome {
        select(at: index, wordRange(at:))
    }

    /// Selects the word at a UTF-16 offset (see ``selectWord(at:)``).
    /// - Throws: ``EditorError`` `.invalidArgument` when the offset is outside the text; nothing changes.
    @discardableResult
    public func selectWord(atUTF16Offset offset: Int) throws(EditorError) -> EditOutcome {
        selectWord(at: try index(atUTF16Offset: offset))
    }

    /// Selects the word where a double tap at (`x`, `y`) lands, in the editor's box as ``tap(x:y:extendingSelection:)``.
    @discardableResult
    public func selectWord(atX x: Double, y: Double) -> EditOutcome {
        selectWord(at: typedIndex(atX: x, y: y))
    }

    /// Selects the paragraph at `index` (a triple tap): from the hard break before it to the one
    /// after it, that break included.
    /// - Precondition: `index` is an index of ``text``.
    @discardableResult
    public func selectParagraph(at index: String.Index) -> EditOutcome {
        select(at: index) { offset in
            let paragraph = paragraph(containing: offset)
            return paragraph.start..<paragraph.next
        }
    }

    /// Selects the paragraph at a UTF-16 offset (see ``selectParagraph(at:)``).
    /// - Throws: ``EditorError`` `.invalidArgument` when the offset is outside the text; nothing changes.
    @discardableResult
    public func selectParagraph(atUTF16Offset offset: Int) throws(EditorError) -> EditOutcome {
        selectParagraph(at: try index(atUTF16Offset: offset))
    }

    /// Selects the paragraph where a triple tap at (`x`, `y`) lands.
    @discardableResult
    public func selectParagraph(atX x: Double, y: Double) -> EditOutcome {
        selectParagraph(at: typedIndex(atX: x, y: y))
    }

    /// Deletes `count` words back or forward (see ``deleteWordBackward(_:)``).
    private func deleteWords(_ count: Int, forward: Bool) -> EditOutcome {
        perform {
            guard isEnabled else { return .rejected }
            guard count > 0 else { return .accepted }
            let selection = selectedRange
            var steps = selection.isEmpty ? count : count - 1
            var end = text.utf8Offset(of: forward ? selection.upperBound : selection.lowerBound)
            while steps > 0 {
                end = wordBoundary(from: end, forward: forward)
                steps -= 1
            }
            let index = text.index(atUTF8Offset: end)
            return recordingUndo(.own) { delete(forward ? selection.lowerBound..<index : index..<selection.upperBound) }
        }
    }

    /// Selects the range `unit` gives for the UTF-8 offset of `index` (rounded down to a grapheme boundary).
    private func select(at index: String.Index, _ unit: (Int) -> Range<Int>) -> EditOutcome {
        perform {
            guard isEnabled else { return .rejected }
            select(unit(text.utf8Offset(of: characterBoundary(atOrBefore: index))))
            return .accepted
        }
    }

    /// Selects a UTF-8 range of the text, the caret at its end.
    private func select(_ range: Range<Int>) {
        select(UTF8Selection(anchor: range.lowerBound, caret: range.upperBound))
        caretAffinity = .downstream
    }

    /// The index of the typed text where a tap at (`x`, `y`) in the editor's box puts the caret.
    private func typedIndex(atX x: Double, y: Double) -> String.Index {
        let caret = displayCaret(atX: x, y: y)
        return text.characterIndex(atOrBeforeUTF16Offset: display.map.typedOffset(ofDisplay: caret.offset))
    }

    /// Where a word deletion from UTF-8 offset `offset` ends: the start of the word before it (or
    /// its paragraph's start), the end of the word after it (or its paragraph's end); across the
    /// hard break when `offset` is at the paragraph's edge already.
    private func wordBoundary(from offset: Int, forward: Bool) -> Int {
        let paragraphs = self.paragraphs
        let paragraph = Self.paragraph(containing: offset, in: paragraphs)
        let words = wordSegments(of: paragraph).filter { $0.kind == .word }.map(\.range)
        if forward {
            if offset == paragraph.end { return paragraph.next }
            return words.first { $0.upperBound > offset }?.upperBound ?? paragraph.end
        }
        if offset == paragraph.start {
            return paragraphs.last { $0.end < offset }?.end ?? 0
        }
        return words.last { $0.lowerBound < offset }?.lowerBound ?? paragraph.start
    }

    /// The UTF-8 range of the word, or the run of spaces or of punctuation, at `offset` (see ``selectWord(at:)``).
    private func wordRange(at offset: Int) -> Range<Int> {
        let paragraph = paragraph(containing: offset)
        guard !configuration.secure else { return paragraph.start..<paragraph.end }
        let segments = wordSegments(of: paragraph)
        guard let found = segments.firstIndex(where: { $0.range.contains(offset) || $0.range.upperBound == offset && $0.kind == .word })
                ?? segments.indices.last else { return offset..<offset }
        let kind = segments[found].kind
        guard kind != .word else { return segments[found].range }
        var first = found
        while first > 0, segments[first - 1].kind == kind { first -= 1 }
        var last = found
        while last + 1 < segments.count, segments[last + 1].kind == kind { last += 1 }
        return segments[first].range.lowerBound..<segments[last].range.upperBound
    }

    /// The paragraphs of the text (UTF-8 offsets, between hard breaks).
    private var paragraphs: [ParagraphRange] {
        var text = text
        return text.withUTF8 { splitParagraphs($0) }
    }

    /// The paragraph of the text that holds `offset`: the one it is in or at the end of.
    private func paragraph(containing offset: Int) -> ParagraphRange {
        Self.paragraph(containing: offset, in: paragraphs)
    }

    /// The paragraph of `paragraphs` that holds `offset`.
    private static func paragraph(containing offset: Int, in paragraphs: [ParagraphRange]) -> ParagraphRange {
        paragraphs.first { offset <= $0.end } ?? paragraphs[paragraphs.count - 1]
    }

    /// The ICU word segments of `paragraph`, as UTF-8 ranges of the text with what they hold; none
    /// in a secure field, whose words are not to be told apart.
    private func wordSegments(of paragraph: ParagraphRange) -> [(range: Range<Int>, kind: WordSegmentKind)] {
        guard !configuration.secure, paragraph.start < paragraph.end else { return [] }
        var text = text
        return text.withUTF8 { bytes in
            let ends = (try? boundaries(.word, in: bytes, range: paragraph.start..<paragraph.end)) ?? [paragraph.end]
            var start = paragraph.start
            return ends.map { end in
                let scalars = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self).unicodeScalars
                let kind: WordSegmentKind = scalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil } ? .word
                    : scalars.allSatisfy(\.properties.isWhitespace) ? .space : .other
                defer { start = end }
                return (start..<end, kind)
            }
        }
    }
}
