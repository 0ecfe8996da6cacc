// What an editor shows after each change: texts, caret, state, counter, height, bubble width, the caret's and the selection's rectangles.
import TextLayout

/// The state of a field (Vitamin's five states).
public enum FieldState: String, Sendable, CaseIterable {
    case standard
    case active
    case error
    case success
    case disabled
}

/// What an edit did.
public enum EditOutcome: Sendable, Equatable {
    /// The edit was applied as asked (or was a no-op, such as deleting at the start).
    case accepted
    /// The inserted text was cut to fit `maxLength` (policy `truncate`), and the rest applied.
    case truncated
    /// The edit was refused whole: the editor is disabled, or the limit refused it.
    case rejected

    public var isRejected: Bool { self == .rejected }
}

/// Everything a renderer needs after a change, as one value.
///
/// The heights come from laying out ``displayText`` (the text, its bullets, or a placeholder) at
/// the editor's width with `PreparedText.measureEditor`, the call the batch format makes, so
/// they equal the batch layout of the same text and width.
public struct EditorSnapshot: Sendable {
    /// The text the user typed (never the bullets).
    public var text: String
    /// What is drawn and measured: the text (with its mask's literals), one bullet per grapheme
    /// cluster when secure, or a placeholder.
    public var displayText: String
    /// The text with its mask's literals as the mask's appearance shows them (the text itself
    /// without a mask), never bullets or a placeholder: equal to ``displayText`` when neither shows
    /// (but while an input method composes in a mask field: this leaves the marked text out, and
    /// ``displayText`` draws it at the caret).
    public var formattedText: String
    /// The input, literal and slot character runs of ``displayText`` under a mask (UTF-16 offsets of
    /// ``displayText``), for a renderer to style; empty while a placeholder shows, nil without a mask.
    public var maskSpans: [MaskSpan]?
    /// Whether ``displayText`` is the placeholder or the disabled placeholder.
    public var showsPlaceholder: Bool
    /// The caret in ``text``, as a `String.Index` and as a UTF-16 offset.
    public var caretIndex: String.Index
    public var caret: Int
    /// Which side the caret keeps to at a soft wrap or a direction boundary.
    public var caretAffinity: CaretAffinity
    /// The selection in ``text`` (empty at the caret when nothing is selected).
    public var selectionRange: Range<String.Index>
    public var selection: Range<Int>
    public var state: FieldState
    /// The helper text to show: the configured helper, `helper - message` after a failed
    /// validation (`message` alone without a helper); nil when there is none.
    public var helperText: String?
    /// `count/maxLength`, counted in grapheme clusters; nil without a limit.
    public var counter: String?
    /// Whether the whole text matches `pattern`; nil without a pattern.
    public var isMatched: Bool?
    /// The number of lines of ``displayText`` (of its columns, in a vertical field).
    public var lineCount: Int
    /// The editor's height in pixels (insets, line caps and pixel bounds applied): its extent
    /// across its lines. In a vertical field (``isVertical``) that is the box's width, across its
    /// columns: see ``boxWidth``.
    public var height: Double
    /// The height of all of ``displayText``'s lines (in columns, the block's extent across them).
    public var contentHeight: Double
    /// Whether the content is taller than the editor's inside (in columns: wider).
    public var isScrollable: Bool
    /// Whether the field is vertical (`writingMode` vertical-rl or vertical-lr): its lines are
    /// columns, the configured width is their length, and the box grows across them (leftwards
    /// under vertical-rl, rightwards under vertical-lr).
    public var isVertical = false
    /// The editor's box in physical pixels, as a UI sizes it (see `EditorModel.boxSize`): in lines
    /// the editor's width and ``height``; in columns ``height`` wide and the editor's width tall.
    public var boxWidth: Double = 0
    public var boxHeight: Double = 0
    /// The bubble's width with `shrinkWrap` (see ``EditorModel/shrinkWrapWidth``); nil without it.
    public var shrinkWrapWidth: Double?
    /// The min-content and max-content editor widths with `intrinsicWidths` (see
    /// ``EditorModel/intrinsicWidths``); nil without it.
    public var intrinsicWidths: IntrinsicWidths? = nil
    /// The size the drawn text is fitted to with `fit` (see ``EditorModel/fittedSize``); nil without it.
    public var fittedSize: Double? = nil
    /// Where to draw the caret, in pixels from the top left of the editor's box (insets
    /// included), unscrolled.
    public var caretRect: LayoutRect
    /// Where to highlight the selection, in the editor's box as ``caretRect``, unscrolled; empty without one.
    public var selectionRects: [LayoutRect]
    /// Where the inline objects are drawn, in text order, in the editor's box as ``caretRect``,
    /// unscrolled (see ``EditorModel/inlineObjectFrames``); empty without objects or while a
    /// placeholder shows.
    public var inlineObjectFrames: [InlineObjectFrame] = []
    /// The input method's marked text in ``text`` (UTF-16 offsets) while composing, for a
    /// renderer to underline; nil otherwise (see ``EditorModel/setMarkedText(_:selectedRange:)``).
    public var markedRange: Range<Int>? = nil
    /// Whether ``EditorModel/undo()`` and ``EditorModel/redo()`` have a group to act on.
    public var canUndo = false
    public var canRedo = false
    /// Whether the last event's edit was refused.
    public var rejected: Bool
    /// What the layout of ``displayText`` could not do as asked without failing (see
    /// `PreparedText.warnings`: `hyphens: auto` in a language without patterns); empty when all is well.
    public var warnings: [String] = []
    /// How many characters of ``displayText`` no font has, drawn as a missing-glyph box (see
    /// `PreparedText.missingGlyphCount`); 0 when every character is drawn.
    public var missingGlyphCount = 0
}
