// Maps positions between the typed text and the drawn text: the same text, bullets, a placeholder, or a mask's literals around the input.
import TextLayout

/// How offsets of the typed text correspond to offsets of the drawn text.
///
/// The drawn text is the typed text itself (identity), or a text in which each typed grapheme
/// cluster is drawn as one piece (a bullet when secure, itself among a mask's literals), or a
/// placeholder that stands for an empty text. Carets of the typed text stand on its grapheme
/// boundaries; each boundary `k` (the number of clusters before it) has one caret stop in the drawn
/// text: where the `k`th typed cluster is drawn, or for the end, where the next one would go.
struct DisplayMap: Sendable {
    /// The drawn text's UTF-16 offset of the caret at each typed boundary; nil for the identity.
    let stops: [Int]?
    /// The typed text's UTF-16 offset of each boundary (0 first, the text's length last).
    let typedOffsets: [Int]
    /// Where each typed grapheme cluster is drawn, as UTF-16 ranges of the drawn text, ascending.
    let characterRanges: [Range<Int>]

    /// The drawn text is the typed text.
    static let identity = DisplayMap(stops: nil, typedOffsets: [], characterRanges: [])

    /// A placeholder stands for the empty typed text: its one caret stop is at the drawn text's start.
    static let placeholder = DisplayMap(stops: [0], typedOffsets: [0], characterRanges: [])

    /// Each typed grapheme cluster drawn at `characterRanges`, with the given caret stops.
    /// - Parameter typed: The typed text's clusters: those of the text, or (while an input method
    ///   composes in a mask field) those of the text around the marked text with the marked text's
    ///   between, as they are drawn.
    init(typed: some Sequence<Character>, characterRanges: [Range<Int>], stops: [Int]) {
        var offsets = [0]
        offsets.reserveCapacity(characterRanges.count + 1)
        for character in typed { offsets.append(offsets[offsets.count - 1] + character.utf16.count) }
        precondition(offsets.count == characterRanges.count + 1 && stops.count == offsets.count, "one range per grapheme cluster")
        self.init(stops: stops, typedOffsets: offsets, characterRanges: characterRanges)
    }

    /// One drawn piece of `pieceLength` UTF-16 units per typed grapheme cluster of `typed` (bullets).
    init(typed: String, pieceLength: Int) {
        let count = typed.count
        let ranges = (0..<count).map { $0 * pieceLength..<($0 + 1) * pieceLength }
        self.init(typed: typed, characterRanges: ranges, stops: (0...count).map { $0 * pieceLength })
    }

    private init(stops: [Int]?, typedOffsets: [Int], characterRanges: [Range<Int>]) {
        self.stops = stops
        self.typedOffsets = typedOffsets
        self.characterRanges = characterRanges
    }

    var isIdentity: Bool { stops == nil }

    /// The typed boundary index at or before a typed UTF-16 offset.
    func boundary(ofTyped offset: Int) -> Int {
        lastIndex(in: typedOffsets, atOrBefore: offset)
    }

    /// The drawn text's caret offset for a typed UTF-16 offset (a grapheme boundary).
    func displayOffset(ofTyped offset: Int) -> Int {
        guard let stops else { return offset }
        return stops[boundary(ofTyped: offset)]
    }

    /// The typed UTF-16 offset for an offset of the drawn text: the boundary after every typed
    /// cluster drawn before it (a caret among literals goes to the typed boundary they follow).
    func typedOffset(ofDisplay offset: Int) -> Int {
        guard stops != nil else { return offset }
        return typedOffsets[firstIndex(count: characterRanges.count, atOrAfter: offset) { characterRanges[$0].lowerBound }]
    }

    /// Whether a drawn offset is the caret stop of the typed boundary it maps to.
    func isStop(_ displayOffset: Int) -> Bool {
        guard let stops else { return true }
        return stops[boundary(ofTyped: typedOffset(ofDisplay: displayOffset))] == displayOffset
    }

    /// The drawn ranges that show a typed range, merged where they touch (a mask's literals
    /// between typed clusters are not part of them).
    func displayRanges(ofTyped range: Range<Int>) -> [Range<Int>] {
        guard stops != nil else { return range.isEmpty ? [] : [range] }
        let first = boundary(ofTyped: range.lowerBound)
        let last = boundary(ofTyped: range.upperBound)
        var merged: [Range<Int>] = []
        for k in first..<max(first, last) {
            let piece = characterRanges[k]
            if let previous = merged.last, previous.upperBound == piece.lowerBound {
                merged[merged.count - 1] = previous.lowerBound..<piece.upperBound
            } else {
                merged.append(piece)
            }
        }
        return merged
    }
}
