// The instance of a face a renderer names as CSS does (weight, stretch, style, variation axes, synthesis), read from CSS's text forms, and how it maps onto a face's axes.
import Foundation

/// One variation axis value: a tag of four printable ASCII characters (`wght`, `opsz`) and its
/// value in the axis's own units (as CSS `font-variation-settings` gives it).
public struct FontVariation: Sendable, Hashable {
    public var tag: String
    public var value: Double

    /// - Throws: ``LayoutError`` `.invalidArgument` naming `key` when `tag` is not four printable
    ///   ASCII characters or `value` is not finite.
    public init(_ tag: String, _ value: Double, key: String = "variations") throws(LayoutError) {
        guard FontVariation.isTag(tag) else {
            throw LayoutError(.invalidArgument, "\(key): an axis tag is four printable ASCII characters, such as 'wght' or 'opsz', got '\(tag)'", keys: [key])
        }
        guard value.isFinite else {
            throw LayoutError(.invalidArgument, "\(key): the axis '\(tag)' needs a finite number, got \(plainNumber(value))", keys: [key])
        }
        self.tag = tag
        self.value = value
    }

    /// Whether `tag` is four characters from U+0020 to U+007E, as OpenType tags are.
    static func isTag(_ tag: String) -> Bool {
        tag.unicodeScalars.count == 4 && tag.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value <= 0x7E }
    }

    /// Reads CSS `font-variation-settings`: `normal` (none) or a comma-separated list of a quoted
    /// tag and a number, as in `"'wght' 650, 'opsz' 12"` (either quote).
    /// - Throws: ``LayoutError`` `.invalidArgument` naming `key` and the part that is wrong.
    public static func parseList(_ text: String, key: String = "variations") throws(LayoutError) -> [FontVariation] {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty || trimmed == "normal" { return [] }
        var variations: [FontVariation] = []
        for part in trimmed.split(separator: ",", omittingEmptySubsequences: false) {
            let item = part.trimmingCharacters(in: .whitespaces)
            let form = "each item is a quoted axis tag and a number, as in \"'wght' 650, 'opsz' 12\""
            guard let quote = item.first, quote == "'" || quote == "\"",
                  let close = item.dropFirst().firstIndex(of: quote) else {
                throw LayoutError(.invalidArgument, "\(key): '\(item)' is not an axis setting: \(form)", keys: [key])
            }
            let tag = String(item[item.index(after: item.startIndex)..<close])
            let number = item[item.index(after: close)...].trimmingCharacters(in: .whitespaces)
            guard let value = Double(number), !number.isEmpty else {
                throw LayoutError(.invalidArgument, "\(key): the axis '\(tag)' needs a number after it, got '\(number)' (\(form))", keys: [key])
            }
            variations.append(try FontVariation(tag, value, key: key))
        }
        return variations
    }

    /// The list in CSS `font-variation-settings` form (`'wght' 650, 'opsz' 12`).
    public static func cssText(_ variations: [FontVariation]) -> String {
        variations.map { "'\($0.tag)' \(plainNumber($0.value))" }.joined(separator: ", ")
    }
}

/// The slant asked for, as CSS `font-style` names it.
public enum FontSlant: Sendable, Hashable {
    case normal
    case italic
    /// Slanted by `angle` degrees (positive leans right; CSS's default is 14).
    case oblique(angle: Double)

    /// Reads `normal`, `italic`, `oblique` or `oblique ANGLE` (degrees from -90 to 90, with or without `deg`).
    /// - Throws: ``LayoutError`` `.invalidArgument` naming `key` and what is wrong.
    public init(parsing text: String, key: String = "fontStyle") throws(LayoutError) {
        let words = text.split(separator: " ").map(String.init)
        let allowed = "normal, italic, oblique or oblique ANGLE (degrees from -90 to 90, such as 'oblique 10deg')"
        switch words.first {
        case "normal" where words.count == 1: self = .normal
        case "italic" where words.count == 1: self = .italic
        case "oblique" where words.count == 1: self = .oblique(angle: 14)
        case "oblique" where words.count == 2:
            let number = words[1].hasSuffix("deg") ? String(words[1].dropLast(3)) : words[1]
            guard let angle = Double(number), angle.isFinite, (-90...90).contains(angle) else {
                throw LayoutError(.invalidArgument, "\(key) must be \(allowed), got the angle '\(words[1])'", keys: [key])
            }
            self = .oblique(angle: angle)
        default:
            throw LayoutError(.invalidArgument, "\(key) must be \(allowed), got '\(text)'", keys: [key])
        }
    }

    /// The CSS text of the slant (`oblique 10`).
    public var cssText: String {
        switch self {
        case .normal: "normal"
        case .italic: "italic"
        case let .oblique(angle): "oblique \(plainNumber(angle))"
        }
    }

    var isSlanted: Bool { self != .normal }
}

/// What may be synthesized when the face lacks it (CSS `font-synthesis`: both by default).
public struct FontSynthesis: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Bold, by emboldening the outlines.
    public static let weight = FontSynthesis(rawValue: 1)
    /// Italic or oblique, by slanting the outlines.
    public static let style = FontSynthesis(rawValue: 2)

    /// Reads CSS `font-synthesis`: `none`, or `weight`, `style` or both separated by spaces (the
    /// other CSS keywords, `small-caps` and `position`, are accepted and change nothing).
    /// - Throws: ``LayoutError`` `.invalidArgument` naming `key` and the unknown word.
    public init(parsing text: String, key: String = "synthesis") throws(LayoutError) {
        let words = text.split(separator: " ").map(String.init)
        var synthesis: FontSynthesis = []
        if words != ["none"] {
            for word in words {
                switch word {
                case "weight": synthesis.insert(.weight)
                case "style": synthesis.insert(.style)
                case "small-caps", "position": break
                default:
                    throw LayoutError(.invalidArgument, "\(key) must be none, or any of weight, style, small-caps and position separated by spaces, got '\(word)'", keys: [key])
                }
            }
            if words.isEmpty {
                throw LayoutError(.invalidArgument, "\(key) must be none, or any of weight, style, small-caps and position separated by spaces, got nothing", keys: [key])
            }
        }
        self = synthesis
    }

    /// The CSS text (`weight style`, `none`).
    public var cssText: String {
        let words = [(FontSynthesis.weight, "weight"), (.style, "style")].filter { contains($0.0) }.map(\.1)
        return words.isEmpty ? "none" : words.joined(separator: " ")
    }
}

/// What a font's glyphs are drawn with that the face does not have: emboldened outlines, a slant.
/// Advances stay the face's (as Chromium on Linux draws synthetic styles, through Skia and
/// FreeType); ink boxes and the renderers apply both.
public struct SyntheticStyle: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// The outlines grown by 1/24 of the size (FreeType's `FT_Outline_Embolden`, as Skia calls it).
    public static let bold = SyntheticStyle(rawValue: 1)
    /// The outlines slanted right by a quarter of their height (Skia's skew of −1/4).
    public static let oblique = SyntheticStyle(rawValue: 2)

    /// The names the glyph JSON writes (`bold`, `oblique`), in that order.
    public var names: [String] { [(SyntheticStyle.bold, "bold"), (.oblique, "oblique")].filter { contains($0.0) }.map(\.1) }

    /// How far the outlines lean: x grows by this times y (y up).
    public static let obliqueSkew = 0.25
    /// The embolden strength over the size (the outline grows this × size wider and taller).
    public static let boldStrength = 1.0 / 24
}

/// One variation axis of a face (from its `fvar` table).
public struct FontAxis: Sendable, Hashable {
    public var tag: String
    public var minimum: Double
    public var defaultValue: Double
    public var maximum: Double
}

/// A face's instance as CSS names it: weight, stretch, slant and explicit axis values, and which
/// styles may be synthesized. The axes map as CSS maps them: weight → `wght`, stretch → `wdth`,
/// italic → `ital` 1 (`slnt` −14 on a face without `ital`), oblique ANGLE → `slnt` −ANGLE, the size → `opsz` (CSS
/// `font-optical-sizing: auto`); explicit `variations` win over all of these.
public struct FontSelection: Sendable, Hashable {
    /// A CSS weight from 1 to 1000; nil for the face's own.
    public var weight: Double?
    /// A CSS stretch in percent, 50 to 200; nil for the face's own.
    public var stretch: Double?
    public var slant: FontSlant = .normal
    /// Axis values set explicitly (CSS `font-variation-settings`), in order; a later one of the same tag wins.
    public var variations: [FontVariation] = []
    public var synthesis: FontSynthesis = [.weight, .style]

    public init(weight: Double? = nil, stretch: Double? = nil, slant: FontSlant = .normal, variations: [FontVariation] = [],
                synthesis: FontSynthesis = [.weight, .style]) {
        self.weight = weight
        self.stretch = stretch
        self.slant = slant
        self.variations = variations
        self.synthesis = synthesis
    }

    /// The selection at `size` as text: the part of a cache key that tells two instances apart
    /// (the font context's loaded instances, the batch's looked-up names). Two selections have the
    /// same text only when every value is the same Double (0 and -0 apart) and every absent value
    /// is absent in both: an absent weight is not a weight of 0, which is refused, so a refused
    /// value can never find what an accepted one left in a cache.
    package func keyText(size: Double?) -> String {
        let slantText = switch slant {
        case .normal: "normal"
        case .italic: "italic"
        case let .oblique(angle): "oblique \(Self.keyText(angle))"
        }
        // A tag is four printable characters, so "tag=value" splits one way; U+0001 separates the axes.
        let variationsText = variations.map { "\($0.tag)=\(Self.keyText($0.value))" }.joined(separator: "\u{1}")
        return [Self.keyText(weight), Self.keyText(stretch), slantText, variationsText, "\(synthesis.rawValue)", Self.keyText(size)]
            .joined(separator: "\u{0}")
    }

    /// A value in a key: every Double its own text, its bits in hexadecimal (0 is not -0; cheaper
    /// than the shortest decimal that reads back, which a batch job paid for each of its values),
    /// and `none`, which no bits are written as, for an absent one.
    private static func keyText(_ value: Double?) -> String {
        value.map { String($0.bitPattern, radix: 16) } ?? "none"
    }

    /// Whether the selection asks for nothing beyond the face as named.
    public var isPlain: Bool { weight == nil && stretch == nil && slant == .normal && variations.isEmpty }

    /// CSS `font-stretch` keywords and their percentages.
    static let stretchKeywords: [String: Double] = [
        "ultra-condensed": 50, "extra-condensed": 62.5, "condensed": 75, "semi-condensed": 87.5, "normal": 100,
        "semi-expanded": 112.5, "expanded": 125, "extra-expanded": 150, "ultra-expanded": 200,
    ]

    /// Reads CSS `font-stretch`: a percentage (`75%`, or the number alone) or a keyword (`condensed`).
    /// - Throws: ``LayoutError`` `.invalidArgument` naming `key` for anything else or a percentage outside 50 to 200.
    public static func parseStretch(_ text: String, key: String = "stretch") throws(LayoutError) -> Double {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let keyword = stretchKeywords[trimmed] { return keyword }
        guard let percent = Double(trimmed.hasSuffix("%") ? String(trimmed.dropLast()) : trimmed) else {
            throw LayoutError(.invalidArgument, "\(key) must be a percentage from 50% to 200% or a CSS keyword such as condensed or expanded, got '\(text)'", keys: [key])
        }
        try checkStretch(percent, key: key)
        return percent
    }

    /// `percent` when it is a stretch CSS allows here (50 to 200).
    public static func checkedStretch(_ percent: Double, key: String = "stretch") throws(LayoutError) -> Double {
        try checkStretch(percent, key: key)
        return percent
    }

    static func checkStretch(_ percent: Double, key: String) throws(LayoutError) {
        guard percent.isFinite, (50...200).contains(percent) else {
            throw LayoutError(.invalidArgument, "\(key) must be a percentage from 50% to 200% (100% normal), got \(plainNumber(percent))", keys: [key])
        }
    }

    /// `weight` when it is a weight CSS allows (1 to 1000).
    /// - Throws: ``LayoutError`` `.invalidArgument` naming `key` for any other number.
    public static func checkedWeight(_ weight: Double, key: String = "weight") throws(LayoutError) -> Double {
        guard weight.isFinite, weight >= 1, weight <= 1000 else {
            throw LayoutError(.invalidArgument, "\(key) must be a CSS weight from 1 to 1000 (100 thin, 400 regular, 700 bold, 900 black), got \(plainNumber(weight))", keys: [key])
        }
        return weight
    }

    /// Checks the ranges CSS allows: weight 1 to 1000, stretch 50% to 200%.
    /// - Throws: ``LayoutError`` `.invalidArgument` naming the key.
    public func validate() throws(LayoutError) {
        if let weight { _ = try Self.checkedWeight(weight) }
        if let stretch { try Self.checkStretch(stretch, key: "stretch") }
    }

    /// The value each of `axes` takes, starting from `base` (the face's coordinates), at `size`
    /// pixels; and a warning for each value asked for that the axis clamps or that no axis takes.
    func coordinates(on axes: [FontAxis], base: [Double], size: Double?) -> (values: [Double], warnings: [String]) {
        var values = base
        var warnings: [String] = []
        var explicit = Set<String>()
        func set(_ tag: String, _ value: Double, from what: String, warn: Bool) {
            guard let index = axes.firstIndex(where: { $0.tag == tag }) else { return }
            let axis = axes[index]
            let clamped = min(max(value, axis.minimum), axis.maximum)
            if clamped != value, warn {
                warnings.append("\(what) \(plainNumber(value)) is outside the axis '\(tag)' of the font (\(plainNumber(axis.minimum)) to \(plainNumber(axis.maximum))): clamped to \(plainNumber(clamped)), as CSS does")
            }
            values[index] = clamped
        }
        if let size { set("opsz", size, from: "the size", warn: false) }
        if let weight { set("wght", weight, from: "weight", warn: true) }
        if let stretch { set("wdth", stretch, from: "stretch", warn: true) }
        switch slant {
        case .normal: break
        // Italic takes `ital` when the face has it, else slants by CSS's default oblique angle
        // on `slnt` (as Chromium does).
        case .italic where axes.contains { $0.tag == "ital" }: set("ital", 1, from: "italic", warn: false)
        case .italic: set("slnt", -14, from: "italic's slnt", warn: false)
        case let .oblique(angle): set("slnt", -angle, from: "the oblique angle's slnt", warn: true)
        }
        for variation in variations {
            explicit.insert(variation.tag)
            if !axes.contains(where: { $0.tag == variation.tag }) {
                warnings.append("variations: the font has no axis '\(variation.tag)' (\(axes.isEmpty ? "it has no axes" : "it has " + axes.map { "'\($0.tag)'" }.joined(separator: ", "))): ignored, as CSS does")
                continue
            }
            set(variation.tag, variation.value, from: "variations: '\(variation.tag)'", warn: true)
        }
        return (values, warnings)
    }

    /// The warnings laying out in `font` at `size` gives for this selection: each value its axis
    /// clamped, each variation no axis took (the same as ``FontContext/font(named:selection:size:)`` gives).
    public func warnings(for font: Font, size: Double?) -> [String] {
        coordinates(on: font.axes, base: font.variations.map(\.value), size: size).warnings
    }

    /// What a face must synthesize for this selection: bold when the weight asked is 600 or more
    /// and the face (at its `wght` when it has the axis) is 500 or lighter; oblique when a slant is
    /// asked and the face is upright with neither an `ital` nor a `slnt` axis. Only what
    /// ``synthesis`` allows.
    func syntheticStyle(faceWeight: Double, faceIsSlanted: Bool, axes: [FontAxis]) -> SyntheticStyle {
        var style: SyntheticStyle = []
        if synthesis.contains(.weight), let weight, weight >= 600, faceWeight <= 500 { style.insert(.bold) }
        if synthesis.contains(.style), slant.isSlanted, !faceIsSlanted,
           !axes.contains(where: { $0.tag == "ital" || $0.tag == "slnt" }) {
            style.insert(.oblique)
        }
        return style
    }
}

extension FontVariation {
    /// A value of an axis the face itself names (its tag is read from the font, so always four bytes).
    init(checkedTag tag: String, value: Double) {
        self.tag = tag
        self.value = value
    }
}
