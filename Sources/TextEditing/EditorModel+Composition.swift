// Composition (an input method's marked text, as UIKit's UITextInput has it): marked text laid out in place while composing, the rules of typing applied at its commit, cancelled back to the text before it.
import TextLayout

/// An input method's composition in progress.
struct Composition {
    /// The marked text's UTF-8 range in the text.
    var marked: Range<Int>
    /// What the marked text replaced (the selection when the composition began) and its inline objects.
    var replaced: String
    var replacedObjects: [InlineObject]
    /// The selection before the composition.
    var selectionBefore: UTF8Selection
    /// In a mask field, the typed text before the composition (a selection the marked text
    /// replaced was deleted under the mask, which may have moved the text after it); nil otherwise.
    var maskedTextBefore: String?
}

extension EditorModel {
    /// The marked text's range in ``text`` while an input method composes; nil otherwise.
    public var markedRange: Range<String.Index>? {
        composition.map { text.indexRange(ofUTF8Range: $0.marked) }
    }

    /// The text without the marked text: what the length limit and the counter count while composing.
    var textWithoutMarkedText: String {
        guard let composition else { return text }
        var committed = text
        committed.removeSubrange(committed.indexRange(ofUTF8Range: composition.marked))
        return committed
    }

    /// Sets the input method's marked text (UIKit's `setMarkedText(_:selectedRange:)`): it
    /// replaces the current marked text, or the selection when no composition is in progress (one
    /// then begins), and the selection goes to `selectedRange`, UTF-16 offsets within `string`
    /// (rounded down to grapheme boundaries of the text).
    ///
    /// The marked text is part of ``text`` and is laid out, measured and drawn in place, so a
    /// growing editor grows while composing exactly as it will after the commit; ``markedRange``
    /// says where it is. The rules of typing wait for the commit (``unmarkText()``): the length
    /// limit, the mask, live validation (its debounce starts at the commit), ``isMatched``; the
    /// counter counts the text without the marked text. In a mask field the text without the
    /// marked text is the typed text, which fits the mask: a selection the marked text replaces is
    /// deleted under the mask, ``formattedText`` leaves the marked text out, and ``displayText``
    /// draws it as it is at the caret among the literals. An empty `string` ends the composition,
    /// committing nothing (what it replaced stays deleted). U+FFFC characters in `string` are dropped.
    /// - Returns: `.rejected` (nothing changed) while disabled or when the layout engine cannot take the text.
    /// - Throws: ``EditorError`` `.invalidArgument` for a `selectedRange` outside `string`
    ///   (naming `selectedRange`), or in a `secure` field, which takes no composition (platforms
    ///   turn input methods off in password fields); nothing changes.
    @discardableResult
    public func setMarkedText(_ string: String, selectedRange: Range<Int>) throws(EditorError) -> EditOutcome {
        if configuration.secure {
            throw EditorError(.invalidArgument, "a secure field takes no composition (setMarkedText given): type its characters directly, as platforms turn input methods off there", keys: ["setMarkedText"])
        }
        let string = string.droppingObjectReplacements
        let length = string.utf16.count
        guard selectedRange.lowerBound >= 0, selectedRange.upperBound <= length else {
            throw EditorError(.invalidArgument, "selectedRange \(selectedRange.lowerBound)..<\(selectedRange.upperBound) is outside the marked text, which has \(length) UTF-16 code unit\(length == 1 ? "" : "s") (0...\(length) allowed at each end)", keys: ["selectedRange"])
        }
        return perform(keepingComposition: true) {
            guard isEnabled else { return .rejected }
            let previous = composition
            // The text the marked text goes into, the range of ``text`` it replaces, and where it starts.
            var base = text
            let range: Range<String.Index>
            if let composition {
                range = text.indexRange(ofUTF8Range: composition.marked)
                base.replaceSubrange(range, with: "")
            } else {
                closeUndoGroup()
                range = self.selectedRange
                let objectsBefore = text[..<range.lowerBound].objectReplacementCount
                let replaced = String(text[range])
                let masked = configuration.mask != nil
                if masked { base = maskedDeletion(range) } else { base.replaceSubrange(range, with: "") }
                composition = Composition(marked: 0..<0, replaced: replaced,
                                          replacedObjects: Array(inlineObjects[objectsBefore...].prefix(replaced.objectReplacementCount)),
                                          selectionBefore: utf8Selection, maskedTextBefore: masked ? text : nil)
            }
            let start = text.utf8Offset(of: range.lowerBound)
            var newText = base
            newText.insert(contentsOf: string, at: newText.index(atUTF8Offset: start))
            // The marked text's range is set first: the text is drawn with it.
            composition?.marked = start..<(start + string.utf8.count)
            guard commit(newText, inlineObjects: inlineObjects(replacing: range, with: []), caretUTF8: start, announcing: false) else {
                composition = previous
                return .rejected
            }
            if string.isEmpty { return commitComposition() }
            let startUTF16 = text.utf16Offset(of: text.index(atUTF8Offset: start))
            selectionAnchor = text.characterIndex(atOrBeforeUTF16Offset: startUTF16 + selectedRange.lowerBound)
            caretIndex = text.characterIndex(atOrBeforeUTF16Offset: startUTF16 + selectedRange.upperBound)
            return .accepted
        }
    }

    /// Commits the marked text (UIKit's `unmarkText`): it becomes typed text under the rules of
    /// typing (the length limit of both policies, counted against the text before the composition),
    /// the caret goes after it, live validation restarts, and the composition is one undo group.
    /// In a mask field it is NFKC-folded and read into the slots as typed characters are: those the
    /// slots refuse are dropped, the literals come from the mask (see ``commitComposition()``).
    /// Any other event (typing, a caret move, a tap, losing focus, undo) commits the composition first.
    /// - Returns: `.accepted` (nothing changes) when nothing is marked; `.rejected` when the limit
    ///   refuses the text (`reject`: the composition is then cancelled) or a mask takes none of it;
    ///   `.truncated` when the limit cut it or a mask dropped some of its characters.
    @discardableResult
    public func unmarkText() -> EditOutcome {
        perform(keepingComposition: true) { commitComposition() }
    }

    /// Cancels the composition: the marked text goes and the text, its objects and the selection
    /// are as they were before it began (the editor's height with them). Nothing is recorded for undo.
    /// - Returns: `.accepted`; nothing changes when nothing is marked.
    @discardableResult
    public func cancelComposition() -> EditOutcome {
        perform(keepingComposition: true) {
            guard let composition else { return .accepted }
            self.composition = nil
            return restore(composition) ? .accepted : .rejected
        }
    }

    /// Ends the composition in progress, if any, for text that takes the marked text's place:
    /// the text and selection are as before the composition, so the text replaces what the marked
    /// text replaced, and is one undo group from there.
    /// - Returns: whether a composition was in progress (the text is then an input method's candidate).
    func replaceMarkedText() -> Bool {
        guard let composition else { return false }
        self.composition = nil
        _ = restore(composition)
        return true
    }

    /// Commits the composition in progress, if any (see ``unmarkText()``).
    ///
    /// In a mask field the text goes back to what it was before the composition, and the marked
    /// text is typed over the selection from then as an input method's text (NFKC-folded, the
    /// characters the slots refuse dropped in either mode, the literals placed by the mask), under
    /// the length limit, as one undo group.
    @discardableResult
    func commitComposition() -> EditOutcome {
        guard let composition else { return .accepted }
        if composition.maskedTextBefore != nil {
            let marked = String(text[text.indexRange(ofUTF8Range: composition.marked)])
            self.composition = nil
            guard restore(composition) else { return .rejected }
            return recordingUndo(.own) { replaceSelection(with: marked, fromInputMethod: true) }
        }
        let lengthBefore = textWithoutMarkedText.count + composition.replaced.count
        self.composition = nil
        let markedRange = text.indexRange(ofUTF8Range: composition.marked)
        let fitted = fitToLimit(String(text[markedRange]), replacing: markedRange, lengthBefore: lengthBefore)
        guard fitted.outcome != .rejected else {
            _ = restore(composition)
            return .rejected
        }
        let start = composition.marked.lowerBound
        var newText = text
        newText.replaceSubrange(markedRange, with: fitted.text)
        let version = textVersion
        guard commit(newText, inlineObjects: inlineObjects(replacing: markedRange, with: []), caretUTF8: start + fitted.text.utf8.count) else {
            _ = restore(composition)
            return .rejected
        }
        guard !fitted.text.hasSameCodeUnits(as: composition.replaced) || !composition.replacedObjects.isEmpty else { return fitted.outcome }
        // The marked text was in the text already: the commit is its change all the same.
        if textVersion == version { textDidChange() }
        history.push(UndoStep(start: start, removed: composition.replaced, removedObjects: composition.replacedObjects,
                              inserted: fitted.text, insertedObjects: [], selectionBefore: composition.selectionBefore,
                              selectionAfter: utf8Selection))
        return fitted.outcome
    }

    /// Puts back what `composition` replaced, and the selection from before it, without
    /// announcing a change (the text is as it was).
    private func restore(_ composition: Composition) -> Bool {
        if let textBefore = composition.maskedTextBefore {
            guard commit(textBefore, inlineObjects: [], caretUTF8: 0, announcing: false) else { return false }
        } else {
            let range = text.indexRange(ofUTF8Range: composition.marked)
            var newText = text
            newText.replaceSubrange(range, with: composition.replaced)
            guard commit(newText, inlineObjects: inlineObjects(replacing: range, with: composition.replacedObjects),
                         caretUTF8: composition.marked.lowerBound, announcing: false) else { return false }
        }
        select(composition.selectionBefore)
        return true
    }
}
