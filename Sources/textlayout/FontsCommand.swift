// `textlayout fonts`: lists the font families a layout may name, one a line: the system's and the bundled ones, or with --fonts-dir those of one folder.
import TextLayout
import TextLayoutCLI

enum FontsCommand {
    static let details = """
    The names --font and the batch's "font" accept (besides font file paths and the generic
    families such as sans-serif), sorted: the system's fonts and the bundled ones, or with
    --fonts-dir DIR only the fonts in DIR, as the other commands with that option see them.
    """
    static let options = [FontOptions.fontsDirectory]

    static func run(_ args: ParsedArguments) throws -> Int32 {
        try Console.writeListing(try FontOptions.familiesContext(args).availableFamilies().map { $0 + "\n" }.joined())
        return 0
    }
}
