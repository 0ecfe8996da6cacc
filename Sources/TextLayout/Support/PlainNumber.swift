// How a number is written back to a person: without a fractional part when it has none.

/// `value` without a fractional part when it has none: "17", "0.5", "1e+300".
public func plainNumber(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
}
