// One layout request, set field by field or read from JSON, and the one path that lays it out: the batch, the CLI, the session and the tests all take it.
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
    /// The families a browser's font settings give CSS's generic families, and the standard font
    /// that ends every list, read by a profile whose ``LayoutProfile/familyFallback`` is
    /// ``FamilyFallback/browser`` (the chromium profile's); nil for Chromium's on Linux
    /// (``GenericFamilies/chromiumLinux``). The JSON key is `genericFamilies`.
    public var genericFamilies: GenericFamilies?
    /// OpenType features for the whole text in CSS `font-feature-settings` syntax (`liga 0, tnum`,
    /// see ``FontFeature/list(parsing:key:)``), read when the text is styled; nil for none.
    public var features: String?
    /// Every other setting of the layout: size, direction, language, line breaking, hyphenation, word spacing,
    /// paragraphs, and the editor's width (the job's `width`) and sizing.
    public var settings = LayoutSettings()
    /// Whether the result reports the shrink-wrap width and the stable width range.
    public var shrinkWrap = false
    /// Whether the result reports the text's min-content and max-content widths
    /// (``PreparedText/intrinsicWidths()``, as editor widths); the JSON key is `intrinsicWidths`.
    public var intrinsicWidths = false
    /// The limits the text's size is fitted to (the JSON key `fit`): the result is laid out at the
    /// largest size of the fit's grid that keeps within them (``LayoutResult/fittedSize``), its
    /// `size` ignored; nil to lay out at `size`.
    public var fit: FontSizeFit?
    /// Editor widths over which the result gives the line count and editor height as steps
    /// (see ``PreparedText/heightSteps(in:sizing:)``); nil for none.
    public var heightSteps: ClosedRange<Double>?
    /// Whether the result holds what a renderer draws: each line's top, direction and x origin,
    /// and each run's font file, size and glyphs (see ``LayoutResult/Detail/glyphs``).
    public var glyphs = false
    /// Ranges of the text in their own font, size, features, letter spacing, attributes or decoration.
    public var spans: [Span] = []
    /// The boxes laid out at the text's U+FFFC characters, the k-th at the k-th (none: each
    /// U+FFFC is a character); see ``InlineObject``. The job's JSON key is `placeholders`.
    public var inlineObjects: [InlineObject] = []
    /// The former name of ``inlineObjects``.
    @available(*, deprecated, renamed: "inlineObjects")
    public var placeholders: [InlineObject] {
        get { inlineObjects }
        set { inlineObjects = newValue }
    }
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
        /// Space after each grapheme cluster, in pixels; nil for the text's.
        public var letterSpacing: Double?
        /// Space after each word separator, in pixels; nil for the text's.
        public var wordSpacing: Double?
        /// Opaque attributes carried to the span's glyph runs.
        public var attributes: [(key: String, value: String)] = []
        /// The lines drawn with the span's text.
        public var decoration: TextDecoration = []
        /// Whether the span's text is one upright unit in a column (CSS `text-combine-upright`).
        public var textCombineUpright: TextCombineUpright = .none

        public init(start: Int, end: Int) {
            self.start = start
            self.end = end
        }

        public static func == (a: Span, b: Span) -> Bool {
            a.start == b.start && a.end == b.end && a.font == b.font && a.weight == b.weight && a.slant == b.slant && a.size == b.size && a.letterSpacing == b.letterSpacing
                && a.wordSpacing == b.wordSpacing && a.decoration == b.decoration && a.textCombineUpright == b.textCombineUpright
                && a.features.elementsEqual(b.features) { $0 == $1 }
                && a.attributes.elementsEqual(b.attributes) { $0.key.hasSameCodeUnits(as: $1.key) && $0.value.hasSameCodeUnits(as: $1.value) }
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
                                               size: size ?? request.settings.text.size, key: "spans[\(index)].font",
                                               genericFamilies: request.browserFamilies)
            }
            span.wordSpacing = wordSpacing
            span.textCombineUpright = textCombineUpright
            return span
        }
    }

    public init(text: String) {
        self.text = text
    }

    /// The request's fonts in `context`: its `font` list (the default font when absent), each
    /// family at the instance its weight, stretch, style and variations ask for at its size
    /// (``fontSelection``).
    /// - Throws: ``LayoutError`` as ``FontContext/fonts(familyList:selection:size:key:)`` does.
    public func fonts(in context: FontContext) throws -> FontFamilyList {
        try context.fonts(familyList: font ?? "", selection: fontSelection, size: settings.text.size, genericFamilies: browserFamilies)
    }

    /// ``genericFamilies`` where the profile reads them (``FamilyFallback/browser``); nil where
    /// generic families are fontconfig's.
    var browserFamilies: GenericFamilies? {
        settings.text.profile.familyFallback == .browser ? genericFamilies ?? .chromiumLinux : nil
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
    /// width and the intrinsic widths when the request asks for them.
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
        if let fit { return try measureFitting(fit, fonts: fonts, in: context, glyphRuns: glyphRuns) }
        do { try InlineObject.requireOneForEachCharacter(of: text, count: inlineObjects.count) } catch {
            throw BoundaryError(.invalidJob, error)
        }
        let prepared = try PreparedText(text, style: try style(fonts: fonts),
                                        spans: try spans.enumerated().map { try $1.styled(in: context, index: $0, request: self) },
                                        inlineObjects: inlineObjects)
        let measurement = try prepared.measureEditor(editorWidth: settings.editorWidth, sizing: settings.sizing, glyphRuns: glyphRuns)
        let shrinkWrapWidth = shrinkWrap ? try measurement.layout.shrinkWrapWidth() : nil
        let steps = try heightSteps.map { try prepared.heightSteps(in: $0, sizing: settings.sizing) }
        let intrinsic = intrinsicWidths ? try prepared.intrinsicWidths() : nil
        return LayoutResult(request: self, measurement: measurement, shrinkWrapWidth: shrinkWrapWidth, heightSteps: steps,
                            intrinsicWidths: intrinsic)
    }

    /// Lays the text out at the largest size of `fit`'s grid that fits (``FontSizeFit/search(sameFontsAtEverySize:layout:)``):
    /// each size tried is measured as a request at that size without `fit` and without glyph runs
    /// or what else the result reports, the fonts looked up again at each size when one has an
    /// `opsz` axis; the answer is measured once more, as asked, with `fittedSize` and `fits`.
    /// - Throws: ``BoundaryError`` `invalidJob` naming `fit.KEY` for limits ``FontSizeFit/validate()``
    ///   refuses; as ``measure(font:in:glyphRuns:)`` does.
    private func measureFitting(_ fit: FontSizeFit, fonts: FontFamilyList, in context: FontContext, glyphRuns: Bool) throws -> LayoutResult {
        do { try fit.validate() } catch { throw BoundaryError(.invalidJob, error) }
        var plain = self
        plain.fit = nil
        plain.shrinkWrap = false
        plain.intrinsicWidths = false
        plain.heightSteps = nil
        let sized = try fonts.hasOpticalSizeAxis
            || spans.enumerated().contains { try $1.styled(in: context, index: $0, request: self).fonts?.hasOpticalSizeAxis ?? false }
        func fontList(at size: Double) throws -> FontFamilyList {
            var request = plain
            request.settings.text.size = size
            return sized ? try request.fonts(in: context) : fonts
        }
        func request(at size: Double, from base: LayoutRequest) -> LayoutRequest {
            var request = base
            request.settings.text.size = size
            return request
        }
        let fitted = try fit.search(sameFontsAtEverySize: !sized) { size in
            let measurement = try request(at: size, from: plain).measure(fonts: try fontList(at: size), in: context, glyphRuns: false).measurement
            return (measurement.layout, ())
        }
        var answer = self
        answer.fit = nil
        var result = try request(at: fitted.size, from: answer).measure(fonts: try fontList(at: fitted.size), in: context, glyphRuns: glyphRuns)
        result.fittedSize = fitted.size
        result.fits = fitted.fits
        return result
    }

    /// Lays the text out in its fonts looked up in `context`; see ``measure(font:in:glyphRuns:)``.
    public func measure(in context: FontContext, glyphRuns: Bool = true) throws -> LayoutResult {
        try measure(fonts: try fonts(in: context), in: context, glyphRuns: glyphRuns)
    }
}
