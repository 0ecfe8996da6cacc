// Editor events as values: each JSON name decodes to its event, applying one is calling its method, and the session's config takes the batch's style keys.
import Testing
import TextEditing
import TextLayout
import TextLayoutIO
import TestSupport

@Suite("Editor events and the boundary's errors")
struct EditorEventTests {
    /// Every event of the session's table, with an argument, and the method call it stands for.
    static let cases: [(json: String, event: EditorEvent, call: @Sendable (EditorModel) throws -> EditOutcome)] = [
        (#"{"insert":"Hi there"}"#, .insert("Hi there"), { $0.insert("Hi there") }),
        (#"{"insertPlaceholder":{"width":24,"height":20,"align":"middle"}}"#, .insertInlineObject(InlineObject(width: 24, height: 20, align: .middle)),
         { try $0.insertInlineObject(InlineObject(width: 24, height: 20, align: .middle)) }),
        (#"{"paste":"a\nb"}"#, .paste("a\nb"), { $0.paste("a\nb") }),
        (#"{"deleteBackward":2}"#, .deleteBackward(2), { $0.deleteBackward(2) }),
        (#"{"deleteForward":1}"#, .deleteForward(1), { $0.deleteForward(1) }),
        (#"{"caret":3}"#, .caret(3), { try $0.moveCaret(toUTF16Offset: 3) }),
        (#"{"select":[4,1]}"#, .select(anchor: 4, caret: 1), { try $0.select(fromUTF16Offset: 4, to: 1) }),
        (#"{"focus":true}"#, .focus(true), { $0.setFocused(true) }),
        (#"{"advance":0.25}"#, .advance(0.25), { editor in try (editor.clock as! ManualClock).advance(by: 0.25); editor.tick(); return .accepted }),
        (#"{"setText":"new text"}"#, .setText("new text"), { $0.setText("new text") }),
        (#"{"setText":{"text":"a \uFFFC draft","placeholders":[{"width":20,"height":20}]}}"#,
         .setText("a \u{FFFC} draft", inlineObjects: [InlineObject(width: 20, height: 20)]),
         { try $0.setText("a \u{FFFC} draft", inlineObjects: [InlineObject(width: 20, height: 20)]) }),
        (#"{"append":" and more"}"#, .append(" and more"), { $0.append(" and more") }),
        (#"{"setEnabled":false}"#, .setEnabled(false), { $0.setEnabled(false) }),
        (#"{"setWidth":120}"#, .setEditorWidth(120), { try $0.setEditorWidth(120); return .accepted }),
        (#"{"tap":[30,10]}"#, .tap(x: 30, y: 10), { $0.tap(x: 30, y: 10) }),
        (#"{"move":"wordLeft"}"#, .move(.wordLeft), { $0.moveCaret(.wordLeft) }),
        (#"{"setMarkedText":"にほ","selectedRange":[1,2]}"#, .setMarkedText("にほ", selectedRange: 1..<2), { try $0.setMarkedText("にほ", selectedRange: 1..<2) }),
        (#"{"setMarkedText":"に"}"#, .setMarkedText("に"), { try $0.setMarkedText("に", selectedRange: 1..<1) }),
        (#"{"unmarkText":true}"#, .unmarkText, { $0.unmarkText() }),
        (#"{"cancelComposition":true}"#, .cancelComposition, { $0.cancelComposition() }),
        (#"{"undo":true}"#, .undo, { $0.undo() }),
        (#"{"redo":true}"#, .redo, { $0.redo() }),
        (#"{"deleteWordBackward":2}"#, .deleteWordBackward(2), { $0.deleteWordBackward(2) }),
        (#"{"deleteWordForward":1}"#, .deleteWordForward(1), { $0.deleteWordForward(1) }),
        (#"{"deleteToLineStart":true}"#, .deleteToLineStart, { $0.deleteToLineStart() }),
        (#"{"selectWord":3}"#, .selectWord(.offset(3)), { try $0.selectWord(atUTF16Offset: 3) }),
        (#"{"selectWord":{"x":40,"y":8}}"#, .selectWord(.point(x: 40, y: 8)), { $0.selectWord(atX: 40, y: 8) }),
        (#"{"selectParagraph":3}"#, .selectParagraph(.offset(3)), { try $0.selectParagraph(atUTF16Offset: 3) }),
        (#"{"selectParagraph":{"x":40,"y":8}}"#, .selectParagraph(.point(x: 40, y: 8)), { $0.selectParagraph(atX: 40, y: 8) }),
        (#"{"selectAll":true}"#, .selectAll, { $0.selectAll() }),
    ]

    @Test("the table of event names is the one the tests cover, in order")
    func namesCovered() throws {
        let names = try Self.cases.map { entry -> String in
            guard case let .object(members) = try parseJSON(entry.json) else { return "" }
            return members[0].0
        }
        // (An event whose value takes two forms has a case for each, one after the other.)
        #expect(EditorEvent.names == names.enumerated().filter { $0.offset == 0 || names[$0.offset - 1] != $0.element }.map(\.element))
    }

    @Test("each event line decodes to its event, and applying it is calling its method", arguments: cases.indices)
    func decodeAndApply(_ index: Int) throws {
        let entry = Self.cases[index]
        #expect(try EditorEvent(json: parseJSON(entry.json)) == entry.event)
        let applied = try makeEditor(text: "Hello world, again")
        let called = try makeEditor(text: "Hello world, again")
        let appliedOutcome = try applied.apply(entry.event)
        let calledOutcome = try entry.call(called)
        #expect(appliedOutcome == calledOutcome)
        #expect(applied.snapshot.json == called.snapshot.json)
        #expect(applied.checkInvariants() == [])
    }

    @Test("marked text without a range puts the caret at its end as the editor keeps it, its U+FFFC characters dropped")
    func markedTextWithObjectReplacementsEndsAfterWhatIsKept() throws {
        for marked in ["\u{FFFC}", "に\u{FFFC}ほ", "\u{FFFC}\u{FFFC}x"] {
            let applied = try makeEditor(text: "Hello")
            let called = try makeEditor(text: "Hello")
            let kept = marked.replacingOccurrences(of: "\u{FFFC}", with: "").utf16.count
            #expect(try applied.apply(.setMarkedText(marked)) == (try called.setMarkedText(marked, selectedRange: kept..<kept)))
            #expect(applied.snapshot.json == called.snapshot.json)
            #expect(applied.checkInvariants() == [])
        }
    }

    @Test("advance needs the editor's clock to be a ManualClock")
    func advanceNeedsManualClock() throws {
        let editor = try EditorModel(configuration: EditorConfiguration(font: try dejaVu()), clock: SystemClock())
        let error = #expect(throws: EditorError.self) { try editor.apply(.advance(1)) }
        #expect(error?.code == .invalidArgument)
    }

    @Test("every boundary code reads back from its name; the engine's and the editor's keep their names")
    func codes() {
        let names = BoundaryErrorCode.allCases.map(\.rawValue)
        #expect(Set(names).count == names.count, "no name twice")
        for code in BoundaryErrorCode.allCases { #expect(BoundaryErrorCode(rawValue: code.rawValue) == code) }
        for code in LayoutErrorCode.allCases { #expect(BoundaryError(LayoutError(code, "m")).code.rawValue == code.rawValue) }
        for code in EditorErrorCode.allCases { #expect(BoundaryError(EditorError(code, "m")).code.rawValue == code.rawValue) }
        #expect(BoundaryErrorCode(rawValue: "noSuchCode") == nil)
    }

    @Test("a session config takes direction, language and lineBreak, as a batch job does",
          arguments: [#""direction":"rtl""#, #""language":"ja","lineBreak":"strict""#, #""language":"zh-Hant""#,
                      #""lineBreak":"loose","language":"ja""#, #""wordBreak":"break-all""#, #""overflowWrap":"normal","lineBreak":"anywhere""#])
    func configStyleKeys(_ keys: String) throws {
        let text = "ぁぃぅぇぉっゃゅょ。「漢字」テキスト、שלום עולם 123"
        let (session, outputs) = try replay([#"{"config":{"width":90,"text":"\#(text)",\#(keys)}}"#])
        let editor = try #require(session.editor)
        let request = try LayoutRequest(job: parseJSON(#"{"text":"\#(text)","width":90,\#(keys)}"#))
        #expect(editor.configuration.settings == request.settings, "the config's settings are the job's, every one")
        #expect(editor.style.settings == request.settings.text)
        let batch = try batchResult([("text", .string(text)), ("width", .number(90, literal: "90"))]
            + (try parseJSON("{\(keys)}")).objectMembers)
        #expect(number(outputs[0]["lineCount"]) == number(batch["lineCount"]))
        #expect(number(outputs[0]["contentHeight"]) == number(batch["height"]))
        let lineStarts = editor.measurement.layout.lines.map(\.utf16Range.lowerBound)
        let batchStarts: [Double] = batch["lines"].map { lines in
            guard case let .array(list) = lines else { return [] }
            return list.compactMap { number($0["start"]) }
        } ?? []
        #expect(lineStarts.map(Double.init) == batchStarts)
    }
}

extension JSONValue {
    /// An object's members, or none.
    var objectMembers: [(String, JSONValue)] {
        if case let .object(members) = self { return members }
        return []
    }
}
