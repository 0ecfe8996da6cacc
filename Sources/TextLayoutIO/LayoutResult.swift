// A laid-out request and its JSON: the batch's result object and `measure`'s, written by one writer.
import TextLayout

/// A request laid out: the editor's measurement and, when asked for, the shrink-wrap width.
public struct LayoutResult {
    public let request: LayoutRequest
    public let measurement: EditorMeasurement
    /// The narrowest wrap width with the same breaks, when the request asked for it.
    public let shrinkWrapWidth: Double?
    /// The line count and editor height as steps over the request's `heightSteps` widths, when it asked for them.
    public let heightSteps: [HeightStep]?
    /// The text's min-content and max-content wrap widths, when the request asked for them.
    public let intrinsicWidths: IntrinsicWidths?
    /// The size the text was fitted to (``LayoutRequest/fit``), at which it is laid out; nil without a fit.
    public var fittedSize: Double? = nil
    /// Whether the layout at ``fittedSize`` keeps within the fit's limits (false: none of the
    /// grid's sizes does, and the size is the smallest); nil without a fit.
    public var fits: Bool? = nil

    public init(request: LayoutRequest, measurement: EditorMeasurement, shrinkWrapWidth: Double?, heightSteps: [HeightStep]? = nil,
                intrinsicWidths: IntrinsicWidths? = nil) {
        self.request = request
        self.measurement = measurement
        self.shrinkWrapWidth = shrinkWrapWidth
        self.heightSteps = heightSteps
        self.intrinsicWidths = intrinsicWidths
    }

    /// The intrinsic widths as editor widths, the side insets added (``LayoutRequest/intrinsicWidths``):
    /// the editor widths at which the text lays out as CSS's `width: min-content` and
    /// `max-content` do; nil when the request did not ask for them.
    public var editorIntrinsicWidths: IntrinsicWidths? {
        intrinsicWidths.map {
            let sizing = request.settings.sizing
            return IntrinsicWidths(minContent: sizing.editorWidth(ofWrapWidth: $0.minContent),
                                   maxContent: sizing.editorWidth(ofWrapWidth: $0.maxContent))
        }
    }

    /// The shrink-wrap width as an editor's width, the side insets added: the width of the bubble
    /// that hugs the text (``LayoutRequest/shrinkWrap``); nil when the request did not ask for it.
    public var editorShrinkWrapWidth: Double? {
        shrinkWrapWidth.map(request.settings.sizing.editorWidth(ofWrapWidth:))
    }

    /// The editor widths over which the line breaks stay the same (``Layout/stableWidthRange``,
    /// the side insets added; its upper bound infinite when no width makes a line take more),
    /// reported with the shrink-wrap width; nil when the request did not ask for it.
    public var stableEditorWidths: Range<Double>? {
        guard shrinkWrapWidth != nil else { return nil }
        let stable = measurement.layout.stableWidthRange
        let sizing = request.settings.sizing
        return sizing.editorWidth(ofWrapWidth: stable.lowerBound)..<sizing.editorWidth(ofWrapWidth: stable.upperBound)
    }

    /// What a result's JSON holds besides the measurement and its lines' boxes.
    public struct Detail: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// The request's `id` first (the batch's results).
        public static let id = Detail(rawValue: 1)
        /// The primary font, and per line its text and its runs (`measure`'s output).
        public static let runs = Detail(rawValue: 2)
        /// What a renderer draws, with ``runs``: the layout's `ink`; per line its `top`,
        /// `direction`, `x` (where its runs start, in the content box) and `ink`; per run its
        /// `fontFile`, `faceIndex`, `size`, `decoration` (when it has any), `underline` and
        /// `strikeout` (`[position, thickness]`), `ink`, and parallel lists of `glyphs` (ids),
        /// `advances`, `offsets` (`[x, y]`, y up) and `clusters` (UTF-16 offsets). Every `ink` is
        /// `[x, y, width, height]` in the content box (y down), or null where nothing is inked; in
        /// a vertical layout in the block (x from its left edge, y down from the columns' start),
        /// and a column's decorated run adds `decorationLines`, its lines' rectangles there.
        public static let glyphs = Detail(rawValue: 6)
    }

    /// The result as one compact JSON object (no newline); with `fontsDirectory`, it names the
    /// font files its runs use (see ``fontFiles(relativeTo:)``).
    public func json(_ detail: Detail, fontsDirectory: String? = nil) -> String {
        // About 80 bytes a line and 120 besides: one allocation for most results.
        var writer = JSONWriter(capacity: 128 + 96 * measurement.layout.lineCount)
        write(to: &writer, detail, fontsDirectory: fontsDirectory)
        return writer.text
    }

    /// The font files the text is drawn in, each once, in the order the lines first use them: a
    /// file inside `directory` by its path relative to it (so results made from the same folder
    /// on two machines compare equal), a bundled font as `bundled/NAME`, any other by its full
    /// path; `#N` after a face of a collection other than the first.
    public func fontFiles(relativeTo directory: String?) -> [String] {
        let layout = measurement.layout
        var seen: [Font] = []
        for line in layout.lines {
            for run in layout.glyphRuns(of: line) where !seen.contains(where: { $0 === run.content.textFont }) { seen.append(run.content.textFont) }
        }
        if seen.isEmpty { seen = [layout.prepared.style.font] }
        let folder = directory.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
        let bundled = FontContext.bundledFontsDirectory.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
        return seen.map { font in
            var name = font.path
            if let folder, name.hasPrefix(folder) {
                name = String(name.dropFirst(folder.count))
            } else if let bundled, name.hasPrefix(bundled) {
                name = "bundled/" + name.dropFirst(bundled.count)
            }
            return font.faceIndex == 0 ? name : "\(name)#\(font.faceIndex)"
        }
    }

    /// Writes the result object: `id` (with `.id`), `lineCount`, `height`, `width`,
    /// `editorHeight`, `isScrollable`, `font` (with `.runs`), `shrinkWrapWidth` and `stableWidth`
    /// (when asked for, in editor widths: the side insets included), `minContent` and `maxContent`
    /// (when asked for, editor widths too), `fittedSize` and `fits` (with a `fit`), `heightSteps` (when asked
    /// for: `[fromEditorWidth, lineCount, editorHeight]` each), `warnings` and `missingGlyphs` (when
    /// there are any; per run too, with `.runs`), `ink` (with `.glyphs`), `placeholders` (when the
    /// text has inline objects), and `lines` (with `.runs`, an inline object's run has `object`, its
    /// index, and no glyphs).
    public func write(to writer: inout JSONWriter, _ detail: Detail, fontsDirectory: String? = nil) {
        let layout = measurement.layout
        writer.object { out in
            if detail.contains(.id) { out.field("id", request.id) }
            out.field("lineCount", layout.lineCount)
            out.field("height", layout.contentHeight)
            out.field("width", layout.widestLineWidth)
            out.field("editorHeight", measurement.height)
            out.field("isScrollable", measurement.isScrollable)
            if let fontsDirectory {
                out.key("fonts")
                out.array { out in for file in fontFiles(relativeTo: fontsDirectory) { out.string(file) } }
            }
            if detail.contains(.runs) { out.field("font", layout.prepared.style.font.description) }
            if let bubble = editorShrinkWrapWidth, let stable = stableEditorWidths {
                out.field("shrinkWrapWidth", bubble)
                out.key("stableWidth")
                out.array {
                    $0.number(stable.lowerBound)
                    if stable.upperBound.isFinite { $0.number(stable.upperBound) } else { $0.null() }
                }
            }
            if let intrinsic = editorIntrinsicWidths {
                out.field("minContent", intrinsic.minContent)
                out.field("maxContent", intrinsic.maxContent)
            }
            if let fittedSize, let fits {
                out.field("fittedSize", fittedSize)
                out.field("fits", fits)
            }
            if let heightSteps {
                out.key("heightSteps")
                out.array { out in
                    for step in heightSteps {
                        out.array { $0.number(step.fromEditorWidth); $0.integer(step.lineCount); $0.number(step.editorHeight) }
                    }
                }
            }
            if layout.prepared.style.settings.paragraph.truncates { write(truncationOf: layout, to: &out) }
            out.warnings(request.fontSelection.warnings(for: layout.prepared.style.font, size: layout.prepared.style.settings.size)
                + request.inputWarnings + layout.prepared.warnings)
            out.missingGlyphs(layout.missingGlyphCount)
            if detail.contains(.glyphs) { write(ink: layout.inkBounds, to: &out) }
            if !layout.prepared.inlineObjects.isEmpty { write(inlineObjectsOf: layout, to: &out) }
            out.key("lines")
            out.array { out in
                // Whether the lines are columns, read once: a horizontal job's lines skip the column's place.
                let isVertical = layout.isVertical
                for line in layout.lines { write(line, of: layout, isVertical: isVertical, to: &out, detail) }
            }
        }
    }

    /// `placeholders` (the JSON name of inline objects): each inline object the layout shows, in
    /// text order, as `{"index", "line", "x", "y", "width", "height"}` in the layout's
    /// coordinates (``Layout/inlineObjectFrames``: the content box's, as the lines' `x` and
    /// `top`, the insets not included); an object a line clamp hides is left out, so `index` says
    /// which object each one is.
    private func write(inlineObjectsOf layout: Layout, to out: inout JSONWriter) {
        out.key("placeholders")
        out.array { out in
            for frame in layout.inlineObjectFrames { frame.write(to: &out) }
        }
    }

    /// `hiddenLines` (0 when nothing is hidden), and when text is hidden `truncated` (its UTF-16
    /// range) and `ellipsis` (its line, and its box in the editor: the insets included).
    private func write(truncationOf layout: Layout, to out: inout JSONWriter) {
        out.field("hiddenLines", layout.truncation?.hiddenLineCount ?? 0)
        guard let truncation = layout.truncation, let rect = layout.ellipsisRect else { return }
        out.key("truncated")
        out.object { out in
            out.field("start", truncation.hiddenRange.lowerBound)
            out.field("end", truncation.hiddenRange.upperBound)
        }
        out.key("ellipsis")
        out.object { out in
            out.field("line", truncation.ellipsisLine)
            out.field("x", rect.x + request.settings.sizing.insets.left)
            out.field("y", rect.y + request.settings.sizing.insets.top)
            out.field("width", rect.width)
            out.field("height", rect.height)
        }
    }

    private func write(_ line: Line, of layout: Layout, isVertical: Bool, to writer: inout JSONWriter, _ detail: Detail) {
        writer.object { out in
            out.field("start", line.utf16Range.lowerBound)
            out.field("end", line.utf16Range.upperBound)
            out.field("width", line.width)
            out.field("height", line.height)
            let glyphs = detail.contains(.glyphs)
            let column = isVertical ? layout.columnFrame(of: line) : nil
            if let column {
                // A column: its central baseline's x, its left edge across the block, its start down it.
                out.field("baseline", column.center)
                out.field("x", column.x)
                out.field("y", column.y)
                if glyphs {
                    out.field("direction", line.isRightToLeft ? "rtl" : "ltr")
                    write(ink: layout.inkBounds(of: line), to: &out)
                }
            } else {
                out.field("baseline", line.baseline)
                if glyphs {
                    out.field("top", line.top)
                    out.field("direction", line.isRightToLeft ? "rtl" : "ltr")
                }
                if glyphs || layout.prepared.style.settings.paragraph.movesLines { out.field("x", layout.lineOrigin(line)) }
                if glyphs { write(ink: layout.inkBounds(of: line), to: &out) }
            }
            if line.endsWithHyphen { out.field("hyphen", true) }
            guard detail.contains(.runs) else { return }
            out.field("text", String(layout.prepared.text[line.range]))
            if line.hasEllipsis { out.field("hasEllipsis", true) }
            out.key("runs")
            out.array { out in
                for run in layout.glyphRuns(of: line) {
                    out.object { out in
                        out.field("start", run.utf16Range.lowerBound)
                        out.field("end", run.utf16Range.upperBound)
                        out.field("x", run.x)
                        out.field("width", run.width)
                        out.field("direction", run.isRightToLeft ? "rtl" : "ltr")
                        out.field("font", run.content.textFont.description)
                        if run.hasGeneratedHyphen { out.field("generatedHyphen", true) }
                        out.missingGlyphs(run.missingGlyphCount)
                        if run.isEllipsis { out.field("ellipsis", true) }
                        if run.isUpright { out.field("upright", true) }
                        if let scaleX = run.combinedScaleX {
                            out.field("combined", true)
                            out.field("scaleX", scaleX)
                            // Its row's baseline down the unit, from where its em starts.
                            out.field("rowBaseline", layout.combinedBaseline(of: run))
                        }
                        switch run.content {
                        case .text:
                            if let column, !run.isUpright, run.combinedScaleX == nil {
                                // Turned a quarter turn clockwise, on its alphabetic baseline's x.
                                out.field("sideways", true)
                                out.field("baseline", layout.sidewaysBaseline(of: run, in: column))
                            }
                        case .inlineObject(let object, _): out.field("object", object.index)
                        }
                        if glyphs {
                            write(glyphsOf: run, ink: layout.inkBounds(of: run, on: line), to: &out)
                            if let column, !run.decoration.isEmpty {
                                // Down the column beside its text: the lines' rectangles in the block.
                                out.key("decorationLines")
                                out.array { out in
                                    for rect in layout.columnDecorationLineRects(of: run, in: column) {
                                        out.array { $0.number(rect.x); $0.number(rect.y); $0.number(rect.width); $0.number(rect.height) }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    private func write(glyphsOf run: GlyphRun, ink: LayoutRect?, to out: inout JSONWriter) {
        let font = run.content.textFont
        out.field("fontFile", font.path)
        out.field("faceIndex", font.faceIndex)
        if !font.variations.isEmpty {
            out.key("variations")
            out.object { out in for variation in font.variations { out.field(variation.tag, variation.value) } }
        }
        if !font.synthetic.isEmpty {
            out.key("synthetic")
            out.array { out in for name in font.synthetic.names { out.string(name) } }
        }
        out.field("size", run.size)
        if !run.attributes.isEmpty {
            out.key("attributes")
            out.object { out in
                for key in run.attributes.keys.sorted() { out.field(key, run.attributes[key]!) }
            }
        }
        if !run.decoration.isEmpty {
            out.key("decoration")
            out.array { out in for name in run.decoration.names { out.string(name) } }
        }
        let metrics = run.decorationMetrics
        out.key("underline")
        out.array { $0.number(metrics.underlinePosition); $0.number(metrics.underlineThickness) }
        out.key("strikeout")
        out.array { $0.number(metrics.strikeoutPosition); $0.number(metrics.strikeoutThickness) }
        write(ink: ink, to: &out)
        out.key("glyphs")
        out.array { out in for glyph in run.glyphs { out.integer(Int(glyph.id)) } }
        out.key("advances")
        out.array { out in for glyph in run.glyphs { out.number(glyph.advance) } }
        out.key("offsets")
        out.array { out in
            for glyph in run.glyphs { out.array { $0.number(glyph.xOffset); $0.number(glyph.yOffset) } }
        }
        out.key("clusters")
        out.array { out in for glyph in run.glyphs { out.integer(glyph.cluster) } }
    }

    /// `"ink": [x, y, width, height]`, or null for nothing inked.
    private func write(ink: LayoutRect?, to out: inout JSONWriter) {
        out.key("ink")
        guard let ink else { return out.null() }
        out.array { $0.number(ink.x); $0.number(ink.y); $0.number(ink.width); $0.number(ink.height) }
    }
}
