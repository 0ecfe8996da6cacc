// Input masks as FormattableTextView configures them: formats of input slots and literals, the symbols' character sets, appearance, strict or lenient, literal and slot character styles.
import TextLayout

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
    /// The whole format: every literal, and a slot character in each empty slot. The caret and the
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

/// How a mask's literals or its slot characters are drawn. The editor lays them out as styled spans
/// (`StyledSpan`) with `attributes` `role` (`literal`, or `placeholder` for slot characters) and,
/// when given, `color`:
/// a font or size changes the layout (and the height), a colour only the picture.
public struct MaskTextStyle: Sendable, Hashable {
    /// A CSS hex colour, `#rrggbb` or `#rrggbbaa` (also `#rgb`, `#rgba`), for renderers; nil for
    /// the renderer's default (the text's colour for literals, gray for slot characters).
    public var color: String?
    /// Their own font (fallback fonts come from its context), or nil for the editor's.
    public var font: Font?
    /// Their own em size in pixels, or nil for the editor's.
    public var size: Double?

    public init(color: String? = nil, font: Font? = nil, size: Double? = nil) {
        self.color = color
        self.font = font
        self.size = size
    }

    /// Whether `text` is a CSS hex colour: `#` and 3, 4, 6 or 8 hexadecimal digits.
    public static func isHexColor(_ text: String) -> Bool {
        text.first == "#" && [4, 5, 7, 9].contains(text.count) && text.dropFirst().allSatisfy(\.isHexDigit)
    }

    /// Checks the colour and the size, naming the style.
    func validate(_ name: String) throws(EditorError) {
        if let color, !Self.isHexColor(color) {
            throw EditorError(.invalidArgument, "\(name).color must be a CSS hex colour such as #888888 or #88888880, got '\(color)'")
        }
        if let size, !(size.isFinite && size > 0 && size <= TextSettings.maximumSize) {
            throw EditorError(.invalidArgument, "\(name).size must be a number of pixels above 0 and at most \(plainNumber(TextSettings.maximumSize)), got \(plainNumber(size))")
        }
    }

    /// The span of `range` in this style, with its role.
    package func span(_ range: Range<Int>, role: MaskSpanKind) -> StyledSpan {
        var attributes = ["role": role.rawValue]
        if let color { attributes["color"] = color }
        return StyledSpan(range: range, font: font, size: size, attributes: attributes)
    }
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
    /// What `whole` draws in an empty slot, by mask letter; `_` for a letter without one (the
    /// config's JSON key `placeholders`).
    public var slotCharacters: [Character: Character]
    public var mode: MaskMode
    /// How the literals are drawn; nil draws them as the typed text (still as spans of role `literal`).
    public var literalStyle: MaskTextStyle?
    /// How the slot characters of empty slots are drawn; nil leaves their colour to the renderer
    /// (gray in `TextRender`). The config's JSON key is `placeholderStyle`.
    public var slotCharacterStyle: MaskTextStyle?

    public init(formats: [String], formatSymbols: [Character: MaskSymbol] = InputMask.defaultSymbols,
                appearance: MaskAppearance = .leftOnly, slotCharacters: [Character: Character] = [:], mode: MaskMode = .strict,
                literalStyle: MaskTextStyle? = nil, slotCharacterStyle: MaskTextStyle? = nil) {
        self.formats = formats
        self.formatSymbols = formatSymbols
        self.appearance = appearance
        self.slotCharacters = slotCharacters
        self.mode = mode
        self.literalStyle = literalStyle
        self.slotCharacterStyle = slotCharacterStyle
    }

    public init(format: String, formatSymbols: [Character: MaskSymbol] = InputMask.defaultSymbols,
                appearance: MaskAppearance = .leftOnly, slotCharacters: [Character: Character] = [:], mode: MaskMode = .strict,
                literalStyle: MaskTextStyle? = nil, slotCharacterStyle: MaskTextStyle? = nil) {
        self.init(formats: [format], formatSymbols: formatSymbols, appearance: appearance, slotCharacters: slotCharacters, mode: mode,
                  literalStyle: literalStyle, slotCharacterStyle: slotCharacterStyle)
    }

    /// The former initializer, with ``slotCharacters`` and ``slotCharacterStyle`` under their old names.
    @available(*, deprecated, renamed: "init(formats:formatSymbols:appearance:slotCharacters:mode:literalStyle:slotCharacterStyle:)")
    public init(formats: [String], formatSymbols: [Character: MaskSymbol] = InputMask.defaultSymbols,
                appearance: MaskAppearance = .leftOnly, placeholders: [Character: Character], mode: MaskMode = .strict,
                literalStyle: MaskTextStyle? = nil, placeholderStyle: MaskTextStyle? = nil) {
        self.init(formats: formats, formatSymbols: formatSymbols, appearance: appearance, slotCharacters: placeholders, mode: mode,
                  literalStyle: literalStyle, slotCharacterStyle: placeholderStyle)
    }

    /// The former initializer, with ``slotCharacters`` and ``slotCharacterStyle`` under their old names.
    @available(*, deprecated, renamed: "init(format:formatSymbols:appearance:slotCharacters:mode:literalStyle:slotCharacterStyle:)")
    public init(format: String, formatSymbols: [Character: MaskSymbol] = InputMask.defaultSymbols,
                appearance: MaskAppearance = .leftOnly, placeholders: [Character: Character], mode: MaskMode = .strict,
                literalStyle: MaskTextStyle? = nil, placeholderStyle: MaskTextStyle? = nil) {
        self.init(formats: [format], formatSymbols: formatSymbols, appearance: appearance, slotCharacters: placeholders, mode: mode,
                  literalStyle: literalStyle, slotCharacterStyle: placeholderStyle)
    }

    /// The former name of ``slotCharacters``.
    @available(*, deprecated, renamed: "slotCharacters")
    public var placeholders: [Character: Character] {
        get { slotCharacters }
        set { slotCharacters = newValue }
    }

    /// The former name of ``slotCharacterStyle``.
    @available(*, deprecated, renamed: "slotCharacterStyle")
    public var placeholderStyle: MaskTextStyle? {
        get { slotCharacterStyle }
        set { slotCharacterStyle = newValue }
    }

    /// The slot character of an empty slot of `symbol`.
    func slotCharacter(for symbol: Character) -> Character { slotCharacters[symbol] ?? "_" }

    /// The styled spans that lay out a drawn text's literals and slot characters (input is unstyled).
    package func styledSpans(_ spans: [MaskSpan]) -> [StyledSpan] {
        spans.compactMap { span in
            switch span.kind {
            case .input: nil
            case .literal: (literalStyle ?? MaskTextStyle()).span(span.range, role: .literal)
            case .slotCharacter: (slotCharacterStyle ?? MaskTextStyle()).span(span.range, role: .slotCharacter)
            }
        }
    }

    /// Checks the mask: at least one format, each with at least one slot, slot characters only for
    /// known symbols, and the literal and slot character styles. The messages name the settings as
    /// Swift does (`slotCharacters`, `slotCharacterStyle`); the boundary says them as a config
    /// spells them (`placeholders`, `placeholderStyle`).
    func validate() throws(EditorError) {
        guard !formats.isEmpty else { throw EditorError(.invalidArgument, "a mask needs at least one format") }
        for format in formats where !format.contains(where: { formatSymbols[$0] != nil }) {
            let symbols = formatSymbols.keys.map { String($0) }.sorted().joined(separator: ", ")
            throw EditorError(.invalidArgument, "mask format '\(format)' has no input slot; its symbols are: \(symbols)")
        }
        if let unknown = slotCharacters.keys.first(where: { formatSymbols[$0] == nil }) {
            throw EditorError(.invalidArgument, "placeholder for '\(unknown)', which is not a mask symbol; every key of slotCharacters must be one of formatSymbols")
        }
        try literalStyle?.validate("literalStyle")
        try slotCharacterStyle?.validate("slotCharacterStyle")
    }
}
