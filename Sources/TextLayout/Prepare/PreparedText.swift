// A text prepared once in a style (shaped, break opportunities found), ready to be laid out at any width.

/// A text shaped and analysed once, to be laid out at any number of widths.
///
/// Preparing does the expensive work (shaping with HarfBuzz, break opportunities with ICU);
/// ``layout(width:lineSpace:)`` is then arithmetic over the measured widths, reshaping only the
/// few pieces next to a line edge HarfBuzz marks unsafe to break. A `PreparedText` is a value:
/// cheap to copy, safe to share between threads.
public struct PreparedText: Sendable {
    /// The longest text accepted, in UTF-8 bytes (64 MiB).
    public static let maximumLength = 64 << 20

    /// The text as given.
    public let text: String
    /// The font and size it was shaped in.
    public let style: TextStyle
    /// The text's UTF-8 bytes; every internal offset points into them.
    let bytes: [UInt8]
    let paragraphs: [PreparedParagraph]

    /// Shapes and analyses `text` in `style`. The same text prepared again in the same style (and
    /// font context) comes from the context's ``FontContext/preparedTextCache`` without any work.
    /// - Throws: ``LayoutError`` `.invalidText` when the text is longer than ``maximumLength``.
    /// - Complexity: O(n) in the length of the text.
    public init(_ text: String, style: TextStyle) throws {
        let cache = style.font.context?.preparedTextCache
        if let cached = cache?.lookup(text, style) {
            self = cached
            return
        }
        try self.init(uncached: text, style: style)
        cache?.store(self)
    }

    private init(uncached text: String, style: TextStyle) throws {
        let bytes = Array(text.utf8)
        guard bytes.count <= Self.maximumLength else {
            throw LayoutError(.invalidText, "the text is \(bytes.count) bytes of UTF-8; at most \(Self.maximumLength) are allowed")
        }
        self.text = text
        self.style = style
        self.bytes = bytes
        self.paragraphs = try bytes.withUnsafeBufferPointer { buffer in
            try splitParagraphs(buffer).map { try PreparedParagraph.prepare($0, bytes: buffer, style: style) }
        }
    }

    /// A preparation assembled from parts (an edit's).
    init(text: String, style: TextStyle, bytes: [UInt8], paragraphs: [PreparedParagraph]) {
        self.text = text
        self.style = style
        self.bytes = bytes
        self.paragraphs = paragraphs
    }

    /// Prepares `text` in `font` at `size` pixels.
    public init(_ text: String, font: Font, size: Double = 17) throws {
        try self.init(text, style: TextStyle(font: font, size: size))
    }

    /// Roughly the memory the preparation holds, in bytes (for cache budgets).
    public var estimatedBytes: Int {
        var total = bytes.count * 2 + 64
        for paragraph in paragraphs { total += paragraph.estimatedBytes }
        return total
    }

    /// The `String.Index` of a UTF-8 byte offset into ``text``.
    func index(ofByte offset: Int) -> String.Index {
        text.utf8.index(text.utf8.startIndex, offsetBy: offset)
    }
}
