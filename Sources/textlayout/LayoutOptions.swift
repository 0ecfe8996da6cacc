// The options `measure` and `render` share: the text, its font and style, the width and the editor's sizing.
import TextLayout
import TextLayoutIO

enum LayoutOptions {
    /// The options that take a value, each with the batch key it sets (nil when it sets none).
    static let options: [(flag: String, key: String?)] = [
        ("font", "font"), ("weight", "weight"), ("size", "size"), ("width", "width"), ("line-spacing", "lineSpace"), ("min-lines", "minLines"),
        ("max-lines", "maxLines"), ("insets", "insets"), ("min-height", "minHeight"), ("max-height", "maxHeight"),
        ("output-format", nil), ("text-file", nil), ("direction", "direction"), ("language", "language"), ("line-break", "lineBreak"),
    ]

    /// The option names that take a value.
    static let names = options.map(\.flag)

    /// Lays out the text the arguments give (see ``MeasureCommand/readText(_:)``) as the options say,
    /// in the shared font context: the request the options make, laid out.
    static func measure(_ args: Arguments) throws -> LayoutResult {
        let text = try MeasureCommand.readText(args)
        var job = LayoutRequest(text: text)
        job.font = args.string("font")
        job.weight = try args.number("weight")
        job.size = try args.number("size") ?? 17
        job.width = try args.number("width")
        job.sizing.lineSpace = try args.number("line-spacing") ?? 0
        job.sizing.minLines = try args.integer("min-lines") ?? 1
        job.sizing.maxLines = try args.integer("max-lines")
        job.sizing.minHeight = try args.number("min-height")
        job.sizing.maxHeight = try args.number("max-height")
        if let insets = args.string("insets") { job.sizing.insets = try MeasureCommand.parseInsets(insets) }
        job.direction = TextDirection(rawValue: try args.choice("direction", TextDirection.allCases.map(\.rawValue), default: "auto"))!
        job.language = args.string("language")
        job.lineBreak = LineBreakStrictness(rawValue: try args.choice("line-break", LineBreakStrictness.allCases.map(\.rawValue), default: "normal"))!

        do {
            return try job.measure(in: .shared)
        } catch let error as LayoutError where error.code == .invalidArgument {
            // A value out of range is the user's mistake on the command line: say it with the options' names.
            throw UsageError(namingOptions(error.message))
        }
    }

    /// `message` with each batch key (`lineSpace`) replaced by the option that sets it (`--line-spacing`).
    static func namingOptions(_ message: String) -> String {
        let flags = Dictionary(uniqueKeysWithValues: options.compactMap { option in option.key.map { ($0, "--" + option.flag) } })
        var named = ""
        var word = ""
        for character in message + " " {
            if character.isLetter {
                word.append(character)
                continue
            }
            named += flags[word] ?? word
            named.append(character)
            word = ""
        }
        return String(named.dropLast())
    }
}
