// Edits under an input mask: typed or pasted text read into the slots (literals stripped), strict or lenient, reflowed; deletions never refused.
import TextLayout

/// A masked edit worked out: the new typed text, where the caret goes, and whether all of the
/// inserted text was kept.
struct MaskFit {
    var text: String
    /// The caret's UTF-8 offset in ``text``: after what was inserted.
    var caretUTF8: Int
    var isComplete: Bool
}

extension EditorModel {
    /// `before + inserted + after` read through the mask's formats.
    ///
    /// For each format (in order) that accepts `before`, `inserted` is read into the slots from
    /// the caret's slot (``MaskFormat/read(_:fromSlot:lenient:)``: literals stripped, every
    /// character checked), and the text after it must still fit once it moves. Strict: all of
    /// it or nothing; the first format that takes it wins. Lenient: the longest prefix of what was
    /// read that fits with the text after it (when even none does, the text after is refitted as
    /// after a deletion); the first format that keeps everything wins, else the one that keeps most.
    /// - Returns: nil when no format takes the edit (strict).
    static func fitMask(before: String, inserted: String, after: Substring, formats: [MaskFormat], lenient: Bool) -> MaskFit? {
        let slot = before.count
        var best: MaskFit?
        var bestCount = -1
        for format in formats where format.accepts(before) {
            guard let read = format.read(inserted, fromSlot: slot, lenient: lenient) else { continue }
            let characters = Array(read.characters)
            var kept = characters.count
            var fit: MaskFit?
            while fit == nil, kept >= 0 {
                let piece = String(characters[..<kept])
                let candidate = before + piece + after
                if format.accepts(candidate) {
                    fit = MaskFit(text: candidate, caretUTF8: before.utf8.count + piece.utf8.count,
                                  isComplete: kept == characters.count && !read.dropped)
                } else if !lenient {
                    break
                }
                kept -= 1
            }
            if fit == nil, lenient {
                fit = MaskFit(text: before + format.refit(after, fromSlot: slot), caretUTF8: before.utf8.count, isComplete: false)
            }
            guard let fit else { continue }
            if fit.isComplete { return fit }
            if fit.text.count > bestCount {
                best = fit
                bestCount = fit.text.count
            }
        }
        return best
    }

    /// The initial text of a masked editor, read as a paste into an empty field.
    /// - Throws: ``EditorError`` `.invalidArgument` when a strict mask cannot take it.
    static func maskedInitialText(_ text: String, formats: [MaskFormat], configuration: EditorConfiguration) throws(EditorError) -> String {
        guard let mask = configuration.mask, !text.isEmpty else { return text }
        guard let fit = fitMask(before: "", inserted: text, after: "", formats: formats, lenient: mask.mode == .lenient) else {
            throw EditorError(.invalidArgument, "text '\(text)' does not fit the mask's formats (\(mask.formats.joined(separator: ", ")))")
        }
        return fit.text
    }

    /// Replaces `range` of the typed text with `string` under the mask, then the length limit
    /// (`limited`; text set in code is not limited). `droppingRefused`: the characters the slots
    /// refuse are dropped and the rest go in whatever the mode, as when they are typed one by one
    /// (a committed composition); otherwise the mode decides.
    ///
    /// - Returns: `.accepted` with everything inserted; `.truncated` when the lenient mode or the
    ///   `truncate` policy kept part of it; `.rejected` (and nothing changes) when the strict mode
    ///   or the `reject` policy refuses it, or when nothing of it fits and nothing was selected.
    func replaceMasked(_ range: Range<String.Index>, with string: String, limited: Bool, droppingRefused: Bool = false) -> EditOutcome {
        let before = String(text[..<range.lowerBound])
        let after = text[range.upperBound...]
        let lenient = droppingRefused || configuration.mask?.mode == .lenient
        guard var fit = Self.fitMask(before: before, inserted: string, after: after, formats: maskFormats, lenient: lenient) else {
            return .rejected
        }
        var outcome = fit.isComplete ? EditOutcome.accepted : .truncated
        if limited, let limit = configuration.maxLength, fit.text.count > limit, fit.text.count >= text.count {
            guard configuration.lengthPolicy == .truncate else { return .rejected }
            // Keep fewer of the inserted characters until the text is short enough.
            let insertedText = String(fit.text[fit.text.indexRange(ofUTF8Range: before.utf8.count..<fit.caretUTF8)])
            let inserted = Array(insertedText)
            var shorter: MaskFit?
            for count in stride(from: inserted.count - 1, through: 0, by: -1) {
                guard let candidate = Self.fitMask(before: before, inserted: String(inserted[..<count]), after: after,
                                                   formats: maskFormats, lenient: false) else { continue }
                if candidate.text.count <= limit || candidate.text.count < text.count {
                    shorter = candidate
                    break
                }
            }
            guard let shorter else { return .rejected }
            fit = shorter
            outcome = .truncated
        }
        if !fit.isComplete, range.isEmpty, fit.text.hasSameCodeUnits(as: text) { return .rejected }
        return commit(fit.text, inlineObjects: [], caretUTF8: fit.caretUTF8) ? outcome : .rejected
    }

    /// Deletes `range` of the typed text under the mask (see ``maskedDeletion(_:)``): never refused.
    func deleteMasked(_ range: Range<String.Index>) -> EditOutcome {
        commit(maskedDeletion(range), inlineObjects: [], caretUTF8: text.utf8Offset(of: range.lowerBound)) ? .accepted : .rejected
    }

    /// The typed text with `range` deleted under the mask. The text after the range moves up into
    /// the freed slots; in a mask of mixed slots (`dd-ww`), the characters that no longer fit the
    /// slot they move to are dropped, unless another format takes the text whole.
    func maskedDeletion(_ range: Range<String.Index>) -> String {
        let before = String(text[..<range.lowerBound])
        let after = text[range.upperBound...]
        let formats = maskFormats.filter { $0.accepts(before) }
        var result = before + after
        if !formats.contains(where: { $0.accepts(result) }) {
            let refits = formats.map { before + $0.refit(after, fromSlot: before.count) }
            result = refits.max { $0.count < $1.count } ?? result
        }
        return result
    }
}
