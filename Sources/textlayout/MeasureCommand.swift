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
    static let textFile = CommandOption("text-file", .string(valueName: "FILE"), help: "read the text from FILE (UTF-8) instead of an argument")
    static let keepFinalNewline = CommandOption("keep-final-newline", .flag,
                                                help: "keep the newline that ends a text read from a file or standard input (by default one final \\n or \\r\\n is dropped, as line-oriented tools drop it)")
    /// Where the text comes from: an argument, --text-file or standard input.
    static let operands = Operands("[TEXT | --text-file FILE | -]", maximum: 1)
    static let options = LayoutOptions.options + [outputFormat, glyphs, textFile, keepFinalNewline] + FontOptions.options

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
            throw UsageError(LayoutOptions.commandLineMessage(error))
        }
    }

    /// The text: the operand, the file of --text-file, or standard input for `-`. A text read
    /// from a file or standard input loses one final newline (`\n` or `\r\n`), as a line of a
    /// line-oriented tool does, unless --keep-final-newline; a UTF-8 byte-order mark before it is skipped.
    /// - Throws: ``UsageError`` for no text or two, a file that cannot be read, or
    ///   --keep-final-newline with a text argument; ``BoundaryError`` `.invalidUTF8` (exit 1, as
    ///   the batch fails such a job) for bytes that are not UTF-8, wherever they come from (an
    ///   argument's are found before any command runs).
    static func readText(_ args: ParsedArguments) throws -> String {
        let file = args.string(textFile)
        guard args.operands.count + (file == nil ? 0 : 1) == 1 else {
            throw UsageError("give the text exactly once: as an argument, with --text-file FILE, or '-' for standard input", showsSynopsis: true)
        }
        let bytes: [UInt8]
        let what: String
        if let file {
            guard let contents = FileManager.default.contents(atPath: file) else { throw UsageError("cannot read the text file '\(file)'") }
            bytes = Array(contents)
            what = "the text file '\(file)'"
        } else if args.operands[0] == "-" {
            bytes = try Console.readAll()
            what = "the text on standard input"
        } else {
            if args.flag(keepFinalNewline) {
                throw UsageError("--keep-final-newline is for a text read from a file or standard input; a text argument keeps every character it has")
            }
            return args.operands[0]
        }
        let text = try decodeUTF8Text(bytes, what: what)
        return args.flag(keepFinalNewline) ? text : droppingFinalNewline(text)
    }

    /// `text` without the one `\n` or `\r\n` it ends with, if it ends with one.
    static func droppingFinalNewline(_ text: String) -> String {
        var scalars = text.unicodeScalars[...]
        guard scalars.last == "\n" else { return text }
        scalars.removeLast()
        if scalars.last == "\r" { scalars.removeLast() }
        return String(scalars)
    }
}
