// `textlayout measure`: lays out one text and prints its lines and the editor's height, as text or JSON.
import Foundation
import TextLayout
import TextLayoutIO

enum MeasureCommand {
    static let usage = """
    usage: textlayout measure [--font NAME|PATH] [--weight 1-1000] [--size PX] [--width PX] [--line-spacing PX]
                              [--min-lines N] [--max-lines N] [--insets T,L,B,R]
                              [--min-height PX] [--max-height PX] [--output-format text|json]
                              [--direction auto|ltr|rtl] [--language BCP47]
                              [--line-break normal|strict|loose|keep-all]
                              [TEXT | --text-file FILE | -]
    """

    static func run(_ arguments: [String]) throws -> Int32 {
        let args = try Arguments(arguments, valued: LayoutOptions.names)
        let format = try args.choice("output-format", ["text", "json"], default: "text")
        let result = try LayoutOptions.measure(args)
        try Console.write(format == "json" ? result.json(.runs) + "\n" : result.measurement.textDump)
        return 0
    }

    /// The text: the positional argument, the file of --text-file, or standard input for `-`.
    static func readText(_ args: Arguments) throws -> String {
        let file = args.string("text-file")
        guard args.positionals.count + (file == nil ? 0 : 1) == 1 else {
            throw UsageError("give the text exactly once: as an argument, with --text-file FILE, or '-' for standard input\n\(usage)")
        }
        let data: Data
        if let file {
            guard let contents = FileManager.default.contents(atPath: file) else { throw UsageError("cannot read the text file '\(file)'") }
            data = contents
        } else if args.positionals[0] == "-" {
            data = Data(try Console.readAll())
        } else {
            return args.positionals[0]
        }
        guard let text = String(data: data, encoding: .utf8) else { throw UsageError("the text is not valid UTF-8") }
        return text
    }

    static func parseInsets(_ text: String) throws -> EdgeInsets {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 4, parts.allSatisfy({ $0 != nil }) else {
            throw UsageError("--insets must be four numbers TOP,LEFT,BOTTOM,RIGHT, got '\(text)'")
        }
        return EdgeInsets(top: parts[0]!, left: parts[1]!, bottom: parts[2]!, right: parts[3]!)
    }
}
