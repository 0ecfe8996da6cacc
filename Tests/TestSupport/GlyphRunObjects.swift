// The placed inline object of a glyph run, for tests that look for one: nil for a run of text.
import TextLayout

extension GlyphRun {
    /// The object the run places when its content is an inline object, else nil.
    public var placedObject: PlacedInlineObject? {
        switch content {
        case .text: nil
        case .inlineObject(let placed, _): placed
        }
    }
}
