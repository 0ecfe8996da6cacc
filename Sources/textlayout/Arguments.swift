// A small command-line option parser: `--name value`, `--name=value`, flags, and positional arguments.

/// A command-line mistake: the message says what was wrong and what is allowed.
struct UsageError: Error, CustomStringConvertible {
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}

/// The arguments of one subcommand, split into options and positionals as they are read.
struct Arguments {
    private(set) var options: [String: String] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positionals: [String] = []

    /// Reads `arguments`, where `valued` lists the options that take a value and `flagNames` those that do not.
    init(_ arguments: [String], valued: [String], flagNames: [String] = []) throws {
        var i = 0
        var onlyPositionals = false
        while i < arguments.count {
            let argument = arguments[i]
            i += 1
            if onlyPositionals || !argument.hasPrefix("--") {
                positionals.append(argument)
                continue
            }
            if argument == "--" { onlyPositionals = true; continue }
            var name = String(argument.dropFirst(2))
            var value: String?
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if flagNames.contains(name) {
                guard value == nil else { throw UsageError("--\(name) takes no value") }
                flags.insert(name)
            } else if valued.contains(name) {
                if value == nil {
                    guard i < arguments.count else { throw UsageError("--\(name) needs a value") }
                    value = arguments[i]
                    i += 1
                }
                options[name] = value
            } else {
                let known = (valued + flagNames).map { "--\($0)" }.joined(separator: ", ")
                throw UsageError("unknown option --\(name); the options are: \(known)")
            }
        }
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
