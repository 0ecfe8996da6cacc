// The one JSON writer of the boundary formats: keys in the order they are written, numbers as the batch format writes them.
import TextLayout

/// Writes one compact JSON text, keys and values in the order they are given.
///
/// Containers are written with ``object(_:)`` and ``array(_:)``; inside an object each member is
/// ``key(_:)`` followed by one value, or one of the `field` shorthands. Commas come by themselves.
public struct JSONWriter {
    /// The JSON written so far, as UTF-8 (appending bytes is several times cheaper than
    /// appending to a String, and the batch writes a result a job).
    private var bytes: [UInt8] = []
    /// The JSON written so far.
    public var text: String { String(decoding: bytes, as: UTF8.self) }
    /// Whether a value was written in the innermost container, so the next needs a comma.
    private var needsComma = false

    public init() {}

    /// Writes an object whose members `body` writes.
    public mutating func object(_ body: (inout JSONWriter) throws -> Void) rethrows {
        try container(UInt8(ascii: "{"), UInt8(ascii: "}"), body)
    }

    /// Writes an array whose elements `body` writes.
    public mutating func array(_ body: (inout JSONWriter) throws -> Void) rethrows {
        try container(UInt8(ascii: "["), UInt8(ascii: "]"), body)
    }

    private mutating func container(_ open: UInt8, _ close: UInt8, _ body: (inout JSONWriter) throws -> Void) rethrows {
        separate()
        bytes.append(open)
        needsComma = false
        try body(&self)
        bytes.append(close)
        needsComma = true
    }

    /// Writes a member's key; the next value written is its value.
    public mutating func key(_ name: String) {
        separate()
        Self.appendString(name, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// A writer whose text has room for `capacity` bytes before it grows.
    public init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    public mutating func string(_ value: String) {
        separate()
        Self.appendString(value, to: &bytes)
        needsComma = true
    }

    /// A number as ``plainNumber(_:)`` writes it (whole numbers below 1e15 without a fraction,
    /// others in Swift's shortest form that reads back to the same Double); a value that is not
    /// finite (which no result holds) as null.
    public mutating func number(_ value: Double) {
        separate()
        if isWrittenAsInteger(value) {
            // The digits written here, not through a String: the batch writes numbers by the million.
            appendInteger(Int(value))
        } else if let digits = Self.exactBinaryFraction(value) ?? Self.fewPlaces(value) {
            // Widths and positions are whole numbers of a small power of two's parts (2,048ths at
            // most sizes), or under the chromium profile decimals of a few places: their shortest
            // forms are found and written here, as plainNumber would write them, without a String.
            appendDecimal(digits, negative: value < 0)
        } else if value.isFinite {
            bytes.append(contentsOf: plainNumber(value).utf8)
        } else {
            bytes.append(contentsOf: "null".utf8)
        }
        needsComma = true
    }

    public mutating func integer(_ value: Int) {
        separate()
        appendInteger(value)
        needsComma = true
    }

    /// The decimal digits of `value`, with a minus sign when negative.
    private mutating func appendInteger(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[19 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            bytes.append(contentsOf: buffer[(20 - count)...])
        }
    }

    /// The digits of a number that is not whole: the whole part's, and the fraction's as
    /// `fraction` / 10^`places`, `places` from 1 to 16, the last digit not 0.
    struct DecimalDigits {
        let whole: UInt64
        let fraction: UInt64
        let places: Int
    }

    /// 10^(1 - places) for `places` from 0 to 16.
    private static let placeLimits: [Double] = (0...16).map { places in
        var limit = 10.0
        for _ in 0..<places { limit /= 10 }
        return limit
    }

    /// `value`'s exact decimal digits when they are its shortest form that reads back (Swift's
    /// `description`, which `plainNumber` writes), else nil.
    ///
    /// A value n / 2^p, n odd, has p decimal places, the last a 5, so the nearest decimals of
    /// fewer places are 5 × 10^-p away on either side; when the gap between neighbouring Doubles
    /// there (its `ulp`) is below 10^(1-p), such a decimal is more than half a gap away and reads
    /// back as another Double, and of the decimals of p places the exact one is the closest. So
    /// the exact decimal is the shortest. (Values from 10^-4, below which Swift writes an
    /// exponent, and below 2^31; tests hold the two writers to the same text.)
    static func exactBinaryFraction(_ value: Double) -> DecimalDigits? {
        let magnitude = value.magnitude
        guard magnitude >= 0.0001, magnitude < 2_147_483_648 else { return nil }
        let significand = magnitude.significandBitPattern | (1 << 52)
        let places = 52 - significand.trailingZeroBitCount - Int(magnitude.exponent)
        guard places > 0, places <= 16, magnitude.ulp < placeLimits[places] else { return nil }
        let whole = magnitude.rounded(.down)
        var fiveToThePlaces: UInt64 = 1
        for _ in 0..<places { fiveToThePlaces *= 5 }
        let parts = UInt64((magnitude - whole) * Double(UInt64(1) << places))
        return DecimalDigits(whole: UInt64(whole), fraction: parts * fiveToThePlaces, places: places)
    }

    /// 10^places for `places` from 0 to 6.
    private static let powersOfTen: [Double] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000]

    /// `value`'s shortest form that reads back when it has at most six decimal places (and is
    /// from 10^-4 to below 10^7), else nil.
    ///
    /// For each count of places from 1, the nearest decimal of that many places, r / 10^places,
    /// read back as a parser reads it (the integer r divided by an exact power of ten, rounded
    /// once): the first that reads back as `value` is the shortest. Below 10^7 × 10^6 < 2^44 the
    /// gap between neighbouring Doubles is under 1/256 of 10^-places, so at most one decimal of
    /// that many places reads back, and `value × 10^places`, off by as little, rounds to it.
    static func fewPlaces(_ value: Double) -> DecimalDigits? {
        let magnitude = value.magnitude
        guard magnitude >= 0.0001, magnitude < 10_000_000 else { return nil }
        for places in 1...6 {
            let scale = powersOfTen[places]
            let scaled = (magnitude * scale).rounded()
            guard scaled / scale == magnitude else { continue }
            let digits = UInt64(scaled)
            let unit = UInt64(scale)
            return DecimalDigits(whole: digits / unit, fraction: digits % unit, places: places)
        }
        return nil
    }

    /// `-` when negative, the whole part, `.` and the fraction's `places` digits.
    private mutating func appendDecimal(_ digits: DecimalDigits, negative: Bool) {
        if negative { bytes.append(UInt8(ascii: "-")) }
        appendInteger(Int(digits.whole))
        bytes.append(UInt8(ascii: "."))
        var divisor: UInt64 = 1
        for _ in 1..<digits.places { divisor *= 10 }
        var rest = digits.fraction
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    public mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
        needsComma = true
    }

    public mutating func null() {
        separate()
        bytes.append(contentsOf: "null".utf8)
        needsComma = true
    }

    /// A parsed value as it was read (numbers as they were written).
    public mutating func value(_ value: JSONValue) {
        switch value {
        case .null: null()
        case let .bool(b): bool(b)
        case let .number(_, literal):
            separate()
            bytes.append(contentsOf: literal.utf8)
            needsComma = true
        case let .string(s): string(s)
        case let .array(values): array { for value in values { $0.value(value) } }
        case let .object(members): object { for (name, value) in members { $0.key(name); $0.value(value) } }
        }
    }

    public mutating func field(_ name: String, _ value: String) { key(name); string(value) }
    public mutating func field(_ name: String, _ value: String?) { key(name); if let value { string(value) } else { null() } }
    public mutating func field(_ name: String, _ value: Double) { key(name); number(value) }
    public mutating func field(_ name: String, _ value: Int) { key(name); integer(value) }
    public mutating func field(_ name: String, _ value: Int?) { key(name); if let value { integer(value) } else { null() } }
    public mutating func field(_ name: String, _ value: Bool) { key(name); bool(value) }
    public mutating func field(_ name: String, _ value: Bool?) { key(name); if let value { bool(value) } else { null() } }
    public mutating func field(_ name: String, _ value: JSONValue) { key(name); self.value(value) }
    /// The layout's `"warnings"` member (see `PreparedText.warnings`), written only when there are any.
    public mutating func warnings(_ warnings: [String]) {
        guard !warnings.isEmpty else { return }
        key("warnings")
        array { out in for warning in warnings { out.string(warning) } }
    }

    /// The `"missingGlyphs"` member (see `PreparedText.missingGlyphCount`), written only when the
    /// count is above 0, so that results without missing glyphs are unchanged.
    public mutating func missingGlyphs(_ count: Int) {
        if count > 0 { field("missingGlyphs", count) }
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    /// Appends `s` to `out` as a JSON string literal, in UTF-8: quotes, backslashes and control
    /// characters escaped, everything else as it is.
    static func appendString(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // The common case, nothing to escape, appended at once: byte by byte, each append checks
        // the array's room and owner (a tenth of a batch job's instructions, its keys and texts).
        let appendedWhole: Bool? = s.utf8.withContiguousStorageIfAvailable { utf8 in
            guard !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return false }
            out.append(contentsOf: utf8)
            return true
        }
        if appendedWhole == true {
            out.append(UInt8(ascii: "\""))
            return
        }
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case ..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                        hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
