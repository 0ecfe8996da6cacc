// Undo and redo: the user's edits gathered into groups (runs of typing or deleting, ended by caret moves, pauses, pastes and hard breaks), undone and redone with their selections.
import TextLayout

extension EditorModel {
    /// Whether ``undo()`` has a group to undo.
    public var canUndo: Bool { history.limit > 0 && history.open != nil || !history.undoSteps.isEmpty }
    /// Whether ``redo()`` has a group to redo.
    public var canRedo: Bool { !history.redoSteps.isEmpty }

    /// Undoes the last undo group: its text comes back and the selection is as it was before it.
    ///
    /// Groups: one run of typing (or of deleting) is one group, ended by a caret move or selection
    /// change, a switch between typing and deleting, a hard break typed (which ends its run), or
    /// `undoGroupPause` seconds of the editor's clock since the run's last edit. A paste, a
    /// deletion of a selection, a word or line deletion, a committed composition and an inline
    /// object inserted (``insertInlineObject(_:)``) are groups of their own. Text set in code
    /// (``setText(_:)``) clears the history; appended text (``append(_:)``) is no step and leaves
    /// the user's steps as they are. With a mask the steps are of the typed characters, the
    /// literals follow them. Undoing while composing commits the composition first (it is then
    /// the group undone).
    /// - Returns: `.rejected` while disabled; `.accepted`, changing nothing, when there is nothing to undo.
    @discardableResult
    public func undo() -> EditOutcome {
        replay(undoing: true)
    }

    /// Redoes the last undone group: its text comes back and the selection is as it was after it.
    /// A new edit after an undo forgets what could be redone.
    /// - Returns: `.rejected` while disabled; `.accepted`, changing nothing, when there is nothing to redo.
    @discardableResult
    public func redo() -> EditOutcome {
        replay(undoing: false)
    }

    /// Undoes the last undo step (moving it to the redo stack) or redoes the last redo step
    /// (moving it back). A step that no longer fits the text (which never happens unless the text
    /// changed behind the history's back) clears the history and is refused.
    private func replay(undoing: Bool) -> EditOutcome {
        perform {
            guard isEnabled else { return .rejected }
            closeUndoGroup()
            guard let step = undoing ? history.undoSteps.popLast() : history.redoSteps.popLast() else { return .accepted }
            let restored = undoing
                ? restore(step.start, replacing: step.inserted, with: step.removed, objects: step.removedObjects, selection: step.selectionBefore)
                : restore(step.start, replacing: step.removed, with: step.inserted, objects: step.insertedObjects, selection: step.selectionAfter)
            guard restored else {
                history.clear()
                return .rejected
            }
            if undoing { history.redoSteps.append(step) } else { history.undoSteps.append(step) }
            return .accepted
        }
    }

    /// The selection now, as UTF-8 offsets of the text.
    var utf8Selection: UTF8Selection {
        UTF8Selection(anchor: text.utf8Offset(of: selectionAnchor), caret: text.utf8Offset(of: caretIndex))
    }

    /// Runs a user's edit of `kind` and, when it changed the text, adds it to the open undo group
    /// or opens a new one (see ``undo()`` for when a group ends; an edit that would start a new
    /// group ends the open one even when it changes nothing). `endsGroup`: the edit is the last of
    /// its group (a hard break typed).
    func recordingUndo(_ kind: UndoGroupKind, endsGroup: Bool = false, _ edit: () -> EditOutcome) -> EditOutcome {
        let version = textVersion
        let textBefore = text
        let objectsBefore = inlineObjects
        let selectionBefore = utf8Selection
        let now = clock.now
        let joins = history.open.map {
            kind != .own && $0.kind == kind && $0.selectionAfter == selectionBefore && now - $0.lastEdit < configuration.undoGroupPause
        } ?? false
        if !joins { closeUndoGroup() }
        let outcome = edit()
        guard textVersion != version else { return outcome }
        if !joins {
            history.open = OpenUndoGroup(kind: kind, textBefore: textBefore, objectsBefore: objectsBefore,
                                         selectionBefore: selectionBefore, selectionAfter: selectionBefore, lastEdit: now)
        }
        history.open?.selectionAfter = utf8Selection
        history.open?.lastEdit = now
        history.redoSteps.removeAll()
        if kind == .own || endsGroup { closeUndoGroup() }
        return outcome
    }

    /// Ends the open undo group: what it changed (the smallest replacement from the text before
    /// it to the text now) becomes an undo step. A group that changed nothing in the end is dropped.
    func closeUndoGroup() {
        guard let open = history.open else { return }
        history.open = nil
        let change = Self.drawnEdit(from: open.textBefore, to: text)
        var start = change.bytes.lowerBound
        var removedRange = open.textBefore.indexRange(ofUTF8Range: change.bytes)
        var inserted = change.replacement
        let objectsBefore = open.textBefore[..<removedRange.lowerBound].objectReplacementCount
        var removedObjects = Array(open.objectsBefore[objectsBefore...].prefix(open.textBefore[removedRange].objectReplacementCount))
        var insertedObjects = Array(inlineObjects[objectsBefore...].prefix(inserted.objectReplacementCount))
        if Array(open.objectsBefore[..<objectsBefore]) + insertedObjects + open.objectsBefore[(objectsBefore + removedObjects.count)...] != inlineObjects {
            // An object replaced by another at the same U+FFFC: the step takes the whole text.
            start = 0
            removedRange = open.textBefore.startIndex..<open.textBefore.endIndex
            inserted = text
            removedObjects = open.objectsBefore
            insertedObjects = inlineObjects
        }
        let removed = String(open.textBefore[removedRange])
        guard !removed.hasSameCodeUnits(as: inserted) || removedObjects != insertedObjects else { return }
        history.push(UndoStep(start: start, removed: removed, removedObjects: removedObjects, inserted: inserted,
                              insertedObjects: insertedObjects, selectionBefore: open.selectionBefore, selectionAfter: open.selectionAfter))
    }

    /// Replaces `expected`, found at UTF-8 offset `start`, with `replacement` (whose U+FFFC
    /// characters take `objects`) and puts the selection at `selection`.
    /// - Returns: false, changing nothing, when the text there is not `expected` or the layout
    ///   engine cannot take the new text.
    private func restore(_ start: Int, replacing expected: String, with replacement: String, objects: [InlineObject],
                         selection: UTF8Selection) -> Bool {
        let end = start + expected.utf8.count
        guard end <= text.utf8.count else { return false }
        let range = text.indexRange(ofUTF8Range: start..<end)
        guard String(text[range]).hasSameCodeUnits(as: expected) else { return false }
        var newText = text
        newText.replaceSubrange(range, with: replacement)
        guard commit(newText, inlineObjects: inlineObjects(replacing: range, with: objects), caretUTF8: start) else { return false }
        select(selection)
        return true
    }

    /// Puts the selection at UTF-8 offsets (clamped to the text, rounded down to grapheme boundaries).
    func select(_ selection: UTF8Selection) {
        let length = text.utf8.count
        selectionAnchor = characterBoundary(atOrBefore: text.index(atUTF8Offset: min(selection.anchor, length)))
        caretIndex = characterBoundary(atOrBefore: text.index(atUTF8Offset: min(selection.caret, length)))
    }
}
