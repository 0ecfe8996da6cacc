// Fonts at an instance: the face a name and selection match, set to the axis values the selection maps to, with what must be synthesized; each instance loaded once.
import Foundation

extension FontContext {
    /// The font `name` names (as ``font(named:weight:)`` reads names) at the instance `selection`
    /// asks for at `size` pixels: the face fontconfig matches for the weight, slant and stretch
    /// (a file is taken as it is), its axes set as CSS maps them (see ``FontSelection``), bold
    /// or a slant synthesized where the face cannot reach them. Each instance is its own ``Font``,
    /// loaded once, so that every cache built on fonts keys on the instance.
    /// - Returns: the font, and a warning for each value an axis clamped or no axis took.
    /// - Throws: ``LayoutError`` `.invalidArgument` naming the key of a value out of range;
    ///   what ``font(named:weight:)`` throws.
    public func font(named name: String, selection: FontSelection, size: Double? = nil) throws -> (font: Font, warnings: [String]) {
        try selection.validate()
        let base: Font
        if name.isEmpty || Self.fileAndFace(name) != nil {
            base = try font(named: name, weight: name.isEmpty ? selection.weight : nil)
        } else {
            base = try font(family: name, weight: selection.weight, slant: selection.slant, stretch: selection.stretch)
        }
        return try instance(of: base, selection: selection, size: size)
    }

    /// `base` at the instance `selection` asks for at `size` (see ``font(named:selection:size:)``).
    public func instance(of base: Font, selection: FontSelection, size: Double? = nil) throws -> (font: Font, warnings: [String]) {
        let (values, warnings) = selection.coordinates(on: base.axes, base: base.variations.map(\.value), size: size)
        let weight = base.axes.firstIndex { $0.tag == "wght" }.map { values[$0] } ?? base.faceWeight
        let synthetic = selection.syntheticStyle(faceWeight: weight, faceIsSlanted: base.isSlantedFace, axes: base.axes)
        if values == base.variations.map(\.value), synthetic == base.synthetic { return (base, warnings) }
        let key = ExactString("\(base.faceIndex)\u{0}\(base.path)\u{0}" + values.map { "\($0)" }.joined(separator: ",") + "\u{0}\(synthetic.rawValue)")
        let font = try state.withLock { state throws -> Font in
            if let font = state.fonts[key] { return font }
            let font = try Font(path: base.path, faceIndex: base.faceIndex, library: base.library, fileStamp: base.fileStamp,
                                coordinates: values, synthetic: synthetic)
            font.context = self
            state.fonts[key] = font
            return font
        }
        return (font, warnings)
    }
}
