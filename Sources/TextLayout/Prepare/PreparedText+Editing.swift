// Editing a prepared text: only the paragraphs an edit touches are shaped again; the others are reused or shifted.

/// What an edit changed, for bringing a layout of the old text up to date (see
/// ``Layout/updated(for:after:)``).
public struct TextEdit: Sendable, Equatable {
    /// The replaced range of the old text, in UTF-8 bytes and in UTF-16 code units.
    public let oldBytes: Range<Int>
    public let oldUTF16: Range<Int>
    /// The length of the replacement, in UTF-8 bytes and in UTF-16 code units.
    public let newByteCount: Int
    public let newUTF16Count: Int
    /// The old paragraphs `firstParagraph ..< firstParagraph + oldParagraphCount` became the new
    /// paragraphs `firstParagraph ..< firstParagraph + newParagraphCount`; the others are the same
    /// text (those after it shifted by the edit).
    public let firstParagraph: Int
    public let oldParagraphCount: Int
    public let newParagraphCount: Int

    var byteDelta: Int { newByteCount - oldBytes.count }
    var utf16Delta: Int { newUTF16Count - oldUTF16.count }
}

extension PreparedText {
    /// The text with `range` (UTF-16 offsets) replaced by `replacement`, prepared again only where
    /// the edit reaches: the paragraphs it touches are shaped anew, the ones before are reused and
    /// the ones after are shifted, without shaping.
    /// - Throws: ``LayoutError`` `.invalidArgument` when the range is outside the text or splits a
    ///   surrogate pair.
    public func replacingCharacters(inUTF16 range: Range<Int>, with replacement: String) throws -> (text: PreparedText, edit: TextEdit) {
        let utf16Count = text.utf16.count
        guard range.lowerBound >= 0, range.upperBound <= utf16Count else {
            throw LayoutError(.invalidArgument, "the range \(range.lowerBound)..<\(range.upperBound) is outside the text's \(utf16Count) UTF-16 code units")
        }
        let lower = String.Index(utf16Offset: range.lowerBound, in: text)
        let upper = String.Index(utf16Offset: range.upperBound, in: text)
        guard lower.samePosition(in: text.unicodeScalars) != nil, upper.samePosition(in: text.unicodeScalars) != nil else {
            throw LayoutError(.invalidArgument, "the range \(range.lowerBound)..<\(range.upperBound) splits a surrogate pair")
        }
        return try replacingCharacters(in: lower..<upper, with: replacement)
    }

    /// The text with `range` replaced by `replacement` (see ``replacingCharacters(inUTF16:with:)``).
    public func replacingCharacters(in range: Range<String.Index>, with replacement: String) throws -> (text: PreparedText, edit: TextEdit) {
        let a = text.utf8.distance(from: text.startIndex, to: range.lowerBound)
        let b = text.utf8.distance(from: text.startIndex, to: range.upperBound)
        var newText = text
        newText.replaceSubrange(range, with: replacement)
        let newBytes = Array(newText.utf8)
        guard newBytes.count <= Self.maximumLength else {
            throw LayoutError(.invalidText, "the text would be \(newBytes.count) bytes of UTF-8; at most \(Self.maximumLength) are allowed")
        }
        let delta = newBytes.count - bytes.count
        let oldUTF16Start = text.utf16.distance(from: text.startIndex, to: range.lowerBound)
        let oldUTF16End = oldUTF16Start + text[range].utf16.count
        let newSpans = Self.adjust(spans, replacing: oldUTF16Start..<oldUTF16End, with: replacement.utf16.count)
        let newResolved = try Self.resolve(newSpans, bytes: newBytes, style: style)
        // The old paragraphs the edit reaches: from the one holding its start to the one holding
        // its end (an edit that ends right after a hard break joins the next paragraph too).
        // An edit right after a CR reaches back into the CR's paragraph: an LF inserted there
        // turns two breaks (CR, LF) into one (CR LF).
        let reach = a > 0 && bytes[a - 1] == 0x0D ? a - 1 : a
        let first = paragraphs.lastIndex { $0.range.start <= reach } ?? 0
        let last = paragraphs.lastIndex { $0.range.start <= b } ?? first
        let regionStart = paragraphs[first].range.start
        let oldRegionEnd = paragraphs[last].range.next
        let newRegionEnd = oldRegionEnd + delta
        let style = self.style
        let region: [PreparedParagraph] = try newBytes.withUnsafeBufferPointer { buffer in
            var ranges = splitParagraphs(UnsafeBufferPointer(rebasing: buffer[regionStart..<newRegionEnd])).map {
                ParagraphRange(start: $0.start + regionStart, end: $0.end + regionStart, next: $0.next + regionStart)
            }
            // When an untouched paragraph follows, it starts where the region ends: the empty
            // paragraph the split puts there is that one, not a new one.
            if last + 1 < paragraphs.count, ranges.count > 1, ranges[ranges.count - 1].start == newRegionEnd {
                ranges.removeLast()
            }
            return try ranges.map { try PreparedParagraph.prepare($0, bytes: buffer, style: style, spans: newResolved, hyphenation: hyphenation) }
        }
        let after = paragraphs[(last + 1)...].map { $0.shifted(by: delta) }
        let prepared = PreparedText(text: newText, style: style, spans: newSpans, resolvedSpans: newResolved, bytes: newBytes,
                                    paragraphs: Array(paragraphs[..<first]) + region + after, hyphenatedAs: self)
        let edit = TextEdit(oldBytes: a..<b, oldUTF16: oldUTF16Start..<oldUTF16End,
                            newByteCount: replacement.utf8.count, newUTF16Count: replacement.utf16.count,
                            firstParagraph: first, oldParagraphCount: last - first + 1, newParagraphCount: region.count)
        return (prepared, edit)
    }
}

extension PreparedText {
    /// The spans after `range` (UTF-16) is replaced by `count` code units: spans after it move,
    /// a span the edit starts inside or at the end of takes the inserted text (typing at the end
    /// of a bold word continues it), and deleted text leaves the spans that held it.
    static func adjust(_ spans: [StyledSpan], replacing range: Range<Int>, with count: Int) -> [StyledSpan] {
        let delta = count - range.count
        // An offset before the edit stays, one at or after its end moves, one inside the replaced
        // text goes to the end of the replacement.
        func moved(_ offset: Int) -> Int {
            if offset < range.lowerBound { return offset }
            if offset >= range.upperBound { return offset + delta }
            return range.lowerBound + count
        }
        return spans.map { span in
            var adjusted = span
            let start = moved(span.range.lowerBound)
            let end = max(start, moved(span.range.upperBound))
            adjusted.range = start..<end
            return adjusted
        }
    }
}

extension PreparedParagraph {
    /// The same paragraph with every byte offset moved by `delta` (the text before it changed length).
    func shifted(by delta: Int) -> PreparedParagraph {
        delta == 0 ? self : PreparedParagraph(self, shiftedBy: delta)
    }
}
