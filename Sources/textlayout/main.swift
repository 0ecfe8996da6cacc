// The `textlayout` command: dispatches to measure, batch, edit, render and fonts, and turns errors into messages and exit statuses.
import Glibc
import TextLayout

let usage = """
usage: textlayout <command> [options]

commands:
  measure   lay out one text and print its lines and the editor height
  batch     lay out JSON jobs from standard input, one result line per job
  edit      replay an editing session from standard input, one snapshot line per event
  render    lay out one text and draw it to a PNG or SVG picture
  fonts     list the font families fontconfig knows

'textlayout <command> --help' (or -h) shows a command's options.
Exit status: 0 success, 1 a failed job or layout, 2 a usage error, 3 the output could not be written.
"""

func main() -> Int32 {
    /// Each command's usage (printed for `-h` and `--help`) and how it runs.
    let commands: [String: (usage: String, run: ([String]) throws -> Int32)] = [
        "measure": (MeasureCommand.usage, MeasureCommand.run),
        "batch": (BatchCommand.usage, BatchCommand.run),
        "edit": (EditCommand.usage, EditCommand.run),
        "render": (RenderCommand.usage, RenderCommand.run),
        "fonts": (FontsCommand.usage, FontsCommand.run),
    ]
    let arguments = Array(CommandLine.arguments.dropFirst())
    guard let command = arguments.first else {
        Console.error(usage + "\n")
        return 2
    }
    do {
        if ["--help", "-h", "help"].contains(command) {
            try Console.write(usage + "\n")
            return 0
        }
        guard let (commandUsage, run) = commands[command] else {
            Console.error("textlayout: unknown command '\(command)'; the commands are measure, batch, edit, render, fonts\n")
            return 2
        }
        do {
            return try run(Array(arguments.dropFirst()))
        } catch is HelpRequest {
            try Console.write(commandUsage + "\n")
            return 0
        }
    } catch let error as UsageError {
        Console.error("textlayout \(command): \(error.message)\n")
        return 2
    } catch let error as Console.WriteError {
        Console.error("textlayout \(command): \(error)\n")
        return 3
    } catch let error as LayoutError {
        Console.error("textlayout \(command): \(error.message)\n")
        return 1
    } catch {
        Console.error("textlayout \(command): \(error)\n")
        return 1
    }
}

exit(main())
