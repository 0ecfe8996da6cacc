// Inline objects in the editor: inserted at the caret with their U+FFFC, kept in step with the text, stepped over, deleted whole, selected, tapped, measured, and framed in snapshots.
import Testing
import TextEditing
import TextLayout
import TextLayoutIO
import TestSupport

// Where the expected numbers come from: DejaVu Sans at 17 px has ascent 1901 × 17 / 2048 =
// 15.779785156 and descent 483 × 17 / 2048 = 4.009277344 (no line gap), so a line of text is
// 19.7890625 px (``lineHeight17``). A 40 px object on the baseline stands 40 px above it, so its
// line is 40 + 4.009277344 px tall, its baseline 40 px below the line's top (CSS 2.1 §10.8).

@Suite("Inline objects in the editor")
struct InlineObjectEditorTests {
    static let descent = 483.0 * 17 / 2048
    static let emoji = InlineObject(width: 24, height: 24)
    static let tall = InlineObject(width: 30, height: 40)
    static let chip = InlineObject(width: 50, height: 10, align: .middle)
    static let insets = EdgeInsets(top: 8, left: 6, bottom: 8, right: 6)

    static func chatEditor(text: String = "", objects: [InlineObject] = [], width: Double? = 240,
                           _ configure: (inout EditorConfiguration) -> Void = { _ in }) throws -> EditorModel {
        try makeEditor(text: text, width: width) {
            $0.settings.sizing = EditorSizing(maxLines: 5, insets: insets)
            $0.inlineObjects = objects
            configure(&$0)
        }
    }

    /// The editor's layout is a fresh layout of its drawn text and objects: same lines, tops,
    /// widths and object frames.
    static func expectFresh(_ editor: EditorModel, _ comment: Comment? = nil) throws {
        #expect(editor.checkInvariants() == [], comment)
        let shown = editor.showsPlaceholder ? [] : editor.inlineObjects
        let fresh = try PreparedText(editor.displayText, style: TextStyle(font: uncachedDejaVu(), settings: editor.configuration.settings.text), spans: editor.measurement.layout.prepared.spans,
                                     inlineObjects: shown)
            .measureEditor(editorWidth: editor.editorWidth, sizing: editor.configuration.settings.sizing)
        let lines = editor.measurement.layout.lines
        #expect(editor.measurement.height == fresh.height, comment)
        #expect(lines.map(\.utf16Range) == fresh.layout.lines.map(\.utf16Range), comment)
        #expect(lines.map(\.top) == fresh.layout.lines.map(\.top), comment)
        #expect(lines.map(\.width) == fresh.layout.lines.map(\.width), comment)
        #expect(editor.measurement.layout.inlineObjectFrames == fresh.layout.inlineObjectFrames, comment)
        #expect(editor.inlineObjects.count == editor.text.utf16.filter { $0 == 0xFFFC }.count, comment)
    }

    @Test("insertInlineObject puts a U+FFFC with its object at the caret, replacing the selection, the caret after it")
    func insertAtCaret() throws {
        let editor = try Self.chatEditor(text: "Nice work")
        try editor.moveCaret(toUTF16Offset: 5)
        let edited = editor.editedPrepareCount
        #expect(try editor.insertInlineObject(Self.emoji) == .accepted)
        #expect(editor.editedPrepareCount == edited + 1, "an edit of the drawn text: only the paragraph it touches is shaped again")
        #expect(editor.text == "Nice \u{FFFC}work")
        #expect(editor.inlineObjects == [Self.emoji])
        #expect(editor.snapshot.caret == 6)
        try editor.select(fromUTF16Offset: 0, to: 4)
        #expect(try editor.apply(.insertInlineObject(Self.chip)) == .accepted)
        #expect(editor.text == "\u{FFFC} \u{FFFC}work")
        #expect(editor.inlineObjects == [Self.chip, Self.emoji], "the new object is the first U+FFFC's")
        #expect(editor.snapshot.caret == 1)
        try Self.expectFresh(editor)
    }

    @Test("an object inserted right before another of another size takes the first U+FFFC, not the old object's")
    func insertBeforeAnother() throws {
        let editor = try Self.chatEditor(text: "a\u{FFFC}b", objects: [Self.emoji])
        try editor.moveCaret(toUTF16Offset: 1)
        try editor.insertInlineObject(Self.tall)
        #expect(editor.inlineObjects == [Self.tall, Self.emoji])
        #expect(editor.snapshot.inlineObjectFrames.map(\.rect.width) == [30, 24])
        try Self.expectFresh(editor)
    }

    @Test("typed, pasted, set and appended U+FFFC characters are dropped: every U+FFFC is an object's")
    func typedObjectReplacementDropped() throws {
        let editor = try Self.chatEditor(text: "x\u{FFFC}", objects: [Self.emoji])
        editor.insert("a\u{FFFC}b")
        #expect(editor.text == "x\u{FFFC}ab")
        editor.paste("\u{FFFC}\u{FFFC}")
        #expect(editor.text == "x\u{FFFC}ab")
        editor.append("!\u{FFFC}")
        #expect(editor.text == "x\u{FFFC}ab!")
        #expect(editor.inlineObjects == [Self.emoji])
        try Self.expectFresh(editor)
        editor.setText("new \u{FFFC}text")
        #expect(editor.text == "new text")
        #expect(editor.inlineObjects == [], "the objects go with the text they stood in")
        try Self.expectFresh(editor)
    }

    @Test("setText with objects restores a draft with its objects; counts that differ are an error and change nothing")
    func setTextWithObjects() throws {
        let editor = try Self.chatEditor(text: "old \u{FFFC}", objects: [Self.chip])
        #expect(try editor.setText("a\u{FFFC}b\u{FFFC}", inlineObjects: [Self.tall, Self.emoji]) == .accepted)
        #expect(editor.text == "a\u{FFFC}b\u{FFFC}" && editor.inlineObjects == [Self.tall, Self.emoji])
        #expect(editor.snapshot.caret == 4)
        try Self.expectFresh(editor)
        let error = #expect(throws: EditorError.self) { try editor.setText("\u{FFFC}", inlineObjects: [Self.emoji, Self.emoji]) }
        #expect(error?.message.contains("holds 1 U+FFFC (object replacement) character but 2 inline objects were given") == true)
        #expect(editor.text == "a\u{FFFC}b\u{FFFC}" && editor.inlineObjects == [Self.tall, Self.emoji])
        #expect(try editor.setText("plain \u{FFFC}", inlineObjects: []) == .accepted, "no objects: as setText, U+FFFC dropped")
        #expect(editor.text == "plain " && editor.inlineObjects == [])
        let secure = try Self.chatEditor { $0.secure = true }
        #expect(throws: EditorError.self) { try secure.setText("\u{FFFC}", inlineObjects: [Self.emoji]) }
    }

    @Test("caret movement steps over an object as one character; backspace and delete remove it whole, with its object")
    func stepAndDelete() throws {
        let editor = try Self.chatEditor(text: "a\u{FFFC}\u{FFFC}b", objects: [Self.emoji, Self.tall])
        try editor.moveCaret(toUTF16Offset: 1)
        let before = editor.caretRect.x
        editor.moveCaret(.right)
        #expect(editor.snapshot.caret == 2)
        #expect(abs(editor.caretRect.x - (before + 24)) < 1e-9, "the caret passes the object's width")
        editor.moveCaret(.left)
        #expect(editor.snapshot.caret == 1)
        editor.deleteForward()
        #expect(editor.text == "a\u{FFFC}b")
        #expect(editor.inlineObjects == [Self.tall], "the deleted U+FFFC's object goes, the next stays")
        try Self.expectFresh(editor)
        editor.moveCaret(.right)
        editor.deleteBackward()
        #expect(editor.text == "ab")
        #expect(editor.inlineObjects == [])
        #expect(editor.snapshot.inlineObjectFrames == [])
        try Self.expectFresh(editor)
    }

    @Test("deleting a selection takes exactly the objects inside it")
    func deleteSelection() throws {
        let objects = [Self.emoji, Self.tall, Self.chip]
        let editor = try Self.chatEditor(text: "\u{FFFC}a\u{FFFC}b\u{FFFC}", objects: objects)
        try editor.select(fromUTF16Offset: 1, to: 4)
        editor.deleteBackward()
        #expect(editor.text == "\u{FFFC}\u{FFFC}")
        #expect(editor.inlineObjects == [Self.emoji, Self.chip])
        try Self.expectFresh(editor)
    }

    @Test("maxLength counts an object as one: refused whole when it does not fit, under either policy", arguments: LengthPolicy.allCases)
    func lengthLimit(_ policy: LengthPolicy) throws {
        let editor = try Self.chatEditor(text: "ab") {
            $0.maxLength = 3
            $0.lengthPolicy = policy
        }
        #expect(try editor.insertInlineObject(Self.emoji) == .accepted)
        #expect(editor.counter == "3/3")
        #expect(try editor.insertInlineObject(Self.emoji) == .rejected)
        #expect(editor.snapshot.rejected)
        #expect(editor.text == "ab\u{FFFC}")
        // Over a selected character it replaces one cluster with one: allowed.
        try editor.select(fromUTF16Offset: 0, to: 1)
        #expect(try editor.insertInlineObject(Self.tall) == .accepted)
        #expect(editor.inlineObjects == [Self.tall, Self.emoji])
    }

    @Test("a disabled editor refuses an object")
    func disabled() throws {
        let editor = try Self.chatEditor(text: "a")
        editor.setEnabled(false)
        #expect(try editor.insertInlineObject(Self.emoji) == .rejected)
        #expect(editor.text == "a")
    }

    @Test("a mask or secure field refuses objects with an error; a bad size names its key; nothing changes")
    func refusedWithErrors() throws {
        let masked = try Self.chatEditor { $0.mask = InputMask(formats: ["ddd"]) }
        let maskError = #expect(throws: EditorError.self) { try masked.insertInlineObject(Self.emoji) }
        #expect(maskError?.message.contains("mask field takes no inline objects") == true)
        let secure = try Self.chatEditor { $0.secure = true }
        let secureError = #expect(throws: EditorError.self) { try secure.apply(.insertInlineObject(Self.emoji)) }
        #expect(secureError?.message.contains("secure field takes no inline objects") == true)
        let plain = try Self.chatEditor(text: "a")
        let sizeError = #expect(throws: EditorError.self) { try plain.insertInlineObject(InlineObject(width: -1, height: 5)) }
        #expect(sizeError?.keys == ["insertInlineObject.width"])
        #expect(sizeError?.message.contains("'insertInlineObject.width' (an inline object's) must be a finite number") == true)
        #expect(plain.text == "a")
    }

    @Test("a configuration needs one object for each U+FFFC of its text, and none in a mask or secure field")
    func configurationChecked() throws {
        let fewer = #expect(throws: EditorError.self) { try Self.chatEditor(text: "\u{FFFC}\u{FFFC}", objects: [Self.emoji]) }
        #expect(fewer?.message.contains("holds 2 U+FFFC") == true && fewer?.message.contains("1 inline object was given") == true)
        let none = #expect(throws: EditorError.self) { try Self.chatEditor(text: "\u{FFFC}") }
        #expect(none?.message.contains("but 0 inline objects were given") == true)
        let secure = #expect(throws: EditorError.self) { try Self.chatEditor(text: "\u{FFFC}", objects: [Self.emoji]) { $0.secure = true } }
        #expect(secure?.message.contains("secure field takes no inline objects") == true)
        let badSize = #expect(throws: EditorError.self) {
            try Self.chatEditor(text: "\u{FFFC}", objects: [InlineObject(width: 3, height: .infinity)])
        }
        #expect(badSize?.keys == ["inlineObjects[0].height"])
    }

    @Test("a tall object grows its line and the editor; its frame is in the editor's box, insets included")
    func growsAndFrames() throws {
        let editor = try Self.chatEditor(text: "Hi ")
        let oneLine = editor.snapshot.height
        #expect(oneLine == 16 + lineHeight17)
        let textEnd = editor.caretRect.x
        try editor.insertInlineObject(Self.tall)
        let snapshot = editor.snapshot
        #expect(abs(snapshot.height - (16 + 40 + Self.descent)) < 1e-9)
        #expect(snapshot.lineCount == 1)
        #expect(snapshot.inlineObjectFrames.count == 1)
        let frame = try #require(snapshot.inlineObjectFrames.first)
        #expect(frame.index == 0 && frame.line == 0)
        #expect(abs(frame.rect.x - textEnd) < 1e-9, "the object starts where the caret stood")
        #expect(frame.rect.y == 8, "its top is the line's top: it stands 40 px above a baseline 40 px down")
        #expect(frame.rect.width == 30 && frame.rect.height == 40)
        #expect(abs(snapshot.caretRect.x - (textEnd + 30)) < 1e-9)
        try Self.expectFresh(editor)
        // Deleting it gives the line its text height back.
        editor.deleteBackward()
        #expect(editor.snapshot.height == oneLine)
    }

    @Test("objects wrap like words and the editor grows by their lines, up to its line cap")
    func growsByLines() throws {
        let editor = try Self.chatEditor(width: 100)
        for _ in 0..<12 { try editor.insertInlineObject(Self.emoji) }
        // 88 px inside the insets: three 24 px objects a line, four lines.
        let snapshot = editor.snapshot
        #expect(snapshot.lineCount == 4)
        #expect(snapshot.inlineObjectFrames.map(\.line) == [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3])
        #expect(snapshot.inlineObjectFrames.map(\.rect.x) == [6, 30, 54, 6, 30, 54, 6, 30, 54, 6, 30, 54])
        try Self.expectFresh(editor)
    }

    @Test("a selection over an object covers its box; a tap on its left half puts the caret before it, on its right half after it")
    func selectionAndTaps() throws {
        let editor = try Self.chatEditor(text: "ab\u{FFFC}cd", objects: [Self.tall])
        let frame = try #require(editor.snapshot.inlineObjectFrames.first).rect
        try editor.select(fromUTF16Offset: 2, to: 3)
        let rects = editor.snapshot.selectionRects
        #expect(rects.count == 1)
        let rect = try #require(rects.first)
        #expect(abs(rect.x - frame.x) < 1e-9 && abs(rect.width - frame.width) < 1e-9)
        #expect(rect.y <= frame.y && rect.y + rect.height >= frame.y + frame.height, "the highlight is the line box, which holds the object")
        let middle = frame.y + frame.height / 2
        editor.tap(x: frame.x + 1, y: middle)
        #expect(editor.snapshot.caret == 2)
        editor.tap(x: frame.x + frame.width / 2 - 0.5, y: middle)
        #expect(editor.snapshot.caret == 2)
        editor.tap(x: frame.x + frame.width / 2 + 0.5, y: middle)
        #expect(editor.snapshot.caret == 3)
        editor.tap(x: frame.x + frame.width - 1, y: middle)
        #expect(editor.snapshot.caret == 3)
    }

    @Test("while the placeholder shows there are no frames; the objects come back with the text")
    func placeholderHidesObjects() throws {
        let editor = try Self.chatEditor(text: "\u{FFFC}", objects: [Self.emoji]) { $0.disabledPlaceholder = "Off" }
        #expect(editor.snapshot.inlineObjectFrames.count == 1)
        editor.setEnabled(false)
        #expect(editor.snapshot.inlineObjectFrames == [])
        #expect(editor.inlineObjects == [Self.emoji], "the text keeps its objects")
        try Self.expectFresh(editor)
        editor.setEnabled(true)
        #expect(editor.snapshot.inlineObjectFrames.count == 1)
        try Self.expectFresh(editor)
    }
}

@Suite("Inline objects in the edit session")
struct InlineObjectSessionTests {
    /// The session's output lines for `lines`, parsed.
    static func replayed(_ lines: [String]) throws -> [JSONValue] {
        let session = EditSession(fonts: bundledFonts)
        return try lines.map { try parseJSON(session.reply(to: $0).json) }
    }

    static func error(_ output: JSONValue) -> (code: String, message: String)? {
        guard case let .string(code)? = output["error"]?["code"], case let .string(message)? = output["error"]?["message"] else { return nil }
        return (code, message)
    }

    @Test("the config's placeholders and insertPlaceholder (JSON names of inline objects) reach the editor; snapshots give the frames in the editor's box only while objects are drawn")
    func framesInSnapshots() throws {
        let outputs = try Self.replayed([
            #"{"config": {"width": 200, "placeholder": "Message", "insets": {"top": 5, "left": 7, "bottom": 5, "right": 7}, "text": "\uFFFC", "placeholders": [{"width": 20, "height": 10, "align": "textTop"}]}}"#,
            #"{"insertPlaceholder": {"width": 30, "height": 40, "align": "top", "baseline": 3}}"#,
            #"{"deleteBackward": 2}"#,
        ])
        // textTop: the object's top at the ascent above the baseline, so at the line's top.
        #expect(outputs[0]["placeholders"] == (try parseJSON(#"[{"index":0,"line":0,"x":7,"y":5,"width":20,"height":10}]"#)))
        guard case let .array(frames)? = outputs[1]["placeholders"] else { throw TestFailure("no placeholders") }
        #expect(frames.count == 2)
        #expect(number(frames[1]["x"]) == 27 && number(frames[1]["y"]) == 5 && number(frames[1]["height"]) == 40)
        #expect(number(outputs[1]["height"]) == 50, "a top-aligned 40 px object makes the line 40 px tall")
        #expect(outputs[2]["placeholders"] == nil, "the placeholder shows: no objects are drawn")
    }

    @Test("setText takes the text with its objects, as a draft is restored; a plain string drops U+FFFC as before")
    func setTextWithObjects() throws {
        let outputs = try Self.replayed([
            #"{"config": {"width": 200, "text": "old"}}"#,
            #"{"setText": {"text": "Hi \uFFFC there \uFFFC", "placeholders": [{"width": 20, "height": 20}, {"width": 30, "height": 10, "align": "middle"}]}}"#,
            #"{"setText": "plain \uFFFC"}"#,
        ])
        #expect(outputs[1]["text"] == .string("Hi \u{FFFC} there \u{FFFC}"))
        guard case let .array(frames)? = outputs[1]["placeholders"] else { throw TestFailure("no placeholders: \(outputs[1])") }
        #expect(frames.count == 2 && number(frames[0]["width"]) == 20 && number(frames[1]["width"]) == 30)
        #expect(outputs[2]["text"] == .string("plain "), "a string's U+FFFC is dropped: every U+FFFC is an object's")
        #expect(outputs[2]["placeholders"] == nil)
    }

    @Test("bad objects in the config and the event get errors that name the key and the allowed values",
          arguments: [
            (#"{"config": {"text": "a\uFFFC\uFFFC", "placeholders": [{"width": 1, "height": 1}]}}"#, "invalidArgument",
             "the text holds 2 U+FFFC (object replacement) characters but 1 inline object was given"),
            (#"{"config": {"text": "a", "placeholders": {"width": 1}}}"#, "invalidConfig", "'placeholders' must be a list of inline objects"),
            (#"{"config": {"text": "\uFFFC", "secure": true, "placeholders": [{"width": 1, "height": 1}]}}"#, "invalidArgument",
             "a secure field takes no inline objects"),
            (#"{"insertPlaceholder": {"width": 10}}"#, "invalidEvent", "'insertPlaceholder' needs 'width' and 'height'"),
            (#"{"insertPlaceholder": {"width": 10, "height": 10, "align": "center"}}"#, "invalidEvent",
             "'insertPlaceholder.align' must be one of baseline, middle, top, bottom, textTop, textBottom"),
            (#"{"insertPlaceholder": {"width": 10, "height": "tall"}}"#, "invalidEvent", "'insertPlaceholder.height'"),
            (#"{"insertPlaceholder": {"width": 10, "height": -2}}"#, "invalidArgument", "'insertPlaceholder.height' (an inline object's) must be"),
            (#"{"setText": {"text": "a\uFFFC\uFFFC", "placeholders": [{"width": 1, "height": 1}]}}"#, "invalidArgument",
             "the text holds 2 U+FFFC (object replacement) characters but 1 inline object was given"),
            (#"{"setText": {"placeholders": []}}"#, "invalidEvent", "'setText.text' must be a string"),
            (#"{"setText": {"text": "a", "objects": []}}"#, "invalidEvent", "unknown key 'setText.objects'; setText may have: text, placeholders"),
            (#"{"setText": {"text": "\uFFFC", "placeholders": [{"width": 1, "height": "x"}]}}"#, "invalidEvent", "'setText.placeholders[0].height'"),
            (#"{"setText": 3}"#, "invalidEvent", "a string or {\"text\", \"placeholders\"}"),
          ])
    func badObjects(_ line: String, _ code: String, _ message: String) throws {
        let lines = line.hasPrefix(#"{"config""#) ? [line] : [#"{"config": {"text": "ab"}}"#, line]
        let outputs = try Self.replayed(lines)
        let error = try #require(Self.error(outputs[outputs.count - 1]))
        #expect(error.code == code)
        #expect(error.message.contains(message), "\(error.message)")
    }
}

@Suite("Random editing with inline objects")
struct RandomInlineObjectEditingTests {
    /// Pieces of text: words, spaces, hard breaks, a mark that joins what precedes it, Hebrew (a
    /// right-to-left run beside the objects), an emoji.
    static let pieces = ["a", "word ", " ", "\n", "\u{301}", "שלום ", "🙂", "longerword", "\u{A0}", "x\u{FFFC}y"]

    static func randomObject(_ random: inout SplitMix) -> InlineObject {
        let align = InlineObjectAlignment.allCases.randomElement(using: &random)!
        let baseline = align == .baseline && Bool.random(using: &random) ? Double(Int.random(in: -4...30, using: &random)) : nil
        return InlineObject(width: Double(Int.random(in: 0...90, using: &random)), height: Double(Int.random(in: 0...60, using: &random)),
                            align: align, baseline: baseline)
    }

    @Test("after every edit: one object for each U+FFFC, a layout equal to a fresh one, the caret never inside an object",
          arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func randomSession(_ seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        let editor = try InlineObjectEditorTests.chatEditor(width: 160) {
            $0.placeholder = "Message"
            $0.maxLength = seed % 2 == 0 ? 40 : nil
            $0.settings.text.direction = seed % 3 == 0 ? .rtl : .auto
        }
        for step in 0..<150 {
            let length = editor.text.utf16.count
            switch Int.random(in: 0..<10, using: &random) {
            case 0, 1: editor.insert(Self.pieces.randomElement(using: &random)!)
            case 2, 3: try editor.insertInlineObject(Self.randomObject(&random))
            case 4: editor.deleteBackward(Int.random(in: 1...3, using: &random))
            case 5: editor.deleteForward(Int.random(in: 1...2, using: &random))
            case 6: editor.moveCaret([CaretMovement.left, .right, .up, .down, .wordLeft, .lineEnd].randomElement(using: &random)!)
            case 7: try editor.select(fromUTF16Offset: Int.random(in: 0...length, using: &random), to: Int.random(in: 0...length, using: &random))
            case 8: editor.tap(x: Double.random(in: 0...170, using: &random), y: Double.random(in: 0...(editor.snapshot.height), using: &random))
            default: try editor.setEditorWidth(Double.random(in: 60...260, using: &random))
            }
            let comment = Comment(rawValue: "seed \(seed) step \(step): \(editor.text.debugDescription)")
            try InlineObjectEditorTests.expectFresh(editor, comment)
            let snapshot = editor.snapshot
            #expect(snapshot.inlineObjectFrames.count == (editor.showsPlaceholder ? 0 : editor.inlineObjects.count), comment)
            for frame in snapshot.inlineObjectFrames {
                #expect(frame.rect.width == editor.inlineObjects[frame.index].width && frame.rect.height == editor.inlineObjects[frame.index].height, comment)
                // The caret, on the same line, is never drawn inside an object (but one wider than
                // the line, which overflows it: the caret is kept within the wrap width, as beside
                // a word that overflows).
                let caret = snapshot.caretRect
                let left = InlineObjectEditorTests.insets.left
                let fits = frame.rect.x >= left - 1e-6 && frame.rect.x + frame.rect.width <= left + editor.measurement.layout.wrapWidth + 1e-6
                let sameLine = fits && caret.y < frame.rect.y + frame.rect.height && frame.rect.y < caret.y + caret.height
                #expect(!(sameLine && caret.x > frame.rect.x + 1e-6 && caret.x < frame.rect.x + frame.rect.width - 1e-6),
                        "\(comment) caret \(snapshot.caret) \(caret) \(editor.caretAffinity) frame \(frame)")
            }
        }
    }
}
