// Fonts at an instance: the face a name and selection match, set to the axis values the selection maps to, with what must be synthesized; each instance loaded once.
import Foundation

extension FontContext {
    /// The font `name` names (as ``font(named:weight:)`` reads names) at the instance `selection`
    /// asks for at `size` pixels: the face fontconfig matches for the weight, slant and stretch
    /// (a file is taken as it is), its axes set as CSS maps them (see ``FontSelection``), bold
    /// or a slant synthesized where the face cannot reach them. A fontconfig pattern's weight,
    /// slant and width (`Noto Sans Hebrew:italic`, `Inter:bold`) are a selection's weight, slant
    /// and stretch, which the selection's own values replace (see
    /// ``FontSelection/filled(fromPattern:)``). Each instance is its own ``Font``,
    /// loaded once, so that every cache built on fonts keys on the instance.
    /// - Returns: the font, and a warning for each value an axis clamped or no axis took.
    /// - Throws: ``LayoutError`` `.invalidArgument` naming the key of a value out of range;
    ///   what ``font(named:weight:)`` throws.
    public func font(named name: String, selection requested: FontSelection, size: Double? = nil) throws -> (font: Font, warnings: [String]) {
        try requested.validate()
        let isFile = Self.fileAndFace(name) != nil
        let selection = isFile ? requested : requested.filled(fromPattern: name)
        let base: Font
        if isFile || (name.isEmpty && selection.isPlain) {
            base = try font(named: name)
        } else {
            // No name: the default font's family, as font(named:weight:) takes it.
            base = try font(family: name.isEmpty ? try defaultFont().familyName : name, weight: selection.weight,
                            slant: selection.slant, stretch: selection.stretch)
        }
        return try instance(of: base, selection: selection, size: size)
    }

    /// `base` at the instance `selection` asks for at `size` (see ``font(named:selection:size:)``).
    /// A selection that asks for nothing (``FontSelection/isPlain``) gives `base` itself.
    /// - Throws: ``LayoutError`` `.invalidArgument` naming the key of a value out of range, as
    ///   ``font(named:selection:size:)`` does.
    public func instance(of base: Font, selection: FontSelection, size: Double? = nil) throws -> (font: Font, warnings: [String]) {
        try selection.validate()
        let (values, warnings) = selection.coordinates(on: base.axes, base: base.variations.map(\.value), size: size)
        let weight = base.axes.firstIndex { $0.tag == "wght" }.map { values[$0] } ?? base.faceWeight
        let synthetic = selection.syntheticStyle(faceWeight: weight, faceIsSlanted: base.isSlantedFace, axes: base.axes)
        if selection.isPlain, values == base.variations.map(\.value), synthetic == base.synthetic { return (base, warnings) }
        // The selection is part of the key: fonts equal here may still take different fallback instances.
        let key = ExactString("\(base.faceIndex)\u{0}\(base.path)\u{0}" + values.map { "\($0)" }.joined(separator: ",") + "\u{0}\(synthetic.rawValue)\u{0}"
                              + selection.keyText(size: size))
        let font = try state.withLock { state throws -> Font in
            if let font = state.fonts[key] { return font }
            let font = try Font(path: base.path, faceIndex: base.faceIndex, library: base.library, fileStamp: base.fileStamp,
                                coordinates: values, synthetic: synthetic, selection: (selection, size))
            font.context = self
            state.fonts[key] = font
            return font
        }
        return (font, warnings)
    }

    /// The fallback `chosen` for `scalars` made for the instance `primary` was made for: the face of
    /// its family fontconfig matches for that weight, slant and stretch when it has the characters
    /// (DejaVu Sans Bold for a bold primary), at that instance; `chosen` itself for a primary
    /// made for no instance.
    func fallback(_ chosen: Font, for scalars: [UInt32], madeFor primary: Font) -> Font {
        guard let (selection, size) = primary.selection, !selection.isPlain else { return chosen }
        var face = chosen
        if selection.weight != nil || selection.slant != .normal || selection.stretch != nil,
           let styled = try? font(family: chosen.familyName, weight: selection.weight, slant: selection.slant, stretch: selection.stretch),
           styled.familyName == chosen.familyName, scalars.allSatisfy(styled.hasGlyph) {
            face = styled
        }
        return (try? instance(of: face, selection: selection, size: size).font) ?? chosen
    }
}

extension FontSelection {
    /// The selection with the weight, slant and width the fontconfig pattern `name` names
    /// (`DejaVu Sans:bold`, `Noto Sans Hebrew:italic`, `Inter:weight=200:width=75`) where it asks
    /// for none itself: a pattern's style means what the keys `weight`, `fontStyle` and `stretch`
    /// mean (the face matched, its axes, synthesis), and a key given with a value of its own wins,
    /// as a span's key wins over the text's. A weight on fontconfig's scale is converted to CSS's
    /// (FcWeightToOpenTypeDouble: `bold`, 200, is 700); `oblique` is CSS's default oblique.
    func filled(fromPattern name: String) -> FontSelection {
        let style = FontContext.patternStyle(name)
        var filled = self
        if filled.weight == nil { filled.weight = style.weight }
        if filled.slant == .normal, let slant = style.slant { filled.slant = slant }
        if filled.stretch == nil { filled.stretch = style.stretch }
        return filled
    }
}
