// Inline objects in the editor's text: inserting one at the caret, keeping the list in step with the text's U+FFFC characters, and where they are drawn.
import TextLayout

extension EditorModel {
    /// Inserts `object` at the caret, replacing the selection: a U+FFFC in the text with its
    /// object, one grapheme cluster, under the same rules as typing (``insert(_:)``): refused
    /// while disabled, counted as one by `maxLength` (refused whole when it does not fit, even
    /// under `truncate`, since there is nothing shorter to insert). The caret goes after it. It
    /// is an undo step of its own, as an inserted attachment is on every platform: the typing
    /// before it ends its group, and typing after it starts a new one (see ``undo()``).
    /// - Returns: `.rejected` (nothing changed) when disabled or refused by the limit.
    /// - Throws: ``EditorError`` `.invalidArgument` in a `mask` or `secure` field, which take no
    ///   objects, or for a size the engine does not take (naming the JSON event's key,
    ///   `insertInlineObject.width`...); nothing changes.
    @discardableResult
    public func insertInlineObject(_ object: InlineObject) throws(EditorError) -> EditOutcome {
        try configuration.check(object, name: "insertInlineObject")
        return perform {
            guard isEnabled else { return .rejected }
            let range = selectedRange
            guard fitToLimit(Self.objectReplacement, replacing: range).outcome == .accepted else { return .rejected }
            return recordingUndo(.own) { replace(range, with: Self.objectReplacement, insertingObjects: [object]) ? .accepted : .rejected }
        }
    }

    /// The former name of ``insertInlineObject(_:)``.
    @available(*, deprecated, renamed: "insertInlineObject")
    @discardableResult
    public func insertPlaceholder(_ object: InlineObject) throws(EditorError) -> EditOutcome {
        try insertInlineObject(object)
    }

    /// The text an inline object stands at.
    static let objectReplacement = String(objectReplacementCharacter)

    /// ``inlineObjects`` after `range` of the text is replaced by text whose U+FFFC characters
    /// take `inserted`: the objects before the range stay, those in it go, those after it follow.
    func inlineObjects(replacing range: Range<String.Index>, with inserted: [InlineObject]) -> [InlineObject] {
        guard !inlineObjects.isEmpty || !inserted.isEmpty else { return [] }
        let before = text[..<range.lowerBound].objectReplacementCount
        let removed = text[range].objectReplacementCount
        return Array(inlineObjects[..<before]) + inserted + inlineObjects[(before + removed)...]
    }

    /// The rectangles of the inline objects drawn now, in text order, in the editor's box
    /// (insets included, unscrolled, as ``caretRect``); empty while the placeholder (hint text) shows.
    public var inlineObjectFrames: [InlineObjectFrame] {
        measurement.layout.inlineObjectFrames.map { InlineObjectFrame(index: $0.index, line: $0.line, rect: inEditorBox($0.rect)) }
    }
}

/// The character an inline object stands at: U+FFFC OBJECT REPLACEMENT CHARACTER (one UTF-16 code unit).
let objectReplacementCharacter: Unicode.Scalar = "\u{FFFC}"

extension StringProtocol {
    /// How many U+FFFC (object replacement) characters the text holds.
    var objectReplacementCount: Int { utf16.reduce(0) { $0 + (UInt32($1) == objectReplacementCharacter.value ? 1 : 0) } }

    /// The text without its U+FFFC characters: what typed, pasted, set or appended text brings
    /// into an editor, whose U+FFFC characters are all objects'.
    var droppingObjectReplacements: String {
        objectReplacementCount == 0 ? String(self) : String(String.UnicodeScalarView(unicodeScalars.filter { $0 != objectReplacementCharacter }))
    }
}
