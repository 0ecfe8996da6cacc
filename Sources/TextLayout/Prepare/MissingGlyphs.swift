// The characters no font could draw: each is measured and drawn as its font's .notdef box; counted, located and described here so that no result hides them.

/// A character of the text that no font of the context has: it is shaped as the .notdef glyph
/// (glyph 0, usually an empty box) of the font it fell to, and measured as that glyph.
///
/// HarfBuzz gives each code point without a glyph a .notdef of its own, in its base's cluster for
/// a mark: each is an entry of its own, at the code point's offset, even when the base before it
/// is drawn (a kasra the font of a `(` lacks is U+0650, not U+0028).
public struct MissingGlyph: Sendable, Hashable {
    /// Where the code point starts, in UTF-16 code units.
    public var utf16Offset: Int
    /// The code point drawn as the box.
    public var scalar: Unicode.Scalar

    /// A missing glyph at `utf16Offset` for `scalar` (tests make the ones they expect).
    package init(utf16Offset: Int, scalar: Unicode.Scalar) {
        self.utf16Offset = utf16Offset
        self.scalar = scalar
    }
}

extension PreparedText {
    /// How many characters of the text are drawn as a .notdef box because neither the font nor
    /// any fallback font has them (as Pango's unknown-glyph count): 0 when every character is drawn.
    /// Tabs, drawn as spaces, and characters that need no glyph (controls HarfBuzz hides,
    /// default-ignorable characters) are never counted.
    /// - Complexity: O(paragraphs).
    public var missingGlyphCount: Int {
        paragraphs.storedParagraphs.reduce(0) { $0 + $1.missingGlyphCharacters.count }
    }

    /// The characters ``missingGlyphCount`` counts, in text order.
    /// - Complexity: O(n) in the length of the paragraphs that hold them.
    public var missingGlyphs: [MissingGlyph] {
        var found: [MissingGlyph] = []
        bytes.withUnsafeBufferPointer { bytes in
            for (k, paragraph) in paragraphs.enumerated() where !paragraph.missingGlyphCharacters.isEmpty {
                var counter = UTF16OffsetCounter(bytes, byteOffset: paragraph.range.start, utf16Offset: paragraphs.start(of: k).utf16)
                for character in paragraph.missingGlyphCharacters {
                    let scalar = Unicode.Scalar(decodeScalar(bytes, at: character).0) ?? "\u{FFFD}"
                    found.append(MissingGlyph(utf16Offset: counter.utf16(at: character), scalar: scalar))
                }
            }
        }
        return found
    }

    /// A sentence for people that says which characters are drawn as boxes and what to do about
    /// it; nil when every character has a glyph.
    public var missingGlyphWarning: String? {
        let count = missingGlyphCount
        guard count > 0 else { return nil }
        let shown = 5
        var listed = missingGlyphs.prefix(shown).map { missing -> String in
            "U+\(String(missing.scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)) at \(missing.utf16Offset)"
        }.joined(separator: ", ")
        if count > shown { listed += " and \(count - shown) more" }
        let them = count == 1 ? "it" : "them"
        let remedy = "install a font that has \(them), or add one to the font folder when layouts are limited to one "
            + "(on Debian, fonts-noto-core, fonts-noto-cjk and fonts-noto-color-emoji cover most scripts and emoji)"
        return "\(count) character\(count == 1 ? " has" : "s have") no glyph in any font and \(count == 1 ? "is" : "are") drawn as the font's missing-glyph box (\(listed)): \(remedy)"
    }
}

extension Layout {
    /// The text's ``PreparedText/missingGlyphCount``: characters drawn as a .notdef box.
    public var missingGlyphCount: Int { prepared.missingGlyphCount }
}

extension GlyphRun {
    /// How many of the run's glyphs are its font's .notdef (glyph 0) standing for a character of
    /// the text (see ``PreparedText/missingGlyphs``); generated glyphs are not counted.
    public var missingGlyphCount: Int {
        glyphs.reduce(0) { $0 + ($1.id == 0 && !$1.isGenerated ? 1 : 0) }
    }
}

private extension String {
    func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
