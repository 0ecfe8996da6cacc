// How every number is written back, for people and in JSON alike: a whole number as its digits, any other in the shortest form that reads back.

/// Numbers this large or larger are written in their shortest form that reads back
/// (`1000000000000000.0`, `1e+16`, `1e+308`), never as a whole number's digits or with two
/// decimals: a Double has no more than 17 significant digits, so the digits past them would be
/// noise (a width of 1e308 is not 309 digits).
public let plainDigitsLimit = 1e15

/// Whether ``plainNumber(_:)`` writes `value` as the digits of a whole number: it has no
/// fractional part and is below ``plainDigitsLimit``.
public func isWrittenAsInteger(_ value: Double) -> Bool {
    value == value.rounded() && abs(value) < plainDigitsLimit
}

/// `value` as messages and JSON write it: a whole number as its digits ("17", "-3", "0" for
/// -0), any other in Swift's shortest form that reads back as the same Double ("0.5",
/// "1e+300"). The JSON writer writes numbers by this rule, and text outputs with two decimals
/// fall back to it (``twoDecimals``).
public func plainNumber(_ value: Double) -> String {
    isWrittenAsInteger(value) ? String(Int(value)) : String(value)
}
