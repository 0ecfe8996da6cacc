// `textlayout version` (and `--version`): the project's version and those of the libraries it runs with, and that output read back.
import TextLayout
import TextLayoutCLI

enum VersionCommand {
    static func run(_ args: ParsedArguments) throws -> Int32 {
        try Console.writeListing(text)
        return 0
    }

    /// Each component and its version, the project first, then each library as loaded at run time.
    static var components: [(name: String, version: String)] {
        [(Command.program, LibraryVersions.textLayout)] + LibraryVersions.runtime.map { ($0.name, $0.version) }
    }

    /// What `version` prints: one line a component, its name and version.
    static var text: String {
        components.map { "\($0.name) \($0.version)\n" }.joined()
    }

    /// The components and versions of what `version` printed once, the `lines` of the file at `path`.
    /// - Throws: ``UsageError`` when the file is empty, or a line is not a component `version`
    ///   prints and its version, or names a component twice: the message names the line and lists
    ///   the components.
    static func components(in lines: [String], of path: String) throws -> [(name: String, version: String)] {
        let known = components.map(\.name)
        let expected = "what `textlayout --version` prints, one line a component and its version (\(known.joined(separator: ", ")))"
        guard !lines.isEmpty else { throw UsageError("the versions file '\(path)' is empty: it must hold \(expected)") }
        var read: [(name: String, version: String)] = []
        for (index, line) in lines.enumerated() {
            let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
            guard words.count == 2, known.contains(words[0]) else {
                throw UsageError("line \(index + 1) of the versions file '\(path)' is not a component and its version: it must hold \(expected), got '\(line)'")
            }
            guard !read.contains(where: { $0.name == words[0] }) else {
                throw UsageError("line \(index + 1) of the versions file '\(path)' names \(words[0]) again: it must hold \(expected)")
            }
            read.append((words[0], words[1]))
        }
        return read
    }
}
