// `textlayout render`: lays out one text as `measure` does and draws it to a PNG or SVG file (or standard output), optionally with the measurement overlay.
import Foundation
import TextLayout
import TextLayoutCLI
import TextLayoutIO
import TextRender

enum RenderCommand {
    static let output = CommandOption("output", .string(valueName: "FILE.png|FILE.svg|-"),
                                      help: "the picture's file, its format from the extension; - writes it to standard output",
                                      required: true)
    static let format = CommandOption("format", .choice(of: PictureFormat.self),
                                      help: "the picture's format: must match the extension of an --output file",
                                      default: "the extension, png for -")
    static let scale = CommandOption("scale", .number(valueName: "N", bounds: .positive),
                                     help: "device pixels per pixel", default: plainNumber(RenderOptions().scale))
    static let foreground = CommandOption("foreground", .string(valueName: "COLOR"), help: "the text's colour",
                                          default: RenderOptions().foreground.description)
    static let background = CommandOption("background", .string(valueName: "COLOR"), help: "the picture's background",
                                          default: RenderOptions().background.description)
    static let debug = CommandOption("debug", .flag, help: "draw the measurement over the text (see below)")
    static let options = [output, format, debug, scale, foreground, background] + MeasureCommand.options

    static let details = """
    The picture is the editor's box: --width wide (or the text's width plus the side insets) and
    exactly its measured height, times --scale (at most \(RenderScene.maximumPixelSide) px a side).
    COLOR is #RGB, #RRGGBB, #RRGGBBAA or a name (black, white, transparent...). --debug draws each
    line's box (blue), baseline (red), wraps (magenta) and hard breaks (teal), the width limit
    (green, dashed), the insets (orange), the editor's box (gray) and the maxLines boundary
    (purple, dashed). --output-format also prints the measurement, as `measure` does (not with
    --output -, where standard output holds the picture).
    --shrink-wrap draws the bubble a chat app draws: the text laid out again at its shrink-wrap
    width (the narrowest editor width that keeps its line count, insets included; the insets alone
    for a text with no width) in a box that wide. --height-steps draws nothing: it needs
    --output-format, which prints the steps with the measurement at --width; nor does
    --intrinsic-widths, which prints the min-content and max-content widths with it (give --width
    either of them to draw the text at it).
    Columns (--writing-mode vertical-rl or vertical-lr) turn the box: --width is the columns'
    length, down the picture, and the picture is as wide as the block of columns. --debug then
    draws each column's box (blue), its central baseline (red), its break (magenta or teal,
    below it) and the column-length limit (green, dashed, across); inline objects (--placeholders)
    stand in the columns, each its height down the column and its width across it.
    Exit status: 0 written, 1 the text cannot be laid out or the picture is too large, 2 a usage
    error, 3 the picture could not be written.
    """

    static func run(_ args: ParsedArguments) throws -> Int32 {
        let destination = args.string(output)!
        let toStandardOutput = destination == "-"
        let pictureFormat: PictureFormat
        var options = RenderOptions(debug: args.flag(debug))
        do {
            let named = args.choice(format, as: PictureFormat.self)
            if toStandardOutput {
                pictureFormat = named ?? .png
            } else {
                pictureFormat = try PictureFormat(path: destination)
                if let named, named != pictureFormat {
                    throw UsageError("--format \(named.rawValue) does not match the extension of '\(destination)'")
                }
            }
            options.scale = args.number(scale) ?? options.scale
            if let color = args.string(foreground) { options.foreground = try RGBAColor(parsing: color) }
            if let color = args.string(background) { options.background = try RGBAColor(parsing: color) }
        } catch let error as RenderError {
            throw UsageError(error.message)
        }
        let measurementFormat = args.choice(MeasureCommand.outputFormat, as: MeasureCommand.OutputFormat.self)
        if toStandardOutput, measurementFormat != nil {
            throw UsageError("--output-format prints to standard output, which --output - fills with the picture")
        }
        try MeasureCommand.checkGlyphs(args, format: measurementFormat)

        // The same font context, style and options as `measure`, so the picture shows what `measure` prints.
        let result = try MeasureCommand.measure(args)
        if result.request.heightSteps != nil, measurementFormat == nil {
            throw UsageError("--height-steps prints the steps with the measurement: add --output-format text or json")
        }
        if result.request.intrinsicWidths, measurementFormat == nil {
            throw UsageError("--intrinsic-widths prints the widths with the measurement: add --output-format text or json")
        }
        let scene = try picturedEditor(result)
        if toStandardOutput {
            try Console.write(try scene.picture(as: pictureFormat, options: options), what: "the picture")
            return 0
        }
        do {
            try scene.write(to: destination, options: options)
        } catch let error as RenderError where error.code == .cannotWrite {
            Console.error("textlayout render: \(error.message)\n")
            return 3
        }
        if let measurementFormat { try MeasureCommand.write(result, as: measurementFormat, args) }
        return 0
    }

    /// The editor the picture shows: as `result` measured it at its width, or with --shrink-wrap
    /// the bubble, its text laid out again (nothing is shaped again) at the shrink-wrap width,
    /// which keeps its line count, in a box that wide.
    /// - Throws: ``LayoutError`` as the layout at that width does.
    static func picturedEditor(_ result: LayoutResult) throws -> RenderScene {
        let sizing = result.request.settings.sizing
        guard let wrapWidth = result.shrinkWrapWidth, let bubble = result.editorShrinkWrapWidth else {
            return RenderScene(editor: result.measurement, sizing: sizing, editorWidth: result.request.settings.editorWidth)
        }
        // A text with no width (empty, or only spaces) breaks nowhere: it is laid out without a
        // limit, which a width of nothing between the insets could not be.
        let measurement = try result.measurement.layout.prepared.measureEditor(editorWidth: wrapWidth > 0 ? bubble : nil, sizing: sizing)
        return RenderScene(editor: measurement, sizing: sizing, editorWidth: bubble)
    }
}
