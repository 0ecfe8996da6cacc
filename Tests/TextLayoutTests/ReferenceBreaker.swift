// A reference greedy line breaker written from the line model alone (ICU's break opportunities, HarfBuzz's width of each whole candidate line): quadratic and obvious, for the property tests to hold the engine against.
import CHarfBuzz
import CICU
import Foundation

/// Greedy filling as docs/line-model.md states it, with none of the engine's machinery: no
/// segments, no prepared positions, no caches, no reshaping rules. Each candidate line is shaped
/// whole, alone, by HarfBuzz in one font; the line takes break opportunities while its content
/// (hanging whitespace left out) fits, and stops at the first that does not; a word wider than the
/// line is cut between grapheme clusters the same way (taking clusters while they fit, at least
/// one), and the spaces right after a cut hang at its end.
/// Only for texts one font draws entirely, in one script and direction per paragraph.
final class ReferenceBreaker {
    private let font: OpaquePointer
    private let scale: Double

    init?(fontPath: String, size: Double) {
        guard let blob = hb_blob_create_from_file_or_fail(fontPath) else { return nil }
        defer { hb_blob_destroy(blob) }
        let face = hb_face_create(blob, 0)
        defer { hb_face_destroy(face) }
        font = hb_font_create(face)
        scale = size / Double(hb_face_get_upem(face))
    }

    deinit { hb_font_destroy(font) }

    /// HarfBuzz's advance width of `bytes[range]` shaped alone, in pixels.
    func width(_ bytes: [UInt8], _ range: Range<Int>) -> Double {
        guard !range.isEmpty else { return 0 }
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        bytes.withUnsafeBufferPointer { pointer in
            pointer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                hb_buffer_add_utf8(buffer, $0 + range.lowerBound, Int32(range.count), 0, Int32(range.count))
            }
        }
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        let positions = hb_buffer_get_glyph_positions(buffer, &count)!
        return (0..<Int(count)).reduce(0.0) { $0 + Double(positions[$1].x_advance) } * scale
    }

    /// Boundaries of `kind` in `bytes`, as byte offsets after 0.
    static func boundaries(_ kind: cicu_break_kind, _ bytes: [UInt8]) -> [Int] {
        var positions = [Int32](repeating: 0, count: bytes.count + 1)
        let count = bytes.withUnsafeBufferPointer { cicu_breaks(kind, nil, $0.baseAddress, Int32(bytes.count), &positions, nil, Int32(positions.count)) }
        return positions.prefix(Int(max(0, count))).map(Int.init)
    }

    /// Whitespace that hangs at a line's end (docs/line-model.md's list).
    static func hangs(_ scalar: Unicode.Scalar) -> Bool {
        [0x20, 0x09, 0x1680, 0x205F, 0x3000].contains(scalar.value) || (0x2000...0x2006).contains(scalar.value)
            || (0x2008...0x200A).contains(scalar.value)
    }

    /// The UTF-16 offset of every line's start, for a text whose only hard breaks are "\n".
    func lineStarts(_ text: String, width limit: Double) -> [Int] {
        var starts: [Int] = []
        var paragraphOffset = 0
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            starts += lineStarts(ofParagraph: String(paragraph), width: limit).map { $0 + paragraphOffset }
            paragraphOffset += paragraph.utf16.count + 1
        }
        return starts
    }

    private func lineStarts(ofParagraph text: String, width limit: Double) -> [Int] {
        let bytes = Array(text.utf8)
        let scalars = Array(text.unicodeScalars)
        // Byte offset → scalar, to look at the characters around a candidate end.
        var scalarAt: [Int: Unicode.Scalar] = [:]
        var offset = 0
        for scalar in scalars {
            scalarAt[offset] = scalar
            offset += String(scalar).utf8.count
        }
        func contentEnd(_ start: Int, _ end: Int) -> Int {
            var end = end
            while end > start, let (before, scalar) = scalarBefore(end), Self.hangs(scalar) { end = before }
            return end
        }
        func scalarBefore(_ end: Int) -> (Int, Unicode.Scalar)? {
            var k = end - 1
            while k >= 0, scalarAt[k] == nil { k -= 1 }
            return k >= 0 ? (k, scalarAt[k]!) : nil
        }
        func fits(_ start: Int, _ end: Int) -> Bool { width(bytes, start..<contentEnd(start, end)) <= limit + 1e-6 }

        let opportunities = Self.boundaries(CICU_LINE, bytes)
        let graphemes = Self.boundaries(CICU_GRAPHEME, bytes)
        var starts = [0]
        var start = 0
        while start < bytes.count {
            var end: Int?
            for candidate in opportunities where candidate > start {
                if fits(start, candidate) { end = candidate } else { break }
            }
            if end == nil {
                // A word wider than the line: as many grapheme clusters as fit, at least one.
                let wordEnd = opportunities.first { $0 > start }!
                let clusterEnds = graphemes.filter { $0 > start && $0 < wordEnd }
                var cut = clusterEnds.first ?? wordEnd
                for candidate in clusterEnds.dropFirst() {
                    if fits(start, candidate) { cut = candidate } else { break }
                }
                // Spaces right after the cut, breaking or not, hang at its end, up to the word's end.
                while cut < wordEnd, let scalar = scalarAt[cut], Self.hangs(scalar) || [0xA0, 0x2007, 0x202F].contains(scalar.value) {
                    cut += String(scalar).utf8.count
                }
                end = cut
            }
            start = end!
            if start < bytes.count { starts.append(start) }
        }
        return starts.map { String(decoding: bytes[..<$0], as: UTF8.self).utf16.count }
    }
}
