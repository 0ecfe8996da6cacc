// The command line's font-instance options (--stretch, --font-style, --variations, --synthesis): their values read from CSS text by the engine's parsers.
import TextLayout
import TextLayoutIO

extension LayoutOptions {
    /// The options of the font's instance, after `--weight` in the usage.
    static let fontInstance: [LayoutOption] = [
        LayoutOption("stretch", "PERCENT", sets: \.stretchOption, key: "stretch",
                     help: "a CSS font-stretch: a percentage from 50% to 200% (the wdth axis, or the face of that width) or a keyword such as condensed",
                     absent: "the font's own"),
        LayoutOption("font-style", "STYLE", sets: \.slant, key: "fontStyle",
                     help: "a CSS font-style: normal, italic (the ital axis, or an italic face) or oblique [ANGLE] (the slnt axis); synthesized when the face has none"),
        LayoutOption("variations", "SETTINGS", sets: \.variationsOption, key: "variations",
                     help: "CSS font-variation-settings such as \"'wght' 650, 'opsz' 12\": any axis of the font, clamped to its range; opsz follows the size unless set",
                     absent: "none"),
        LayoutOption("synthesis", "WHAT", sets: \.synthesis, key: "synthesis",
                     help: "CSS font-synthesis: what may be drawn when the face lacks it (weight: emboldened, style: slanted), or none"),
    ]
}

/// A CSS value read by one of the engine's parsers, whose error the command line words with its option.
private func parsed<Value>(_ option: CommandOption, _ arguments: ParsedArguments,
                           _ parse: (String) throws(LayoutError) -> Value) throws -> Value? {
    guard let text = arguments.string(option) else { return nil }
    do { return try parse(text) } catch { throw UsageError(LayoutOptions.commandLineMessage(error)) }
}

extension FontSlant: OptionValue {
    static func kind(valueName: String) -> OptionKind { .string(valueName: valueName) }
    static func read(_ option: CommandOption, from arguments: ParsedArguments) throws -> FontSlant? {
        try parsed(option, arguments) { text throws(LayoutError) in try FontSlant(parsing: text) }
    }
    var usageText: String? { cssText }
}

extension FontSynthesis: OptionValue {
    static func kind(valueName: String) -> OptionKind { .string(valueName: valueName) }
    static func read(_ option: CommandOption, from arguments: ParsedArguments) throws -> FontSynthesis? {
        try parsed(option, arguments) { text throws(LayoutError) in try FontSynthesis(parsing: text) }
    }
    var usageText: String? { cssText }
}

/// `--stretch`: a CSS font-stretch percentage or keyword.
struct StretchOption: OptionValue {
    var percent: Double
    static func kind(valueName: String) -> OptionKind { .string(valueName: valueName) }
    static func read(_ option: CommandOption, from arguments: ParsedArguments) throws -> StretchOption? {
        try parsed(option, arguments) { text throws(LayoutError) in StretchOption(percent: try FontSelection.parseStretch(text)) }
    }
    var usageText: String? { plainNumber(percent) + "%" }
}

/// `--variations`: CSS font-variation-settings text.
struct VariationsOption: OptionValue {
    var variations: [FontVariation]
    static func kind(valueName: String) -> OptionKind { .string(valueName: valueName) }
    static func read(_ option: CommandOption, from arguments: ParsedArguments) throws -> VariationsOption? {
        try parsed(option, arguments) { text throws(LayoutError) in VariationsOption(variations: try FontVariation.parseList(text)) }
    }
    var usageText: String? { variations.isEmpty ? nil : FontVariation.cssText(variations) }
}

extension LayoutRequest {
    /// The request's stretch as `--stretch` sets it.
    var stretchOption: StretchOption? {
        get { stretch.map { StretchOption(percent: $0) } }
        set { stretch = newValue?.percent }
    }

    /// The request's variations as `--variations` sets them.
    var variationsOption: VariationsOption {
        get { VariationsOption(variations: variations) }
        set { variations = newValue.variations }
    }
}
