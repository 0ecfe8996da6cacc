// The `textlayout` command: the table of its commands, and the dispatch that parses their arguments, answers --help, and turns errors into messages and exit statuses.
import Glibc
import TextLayout
import TextLayoutCLI
import TextLayoutIO

enum Commands {
    /// Every command, in the order the program's usage lists them.
    static let all: [Command] = [
        Command("measure", summary: "lay out one text and print its lines and the editor height",
                options: MeasureCommand.options, operands: MeasureCommand.operands, run: MeasureCommand.run),
        Command("batch", summary: "lay out JSON jobs from a file or standard input, one result line per job",
                options: BatchCommand.options, operands: BatchCommand.operands, details: BatchCommand.details, run: BatchCommand.run),
        Command("edit", summary: "replay an editing session from standard input, one snapshot line per event",
                options: EditCommand.options, operands: EditCommand.operands, details: EditCommand.details, run: EditCommand.run),
        Command("render", summary: "lay out one text and draw it to a PNG or SVG picture",
                options: RenderCommand.options, operands: MeasureCommand.operands, details: RenderCommand.details, run: RenderCommand.run),
        Command("compare", summary: "compare two batch outputs, or a golden with its jobs laid out again",
                options: CompareCommand.options, operands: CompareCommand.operands, details: CompareCommand.details, run: CompareCommand.run),
        Command("check", summary: "list the jobs whose text does not fit their box",
                options: CheckCommand.options, operands: CheckCommand.operands, details: CheckCommand.details, run: CheckCommand.run),
        Command("fonts", summary: "list the font families a layout may name", options: FontsCommand.options,
                details: FontsCommand.details, run: FontsCommand.run),
        Command("help", summary: "show the commands, or one command's options", operands: Operands("[COMMAND]", maximum: 1),
                run: showHelp),
        Command("version", summary: "print the versions of textlayout and of the libraries it runs with", run: VersionCommand.run),
    ]

    /// What the program's usage says after the commands.
    static let footer = """
    '\(Command.program) <command> --help' (or -h) shows a command's options; --help and --version
    also work without a command.
    Exit status: 0 success, 1 a failed job or layout, 2 a usage error, 3 the output could not be written.
    """

    static var overview: String { Command.overview(all, footer: footer) }

    static func named(_ name: String) -> Command? { all.first { $0.name == name } }

    /// `help`: the program's usage, or with a command's name that command's.
    static func showHelp(_ args: ParsedArguments) throws -> Int32 {
        guard let name = args.operands.first else {
            try Console.writeListing(overview + "\n")
            return 0
        }
        guard let command = named(name) else { throw unknownCommand(name) }
        try Console.writeListing(command.usage + "\n")
        return 0
    }

    static func unknownCommand(_ name: String) -> UsageError {
        UsageError("unknown command '\(name)'; the commands are \(all.map(\.name).joined(separator: ", "))")
    }
}

/// The error for the first argument that is not valid UTF-8, or nil. Swift's
/// `CommandLine.arguments` would repair such bytes into U+FFFD and lay out another text; they fail
/// as the same bytes do from a file, standard input or a batch line (`invalidUTF8`, exit 1).
func invalidArgument() -> BoundaryError? {
    for k in 1..<Int(CommandLine.argc) {
        guard let argument = CommandLine.unsafeArgv[k] else { continue }
        let bytes = UnsafeRawBufferPointer(start: argument, count: strlen(argument))
        if String(validating: bytes, as: UTF8.self) == nil { return .invalidUTF8(in: "argument \(k)", bytes) }
    }
    return nil
}

func main() -> Int32 {
    // A closed pipe is a write error every command reports (exit 3), not a signal that kills it.
    signal(SIGPIPE, SIG_IGN)
    let arguments = Array(CommandLine.arguments.dropFirst())
    guard let first = arguments.first else {
        Console.error(Commands.overview + "\n")
        return 2
    }
    /// The program's own options, each the same as a command.
    let aliases = ["--help": "help", "-h": "help", "--version": "version"]
    guard let command = Commands.named(aliases[first] ?? first) else {
        Console.error("\(Command.program): \(Commands.unknownCommand(first).message)\n")
        return 2
    }
    let prefix = "\(Command.program) \(command.name): "
    if let error = invalidArgument() {
        Console.error(prefix + error.message + "\n")
        return 1
    }
    do {
        do {
            return try command.run(try ParsedArguments(Array(arguments.dropFirst()), for: command))
        } catch is HelpRequest {
            try Console.writeListing(command.usage + "\n")
            return 0
        }
    } catch let error as UsageError {
        var message = prefix + error.message + "\n"
        if error.showsSynopsis { message += command.synopsis + "\n('\(Command.program) \(command.name) --help' lists the options)\n" }
        Console.error(message)
        return 2
    } catch let error as Console.WriteError {
        Console.error(prefix + "\(error)\n")
        return 3
    } catch let error as LayoutError {
        Console.error(prefix + error.inBoundaryNames.message + "\n")
        return 1
    } catch {
        Console.error(prefix + "\(error)\n")
        return 1
    }
}

exit(main())
