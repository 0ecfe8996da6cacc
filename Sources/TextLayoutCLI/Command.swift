// One subcommand of `textlayout` as a table row: its name, summary, options, operands and run function; its usage text is made from them.

/// The arguments a command takes besides its options.
public struct Operands: Sendable {
    /// How the usage writes them: "[TEXT | --text-file FILE | -]", "< SESSION.jsonl".
    public let synopsis: String
    /// How many there may be at most.
    public let maximum: Int

    public init(_ synopsis: String, maximum: Int) {
        self.synopsis = synopsis
        self.maximum = maximum
    }

    public static let none = Operands("", maximum: 0)
}

/// A subcommand: what the parser needs to read its arguments, what its usage says, and how it runs.
public struct Command: Sendable {
    /// The program's name, as messages and usages write it.
    public static let program = "textlayout"

    /// The program the usage names: ``program`` for a subcommand of `textlayout`, or another
    /// program that reads its options through this table (`textlayout-bench`, whose `name` is empty).
    public let programName: String
    public let name: String
    /// What the command does, as a phrase without a capital or full stop ("lay out one text...").
    public let summary: String
    public let options: [CommandOption]
    public let operands: Operands
    /// Prose printed after the option list (a format, an exit status); may be empty.
    public let details: String
    /// Runs the command on its parsed arguments and returns its exit status.
    public let run: @Sendable (ParsedArguments) throws -> Int32

    public init(_ name: String, summary: String, options: [CommandOption] = [], operands: Operands = .none,
                details: String = "", programName: String = Command.program, run: @escaping @Sendable (ParsedArguments) throws -> Int32) {
        self.programName = programName
        self.name = name
        self.summary = summary
        self.options = options
        self.operands = operands
        self.details = details
        self.run = run
    }

    /// The usage line: "usage: textlayout render --output FILE.png|FILE.svg|- [options] [TEXT | ...]".
    public var synopsis: String {
        var parts = ["usage: \(programName)" + (name.isEmpty ? "" : " \(name)")] + options.filter(\.isRequired).map(\.synopsis)
        if options.contains(where: { !$0.isRequired }) { parts.append("[options]") }
        if !operands.synopsis.isEmpty { parts.append(operands.synopsis) }
        return parts.joined(separator: " ")
    }

    /// The whole usage, as `--help` prints it: the usage line, the summary, every option with
    /// what it takes, its help and its default, then the details.
    public var usage: String {
        var rows = options.map { option in
            var help = option.help
            if let value = option.defaultValue { help += " (default: \(value))" }
            if option.isRequired { help += " (required)" }
            return (option.synopsis, help)
        }
        rows.append(("-h, --help", "show this usage"))
        var text = synopsis + "\n\n" + summary.prefix(1).uppercased() + summary.dropFirst() + ".\n\noptions:\n"
        text += Self.table(rows)
        if !details.isEmpty { text += "\n" + details + "\n" }
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }

    /// The program's usage: every command with its summary, then `footer`.
    public static func overview(_ commands: [Command], footer: String) -> String {
        "usage: \(program) <command> [options]\n\ncommands:\n" + table(commands.map { ($0.name, $0.summary) }) + "\n" + footer
    }

    /// Rows of a name and its description, the descriptions in one column wrapped to the line
    /// width; a name too long for the column puts its description on the next line.
    public static func table(_ rows: [(name: String, text: String)], lineWidth: Int = 100) -> String {
        let widest = rows.map(\.name.count).max() ?? 0
        let column = 2 + min(widest, 30) + 2
        var out = ""
        for row in rows {
            var line = "  " + row.name
            if line.count + 2 > column {
                out += line + "\n"
                line = ""
            }
            line += String(repeating: " ", count: column - line.count)
            for word in row.text.split(separator: " ") {
                if line.count > column, line.count + 1 + word.count > lineWidth {
                    out += line + "\n"
                    line = String(repeating: " ", count: column)
                } else if line.count > column {
                    line += " "
                }
                line += word
            }
            out += line + "\n"
        }
        return out
    }
}
