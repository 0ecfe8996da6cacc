// Editing a prepared text: only the paragraphs an edit touches are shaped again; the others are reused or moved in O(1).

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
    /// How many inline objects the replaced text held, and the replacement holds: the objects
    /// after the edit moved by the difference in the text's list.
    public let oldInlineObjectCount: Int
    public let newInlineObjectCount: Int

    var byteDelta: Int { newByteCount - oldBytes.count }
    var utf16Delta: Int { newUTF16Count - oldUTF16.count }
    var inlineObjectDelta: Int { newInlineObjectCount - oldInlineObjectCount }
}

extension PreparedText {
    /// The text with `range` (UTF-16 offsets) replaced by `replacement`, prepared again only where
    /// the edit reaches: the paragraphs it touches are shaped anew, the ones before are reused and
    /// the ones after are moved, without shaping. The range is found in bytes by reading only the
    /// paragraphs it falls in. Inline objects move with the text: those in `range` go with it,
    /// `inlineObjects` stand at the U+FFFC characters of `replacement`, in order.
    /// - Throws: ``LayoutError`` `.invalidArgument` when the range is outside the text or splits a
    ///   surrogate pair, or the new text would not hold one U+FFFC for each inline object (a text
    ///   with objects takes a U+FFFC only with its object), or a new object's size is out of range.
    /// - Complexity: O(m + log p) for an edit whose paragraphs (before and after it) are m bytes
    ///   long in a text of p paragraphs: those paragraphs are prepared again (shaped through the word
    ///   cache, analysed), the others shared and moved in the paragraph tree. With spans, or inline
    ///   objects in a text that had none, O(n) more: they are found again in the whole new text.
    public func replacingCharacters(inUTF16 range: Range<Int>, with replacement: String,
                                    inlineObjects: [InlineObject] = []) throws -> (text: PreparedText, edit: TextEdit) {
        guard range.lowerBound >= 0, range.upperBound <= utf16Count else {
            throw LayoutError(.invalidArgument, "the range \(range.lowerBound)..<\(range.upperBound) is outside the text's \(utf16Count) UTF-16 code units")
        }
        guard let a = byteOffset(ofUTF16: range.lowerBound), let b = byteOffset(ofUTF16: range.upperBound) else {
            throw LayoutError(.invalidArgument, "the range \(range.lowerBound)..<\(range.upperBound) splits a surrogate pair")
        }
        return try replacing(bytes: a..<b, utf16: range, with: replacement, inlineObjects: inlineObjects)
    }

    /// The text with `range` replaced by `replacement` (see ``replacingCharacters(inUTF16:with:inlineObjects:)``).
    /// Indices inside a Unicode scalar count from the scalar's start, as `String` takes them.
    /// - Complexity: as ``replacingCharacters(inUTF16:with:inlineObjects:)``, and O(n) the first
    ///   time the text's string and its bytes in one array are read (``text``): an edited text
    ///   builds them when first asked, so prefer UTF-16 offsets while editing.
    public func replacingCharacters(in range: Range<String.Index>, with replacement: String,
                                    inlineObjects: [InlineObject] = []) throws -> (text: PreparedText, edit: TextEdit) {
        let (a, b) = bytes.withUnsafeBufferPointer { bytes in
            (scalarStart(bytes, atOrBefore: text.utf8Offset(of: range.lowerBound), notBefore: 0),
             scalarStart(bytes, atOrBefore: text.utf8Offset(of: range.upperBound), notBefore: 0))
        }
        return try replacing(bytes: a..<b, utf16: utf16Offset(ofByte: a)..<utf16Offset(ofByte: b), with: replacement,
                             inlineObjects: inlineObjects)
    }

    /// The text with the bytes `old` (the UTF-16 range `oldUTF16`) replaced by `replacement`, whose
    /// U+FFFC characters take `inlineObjects`.
    private func replacing(bytes old: Range<Int>, utf16 oldUTF16: Range<Int>, with replacement: String,
                           inlineObjects: [InlineObject]) throws -> (text: PreparedText, edit: TextEdit) {
        let (a, b) = (old.lowerBound, old.upperBound)
        let replacementBytes = Array(replacement.utf8)
        let delta = replacementBytes.count - old.count
        guard byteCount + delta <= Self.maximumLength else {
            throw LayoutError(.invalidText, "the text would be \(byteCount + delta) bytes of UTF-8; at most \(Self.maximumLength) are allowed")
        }
        let replacementUTF16 = replacement.utf16.count
        let utf16Delta = replacementUTF16 - oldUTF16.count
        let newSpans = Self.adjust(spans, replacing: oldUTF16, with: replacementUTF16)
        // The old paragraphs the edit reaches: from the one holding its start to the one holding
        // its end (an edit that ends right after a hard break joins the next paragraph too).
        // An edit right after a CR reaches back into the CR's paragraph: an LF inserted there
        // turns two breaks (CR, LF) into one (CR LF).
        let reach = a > 0 && paragraphs.byte(at: a - 1) == 0x0D ? a - 1 : a
        let first = paragraphIndex(holdingByte: reach)
        let last = paragraphIndex(holdingByte: b)
        let regionStart = paragraphs.start(of: first)
        let oldRegionEnd = paragraphs.start(of: last + 1).bytes
        let newRegionEnd = oldRegionEnd + delta
        // The new text's bytes from the region's start to its end: only these are copied, the
        // other paragraphs keep their chunks.
        let regionBytes: [UInt8] = withBytes(ofParagraphs: first..<(last + 1)) { window in
            var region: [UInt8] = []
            region.reserveCapacity(newRegionEnd - regionStart.bytes)
            region += window[regionStart.bytes..<a]
            region += replacementBytes
            region += window[b..<oldRegionEnd]
            return region
        }
        // Spans, and objects in a text that had none, are found in the whole new text.
        var wholeBytes: [UInt8]?
        func newWholeBytes() -> [UInt8] {
            if let wholeBytes { return wholeBytes }
            let whole = Array(bytes[..<regionStart.bytes]) + regionBytes + bytes[oldRegionEnd...]
            wholeBytes = whole
            return whole
        }
        let newResolved = newSpans.isEmpty ? []
            : try Self.resolve(newSpans, bytes: newWholeBytes(), utf16Count: utf16Count + utf16Delta, style: style)
        let style = self.style
        let (region, newObjects): ([ParagraphEntry], InlineObjectTable) = try regionBytes.withUnsafeBufferPointer { chunk in
            let buffer = textWindow(chunk, at: regionStart.bytes)
            let newObjects = try objectTable.replacing(old, byteDelta: delta, newObjects: inlineObjects, replacement: buffer,
                                                       replacementAt: a, replacementLength: replacementBytes.count, newBytes: newWholeBytes)
            var ranges = splitParagraphs(UnsafeBufferPointer(rebasing: buffer[regionStart.bytes..<newRegionEnd])).map {
                ParagraphRange(start: $0.start + regionStart.bytes, end: $0.end + regionStart.bytes, next: $0.next + regionStart.bytes)
            }
            // When an untouched paragraph follows, it starts where the region ends: the empty
            // paragraph the split puts there is that one, not a new one.
            if last + 1 < paragraphs.count, ranges.count > 1, ranges[ranges.count - 1].start == newRegionEnd {
                ranges.removeLast()
            }
            let (starts, end) = Self.utf16Starts(of: ranges[...], in: buffer, from: regionStart.utf16)
            let region = try ranges.map {
                try PreparedParagraph.prepare($0, bytes: buffer, style: style, spans: newResolved, objects: newObjects, hyphenation: hyphenation)
            }.entries(utf16Starts: starts, utf16End: end, bytes: regionBytes, from: regionStart.bytes)
            return (region, newObjects)
        }
        // The paragraphs after the region stay as they are: the tree's sums say where they start now.
        var newParagraphs = paragraphs
        newParagraphs.replaceSubrange(first..<(last + 1), with: region)
        let prepared = PreparedText(style: style, spans: newSpans, resolvedSpans: newResolved, objectTable: newObjects,
                                    paragraphs: newParagraphs, wholeBytes: wholeBytes, hyphenatedAs: self)
        let edit = TextEdit(oldBytes: a..<b, oldUTF16: oldUTF16, newByteCount: replacementBytes.count, newUTF16Count: replacementUTF16,
                            firstParagraph: first, oldParagraphCount: last - first + 1, newParagraphCount: region.count,
                            oldInlineObjectCount: objectTable.indices(in: old).count, newInlineObjectCount: inlineObjects.count)
        return (prepared, edit)
    }

    /// The index of the paragraph that holds byte `offset` (the last one that starts at or before it).
    func paragraphIndex(holdingByte offset: Int) -> Int {
        paragraphs.index(holdingByte: offset)
    }

    /// The byte offset of UTF-16 offset `offset` (in `0...utf16Count`), or nil when it falls
    /// inside a surrogate pair. Reads the bytes of its paragraph only.
    func byteOffset(ofUTF16 offset: Int) -> Int? {
        if offset == utf16Count { return byteCount }
        let (index, start) = paragraphs.index(holdingUTF16: offset)
        return withBytes(ofParagraphs: index..<(index + 1)) { buffer in
            var counter = UTF16OffsetCounter(buffer, byteOffset: start.bytes, utf16Offset: start.utf16)
            return counter.byte(atUTF16: offset)
        }
    }

    /// The UTF-16 offset of the character that starts at byte `offset` (or of the text's end).
    /// Reads the bytes of its paragraph only.
    func utf16Offset(ofByte offset: Int) -> Int {
        if offset == byteCount { return utf16Count }
        let index = paragraphIndex(holdingByte: offset)
        let start = paragraphs.start(of: index)
        return withBytes(ofParagraphs: index..<(index + 1)) { buffer in
            var counter = UTF16OffsetCounter(buffer, byteOffset: start.bytes, utf16Offset: start.utf16)
            return counter.utf16(at: offset)
        }
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
