// Colours for pictures: straight (not premultiplied) 8-bit RGBA, parsed from #hex or a few names.

/// A colour with straight alpha, 8 bits a channel.
public struct RGBAColor: Sendable, Hashable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public static let black = RGBAColor(red: 0, green: 0, blue: 0)
    public static let white = RGBAColor(red: 255, green: 255, blue: 255)
    public static let transparent = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)

    static let names: [String: RGBAColor] = [
        "black": .black, "white": .white, "transparent": .transparent, "none": .transparent,
        "red": RGBAColor(red: 255, green: 0, blue: 0), "green": RGBAColor(red: 0, green: 128, blue: 0),
        "blue": RGBAColor(red: 0, green: 0, blue: 255), "gray": RGBAColor(red: 128, green: 128, blue: 128),
    ]

    /// Parses `#RGB`, `#RRGGBB`, `#RRGGBBAA` (the `#` is optional) or one of the names
    /// black, white, red, green, blue, gray, transparent (also `none`).
    /// - Throws: ``RenderError`` `.invalidArgument` naming the accepted forms.
    public init(parsing text: String) throws {
        let lower = text.lowercased()
        if let named = Self.names[lower] {
            self = named
            return
        }
        var hex = Substring(lower)
        if hex.hasPrefix("#") { hex = hex.dropFirst() }
        let digits = hex.compactMap { $0.hexDigitValue }
        guard digits.count == hex.count else { throw Self.badColor(text) }
        switch digits.count {
        case 3:
            self.init(red: UInt8(digits[0] * 17), green: UInt8(digits[1] * 17), blue: UInt8(digits[2] * 17))
        case 6, 8:
            let bytes = stride(from: 0, to: digits.count, by: 2).map { UInt8(digits[$0] * 16 + digits[$0 + 1]) }
            self.init(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes.count == 4 ? bytes[3] : 255)
        default:
            throw Self.badColor(text)
        }
    }

    private static func badColor(_ text: String) -> RenderError {
        RenderError(.invalidArgument, "'\(text)' is not a colour; give #RGB, #RRGGBB, #RRGGBBAA or one of \(names.keys.sorted().joined(separator: ", "))")
    }

    /// `#rrggbb`, or `#rrggbbaa` when not opaque.
    public var description: String {
        let channels = alpha == 255 ? [red, green, blue] : [red, green, blue, alpha]
        return "#" + channels.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// The same colour with its alpha multiplied by `opacity` (0...1).
    func withOpacity(_ opacity: Double) -> RGBAColor {
        var color = self
        color.alpha = UInt8((Double(alpha) * min(max(opacity, 0), 1)).rounded())
        return color
    }
}
