// The word cache: shaped segments by font, script, direction, language and text, in an LRU with a byte budget, shared by all threads.
import CHarfBuzz
import Foundation

/// Shaped pieces of text (words: the text between two break opportunities), reused across texts.
///
/// Most UI text repeats words, so a paragraph whose every segment is cached is assembled without
/// shaping (Android's minikin does the same). A segment goes in only when HarfBuzz marked both its
/// edges safe to break in the run it was shaped in, or when it was shaped on its own, so its glyphs
/// are what shaping it alone gives. Entries are kept in an approximate LRU (two generations per
/// shard: a full young generation becomes the old one, and the old one is dropped) within a byte
/// budget (``GenerationalCache``). Thread-safe.
public final class ShapeCache: Sendable {
    /// The default budget: 32 MiB.
    public static let defaultBudget = 32 << 20

    private struct Entry: Sendable {
        var font: ObjectIdentifier
        var script: String
        var rightToLeft: Bool
        var language: String
        var features: [FontFeature]
        var textSpacingTrim: TextSpacingTrim
        /// The transform the piece's characters were shaped under (one that reads no context).
        var textTransform: TextTransform
        /// The index of the strike whose advances the glyphs took (``BitmapStrike/index``), -1 for
        /// design units: the strike is the font's, so its index names it (in 4 bytes, not 32).
        var strikeIndex: Int32
        /// Whether the piece was shaped upright, top to bottom.
        var upright: Bool
        /// The advance an upright glyph took in place of HarfBuzz's (``ShapingProperties/uprightAdvance``).
        var uprightAdvance: Int32?
        var text: [UInt8]
        /// Stored as a paragraph's glyphs are (12 bytes a glyph), clusters read relative to the piece's start.
        var glyphs: ParagraphGlyphs
        /// The heap bytes the entry takes (its text's and glyphs' arrays as allocated, and 96 for
        /// the entry's slot), counted once when it is made.
        var bytes: Int
    }

    private let entries: GenerationalCache<Entry>
    /// The most bytes the cache holds (its two generations together).
    public var budget: Int { entries.budget }

    public init(budget: Int = ShapeCache.defaultBudget) {
        entries = GenerationalCache(budget: budget) { $0.bytes }
    }

    /// Drops every entry.
    public func removeAll() { entries.removeAll() }

    /// Hits, misses and the bytes held, over all shards.
    public var statistics: (hits: Int, misses: Int, bytes: Int) { entries.statistics }

    /// The cached glyphs of `range` of `bytes` shaped with `properties` (whose ``PropertiesKey`` is
    /// `key`), clusters absolute (read shifted to the range's start); nil when not cached.
    func lookup(_ properties: ShapingProperties, key: PropertiesKey, _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> ParagraphGlyphs? {
        entries.lookup(key.hash(bytes, range)) { Self.matches($0, properties, bytes, range) }?.glyphs.shifted(by: range.lowerBound)
    }

    /// Stores the glyphs of `range` (clusters absolute; stored relative to the range's start).
    ///
    /// Not stored: a piece shaped against its script's own direction (a right-to-left script's
    /// run at a left-to-right level: digits or emoji after Arabic or Hebrew, which take its script),
    /// which HarfBuzz shapes by reversing the buffer's graphemes first: it ordered the glyphs of one
    /// cluster otherwise within a longer run than on its own, though both edges were safe to break
    /// (fuzz runs found `👨‍👩`, `👧‍👦` and `👍🏿` after Arabic or Hebrew text each drawn in both
    /// orders), so such a piece is shaped with its run each time.
    func store(_ properties: ShapingProperties, key: PropertiesKey, _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
               _ glyphs: ArraySlice<ShapedGlyph>) {
        guard entries.budget > 0, properties.isCacheable, !Self.againstScriptDirection(properties) else { return }
        let relative = ParagraphGlyphs(glyphs).shifted(by: -range.lowerBound)
        let text = Array(UnsafeBufferPointer(rebasing: bytes[range]))
        let entry = Entry(font: ObjectIdentifier(properties.font), script: properties.script, rightToLeft: properties.rightToLeft,
                          language: properties.language, features: properties.features, textSpacingTrim: properties.textSpacingTrim,
                          textTransform: properties.textTransform, strikeIndex: Int32(properties.strike?.index ?? -1), upright: properties.upright,
                          uprightAdvance: properties.uprightAdvance, text: text, glyphs: relative, bytes: heapBytes(text) + relative.storageBytes + 96)
        entries.store(entry, key: key.hash(bytes, range))
    }

    private static func matches(_ entry: Entry, _ properties: ShapingProperties, _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        guard entry.font == ObjectIdentifier(properties.font), entry.rightToLeft == properties.rightToLeft,
              entry.text.count == range.count, entry.script == properties.script, entry.language == properties.language,
              entry.features == properties.features, entry.textSpacingTrim == properties.textSpacingTrim,
              entry.textTransform == properties.textTransform, entry.strikeIndex == Int32(properties.strike?.index ?? -1),
              entry.upright == properties.upright, entry.uprightAdvance == properties.uprightAdvance else { return false }
        return entry.text.withUnsafeBufferPointer { memcmp($0.baseAddress!, bytes.baseAddress! + range.lowerBound, range.count) == 0 }
    }

    /// Whether the run is shaped in the direction opposite its script's (HarfBuzz then reverses it).
    private static func againstScriptDirection(_ properties: ShapingProperties) -> Bool {
        guard properties.script != "Zyyy" else { return false }
        let native = hb_script_get_horizontal_direction(properties.harfBuzzScript)
        return native == (properties.rightToLeft ? HB_DIRECTION_LTR : HB_DIRECTION_RTL)
    }

    /// The part of a piece's hash that its properties make: hashed once for all the pieces of a run
    /// (FNV-1a over the properties' fields), then mixed with each piece's bytes (``hash(_:_:)``).
    struct PropertiesKey {
        private let seed: UInt64

        init(_ properties: ShapingProperties) {
            var h: UInt64 = 0xcbf2_9ce4_8422_2325
            h = (h ^ UInt64(UInt(bitPattern: ObjectIdentifier(properties.font)))) &* 0x100_0000_01b3
            for byte in properties.script.utf8 { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
            h = (h ^ (properties.rightToLeft ? 1 : 2)) &* 0x100_0000_01b3
            for byte in properties.language.utf8 { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
            for feature in properties.features {
                for byte in feature.tag.utf8 { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
                h = (h ^ UInt64(feature.value)) &* 0x100_0000_01b3
            }
            if properties.textSpacingTrim != .spaceAll { h = (h ^ 3) &* 0x100_0000_01b3 }
            if let strike = properties.strike { h = (h ^ UInt64(4 + strike.index)) &* 0x100_0000_01b3 }
            if properties.upright { h = (h ^ 0x200) &* 0x100_0000_01b3 }
            if let advance = properties.uprightAdvance { h = (h ^ UInt64(UInt32(bitPattern: advance))) &* 0x100_0000_01b3 }
            if properties.textTransform != .none { h = (h ^ UInt64(0x100 + Int(caseByte(properties.textTransform)))) &* 0x100_0000_01b3 }
            seed = h
        }

        /// The hash of `range` of `bytes` under these properties: eight bytes at a time, each word
        /// mixed in by a multiplication and a shift, the length first (so that the zeros padding
        /// the last word tell no two lengths apart).
        func hash(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt64 {
            let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
            var h = (seed ^ UInt64(range.count)) &* multiplier
            var i = range.lowerBound
            if let base = bytes.baseAddress.map(UnsafeRawPointer.init) {
                while i + 8 <= range.upperBound {
                    h = (h ^ base.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* multiplier
                    h ^= h >> 32
                    i += 8
                }
            }
            var last: UInt64 = 0
            var shift: UInt64 = 0
            while i < range.upperBound {
                last |= UInt64(bytes[i]) << shift
                shift += 8
                i += 1
            }
            h = (h ^ last) &* multiplier
            return h ^ (h >> 29)
        }
    }
}

extension ShapeCache {
    /// The glyphs of `range` shaped on its own, from the cache or by shaping (then cached), clusters absolute.
    func shape(_ properties: ShapingProperties, _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> ShapedGlyphs {
        guard properties.isCacheable else { return Shaper.shape(properties, bytes, range) }
        let key = PropertiesKey(properties)
        if let glyphs = lookup(properties, key: key, bytes, range) { return ShapedGlyphs(glyphs) }
        let glyphs = Shaper.shape(properties, bytes, range)
        store(properties, key: key, bytes, range, glyphs[...])
        return glyphs
    }
}
