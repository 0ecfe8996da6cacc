// Edits: insert and paste (through the mask and the length limit), delete by grapheme cluster, set the text, move the caret, select.
import TextLayout

extension EditorModel {
    /// Types `string` at the caret, replacing the selection; while an input method composes, it
    /// replaces the marked text instead (UIKit's `insertText`: a candidate chosen), and the
    /// composition and the typing are one undo group. In a mask field, such a candidate is read
    /// as a committed composition is (see ``unmarkText()``).
    ///
    /// With `maxLength`, an edit that would leave more grapheme clusters than the limit is
    /// refused whole (`reject`) or has `string` cut at a grapheme boundary to fit (`truncate`),
    /// unless it shortens the text: a text over the limit (set in code) can always be shortened.
    ///
    /// With a mask, `string` is read into the slots from the caret's on: literals in it are
    /// stripped (a fully formatted value pastes as its input characters), every character must
    /// suit its slot, and the text after the caret moves along; an edit that does not fit is
    /// refused whole (`strict`) or reduced to the characters that fit (`lenient`).
    ///
    /// U+FFFC characters in `string` are dropped: in an editor each U+FFFC stands for an inline
    /// object, which only ``insertInlineObject(_:)`` brings in.
    /// - Returns: `.rejected` (nothing changed) when disabled or refused by the mask or the limit;
    ///   `.truncated` when only part of `string` was inserted.
    /// - Complexity: O(n) in the text's length, with small constants (the new text is copied, and
    ///   compared byte by byte with the one drawn to find the edit), plus the edit's own cost:
    ///   `PreparedText.replacingCharacters(in:with:inlineObjects:)` (the paragraphs it touches
    ///   prepared again) and `Layout.updated(for:after:)` (their lines broken again). The same for
    ///   every edit of the model: pasting, deleting, undoing.
    @discardableResult
    public func insert(_ string: String) -> EditOutcome {
        perform(keepingComposition: true) {
            let candidate = replaceMarkedText()
            return recordingUndo(.typing, endsGroup: string.contains(where: \.isNewline)) { replaceSelection(with: string, fromInputMethod: candidate) }
        }
    }

    /// Pastes `string` at the caret, replacing the selection (or the marked text): the same rules as ``insert(_:)``;
    /// under the `reject` policy a paste that does not fit is dropped whole.
    @discardableResult
    public func paste(_ string: String) -> EditOutcome {
        perform(keepingComposition: true) {
            let candidate = replaceMarkedText()
            return recordingUndo(.own) { replaceSelection(with: string, fromInputMethod: candidate) }
        }
    }

    /// Deletes `count` grapheme clusters before the caret, as pressing backspace `count` times:
    /// the first press deletes the selection when there is one. Never refused by the limit.
    @discardableResult
    public func deleteBackward(_ count: Int = 1) -> EditOutcome {
        perform {
            guard isEnabled else { return .rejected }
            guard count > 0 else { return .accepted }
            let selection = selectedRange
            var steps = selection.isEmpty ? count : count - 1
            var lower = selection.lowerBound
            while steps > 0, lower > text.startIndex {
                lower = text.index(before: lower)
                steps -= 1
            }
            return recordingUndo(selection.isEmpty ? .deleting : .own) { delete(lower..<selection.upperBound) }
        }
    }

    /// Deletes `count` grapheme clusters after the caret, as pressing forward-delete `count`
    /// times: the first press deletes the selection when there is one.
    @discardableResult
    public func deleteForward(_ count: Int = 1) -> EditOutcome {
        perform {
            guard isEnabled else { return .rejected }
            guard count > 0 else { return .accepted }
            let selection = selectedRange
            var steps = selection.isEmpty ? count : count - 1
            var upper = selection.upperBound
            while steps > 0, upper < text.endIndex {
                upper = text.index(after: upper)
                steps -= 1
            }
            return recordingUndo(selection.isEmpty ? .deleting : .own) { delete(selection.lowerBound..<upper) }
        }
    }

    /// Sets the text in code: taken whole, even over `maxLength` and while disabled; the caret
    /// goes to the end; the undo history is cleared, as UIKit does. Like an edit, it ends an `error` or `success` state and restarts live
    /// validation. With a mask, it is read as a paste into an empty field. Its U+FFFC characters
    /// are dropped (see ``insert(_:)``), and the inline objects go with the old text; a text with
    /// objects (a draft restored) is set with ``setText(_:inlineObjects:)``.
    /// - Returns: `.rejected` only when the text is too long for the layout engine (64 MiB) or a
    ///   strict mask refuses it; `.truncated` when a lenient mask kept part of it.
    @discardableResult
    public func setText(_ newText: String) -> EditOutcome {
        let newText = newText.droppingObjectReplacements
        return perform {
            history.clear()
            if configuration.mask != nil {
                let whole = text.startIndex..<text.endIndex
                let outcome = replaceMasked(whole, with: newText, limited: false)
                // Setting an empty or unchanged text is accepted even when nothing of it fits.
                return outcome == .rejected && (newText.isEmpty || newText.hasSameCodeUnits(as: text)) ? .accepted : outcome
            }
            return replace(text.startIndex..<text.endIndex, with: newText, insertingObjects: []) ? .accepted : .rejected
        }
    }

    /// Sets the text in code with its inline objects, one for each U+FFFC of `newText`, in order
    /// (a draft with custom emoji restored): as ``setText(_:)`` otherwise.
    /// - Throws: ``EditorError`` `.invalidArgument` when the counts differ (naming both), for an
    ///   object's size out of range (naming the setting `inlineObjects[k]`), or in a `mask` or `secure` field
    ///   given objects; nothing changes.
    @discardableResult
    public func setText(_ newText: String, inlineObjects objects: [InlineObject]) throws(EditorError) -> EditOutcome {
        guard !objects.isEmpty else { return setText(newText) }
        try configuration.check(objects, for: newText)
        return perform {
            history.clear()
            return replace(text.startIndex..<text.endIndex, with: newText, insertingObjects: objects) ? .accepted : .rejected
        }
    }

    /// Appends `string` to the end of the text, as code does when an answer streams in piece by
    /// piece: taken whole, even over `maxLength` and while disabled; the caret and the selection
    /// stay where they are (rounded down to a grapheme boundary when `string` starts with a mark
    /// that joins the last character). Like an edit, it ends an `error` or `success` state and
    /// restarts live validation. The layout is brought up to date from the text's end
    /// (`PreparedText.appending`, which reshapes only the last paragraph's tail, and
    /// `Layout.updated(for:after:)`) without comparing the texts. With a mask, the same as ``setText(_:)`` with the longer text.
    /// Its U+FFFC characters are dropped (see ``insert(_:)``). It is no undo step, and the user's
    /// steps stay (the open group ends before it); a composition in progress goes on.
    /// - Returns: `.rejected` only when the text would be too long for the layout engine (64 MiB)
    ///   or a strict mask refuses it; `.truncated` when a lenient mask kept part of it.
    @discardableResult
    public func append(_ string: String) -> EditOutcome {
        let string = string.droppingObjectReplacements
        if configuration.mask != nil { return setText(text + string) }
        return perform(keepingComposition: true) {
            guard !string.isEmpty else { return .accepted }
            closeUndoGroup()
            let caret = text.utf8Offset(of: caretIndex)
            let anchor = text.utf8Offset(of: selectionAnchor)
            var newText = text
            newText.append(string)
            do { try relayout(text: newText, inlineObjects: inlineObjects, enabled: isEnabled, appended: string) } catch { return .rejected }
            text = newText
            caretIndex = characterBoundary(atOrBefore: text.index(atUTF8Offset: caret))
            selectionAnchor = characterBoundary(atOrBefore: text.index(atUTF8Offset: anchor))
            textDidChange()
            return .accepted
        }
    }

    /// Moves the caret to `index` (rounded down to a grapheme boundary) and clears the selection.
    /// - Precondition: `index` is an index of ``text``.
    @discardableResult
    public func moveCaret(to index: String.Index) -> EditOutcome {
        perform {
            guard isEnabled else { return .rejected }
            let caret = characterBoundary(atOrBefore: index)
            caretIndex = caret
            selectionAnchor = caret
            caretAffinity = .downstream
            return .accepted
        }
    }

    /// Moves the caret to a UTF-16 offset (rounded down to a grapheme boundary).
    /// - Throws: ``EditorError`` `.invalidArgument` when the offset is outside the text; nothing changes.
    @discardableResult
    public func moveCaret(toUTF16Offset offset: Int) throws(EditorError) -> EditOutcome {
        let index = try index(atUTF16Offset: offset)
        return moveCaret(to: index)
    }

    /// Selects from `anchor` to `caret` (either order; the caret is where typing goes on).
    /// - Precondition: both are indices of ``text``.
    @discardableResult
    public func select(from anchor: String.Index, to caret: String.Index) -> EditOutcome {
        perform {
            guard isEnabled else { return .rejected }
            selectionAnchor = characterBoundary(atOrBefore: anchor)
            caretIndex = characterBoundary(atOrBefore: caret)
            caretAffinity = .downstream
            return .accepted
        }
    }

    /// Selects `range`, with the caret at its end.
    @discardableResult
    public func select(_ range: Range<String.Index>) -> EditOutcome {
        select(from: range.lowerBound, to: range.upperBound)
    }

    /// Selects between two UTF-16 offsets (either order; the caret goes to `caret`).
    /// - Throws: ``EditorError`` `.invalidArgument` when an offset is outside the text; nothing changes.
    @discardableResult
    public func select(fromUTF16Offset anchor: Int, to caret: Int) throws(EditorError) -> EditOutcome {
        let anchorIndex = try index(atUTF16Offset: anchor)
        let caretIndex = try index(atUTF16Offset: caret)
        return select(from: anchorIndex, to: caretIndex)
    }

    /// Selects the whole text.
    @discardableResult
    public func selectAll() -> EditOutcome {
        select(from: text.startIndex, to: text.endIndex)
    }

    /// The index of a UTF-16 offset into ``text``, rounded down to a grapheme boundary (an offset
    /// inside an emoji or between a letter and its accent lands before the whole cluster).
    /// - Throws: ``EditorError`` `.invalidArgument` when the offset is outside 0...utf16.count.
    public func index(atUTF16Offset offset: Int) throws(EditorError) -> String.Index {
        let length = text.utf16.count
        guard offset >= 0, offset <= length else {
            throw EditorError(.invalidArgument, "offset \(offset) is outside the text, which has \(length) UTF-16 code units (0...\(length) allowed)")
        }
        return text.characterIndex(atOrBeforeUTF16Offset: offset)
    }

    /// The grapheme boundary at or before `index`. An event's index was taken in the text before
    /// the event committed the composition, and a commit through a mask or a length limit may
    /// shorten the text: an index past its end now is its end, and one inside a scalar now is
    /// the scalar's start.
    func characterBoundary(atOrBefore index: String.Index) -> String.Index {
        var index = min(index, text.endIndex)
        while index.samePosition(in: text.unicodeScalars) == nil {
            index = text.utf8.index(before: index)
        }
        while index < text.endIndex, index.samePosition(in: text) == nil {
            index = text.unicodeScalars.index(before: index)
        }
        return index
    }

    /// Replaces the selection with `string` through the mask and the length limit.
    /// `fromInputMethod`: `string` is what an input method commits (a composition's marked text, or
    /// the candidate that replaces it); in a mask field it is NFKC-folded (full-width `０９０` counts
    /// as `090`) and the characters the slots refuse are dropped, as when typed one by one.
    func replaceSelection(with string: String, fromInputMethod: Bool = false) -> EditOutcome {
        guard isEnabled else { return .rejected }
        let string = string.droppingObjectReplacements
        let range = selectedRange
        if configuration.mask != nil {
            return fromInputMethod
                ? replaceMasked(range, with: string.compatibilityFolded, limited: true, droppingRefused: true)
                : replaceMasked(range, with: string, limited: true)
        }
        let fitted = fitToLimit(string, replacing: range)
        guard fitted.outcome != .rejected else { return .rejected }
        return replace(range, with: fitted.text, insertingObjects: []) ? fitted.outcome : .rejected
    }

    /// Deletes `range`; deleting nothing is accepted and changes nothing.
    func delete(_ range: Range<String.Index>) -> EditOutcome {
        guard !range.isEmpty else {
            caretIndex = range.lowerBound
            selectionAnchor = range.lowerBound
            caretAffinity = .downstream
            return .accepted
        }
        if configuration.mask != nil { return deleteMasked(range) }
        return replace(range, with: "", insertingObjects: []) ? .accepted : .rejected
    }

    /// `string`, or the part of it that the length limit lets replace `range`.
    ///
    /// Allowed: a result within the limit, or one shorter than the text is now. `truncate` keeps
    /// the longest prefix of `string` (whole grapheme clusters) that stays within the limit; when
    /// even none fits, it still deletes a non-empty selection, since that shortens the text.
    /// `lengthBefore`: the text's length to compare with, when it is not ``text``'s (a composition
    /// committed counts against the text before it).
    func fitToLimit(_ string: String, replacing range: Range<String.Index>, lengthBefore: Int? = nil) -> (text: String, outcome: EditOutcome) {
        guard let limit = configuration.maxLength else { return (string, .accepted) }
        let before = text[..<range.lowerBound]
        let after = text[range.upperBound...]
        func count(_ inserted: Substring) -> Int { (before + inserted + after).count }
        let oldCount = lengthBefore ?? text.count
        let full = count(string[...])
        if full <= limit || full < oldCount { return (string, .accepted) }
        guard configuration.lengthPolicy == .truncate else { return (string, .rejected) }
        // ends[k] is the end of the first k grapheme clusters of `string`; find the largest k that fits.
        let ends = [string.startIndex] + string.indices.map { string.index(after: $0) }
        var fits = -1
        var low = 0
        var high = ends.count - 2  // k = ends.count - 1 (everything) is known not to fit
        while low <= high {
            let k = (low + high) / 2
            if count(string[..<ends[k]]) <= limit {
                fits = k
                low = k + 1
            } else {
                high = k - 1
            }
        }
        if fits > 0 { return (String(string[..<ends[fits]]), .truncated) }
        if !range.isEmpty, count(""[...]) < oldCount { return ("", .truncated) }
        return (string, .rejected)
    }

    /// Replaces `range` of the text with `string`, whose U+FFFC characters take `objects`, puts
    /// the caret after the new text and re-measures. The inline objects in `range` go with it. A
    /// replacement that leaves the text as it was only moves the caret: no new text version.
    /// - Returns: false, changing nothing, when the layout engine cannot take the new text.
    func replace(_ range: Range<String.Index>, with string: String, insertingObjects objects: [InlineObject]) -> Bool {
        let prefix = text.utf8Offset(of: range.lowerBound)
        var newText = text
        newText.replaceSubrange(range, with: string)
        return commit(newText, inlineObjects: inlineObjects(replacing: range, with: objects), caretUTF8: prefix + string.utf8.count)
    }

    /// Makes `newText` the text, with `newObjects` at its U+FFFC characters and the caret at its
    /// UTF-8 offset `caretUTF8` (rounded down to a grapheme boundary), and re-measures. A text
    /// equal to the old one, with the same objects, only moves the caret: no new text version.
    /// Without `announcing` (marked text, which is no change of the typed text until committed)
    /// the change is not announced: no new version, validation and states as they were.
    /// - Returns: false, changing nothing, when the layout engine cannot take the new text.
    func commit(_ newText: String, inlineObjects newObjects: [InlineObject], caretUTF8: Int, announcing: Bool = true) -> Bool {
        // Code units, not String ==: "é" typed over "e" + U+0301 is a change of the text and its offsets.
        let changed = !newText.hasSameCodeUnits(as: text) || newObjects != inlineObjects
        // A mask field draws its marked text beside the typed text: a composition begun, ended or
        // moved over the same text (a "1" marked over a selected "1") is drawn anew all the same.
        if changed || configuration.mask != nil {
            do { try relayout(text: newText, inlineObjects: newObjects, enabled: isEnabled) } catch { return false }
            text = newText
            inlineObjects = newObjects
        }
        caretIndex = characterBoundary(atOrBefore: text.index(atUTF8Offset: caretUTF8))
        selectionAnchor = caretIndex
        caretAffinity = .downstream
        if changed, announcing { textDidChange() }
        return true
    }

    /// After any change of the text: a new version, `isMatched` again, `error`/`success` back to
    /// `active` (focused with activeOnEditing) or `standard` with the helper restored, and live
    /// validation debounced from now.
    func textDidChange() {
        textVersion += 1
        isMatched = regex.map { text.wholeMatch(of: $0) != nil }
        if fieldState == .error || fieldState == .success {
            fieldState = isFocused && configuration.activeOnEditing ? .active : .standard
            validationMessage = nil
        }
        if isEnabled, configuration.liveValidation != nil {
            nextDeadline = clock.now + configuration.liveValidationInterval
        }
    }
}
