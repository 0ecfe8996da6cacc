// Input masks as FormattableTextView configures them: formats of input slots and literals, the symbols' character sets, appearance, strict or lenient.

/// What a mask symbol (a letter of a format, such as `d`) accepts in its slot: one grapheme cluster at a time.
public struct MaskSymbol: Sendable {
    private let test: @Sendable (Character) -> Bool

    /// A symbol that accepts the grapheme clusters `accepts` returns true for.
    public init(_ accepts: @escaping @Sendable (Character) -> Bool) {
        test = accepts
    }

    public func accepts(_ character: Character) -> Bool { test(character) }

    /// The ASCII digits 0-9 only (not other scripts' digits, not a digit with a combining mark).
    public static let asciiDigit = MaskSymbol { character in
        let scalars = character.unicodeScalars
        return scalars.count == 1 && (0x30...0x39).contains(scalars.first!.value)
    }

    /// Letters of any script (a letter with its combining marks counts as one).
    public static let letter = MaskSymbol { $0.isLetter }

    /// Any grapheme cluster.
    public static let anyCharacter = MaskSymbol { _ in true }

    /// Exactly the grapheme clusters of `characters`.
    public static func oneOf(_ characters: String) -> MaskSymbol {
        let set = Set(characters)
        return MaskSymbol { set.contains($0) }
    }
}

/// Which literals of a format are drawn around the typed characters.
public enum MaskAppearance: String, Sendable, CaseIterable {
    /// The literals up to the last typed character, the leading prefix (even before anything is
    /// typed) and the format's trailing literals (a suffix such as " ₽").
    case leftOnly
    /// As `leftOnly`, and the literals right after the last typed character.
    case leftAndRight
    /// The whole format: every literal, and a placeholder in each empty slot. The caret and the
    /// text after it stay still while typing only with a monospaced font.
    case whole
}

/// What an edit that does not fit the mask does.
public enum MaskMode: String, Sendable, CaseIterable {
    /// The edit is refused whole (FormattableTextView's behaviour).
    case strict
    /// The characters that fit are kept, the others dropped: "(912) 345-67-89" pastes as
    /// "9123456789" into `+7(ddd)ddd-dd-dd`.
    case lenient
}

/// An input mask: the typed text holds only input characters; the literals of the format are drawn
/// around them.
///
/// Each grapheme cluster of a format that is a key of `formatSymbols` is an input slot accepting
/// what its symbol accepts; every other one is a literal. With several formats, the first that
/// accepts the typed text formats it. The caret never stands inside literals, backspace deletes
/// the typed character before the caret, and an insertion or deletion in the middle reflows the
/// characters after it across the literals.
public struct InputMask: Sendable {
    /// The symbols FormattableTextView knows: `d` an ASCII digit, `w` a letter, `*` any grapheme cluster.
    public static let defaultSymbols: [Character: MaskSymbol] = ["d": .asciiDigit, "w": .letter, "*": .anyCharacter]

    /// The formats, tried in order, such as `+7(ddd)ddd-dd-dd`.
    public var formats: [String]
    /// The mask letters and what their slots accept.
    public var formatSymbols: [Character: MaskSymbol]
    public var appearance: MaskAppearance
    /// What `whole` draws in an empty slot, by mask letter; `_` for a letter without one.
    public var placeholders: [Character: Character]
    public var mode: MaskMode

    public init(formats: [String], formatSymbols: [Character: MaskSymbol] = InputMask.defaultSymbols,
                appearance: MaskAppearance = .leftOnly, placeholders: [Character: Character] = [:], mode: MaskMode = .strict) {
        self.formats = formats
        self.formatSymbols = formatSymbols
        self.appearance = appearance
        self.placeholders = placeholders
        self.mode = mode
    }

    public init(format: String, formatSymbols: [Character: MaskSymbol] = InputMask.defaultSymbols,
                appearance: MaskAppearance = .leftOnly, placeholders: [Character: Character] = [:], mode: MaskMode = .strict) {
        self.init(formats: [format], formatSymbols: formatSymbols, appearance: appearance, placeholders: placeholders, mode: mode)
    }

    /// The placeholder of an empty slot of `symbol`.
    func placeholder(for symbol: Character) -> Character { placeholders[symbol] ?? "_" }

    /// Checks the mask: at least one format, each with at least one slot, and placeholders only
    /// for known symbols.
    func validate() throws(EditorError) {
        guard !formats.isEmpty else { throw EditorError(.invalidArgument, "a mask needs at least one format") }
        for format in formats where !format.contains(where: { formatSymbols[$0] != nil }) {
            let symbols = formatSymbols.keys.map { String($0) }.sorted().joined(separator: ", ")
            throw EditorError(.invalidArgument, "mask format '\(format)' has no input slot; its symbols are: \(symbols)")
        }
        if let unknown = placeholders.keys.first(where: { formatSymbols[$0] == nil }) {
            throw EditorError(.invalidArgument, "placeholder for '\(unknown)', which is not a mask symbol; every key of placeholders must be one of formatSymbols")
        }
    }
}
