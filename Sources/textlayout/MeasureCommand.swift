// `textlayout measure`: lays out one text and prints its lines and the editor's height, as text or JSON.
import Foundation
import TextLayout
import TextLayoutCLI
import TextLayoutIO

enum MeasureCommand {
    /// What `measure` prints, and `render` besides its picture.
    enum OutputFormat: String, CaseIterable {
        case text, json
    }

    static let outputFormat = CommandOption("output-format", .choice(of: OutputFormat.self),
                                            help: "print the measurement as text lines or as the batch result object with each line's text and runs",
                                            default: OutputFormat.text.rawValue)
    static let glyphs = CommandOption("glyphs", .flag,
                                      help: "with --output-format json: add what a renderer draws, each line's top, direction and x and each run's font file, size and glyphs")
    static let textFile = CommandOption("text-file", .string(placeholder: "FILE"), help: "read the text from FILE (UTF-8) instead of an argument")
    /// Where the text comes from: an argument, --text-file or standard input.
    static let operands = Operands("[TEXT | --text-file FILE | -]", maximum: 1)
    static let options = LayoutOptions.options + [outputFormat, glyphs, textFile] + FontOptions.options

    static func run(_ args: ParsedArguments) throws -> Int32 {
        let format = args.choice(outputFormat, as: OutputFormat.self) ?? .text
        try checkGlyphs(args, format: format)
        try write(try measure(args), as: format, args)
        return 0
    }

    /// - Throws: ``UsageError`` for --glyphs without JSON output.
    static func checkGlyphs(_ args: ParsedArguments, format: OutputFormat?) throws {
        if args.flag(glyphs), format != .json { throw UsageError("--glyphs needs --output-format json") }
    }

    /// Prints `result` in `format`, with the glyphs when the arguments ask for them.
    static func write(_ result: LayoutResult, as format: OutputFormat, _ args: ParsedArguments) throws {
        try Console.write(format == .json ? result.json(args.flag(glyphs) ? .glyphs : .runs) + "\n" : result.textDump)
    }

    /// Lays out the text the arguments give (see ``readText(_:)``) as the layout options say, in
    /// the font context they name (``FontOptions/context(_:)``): the request the options make, laid out.
    /// What the layout could not do as asked (``PreparedText/warnings``, and characters no font
    /// has: ``PreparedText/missingGlyphWarning``) goes to standard error,
    /// whatever the output format (JSON output holds it too).
    static func measure(_ args: ParsedArguments) throws -> LayoutResult {
        do {
            let result = try LayoutOptions.request(text: try readText(args), args).measure(in: try FontOptions.context(args))
            let prepared = result.measurement.layout.prepared
            for warning in prepared.warnings + [prepared.missingGlyphWarning].compactMap({ $0 }) {
                Console.error("textlayout: warning: \(warning)\n")
            }
            return result
        } catch let error as LayoutError where error.code == .invalidArgument {
            // A value out of range is the user's mistake on the command line: say it with the options' names.
            throw UsageError(LayoutOptions.namingOptions(error.message))
        }
    }

    /// The text: the operand, the file of --text-file, or standard input for `-`.
    static func readText(_ args: ParsedArguments) throws -> String {
        let file = args.string(textFile)
        guard args.operands.count + (file == nil ? 0 : 1) == 1 else {
            throw UsageError("give the text exactly once: as an argument, with --text-file FILE, or '-' for standard input", showsSynopsis: true)
        }
        let data: Data
        if let file {
            guard let contents = FileManager.default.contents(atPath: file) else { throw UsageError("cannot read the text file '\(file)'") }
            data = contents
        } else if args.operands[0] == "-" {
            data = Data(try Console.readAll())
        } else {
            return args.operands[0]
        }
        guard let text = String(data: data, encoding: .utf8) else { throw UsageError("the text is not valid UTF-8") }
        return text
    }
}
