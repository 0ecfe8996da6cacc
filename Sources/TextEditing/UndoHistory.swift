// The editor's undo history: bounded stacks of undo groups, each one replacement of the text with the selections around it.
import TextLayout

/// A selection as UTF-8 offsets of the text it was in: offsets stay meaningful while the text
/// is replaced (an index of an old text does not).
struct UTF8Selection: Equatable {
    var anchor: Int
    var caret: Int
}

/// What one undo group changed: the text from `start` (UTF-8) held `removed` and holds
/// `inserted` after it, with the inline objects of their U+FFFC characters; the selection was
/// `selectionBefore` before and `selectionAfter` after.
struct UndoStep {
    var start: Int
    var removed: String
    var removedObjects: [InlineObject]
    var inserted: String
    var insertedObjects: [InlineObject]
    var selectionBefore: UTF8Selection
    var selectionAfter: UTF8Selection
}

/// Which edits join one undo group: a run of typing, or a run of deleting; every other edit
/// (a paste, a deletion of a selection, a word deletion, a committed composition, an inline
/// object inserted) is a group of its own.
enum UndoGroupKind: Equatable {
    case typing
    case deleting
    case own
}

/// The group edits are joining: the text, objects and selection before its first edit, the
/// selection after its last one, and when that was (the editor's clock).
struct OpenUndoGroup {
    var kind: UndoGroupKind
    var textBefore: String
    var objectsBefore: [InlineObject]
    var selectionBefore: UTF8Selection
    var selectionAfter: UTF8Selection
    var lastEdit: Double
}

/// The undo and redo stacks, at most `limit` groups each, and the group still open.
struct UndoHistory {
    let limit: Int
    var undoSteps: [UndoStep] = []
    var redoSteps: [UndoStep] = []
    var open: OpenUndoGroup?

    /// Pushes a finished group, dropping the oldest beyond the limit, and forgets what was undone.
    mutating func push(_ step: UndoStep) {
        redoSteps.removeAll()
        undoSteps.append(step)
        if undoSteps.count > limit { undoSteps.removeFirst(undoSteps.count - limit) }
    }

    /// Forgets everything (a text set in code).
    mutating func clear() {
        undoSteps.removeAll()
        redoSteps.removeAll()
        open = nil
    }
}
