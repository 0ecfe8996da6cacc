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
    /// The input, literal and slot character runs of ``text`` under a mask; empty otherwise.
    var maskSpans: [MaskSpan]
    /// The spans ``text`` is laid out with: a mask's literals and slot characters in their styles.
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
    /// `marked`: the UTF-8 range of an input method's marked text in `text`. Without a mask it is
    /// drawn as the rest of the text is; in a mask field it is not read into the slots (the rules
    /// of the mask wait for its commit): the text without it goes through the mask, and it is drawn
    /// as it is at the caret stop where it stands, the literals and slot characters after it moving along.
    static func display(text: String, marked: Range<Int>?, inlineObjects: [InlineObject], enabled: Bool,
                        configuration: EditorConfiguration, formats: [MaskFormat]) -> Display {
        let mask = configuration.mask
        var typed = text
        var markedText = ""
        var markedBoundary = 0
        if mask != nil, let marked {
            let range = text.indexRange(ofUTF8Range: marked)
            let before = String(text[..<range.lowerBound])
            typed = before + text[range.upperBound...]
            markedText = String(text[range])
            markedBoundary = before.count
        }
        let format = mask == nil ? nil : formats.first { $0.accepts(typed) }
        func formatted() -> String {
            guard let mask, let format else { return text }
            return format.render(Array(typed), appearance: mask.appearance, slotCharacter: mask.slotCharacter(for:)).text
        }
        if !enabled, !configuration.disabledPlaceholder.isEmpty {
            return Display(text: configuration.disabledPlaceholder, isPlaceholder: true, formattedText: formatted(), map: .placeholder, maskSpans: [])
        }
        if text.isEmpty, !configuration.placeholder.isEmpty {
            return Display(text: configuration.placeholder, isPlaceholder: true, formattedText: formatted(), map: .placeholder, maskSpans: [])
        }
        if let mask, let format {
            var rendering = format.render(Array(typed), appearance: mask.appearance, slotCharacter: mask.slotCharacter(for:),
                                          bullet: configuration.secure ? bullet : nil)
            let formattedText = configuration.secure ? formatted() : rendering.text
            var clusters = Array(typed)
            if !markedText.isEmpty {
                let k = min(markedBoundary, clusters.count)
                rendering.insert(markedText, atStop: k)
                clusters.insert(contentsOf: markedText, at: k)
            }
            return Display(text: rendering.text, isPlaceholder: false, formattedText: formattedText,
                           map: DisplayMap(typed: clusters, characterRanges: rendering.characterRanges, stops: rendering.stops),
                           maskSpans: rendering.spans, styledSpans: mask.styledSpans(rendering.spans))
        }
        if configuration.secure {
            return Display(text: String(repeating: bullet, count: text.count), isPlaceholder: false, formattedText: text,
                           map: DisplayMap(typed: text, pieceLength: bullet.utf16.count), maskSpans: [])
        }
        return Display(text: text, isPlaceholder: false, formattedText: text, map: .identity, maskSpans: [], inlineObjects: inlineObjects)
    }
}
