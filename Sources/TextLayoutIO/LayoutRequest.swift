// One layout request, read from JSON or set field by field, and the one path that lays it out: the batch, the CLI, the session and the tests all take it.
import TextLayout

/// What to lay out and how: a text, its font by name, its ``LayoutSettings`` (how the text is
/// set, the editor's width and sizing), its spans and what the result reports.
///
/// A batch job is one (its JSON keys are the fields' names); `textlayout measure` and `render`
/// make one from their options; an editing session's config reads its layout keys with
/// ``readLayoutKeys(_:)``. ``measure(font:in:glyphRuns:)`` is the one way they are laid out.
public struct LayoutRequest: Sendable {
    /// The batch job's `id`, echoed in its result; null when absent.
    public var id: JSONValue = .null
    public var text: String
    /// A CSS font-family list (``FontFamilyList/familyNames(in:key:)``) of fontconfig patterns,
    /// generic families or file paths (`FILE.ttc#N` for a face of a collection); nil for the
    /// bundled default font.
    public var font: String?
    /// A CSS weight (1 to 1000: 400 regular, 700 bold) picking a face of the font's family; nil for the font as named.
    public var weight: Double?
    /// A CSS stretch in percent (50 to 200) for the `wdth` axis and the face's width; nil for the font's own.
    public var stretch: Double?
    /// The CSS `font-style` asked for (the `fontStyle` key): italic or oblique map to the `ital` and
    /// `slnt` axes, or pick such a face, or are synthesized.
    public var slant: FontSlant = .normal
    /// Axis values set explicitly (CSS `font-variation-settings`), which win over weight, stretch and style.
    public var variations: [FontVariation] = []
    /// What may be synthesized when the face lacks it (CSS `font-synthesis`): both by default.
    public var synthesis: FontSynthesis = [.weight, .style]
    /// OpenType features for the whole text in CSS `font-feature-settings` syntax (`liga 0, tnum`,
    /// see ``FontFeature/list(parsing:key:)``), read when the text is styled; nil for none.
    public var features: String?
    /// Every other setting of the layout: size, direction, language, line breaking, hyphenation, word spacing,
    /// paragraphs, and the editor's width (the job's `width`) and sizing.
    public var settings = LayoutSettings()
    /// Whether the result reports the shrink-wrap width and the stable width range.
    public var shrinkWrap = false
    /// Editor widths over which the result gives the line count and editor height as steps
    /// (see ``PreparedText/heightSteps(in:sizing:)``); nil for none.
    public var heightSteps: ClosedRange<Double>?
    /// Whether the result holds what a renderer draws: each line's top, direction and x origin,
    /// and each run's font file, size and glyphs (see ``LayoutResult/Detail/glyphs``).
    public var glyphs = false
    /// Ranges of the text in their own font, size, features, letter spacing, attributes or decoration.
    public var spans: [Span] = []
    /// The boxes laid out at the text's U+FFFC characters, the k-th at the k-th (none: each
    /// U+FFFC is a character); see ``InlineObject``.
    public var placeholders: [InlineObject] = []
    /// What reading the request changed, which its result's `warnings` say after the font
    /// instance's: each lone surrogate of its JSON read as U+FFFD (``LoneSurrogate/warning``).
    public var inputWarnings: [String] = []

    /// A styled span as a request gives it: a font by name, like the request's own.
    public struct Span: Sendable, Equatable {
        /// The range in UTF-16 offsets into the text.
        public var start: Int
        public var end: Int
        /// A font-family list, as the request's `font`; nil for the text's.
        public var font: String?
        /// A CSS weight (1 to 1000) for the span's fonts; nil for the request's (CSS inheritance).
        public var weight: Double?
        /// The CSS `font-style` of the span's fonts (the `fontStyle` key); nil for the request's.
        public var slant: FontSlant?
        /// The em size in pixels; nil for the text's size.
        public var size: Double?
        /// OpenType features by tag, in order: 0 off, 1 on, more an alternate.
        public var features: [(tag: String, value: UInt32)] = []
        /// Space after each grapheme cluster, in pixels.
        public var letterSpacing: Double = 0
        /// Space after each word separator, in pixels; nil for the text's.
        public var wordSpacing: Double?
        /// Opaque attributes carried to the span's glyph runs.
        public var attributes: [(key: String, value: String)] = []
        /// The lines drawn with the span's text.
        public var decoration: TextDecoration = []

        public init(start: Int, end: Int) {
            self.start = start
            self.end = end
        }

        public static func == (a: Span, b: Span) -> Bool {
            a.start == b.start && a.end == b.end && a.font == b.font && a.weight == b.weight && a.slant == b.slant && a.size == b.size && a.letterSpacing == b.letterSpacing
                && a.wordSpacing == b.wordSpacing && a.decoration == b.decoration
                && a.features.elementsEqual(b.features) { $0 == $1 }
                && a.attributes.elementsEqual(b.attributes) { $0.key.hasSameCodeUnits(as: $1.key) && $0.value.hasSameCodeUnits(as: $1.value) }
        }

        /// The keys a span may have.
        public static let keys = ["start", "end", "font", "weight", "fontStyle", "size", "features", "letterSpacing", "wordSpacing", "attributes", "decoration"]

        /// Reads span `index` of a request's `spans`.
        /// - Throws: ``BoundaryError`` with `code`, naming the key (`spans[1].size`).
        init(_ value: JSONValue, index: Int, code: BoundaryErrorCode) throws(BoundaryError) {
            let span = try JSONObjectReader(value, keys: Self.keys, code: code, path: "spans[\(index)].", name: "'spans[\(index)]'",
                                            expected: "an object with \(Self.keys.joined(separator: ", "))", owner: "a span")
            guard let start = try span.field("start").integer(below: 1e15), let end = try span.field("end").integer(below: 1e15) else {
                throw BoundaryError(code, "'spans[\(index)]' needs 'start' and 'end' (UTF-16 offsets into the text)", keys: ["spans[\(index)]"])
            }
            guard 0 <= start, start <= end else {
                throw BoundaryError(code, "'spans[\(index)]' must have 0 <= start <= end, got start \(start) and end \(end)", keys: ["spans[\(index)]"])
            }
            self.init(start: start, end: end)
            font = try span.string("font")
            weight = try span.number("weight")
            slant = try span.field("fontStyle").fontSlant()
            size = try span.number("size")
            letterSpacing = try span.number("letterSpacing") ?? 0
            wordSpacing = try span.number("wordSpacing")
            if case let .string(settings)? = span.value["features"] {
                // CSS font-feature-settings, as a job's own features.
                do {
                    self.features = try FontFeature.list(parsing: settings, key: "spans[\(index)].features").map { ($0.tag, $0.value) }
                } catch {
                    throw BoundaryError(error)
                }
            } else if let features = span.value["features"], features != .null {
                guard case let .object(members) = features else {
                    throw BoundaryError(code, "'spans[\(index)].features' must be an object of tags and values such as {\"liga\": 0, \"smcp\": 1}, or a string such as \"liga 0, smcp\", got \(features.typeName)",
                                        keys: ["spans[\(index)].features"])
                }
                for (tag, value) in members {
                    let field = JSONField(value, name: "spans[\(index)].features.\(tag)", code: code)
                    guard let number = try field.integer(below: 65536), number >= 0 else {
                        throw field.mistake("a whole number from 0 to 65535")
                    }
                    self.features.append((tag, UInt32(number)))
                }
            }
            if let attributes = span.value["attributes"], attributes != .null {
                guard case let .object(members) = attributes else {
                    throw BoundaryError(code, "'spans[\(index)].attributes' must be an object of strings such as {\"color\": \"#d00\"}, got \(attributes.typeName)",
                                        keys: ["spans[\(index)].attributes"])
                }
                for (key, value) in members {
                    let field = JSONField(value, name: "spans[\(index)].attributes.\(key)", code: code)
                    guard let text = try field.string() else { throw field.mistake(saying: "a string, got null") }
                    self.attributes.append((key, text))
                }
            }
            decoration = try Self.readDecoration(span.field("decoration"))
        }

        /// Reads a span's `decoration`: the name of a line (``TextDecoration/named``) or a list of
        /// them; absent or null for none.
        private static func readDecoration(_ field: JSONField) throws(BoundaryError) -> TextDecoration {
            let names = TextDecoration.named.map(\.name).joined(separator: ", ")
            func line(_ value: JSONValue, inList: Bool) throws(BoundaryError) -> TextDecoration {
                guard case let .string(name) = value else {
                    throw field.mistake(saying: "one of \(names), or a list of them, got \(value.typeName)\(inList ? " in the list" : "")")
                }
                guard let line = TextDecoration.named.first(where: { $0.name == name }) else {
                    throw field.mistake(saying: "one of \(names), or a list of them, got '\(name)'")
                }
                return line.decoration
            }
            switch field.value {
            case nil, .null?: return []
            case let .array(items)?:
                var decoration: TextDecoration = []
                for item in items { decoration.formUnion(try line(item, inList: true)) }
                return decoration
            case let value?: return try line(value, inList: false)
            }
        }

        /// The instance the span's fonts are loaded at: the request's `inherited` one (its weight,
        /// stretch, style, variations and synthesis), with the span's own weight and style, as CSS
        /// inherits them.
        /// - Throws: ``LayoutError`` `.invalidArgument` naming `spans[index].weight` for a weight outside 1 to 1000.
        func selection(inheriting inherited: FontSelection, index: Int) throws -> FontSelection {
            var selection = inherited
            if let weight { selection.weight = try FontSelection.checkedWeight(weight, key: "spans[\(index)].weight") }
            if let slant { selection.slant = slant }
            return selection
        }

        /// The engine's span, its fonts looked up in `context`: its own list, or the request's
        /// `font` when it only sets a weight or style, at the request's instance with the span's
        /// own weight and style (``selection(inheriting:index:)``) and at its size; nil (the
        /// text's fonts) when it sets none of them.
        /// - Throws: ``LayoutError`` for a font that cannot be loaded, a weight out of range or a
        ///   feature tag that is not four letters.
        func styled(in context: FontContext, index: Int, request: LayoutRequest) throws -> StyledSpan {
            var span = StyledSpan(range: start..<end, size: size, features: try features.map { try FontFeature($0.tag, $0.value) },
                                  letterSpacing: letterSpacing, attributes: Dictionary(attributes, uniquingKeysWith: { _, last in last }),
                                  decoration: decoration)
            if font != nil || weight != nil || slant != nil {
                span.fonts = try context.fonts(familyList: font ?? request.font ?? "",
                                               selection: selection(inheriting: request.fontSelection, index: index),
                                               size: size ?? request.settings.text.size, key: "spans[\(index)].font")
            }
            span.wordSpacing = wordSpacing
            return span
        }
    }

    public init(text: String) {
        self.text = text
    }

    /// The keys that set the font and the settings: a job's and a session config's.
    public static let layoutKeys = ["font", "weight"] + fontInstanceKeys + ["features", "wordSpacing", "size", "width", "lineSpace", "minLines", "maxLines",
                                    "insets", "minHeight", "maxHeight", "direction", "language", "lineBreak",
                                    "hyphens", "hyphenMinWord", "hyphenMinBefore", "hyphenMinAfter",
                                    "lineClamp", "truncate", "ellipsis", "lineHeight", "strut", "align", "indent",
                                    "textWrap", "profile"]
    /// The keys a batch job may have.
    public static let keys = ["id", "text"] + layoutKeys + ["shrinkWrap", "heightSteps", "glyphs", "spans", "placeholders"]
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
        heightSteps = try Self.readWidthRange(job.value["heightSteps"], key: "heightSteps")
        glyphs = try job.bool("glyphs") ?? false
        spans = try Self.readSpans(job.value["spans"], code: .invalidJob)
        placeholders = try InlineObject.readList(job.value["placeholders"], code: .invalidJob)
    }

    /// Reads a list of spans (absent or null: none).
    /// - Throws: ``BoundaryError`` with `code`, naming the span and key that are wrong.
    public static func readSpans(_ value: JSONValue?, code: BoundaryErrorCode) throws(BoundaryError) -> [Span] {
        guard let value, value != .null else { return [] }
        guard case let .array(list) = value else {
            throw BoundaryError(code, "'spans' must be a list of spans {\(Span.keys.joined(separator: ", "))}, got \(value.typeName)")
        }
        var spans: [Span] = []
        for (index, item) in list.enumerated() { spans.append(try Span(item, index: index, code: code)) }
        return spans
    }

    /// Reads `[min, max]`, two numbers with min <= max (absent or null: nil); whether min is a
    /// width the engine can lay out at is the engine's to say.
    /// - Throws: ``BoundaryError`` `invalidArgument` naming `key`, for anything else.
    static func readWidthRange(_ value: JSONValue?, key: String) throws(BoundaryError) -> ClosedRange<Double>? {
        guard let value, value != .null else { return nil }
        guard case let .array(items) = value, items.count == 2, case let .number(low, _) = items[0], case let .number(high, _) = items[1],
              low <= high else {
            throw BoundaryError(.layout(.invalidArgument),
                                "'\(key)' must be two numbers [min, max] of editor widths in pixels, with 0 < min <= max, got \(value.serialized)",
                                keys: [key])
        }
        return low...high
    }

    /// Sets the font, the weight and the settings ``layoutKeys`` name that `object` has (the
    /// others keep their values).
    /// - Throws: ``BoundaryError`` with the object's code, naming a key of the wrong type.
    public mutating func readLayoutKeys(_ object: JSONObjectReader) throws(BoundaryError) {
        font = try object.string("font") ?? font
        weight = try object.number("weight") ?? weight
        try readFontInstanceKeys(object)
        features = try object.string("features") ?? features
        try settings.readLayoutKeys(object)
    }

    /// The request's fonts in `context`: its `font` list (the default font when absent), each
    /// family at the instance its weight, stretch, style and variations ask for at its size
    /// (``fontSelection``).
    /// - Throws: ``LayoutError`` as ``FontContext/fonts(familyList:selection:size:key:)`` does.
    public func fonts(in context: FontContext) throws -> FontFamilyList {
        try context.fonts(familyList: font ?? "", selection: fontSelection, size: settings.text.size)
    }

    /// The request's primary font in `context` (see ``fonts(in:)``).
    public func font(in context: FontContext) throws -> Font {
        try fonts(in: context).primary
    }

    /// The settings of the text, its `features` read into them.
    /// - Throws: ``LayoutError`` `invalidArgument` naming `features` when they are not CSS `font-feature-settings`.
    public func textSettings() throws -> TextSettings {
        var text = settings.text
        if let features { text.features = try FontFeature.list(parsing: features, key: "features") }
        return text
    }

    /// The text's style in `font`.
    /// - Throws: ``LayoutError`` `invalidArgument` for a size out of range or features that are not well formed.
    public func style(font: Font) throws -> TextStyle {
        try style(fonts: FontFamilyList(font))
    }

    /// The text's style in the fonts of a family list.
    /// - Throws: ``LayoutError`` `invalidArgument` for a size out of range or features that are not well formed.
    public func style(fonts: FontFamilyList) throws -> TextStyle {
        try TextStyle(fonts: fonts, settings: textSettings())
    }

    /// Lays the text out in `font` (its spans' fonts looked up in `context`, its objects at its
    /// U+FFFC characters) at the request's width and measures the editor, with the shrink-wrap
    /// width when the request asks for it.
    /// - Parameter glyphRuns: whether the lines keep their glyph runs (for drawing and for run
    ///   output); the line breaks and every measurement are the same without.
    /// - Throws: ``BoundaryError`` `invalidJob` when the objects are not one for each U+FFFC of the
    ///   text (the job contradicts itself); ``LayoutError`` for a value out of range or a text
    ///   that cannot be laid out.
    public func measure(font: Font, in context: FontContext, glyphRuns: Bool = true) throws -> LayoutResult {
        try measure(fonts: FontFamilyList(font), in: context, glyphRuns: glyphRuns)
    }

    /// Lays the text out in the fonts of a family list; see ``measure(font:in:glyphRuns:)``.
    public func measure(fonts: FontFamilyList, in context: FontContext, glyphRuns: Bool = true) throws -> LayoutResult {
        do { try InlineObject.requireOneForEachCharacter(of: text, count: placeholders.count) } catch {
            throw BoundaryError(.invalidJob, error.message, keys: error.keys)
        }
        let prepared = try PreparedText(text, style: try style(fonts: fonts),
                                        spans: try spans.enumerated().map { try $1.styled(in: context, index: $0, request: self) },
                                        inlineObjects: placeholders)
        let measurement = try prepared.measureEditor(editorWidth: settings.editorWidth, sizing: settings.sizing, glyphRuns: glyphRuns)
        let shrinkWrapWidth = shrinkWrap ? try measurement.layout.shrinkWrapWidth() : nil
        let steps = try heightSteps.map { try prepared.heightSteps(in: $0, sizing: settings.sizing) }
        return LayoutResult(request: self, measurement: measurement, shrinkWrapWidth: shrinkWrapWidth, heightSteps: steps)
    }

    /// Lays the text out in its fonts looked up in `context`; see ``measure(font:in:glyphRuns:)``.
    public func measure(in context: FontContext, glyphRuns: Bool = true) throws -> LayoutResult {
        try measure(fonts: try fonts(in: context), in: context, glyphRuns: glyphRuns)
    }
}

private extension LayoutSettings {
    /// Sets the settings of ``LayoutRequest/layoutKeys`` that `object` has (the others keep their values).
    mutating func readLayoutKeys(_ object: JSONObjectReader) throws(BoundaryError) {
        text.size = try object.number("size") ?? text.size
        text.wordSpacing = try object.number("wordSpacing") ?? text.wordSpacing
        editorWidth = try object.number("width") ?? editorWidth
        text.direction = try object.choice("direction") ?? text.direction
        text.language = try object.string("language") ?? text.language
        text.lineBreak = try object.choice("lineBreak") ?? text.lineBreak
        text.profile = try object.choice("profile") ?? text.profile
        text.hyphens = try object.choice("hyphens") ?? text.hyphens
        text.hyphenationLimits.minWord = try object.integer("hyphenMinWord") ?? text.hyphenationLimits.minWord
        text.hyphenationLimits.minBefore = try object.integer("hyphenMinBefore") ?? text.hyphenationLimits.minBefore
        text.hyphenationLimits.minAfter = try object.integer("hyphenMinAfter") ?? text.hyphenationLimits.minAfter
        text.paragraph.lineHeight = try object.field("lineHeight").lineHeight() ?? text.paragraph.lineHeight
        text.paragraph.strut = try object.choice("strut") ?? text.paragraph.strut
        text.paragraph.alignment = try object.choice("align") ?? text.paragraph.alignment
        text.paragraph.indent = try object.number("indent") ?? text.paragraph.indent
        text.paragraph.textWrap = try object.choice("textWrap") ?? text.paragraph.textWrap
        sizing.lineSpace = try object.number("lineSpace") ?? sizing.lineSpace
        sizing.minLines = try object.integer("minLines") ?? sizing.minLines
        sizing.maxLines = try object.integer("maxLines") ?? sizing.maxLines
        sizing.minHeight = try object.number("minHeight") ?? sizing.minHeight
        sizing.maxHeight = try object.number("maxHeight") ?? sizing.maxHeight
        text.paragraph.lineClamp = try object.integer("lineClamp") ?? text.paragraph.lineClamp
        text.paragraph.truncate = try object.choice("truncate") ?? text.paragraph.truncate
        text.paragraph.ellipsis = try object.string("ellipsis") ?? text.paragraph.ellipsis
        if let insets = try object.object("insets", keys: LayoutRequest.insetKeys, expected: "an object with top, left, bottom and right",
                                          owner: "insets") {
            sizing.insets = EdgeInsets(top: try insets.number("top") ?? 0, left: try insets.number("left") ?? 0,
                                       bottom: try insets.number("bottom") ?? 0, right: try insets.number("right") ?? 0)
        }
    }
}

private extension JSONField {
    /// A line height: `"normal"`, a number (a multiple of the size) or a string of pixels (`"24px"`).
    func lineHeight() throws(BoundaryError) -> LineHeight? {
        switch value {
        case nil, .null?: return nil
        case let .number(multiple, _)?: return .multiple(multiple)
        case let .string(text)?:
            guard let lineHeight = LineHeight(text) else {
                throw mistake(saying: "\(LineHeight.allowed), got '\(text)'")
            }
            return lineHeight
        default: throw mistake(LineHeight.allowed)
        }
    }
}
