// A small command-line option parser: `--name value`, `--name=value`, flags, and positional arguments.

/// A command-line mistake: the message says what was wrong and what is allowed.
struct UsageError: Error, CustomStringConvertible {
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}

/// `-h` or `--help` among a command's options: the command prints its usage instead of running.
struct HelpRequest: Error {}

/// The arguments of one subcommand, split into options and positionals as they are read.
/// Everything that starts with `-` (but `-` alone, standard input) is an option until `--`, after
/// which every argument is positional: `measure -- -5` lays out the text "-5".
struct Arguments {
    private(set) var options: [String: String] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positionals: [String] = []

    /// Reads `arguments`, where `valued` lists the options that take a value and `flagNames` those that do not.
    /// - Throws: ``HelpRequest`` when `-h` or `--help` is among the options (before any mistake
    ///   in the others is reported), else ``UsageError`` for an unknown option or a missing value.
    init(_ arguments: [String], valued: [String], flagNames: [String] = []) throws {
        var i = 0
        var onlyPositionals = false
        var mistake: UsageError?
        while i < arguments.count {
            let argument = arguments[i]
            i += 1
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" { onlyPositionals = true; continue }
            if argument == "-h" || argument == "--help" { throw HelpRequest() }
            guard mistake == nil else { continue }
            var name = String(argument.drop { $0 == "-" })
            var value: String?
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if !argument.hasPrefix("--") {
                mistake = UsageError("unknown option \(argument); the options are: \(Self.list(valued + flagNames)) "
                    + "(put -- before a text that starts with '-')")
            } else if flagNames.contains(name) {
                if value != nil { mistake = UsageError("--\(name) takes no value") } else { flags.insert(name) }
            } else if valued.contains(name) {
                if value == nil {
                    guard i < arguments.count else { mistake = UsageError("--\(name) needs a value"); continue }
                    value = arguments[i]
                    i += 1
                }
                options[name] = value
            } else {
                mistake = UsageError("unknown option --\(name); the options are: \(Self.list(valued + flagNames))")
            }
        }
        if let mistake { throw mistake }
    }

    private static func list(_ names: [String]) -> String {
        names.isEmpty ? "none but -h, --help" : (names.map { "--\($0)" } + ["-h", "--help"]).joined(separator: ", ")
    }

    func string(_ name: String) -> String? { options[name] }

    func number(_ name: String) throws -> Double? {
        guard let text = options[name] else { return nil }
        guard let value = Double(text) else { throw UsageError("--\(name) must be a number, got '\(text)'") }
        return value
    }

    func integer(_ name: String) throws -> Int? {
        guard let text = options[name] else { return nil }
        guard let value = Int(text) else { throw UsageError("--\(name) must be a whole number, got '\(text)'") }
        return value
    }

    /// One of `allowed`, or `fallback` when the option is absent.
    func choice(_ name: String, _ allowed: [String], default fallback: String) throws -> String {
        guard let value = options[name] else { return fallback }
        guard allowed.contains(value) else {
            throw UsageError("--\(name) must be one of \(allowed.joined(separator: ", ")), got '\(value)'")
        }
        return value
    }
}
