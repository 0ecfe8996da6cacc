// What is drawn for the typed text (the text, bullets, a placeholder or the mask's formatted text), its styled spans, and how positions map between them.
import TextLayout

/// What an editor draws for its text now.
struct Display: Sendable {
    /// The drawn (and measured) text.
    var text: String
    /// Whether ``text`` is the placeholder or the disabled placeholder.
    var isPlaceholder: Bool
    /// The typed text with its mask's literals (the typed text without a mask); never bullets or a placeholder.
    var formattedText: String
    /// Positions of the typed text in ``text``.
    var map: DisplayMap
    /// The input, literal and placeholder runs of ``text`` under a mask; empty otherwise.
    var maskSpans: [MaskSpan]
    /// The spans ``text`` is laid out with: a mask's literals and placeholders in their styles.
    var styledSpans: [StyledSpan] = []
    /// The inline objects ``text`` is laid out with: the editor's, when the text is drawn as it is.
    var inlineObjects: [InlineObject] = []
}

extension EditorModel {
    /// The bullet secure entry draws for each grapheme cluster.
    static let bullet: Character = "\u{2022}"

    /// What is drawn for `text`: the disabled placeholder while disabled (when one is given), the
    /// placeholder while the text is empty (when one is given), else the text, through the mask
    /// when there is one (the first format that accepts the text), with bullets when secure.
    /// `inlineObjects` stand at the text's U+FFFC characters (a masked or secure field has none).
    static func display(text: String, inlineObjects: [InlineObject], enabled: Bool, configuration: EditorConfiguration,
                        formats: [MaskFormat]) -> Display {
        let mask = configuration.mask
        let format = mask == nil ? nil : formats.first { $0.accepts(text) }
        func formatted() -> String {
            guard let mask, let format else { return text }
            return format.render(Array(text), appearance: mask.appearance, placeholder: mask.placeholder(for:)).text
        }
        if !enabled, !configuration.disabledPlaceholder.isEmpty {
            return Display(text: configuration.disabledPlaceholder, isPlaceholder: true, formattedText: formatted(), map: .placeholder, maskSpans: [])
        }
        if text.isEmpty, !configuration.placeholder.isEmpty {
            return Display(text: configuration.placeholder, isPlaceholder: true, formattedText: formatted(), map: .placeholder, maskSpans: [])
        }
        if let mask, let format {
            let rendering = format.render(Array(text), appearance: mask.appearance, placeholder: mask.placeholder(for:),
                                          bullet: configuration.secure ? bullet : nil)
            return Display(text: rendering.text, isPlaceholder: false,
                           formattedText: configuration.secure ? formatted() : rendering.text,
                           map: DisplayMap(text: text, characterRanges: rendering.characterRanges, stops: rendering.stops),
                           maskSpans: rendering.spans, styledSpans: mask.styledSpans(rendering.spans))
        }
        if configuration.secure {
            return Display(text: String(repeating: bullet, count: text.count), isPlaceholder: false, formattedText: text,
                           map: DisplayMap(text: text, pieceLength: bullet.utf16.count), maskSpans: [])
        }
        return Display(text: text, isPlaceholder: false, formattedText: text, map: .identity, maskSpans: [], inlineObjects: inlineObjects)
    }
}
