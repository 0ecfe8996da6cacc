// The command-line parser: `--name value`, `--name=value`, flags and operands, each value read and checked as its option's kind says.
import Foundation
import TextLayout
import TextLayoutIO

/// A command-line mistake: the message says what was wrong and what is allowed.
public struct UsageError: Error, CustomStringConvertible, Equatable {
    public let message: String
    /// Whether the command's usage line should follow the message: the arguments' shape is wrong
    /// (a missing required option, too many operands) rather than one value.
    public let showsSynopsis: Bool

    public init(_ message: String, showsSynopsis: Bool = false) {
        self.message = message
        self.showsSynopsis = showsSynopsis
    }

    public var description: String { message }
}

/// `-h` or `--help` among a command's arguments: its usage is printed instead of running it.
public struct HelpRequest: Error, Equatable {}

/// A command's arguments, read against its options: each value converted to its kind and
/// checked, the operands (the arguments that are not options) in order.
///
/// Everything that starts with `-` (but `-` alone, standard input) is an option until `--`, after
/// which every argument is an operand: `measure -- -5` lays out the text "-5". An option given
/// twice keeps its last value.
public struct ParsedArguments: Sendable {
    /// The command's name, for messages.
    public let command: String
    /// The arguments that are not options, in order.
    public private(set) var operands: [String] = []
    private let declared: [String: CommandOption]
    private var values: [String: Value] = [:]

    private enum Value: Sendable {
        case flag
        case text(String)
        case number(Double)
        case integer(Int)
        case insets(EdgeInsets)
        case range(ClosedRange<Double>)
    }

    /// Reads `arguments` (those after the command's name) against `command`'s options and operands.
    /// - Throws: ``HelpRequest`` when `-h` or `--help` is among the options (before any mistake
    ///   in the others is reported), else ``UsageError`` for the first unknown option, missing or
    ///   bad value, then for a missing required option or too many operands.
    public init(_ arguments: [String], for command: Command) throws {
        self.command = command.name
        declared = Dictionary(uniqueKeysWithValues: command.options.map { ($0.name, $0) })
        var index = 0
        var onlyOperands = false
        var mistake: UsageError?
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyOperands || !argument.hasPrefix("-") || argument == "-" {
                operands.append(argument)
                continue
            }
            if argument == "--" { onlyOperands = true; continue }
            if argument == "-h" || argument == "--help" { throw HelpRequest() }
            guard mistake == nil else { continue }
            var name = String(argument.drop { $0 == "-" })
            var value: String?
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard argument.hasPrefix("--"), let option = declared[name] else {
                let hint = argument.hasPrefix("--") ? "" : " (put -- before a text that starts with '-')"
                mistake = UsageError("unknown option \(argument.hasPrefix("--") ? "--" + name : argument); the options are: "
                    + Self.list(command.options) + hint)
                continue
            }
            if option.kind == .flag {
                if value != nil { mistake = UsageError("--\(name) takes no value") } else { values[name] = .flag }
                continue
            }
            if value == nil {
                guard index < arguments.count else { mistake = UsageError("--\(name) needs a value: \(option.kind.valueName)"); continue }
                value = arguments[index]
                index += 1
            }
            do { values[name] = try Self.read(value!, for: option) } catch { mistake = error }
        }
        if let mistake { throw mistake }
        if let missing = command.options.first(where: { $0.isRequired && values[$0.name] == nil }) {
            throw UsageError("\(missing.synopsis) is required", showsSynopsis: true)
        }
        let maximum = command.operands.maximum
        if operands.count > maximum {
            let given = operands.map { "'\($0)'" }.joined(separator: ", ")
            let named = command.name.isEmpty ? command.programName : command.name
            throw UsageError(maximum == 0 ? "\(named) takes no arguments, got \(given)"
                : "\(named) takes at most \(counted(maximum, "argument")), got \(operands.count): \(given)",
                showsSynopsis: true)
        }
    }

    private static func list(_ options: [CommandOption]) -> String {
        options.isEmpty ? "none but -h, --help" : (options.map { "--" + $0.name } + ["-h", "--help"]).joined(separator: ", ")
    }

    /// The value of `option` read from `text` as its kind says.
    /// - Throws: ``UsageError`` naming the option, what it takes and what it got.
    private static func read(_ text: String, for option: CommandOption) throws(UsageError) -> Value {
        let flag = "--" + option.name
        switch option.kind {
        case .flag:
            return .flag
        case .string:
            return .text(text)
        case .choice(let allowed):
            guard allowed.contains(text) else { throw UsageError("\(flag) must be one of \(allowed.joined(separator: ", ")), got '\(text)'") }
            return .text(text)
        case .number(_, let bounds):
            guard let number = Double(text), number.isFinite, bounds.contains(number) else {
                throw UsageError("\(flag) must be \(bounds.describe(whole: false)), got '\(text)'")
            }
            return .number(number)
        case .integer(_, let bounds):
            guard let number = Int(text), bounds.contains(Double(number)) else {
                throw UsageError("\(flag) must be \(bounds.describe(whole: true)), got '\(text)'")
            }
            return .integer(number)
        case .insets:
            guard let sides = finiteNumbers(text, count: 4) else {
                throw UsageError("\(flag) must be four numbers TOP,LEFT,BOTTOM,RIGHT, got '\(text)'")
            }
            return .insets(EdgeInsets(top: sides[0], left: sides[1], bottom: sides[2], right: sides[3]))
        case .numberRange(let bounds):
            guard let ends = finiteNumbers(text, count: 2), ends.allSatisfy(bounds.contains), ends[0] <= ends[1] else {
                throw UsageError("\(flag) must be two numbers MIN,MAX, each \(bounds.describe(whole: false)), with MIN <= MAX, got '\(text)'")
            }
            return .range(ends[0]...ends[1])
        }
    }

    /// The `count` finite numbers of `text`, a list separated by commas ("1, 2,3"); nil when it
    /// has another count or an item that is not a finite number.
    private static func finiteNumbers(_ text: String, count: Int) -> [Double]? {
        let items = text.split(separator: ",", omittingEmptySubsequences: false)
        let numbers = items.compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }.filter(\.isFinite)
        return items.count == count && numbers.count == count ? numbers : nil
    }

    /// The value given for `option`, which must be one of the command's.
    private func value(_ option: CommandOption) -> Value? {
        precondition(declared[option.name] == option, "--\(option.name) is not an option of \(command)")
        return values[option.name]
    }

    /// Whether `option` was given.
    public func contains(_ option: CommandOption) -> Bool { value(option) != nil }

    /// Whether the flag `option` was given.
    public func flag(_ option: CommandOption) -> Bool {
        if case .flag? = value(option) { true } else { false }
    }

    /// The text of a string or choice option, or nil when it was not given.
    public func string(_ option: CommandOption) -> String? {
        if case .text(let text)? = value(option) { text } else { nil }
    }

    public func number(_ option: CommandOption) -> Double? {
        if case .number(let number)? = value(option) { number } else { nil }
    }

    public func integer(_ option: CommandOption) -> Int? {
        if case .integer(let number)? = value(option) { number } else { nil }
    }

    public func insets(_ option: CommandOption) -> EdgeInsets? {
        if case .insets(let insets)? = value(option) { insets } else { nil }
    }

    /// The MIN...MAX of a ``OptionKind/numberRange(bounds:)`` option, or nil when it was not given.
    public func range(_ option: CommandOption) -> ClosedRange<Double>? {
        if case .range(let range)? = value(option) { range } else { nil }
    }

    /// The case of a choice option declared with ``OptionKind/choice(of:)``, or nil when it was not given.
    public func choice<Choice: CaseIterable & RawRepresentable>(_ option: CommandOption, as type: Choice.Type) -> Choice?
        where Choice.RawValue == String {
        string(option).map { text in
            guard let choice = Choice(rawValue: text) else { preconditionFailure("--\(option.name) is not a choice of \(Choice.self)") }
            return choice
        }
    }
}
