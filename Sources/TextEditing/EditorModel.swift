// The editor model: text, caret, selection, focus and state; the text that is drawn is measured after every change.
import TextLayout

/// A growing text field, headless: every edit goes through it, and after each one ``snapshot``
/// says what to draw and how tall the editor is.
///
/// The model holds the text, the caret and selection (on grapheme cluster boundaries, as
/// `String.Index` and as UTF-16 offsets), focus, enabled and the field state, and the layout of
/// the text that is drawn: the text itself, one bullet per grapheme cluster when secure, the
/// text with its mask's literals around it, the placeholder while the text is empty, or the
/// disabled placeholder while disabled. With a mask, ``text``, the caret and the selection are
/// the typed characters only (with an input method's marked text while it composes, drawn as it
/// is at the caret); the caret's and the selection's rectangles are where they are
/// drawn, among the literals. The layout is
/// `PreparedText.measureEditor` of that text at the editor's width, the call the batch format
/// makes, or equal to it: an edit of the drawn text (typing, pasting, deleting) reshapes only the
/// paragraphs it touches and re-breaks only the lines it reaches; a new width is only laid out
/// again; any other new drawn text is prepared afresh.
///
/// Edits return an ``EditOutcome``; an edit the rules refuse (disabled, over the length limit)
/// changes nothing and returns `.rejected`. Values that are wrong in themselves (an offset outside
/// the text) throw ``EditorError``. Time comes from the injected ``EditorClock``: live validation
/// runs when ``tick()`` (or any event) finds the clock past ``nextDeadline``.
///
/// The model is not thread-safe: use it from one thread or actor, as a UI toolkit does.
public final class EditorModel {
    /// The configuration the editor was made with (its `settings.editorWidth`, `text` and
    /// `enabled` are the initial values; see ``editorWidth``, ``text`` and ``isEnabled`` for the
    /// current ones).
    public let configuration: EditorConfiguration
    /// The text the user typed.
    public internal(set) var text: String
    /// The boxes laid out in the text, the k-th at its k-th U+FFFC (see
    /// ``EditorConfiguration/inlineObjects``): always one for each U+FFFC of ``text``.
    public internal(set) var inlineObjects: [InlineObject]
    /// The editor's width in pixels (insets included); nil for no wrap limit.
    public internal(set) var editorWidth: Double?
    public internal(set) var isEnabled: Bool
    public internal(set) var isFocused = false
    /// The caret: the end of the selection that moves. Always on a grapheme cluster boundary.
    public internal(set) var caretIndex: String.Index
    /// Which side the caret keeps to where its offset has two places on screen (a soft wrap, a
    /// direction boundary): set by taps and caret movement, `.downstream` after an edit.
    public internal(set) var caretAffinity = CaretAffinity.downstream
    /// The end of the selection that stays put (equal to ``caretIndex`` when nothing is selected).
    public internal(set) var selectionAnchor: String.Index
    /// Whether the whole text matches the pattern; nil without a pattern.
    public internal(set) var isMatched: Bool?
    /// The displayed text laid out and measured at the editor's width: draw its lines.
    public internal(set) var measurement: EditorMeasurement
    /// With ``EditorConfiguration/shrinkWrap``, the width of the bubble that hugs what is drawn:
    /// the shrink-wrap width of ``measurement``'s layout (`Layout.shrinkWrapWidth()`, the narrowest
    /// wrap width that keeps its line count with every line inside) plus the side insets, as the
    /// batch's `shrinkWrapWidth`. It is of ``displayText``, the text that is drawn: the placeholder's
    /// width while one shows, the bullets' when secure, with a mask's literals and slot characters; an
    /// empty field without a placeholder is as wide as its insets. Nil without `shrinkWrap`.
    public internal(set) var shrinkWrapWidth: Double?
    /// What the last event did.
    public internal(set) var lastOutcome: EditOutcome = .accepted
    /// When live validation is due (clock seconds); nil when none is pending.
    public internal(set) var nextDeadline: Double?

    /// The clock live validation's deadlines are read from (tests give a manual one).
    package let clock: any EditorClock
    let regex: Regex<AnyRegexOutput>?
    /// The text style the configuration gives: font, size, direction, language, paragraph.
    package let style: TextStyle
    /// The mask's formats, compiled (empty without a mask).
    let maskFormats: [MaskFormat]
    /// The displayed text, prepared.
    package internal(set) var prepared: PreparedText
    /// What is drawn for the text now, and how its positions map to the text's.
    var display: Display
    /// The x the caret keeps through a run of up and down moves (layout pixels of the drawn text);
    /// in columns, the y it keeps through a run of left and right moves.
    var goalX: Double?
    /// `standard`, `active`, `error` or `success`; ``state`` reports `disabled` over it.
    var fieldState = FieldState.standard
    /// The message of the last failed validation, shown while the state is `error`.
    var validationMessage: String?
    var textVersion = 0
    /// The undo and redo groups (see ``undo()``).
    var history: UndoHistory
    /// The input method's composition in progress (see ``setMarkedText(_:selectedRange:)``); nil when none.
    var composition: Composition?
    var session = 0
    var requestSerial = 0
    var lastAppliedRequest = 0
    /// How many times a text was prepared (shaped) and laid out: tests check that a width change reshapes nothing.
    package internal(set) var prepareCount = 1
    package internal(set) var layoutCount = 1
    /// How many of those preparations were an edit of the text drawn before: only the paragraphs
    /// the edit touched were shaped, and only the lines it reached broken again.
    package internal(set) var editedPrepareCount = 0

    /// Makes an editor and measures its initial text at once.
    /// - Throws: ``EditorError`` for an invalid pattern or limit; ``LayoutError`` for an invalid
    ///   size, sizing or width, or a text the engine cannot take.
    public init(configuration: EditorConfiguration, clock: any EditorClock = SystemClock()) throws {
        try configuration.validate()
        self.configuration = configuration
        self.clock = clock
        regex = try configuration.compiledPattern()
        style = try TextStyle(fonts: configuration.fonts, settings: configuration.settings.text)
        maskFormats = try configuration.compiledMask()
        let initial = try Self.maskedInitialText(configuration.text, formats: maskFormats, configuration: configuration)
        text = initial
        inlineObjects = configuration.inlineObjects
        editorWidth = configuration.settings.editorWidth
        isEnabled = configuration.enabled
        history = UndoHistory(limit: configuration.undoLimit)
        caretIndex = initial.endIndex
        selectionAnchor = initial.endIndex
        display = Self.display(text: initial, marked: nil, inlineObjects: configuration.inlineObjects, enabled: configuration.enabled,
                               configuration: configuration, formats: maskFormats)
        prepared = try PreparedText(display.text, style: style, spans: display.styledSpans, inlineObjects: display.inlineObjects)
        measurement = try prepared.measureEditor(editorWidth: configuration.settings.editorWidth, sizing: configuration.settings.sizing)
        (prepared, measurement) = try fittedToConfiguration(prepared, measurement, editorWidth: configuration.settings.editorWidth)
        shrinkWrapWidth = try Self.shrinkWrapWidth(of: measurement, configuration)
        isMatched = regex.map { initial.wholeMatch(of: $0) != nil }
    }

    /// The text that is drawn and measured.
    public var displayText: String { prepared.text }
    /// Whether ``displayText`` is the placeholder or the disabled placeholder.
    public var showsPlaceholder: Bool { display.isPlaceholder }
    /// The text with its mask's literals around it as ``InputMask/appearance`` shows them (the
    /// text itself without a mask): what ``displayText`` draws when no placeholder shows and the
    /// entry is not secure. While an input method composes in a mask field, it leaves the marked
    /// text out, and ``displayText`` draws it at the caret (see ``setMarkedText(_:selectedRange:)``).
    public var formattedText: String { display.formattedText }
    /// The runs of ``displayText`` that are input, literals and slot characters; empty while a
    /// placeholder shows, nil without a mask. The literals and slot characters are laid out as styled
    /// spans (see ``InputMask/literalStyle``), whose attributes reach the glyph runs of
    /// ``measurement``'s lines.
    public var maskSpans: [MaskSpan]? { configuration.mask == nil ? nil : display.maskSpans }

    /// The field state; `disabled` whenever the editor is.
    public var state: FieldState { isEnabled ? fieldState : .disabled }

    /// The helper text to show: `helper - message` after a failed validation with a message
    /// (`message` alone without a helper), otherwise the configured helper.
    public var helperText: String? {
        guard state == .error, let message = validationMessage else { return configuration.helperText }
        guard let helper = configuration.helperText, !helper.isEmpty else { return message }
        return "\(helper) - \(message)"
    }

    /// `count/maxLength` in grapheme clusters, always current; nil without a limit.
    /// While composing, the marked text is not counted.
    public var counter: String? {
        configuration.maxLength.map { "\(textWithoutMarkedText.count)/\($0)" }
    }

    /// The selected range of ``text`` (empty at the caret when nothing is selected).
    public var selectedRange: Range<String.Index> {
        min(selectionAnchor, caretIndex)..<max(selectionAnchor, caretIndex)
    }

    /// The UTF-16 offset of an index of ``text``.
    public func utf16Offset(of index: String.Index) -> Int {
        text.utf16Offset(of: index)
    }

    /// Everything a renderer needs now.
    public var snapshot: EditorSnapshot {
        let selection = selectedRange
        var snapshot = EditorSnapshot(
            text: text, displayText: displayText, formattedText: formattedText, maskSpans: maskSpans,
            showsPlaceholder: showsPlaceholder,
            caretIndex: caretIndex, caret: utf16Offset(of: caretIndex), caretAffinity: caretAffinity,
            selectionRange: selection,
            selection: utf16Offset(of: selection.lowerBound)..<utf16Offset(of: selection.upperBound),
            state: state, helperText: helperText, counter: counter, isMatched: isMatched,
            lineCount: measurement.lineCount, height: measurement.height, contentHeight: measurement.contentHeight,
            isScrollable: measurement.isScrollable, isVertical: measurement.layout.isVertical, boxWidth: boxSize.width,
            boxHeight: boxSize.height, shrinkWrapWidth: shrinkWrapWidth, caretRect: caretRect, selectionRects: selectionRects,
            inlineObjectFrames: inlineObjectFrames, markedRange: markedRange.map(text.utf16Range(of:)), canUndo: canUndo, canRedo: canRedo, rejected: lastOutcome == .rejected, warnings: prepared.warnings, missingGlyphCount: prepared.missingGlyphCount)
        snapshot.intrinsicWidths = intrinsicWidths
        snapshot.fittedSize = fittedSize
        return snapshot
    }

    /// With ``EditorConfiguration/fit``, the size the drawn text is laid out at: the largest of the
    /// fit's grid that keeps it within the fit's limits, or the smallest when none does. Nil without a fit.
    public var fittedSize: Double? {
        configuration.fit == nil ? nil : prepared.style.settings.size
    }

    /// With ``EditorConfiguration/intrinsicWidths``, the min-content and max-content widths of
    /// what is drawn (``displayText``: the placeholder's while one shows, the bullets' when secure),
    /// as `PreparedText.intrinsicWidths()` gives them, plus the side insets, as the batch's
    /// `minContent` and `maxContent`. Nil without `intrinsicWidths`, or when they cannot be found
    /// (the drawn text is laid out already, so they can).
    public var intrinsicWidths: IntrinsicWidths? {
        guard configuration.intrinsicWidths, let widths = try? measurement.layout.prepared.intrinsicWidths() else { return nil }
        let sizing = configuration.settings.sizing
        return IntrinsicWidths(minContent: sizing.editorWidth(ofWrapWidth: widths.minContent),
                               maxContent: sizing.editorWidth(ofWrapWidth: widths.maxContent))
    }

    /// What `PreparedText.missingGlyphWarning` says of the displayed text: which characters no
    /// font has; nil when every character is drawn.
    public var missingGlyphWarning: String? { prepared.missingGlyphWarning }

    /// Lays the displayed text out for a new editor width (insets included; nil for no limit);
    /// nothing is shaped again.
    /// - Throws: ``LayoutError`` `.invalidArgument` for a width that is not a positive number or
    ///   leaves no room between the insets (or, with `shrinkWrap`, one at which no bubble width is
    ///   found); the editor is then unchanged.
    public func setEditorWidth(_ editorWidth: Double?) throws {
        tick()
        let fitted = try fittedToConfiguration(prepared, try prepared.measureEditor(editorWidth: editorWidth, sizing: configuration.settings.sizing),
                                               editorWidth: editorWidth)
        try setMeasurement(fitted.measurement)
        prepared = fitted.prepared
        self.editorWidth = editorWidth
        layoutCount += 1
        lastOutcome = .accepted
    }

    /// Runs an event: first what is already due, then the event, then what became due (live
    /// validation with a zero interval).
    /// Every event but a vertical caret move forgets the goal x of up and down moves; every event
    /// but those of the composition itself (and appended text) commits the composition first.
    func perform(keepingComposition: Bool = false, _ event: () -> EditOutcome) -> EditOutcome {
        tick()
        if !keepingComposition { commitComposition() }
        goalX = nil
        let outcome = event()
        lastOutcome = outcome
        tick()
        return outcome
    }

    /// Checks the invariants: the caret and anchor on grapheme boundaries of the text, the
    /// display in step with the text, the field state never `disabled`. Tests call it.
    package func checkInvariants() -> [String] {
        var problems: [String] = []
        if caretIndex.samePosition(in: text) == nil, caretIndex != text.endIndex { problems.append("caret not on a grapheme boundary") }
        if selectionAnchor.samePosition(in: text) == nil, selectionAnchor != text.endIndex { problems.append("anchor not on a grapheme boundary") }
        if caretIndex > text.endIndex || selectionAnchor > text.endIndex { problems.append("caret or anchor past the end") }
        let shown = Self.display(text: text, marked: composition?.marked, inlineObjects: inlineObjects, enabled: isEnabled,
                                 configuration: configuration, formats: maskFormats)
        if !shown.text.hasSameCodeUnits(as: displayText) || shown.isPlaceholder != showsPlaceholder { problems.append("display out of step with the text") }
        if shown.formattedText != formattedText { problems.append("formattedText out of step with the text") }
        // While composing in a mask field, the marked text is drawn beside the formatted text.
        let composingInMask = composition != nil && configuration.mask != nil
        if !showsPlaceholder, !configuration.secure, !composingInMask, !formattedText.hasSameCodeUnits(as: displayText) {
            problems.append("displayText differs from formattedText")
        }
        if !maskFormats.isEmpty, !maskFormats.contains(where: { $0.accepts(textWithoutMarkedText) }) { problems.append("the text fits no mask format") }
        if !measurement.layout.prepared.text.hasSameCodeUnits(as: displayText) { problems.append("measurement of another text") }
        if measurement.layout.prepared.spans != shown.styledSpans { problems.append("measurement with other spans") }
        if inlineObjects.count != text.objectReplacementCount { problems.append("\(inlineObjects.count) inline objects for \(text.objectReplacementCount) U+FFFC") }
        if measurement.layout.prepared.inlineObjects != shown.inlineObjects { problems.append("measurement with other inline objects") }
        if let composition, composition.marked.upperBound > text.utf8.count || markedRange.map({ $0.lowerBound.samePosition(in: text.unicodeScalars) == nil || $0.upperBound.samePosition(in: text.unicodeScalars) == nil }) == true {
            problems.append("marked text outside the text or off a scalar boundary")
        }
        if history.undoSteps.count > configuration.undoLimit || history.redoSteps.count > configuration.undoLimit { problems.append("more undo steps than undoLimit") }
        if fieldState == .disabled { problems.append("fieldState is disabled") }
        if isFocused && !isEnabled { problems.append("focused while disabled") }
        return problems
    }
}
