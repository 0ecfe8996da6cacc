// The layout options `measure` and `render` share, one table row each: the option, the batch key and the request field it sets.
import TextLayout
import TextLayoutIO

/// A layout option: the command-line option, the batch format's key for the same setting, and
/// how it sets the request's field.
public struct LayoutOption: Sendable {
    public let option: CommandOption
    /// The batch format's key, such as "lineSpace" for `--line-spacing`.
    public let key: String
    private let set: @Sendable (inout LayoutRequest, ParsedArguments) throws -> Void

    /// The option `name` setting `field` of a request (of type `Value`, so a kind follows from
    /// it), the field the batch's `key` sets. The usage's default is the field's value in a
    /// request of nothing but a text, or `absent` for a field that is nil there.
    init<Value: OptionValue>(_ name: String, _ valueName: String = "", sets field: WritableKeyPath<LayoutRequest, Value> & Sendable,
                             key: String, help: String, absent: String? = nil) {
        let value = LayoutOptions.defaultRequest[keyPath: field]
        option = CommandOption(name, Value.kind(valueName: valueName), help: help, default: value.usageText ?? absent)
        self.key = key
        set = { [option] request, arguments in
            if let value = try Value.read(option, from: arguments) { request[keyPath: field] = value }
        }
    }

    /// Sets the request's field when the option was given.
    /// - Throws: ``UsageError`` for a value the option's type cannot take (a span list that is not one).
    func apply(to request: inout LayoutRequest, _ arguments: ParsedArguments) throws { try set(&request, arguments) }
}

public enum LayoutOptions {
    /// A request with nothing but a text: the batch format's defaults, which the options share.
    static let defaultRequest = LayoutRequest(text: "")

    /// Every layout option, in the order the usage lists them.
    public static let all: [LayoutOption] = [
        LayoutOption("font", "LIST", sets: \.font, key: "font",
                     help: "a CSS font-family list (\"Inter, Noto Sans Arabic, sans-serif\"; each character in the first family that has it) of font files (FILE.ttc#N for face N of a collection), fontconfig patterns such as \"DejaVu Sans:bold\" or generic families",
                     absent: "the bundled DejaVu Sans"),
        LayoutOption("weight", "1-1000", sets: \.weight, key: "weight",
                     help: "a CSS weight (400 regular, 700 bold): the face of the font's family nearest it, set on its wght axis, synthesized bold when the face is 500 or lighter"),
    ] + fontInstance + [
        LayoutOption("features", "LIST", sets: \.features, key: "features",
                     help: "OpenType features as CSS font-feature-settings, such as \"liga 0, tnum, ss01\"", absent: "none"),
        LayoutOption("word-spacing", "PX", sets: \.settings.text.wordSpacing, key: "wordSpacing",
                     help: "space added after each word separator (CSS word-spacing), negative to tighten"),
        LayoutOption("tab-size", "N|Npx", sets: \.settings.text.tabSize, key: "tabSize",
                     help: "how far apart tab stops stand: a number of spaces (8) or pixels (20px), as CSS tab-size"),
        LayoutOption("letter-spacing", "PX", sets: \.settings.text.letterSpacing, key: "letterSpacing",
                     help: "space added after each character (CSS letter-spacing), negative to tighten"),
        LayoutOption("size", "PX", sets: \.settings.text.size, key: "size", help: "the font size in pixels"),
        LayoutOption("width", "PX", sets: \.settings.editorWidth, key: "width", help: "the editor's width, insets included", absent: "no wrap limit"),
        LayoutOption("line-spacing", "PX", sets: \.settings.sizing.lineSpace, key: "lineSpace", help: "extra space between lines"),
        LayoutOption("min-lines", "N", sets: \.settings.sizing.minLines, key: "minLines", help: "the fewest lines the editor is tall"),
        LayoutOption("max-lines", "N", sets: \.settings.sizing.maxLines, key: "maxLines",
                     help: "the most lines the editor grows to before it scrolls", absent: "no limit"),
        LayoutOption("insets", sets: \.settings.sizing.insets, key: "insets", help: "the space around the text inside the editor"),
        LayoutOption("min-height", "PX", sets: \.settings.sizing.minHeight, key: "minHeight", help: "the editor's smallest height"),
        LayoutOption("max-height", "PX", sets: \.settings.sizing.maxHeight, key: "maxHeight", help: "the editor's largest height"),
        LayoutOption("direction", sets: \.settings.text.direction, key: "direction", help: "the paragraphs' base direction"),
        LayoutOption("language", "BCP47", sets: \.settings.text.language, key: "language",
                     help: "the text's language, for line-break tailoring and font fallback"),
        LayoutOption("line-break", sets: \.settings.text.lineBreak, key: "lineBreak", help: "how strictly lines may break, as CSS line-break: auto and normal by the language's rules, strict fewer, loose more, anywhere between any two characters (keep-all: the old spelling of --word-break keep-all)"),
        LayoutOption("word-break", sets: \.settings.text.wordBreak, key: "wordBreak",
                     help: "whether lines also break between letters (break-all) or not between them, keeping CJK and Korean words whole (keep-all), as CSS word-break"),
        LayoutOption("text-transform", sets: \.settings.text.textTransform, key: "textTransform",
                     help: "how the characters are shown, by the language's rules: upper or lower case, each word's first letter in title case (capitalize), full-width or full-size kana, as CSS text-transform; offsets stay the text's"),
        LayoutOption("text-spacing-trim", sets: \.settings.text.textSpacingTrim, key: "textSpacingTrim",
                     help: "which fullwidth punctuation is set half as wide, as CSS text-spacing-trim: none (space-all); beside another mark and a line's last closing mark to fit (normal); also a wrapped line's first opening mark (space-first), and a paragraph's (trim-start)",
                     absent: "the profile's: space-all, chromium normal"),
        LayoutOption("text-autospace", sets: \.settings.text.textAutospace, key: "textAutospace",
                     help: "whether an eighth of an ideograph's advance goes between ideographs and Latin letters or digits, as CSS text-autospace: normal, or none (no-autospace)",
                     absent: "the profile's: no-autospace"),
        LayoutOption("writing-mode", sets: \.settings.text.writingMode, key: "writingMode",
                     help: "horizontal lines (horizontal-tb) or vertical columns stacked right to left (vertical-rl) or left to right (vertical-lr), as CSS writing-mode; in columns the width is a column's length and the height the columns' extent"),
        LayoutOption("text-orientation", sets: \.settings.text.textOrientation, key: "textOrientation",
                     help: "in columns, which characters stand upright: by their Unicode Vertical_Orientation (mixed: CJK upright, Latin turned), all (upright), none (sideways), as CSS text-orientation"),
        LayoutOption("hyphens", sets: \.settings.text.hyphens, key: "hyphens",
                     help: "where words break with a hyphen: none, after soft hyphens (manual), or also where the language's patterns allow (auto)"),
        LayoutOption("hyphen-min-word", "N", sets: \.settings.text.hyphenationLimits.minWord, key: "hyphenMinWord",
                     help: "the shortest word auto hyphenates, in characters"),
        LayoutOption("hyphen-min-before", "N", sets: \.settings.text.hyphenationLimits.minBefore, key: "hyphenMinBefore",
                     help: "the fewest characters of a word before an auto hyphen"),
        LayoutOption("hyphen-min-after", "N", sets: \.settings.text.hyphenationLimits.minAfter, key: "hyphenMinAfter",
                     help: "the fewest characters of a word after an auto hyphen"),
        LayoutOption("line-clamp", "N", sets: \.settings.text.paragraph.lineClamp, key: "lineClamp",
                     help: "the most lines kept; the text after them is hidden behind the ellipsis", absent: "no limit"),
        LayoutOption("truncate", sets: \.settings.text.paragraph.truncate, key: "truncate",
                     help: "where clamped text is cut (also clamps to the lines within --max-height)", absent: "end, with --line-clamp"),
        LayoutOption("ellipsis", "TEXT", sets: \.settings.text.paragraph.ellipsis, key: "ellipsis", help: "the text shown where text is hidden"),
        LayoutOption("line-height", "normal|N|Npx", sets: \.settings.text.paragraph.lineHeight, key: "lineHeight",
                     help: "each font's line box: its metrics (normal), a multiple of the size (1.5) or pixels (24px)"),
        LayoutOption("strut", sets: \.settings.text.paragraph.strut, key: "strut",
                     help: "whether every line is at least (minimum) or exactly (forced) the primary font's line box"),
        LayoutOption("align", sets: \.settings.text.paragraph.alignment, key: "align",
                     help: "where lines sit in the width (start and end follow the paragraph's direction; justify stretches the spaces of every line but a paragraph's last)"),
        LayoutOption("indent", "PX", sets: \.settings.text.paragraph.indent, key: "indent",
                     help: "how far each paragraph's first line starts in (negative: a hanging indent of the other lines)"),
        LayoutOption("text-wrap", sets: \.settings.text.paragraph.textWrap, key: "textWrap",
                     help: "how lines are chosen: wrap (greedy, fastest), balance (even widths), pretty (least ragged)"),
        LayoutOption("white-space", sets: \.settings.text.whiteSpace, key: "whiteSpace",
                     help: "spaces, tabs and newlines as CSS white-space: collapsed, newlines as spaces (normal; nowrap never wraps), kept (pre never wraps; pre-wrap, the default, lets spaces at a line's end hang; break-spaces wraps them), or spaces collapsed and newlines kept (pre-line)"),
        LayoutOption("overflow-wrap", sets: \.settings.text.paragraph.overflowWrap, key: "overflowWrap",
                     help: "a word too wide for a line of its own: overflows it (normal), or is cut between characters, the min-content width the widest word (break-word) or the widest character (anywhere)"),
        LayoutOption("text-box", "TRIM EDGE", sets: \.settings.text.paragraph.textBox, key: "textBox",
                     help: "CSS text-box: trim the first line's top and the last line's bottom to the primary font's metrics, as 'trim-both cap alphabetic' (trim-start, trim-end, trim-both; edges text, cap, ex, alphabetic, ideographic, ideographic-ink)", absent: "normal"),
        LayoutOption("profile", sets: \.settings.text.profile, key: "profile",
                     help: "whose rules the layout follows: the engine's own (standard), Chromium's (chromium) or Pango's (pango)"),
        LayoutOption("generic-families", "JSON", sets: \.genericFamilies, key: "genericFamilies",
                     help: "with --profile chromium, the fonts a browser's settings give the generic families and the standard font that ends every font list, as the batch's \"genericFamilies\", such as '{\"sans-serif\": \"DejaVu Sans\"}'",
                     absent: "Chromium's on Linux: Times New Roman, Arial, Monospace"),
        LayoutOption("shrink-wrap", sets: \.shrinkWrap, key: "shrinkWrap",
                     help: "also report the bubble width, the narrowest editor width (insets included) that keeps the line count, and the widths at which the line breaks stay the same"),
        LayoutOption("intrinsic-widths", sets: \.intrinsicWidths, key: "intrinsicWidths",
                     help: "also report the min-content and max-content widths as CSS sizes a box by its text (editor widths, insets included): the widest piece that cannot break, and the widest paragraph on one line"),
        LayoutOption("fit", "JSON", sets: \.fit, key: "fit",
                     help: "lay out at the largest size that fits, as the batch's \"fit\" object, such as '{\"maxLines\": 2, \"minSize\": 10, \"maxSize\": 24}' (also maxHeight in pixels, step: 0.25 unless given); the measurement reports the size"),
        LayoutOption("height-steps", sets: \.heightSteps, key: "heightSteps",
                     help: "also report the line count and editor height at every editor width from MIN to MAX (insets included) where either changes (with --text-wrap wrap)"),
        LayoutOption("spans", "JSON", sets: \.spans, key: "spans",
                     help: "styled ranges as the batch's \"spans\" list, such as '[{\"start\": 0, \"end\": 5, \"size\": 24}]'"),
        LayoutOption("placeholders", "JSON", sets: \.inlineObjects, key: "placeholders",
                     help: "boxes laid out at the text's U+FFFC characters, one each, as the batch's \"placeholders\" list, such as '[{\"width\": 24, \"height\": 24, \"align\": \"middle\"}]'"),
    ]

    /// The options of ``all``, for a command's option list.
    public static let options = all.map(\.option)

    /// The request `arguments` describe for `text`: the batch format's defaults, with each layout
    /// option given set in it.
    /// - Throws: ``UsageError`` for a value the option's type cannot take.
    public static func request(text: String, _ arguments: ParsedArguments) throws -> LayoutRequest {
        var request = defaultRequest
        request.text = text
        for layoutOption in all { try layoutOption.apply(to: &request, arguments) }
        if let problem = request.genericFamiliesProblem { throw UsageError("--generic-families: " + problem) }
        return request
    }

    /// The engine's message for a value out of range, as the command line says it: each setting
    /// the error is about (``CodedError/keys``, said by their batch keys: ``CodedError/inBoundaryNames``) named by the option that sets it, at
    /// its first mention as a word (`maxLines` as `--max-lines`, `insets.top` as `--insets.top`);
    /// when the message mentions none of them so (`span 0's size` is about `spans[0].size`), it
    /// is prefixed with the first one's option (`--spans: span 0's size ...`). Nothing else in
    /// the message changes, so a word that happens to be a key (the size of a span, a width in
    /// prose) stays as it is.
    public static func commandLineMessage(_ engineError: LayoutError) -> String {
        let error = engineError.inBoundaryNames
        var message = error.message
        var mentioned = false
        for key in error.keys {
            guard let option = option(setting: key), let mention = SettingNames.wordMention(of: key, in: message) else { continue }
            let path = key.drop(while: { $0.isLetter || $0.isNumber })
            // A member of an option's value (`insets.right`) is named as such: "right of --insets".
            let name = path.hasPrefix(".") ? "\(path.dropFirst()) of --\(option.option.name)" : "--" + option.option.name + path
            message.replaceSubrange(mention, with: name)
            mentioned = true
        }
        guard !mentioned, let first = error.keys.first, let option = option(setting: first) else { return message }
        return "--\(option.option.name): \(message)"
    }

    /// The option that sets the batch key `key`, or the part of it a path names (`insets` for
    /// `insets.top`, `spans` for `spans[0].size`); nil for a key no option sets.
    static func option(setting key: String) -> LayoutOption? {
        let setting = key.prefix { $0.isLetter || $0.isNumber }
        return all.first { $0.key == setting }
    }

}

/// A type a layout option can set: its option kind, how it is read from parsed arguments, and
/// how the usage writes a default of it.
protocol OptionValue: Sendable {
    static func kind(valueName: String) -> OptionKind
    static func read(_ option: CommandOption, from arguments: ParsedArguments) throws -> Self?
    /// How the usage writes this value as a default; nil for none.
    var usageText: String? { get }
}

extension Double: OptionValue {
    static func kind(valueName: String) -> OptionKind { .number(valueName: valueName, bounds: .any) }
    static func read(_ option: CommandOption, from arguments: ParsedArguments) -> Double? { arguments.number(option) }
    var usageText: String? { plainNumber(self) }
}

extension Int: OptionValue {
    static func kind(valueName: String) -> OptionKind { .integer(valueName: valueName, bounds: .any) }
    static func read(_ option: CommandOption, from arguments: ParsedArguments) -> Int? { arguments.integer(option) }
    var usageText: String? { String(self) }
}

extension String: OptionValue {
    static func kind(valueName: String) -> OptionKind { .string(valueName: valueName) }
    static func read(_ option: CommandOption, from arguments: ParsedArguments) -> String? { arguments.string(option) }
    var usageText: String? { self }
}

/// A flag: true when given; the usage shows no default.
extension Bool: OptionValue {
    static func kind(valueName: String) -> OptionKind { .flag }
    static func read(_ option: CommandOption, from arguments: ParsedArguments) -> Bool? { arguments.flag(option) ? true : nil }
    var usageText: String? { nil }
}

/// Editor widths MIN,MAX, each a positive number.
extension ClosedRange: OptionValue where Bound == Double {
    static func kind(valueName: String) -> OptionKind { .numberRange(bounds: .positive) }
    static func read(_ option: CommandOption, from arguments: ParsedArguments) -> ClosedRange<Double>? { arguments.range(option) }
    var usageText: String? { "\(plainNumber(lowerBound)),\(plainNumber(upperBound))" }
}

extension EdgeInsets: OptionValue {
    static func kind(valueName: String) -> OptionKind { .insets }
    static func read(_ option: CommandOption, from arguments: ParsedArguments) -> EdgeInsets? { arguments.insets(option) }
    var usageText: String? { [top, left, bottom, right].map(plainNumber).joined(separator: ",") }
}

/// An optional field: set to the value when the option is given; no default in the usage when nil.
extension Optional: OptionValue where Wrapped: OptionValue {
    static func kind(valueName: String) -> OptionKind { Wrapped.kind(valueName: valueName) }
    static func read(_ option: CommandOption, from arguments: ParsedArguments) throws -> Wrapped?? {
        try Wrapped.read(option, from: arguments).map { .some($0) }
    }
    var usageText: String? { self?.usageText }
}

/// An enumeration read as one of its raw values.
protocol ChoiceOptionValue: OptionValue, CaseIterable, RawRepresentable where RawValue == String {}

extension ChoiceOptionValue {
    static func kind(valueName: String) -> OptionKind { .choice(of: Self.self) }
    static func read(_ option: CommandOption, from arguments: ParsedArguments) -> Self? { arguments.choice(option, as: Self.self) }
    var usageText: String? { rawValue }
}

/// A list the batch format writes in JSON, which an option takes as its value: styled spans, inline objects.
protocol JSONListOptionElement: Sendable {
    /// What the list is, with an example: `a JSON list of spans such as '[...]'`.
    static var listDescription: String { get }
    /// Reads the list as the batch reads its key.
    static func readList(_ value: JSONValue) throws(BoundaryError) -> [Self]
}

extension LayoutRequest.Span: JSONListOptionElement {
    static let listDescription = "a JSON list of spans such as '[{\"start\": 0, \"end\": 5, \"size\": 24}]'"
    static func readList(_ value: JSONValue) throws(BoundaryError) -> [Self] { try LayoutRequest.readSpans(value, code: .invalidJob) }
}

extension InlineObject: JSONListOptionElement {
    static let listDescription = "a JSON list of inline objects such as '[{\"width\": 24, \"height\": 24, \"align\": \"baseline\"}]'"
    static func readList(_ value: JSONValue) throws(BoundaryError) -> [Self] { try readList(value, code: .invalidJob) }
}

/// The value of `option`, JSON as the batch writes its key, read by `read` as the batch reads
/// it; nil when the option is not given.
/// - Throws: ``UsageError`` naming the option: `--NAME must be <expected>: <the JSON error>` for
///   text that is no JSON, `--NAME: <the batch's message>` for a value the batch refuses.
private func jsonOptionValue<Value>(_ option: CommandOption, from arguments: ParsedArguments, expected: String,
                                    _ read: (JSONValue) throws(BoundaryError) -> Value) throws -> Value? {
    guard let text = arguments.string(option) else { return nil }
    let value: JSONValue
    do {
        value = try parseJSON(text)
    } catch {
        throw UsageError("--\(option.name) must be \(expected): \(error)")
    }
    do {
        return try read(value)
    } catch {
        throw UsageError("--\(option.name): \(error.message)")
    }
}

/// A list written as the batch writes it in JSON.
extension Array: OptionValue where Element: JSONListOptionElement {
    static func kind(valueName: String) -> OptionKind { .string(valueName: valueName) }
    static func read(_ option: CommandOption, from arguments: ParsedArguments) throws -> [Element]? {
        try jsonOptionValue(option, from: arguments, expected: Element.listDescription) { value throws(BoundaryError) in try Element.readList(value) }
    }
    var usageText: String? { nil }
}

/// A browser's generic families, written as the batch writes `genericFamilies` in JSON.
extension GenericFamilies: OptionValue {
    static func kind(valueName: String) -> OptionKind { .string(valueName: valueName) }
    static func read(_ option: CommandOption, from arguments: ParsedArguments) throws -> GenericFamilies? {
        try jsonOptionValue(option, from: arguments, expected: "a JSON object such as '{\"sans-serif\": \"DejaVu Sans\"}'") { value throws(BoundaryError) in
            try GenericFamilies.read(value, over: .chromiumLinux, code: .invalidJob)
        }
    }
    var usageText: String? { nil }
}

/// A `fit` object written as the batch writes it in JSON.
extension FontSizeFit: OptionValue {
    static func kind(valueName: String) -> OptionKind { .string(valueName: valueName) }
    static func read(_ option: CommandOption, from arguments: ParsedArguments) throws -> FontSizeFit? {
        try jsonOptionValue(option, from: arguments, expected: "a JSON object such as '{\"maxLines\": 2, \"minSize\": 10, \"maxSize\": 24}'") {
            value throws(BoundaryError) in
            try LayoutRequest.readFit(JSONObjectReader(.object([("fit", value)]), keys: ["fit"], code: .invalidJob,
                                                       name: "the options", owner: "the options"))
        } ?? nil
    }
    var usageText: String? { nil }
}

extension TextDirection: ChoiceOptionValue {}
extension LineBreakStrictness: ChoiceOptionValue {}
extension Hyphens: ChoiceOptionValue {}
extension TruncationPosition: ChoiceOptionValue {}
extension Strut: ChoiceOptionValue {}
extension TextWrap: ChoiceOptionValue {}
extension OverflowWrap: ChoiceOptionValue {}
extension WhiteSpace: ChoiceOptionValue {}
extension WordBreak: ChoiceOptionValue {}
extension TextTransform: ChoiceOptionValue {}
extension TextSpacingTrim: ChoiceOptionValue {}
extension TextAutospace: ChoiceOptionValue {}
extension WritingMode: ChoiceOptionValue {}
extension TextOrientation: ChoiceOptionValue {}
extension LayoutProfile: ChoiceOptionValue {}

/// A line height, written `normal`, `1.5` (a multiple of the size) or `24px`.
extension LineHeight: OptionValue {
    static func kind(valueName: String) -> OptionKind { .string(valueName: valueName) }
    static func read(_ option: CommandOption, from arguments: ParsedArguments) throws -> LineHeight? {
        guard let text = arguments.string(option) else { return nil }
        guard let lineHeight = LineHeight(text) else {
            throw UsageError("--\(option.name) must be \(LineHeight.allowed), got '\(text)'")
        }
        return lineHeight
    }
    var usageText: String? { description }
}
/// CSS's `text-box` shorthand, written as in CSS: `trim-both cap alphabetic`, `normal`.
extension TextBox: OptionValue {
    static func kind(valueName: String) -> OptionKind { .string(valueName: valueName) }
    static func read(_ option: CommandOption, from arguments: ParsedArguments) throws -> TextBox? {
        guard let text = arguments.string(option) else { return nil }
        guard let textBox = TextBox(text) else {
            throw UsageError("--\(option.name) must be \(TextBox.allowed), got '\(text)'")
        }
        return textBox
    }
    var usageText: String? { description }
}

/// A tab size, written `8` (spaces) or `20px`.
extension TabSize: OptionValue {
    static func kind(valueName: String) -> OptionKind { .string(valueName: valueName) }
    static func read(_ option: CommandOption, from arguments: ParsedArguments) throws -> TabSize? {
        guard let text = arguments.string(option) else { return nil }
        guard let tabSize = TabSize(text) else {
            throw UsageError("--\(option.name) must be \(TabSize.allowed), got '\(text)'")
        }
        return tabSize
    }
    var usageText: String? { description }
}
extension TextAlignment: ChoiceOptionValue {}
