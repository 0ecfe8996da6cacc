// A mask's literals and slot characters are laid out as styled spans with their role and style; heights equal a fresh layout with the same spans.
import Testing
import TextEditing
import TextLayoutIO
import TextLayout
import TestSupport

@Suite("Mask styles as spans")
struct MaskStyleTests {
    func phone(_ literal: MaskTextStyle? = nil, _ slotStyle: MaskTextStyle? = nil,
               appearance: MaskAppearance = .whole) throws -> EditorModel {
        try makeEditor(width: 240) {
            $0.mask = InputMask(format: "+7(ddd)ddd-dd-dd", appearance: appearance, slotCharacters: ["d": "_"], mode: .lenient,
                                literalStyle: literal, slotCharacterStyle: slotStyle)
        }
    }

    @Test("literals and slot characters become spans with their role and colour (role placeholder); input has none")
    func spans() throws {
        let editor = try phone(MaskTextStyle(color: "#1f6feb"), MaskTextStyle(color: "#aaaaaa80"))
        editor.paste("91234")
        #expect(editor.displayText == "+7(912)34_-__-__")
        let literal = ["role": "literal", "color": "#1f6feb"], slot = ["role": "placeholder", "color": "#aaaaaa80"]
        #expect(editor.measurement.layout.prepared.spans == [
            StyledSpan(range: 0..<3, attributes: literal), StyledSpan(range: 6..<7, attributes: literal),
            StyledSpan(range: 9..<10, attributes: slot), StyledSpan(range: 10..<11, attributes: literal),
            StyledSpan(range: 11..<13, attributes: slot), StyledSpan(range: 13..<14, attributes: literal),
            StyledSpan(range: 14..<16, attributes: slot),
        ])
        let runs = editor.measurement.layout.lines.flatMap(\.runs)
        #expect(runs.first { $0.utf16Range.contains(0) }?.attributes == literal)
        #expect(runs.first { $0.utf16Range.contains(3) }?.attributes == [:], "the typed digits")
        #expect(runs.first { $0.utf16Range.contains(15) }?.attributes == slot)
        // Without styles the spans still carry their role, for a renderer's defaults.
        let plain = try phone()
        #expect(plain.measurement.layout.prepared.spans.map(\.attributes) == [["role": "literal"], ["role": "placeholder"],
            ["role": "literal"], ["role": "placeholder"], ["role": "literal"], ["role": "placeholder"], ["role": "literal"], ["role": "placeholder"]])
        // No mask, no spans.
        #expect(try makeEditor(text: "abc").measurement.layout.prepared.spans.isEmpty)
    }

    @Test("heights and lines equal a fresh layout of the drawn text with the same spans", arguments: [
        (MaskAppearance.whole, MaskTextStyle(size: 26), MaskTextStyle?.none),
        (.whole, nil, MaskTextStyle(color: "#999999", size: 9)),
        (.leftOnly, MaskTextStyle(color: "#ff0000", size: 30), nil),
        (.leftAndRight, MaskTextStyle(size: 12), nil),
    ] as [(MaskAppearance, MaskTextStyle?, MaskTextStyle?)])
    func heights(_ appearance: MaskAppearance, _ literal: MaskTextStyle?, _ slotStyle: MaskTextStyle?) throws {
        let editor = try phone(literal, slotStyle, appearance: appearance)
        let events: [(EditorModel) throws -> Void] = [
            { _ in }, { $0.insert("9") }, { $0.paste("12345") }, { try $0.moveCaret(toUTF16Offset: 2) }, { $0.deleteBackward() },
            { $0.insert("77") }, { $0.deleteForward(3) }, { try $0.select(fromUTF16Offset: 0, to: 2) }, { $0.insert("5") },
            { $0.setText("") }, { try $0.setEditorWidth(60) }, { $0.paste("+7 (912) 345-67-89") },
        ]
        for (step, event) in events.enumerated() {
            try event(editor)
            let spans = (editor.maskSpans ?? []).compactMap { span -> StyledSpan? in
                switch span.kind {
                case .input: nil
                case .literal: (literal ?? MaskTextStyle()).span(span.range, role: .literal)
                case .slotCharacter: (slotStyle ?? MaskTextStyle()).span(span.range, role: .slotCharacter)
                }
            }
            let fresh = try PreparedText(editor.displayText, style: TextStyle(font: dejaVu()), spans: spans)
                .measureEditor(editorWidth: editor.editorWidth, sizing: editor.configuration.settings.sizing)
            #expect(editor.snapshot.height == fresh.height, "step \(step)")
            #expect(editor.measurement.layout.lines.map(\.width) == fresh.layout.lines.map(\.width), "step \(step)")
            #expect(editor.checkInvariants() == [], "step \(step)")
        }
        if let size = literal?.size, size > 17 {
            #expect(editor.snapshot.height > lineHeight17 + 1, "a larger literal makes the line taller")
        }
    }

    @Test("a bad style is refused when the editor is made, naming it", arguments: [
        (MaskTextStyle(color: "red"), MaskTextStyle?.none, "literalStyle.color"),
        (MaskTextStyle(color: "#12345"), nil, "literalStyle.color"),
        (nil, MaskTextStyle(color: "#gg0000"), "slotCharacterStyle.color"),
        (nil, MaskTextStyle(size: 0), "slotCharacterStyle.size"),
        (MaskTextStyle(size: .infinity), nil, "literalStyle.size"),
    ] as [(MaskTextStyle?, MaskTextStyle?, String)])
    func badStyle(_ literal: MaskTextStyle?, _ slotStyle: MaskTextStyle?, _ named: String) throws {
        do {
            _ = try phone(literal, slotStyle)
            Issue.record("no error for \(named)")
        } catch let error as EditorError {
            #expect(error.code == .invalidArgument)
            #expect(error.message.contains(named), "\(error.message)")
        }
    }

    @Test("hex colours", arguments: [("#abc", true), ("#abcd", true), ("#a0b1c2", true), ("#A0B1C2FF", true),
                                      ("abc", false), ("#ab", false), ("#abcde", false), ("#a0b1c2f", false), ("#xyzxyz", false)])
    func hexColor(_ text: String, _ valid: Bool) {
        #expect(MaskTextStyle.isHexColor(text) == valid)
    }

    @Test("the session's mask config takes literalStyle and placeholderStyle", arguments: [
        (##"{"config": {"mask": {"formats": ["dd-dd"], "literalStyle": {"color": "#ff0000", "font": "DejaVu Sans:bold", "size": 20}}}}"##, nil),
        (##"{"config": {"mask": {"formats": ["dd-dd"], "maskAppearance": "whole", "placeholderStyle": {"color": "#99999980"}}}}"##, nil),
        (##"{"config": {"mask": {"formats": ["dd-dd"], "literalStyle": "red"}}}"##, "'mask.literalStyle' must be an object"),
        (##"{"config": {"mask": {"formats": ["dd-dd"], "literalStyle": {"colour": "#ff0000"}}}}"##, "mask.literalStyle.colour"),
        (##"{"config": {"mask": {"formats": ["dd-dd"], "placeholderStyle": {"color": 3}}}}"##, "'mask.placeholderStyle.color'"),
        (##"{"config": {"mask": {"formats": ["dd-dd"], "literalStyle": {"size": "big"}}}}"##, "'mask.literalStyle.size'"),
        (##"{"config": {"mask": {"formats": ["dd-dd"], "literalStyle": {"color": "red"}}}}"##, "literalStyle.color"),
    ] as [(String, String?)])
    func session(_ config: String, _ error: String?) throws {
        let session = EditSession(fonts: bundledFonts)
        let reply = session.reply(to: config)
        if let error {
            #expect(!reply.succeeded)
            #expect(reply.json.contains(error), "\(reply.json)")
            return
        }
        #expect(reply.succeeded, "\(reply.json)")
        let editor = try #require(session.editor)
        _ = session.reply(to: #"{"insert": "123"}"#)
        let spans = editor.measurement.layout.prepared.spans
        #expect(spans.contains { $0.attributes["role"] == "literal" })
        if config.contains("bold") {
            #expect(spans.allSatisfy { $0.size == 20 && $0.font?.description.contains("Bold") == true && $0.attributes["color"] == "#ff0000" },
                    "\(spans)")
        }
    }
}
