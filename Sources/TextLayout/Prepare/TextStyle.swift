// The style a text is prepared in: its font and size.

/// The font and size a text is shaped and measured in.
public struct TextStyle: Sendable, Hashable {
    /// The largest size accepted, in pixels per em.
    public static let maximumSize = 10_000.0

    /// The primary font: it shapes the text and gives the height of empty lines.
    public var font: Font
    /// The em size in pixels.
    public var size: Double

    /// - Throws: ``LayoutError`` `.invalidArgument` when `size` is not a finite number in (0, 10000].
    public init(font: Font, size: Double = 17) throws {
        try requirePositive(size, "size")
        guard size <= Self.maximumSize else {
            throw LayoutError(.invalidArgument, "size must be at most \(Self.maximumSize) px, got \(size)")
        }
        self.font = font
        self.size = size
    }

    /// Pixels per font unit of the primary font.
    var scale: Double { font.metrics.scale(size: size) }

    /// The width of a tab stop: 8 spaces of the primary font (Pango's and CSS's default).
    var tabStop: Double { Double(8 * font.spaceAdvance) * scale }
}
