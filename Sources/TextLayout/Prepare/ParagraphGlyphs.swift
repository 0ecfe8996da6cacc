// A prepared paragraph's glyphs in 12 bytes each (offsets and wide ids beside them), read with absolute clusters, moved in O(1) when the text before the paragraph changes length.

/// A glyph as a paragraph stores it: 12 bytes where a ``ShapedGlyph`` takes 24. OpenType glyph ids
/// fit 16 bits and offsets are nearly always zero, so a glyph with offsets or a wider id keeps
/// them in a ``GlyphExtra`` beside the records, which its flag says it has.
struct StoredGlyph: Sendable, Equatable {
    var cluster: Int32
    var advance: Int32
    /// The id's low 16 bits (all of it unless the glyph has an extra).
    var id: UInt16
    var flags: UInt16

    static let unsafeToBreak: UInt16 = 1
    static let hasExtra: UInt16 = 2
}

/// What a ``StoredGlyph`` does not hold: the offsets and the whole id of the glyph at `index`.
struct GlyphExtra: Sendable, Equatable {
    var index: Int32
    var id: UInt32
    var xOffset: Int32
    var yOffset: Int32
}

/// The glyphs of a prepared paragraph, in logical order, each read with its cluster's absolute
/// byte offset: the stored cluster plus a shift, so that moving the paragraph (``shifted(by:)``)
/// changes the shift and shares the storage.
struct ParagraphGlyphs: RandomAccessCollection, Sendable, Equatable {
    /// The glyphs as shaped; their clusters are offsets minus ``clusterShift``.
    private(set) var records: [StoredGlyph]
    /// The glyphs whose records are flagged ``StoredGlyph/hasExtra``, by ascending index.
    private(set) var extras: [GlyphExtra]
    private(set) var clusterShift: Int32 = 0

    /// `glyphs` stored, in exactly the room they need.
    init(_ glyphs: ShapedGlyphs) { self = glyphs.withUnsafeBufferPointer(Self.init(shaped:)) }
    init(_ glyphs: ArraySlice<ShapedGlyph>) { self = glyphs.withUnsafeBufferPointer(Self.init(shaped:)) }

    private init(shaped glyphs: UnsafeBufferPointer<ShapedGlyph>) {
        // Appended rather than written into an array made first, whose making the optimizer leaves unspecialized.
        var records: [StoredGlyph] = []
        records.reserveCapacity(glyphs.count)
        var extras: [GlyphExtra] = []
        Self.store(glyphs, shift: 0, records: &records, extras: &extras)
        self.records = records
        self.extras = extras.inExactRoom()
    }

    /// The first `count` glyphs, then `more`: the first copied as they are stored, all in exactly
    /// the room they need (a paragraph grown by appending to this one's).
    func first(_ count: Int, then more: ShapedGlyphs) -> ParagraphGlyphs {
        var grown = self
        var records: [StoredGlyph] = []
        records.reserveCapacity(count + more.count)
        records.append(contentsOf: self.records[..<count])
        var extras = Array(self.extras[..<extraIndex(atOrAfter: count)])
        more.withUnsafeBufferPointer { Self.store($0, shift: clusterShift, records: &records, extras: &extras) }
        grown.records = records
        grown.extras = extras.inExactRoom()
        return grown
    }

    /// Appends `glyphs` to `records` (their clusters less `shift`) and the extras of those that need one to `extras`.
    private static func store(_ glyphs: UnsafeBufferPointer<ShapedGlyph>, shift: Int32, records: inout [StoredGlyph], extras: inout [GlyphExtra]) {
        let base = records.count
        for i in 0..<glyphs.count {
            let glyph = glyphs[i]
            var flags = glyph.unsafeToBreak ? StoredGlyph.unsafeToBreak : 0
            if glyph.xOffset | glyph.yOffset | Int32(bitPattern: glyph.id >> 16) != 0 {
                flags |= StoredGlyph.hasExtra
                extras.append(GlyphExtra(index: Int32(truncatingIfNeeded: base + i), id: glyph.id, xOffset: glyph.xOffset, yOffset: glyph.yOffset))
            }
            records.append(StoredGlyph(cluster: glyph.cluster &- shift, advance: glyph.advance, id: UInt16(truncatingIfNeeded: glyph.id), flags: flags))
        }
    }

    var startIndex: Int { 0 }
    var endIndex: Int { records.count }
    subscript(position: Int) -> ShapedGlyph {
        let record = records[position]
        var glyph = ShapedGlyph(id: UInt32(record.id), cluster: record.cluster &+ clusterShift, advance: record.advance, xOffset: 0, yOffset: 0,
                                unsafeToBreak: record.flags & StoredGlyph.unsafeToBreak != 0)
        if record.flags & StoredGlyph.hasExtra != 0 {
            let extra = extras[extraIndex(atOrAfter: position)]
            glyph.id = extra.id
            glyph.xOffset = extra.xOffset
            glyph.yOffset = extra.yOffset
        }
        return glyph
    }

    /// The index in ``extras`` of the first extra of glyph `position` or a later one.
    func extraIndex(atOrAfter position: Int) -> Int {
        TextLayout.firstIndex(count: extras.count, atOrAfter: Int32(position)) { extras[$0].index }
    }

    /// The bytes the records and extras take on the heap.
    var storageBytes: Int { heapBytes(records) + heapBytes(extras) }

    /// Every cluster moved by `delta`: O(1), the storage shared.
    func shifted(by delta: Int) -> ParagraphGlyphs {
        var copy = self
        copy.clusterShift &+= Int32(delta)
        return copy
    }

    /// Equal when every glyph read is equal, whatever the shifts.
    static func == (a: ParagraphGlyphs, b: ParagraphGlyphs) -> Bool {
        a.clusterShift == b.clusterShift ? a.records == b.records && a.extras == b.extras : a.elementsEqual(b)
    }
}

extension Array {
    /// These elements in an array of exactly their count's capacity.
    fileprivate func inExactRoom() -> [Element] {
        guard capacity > count else { return self }
        var exact: [Element] = []
        exact.reserveCapacity(count)
        exact.append(contentsOf: self)
        return exact
    }
}

/// Two runs of paragraph glyphs are equal when every glyph read is (compared as stored when their
/// clusters are shifted alike).
func == (a: Slice<ParagraphGlyphs>, b: Slice<ParagraphGlyphs>) -> Bool {
    guard a.base.clusterShift == b.base.clusterShift, a.count == b.count else { return a.elementsEqual(b) }
    guard a.base.records[a.startIndex..<a.endIndex] == b.base.records[b.startIndex..<b.endIndex] else { return false }
    // The same records flag the same glyphs: compare those glyphs' extras, their indices relative to each slice's start.
    let aExtras = a.base.extras[a.base.extraIndex(atOrAfter: a.startIndex)..<a.base.extraIndex(atOrAfter: a.endIndex)]
    let bExtras = b.base.extras[b.base.extraIndex(atOrAfter: b.startIndex)..<b.base.extraIndex(atOrAfter: b.endIndex)]
    return aExtras.count == bExtras.count && zip(aExtras, bExtras).allSatisfy { x, y in
        x.index - Int32(a.startIndex) == y.index - Int32(b.startIndex) && x.id == y.id && x.xOffset == y.xOffset && x.yOffset == y.yOffset
    }
}
