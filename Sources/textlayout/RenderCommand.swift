// `textlayout render`: lays out one text as `measure` does and draws it to a PNG or SVG file, optionally with the measurement overlay.
import Foundation
import TextLayout
import TextLayoutIO
import TextRender

enum RenderCommand {
    static let usage = """
    usage: textlayout render --output FILE.png|FILE.svg [--debug] [--scale N]
                             [--foreground COLOR] [--background COLOR]
                             [--font NAME|PATH] [--weight 1-1000] [--size PX] [--width PX] [--line-spacing PX]
                             [--min-lines N] [--max-lines N] [--insets T,L,B,R]
                             [--min-height PX] [--max-height PX] [--output-format text|json]
                             [--direction auto|ltr|rtl] [--language BCP47]
                             [--line-break normal|strict|loose|keep-all]
                             [TEXT | --text-file FILE | -]

    The picture is the editor's box: --width wide (or the text's width plus the side insets) and
    exactly its measured height, times --scale (device pixels per pixel, default 1; at most
    \(RenderScene.maximumPixelSide) px a side). COLOR is #RGB, #RRGGBB, #RRGGBBAA or a name
    (black, white, transparent...). --debug draws each line's box (blue), baseline (red), wraps
    (magenta) and hard breaks (teal), the width limit (green, dashed), the insets (orange), the
    editor's box (gray) and the maxLines boundary (purple, dashed). --output-format also prints
    the measurement, as `measure` does.
    """

    /// Exit status: 0 written, 1 the text cannot be laid out or the picture is too large,
    /// 2 a usage error, 3 the picture could not be written.
    static func run(_ arguments: [String]) throws -> Int32 {
        let args = try Arguments(arguments, valued: LayoutOptions.names + ["output", "scale", "foreground", "background"],
                                 flagNames: ["debug"])
        guard let output = args.string("output") else { throw UsageError("--output FILE.png|FILE.svg is required\n\(usage)") }
        let format = try args.string("output-format").map { _ in try args.choice("output-format", ["text", "json"], default: "text") }
        var options = RenderOptions(debug: args.flags.contains("debug"))
        do {
            _ = try PictureFormat(path: output)
            if let text = args.string("scale") {
                guard let scale = Double(text), scale.isFinite, scale > 0 else {
                    throw UsageError("--scale must be a positive number (device pixels per pixel), got '\(text)'")
                }
                options.scale = scale
            }
            if let color = args.string("foreground") { options.foreground = try RGBAColor(parsing: color) }
            if let color = args.string("background") { options.background = try RGBAColor(parsing: color) }
        } catch let error as RenderError {
            throw UsageError(error.message)
        }

        // The same font context, style and options as `measure`, so the picture shows what `measure` prints.
        let result = try LayoutOptions.measure(args)
        let scene = RenderScene(editor: result.measurement, sizing: result.request.sizing, width: result.request.width)
        do {
            try scene.write(to: output, options: options)
        } catch let error as RenderError where error.code == .cannotWrite {
            Console.error("textlayout render: \(error.message)\n")
            return 3
        }
        if let format { try Console.write(format == "json" ? result.json(.runs) + "\n" : result.measurement.textDump) }
        return 0
    }
}
