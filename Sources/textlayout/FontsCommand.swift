// `textlayout fonts`: lists the font families fontconfig knows, one a line.
import TextLayout
import TextLayoutCLI

enum FontsCommand {
    static let details = """
    The names --font and the batch's "font" accept (besides font file paths and the generic
    families such as sans-serif), sorted.
    """

    static func run(_ args: ParsedArguments) throws -> Int32 {
        try Console.write(FontContext.shared.availableFamilies().map { $0 + "\n" }.joined())
        return 0
    }
}
