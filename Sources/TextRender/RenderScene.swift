// What a picture shows: a layout placed in its editor box (insets, line caps), the picture's size, and the render options.
import TextLayout

/// How a picture is drawn: its scale, colours and whether the measurement overlay is on.
public struct RenderOptions: Sendable, Hashable {
    /// Device pixels per layout pixel (2 for a "retina" picture); a finite number greater than 0.
    public var scale: Double
    /// The text's colour.
    public var foreground: RGBAColor
    /// The picture's background (transparent is allowed).
    public var background: RGBAColor
    /// Draws line boxes, baselines, break positions, the width limit and the editor's insets,
    /// box and maxLines boundary over the text.
    public var debug: Bool

    public init(scale: Double = 1, foreground: RGBAColor = .black, background: RGBAColor = .white, debug: Bool = false) {
        self.scale = scale
        self.foreground = foreground
        self.background = background
        self.debug = debug
    }

    /// - Throws: ``RenderError`` `.invalidArgument` for a scale that is not a finite number above 0.
    public func validate() throws {
        guard scale.isFinite, scale > 0 else {
            throw RenderError(.invalidArgument, "scale must be a finite number greater than 0 (device pixels per pixel), got \(plainNumber(scale))")
        }
    }
}

/// A laid-out text in the box that holds it: a growing editor (insets, line caps, measured
/// height) or a bare layout (no insets, the content's own size).
///
/// Every coordinate is in layout pixels with the origin at the box's top-left corner; a line's
/// left edge is at `insets.left` and its top at `insets.top + line.top - scrollOffset` (a column's
/// place: ``column(of:)``).
public struct RenderScene: Sendable {
    /// The largest picture accepted, in device pixels on either side.
    public static let maximumPixelSide = 16_384

    /// The sizing of the editor a scene shows.
    public struct Editor: Sendable {
        public var minLines: Int
        public var maxLines: Int?
        /// The number of lines the editor is sized for (lineCount clamped to minLines...maxLines).
        public var visibleLineCount: Int
        public var isScrollable: Bool
    }

    public let layout: Layout
    /// The lines to draw: the layout's (tests draw some of them alone).
    package internal(set) var lines: [Line]
    /// The box's width and height in layout pixels.
    public let width: Double
    public let height: Double
    public let insets: EdgeInsets
    /// The editor's sizing, or nil for a bare layout.
    public let editor: Editor?
    /// The caret to draw (an editor model gives it when focused); nil for none.
    public var caret: CaretMark?
    /// The bars that underline an input method's marked text (an editor model gives them while
    /// composing), drawn as the caret is; empty for none.
    public var markedTextUnderlines: [CaretMark] = []
    /// The border to draw around the box; nil for none.
    public var border: BoxBorder?
    /// How far the text is scrolled towards its block's start, in layout pixels (an editor
    /// scrolled to its caret): up in lines; in columns across, right under vertical-rl and left
    /// under vertical-lr (``scrolled(_:)``). The box, its insets and the overlay's editor marks
    /// stay put.
    public var scrollOffset: Double = 0
    /// The text's colour, instead of the options' foreground and of the colours the runs' spans
    /// give (a placeholder's or a disabled editor's gray); nil for those (see ``color(of:foreground:)``).
    public var textColor: RGBAColor?
    /// The selection to highlight behind the text; nil for none.
    public var selection: SelectionHighlight?

    /// A growing editor `editorWidth` pixels wide (nil: as wide as its text plus the side insets,
    /// ``EditorSizing/editorWidth(ofWrapWidth:)`` of its alignment width), as `measurement`
    /// measured it with `sizing`.
    public init(editor measurement: EditorMeasurement, sizing: EditorSizing, editorWidth: Double?) {
        layout = measurement.layout
        lines = measurement.layout.linesWithGlyphRuns
        insets = sizing.insets
        // Columns turn the editor's box: its width (the columns' length) down, its height (the block's extent) across.
        (width, height) = measurement.boxSize(editorWidth: editorWidth, sizing: sizing)
        editor = Editor(minLines: sizing.minLines, maxLines: sizing.maxLines,
                        visibleLineCount: measurement.visibleLineCount, isScrollable: measurement.isScrollable)
    }

    /// A bare layout: as wide as its wrap width (or its widest line when it has none) and as tall
    /// as its content.
    public init(layout: Layout) {
        self.layout = layout
        lines = layout.linesWithGlyphRuns
        insets = .zero
        (width, height) = layout.isVertical ? (layout.contentHeight, layout.alignmentWidth) : (layout.alignmentWidth, layout.contentHeight)
        editor = nil
    }

    /// The picture's size in device pixels at `scale`: the box's size times the scale, rounded up
    /// (at least 1 pixel a side).
    /// - Throws: ``RenderError`` `.invalidArgument` for a bad scale, `.pictureTooLarge` past
    ///   ``maximumPixelSide``.
    public func pixelSize(scale: Double) throws -> (width: Int, height: Int) {
        try RenderOptions(scale: scale).validate()
        func side(_ length: Double, _ name: String) throws -> Int {
            let pixels = (length * scale - 1e-9).rounded(.up)
            guard pixels <= Double(Self.maximumPixelSide) else {
                throw RenderError(.pictureTooLarge, "the picture would be \(Self.decimal(pixels)) px \(name) (\(Self.decimal(length)) px × scale \(Self.decimal(scale))); at most \(Self.maximumPixelSide) px a side are allowed")
            }
            return max(1, Int(pixels))
        }
        return (try side(width, "wide"), try side(height, "tall"))
    }

    /// The same scene with only the glyphs of line `index` left to draw, and of those only run
    /// `run`'s when given: the line's other runs stay, so that the line keeps its origin (a
    /// right-to-left line's depends on all of its advance), but draw nothing (their glyphs take an
    /// id no font has, their decoration is dropped).
    package func keepingGlyphs(ofLine index: Int, run: Int? = nil) -> RenderScene {
        var scene = self
        for i in scene.lines.indices where i != index { scene.lines[i].runs = [] }
        guard let run else { return scene }
        for k in scene.lines[index].runs.indices where k != run {
            scene.lines[index].runs[k].decoration = []
            for g in scene.lines[index].runs[k].glyphs.indices { scene.lines[index].runs[k].glyphs[g].id = .max }
        }
        return scene
    }

    /// The x of the text's left edge: the left inset.
    var textLeft: Double { insets.left }

    /// Where `line` stands in the box as a column (``Layout/columnFrame(of:)``), or nil in a
    /// horizontal layout. The editor's box is turned: its top inset (the block's start side)
    /// is at the right under vertical-rl and at the left under vertical-lr, its bottom inset on
    /// the other side, its left inset above the columns and its right one below.
    package func column(of line: Line) -> ColumnFrame? {
        guard var frame = layout.columnFrame(of: line) else { return nil }
        frame.x += blockLeft
        frame.center += blockLeft
        frame.y += columnTop
        return frame
    }

    /// In a vertical scene, the x of the block's left edge: the top inset under vertical-lr; under
    /// vertical-rl the block ends the top inset short of the box's right edge (an editor as tall
    /// as more lines than the text's, `minLines`, has the room on the left); then moved across by
    /// the scroll.
    var blockLeft: Double { layout.origin(blockExtent: width, insets: insets).x + scrollShift.dx }

    /// How the scroll moves the text in the box: up by ``scrollOffset`` in lines; in columns right
    /// by it under vertical-rl (the later columns are on the left) and left under vertical-lr.
    var scrollShift: (dx: Double, dy: Double) {
        switch layout.prepared.style.settings.writingMode {
        case .horizontalTB: (0, -scrollOffset)
        case .verticalRL: (scrollOffset, 0)
        case .verticalLR: (-scrollOffset, 0)
        }
    }

    /// A rectangle of the editor's box as its model gives it (unscrolled: a caret's, a selection's)
    /// where the scroll shows it.
    package func scrolled(_ rect: LayoutRect) -> LayoutRect { rect.offsetBy(dx: scrollShift.dx, dy: scrollShift.dy) }

    /// In a vertical scene, the y where the columns start (their length is measured from it): the left inset.
    var columnTop: Double { layout.origin(blockExtent: width, insets: insets).y }

    /// The x a line's runs are placed from (their `x` is relative to it): the layout's
    /// ``Layout/lineOrigin(_:)`` from the left text edge.
    package func lineOrigin(_ line: Line) -> Double {
        textLeft + layout.lineOrigin(line)
    }

    /// From where to where a line's content (hanging whitespace excluded) reaches.
    package func contentSpan(_ line: Line) -> (x0: Double, x1: Double) {
        let origin = lineOrigin(line)
        guard line.isRightToLeft else { return (origin, origin + line.width) }
        let advance = line.runs.reduce(0) { $0 + $1.width }
        return (origin + advance - line.width, origin + advance)
    }

    /// The y of a line's top edge in the box.
    package func top(of line: Line) -> Double { contentTop + line.top }

    /// The y of a line's baseline in the box.
    package func baseline(of line: Line) -> Double { contentTop + line.baseline }

    /// The y of the content's top in the box: the top inset, less the scroll offset in lines.
    var contentTop: Double { insets.top + scrollShift.dy }

    /// The bottom of line `count` (1-based) in the box, counting lines past the text at an empty
    /// line's height, as the editor's height does.
    package func bottom(ofLine count: Int) -> Double {
        let lines = layout.lines
        if count <= lines.count { return insets.top + lines[count - 1].top + lines[count - 1].height }
        return insets.top + layout.contentHeight + Double(count - lines.count) * (layout.prepared.style.emptyLineHeight + layout.lineSpace)
    }

    /// The largest em size among the runs, in layout pixels.
    var largestGlyphSize: Double {
        lines.reduce(layout.prepared.style.settings.size) { size, line in line.runs.reduce(size) { max($0, $1.size) } }
    }

    /// - Throws: ``RenderError`` `.pictureTooLarge` when a glyph would be taller than the largest picture.
    func checkGlyphSize(scale: Double) throws {
        let ppem = largestGlyphSize * scale
        guard ppem <= Double(Self.maximumPixelSide) else {
            throw RenderError(.pictureTooLarge, "glyphs would be \(Int(ppem)) device pixels per em; at most \(Self.maximumPixelSide) are allowed")
        }
    }

    /// A number with at most two decimals, as SVG attributes and messages print it.
    public static func decimal(_ value: Double) -> String {
        guard abs(value) < plainDigitsLimit else { return plainNumber(value) }
        return plainNumber((value * 100).rounded() / 100)
    }
}
