// What can happen to an editor, as values: the user's edits, caret moves, focus, time and size, each applied by `EditorModel.apply(_:)`.
import TextLayout

/// One thing that happens to an editor: an edit, a caret move, focus, time passing, a new width.
///
/// A replayed session (`textlayout edit`) is a list of these; an app may call the editor's
/// methods directly instead. Offsets are UTF-16 code units of the typed text (with a mask,
/// without its literals); counts are grapheme clusters; a tap is in pixels of the editor's box,
/// insets included.
public enum EditorEvent: Sendable, Equatable {
    /// Typing: inserts the text at the caret, replacing the selection.
    case insert(String)
    /// Inserts an inline object at the caret, replacing the selection: a U+FFFC with its object
    /// (see ``EditorModel/insertInlineObject(_:)``). Its JSON key is `insertPlaceholder`.
    case insertInlineObject(InlineObject)
    /// Pasting: as insert, but a mask reads the text as a paste (skipping literals it contains).
    case paste(String)
    /// Backspace, `count` times.
    case deleteBackward(Int)
    /// Forward delete, `count` times.
    case deleteForward(Int)
    /// Puts the caret at a UTF-16 offset.
    case caret(Int)
    /// Selects from an anchor to a caret, UTF-16 offsets.
    case select(anchor: Int, caret: Int)
    /// Gains or loses focus.
    case focus(Bool)
    /// Moves the editor's ``ManualClock`` forward by seconds and runs what is due.
    case advance(Double)
    /// Replaces the text, as code does (not limited by `maxLength`), with the inline objects of
    /// its U+FFFC characters (a draft with custom emoji restored; see
    /// ``EditorModel/setText(_:inlineObjects:)``): without objects, U+FFFC characters are dropped.
    case setText(String, inlineObjects: [InlineObject] = [])
    /// Appends to the end of the text, as code does when an answer streams in (not limited by
    /// `maxLength`; the caret and selection stay).
    case append(String)
    /// Enables or disables the editor.
    case setEnabled(Bool)
    /// Changes the editor's width in pixels, its insets included (the session's `setWidth`).
    case setEditorWidth(Double)
    /// A tap at a point of the editor's box.
    case tap(x: Double, y: Double)
    /// An arrow key, with or without a word or line modifier.
    case move(CaretMovement)
    /// The input method's marked text, with the selection inside it (UTF-16 offsets within the
    /// marked text; nil for the caret at its end): see ``EditorModel/setMarkedText(_:selectedRange:)``.
    case setMarkedText(String, selectedRange: Range<Int>? = nil)
    /// Commits the marked text (``EditorModel/unmarkText()``).
    case unmarkText
    /// Cancels the composition (``EditorModel/cancelComposition()``).
    case cancelComposition
    /// Undoes the last undo group (``EditorModel/undo()``).
    case undo
    /// Redoes the last undone group (``EditorModel/redo()``).
    case redo
    /// Option-backspace, `count` times (``EditorModel/deleteWordBackward(_:)``).
    case deleteWordBackward(Int)
    /// Option-forward-delete, `count` times (``EditorModel/deleteWordForward(_:)``).
    case deleteWordForward(Int)
    /// Command-backspace (``EditorModel/deleteToLineStart()``).
    case deleteToLineStart
    /// A double tap: selects the word at an offset or a point (``EditorModel/selectWord(at:)``).
    case selectWord(EditorTarget)
    /// A triple tap: selects the paragraph at an offset or a point (``EditorModel/selectParagraph(at:)``).
    case selectParagraph(EditorTarget)
    /// Selects the whole text.
    case selectAll

    /// The former name of ``insertInlineObject(_:)``: builds that event (it does not match it in
    /// a `switch`).
    @available(*, deprecated, renamed: "insertInlineObject")
    public static func insertPlaceholder(_ object: InlineObject) -> EditorEvent { .insertInlineObject(object) }
}

/// Where a double or triple tap is: a UTF-16 offset of the typed text, or a point of the editor's box.
public enum EditorTarget: Sendable, Equatable {
    case offset(Int)
    case point(x: Double, y: Double)
}

extension EditorModel {
    /// Applies one event, as the matching method does.
    /// - Returns: whether the edit was applied, cut to fit, or refused by the editor's rules.
    /// - Throws: ``EditorError`` or ``LayoutError`` for a value that is wrong in itself (an offset
    ///   outside the text, a negative time, a width out of range, `advance` on an editor that
    ///   does not read a ``ManualClock``); the editor is then unchanged.
    @discardableResult
    public func apply(_ event: EditorEvent) throws -> EditOutcome {
        switch event {
        case let .insert(text): return insert(text)
        case let .insertInlineObject(object): return try insertInlineObject(object)
        case let .paste(text): return paste(text)
        case let .deleteBackward(count): return deleteBackward(count)
        case let .deleteForward(count): return deleteForward(count)
        case let .caret(offset): return try moveCaret(toUTF16Offset: offset)
        case let .select(anchor, caret): return try select(fromUTF16Offset: anchor, to: caret)
        case let .focus(focused): return setFocused(focused)
        case let .advance(seconds):
            guard let manual = clock as? ManualClock else {
                throw EditorError(.invalidArgument, "advance moves a ManualClock; this editor reads another clock")
            }
            try manual.advance(by: seconds)
            tick()
            return .accepted
        case let .setText(text, objects): return try setText(text, inlineObjects: objects)
        case let .append(text): return append(text)
        case let .setEnabled(enabled): return setEnabled(enabled)
        case let .setEditorWidth(editorWidth):
            try setEditorWidth(editorWidth)
            return .accepted
        case let .tap(x, y): return tap(x: x, y: y)
        case let .move(movement): return moveCaret(movement)
        case let .setMarkedText(text, range):
            // Without a range, the caret ends the marked text as the editor keeps it: its U+FFFC characters dropped.
            let end = text.droppingObjectReplacements.utf16.count
            return try setMarkedText(text, selectedRange: range ?? end..<end)
        case .unmarkText: return unmarkText()
        case .cancelComposition: return cancelComposition()
        case .undo: return undo()
        case .redo: return redo()
        case let .deleteWordBackward(count): return deleteWordBackward(count)
        case let .deleteWordForward(count): return deleteWordForward(count)
        case .deleteToLineStart: return deleteToLineStart()
        case let .selectWord(.offset(offset)): return try selectWord(atUTF16Offset: offset)
        case let .selectWord(.point(x, y)): return selectWord(atX: x, y: y)
        case let .selectParagraph(.offset(offset)): return try selectParagraph(atUTF16Offset: offset)
        case let .selectParagraph(.point(x, y)): return selectParagraph(atX: x, y: y)
        case .selectAll: return selectAll()
        }
    }
}
