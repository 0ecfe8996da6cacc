// `textlayout edit`: replays an editing session from standard input, one snapshot (or error) line per input line.
import Glibc
import TextEditing
import TextLayoutCLI
import TextLayoutIO
import TextRender

enum EditCommand {
    static let options = SnapshotPictures.options + [LineReader.maximumLineBytesOption] + FontOptions.options
    static let operands = Operands("< SESSION.jsonl > SNAPSHOTS.jsonl", maximum: 0)
    static let details = """
    The first line is {"config": {...}}: the batch format's layout keys (\(LayoutRequest.layoutKeys.joined(separator: ", "))) and text, placeholder (the hint),
    disabledPlaceholder, enabled, pattern, labelText, helperText, style (filled|outlined),
    border {width, cornerRadius}, activeOnEditing, maxLength, lengthPolicy (reject|truncate),
    secure, liveValidation, liveValidationInterval, endEditingValidation, mask, shrinkWrap (true: each
    snapshot gives the bubble width of what is drawn), intrinsicWidths (true: each snapshot gives
    the min-content and max-content widths of what is drawn), fit (a batch job's "fit": the text is
    laid out at the largest size that keeps it within the fit's lines or height, after every change), undoGroupPause (seconds without an edit that
    end a run of typing's undo group; 1), undoLimit (undo groups kept; 100), placeholders (the text's inline objects, one
    {"width", "height", "align", "baseline"} for each U+FFFC, as in a batch job; every U+FFFC of an
    editor's text is an object's, so typed, pasted and set U+FFFC are dropped). A validator is a rule
    {"rule": "minLength"|"maxLength"|"pattern", "value": ..., "message": "..."} or a list of rules.
    A mask is {"formats": ["+7(ddd)ddd-dd-dd", ...], "maskAppearance": "leftOnly"|"leftAndRight"|
    "whole", "placeholders": {"d": "_"}, "mode": "strict"|"lenient", "literalStyle": {...},
    "placeholderStyle": {...}}: d an ASCII digit, w a letter, * any character, everything else a
    literal; the first format that accepts the text formats it; placeholders are the slot
    characters whole draws in empty slots. A style is {"color": "#rrggbb" or "#rrggbbaa",
    "font": NAME|PATH, "size": px}, every key optional: literals and slot characters are laid out
    as styled spans (role literal or placeholder) in it, and drawn in its colour.

    Each later line is one event (\(EditorEvent.names.joined(separator: ", "))): {"insert": s},
    {"insertPlaceholder": {"width": 24, "height": 24, "align": "baseline"}} (a U+FFFC with its
    inline object at the caret; refused with an error by a mask or secure field), {"paste": s}, {"deleteBackward": n},
    {"deleteForward": n}, {"caret": offset}, {"select": [start, end]}, {"focus": bool},
    {"advance": seconds}, {"setText": s} (or {"setText": {"text": s, "placeholders": [...]}}, a text with its
    objects), {"append": s}, {"setEnabled": bool}, {"setWidth": px}, {"tap": [x, y]},
    {"move": "left"|"right"|"wordLeft"|"wordRight"|"lineStart"|"lineEnd"|"up"|"down"},
    {"setMarkedText": s, "selectedRange": [start, end]} (an input method's marked text, the
    selection inside it; without selectedRange the caret at its end), {"unmarkText": true} (commit),
    {"cancelComposition": true}, {"undo": true}, {"redo": true}, {"deleteWordBackward": n},
    {"deleteWordForward": n}, {"deleteToLineStart": true}, {"selectWord": offset} (or
    {"selectWord": {"x": px, "y": px}}), {"selectParagraph": offset or {"x", "y"}}, {"selectAll": true}.
    Offsets are UTF-16 code units of the typed text (with a mask, without its literals); counts
    are grapheme clusters; a tap is in pixels of the editor's box, insets included.

    Each input line gets one output line: {"text", "displayText", "formattedText", "maskSpans"
    (with a mask), "showsPlaceholder", "caret", "selection", "state", "helperText", "counter",
    "isMatched", "lineCount", "height", "contentHeight", "isScrollable", "shrinkWrapWidth" (with
    shrinkWrap: the batch's, insets included), "minContent" and "maxContent" (with intrinsicWidths:
    the batch's, insets included), "fittedSize" (with fit: the size the text is laid out at), "caretRect", "selectionRects", "placeholders" (while
    inline objects are drawn: {"index", "line", "x", "y", "width", "height"} in the editor's box),
    "markedRange" ([start, end] while composing, else null), "canUndo", "canRedo", "rejected", "warnings"
    and "missingGlyphs" (only when there are any)}, or {"error": {"code", "message"}}
    (the editor is then unchanged and the session goes on). Error codes: invalidJSON, invalidUTF8,
    invalidConfig, invalidEvent, invalidArgument, invalidPattern, unknownFont, badFontFile, and
    noEditor for every line after a config line that failed.
    --render-dir DIR (made, with its parents, when missing) also draws the editor after each
    successful line into DIR/snapshot-0001.png, DIR/snapshot-0002.png...: its box at the measured
    height, the shown text (the placeholder in gray; a mask's literals and slot characters in
    their style's colour, slot characters gray by default), the selection highlighted behind the text, the
    caret when focused with nothing selected, the marked text underlined while composing, and the configured border in the state's colour.
    --max-line-bytes caps a session line as it does a batch line: a longer line is read through
    without being kept and answered with an error.
    Exit status: 0 when every line succeeded, 1 when some failed (or standard input could not be
    read), 2 for a usage error, 3 when the output (or --render-dir) could not be written.
    """

    static func run(_ args: ParsedArguments) throws -> Int32 {
        let maximumLineBytes = LineReader.maximumLineBytes(args)
        let pictures = try SnapshotPictures(args)
        let session = EditSession(fonts: try FontOptions.context(args))
        var failed = 0
        let reader = LineReader(descriptor: 0, maximumLineBytes: maximumLineBytes)
        var number = 0
        // Missing glyphs are said on standard error when their count changes, not on every line.
        var missingGlyphs = 0
        while true {
            let line: LineReader.Line
            do {
                guard let next = try reader.next() else { break }
                line = next
            } catch {
                Console.error("textlayout edit: \(error)\n")
                return 1
            }
            let result = switch line {
            case .bytes(let bytes): bytes.withUnsafeBufferPointer { session.reply(to: $0) }
            case .tooLong(let length): session.replyToTooLongLine(length: length, limit: maximumLineBytes)
            }
            if !result.succeeded { failed += 1 }
            number += 1
            if result.succeeded, let editor = session.editor, editor.snapshot.missingGlyphCount != missingGlyphs {
                missingGlyphs = editor.snapshot.missingGlyphCount
                if let warning = editor.missingGlyphWarning { Console.error("textlayout edit: warning: line \(number): \(warning)\n") }
            }
            if let pictures, result.succeeded, let editor = session.editor {
                do {
                    try pictures.write(editor, number: number)
                } catch let error as RenderError {
                    Console.error("textlayout edit: line \(number): \(error.message)\n")
                    return error.code == .cannotWrite ? 3 : 1
                }
            }
            var output = result.json
            output += "\n"
            try Console.write(output, what: "the snapshots", flush: false)
        }
        try Console.write("", what: "the snapshots")
        return failed > 0 ? 1 : 0
    }
}
