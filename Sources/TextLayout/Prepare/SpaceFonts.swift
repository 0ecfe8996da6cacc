// Which font draws a space between runs of different fonts: the first that has it (CSS), or the font of the character before it (Pango).

/// The font a space (a character of general category Zs) is drawn in when fallback puts the text
/// around it in other fonts than the primary.
public enum SpaceFont: String, Sendable, Hashable, CaseIterable {
    /// The first font of the list that has it, as for any character (CSS font matching): the
    /// primary font, most often.
    case firstFontWithIt = "first-font-with-it"
    /// As Pango 1.50's itemizer: the font of the character before it; spaces between two fonts
    /// go to the font after them when that one comes earlier in the font list (the primary
    /// before the listed fonts, these before fallback fonts); spaces at the start, to the font
    /// of the first character after them. A font that lacks the space keeps the first choice.
    case previousCharacter = "previous-character"
}

/// `runs` (the font runs of `range`, in order, tiling it) with the spaces moved to the fonts
/// Pango 1.50 draws them in (``SpaceFont/previousCharacter``), neighbouring runs of one font joined.
/// `emojiClusters` (ascending) are the clusters drawn as emoji: Pango itemizes them apart from the
/// text around them, as each script run, so a space after one starts afresh, in the font of the
/// text after it (or, between two emoji, in the first font that has it), and spaces never move
/// to the font of a run after them. Pango's runs end too where the bidi level changes (`levelChanges`).
func withPangoSpaceFonts(_ runs: [FontRun], _ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, list: FontFamilyList,
                         emojiClusters: [Range<Int>], levelChanges: Set<Int>) -> [FontRun] {
    guard runs.count > 1 else { return runs }
    func rank(_ font: Font) -> Int {
        if font === list.primary { return 0 }
        return list.others.firstIndex { $0 === font }.map { $0 + 1 } ?? Int.max
    }
    // Each character's font as fallback chose it, whether it is a space, whether it is drawn as emoji.
    var characters: [(start: Int, font: Font, isSpace: Bool, isEmoji: Bool)] = []
    var emoji = emojiClusters.makeIterator()
    var nextEmoji = emoji.next()
    for run in runs {
        var i = run.range.lowerBound
        while i < run.range.upperBound {
            let (scalar, length) = decodeScalar(bytes, at: i)
            let next = i + length < range.upperBound ? decodeScalar(bytes, at: i + length).0 : 0x20
            while let cluster = nextEmoji, cluster.upperBound <= i { nextEmoji = emoji.next() }
            let isEmoji = nextEmoji?.contains(i) ?? false
            characters.append((i, run.font, !isEmoji && isSpaceSeparator(scalar) && !extendsCluster(next), isEmoji))
            i += length
        }
    }
    func assign(_ k: Int, _ font: Font) {
        if font.hasGlyph(decodeScalar(bytes, at: characters[k].start).0) || font.hasGlyph(0x20) { characters[k].font = font }
    }
    // Pango's runs: a new one where the script changes (spaces join the script before them), where
    // the bidi level changes and where emoji start or end; within one, the font of the text the
    // spaces follow, as its item's.
    let scriptStarts = Set(scriptRuns(bytes, range: range).map(\.range.lowerBound))
    var itemFont: Font? = nil
    var trailingSpaces: [Int] = []
    for k in characters.indices {
        if k > 0, characters[k].isEmoji != characters[k - 1].isEmoji || scriptStarts.contains(characters[k].start)
            || levelChanges.contains(characters[k].start) {
            itemFont = nil
            trailingSpaces.removeAll()
        }
        if characters[k].isSpace {
            if let itemFont { assign(k, itemFont) }
            trailingSpaces.append(k)
            continue
        }
        let font = characters[k].font
        if let current = itemFont {
            // Spaces between two fonts go to the later one when it comes earlier in the list.
            if font !== current && rank(font) < rank(current) { for space in trailingSpaces { assign(space, font) } }
        } else {
            for space in trailingSpaces { assign(space, font) }
        }
        trailingSpaces.removeAll()
        itemFont = font
    }
    var result: [FontRun] = []
    for (k, character) in characters.enumerated() {
        let end = k + 1 < characters.count ? characters[k + 1].start : range.upperBound
        if let last = result.last, last.font === character.font {
            result[result.count - 1].range = last.range.lowerBound..<end
        } else {
            result.append(FontRun(range: character.start..<end, font: character.font))
        }
    }
    return result
}

/// Whether `scalar` is a space separator (general category Zs) other than U+1680 OGHAM SPACE
/// MARK, which Pango draws as a letter.
private func isSpaceSeparator(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0x20, 0xA0, 0x2000...0x200A, 0x202F, 0x205F, 0x3000: true
    default: false
    }
}
