// `textlayout version` (and `--version`): the project's version and those of the libraries it runs with.
import TextLayout
import TextLayoutCLI

enum VersionCommand {
    static func run(_ args: ParsedArguments) throws -> Int32 {
        try Console.write(text)
        return 0
    }

    /// What `version` prints: one line a component, its name and version.
    static var text: String {
        var text = "\(Command.program) \(LibraryVersions.textLayout)\n"
        for library in LibraryVersions.runtime { text += "\(library.name) \(library.version)\n" }
        return text
    }
}
