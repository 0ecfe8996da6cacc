// The shell examples of README.md and the docs/ pages, run: every `$ textlayout …` example prints what its page shows.
import Foundation
import TestSupport
import Testing

/// One shell example of a page: a code block whose first line starts with `$ `. Each `$ ` line (with
/// the lines it continues onto by a final `\`) is a command, run with bash in one temporary folder
/// for the whole block, `textlayout` being the built command; the lines after it, up to the next
/// command, are what it prints on standard output. A shown line `...` stands for any number of
/// lines, and a shown line that ends in `...` for any line that starts with what comes before.
/// A block whose command reads a file that no command before it writes (`edit < session.jsonl`,
/// whose session the page shows after it) is shown, not run.
struct ShellExample: CustomTestStringConvertible, Sendable {
    var page: String
    var line: Int
    var steps: [(command: String, shown: [String])]

    var testDescription: String { "\(page):\(line)" }

    /// The shell examples of every page.
    static let all: [ShellExample] = Documentation.pages.flatMap { page in
        examples(in: (try? Documentation.text(page)) ?? "", page: page)
    }

    static func examples(in text: String, page: String) -> [ShellExample] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var examples: [ShellExample] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let indent = line.prefix { $0 == " " }.count
            guard indent >= 4, line.dropFirst(indent).hasPrefix("$ "), index == 0 || lines[index - 1].trimmingCharacters(in: .whitespaces).isEmpty else {
                index += 1
                continue
            }
            var example = ShellExample(page: page, line: index + 1, steps: [])
            while index < lines.count, lines[index].prefix(indent).allSatisfy({ $0 == " " }), lines[index].count > indent {
                let content = String(lines[index].dropFirst(indent))
                if content.hasPrefix("$ ") {
                    var command = String(content.dropFirst(2))
                    while command.hasSuffix("\\"), index + 1 < lines.count {
                        index += 1
                        command = String(command.dropLast()) + " " + lines[index].trimmingCharacters(in: .whitespaces)
                    }
                    example.steps.append((command, []))
                } else if !example.steps.isEmpty {
                    example.steps[example.steps.count - 1].shown.append(content)
                }
                index += 1
            }
            if !example.readsAFileItDoesNotWrite { examples.append(example) }
        }
        return examples
    }

    /// Whether a command reads standard input from a file no command before it writes.
    var readsAFileItDoesNotWrite: Bool {
        var written: Set<String> = []
        for step in steps {
            for read in step.command.matches(of: /<\s*([^\s<>|;]+)/) where !written.contains(String(read.1)) { return true }
            for write in step.command.matches(of: />\s*([^\s<>|;]+)/) { written.insert(String(write.1)) }
        }
        return false
    }

    /// Whether `printed` lines are what `shown` shows (see the type's comment).
    static func matches(_ printed: ArraySlice<String>, _ shown: ArraySlice<String>) -> Bool {
        guard let first = shown.first else { return printed.isEmpty }
        if first == "..." {
            return (printed.startIndex...printed.endIndex).contains { matches(printed[$0...], shown.dropFirst()) }
        }
        guard let line = printed.first else { return false }
        let fits = first.hasSuffix("...") ? line.hasPrefix(first.dropLast(3)) : line == first
        return fits && matches(printed.dropFirst(), shown.dropFirst())
    }
}

@Suite("Documented shell examples")
struct DocumentedCommandTests {
    @Test("the pages show shell examples: one for each command in the README, and the reference's")
    func examplesAreFound() {
        let readme = ShellExample.all.filter { $0.page == "README.md" }.flatMap(\.steps).map(\.command)
        for command in ["measure", "batch", "edit", "render", "compare", "check", "fonts", "version"] {
            #expect(readme.contains { $0.contains("textlayout \(command)") }, "the README shows no example of \(command)")
        }
        #expect(ShellExample.all.contains { $0.page == "docs/command-line.md" })
    }

    @Test("a shell example prints what its page shows", arguments: ShellExample.all)
    func examplePrintsWhatIsShown(_ example: ShellExample) throws {
        let binaries = try #require(textlayoutExecutable(), "build the package first (swift build)").deletingLastPathComponent().path
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = binaries + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        for step in example.steps {
            let run = try runTextlayout(["bash", "-c", step.command], environment: ["PATH": path],
                                        executable: URL(fileURLWithPath: "/usr/bin/env"), currentDirectory: folder)
            let printed = outputLines(run.output)
            if step.shown.isEmpty {
                #expect(run.status == 0 && run.output.isEmpty, "\(example.testDescription): `\(step.command)` exits \(run.status): \(run.output) \(run.error)")
            } else {
                #expect(ShellExample.matches(printed[...], step.shown[...]),
                        "\(example.testDescription): `\(step.command)` printed\n\(printed.joined(separator: "\n"))\nwhere the page shows\n\(step.shown.joined(separator: "\n"))\n\(run.error)")
            }
        }
    }

    @Test("the matcher takes `...` for lines left out or a line's rest, and nothing else")
    func matcher() {
        let printed = ["line 0 a", "line 1 b", "total 2", "editor 40"][...]
        #expect(ShellExample.matches(printed, ["line 0 a", "...", "editor 40"]))
        #expect(ShellExample.matches(printed, ["...", "total 2", "editor..."]))
        #expect(ShellExample.matches(printed, ["line 0 a", "line 1 b", "total 2", "editor 40"]))
        #expect(!ShellExample.matches(printed, ["line 0 a", "total 2", "editor 40"]))
        #expect(!ShellExample.matches(printed, ["line 0 a", "...", "editor 41"]))
        #expect(!ShellExample.matches(printed, ["line 0 a"]))
    }
}
