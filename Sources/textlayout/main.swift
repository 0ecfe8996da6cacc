// The `textlayout` command: dispatches to measure, batch and fonts, and turns errors into messages and exit statuses.
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

'textlayout <command> --help' shows a command's options.
"""

func main() -> Int32 {
    let arguments = Array(CommandLine.arguments.dropFirst())
    guard let command = arguments.first else {
        Console.error(usage + "\n")
        return 2
    }
    let rest = Array(arguments.dropFirst())
    do {
        switch command {
        case "measure":
            if rest.contains("--help") { try Console.write(MeasureCommand.usage + "\n"); return 0 }
            return try MeasureCommand.run(rest)
        case "batch":
            if rest.contains("--help") { try Console.write(BatchCommand.usage + "\n"); return 0 }
            return try BatchCommand.run(rest)
        case "render":
            if rest.contains("--help") { try Console.write(RenderCommand.usage + "\n"); return 0 }
            return try RenderCommand.run(rest)
        case "edit":
            if rest.contains("--help") { try Console.write(EditCommand.usage + "\n"); return 0 }
            return try EditCommand.run(rest)
        case "fonts":
            try Console.write(FontContext.shared.availableFamilies().map { $0 + "\n" }.joined())
            return 0
        case "--help", "-h", "help":
            try Console.write(usage + "\n")
            return 0
        default:
            Console.error("textlayout: unknown command '\(command)'; the commands are measure, batch, edit, render, fonts\n")
            return 2
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
