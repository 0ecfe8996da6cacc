// One layout request, read from JSON or set field by field, and the one path that lays it out: the batch, the CLI, the session and the tests all take it.
import TextLayout

/// What to lay out and how: a text, its font and style, a width and the editor's sizing.
///
/// A batch job is one (its JSON keys are the fields' names); `textlayout measure` and `render`
/// make one from their options; an editing session's config reads its layout keys with
/// ``readLayoutKeys(_:)``. ``measure(font:glyphRuns:)`` is the one way they are laid out.
public struct LayoutRequest: Sendable {
    /// The batch job's `id`, echoed in its result; null when absent.
    public var id: JSONValue = .null
    public var text: String
    /// A fontconfig pattern or a file path (`FILE.ttc#N` for a face of a collection); nil for the
    /// bundled default font.
    public var font: String?
    /// A CSS weight (1 to 1000: 400 regular, 700 bold) picking a face of the font's family; nil for the font as named.
    public var weight: Double?
    /// The em size in pixels.
    public var size: Double = 17
    /// The editor's width in pixels; nil for no limit.
    public var width: Double?
    /// The paragraphs' base direction.
    public var direction: TextDirection = .auto
    /// The text's language, a BCP 47 tag, or nil.
    public var language: String?
    /// How strictly lines may break.
    public var lineBreak: LineBreakStrictness = .normal
    /// Whether the result reports the shrink-wrap width and the stable width range.
    public var shrinkWrap = false
    /// Line caps, line space, insets and pixel bounds.
    public var sizing = EditorSizing()

    public init(text: String) {
        self.text = text
    }

    /// The keys that set the font, the style and the sizing: a job's and a session config's.
    public static let layoutKeys = ["font", "weight", "size", "width", "lineSpace", "minLines", "maxLines",
                                    "insets", "minHeight", "maxHeight", "direction", "language", "lineBreak"]
    /// The keys a batch job may have.
    public static let keys = ["id", "text"] + layoutKeys + ["shrinkWrap"]
    static let insetKeys = ["top", "left", "bottom", "right"]

    /// Reads a batch job.
    /// - Throws: ``BoundaryError`` `invalidJob` naming the key that is missing, unknown or of the wrong type.
    public init(job value: JSONValue) throws(BoundaryError) {
        let job = try JSONObjectReader(value, keys: Self.keys, code: .invalidJob, name: "a job", expected: "a JSON object", owner: "a job")
        guard let text = try job.string("text") else {
            throw BoundaryError(.invalidJob, "the job has no 'text' (a string; it is the only required key)")
        }
        self.init(text: text)
        id = value["id"] ?? .null
        try readLayoutKeys(job)
        shrinkWrap = try job.bool("shrinkWrap") ?? false
    }

    /// Sets the fields of ``layoutKeys`` that `object` has (the others keep their values).
    /// - Throws: ``BoundaryError`` with the object's code, naming a key of the wrong type.
    public mutating func readLayoutKeys(_ object: JSONObjectReader) throws(BoundaryError) {
        font = try object.string("font") ?? font
        weight = try object.number("weight") ?? weight
        size = try object.number("size") ?? size
        width = try object.number("width") ?? width
        direction = try object.choice("direction") ?? direction
        language = try object.string("language") ?? language
        lineBreak = try object.choice("lineBreak") ?? lineBreak
        sizing.lineSpace = try object.number("lineSpace") ?? sizing.lineSpace
        sizing.minLines = try object.integer("minLines") ?? sizing.minLines
        sizing.maxLines = try object.integer("maxLines") ?? sizing.maxLines
        sizing.minHeight = try object.number("minHeight") ?? sizing.minHeight
        sizing.maxHeight = try object.number("maxHeight") ?? sizing.maxHeight
        if let insets = try object.object("insets", keys: Self.insetKeys, expected: "an object with top, left, bottom and right",
                                          owner: "insets") {
            sizing.insets = EdgeInsets(top: try insets.number("top") ?? 0, left: try insets.number("left") ?? 0,
                                       bottom: try insets.number("bottom") ?? 0, right: try insets.number("right") ?? 0)
        }
    }

    /// The request's font in `context`: its `font` (the default font when absent) at its `weight`.
    /// - Throws: ``LayoutError`` as ``FontContext/font(named:weight:)`` does.
    public func font(in context: FontContext) throws -> Font {
        try context.font(named: font ?? "", weight: weight)
    }

    /// The text's style in `font`.
    /// - Throws: ``LayoutError`` `invalidArgument` for a size out of range.
    public func style(font: Font) throws -> TextStyle {
        try TextStyle(font: font, size: size, direction: direction, language: language, lineBreak: lineBreak)
    }

    /// Lays the text out in `font` at the request's width and measures the editor, with the
    /// shrink-wrap width when the request asks for it.
    /// - Parameter glyphRuns: whether the lines keep their glyph runs (for drawing and for run
    ///   output); the line breaks and every measurement are the same without.
    /// - Throws: ``LayoutError`` for a value out of range or a text that cannot be laid out.
    public func measure(font: Font, glyphRuns: Bool = true) throws -> LayoutResult {
        let prepared = try PreparedText(text, style: try style(font: font))
        let measurement = try prepared.measureEditor(width: width, sizing: sizing, glyphRuns: glyphRuns)
        let shrinkWrapWidth = shrinkWrap ? try measurement.layout.shrinkWrapWidth() : nil
        return LayoutResult(request: self, measurement: measurement, shrinkWrapWidth: shrinkWrapWidth)
    }

    /// Lays the text out in its font looked up in `context`; see ``measure(font:glyphRuns:)``.
    public func measure(in context: FontContext, glyphRuns: Bool = true) throws -> LayoutResult {
        try measure(font: try font(in: context), glyphRuns: glyphRuns)
    }
}
