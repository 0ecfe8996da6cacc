// One mask format compiled: its slots and literals; whether typed text fits, reading pasted text into slots, and drawing the literals around it.

/// The kind of a piece of a mask's drawn text, for renderers that style literals and slot characters.
public enum MaskSpanKind: String, Sendable, CaseIterable {
    /// A character the user typed.
    case input
    /// A literal of the format (such as `(` or `-`).
    case literal
    /// The slot character drawn in an empty slot (`whole` appearance). Its raw value, written in
    /// JSON and as a span's `role`, is `placeholder`.
    case slotCharacter = "placeholder"

    /// The former name of ``slotCharacter``.
    @available(*, deprecated, renamed: "slotCharacter")
    public static var placeholder: MaskSpanKind { .slotCharacter }
}

/// A run of a mask's drawn text of one kind, as UTF-16 offsets of the drawn text.
public struct MaskSpan: Sendable, Hashable {
    public var kind: MaskSpanKind
    public var range: Range<Int>

    public init(kind: MaskSpanKind, range: Range<Int>) {
        self.kind = kind
        self.range = range
    }
}

/// A typed text drawn through a format: the drawn text, where each typed cluster is, the caret
/// stops and the spans of each kind.
struct MaskRendering {
    var text = ""
    var characterRanges: [Range<Int>] = []
    var stops: [Int] = []
    var spans: [MaskSpan] = []
    private var length = 0

    /// Appends one drawn character of `kind`, merging it into the last span when that is of the same kind.
    mutating func append(_ character: Character, _ kind: MaskSpanKind) {
        let range = length..<(length + character.utf16.count)
        text.append(character)
        length = range.upperBound
        if kind == .input { characterRanges.append(range) }
        if let last = spans.last, last.kind == kind, last.range.upperBound == range.lowerBound {
            spans[spans.count - 1].range = last.range.lowerBound..<range.upperBound
        } else {
            spans.append(MaskSpan(kind: kind, range: range))
        }
    }

    var end: Int { length }

    /// Draws `string` as input at the caret stop of typed boundary `k` (an input method's marked
    /// text, drawn as it is among the literals): each of its grapheme clusters gets a range and a
    /// caret stop, and what is drawn after the stop moves along.
    mutating func insert(_ string: String, atStop k: Int) {
        let at = stops[k]
        let count = string.utf16.count
        var inserted: [Range<Int>] = []
        var offset = at
        for character in string {
            inserted.append(offset..<(offset + character.utf16.count))
            offset += character.utf16.count
        }
        func moved(_ range: Range<Int>) -> Range<Int> { (range.lowerBound + count)..<(range.upperBound + count) }
        text.insert(contentsOf: string, at: text.utf16.index(text.utf16.startIndex, offsetBy: at))
        length += count
        characterRanges = characterRanges[..<k] + inserted + characterRanges[k...].map(moved)
        stops = stops[..<k] + inserted.map(\.lowerBound) + stops[k...].map { $0 + count }
        // The spans before the stop stay, the one it cuts is split, the rest move; the marked text is an input span.
        var pieces: [MaskSpan] = []
        for span in spans where span.range.lowerBound < at {
            pieces.append(MaskSpan(kind: span.kind, range: span.range.lowerBound..<min(span.range.upperBound, at)))
        }
        pieces.append(MaskSpan(kind: .input, range: at..<(at + count)))
        for span in spans where span.range.upperBound > at {
            pieces.append(MaskSpan(kind: span.kind, range: moved(max(span.range.lowerBound, at)..<span.range.upperBound)))
        }
        spans = []
        for piece in pieces where !piece.range.isEmpty {
            if let last = spans.last, last.kind == piece.kind, last.range.upperBound == piece.range.lowerBound {
                spans[spans.count - 1].range = last.range.lowerBound..<piece.range.upperBound
            } else {
                spans.append(piece)
            }
        }
    }
}

/// A format compiled against its symbols.
struct MaskFormat: Sendable {
    enum Element: Sendable {
        case slot(Character)
        case literal(Character)
    }

    let source: String
    let elements: [Element]
    /// The element index of each slot.
    let slots: [Int]
    let symbols: [Character: MaskSymbol]

    init(_ format: String, symbols: [Character: MaskSymbol]) {
        source = format
        let characters = Array(format)
        elements = characters.map { symbols[$0] != nil ? .slot($0) : .literal($0) }
        slots = characters.indices.filter { symbols[characters[$0]] != nil }
        self.symbols = symbols
    }

    var slotCount: Int { slots.count }

    /// Whether slot `k` accepts `character`.
    func slot(_ k: Int, accepts character: Character) -> Bool {
        guard case let .slot(symbol) = elements[slots[k]] else { return false }
        return symbols[symbol]!.accepts(character)
    }

    /// Whether a typed text fits: no more clusters than slots, each accepted by its slot.
    func accepts(_ text: String) -> Bool {
        var k = 0
        for character in text {
            guard k < slotCount, slot(k, accepts: character) else { return false }
            k += 1
        }
        return true
    }

    /// Reads `inserted` into the slots from slot `k` on, as typed or pasted there.
    ///
    /// The walk starts at the literals just before slot `k`. A character equal to the literal the
    /// walk stands on is that literal, typed or pasted (a fully formatted value), and is skipped; a
    /// literal the input does not repeat is passed over. At a slot, the character must be
    /// accepted: strict reading fails, lenient reading drops it and tries the next character in the
    /// same slot. Past the last slot and its literals, strict reading fails and lenient reading stops.
    /// - Returns: The characters for the slots, and whether any were dropped; nil when strict reading fails.
    func read(_ inserted: String, fromSlot k: Int, lenient: Bool) -> (characters: String, dropped: Bool)? {
        var element = k == 0 ? 0 : (k <= slotCount ? slots[k - 1] + 1 : elements.count)
        var slot = k
        var out = ""
        var dropped = false
        for character in inserted {
            var placed = false
            while !placed {
                guard element < elements.count else {
                    if lenient { return (out, true) }
                    return nil
                }
                switch elements[element] {
                case let .literal(literal):
                    element += 1
                    if character == literal { placed = true }
                case .slot:
                    if self.slot(slot, accepts: character) {
                        out.append(character)
                        element += 1
                        slot += 1
                    } else if lenient {
                        dropped = true
                    } else {
                        return nil
                    }
                    placed = true
                }
            }
        }
        return (out, dropped)
    }

    /// The characters of `text` that still fit once they move to slot `k` on: each goes to the
    /// next slot if that slot accepts it, and is dropped otherwise; those past the last slot are dropped.
    func refit(_ text: Substring, fromSlot k: Int) -> String {
        var out = ""
        var slot = k
        for character in text where slot < slotCount {
            if self.slot(slot, accepts: character) {
                out.append(character)
                slot += 1
            }
        }
        return out
    }

    /// Draws a typed text (which fits) through the format in `appearance`.
    ///
    /// Caret stops: before each typed cluster; for the end, where the next typed cluster would be
    /// drawn when the literals before it show (`leftAndRight`, `whole`, or the prefix of an empty
    /// text), else right after the last typed cluster.
    /// - Parameter bullet: Drawn instead of each typed cluster (secure entry), or nil.
    func render(_ typed: [Character], appearance: MaskAppearance, slotCharacter: (Character) -> Character,
                bullet: Character? = nil) -> MaskRendering {
        var out = MaskRendering()
        let n = min(typed.count, slotCount)
        func literals(_ range: Range<Int>) {
            for e in range { if case let .literal(l) = elements[e] { out.append(l, .literal) } }
        }
        func input(_ k: Int) {
            out.stops.append(out.end)
            out.append(bullet ?? typed[k], .input)
        }
        let trailing = slots[slotCount - 1] + 1..<elements.count
        switch appearance {
        case .whole:
            var k = 0
            var endStop: Int?
            for element in elements {
                switch element {
                case let .literal(l): out.append(l, .literal)
                case let .slot(symbol):
                    if k < n {
                        input(k)
                    } else {
                        if k == n { endStop = out.end }
                        out.append(slotCharacter(symbol), .slotCharacter)
                    }
                    k += 1
                }
            }
            out.stops.append(endStop ?? out.characterRanges[n - 1].upperBound)
        case .leftOnly, .leftAndRight:
            literals(0..<slots[0])
            for k in 0..<n {
                if k > 0 { literals(slots[k - 1] + 1..<slots[k]) }
                input(k)
            }
            if n < slotCount, n > 0, appearance == .leftAndRight { literals(slots[n - 1] + 1..<slots[n]) }
            out.stops.append(out.end)
            literals(trailing)
        }
        return out
    }
}
