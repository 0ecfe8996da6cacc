// A prepared text's characters kept paragraph by paragraph (an edit copies only its paragraphs' bytes), made whole only when a reader asks for the whole text.

/// The whole text of a ``PreparedText`` as one `String` and one UTF-8 array, each built from the
/// paragraphs' byte chunks the first time it is asked for (a text prepared from a `String` has
/// both from the start). An edit does not copy the text: it makes a new `FlatText` over the new
/// paragraphs, which readers of the whole text (a full layout, `PreparedText.text`) fill once.
final class FlatText: Sendable {
    private let paragraphs: PreparedParagraphs
    private let built: Locked<(bytes: [UInt8]?, string: String?)>
    /// The bytes when they came with the text: read without taking the lock (every layout of a
    /// text prepared whole reads them).
    private let knownBytes: [UInt8]?

    /// The text of `paragraphs`, with its bytes and string when they are known already.
    init(_ paragraphs: PreparedParagraphs, bytes: [UInt8]? = nil, string: String? = nil) {
        self.paragraphs = paragraphs
        built = Locked((bytes, string))
        knownBytes = bytes
    }

    /// The text's UTF-8 bytes, in one array.
    var bytes: [UInt8] {
        if let knownBytes { return knownBytes }
        return built.withLock { built in
            if let bytes = built.bytes { return bytes }
            let bytes = paragraphs.joinedBytes
            built.bytes = bytes
            return bytes
        }
    }

    /// The text.
    var string: String {
        built.withLock { built in
            if let string = built.string { return string }
            let string = String(decoding: built.bytes ?? paragraphs.joinedBytes, as: UTF8.self)
            built.string = string
            return string
        }
    }

    /// Whether the whole array and the string have been built (or came with the text).
    var isBuilt: (bytes: Bool, string: Bool) { built.withLock { ($0.bytes != nil, $0.string != nil) } }

    /// Roughly the memory the text's characters take, in bytes: the string where built, and the
    /// whole array where built (the paragraphs' chunks are slices of it for a text prepared
    /// whole), else the chunks.
    var estimatedBytes: Int {
        built.withLock { built in
            (built.bytes.map(heapBytes) ?? paragraphs.extent.bytes) + (built.string.map { $0.utf8.count + 48 } ?? 0)
        }
    }
}

/// `chunk`, the bytes of the text from offset `start` on, as a window on the whole text: a buffer
/// indexed by text offsets in which only `start ..< start + chunk.count` may be read. Readers
/// that take the text's bytes at absolute offsets (preparing a paragraph, breaking its lines)
/// read one paragraph's chunk through it without the whole text being copied together.
func textWindow(_ chunk: UnsafeBufferPointer<UInt8>, at start: Int) -> UnsafeBufferPointer<UInt8> {
    // An empty chunk may have no address; nothing is read through its window.
    let base = chunk.baseAddress ?? UnsafePointer(emptyChunk)
    return UnsafeBufferPointer(start: base - start, count: start + chunk.count)
}

/// An address for the window of an empty chunk.
private nonisolated(unsafe) let emptyChunk = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
