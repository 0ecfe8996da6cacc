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
    /// U+FFFC characters take `inlineObjects`: the paragraphs the edit reaches prepared again
    /// (``EditedRegion``), the others kept in the paragraph tree.
    private func replacing(bytes old: Range<Int>, utf16 oldUTF16: Range<Int>, with replacement: String,
                           inlineObjects: [InlineObject]) throws -> (text: PreparedText, edit: TextEdit) {
        let replacementBytes = Array(replacement.utf8)
        let delta = replacementBytes.count - old.count
        guard byteCount + delta <= Self.maximumLength else {
            throw LayoutError(.invalidText, "the text would be \(byteCount + delta) bytes of UTF-8; at most \(Self.maximumLength) are allowed")
        }
        let replacementUTF16 = replacement.utf16.count
        let newSpans = Self.adjust(spans, replacing: oldUTF16, with: replacementUTF16)
        if style.settings.whiteSpace.collapsesSpaces {
            return try collapsingReplacement(bytes: old, utf16: oldUTF16, with: replacement, inlineObjects: inlineObjects, spans: newSpans)
        }
        var region = editedRegion(replacing: old, with: replacementBytes)
        // Spans, and objects in a text that had none, are found in the whole new text.
        let newResolved = newSpans.isEmpty ? []
            : try Self.resolve(newSpans, bytes: region.newWholeBytes(of: self), utf16Count: utf16Count + replacementUTF16 - oldUTF16.count, style: style)
        let (entries, newObjects) = try preparedParagraphs(of: &region, replacing: old, with: replacementBytes, inlineObjects: inlineObjects,
                                                           spans: newResolved)
        // The paragraphs after the region stay as they are: the tree's sums say where they start now.
        var newParagraphs = paragraphs
        newParagraphs.replaceSubrange(region.first..<(region.last + 1), with: entries)
        let prepared = PreparedText(style: style, spans: newSpans, resolvedSpans: newResolved, objectTable: newObjects,
                                    paragraphs: newParagraphs, wholeBytes: region.wholeBytes, hyphenatedAs: self)
        let edit = TextEdit(oldBytes: old, oldUTF16: oldUTF16, newByteCount: replacementBytes.count, newUTF16Count: replacementUTF16,
                            firstParagraph: region.first, oldParagraphCount: region.last - region.first + 1, newParagraphCount: entries.count,
                            oldInlineObjectCount: objectTable.indices(in: old).count, newInlineObjectCount: inlineObjects.count)
        return (prepared, edit)
    }

    /// The text with the bytes `old` replaced, under a white-space that collapses: prepared again
    /// whole from the text as given, since a character's collapsing depends on those around it
    /// (and the paragraphs hold the shaping copy, not the text); the edit names every paragraph.
    private func collapsingReplacement(bytes old: Range<Int>, utf16 oldUTF16: Range<Int>, with replacement: String,
                                       inlineObjects: [InlineObject], spans newSpans: [StyledSpan]) throws -> (text: PreparedText, edit: TextEdit) {
        let given = Array(text.utf8)
        let newText = String(decoding: given[..<old.lowerBound] + Array(replacement.utf8) + given[old.upperBound...], as: UTF8.self)
        let replaced = objectTable.indices(in: old)
        let objects = Array(objectTable.objects[..<replaced.lowerBound]) + inlineObjects + Array(objectTable.objects[replaced.upperBound...])
        let prepared = try PreparedText(newText, style: style, spans: newSpans, inlineObjects: objects)
        let edit = TextEdit(oldBytes: old, oldUTF16: oldUTF16, newByteCount: replacement.utf8.count, newUTF16Count: replacement.utf16.count,
                            firstParagraph: 0, oldParagraphCount: paragraphs.count, newParagraphCount: prepared.paragraphs.count,
                            oldInlineObjectCount: replaced.count, newInlineObjectCount: inlineObjects.count)
        return (prepared, edit)
    }

    /// The old paragraphs an edit of the bytes `old` reaches, from the one holding its start to the
    /// one holding its end (an edit that ends right after a hard break joins the next paragraph
    /// too), and their new bytes: only these are copied, the other paragraphs keep their chunks.
    /// An edit right after a CR reaches back into the CR's paragraph: an LF inserted there turns
    /// two breaks (CR, LF) into one (CR LF).
    private func editedRegion(replacing old: Range<Int>, with replacementBytes: [UInt8]) -> EditedRegion {
        let (a, b) = (old.lowerBound, old.upperBound)
        let reach = a > 0 && paragraphs.byte(at: a - 1) == 0x0D ? a - 1 : a
        let first = paragraphIndex(holdingByte: reach)
        let last = paragraphIndex(holdingByte: b)
        let start = paragraphs.start(of: first)
        let oldEnd = paragraphs.start(of: last + 1).bytes
        let newEnd = oldEnd + replacementBytes.count - old.count
        let bytes: [UInt8] = withBytes(ofParagraphs: first..<(last + 1)) { window in
            var region: [UInt8] = []
            region.reserveCapacity(newEnd - start.bytes)
            region += window[start.bytes..<a]
            region += replacementBytes
            region += window[b..<oldEnd]
            return region
        }
        return EditedRegion(first: first, last: last, start: start, oldEnd: oldEnd, newEnd: newEnd, bytes: bytes)
    }

    /// The paragraphs of `region` after the edit, prepared, and the text's inline objects after it
    /// (`inlineObjects` at the replacement's U+FFFC characters).
    private func preparedParagraphs(of region: inout EditedRegion, replacing old: Range<Int>, with replacementBytes: [UInt8],
                                    inlineObjects: [InlineObject], spans: [ResolvedSpan]) throws -> ([ParagraphEntry], InlineObjectTable) {
        let style = self.style
        let (regionStart, newRegionEnd) = (region.start, region.newEnd)
        let regionBytes = region.bytes
        return try regionBytes.withUnsafeBufferPointer { chunk in
            let buffer = textWindow(chunk, at: regionStart.bytes)
            let newObjects = try objectTable.replacing(old, byteDelta: replacementBytes.count - old.count, newObjects: inlineObjects,
                                                       replacement: buffer, replacementAt: old.lowerBound,
                                                       replacementLength: replacementBytes.count, newBytes: { region.newWholeBytes(of: self) })
            var ranges = splitParagraphs(UnsafeBufferPointer(rebasing: buffer[regionStart.bytes..<newRegionEnd])).map {
                ParagraphRange(start: $0.start + regionStart.bytes, end: $0.end + regionStart.bytes, next: $0.next + regionStart.bytes)
            }
            // When an untouched paragraph follows, it starts where the region ends: the empty
            // paragraph the split puts there is that one, not a new one.
            if region.last + 1 < paragraphs.count, ranges.count > 1, ranges[ranges.count - 1].start == newRegionEnd {
                ranges.removeLast()
            }
            let (starts, end) = Self.utf16Starts(of: ranges[...], in: buffer, from: regionStart.utf16)
            let entries = try ranges.map {
                try PreparedParagraph.prepare($0, bytes: buffer, style: style, spans: spans, objects: newObjects, hyphenation: hyphenation)
            }.entries(utf16Starts: starts, utf16End: end, bytes: regionBytes, from: regionStart.bytes)
            return (entries, newObjects)
        }
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

/// The paragraphs an edit reaches (`first...last`), where they start, where they ended and end
/// now, and their bytes after the edit; the whole new text's bytes once something needs them.
private struct EditedRegion {
    let first: Int
    let last: Int
    let start: TextExtent
    let oldEnd: Int
    let newEnd: Int
    let bytes: [UInt8]
    /// The whole new text, joined on first need (spans and a text's first inline objects are found in it).
    private(set) var wholeBytes: [UInt8]?

    init(first: Int, last: Int, start: TextExtent, oldEnd: Int, newEnd: Int, bytes: [UInt8]) {
        (self.first, self.last, self.start, self.oldEnd, self.newEnd, self.bytes) = (first, last, start, oldEnd, newEnd, bytes)
    }

    /// The whole new text of `text` edited: the text before the region, the region's new bytes, the text after it.
    mutating func newWholeBytes(of text: PreparedText) -> [UInt8] {
        if let wholeBytes { return wholeBytes }
        let whole = Array(text.bytes[..<start.bytes]) + bytes + text.bytes[oldEnd...]
        wholeBytes = whole
        return whole
    }
}
