// Measuring the drawn text again after a change (and its bubble width, when asked for): an edit of the drawn text reshapes only what it touches; any other new text is prepared afresh.
import TextLayout

extension EditorModel {
    /// Prepares and measures what is drawn for `text` (with `inlineObjects` at its U+FFFC
    /// characters, and the marked text of ``composition``, which must be in step with `text`) and
    /// `enabled`, preparing only when the drawn text changed. Changes nothing when it throws.
    ///
    /// When the text drawn before and the text drawn now are both the field's own text (neither
    /// is a placeholder), the change is an edit of the drawn text: the smallest replacement that
    /// turns one into the other (``drawnEdit(from:to:)``) goes through
    /// `PreparedText.replacingCharacters(in:with:)` (`appending(_:)` for appended text) and
    /// `Layout.updated(for:after:)`, which equal a fresh preparation and layout, when the engine's
    /// moving of the spans through the edit gives the new spans (but with balanced or pretty
    /// lines, whose lines above the edited one stay while typing: see `Layout.updated(for:after:)`)
    /// and its inline objects.
    /// A placeholder shown or hidden is a new text, prepared afresh. `appended`, when given, is
    /// what `text` adds at the end of the text drawn now: when both are drawn as they are (no
    /// mask, not secure, no placeholder), the edit is known without comparing the texts.
    func relayout(text: String, inlineObjects: [InlineObject], enabled: Bool, appended: String? = nil) throws {
        let shown = Self.display(text: text, marked: composition?.marked, inlineObjects: inlineObjects, enabled: enabled,
                                 configuration: configuration, formats: maskFormats)
        if shown.text.hasSameCodeUnits(as: prepared.text), shown.styledSpans.areExactly(prepared.spans), shown.inlineObjects == prepared.inlineObjects {
            display = shown
            return
        }
        // Without a mask (which never appends here) or secure entry, a text is drawn as it is.
        let drawnAppend = configuration.secure ? nil : appended
        if !display.isPlaceholder, !shown.isPlaceholder,
           let edited = try? measureEdit(to: shown, appended: drawnAppend) {
            let fitted = try fittedToConfiguration(edited.prepared, edited.measurement, editorWidth: editorWidth)
            try setMeasurement(fitted.measurement)
            prepared = fitted.prepared
            editedPrepareCount += 1
        } else {
            let newPrepared = try PreparedText(shown.text, style: style, spans: shown.styledSpans, inlineObjects: shown.inlineObjects)
            let fitted = try fittedToConfiguration(newPrepared, try newPrepared.measureEditor(editorWidth: editorWidth, sizing: configuration.settings.sizing),
                                                   editorWidth: editorWidth)
            try setMeasurement(fitted.measurement)
            prepared = fitted.prepared
        }
        display = shown
        prepareCount += 1
        layoutCount += 1
    }

    /// The drawn text and its measurement at the configuration's fitted size (``EditorConfiguration/fit``):
    /// `prepared` and `measurement` as they are without a fit; with one, the text prepared at the
    /// largest size of the fit's grid that keeps within its limits at `editorWidth`, and its
    /// measurement. Edits then go on from the text at that size, and are fitted again.
    /// - Throws: ``LayoutError`` as `PreparedText.fittingSize` does.
    func fittedToConfiguration(_ prepared: PreparedText, _ measurement: EditorMeasurement,
                               editorWidth: Double?) throws -> (prepared: PreparedText, measurement: EditorMeasurement) {
        guard let fit = configuration.fit else { return (prepared, measurement) }
        let fitted = try prepared.fittingSize(fit, editorWidth: editorWidth, sizing: configuration.settings.sizing)
        return (fitted.value.layout.prepared, fitted.value)
    }

    /// Makes `newMeasurement` the editor's, with its bubble width when the configuration asks
    /// for one. Changes nothing when it throws.
    /// - Throws: ``LayoutError`` when the bubble width cannot be found (see ``shrinkWrapWidth(of:_:)``).
    func setMeasurement(_ newMeasurement: EditorMeasurement) throws {
        shrinkWrapWidth = try Self.shrinkWrapWidth(of: newMeasurement, configuration)
        measurement = newMeasurement
    }

    /// The bubble width of `measurement` (see ``shrinkWrapWidth``) when `configuration` asks for
    /// it, else nil.
    /// - Throws: ``LayoutError`` when a narrower layout tried on the way cannot be made (lines so
    ///   many, with a line space so large, that their height overflows).
    static func shrinkWrapWidth(of measurement: EditorMeasurement, _ configuration: EditorConfiguration) throws -> Double? {
        guard configuration.shrinkWrap else { return nil }
        return configuration.settings.sizing.editorWidth(ofWrapWidth: try measurement.layout.shrinkWrapWidth())
    }

    /// The drawn text of `shown`, with its spans and inline objects, prepared and measured as an
    /// edit of the one drawn now.
    ///
    /// The engine moves the spans of the old text through the edit (a span the edit starts in or
    /// at the end of takes the inserted text); the edit path is taken only when that gives the
    /// spans exactly, as it does for a mask's slot character overwritten by a typed character, and not when a
    /// mask's literals reflow. Without spans it is always taken. The U+FFFC characters the
    /// replacement holds take their objects from `shown`; the engine keeps those before it and
    /// moves those after it, which gives `shown`'s objects unless the smallest replacement took
    /// one U+FFFC for another (an object inserted right before an object of another size): then
    /// the text is prepared afresh.
    /// - Returns: nil when the spans or the objects would not come out right.
    /// - Throws: ``LayoutError`` when the engine cannot take the edit (the caller then prepares afresh).
    private func measureEdit(to shown: Display, appended: String?) throws -> (prepared: PreparedText, measurement: EditorMeasurement)? {
        let (newText, spans) = (shown.text, shown.styledSpans)
        let old = prepared.text
        // An append after a CR goes through the comparison, which takes the CR in (see drawnEdit).
        let appendedAtEnd = appended.flatMap { old.utf8.last == 0x0D ? nil : $0 }
        let change = appendedAtEnd.map { (bytes: old.utf8.count..<old.utf8.count, replacement: $0) } ?? Self.drawnEdit(from: old, to: newText)
        let range = old.indexRange(ofUTF8Range: change.bytes)
        guard spans.isEmpty && prepared.spans.isEmpty || Self.movedSpans(prepared.spans, replacing: old.utf16Range(of: range),
                                                                         with: change.replacement.utf16.count) == spans else { return nil }
        // The objects of the replacement: those after the ones before it in the new text.
        let objectsBefore = old[..<range.lowerBound].objectReplacementCount
        let insertedObjects = Array(shown.inlineObjects.dropFirst(objectsBefore).prefix(change.replacement.objectReplacementCount))
        // Appended text reshapes only the last paragraph's tail.
        let (edited, edit) = try appendedAtEnd.map { try prepared.appending($0) }
            ?? prepared.replacingCharacters(in: range, with: change.replacement, inlineObjects: insertedObjects)
        guard edited.spans == spans, edited.inlineObjects == shown.inlineObjects else { return nil }
        let layout = try measurement.layout.updated(for: edited, after: edit)
        return (edited, try layout.measureEditor(editorWidth: editorWidth, sizing: configuration.settings.sizing))
    }

    /// `spans` moved through the replacement of `range` (UTF-16) by `count` code units, as
    /// `PreparedText.replacingCharacters` moves them: an offset before the range stays, one at or
    /// after its end moves by the change in length, one inside it (or at its start) goes to the
    /// end of the replacement. (Checked before the engine's edit, to spare a reshaping whose spans
    /// would come out wrong; the edit's own spans are checked after it too.)
    static func movedSpans(_ spans: [StyledSpan], replacing range: Range<Int>, with count: Int) -> [StyledSpan] {
        func moved(_ offset: Int) -> Int {
            if offset < range.lowerBound { return offset }
            if offset >= range.upperBound { return offset + count - range.count }
            return range.lowerBound + count
        }
        return spans.map { span in
            var span = span
            let start = moved(span.range.lowerBound)
            span.range = start..<max(start, moved(span.range.upperBound))
            return span
        }
    }

    /// The smallest replacement of a range of `old` (in UTF-8 bytes) that gives `new`: the two
    /// texts' common prefix and suffix stay, cut on Unicode scalar boundaries.
    ///
    /// The range never starts right after a carriage return: a new text that starts with a line
    /// feed there joins it into one hard break (`\r\n`), which is a change to the paragraph
    /// before, so the range takes the `\r` in.
    /// - Complexity: O(n) byte comparisons in the length of the texts.
    package static func drawnEdit(from old: String, to new: String) -> (bytes: Range<Int>, replacement: String) {
        var old = old, new = new
        let (start, oldEnd, newEnd) = old.withUTF8 { a in
            new.withUTF8 { b in
                // A UTF-8 continuation byte: not where a scalar starts.
                func inside(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int) -> Bool { i < bytes.count && UTF8.isContinuation(bytes[i]) }
                let shorter = min(a.count, b.count)
                var prefix = 0
                while prefix < shorter, a[prefix] == b[prefix] { prefix += 1 }
                while prefix > 0, inside(a, prefix) || inside(b, prefix) { prefix -= 1 }
                if prefix > 0, a[prefix - 1] == 0x0D { prefix -= 1 }
                var suffix = 0
                while suffix < shorter - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
                while suffix > 0, inside(a, a.count - suffix) { suffix -= 1 }
                return (prefix, a.count - suffix, b.count - suffix)
            }
        }
        let replacement = new.withUTF8 { String(decoding: UnsafeBufferPointer(rebasing: $0[start..<newEnd]), as: UTF8.self) }
        return (start..<oldEnd, replacement)
    }
}
