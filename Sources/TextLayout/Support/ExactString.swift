// Text compared by its code units: the equality every cache key, dictionary key and change check needs, where String's == (canonical equivalence) would mix up texts whose offsets differ.
import Foundation

extension String {
    /// Whether the two strings hold the same UTF-8 code units.
    ///
    /// `String ==` says "café" with U+00E9 equals "cafe" with U+0301, but the second is one
    /// code unit longer and every offset after the "e" differs, so a layout, a cache entry or an
    /// edit made for one is wrong for the other.
    package func hasSameCodeUnits(as other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        let compared = utf8.withContiguousStorageIfAvailable { mine in
            other.utf8.withContiguousStorageIfAvailable { theirs in
                mine.count == 0 || memcmp(mine.baseAddress!, theirs.baseAddress!, mine.count) == 0
            }
        }
        if let compared = compared ?? nil { return compared }
        return utf8.elementsEqual(other.utf8)
    }

    /// Whether the string's UTF-8 code units are `bytes`.
    package func hasSameCodeUnits(as bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard utf8.count == bytes.count else { return false }
        let compared = utf8.withContiguousStorageIfAvailable { mine in
            mine.count == 0 || memcmp(mine.baseAddress!, bytes.baseAddress!, mine.count) == 0
        }
        return compared ?? utf8.elementsEqual(bytes)
    }

    /// Feeds the UTF-8 code units to `hasher`, to hash as ``hasSameCodeUnits(as:)`` compares.
    package func hashCodeUnits(into hasher: inout Hasher) {
        hasher.combine(utf8.count)
        let hashed: Void? = utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        if hashed == nil { for byte in utf8 { hasher.combine(byte) } }
    }
}

/// A string as a dictionary key that tells canonically equivalent texts apart (font paths and
/// names, cache keys): equal only when the code units are.
package struct ExactString: Hashable, Sendable, CustomStringConvertible {
    package let string: String

    package init(_ string: String) { self.string = string }

    package static func == (lhs: ExactString, rhs: ExactString) -> Bool { lhs.string.hasSameCodeUnits(as: rhs.string) }

    package func hash(into hasher: inout Hasher) { string.hashCodeUnits(into: &hasher) }

    package var description: String { string }
}
