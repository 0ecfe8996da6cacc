// How an editor is configured: font and sizing, field texts, style, the length limit, secure entry and validators.
import TextLayout

/// The visual style of a field, for renderers (Vitamin's styles).
public enum FieldStyle: String, Sendable, CaseIterable {
    case filled
    case outlined
}

/// The border a renderer draws around the editor. It takes no room in the layout: give the
/// editor insets that leave room for it.
public struct Border: Sendable, Hashable {
    /// The stroke width in pixels; 0 for no border.
    public var width: Double
    /// The corner radius in pixels.
    public var cornerRadius: Double

    public init(width: Double, cornerRadius: Double = 0) {
        self.width = width
        self.cornerRadius = cornerRadius
    }

    /// No border.
    public static let none = Border(width: 0)
}

/// What an edit that would take the text over `maxLength` does.
public enum LengthPolicy: String, Sendable, CaseIterable {
    /// The edit is refused whole (a paste is dropped, as in UIKit's VitaminTextField).
    case reject
    /// The inserted text is cut at a grapheme boundary to fit (as in the SwiftUI VitaminTextField).
    case truncate
}

/// Everything an ``EditorModel`` is made with. Only the font (`font`, or the list `fonts`) is required.
public struct EditorConfiguration {
    /// The font-family list the text is shaped and measured in (each cluster in the first font
    /// that has it, see ``FontFamilyList``).
    public var fonts: FontFamilyList
    /// The primary font; setting it makes the list that font alone.
    public var font: Font {
        get { fonts.primary }
        set { fonts = FontFamilyList(newValue) }
    }
    /// How the text is set, the editor's initial width (its insets included; nil for no wrap
    /// limit) and its sizing: line caps, line space, insets and pixel bounds (docs/DESIGN.md,
    /// "The line model": editor height). With a vertical `writingMode` the field is turned: the
    /// width is its columns' length, the height its extent across them, the line caps count
    /// columns (see ``EditorSnapshot/boxWidth``; docs/editor.md, "In columns").
    public var settings: LayoutSettings
    /// The text the editor starts with; it is measured at once.
    public var text: String
    /// The hint text, shown and measured while the text is empty.
    public var placeholder: String
    /// Shown, and measured, instead of the text while the editor is disabled; empty for none.
    public var disabledPlaceholder: String
    /// Whether the editor starts enabled. A disabled editor refuses edits.
    public var enabled: Bool
    /// A regular expression (Swift `Regex` syntax) the whole text must match for `isMatched`.
    public var pattern: String?
    /// Texts for renderers: the label above the field and the helper below it.
    public var labelText: String?
    public var helperText: String?
    public var style: FieldStyle
    public var border: Border
    /// Whether gaining focus turns `standard` into `active` (and losing it turns `active` back).
    public var activeOnEditing: Bool
    /// The most grapheme clusters the user can type; nil for no limit. Text set in code is taken whole.
    public var maxLength: Int?
    public var lengthPolicy: LengthPolicy
    /// Whether the text is drawn, and measured, as one bullet (U+2022) per grapheme cluster.
    public var secure: Bool
    /// Runs `liveValidationInterval` seconds after the last change of the text.
    public var liveValidation: Validator?
    /// The debounce delay of live validation, in seconds.
    public var liveValidationInterval: Double
    /// Runs when the editor loses focus.
    public var endEditingValidation: Validator?
    /// The width of the caret's rectangle in pixels.
    public var caretWidth: Double
    /// An input mask (FormattableTextView): the text holds only what was typed, drawn among the
    /// format's literals; nil for none. An initial or set text is read through it as a paste is.
    public var mask: InputMask?
    /// Whether the editor finds its bubble width after every change (``EditorModel/shrinkWrapWidth``,
    /// in each snapshot): a chat app's bubble that hugs the text. It costs a few relayouts of the
    /// drawn text per change (no shaping), so it is off unless asked for.
    public var shrinkWrap = false
    /// Whether each snapshot reports the drawn text's min-content and max-content widths
    /// (``EditorModel/intrinsicWidths``): the widths a box sized by its text (CSS `width:
    /// min-content`, `max-content`) takes. Two passes of the line breaker per snapshot, so off
    /// unless asked for.
    public var intrinsicWidths = false
    /// The limits the drawn text's size is fitted to after every change (``EditorModel/fittedSize``):
    /// a field that shrinks its font to keep its text within its lines or height, as a search
    /// field does, laid out at the largest size of the fit's grid that keeps within them
    /// (`PreparedText.fittingSize`; the configured size is not used), or the smallest when none
    /// does. Nil for none: the text is laid out at its size.
    public var fit: FontSizeFit?
    /// The boxes laid out in the text (a custom emoji, a mention chip, an attachment): the k-th
    /// stands at the k-th U+FFFC of ``text``, which must hold exactly one U+FFFC for each. In an
    /// editor every U+FFFC is an object's: typed, pasted, set or appended U+FFFC characters are
    /// dropped, and ``EditorModel/insertInlineObject(_:)`` inserts one with its object. A `mask`
    /// or `secure` field takes none.
    public var inlineObjects: [InlineObject] = []
    /// Seconds of the editor's clock without an edit after which the next typing or deleting
    /// starts a new undo group (see ``EditorModel/undo()``).
    public var undoGroupPause = 1.0
    /// The most undo groups the editor keeps (and as many redo groups); the oldest go first. 0 keeps none.
    public var undoLimit = 100

    /// A configuration in the fonts of a family list (``FontContext/fonts(familyList:weight:key:)``),
    /// with `inlineObjects` at the U+FFFC characters of `text`.
    public init(fonts: FontFamilyList, settings: LayoutSettings = LayoutSettings(),
                text: String = "", inlineObjects: [InlineObject] = [], placeholder: String = "", disabledPlaceholder: String = "",
                enabled: Bool = true, pattern: String? = nil, labelText: String? = nil, helperText: String? = nil,
                style: FieldStyle = .outlined, border: Border = .none, activeOnEditing: Bool = false,
                maxLength: Int? = nil, lengthPolicy: LengthPolicy = .reject, secure: Bool = false,
                liveValidation: Validator? = nil, liveValidationInterval: Double = 0.5,
                endEditingValidation: Validator? = nil, caretWidth: Double = 1, mask: InputMask? = nil) {
        self.fonts = fonts
        self.inlineObjects = inlineObjects
        self.settings = settings
        self.text = text
        self.placeholder = placeholder
        self.disabledPlaceholder = disabledPlaceholder
        self.enabled = enabled
        self.pattern = pattern
        self.labelText = labelText
        self.helperText = helperText
        self.style = style
        self.border = border
        self.activeOnEditing = activeOnEditing
        self.maxLength = maxLength
        self.lengthPolicy = lengthPolicy
        self.secure = secure
        self.liveValidation = liveValidation
        self.liveValidationInterval = liveValidationInterval
        self.endEditingValidation = endEditingValidation
        self.caretWidth = caretWidth
        self.mask = mask
    }

    /// A configuration in one font: the same as the initializer that takes `fonts`, with the
    /// list of that font alone.
    public init(font: Font, settings: LayoutSettings = LayoutSettings(),
                text: String = "", inlineObjects: [InlineObject] = [], placeholder: String = "", disabledPlaceholder: String = "",
                enabled: Bool = true, pattern: String? = nil, labelText: String? = nil, helperText: String? = nil,
                style: FieldStyle = .outlined, border: Border = .none, activeOnEditing: Bool = false,
                maxLength: Int? = nil, lengthPolicy: LengthPolicy = .reject, secure: Bool = false,
                liveValidation: Validator? = nil, liveValidationInterval: Double = 0.5,
                endEditingValidation: Validator? = nil, caretWidth: Double = 1, mask: InputMask? = nil) {
        self.init(fonts: FontFamilyList(font), settings: settings, text: text, inlineObjects: inlineObjects, placeholder: placeholder,
                  disabledPlaceholder: disabledPlaceholder, enabled: enabled, pattern: pattern, labelText: labelText,
                  helperText: helperText, style: style, border: border, activeOnEditing: activeOnEditing, maxLength: maxLength,
                  lengthPolicy: lengthPolicy, secure: secure, liveValidation: liveValidation,
                  liveValidationInterval: liveValidationInterval, endEditingValidation: endEditingValidation,
                  caretWidth: caretWidth, mask: mask)
    }

    /// Checks the values the layout engine does not check itself, naming the one that is wrong.
    func validate() throws(EditorError) {
        if let maxLength, maxLength < 1 {
            throw EditorError(.invalidArgument, "maxLength must be at least 1, got \(maxLength)")
        }
        try nonNegative(liveValidationInterval, "liveValidationInterval")
        try nonNegative(border.width, "border.width")
        try nonNegative(border.cornerRadius, "border.cornerRadius")
        try nonNegative(caretWidth, "caretWidth")
        try nonNegative(undoGroupPause, "undoGroupPause")
        if undoLimit < 0 {
            throw EditorError(.invalidArgument, "undoLimit must be at least 0 (0 keeps no undo history), got \(undoLimit)", keys: ["undoLimit"])
        }
        try mask?.validate()
        try validateInlineObjects()
    }

    /// Checks that the objects fit the field: one for each U+FFFC of the text, of sizes the engine
    /// takes, and none in a `mask` or `secure` field.
    private func validateInlineObjects() throws(EditorError) {
        try check(inlineObjects, for: text)
    }

    /// Checks that `objects` can stand in `text` in this field: one for each of its U+FFFC (every
    /// U+FFFC of an editor's text is an object's), each one taken by ``check(_:name:)``. Errors
    /// name the setting `inlineObjects` (the boundary's `placeholders`).
    func check(_ objects: [InlineObject], for text: String) throws(EditorError) {
        let characters = text.objectReplacementCount
        guard characters == objects.count else {
            throw EditorError(.invalidArgument, "the text holds \(characters) U+FFFC (object replacement) character\(characters == 1 ? "" : "s") but \(objects.count) inline object\(objects.count == 1 ? " was" : "s were") given: in an editor every U+FFFC stands for an object, so give one object for each, in order", keys: ["inlineObjects"])
        }
        for (index, object) in objects.enumerated() { try check(object, name: "inlineObjects[\(index)]") }
    }

    /// Checks that the field takes `object` (one of the configuration's, or one inserted): a size
    /// the engine takes, named `name` in the error's key, and a field that is neither `mask` nor `secure`.
    func check(_ object: InlineObject, name: String) throws(EditorError) {
        if let field = mask != nil ? "mask" : secure ? "secure" : nil {
            throw EditorError(.invalidArgument, "a \(field) field takes no inline objects (\(name) given): its text has no U+FFFC")
        }
        do { try object.validate(name: name) } catch { throw EditorError(.invalidArgument, error.message, keys: error.keys) }
    }

    /// The mask's formats compiled against its symbols (empty without a mask).
    func compiledMask() throws(EditorError) -> [MaskFormat] {
        guard let mask else { return [] }
        try mask.validate()
        return mask.formats.map { MaskFormat($0, symbols: mask.formatSymbols) }
    }

    /// The pattern compiled, or nil without one.
    func compiledPattern() throws(EditorError) -> Regex<AnyRegexOutput>? {
        guard let pattern else { return nil }
        do {
            return try Regex(pattern)
        } catch {
            throw EditorError(.invalidPattern, "pattern '\(pattern)' is not a valid regular expression: \(error)")
        }
    }
}

private func nonNegative(_ value: Double, _ name: String) throws(EditorError) {
    guard value.isFinite, value >= 0 else {
        throw EditorError(.invalidArgument, "\(name) must be a finite number of at least 0, got \(plainNumber(value))")
    }
}
