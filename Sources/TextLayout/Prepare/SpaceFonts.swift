// Spaces and format characters moved to the fonts Pango draws them in (the font of the character before them), for the profile's `SpaceFont.previousCharacter`.

/// `runs` (the font runs of `range`, in order, tiling it) with the spaces moved to the fonts
/// Pango 1.50 draws them in (``SpaceFont/previousCharacter``), neighbouring runs of one font joined.
/// `emojiClusters` (ascending) are the clusters drawn as emoji: Pango itemizes them apart from the
/// text around them, as each script run, so a space after one starts afresh, in the font of the
/// text after it (or, between two emoji, in the first font that has it), and spaces never move
/// to the font of a run after them. Pango's runs end too where the bidi level changes (`levelChanges`).
func withSpacesInPreviousCharacterFonts(_ runs: [FontRun], _ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, list: FontFamilyList,
                                        emojiClusters: [Range<Int>], levelChanges: Set<Int>) -> [FontRun] {
    guard runs.count > 1 else { return runs }
    var characters = itemCharacters(runs, bytes, range: range, emojiClusters: emojiClusters)
    let itemStarts = Set(scriptRuns(bytes, range: range).map(\.range.lowerBound)).union(levelChanges)
    moveSpacesToPreviousCharacterFonts(&characters, bytes, itemStarts: itemStarts, list: list)
    return joinedRuns(characters, end: range.upperBound)
}

/// One character as Pango's itemizer sees it: the font fallback chose for it, whether it is a
/// space (or a format character, which Pango treats as one) that can move to another font,
/// whether it is drawn as emoji.
private struct ItemCharacter {
    var start: Int
    var font: Font
    var isSpace: Bool
    var isEmoji: Bool
}

/// The characters of `runs` (tiling `range`), each in its run's font; a space followed by a mark
/// or joiner is none that moves, and an emoji cluster's characters are marked as such.
private func itemCharacters(_ runs: [FontRun], _ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>,
                            emojiClusters: [Range<Int>]) -> [ItemCharacter] {
    var characters: [ItemCharacter] = []
    var emoji = emojiClusters.makeIterator()
    var nextEmoji = emoji.next()
    for run in runs {
        var i = run.range.lowerBound
        while i < run.range.upperBound {
            let (scalar, length) = decodeScalar(bytes, at: i)
            let next = i + length < range.upperBound ? decodeScalar(bytes, at: i + length).0 : 0x20
            while let cluster = nextEmoji, cluster.upperBound <= i { nextEmoji = emoji.next() }
            let isEmoji = nextEmoji?.contains(i) ?? false
            characters.append(ItemCharacter(start: i, font: run.font,
                                            isSpace: !isEmoji && (isSpaceSeparator(scalar) || isFontlessFormatCharacter(scalar)) && !extendsCluster(next),
                                            isEmoji: isEmoji))
            i += length
        }
    }
    return characters
}

/// Pango's rule: its runs (items) start where the script or the bidi level changes (`itemStarts`;
/// spaces join the script before them) and where emoji start or end; within one, each space takes
/// the font of the text it follows, the item's, and spaces between two fonts go to the later one
/// when that comes earlier in `list` (the primary, then the listed fonts, then fallback fonts).
/// Spaces at an item's start take the font of the first character after them. A font that lacks
/// both the space and U+0020 leaves the space where fallback put it.
private func moveSpacesToPreviousCharacterFonts(_ characters: inout [ItemCharacter], _ bytes: UnsafeBufferPointer<UInt8>,
                                                itemStarts: Set<Int>, list: FontFamilyList) {
    func rank(_ font: Font) -> Int {
        if font === list.primary { return 0 }
        return list.others.firstIndex { $0 === font }.map { $0 + 1 } ?? Int.max
    }
    func assign(_ k: Int, _ font: Font) {
        if font.hasGlyph(decodeScalar(bytes, at: characters[k].start).0) || font.hasGlyph(0x20) { characters[k].font = font }
    }
    var itemFont: Font? = nil
    var trailingSpaces: [Int] = []
    for k in characters.indices {
        if k > 0, characters[k].isEmoji != characters[k - 1].isEmoji || itemStarts.contains(characters[k].start) {
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
            if font !== current && rank(font) < rank(current) { for space in trailingSpaces { assign(space, font) } }
        } else {
            for space in trailingSpaces { assign(space, font) }
        }
        trailingSpaces.removeAll()
        itemFont = font
    }
}

/// The font runs of `characters` (the last ending at `end`): neighbours in one font joined.
private func joinedRuns(_ characters: [ItemCharacter], end: Int) -> [FontRun] {
    var result: [FontRun] = []
    for (k, character) in characters.enumerated() {
        let next = k + 1 < characters.count ? characters[k + 1].start : end
        if let last = result.last, last.font === character.font {
            result[result.count - 1].range = last.range.lowerBound..<next
        } else {
            result.append(FontRun(range: character.start..<next, font: character.font))
        }
    }
    return result
}

/// Whether `scalar` is a format character (general category Cf) that Pango's itemizer, as for a
/// space, gives no font of its own (its `consider_as_space`): a directional mark or embedding, a
/// zero-width space, the word joiner, the soft hyphen... Not those of the Arabic block, U+070F and
/// U+08E2, which are drawn; nor the joiners U+200C, U+200D and the tags, which belong to the
/// cluster of the character before them and stay in its font.
private func isFontlessFormatCharacter(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0xAD, 0x180E, 0x200B, 0x200E, 0x200F, 0x202A...0x202E, 0x2060...0x2064, 0x2066...0x206F, 0xFEFF, 0xFFF9...0xFFFB,
         0x110BD, 0x110CD, 0x13430...0x1343F, 0x1BCA0...0x1BCA3, 0x1D173...0x1D17A, 0xE0001: true
    default: false
    }
}

/// Whether `scalar` is a space separator (general category Zs) other than U+1680 OGHAM SPACE
/// MARK, which Pango draws as a letter.
private func isSpaceSeparator(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0x20, 0xA0, 0x2000...0x200A, 0x202F, 0x205F, 0x3000: true
    default: false
    }
}
