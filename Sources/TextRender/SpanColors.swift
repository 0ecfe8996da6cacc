// What colour each glyph run is drawn in (its styled span's `color` and `role` attributes), and the selection's highlight behind the text.
import TextLayout

extension RGBAColor {
    /// Parses a CSS hex colour, as a styled span's `color` attribute gives it: `#rrggbb`,
    /// `#rrggbbaa`, `#rgb` or `#rgba` (the `#` is required; no names).
    /// - Returns: nil for anything else.
    public init?(cssHex text: String) {
        guard text.first == "#" else { return nil }
        let digits = text.dropFirst().map { $0.hexDigitValue }
        guard [3, 4, 6, 8].contains(digits.count), digits.allSatisfy({ $0 != nil }) else { return nil }
        let values: [Int] = digits.map { $0! }
        var channels: [UInt8] = []
        if values.count <= 4 {
            channels = values.map { UInt8($0 * 17) }  // #rgb: each digit doubled
        } else {
            for i in stride(from: 0, to: values.count, by: 2) { channels.append(UInt8(values[i] * 16 + values[i + 1])) }
        }
        self.init(red: channels[0], green: channels[1], blue: channels[2], alpha: channels.count == 4 ? channels[3] : 255)
    }
}

/// The selection's highlight: rectangles filled behind the text, in the box's coordinates as
/// drawn (insets included, the scroll applied), in layout pixels.
public struct SelectionHighlight: Sendable, Hashable {
    public var rects: [LayoutRect]
    public var color: RGBAColor

    public init(rects: [LayoutRect], color: RGBAColor = RenderScene.selectionColor) {
        self.rects = rects
        self.color = color
    }
}

extension RenderScene {
    /// The colour of a mask's slot characters (a span of role `placeholder`, the JSON name of
    /// `MaskSpanKind.slotCharacter`) without a `color` of their own.
    public static let slotCharacterSpanColor = RGBAColor(red: 160, green: 160, blue: 160)
    /// The former name of ``slotCharacterSpanColor``.
    @available(*, deprecated, renamed: "slotCharacterSpanColor")
    public static var placeholderSpanColor: RGBAColor { slotCharacterSpanColor }

    /// The selection's highlight in a focused editor (a light blue, as browsers draw it), and in
    /// one without focus (a light gray, as text views draw an inactive selection).
    public static let selectionColor = RGBAColor(red: 180, green: 213, blue: 254)
    public static let inactiveSelectionColor = RGBAColor(red: 220, green: 220, blue: 220)

    /// The colour a run's glyphs are drawn in: the scene's ``textColor`` when it has one (a
    /// placeholder, a disabled editor), else the run's `color` attribute (a CSS hex colour), else
    /// ``slotCharacterSpanColor`` for a run of role `placeholder` (a slot character), else
    /// `foreground`. A `color` that is not a CSS hex colour is ignored.
    public func color(of run: GlyphRun, foreground: RGBAColor) -> RGBAColor {
        if let textColor { return textColor }
        if let hex = run.attributes["color"], let color = RGBAColor(cssHex: hex) { return color }
        if run.attributes["role"] == "placeholder" { return Self.slotCharacterSpanColor }
        return foreground
    }
}

extension Canvas {
    /// Fills the selection's rectangles, each edge rounded to the nearest device pixel (so two
    /// rectangles that touch neither overlap nor leave a gap).
    mutating func draw(_ selection: SelectionHighlight, scale: Double) {
        for rect in selection.rects {
            fill(x0: Int((rect.x * scale).rounded()), y0: Int((rect.y * scale).rounded()),
                 x1: Int(((rect.x + rect.width) * scale).rounded()), y1: Int(((rect.y + rect.height) * scale).rounded()), selection.color)
        }
    }
}
