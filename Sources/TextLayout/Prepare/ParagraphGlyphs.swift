// A prepared paragraph's glyphs, read with absolute clusters, moved in O(1) when the text before the paragraph changes length.

/// The glyphs of a prepared paragraph, in logical order, each read with its cluster's absolute
/// byte offset: the stored cluster plus a shift, so that moving the paragraph (``shifted(by:)``)
/// changes the shift and shares the storage.
struct ParagraphGlyphs: RandomAccessCollection, Sendable, Equatable {
    /// The glyphs as shaped; their clusters are offsets minus ``clusterShift``.
    private(set) var storage: ShapedGlyphs
    private(set) var clusterShift: Int32 = 0

    init(_ glyphs: ShapedGlyphs) { storage = glyphs }

    var startIndex: Int { 0 }
    var endIndex: Int { storage.count }
    subscript(position: Int) -> ShapedGlyph {
        var glyph = storage[position]
        glyph.cluster &+= clusterShift
        return glyph
    }

    /// Every cluster moved by `delta`: O(1), the storage shared.
    func shifted(by delta: Int) -> ParagraphGlyphs {
        var copy = self
        copy.clusterShift &+= Int32(delta)
        return copy
    }

    /// Equal when every glyph read is equal, whatever the shifts.
    static func == (a: ParagraphGlyphs, b: ParagraphGlyphs) -> Bool {
        a.clusterShift == b.clusterShift ? a.storage == b.storage : a.elementsEqual(b)
    }
}

/// Two runs of paragraph glyphs are equal when every glyph read is (compared as stored when their
/// clusters are shifted alike).
func == (a: Slice<ParagraphGlyphs>, b: Slice<ParagraphGlyphs>) -> Bool {
    guard a.base.clusterShift == b.base.clusterShift else { return a.elementsEqual(b) }
    return a.base.storage[a.startIndex..<a.endIndex] == b.base.storage[b.startIndex..<b.endIndex]
}
