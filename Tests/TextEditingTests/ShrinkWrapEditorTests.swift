// The editor's bubble width: with shrinkWrap each snapshot gives the shrink-wrap width of the drawn text (placeholder, bullets, mask literals included), as the engine gives it for the same text.
import Testing
import TextEditing
import TextLayout
import TextLayoutIO
import TestSupport

@Suite("Editor: the bubble width (shrinkWrap)")
struct ShrinkWrapEditorTests {
    static let insets = EdgeInsets(top: 8, left: 10, bottom: 8, right: 14)

    /// The engine's answer for what `editor` draws now: its drawn text and spans prepared afresh,
    /// measured at its width, `Layout.shrinkWrapWidth()` of that, plus the side insets.
    static func engineBubbleWidth(of editor: EditorModel, text: String? = nil) throws -> Double {
        let spans = text == nil ? editor.measurement.layout.prepared.spans : []
        let prepared = try PreparedText(text ?? editor.displayText, style: editor.style, spans: spans)
        let measured = try prepared.measureEditor(editorWidth: editor.editorWidth, sizing: editor.configuration.settings.sizing)
        return try measured.layout.shrinkWrapWidth() + (insets.left + insets.right)
    }

    static func bubbleEditor(text: String = "", width: Double? = 240, _ configure: (inout EditorConfiguration) -> Void = { _ in }) throws -> EditorModel {
        try makeEditor(text: text, width: width) {
            $0.settings.sizing = EditorSizing(maxLines: 4, lineSpace: 2, insets: insets)
            $0.shrinkWrap = true
            configure(&$0)
        }
    }

    @Test("after every edit and width the snapshot's shrinkWrapWidth is the engine's for the drawn text, side insets included")
    func followsEveryChange() throws {
        let editor = try Self.bubbleEditor { $0.placeholder = "What's up? Say something" }
        var widths: [Double] = []
        func check(_ step: String) throws {
            let snapshot = editor.snapshot
            let width = try #require(snapshot.shrinkWrapWidth, "\(step): no shrinkWrapWidth")
            #expect(width == (try Self.engineBubbleWidth(of: editor)), "\(step)")
            #expect(editor.shrinkWrapWidth == width, "\(step)")
            widths.append(width)
        }
        try check("the placeholder")
        editor.insert("Hi")
        try check("a short text")
        editor.insert(" there, are we still meeting tomorrow? I can bring the slides.")
        try check("wrapped lines")
        #expect(editor.snapshot.lineCount > 1)
        try editor.setEditorWidth(150)
        try check("a narrower editor")
        editor.deleteBackward()
        try check("a deletion")
        editor.setText("")
        try check("the placeholder again")
        #expect(Set(widths).count >= 4, "the width follows the text: \(widths)")
        #expect(widths[0] > Self.insets.left + Self.insets.right + 100, "the placeholder's width: what is drawn, not the empty text")
    }

    @Test("an empty field without a placeholder is as wide as its side insets")
    func emptyField() throws {
        let editor = try Self.bubbleEditor()
        #expect(editor.snapshot.shrinkWrapWidth == Self.insets.left + Self.insets.right)
    }

    @Test("a secure field's bubble hugs its bullets, not the typed text")
    func secureField() throws {
        let typed = "correct horse battery staple, and more"
        let editor = try Self.bubbleEditor(width: 160) { $0.secure = true }
        editor.insert(typed)
        let width = try #require(editor.snapshot.shrinkWrapWidth)
        #expect(width == (try Self.engineBubbleWidth(of: editor, text: String(repeating: "\u{2022}", count: typed.count))))
        #expect(width != (try Self.engineBubbleWidth(of: editor, text: typed)))
    }

    @Test("a masked field's bubble takes in the literals and slot characters drawn with their styles")
    func maskedField() throws {
        let editor = try Self.bubbleEditor {
            $0.mask = InputMask(format: "+7(ddd)ddd-dd-dd", appearance: .whole, slotCharacters: ["d": "_"], mode: .lenient)
            $0.mask?.literalStyle = MaskTextStyle(size: 24)
        }
        editor.paste("(912) 345")
        #expect(editor.displayText == "+7(912)345-__-__")
        let width = try #require(editor.snapshot.shrinkWrapWidth)
        #expect(width == (try Self.engineBubbleWidth(of: editor)))
        #expect(width != (try Self.engineBubbleWidth(of: editor, text: editor.displayText)), "the literals' larger size counts")
    }

    @Test("without shrinkWrap no snapshot has a bubble width")
    func offByDefault() throws {
        let editor = try makeEditor(text: "Hello") { $0.placeholder = "Say something" }
        editor.insert(" world")
        #expect(editor.snapshot.shrinkWrapWidth == nil && editor.shrinkWrapWidth == nil)
    }

    static let session = [#"{"insert": "Are we still meeting tomorrow? I can bring the slides."}"#, #"{"setWidth": 180}"#,
                          #"{"secure": true}"#, #"{"setText": ""}"#, #"{"select": [0, 0]}"#]

    @Test("edit's shrinkWrap: each snapshot adds shrinkWrapWidth after isScrollable, the batch's for its drawn text; without it, the same bytes as before")
    func sessionSnapshots() throws {
        let layout = #""width": 260, "placeholder": "What's up?", "insets": {"top": 8, "left": 10, "bottom": 8, "right": 14}, "lineSpace": 2"#
        func outputs(_ config: String) -> [String] {
            let session = EditSession(fonts: bundledFonts)
            return ([#"{"config": {\#(config)}}"#] + Self.session).map { session.reply(to: $0).json }
        }
        let without = outputs(layout)
        #expect(outputs(layout + #", "shrinkWrap": false"#) == without)
        let with = outputs(layout + #", "shrinkWrap": true"#)
        try #require(with.count == without.count)
        var answered = 0
        for (line, (plain, bubble)) in zip(without, with).enumerated() {
            let value = try parseJSON(bubble)
            guard case let .string(shown)? = value["displayText"] else {
                #expect(bubble == plain, "line \(line + 1): an error is the same error")
                continue
            }
            let width = try #require(value["shrinkWrapWidth"], "line \(line + 1): \(bubble)")
            #expect(bubble.replacingOccurrences(of: #","shrinkWrapWidth":\#(width.serialized)"#, with: "") == plain, "line \(line + 1)")
            #expect(bubble.contains(#""isScrollable":false,"shrinkWrapWidth":"#), "line \(line + 1)")
            let editorWidth: Double = line < 2 ? 260 : 180
            let batch = try batchResult([("text", .string(shown)), ("width", .number(editorWidth, literal: "")), ("lineSpace", .number(2, literal: "")),
                                         ("insets", try parseJSON(#"{"top": 8, "left": 10, "bottom": 8, "right": 14}"#)), ("shrinkWrap", .bool(true))])
            #expect(width == batch["shrinkWrapWidth"], "line \(line + 1)")
            answered += 1
        }
        #expect(answered == 5, "every line but the bad event answered")
    }
}
