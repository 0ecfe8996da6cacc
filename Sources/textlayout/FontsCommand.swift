// `textlayout fonts`: lists the font families fontconfig knows, one a line.
import TextLayout

enum FontsCommand {
    static let usage = """
    usage: textlayout fonts

    Lists the font families fontconfig knows, one a line, sorted: the names --font and the
    batch's "font" accept (besides font file paths and the generic families such as sans-serif).
    """

    static func run(_ arguments: [String]) throws -> Int32 {
        let args = try Arguments(arguments, valued: [])
        guard args.positionals.isEmpty else { throw UsageError("fonts takes no arguments\n\(usage)") }
        try Console.write(FontContext.shared.availableFamilies().map { $0 + "\n" }.joined())
        return 0
    }
}
