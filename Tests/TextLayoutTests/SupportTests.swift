// The helpers of TextLayout/Support that every target shares: the binary searches against a scan, the UTF-8 and UTF-16 offset arithmetic against the standard library's, and OpenType tags against HarfBuzz's.
import CHarfBuzz
import Testing
import TestSupport
import TextLayout

@Suite("Binary searches")
struct BinarySearchTests {
    static let keys: [[Int]] = [[], [5], [1, 3, 3, 7], [0, 2, 4, 6, 8], [4, 4, 4]]

    @Test("firstIndex is the first key at or after the value (the count when none is), as a scan finds it", arguments: keys)
    func firstIndexAtOrAfter(_ keys: [Int]) {
        for value in -1...9 {
            let scanned = keys.firstIndex { $0 >= value } ?? keys.count
            #expect(firstIndex(in: keys, atOrAfter: value) == scanned, "value \(value)")
            #expect(firstIndex(count: keys.count, atOrAfter: value) { keys[$0] } == scanned, "value \(value)")
        }
    }

    @Test("lastIndex is the last key at or before the value (0 when none is), as a scan finds it", arguments: keys)
    func lastIndexAtOrBefore(_ keys: [Int]) {
        for value in -1...9 {
            let scanned = keys.lastIndex { $0 <= value } ?? 0
            #expect(lastIndex(in: keys, atOrBefore: value) == scanned, "value \(value)")
            #expect(lastIndex(count: keys.count, atOrBefore: value) { keys[$0] } == scanned, "value \(value)")
        }
    }
}

@Suite("UTF-8 and UTF-16 offsets")
struct TextOffsetTests {
    /// Scalars of one to four bytes, a combining mark, an emoji sequence, a flag and a hard break.
    static let texts = ["", "abc", "é e\u{301} €", "😀👍🏽 🇫🇷", "a\r\nb\u{2028}c", "ありがとう 🏳️‍🌈 x"]

    @Test("a lead byte gives its scalar's length in UTF-8 and UTF-16, and its value", arguments: texts)
    func leadBytes(_ text: String) {
        let bytes = Array(text.utf8)
        var i = 0
        for scalar in text.unicodeScalars {
            #expect(utf8SequenceLength(lead: bytes[i]) == UTF8.width(scalar), "\(scalar.value) at \(i)")
            #expect(utf16UnitCount(lead: bytes[i]) == UTF16.width(scalar), "\(scalar.value) at \(i)")
            let (value, length) = bytes.withUnsafeBufferPointer { decodeScalar($0, at: i) }
            #expect(value == scalar.value && length == UTF8.width(scalar), "\(scalar.value) at \(i)")
            i += UTF8.width(scalar)
        }
    }

    @Test("scalarStart moves back to the scalar that holds a byte, never below its lower bound, and keeps the end", arguments: texts)
    func scalarStarts(_ text: String) {
        let bytes = Array(text.utf8)
        let starts = text.unicodeScalars.indices.map { text.utf8Offset(of: $0) }
        bytes.withUnsafeBufferPointer { buffer in
            for i in 0..<bytes.count {
                #expect(scalarStart(buffer, atOrBefore: i, notBefore: 0) == starts.last { $0 <= i }, "byte \(i)")
                #expect(scalarStart(buffer, atOrBefore: i, notBefore: i) == i, "byte \(i), bounded at itself")
            }
            #expect(scalarStart(buffer, atOrBefore: bytes.count, notBefore: 0) == bytes.count)
        }
    }

    @Test("UTF16OffsetCounter converts ascending offsets both ways as String does, and finds no byte inside a surrogate pair", arguments: texts)
    func counter(_ text: String) {
        let bytes = Array(text.utf8)
        let boundaries = text.unicodeScalars.indices.map { (byte: text.utf8Offset(of: $0), utf16: text.utf16Offset(of: $0)) }
            + [(byte: bytes.count, utf16: text.utf16.count)]
        bytes.withUnsafeBufferPointer { buffer in
            var toUTF16 = UTF16OffsetCounter(buffer)
            var toBytes = UTF16OffsetCounter(buffer)
            for boundary in boundaries {
                #expect(toUTF16.utf16(at: boundary.byte) == boundary.utf16, "byte \(boundary.byte)")
                #expect(toBytes.byte(atUTF16: boundary.utf16) == boundary.byte, "UTF-16 offset \(boundary.utf16)")
            }
            for (k, scalar) in text.unicodeScalars.enumerated() where UTF16.width(scalar) == 2 {
                var fresh = UTF16OffsetCounter(buffer, byteOffset: boundaries[k].byte, utf16Offset: boundaries[k].utf16)
                #expect(fresh.byte(atUTF16: boundaries[k].utf16 + 1) == nil, "inside the pair at \(boundaries[k].utf16)")
            }
        }
    }

    @Test("UTF16OffsetCounter counts long strides (eight bytes at a time) as String does, whatever the mix of scalar lengths")
    func counterStrides() {
        // Every scalar length, 4-byte ones among them, at every alignment to the eight-byte words.
        let pieces = ["a", "é", "€", "😀", "ア", "\u{10FFFF}", " ", "\u{7F}", "\u{80}", "\u{7FF}", "\u{800}", "\u{FFFF}", "\u{10000}"]
        var generator = SplitMix(seed: 38)
        for round in 0..<40 {
            let text = (0..<(round * 7 + 9)).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &generator)] }.joined()
            let bytes = Array(text.utf8)
            let boundaries = text.unicodeScalars.indices.map { (byte: text.utf8Offset(of: $0), utf16: text.utf16Offset(of: $0)) }
                + [(byte: bytes.count, utf16: text.utf16.count)]
            bytes.withUnsafeBufferPointer { buffer in
                for stride in [1, 3, 5, 9, 17, 40] {
                    var counter = UTF16OffsetCounter(buffer)
                    for boundary in boundaries.enumerated().filter({ $0.offset % stride == 0 || $0.offset == boundaries.count - 1 }).map(\.element) {
                        #expect(counter.utf16(at: boundary.byte) == boundary.utf16, "round \(round), stride \(stride), byte \(boundary.byte)")
                    }
                }
            }
        }
    }

    @Test("a String's indices from and to UTF-8 and UTF-16 offsets are the standard library's", arguments: texts)
    func stringIndices(_ text: String) {
        for index in text.unicodeScalars.indices + [text.endIndex] {
            let utf8 = text.utf8Offset(of: index)
            #expect(utf8 == text.utf8.distance(from: text.startIndex, to: index))
            #expect(text.utf16Offset(of: index) == index.utf16Offset(in: text))
            #expect(text.index(atUTF8Offset: utf8) == index)
        }
        let range = text.startIndex..<text.endIndex
        #expect(text.indexRange(ofUTF8Range: 0..<text.utf8.count) == range)
        #expect(text.utf16Range(of: range) == 0..<text.utf16.count)
        if let second = text.unicodeScalars.indices.dropFirst().first {
            #expect(text.utf16Range(of: second..<text.endIndex) == second.utf16Offset(in: text)..<text.utf16.count)
        }
    }

    @Test("characterIndex(atOrBeforeUTF16Offset:) is the last grapheme boundary at or before the offset, clamped to the text", arguments: texts)
    func characterIndices(_ text: String) {
        let boundaries = text.indices.map { $0.utf16Offset(in: text) } + [text.utf16.count]
        for offset in -2...(text.utf16.count + 2) {
            let clamped = min(max(offset, 0), text.utf16.count)
            let expected = boundaries.last { $0 <= clamped }!
            #expect(text.characterIndex(atOrBeforeUTF16Offset: offset).utf16Offset(in: text) == expected, "offset \(offset)")
        }
    }
}

@Suite("OpenType tags")
struct OpenTypeTagTests {
    @Test("four characters make the tag HarfBuzz makes of them, the first in the high byte")
    func tags() {
        #expect(openTypeTag("GSUB") == 0x4753_5542)
        for (tag, name) in [(openTypeTag("GSUB"), "GSUB"), (openTypeTag("GPOS"), "GPOS"), (openTypeTag("kern"), "kern"), (openTypeTag("OS/2"), "OS/2")] {
            #expect(tag == hb_tag_from_string(name, 4), "\(name)")
        }
    }
}
