// Replays an editing session: a config line, then one event a line; every line gets one snapshot (or error) line.
import TextEditing
import TextLayout

/// An editing session of `textlayout edit`, replayed one input line at a time.
///
/// The first line is `{"config": {...}}`; each later line is one event, such as `{"insert": "Hi"}`
/// or `{"advance": 0.5}` (see ``EditorEvent/init(json:)``). Each line gets exactly one output
/// line: the editor's snapshot after it, or `{"error": {"code", "message"}}`. An event that fails
/// leaves the editor unchanged and the session goes on. Time is a ``ManualClock`` that only
/// `advance` moves.
public final class EditSession {
    private let fonts: FontContext
    private let clock = ManualClock()
    /// The editor, once the config line has made one.
    public private(set) var editor: EditorModel?
    private var lineCount = 0
    private var configFailed = false

    public init(fonts: FontContext = .shared) {
        self.fonts = fonts
    }

    /// The output line (compact JSON, no newline) for one input line of UTF-8 bytes.
    public func reply(to line: UnsafeBufferPointer<UInt8>) -> (json: String, succeeded: Bool) {
        guard let text = String(validating: line, as: UTF8.self) else {
            lineCount += 1
            return (Self.errorLine(.invalidUTF8(in: "the line", line)), false)
        }
        return reply(to: text)
    }

    /// The output line for an input line too long to be kept (`length` bytes, over `limit`): an
    /// error in its place, and on line 1 a failed config.
    public func replyToTooLongLine(length: Int, limit: Int) -> (json: String, succeeded: Bool) {
        lineCount += 1
        if lineCount == 1 { configFailed = true }
        let message = "the line is \(length) bytes; a session line may be at most \(limit) bytes (--max-line-bytes)"
        return (Self.errorLine(BoundaryError(lineCount == 1 ? .invalidConfig : .invalidEvent, message)), false)
    }

    /// The output line (compact JSON, no newline) for one input line.
    public func reply(to line: String) -> (json: String, succeeded: Bool) {
        lineCount += 1
        do throws(BoundaryError) {
            let document: JSONDocument
            do throws(JSONError) { document = try readJSON(line) } catch {
                throw BoundaryError(.invalidJSON, "the line is not valid JSON: \(error)")
            }
            if let repeated = document.repeatedKey {
                if lineCount == 1 { configFailed = true }
                throw BoundaryError(lineCount == 1 ? .invalidConfig : .invalidEvent, repeated.message, keys: [repeated.path])
            }
            var snapshot: EditorSnapshot
            if lineCount == 1 {
                do throws(BoundaryError) {
                    snapshot = try start(document.value)
                } catch {
                    configFailed = true
                    throw error
                }
            } else {
                guard let editor else {
                    throw BoundaryError(.noEditor, configFailed ? "no editor: the config on line 1 failed" : "no editor")
                }
                let event = try EditorEvent(json: document.value)
                let outcome: EditOutcome
                do { outcome = try editor.apply(event) } catch { throw BoundaryError(error) }
                snapshot = editor.snapshot
                snapshot.rejected = outcome.isRejected
            }
            // The line's own warnings (its lone surrogates) first, then the editor's.
            snapshot.warnings = document.loneSurrogates.map(\.warning) + snapshot.warnings
            return (snapshot.json, true)
        } catch {
            return (Self.errorLine(error), false)
        }
    }

    /// Makes the editor from the config line.
    private func start(_ value: JSONValue) throws(BoundaryError) -> EditorSnapshot {
        guard case let .object(members) = value, members.count == 1, members[0].0 == "config" else {
            throw BoundaryError(.invalidConfig, "the first line must be {\"config\": {...}}, got \(value.serialized.prefix(80))")
        }
        let configuration = try SessionConfiguration.read(members[0].1, fonts: fonts)
        do {
            let editor = try EditorModel(configuration: configuration, clock: clock)
            self.editor = editor
            return editor.snapshot
        } catch {
            throw BoundaryError(error)
        }
    }

    static func errorLine(_ error: BoundaryError) -> String {
        var writer = JSONWriter()
        writer.object {
            $0.key("error")
            error.write(to: &$0)
        }
        return writer.text
    }
}

extension EditorSnapshot {
    /// The snapshot as one compact JSON object, keys in the order of `textlayout edit`'s output
    /// (`boxWidth` and `boxHeight` only in a vertical field, `shrinkWrapWidth` only with the config's `shrinkWrap`, `minContent` and `maxContent` only
    /// with its `intrinsicWidths`, `fittedSize` only with its `fit`, `placeholders` only while inline
    /// objects are drawn); offsets in UTF-16 code units, numbers as the batch format writes them.
    public var json: String {
        var writer = JSONWriter()
        writer.object { out in
            out.field("text", text)
            out.field("displayText", displayText)
            out.field("formattedText", formattedText)
            if let maskSpans {
                out.key("maskSpans")
                out.array { out in
                    for span in maskSpans {
                        out.object { out in
                            out.field("kind", span.kind.rawValue)
                            out.key("range")
                            out.array { $0.integer(span.range.lowerBound); $0.integer(span.range.upperBound) }
                        }
                    }
                }
            }
            out.field("showsPlaceholder", showsPlaceholder)
            out.field("caret", caret)
            out.key("selection")
            out.array { $0.integer(selection.lowerBound); $0.integer(selection.upperBound) }
            out.field("state", state.rawValue)
            out.field("helperText", helperText)
            out.field("counter", counter)
            out.field("isMatched", isMatched)
            out.field("lineCount", lineCount)
            out.field("height", height)
            out.field("contentHeight", contentHeight)
            out.field("isScrollable", isScrollable)
            if isVertical {
                out.field("boxWidth", boxWidth)
                out.field("boxHeight", boxHeight)
            }
            if let shrinkWrapWidth { out.field("shrinkWrapWidth", shrinkWrapWidth) }
            if let intrinsicWidths {
                out.field("minContent", intrinsicWidths.minContent)
                out.field("maxContent", intrinsicWidths.maxContent)
            }
            if let fittedSize { out.field("fittedSize", fittedSize) }
            out.key("caretRect")
            caretRect.write(to: &out)
            out.key("selectionRects")
            out.array { out in
                for rect in selectionRects { rect.write(to: &out) }
            }
            if !inlineObjectFrames.isEmpty {
                out.key("placeholders")
                out.array { out in
                    for frame in inlineObjectFrames { frame.write(to: &out) }
                }
            }
            out.key("markedRange")
            if let markedRange {
                out.array { $0.integer(markedRange.lowerBound); $0.integer(markedRange.upperBound) }
            } else {
                out.null()
            }
            out.field("canUndo", canUndo)
            out.field("canRedo", canRedo)
            out.field("rejected", rejected)
            out.warnings(warnings)
            out.missingGlyphs(missingGlyphCount)
        }
        return writer.text
    }
}

extension LayoutRect {
    /// The rectangle as `{"x", "y", "width", "height"}`.
    func write(to writer: inout JSONWriter) {
        writer.object {
            $0.field("x", x)
            $0.field("y", y)
            $0.field("width", width)
            $0.field("height", height)
        }
    }
}
