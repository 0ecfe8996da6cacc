// One command-line option declared once: its name, the kind of value it takes, its bounds, default and help text.
import TextLayout

/// The numbers an option accepts.
public enum NumberBounds: Sendable, Equatable {
    /// Any finite number.
    case any
    /// A finite number greater than 0.
    case positive
    /// A number no smaller than this.
    case atLeast(Double)
    /// A number within this range.
    case within(ClosedRange<Double>)

    func contains(_ value: Double) -> Bool {
        switch self {
        case .any: true
        case .positive: value > 0
        case .atLeast(let minimum): value >= minimum
        case .within(let range): range.contains(value)
        }
    }

    /// "a number", "a positive number", "a whole number from 1 to 1024"...
    func describe(whole: Bool) -> String {
        let noun = whole ? "whole number" : "number"
        switch self {
        case .any: return "a \(noun)"
        case .positive: return "a positive \(noun)"
        case .atLeast(let minimum): return "a \(noun) of at least \(plainNumber(minimum))"
        case .within(let range): return "a \(noun) from \(plainNumber(range.lowerBound)) to \(plainNumber(range.upperBound))"
        }
    }
}

/// What an option's value is, and so how its text is read and checked.
public enum OptionKind: Sendable, Equatable {
    /// No value: the option is present or not.
    case flag
    /// Any text; `valueName` stands for it in the usage (NAME|PATH, FILE, BCP47).
    case string(valueName: String)
    /// A finite number within `bounds`.
    case number(valueName: String, bounds: NumberBounds)
    /// A whole number within `bounds`.
    case integer(valueName: String, bounds: NumberBounds)
    /// One of `allowed`.
    case choice(allowed: [String])
    /// Four numbers TOP,LEFT,BOTTOM,RIGHT.
    case insets
    /// Two finite numbers MIN,MAX within `bounds`, MIN <= MAX.
    case numberRange(bounds: NumberBounds)

    /// A choice among an enumeration's raw values, in declaration order.
    public static func choice<Choice: CaseIterable & RawRepresentable>(of type: Choice.Type) -> OptionKind where Choice.RawValue == String {
        .choice(allowed: Choice.allCases.map(\.rawValue))
    }

    /// What stands for the value in the usage: "PX", "auto|ltr|rtl", "T,L,B,R", "MIN,MAX"; empty for a flag.
    public var valueName: String {
        switch self {
        case .flag: ""
        case .string(let valueName), .number(let valueName, _), .integer(let valueName, _): valueName
        case .choice(let allowed): allowed.joined(separator: "|")
        case .insets: "T,L,B,R"
        case .numberRange: "MIN,MAX"
        }
    }
}

/// One option of a command, as the parser reads it and the usage describes it.
public struct CommandOption: Sendable, Equatable {
    /// The name after `--`, such as "line-spacing".
    public let name: String
    public let kind: OptionKind
    /// What the option does, for the usage: a phrase that needs no capital or full stop.
    public let help: String
    /// What the command does without the option ("17", "the number of cores"), shown in the
    /// usage; nil when the help says it or there is nothing to say.
    public let defaultValue: String?
    /// Whether the command refuses to run without it.
    public let isRequired: Bool

    public init(_ name: String, _ kind: OptionKind, help: String, default defaultValue: String? = nil, required: Bool = false) {
        self.name = name
        self.kind = kind
        self.help = help
        self.defaultValue = defaultValue
        self.isRequired = required
    }

    /// This option under another name (`--render-scale` for `--scale`), with its kind, help and default.
    public func named(_ name: String) -> CommandOption {
        CommandOption(name, kind, help: help, default: defaultValue, required: isRequired)
    }

    /// "--size PX", "--debug": the option as the usage writes it.
    public var synopsis: String {
        kind.valueName.isEmpty ? "--" + name : "--\(name) \(kind.valueName)"
    }
}

