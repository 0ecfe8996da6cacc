// The HTML page of `compare --html` and `check --html`: one self-contained static file, each job with its text, what changed and its layouts drawn side by side.
import Foundation
import TextLayout
import TextLayoutIO
import TextRender

/// One job on the page: a heading, its text, the changes or problems, and its pictures.
struct ReportEntry {
    var heading: String
    var text: String?
    var notes: [String]
    /// Captioned pictures, drawn side by side: SVG documents.
    var figures: [(caption: String, svg: String)]
}

enum ReportPage {
    /// The page: a title, then each entry. Pictures are SVG documents in `data:` URIs, so the file
    /// needs nothing beside it and each picture keeps its own glyph ids.
    static func html(title: String, summary: String, entries: [ReportEntry]) -> String {
        var out = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>\(escape(title))</title>
        <style>
        body { font-family: sans-serif; margin: 2em; color: #222; }
        section { border-top: 1px solid #ccc; padding: 1em 0; }
        .text { font-size: 1.1em; background: #f6f6f6; padding: 0.4em; white-space: pre-wrap; }
        .figures { display: flex; gap: 2em; align-items: flex-start; flex-wrap: wrap; }
        figure { margin: 0; } figcaption { font-size: 0.9em; color: #555; margin-bottom: 0.3em; }
        figure img { border: 1px solid #999; background: #fff; zoom: 1.5; }
        </style></head>
        <body>
        <h1>\(escape(title))</h1>
        <p class="summary">\(escape(summary))</p>

        """
        for entry in entries {
            out += "<section class=\"job\">\n<h2>\(escape(entry.heading))</h2>\n"
            if let text = entry.text { out += "<p class=\"text\">\(escape(text))</p>\n" }
            if !entry.notes.isEmpty { out += "<ul>" + entry.notes.map { "<li>\(escape($0))</li>" }.joined() + "</ul>\n" }
            out += "<div class=\"figures\">\n"
            for figure in entry.figures {
                let source = "data:image/svg+xml;base64," + Data(figure.svg.utf8).base64EncodedString()
                out += "<figure><figcaption>\(escape(figure.caption))</figcaption><img alt=\"\(escape(figure.caption))\" src=\"\(source)\"></figure>\n"
            }
            out += "</div>\n</section>\n"
        }
        return out + "</body></html>\n"
    }

    /// Writes the page to `path`, whole or not at all.
    /// - Throws: ``Console/WriteError`` (exit 3) when it cannot be written, saying why.
    static func write(_ page: String, to path: String) throws {
        do {
            try PictureFile.write(Array(page.utf8), to: path)
        } catch let error as RenderError where error.code == .cannotWrite {
            throw Console.WriteError(what: "the page '\(path)'", reason: error.message)
        }
    }

    /// The job's layout now, as `render --debug` draws it (glyphs, line boxes, baselines, wraps),
    /// every line shown: the box grows past `maxLines` and `maxHeight`, whose limit the overlay
    /// marks (purple dashes), so a reviewer sees what would scroll.
    static func renderedSVG(_ request: LayoutRequest, in context: FontContext) throws -> String {
        var whole = request
        whole.settings.sizing.maxLines = nil
        whole.settings.sizing.maxHeight = nil
        let result = try whole.measure(in: context)
        let scene = RenderScene(editor: result.measurement, sizing: request.settings.sizing, editorWidth: request.settings.editorWidth)
        return try SVGRenderer.render(scene, options: RenderOptions(debug: true))
    }

    /// A result's line boxes (blue), baselines (red) and each line's text on its baseline, drawn
    /// by the browser in a generic font: the layout of a result whose fonts are not at hand. Line
    /// tops are read back as the engine stacks lines: each below the one before, `lineSpace` apart.
    /// - Parameter request: the job the result was made from, when it is at hand: the picture has
    ///   its width, insets and size, and its right-to-left lines sit at the right. Without it the
    ///   picture is as wide as the widest line, every line at the left.
    static func lineBoxesSVG(_ result: JSONValue, text: String, request: LayoutRequest?, in context: FontContext) -> String {
        if ResultComparison.lines(result).contains(where: { $0["y"] != nil }) {
            return columnBoxesSVG(result, text: text, request: request)
        }
        func number(_ value: JSONValue?) -> Double { value?.number ?? 0 }
        let sizing = request?.settings.sizing ?? EditorSizing()
        let insets = sizing.insets
        let lineSpace = sizing.lineSpace
        let widestLineWidth = number(result["width"])
        let width = max(request?.settings.editorWidth ?? sizing.editorWidth(ofWrapWidth: widestLineWidth), 1)
        // The room lines are placed in: the job's wrap width, or its widest line.
        let room = request?.settings.editorWidth.map(sizing.wrapWidth(ofEditorWidth:)) ?? widestLineWidth
        let rightToLeft = request.map { rightToLeftLines(of: result, request: $0, in: context) } ?? []
        let height = max(number(result["editorHeight"]), number(result["height"]) + insets.top + insets.bottom, 1)
        let units = Array(text.utf16)
        var svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(decimal(width))" height="\(decimal(height))" viewBox="0 0 \(decimal(width)) \(decimal(height))">
        <rect width="\(decimal(width))" height="\(decimal(height))" fill="#ffffff"/>

        """
        var top = insets.top
        for (k, line) in ResultComparison.lines(result).enumerated() {
            let start = Int(number(line["start"])), end = Int(number(line["end"]))
            let lineWidth = number(line["width"]), lineHeight = number(line["height"])
            let baseline = insets.top + number(line["baseline"])
            let isRightToLeft = k < rightToLeft.count && rightToLeft[k]
            // The engine writes where a line starts when its style moves lines (an alignment, an
            // indent); otherwise a line starts at its paragraph's side: the right for a right-to-left one.
            let left = insets.left + (line["x"]?.number ?? (isRightToLeft ? room - lineWidth : 0))
            let piece = 0 <= start && start <= end && end <= units.count ? String(decoding: units[start..<end], as: UTF16.self) : ""
            svg += "<rect x=\"\(decimal(left))\" y=\"\(decimal(top))\" width=\"\(decimal(lineWidth))\" height=\"\(decimal(lineHeight))\" fill=\"none\" stroke=\"#1f6feb\" stroke-width=\"0.5\"/>\n"
            svg += "<line x1=\"\(decimal(left))\" y1=\"\(decimal(baseline))\" x2=\"\(decimal(left + lineWidth))\" y2=\"\(decimal(baseline))\" stroke=\"#d00000\" stroke-width=\"0.5\"/>\n"
            // A right-to-left line's text starts at the box's right edge and runs leftwards.
            let textStart = isRightToLeft ? "x=\"\(decimal(left + lineWidth))\" direction=\"rtl\"" : "x=\"\(decimal(left))\""
            svg += "<text \(textStart) y=\"\(decimal(baseline))\" font-family=\"sans-serif\" font-size=\"\(decimal(request?.settings.text.size ?? 17))\">\(escape(piece))</text>\n"
            top += lineHeight + lineSpace
        }
        return svg + "</svg>\n"
    }

    /// ``lineBoxesSVG(_:text:request:in:)`` for a vertical result (its lines carry a column's `y`):
    /// each column's box (blue) at its place across the block (its `x`, from the block's left edge),
    /// its central baseline (red, its `baseline`) down its length, and its text set in a column on
    /// it by the browser. The editor's box is turned as `render` turns it: the picture as wide as
    /// the block's extent and the top and bottom insets, as tall as the job's column length and
    /// the left and right insets; under vertical-rl the block hangs from the right, the top inset
    /// beside it. Without the job the picture is the block, as long as its longest column.
    static func columnBoxesSVG(_ result: JSONValue, text: String, request: LayoutRequest?) -> String {
        func number(_ value: JSONValue?) -> Double { value?.number ?? 0 }
        let sizing = request?.settings.sizing ?? EditorSizing()
        let insets = sizing.insets
        let longestColumn = number(result["width"])
        let blockExtent = number(result["height"])
        let width = max(number(result["editorHeight"]), blockExtent + insets.top + insets.bottom, 1)
        let height = max(request?.settings.editorWidth ?? sizing.editorWidth(ofWrapWidth: longestColumn), 1)
        let blockLeft = request?.settings.text.writingMode == .verticalRL ? width - insets.top - blockExtent : insets.top
        let units = Array(text.utf16)
        var svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(decimal(width))" height="\(decimal(height))" viewBox="0 0 \(decimal(width)) \(decimal(height))">
        <rect width="\(decimal(width))" height="\(decimal(height))" fill="#ffffff"/>

        """
        for line in ResultComparison.lines(result) {
            let start = Int(number(line["start"])), end = Int(number(line["end"]))
            let left = blockLeft + number(line["x"]), top = insets.left + number(line["y"])
            let length = number(line["width"]), across = number(line["height"]), center = blockLeft + number(line["baseline"])
            let piece = 0 <= start && start <= end && end <= units.count ? String(decoding: units[start..<end], as: UTF16.self) : ""
            svg += "<rect x=\"\(decimal(left))\" y=\"\(decimal(top))\" width=\"\(decimal(across))\" height=\"\(decimal(length))\" fill=\"none\" stroke=\"#1f6feb\" stroke-width=\"0.5\"/>\n"
            svg += "<line x1=\"\(decimal(center))\" y1=\"\(decimal(top))\" x2=\"\(decimal(center))\" y2=\"\(decimal(top + length))\" stroke=\"#d00000\" stroke-width=\"0.5\"/>\n"
            svg += "<text x=\"\(decimal(center))\" y=\"\(decimal(top))\" style=\"writing-mode: vertical-rl\" font-family=\"sans-serif\" font-size=\"\(decimal(request?.settings.text.size ?? 17))\">\(escape(piece))</text>\n"
        }
        return svg + "</svg>\n"
    }

    /// Whether each of a result's lines reads right to left: whether its paragraph does, as the
    /// engine reads `request` (the job the result was made from) now. A paragraph's direction
    /// comes from its text and the job's `direction`, not from the fonts, so a layout in today's
    /// fonts tells it; without a width each paragraph is one line. Empty when it cannot be laid out.
    static func rightToLeftLines(of result: JSONValue, request: LayoutRequest, in context: FontContext) -> [Bool] {
        var paragraphs = LayoutRequest(text: request.text)
        paragraphs.settings.text.direction = request.settings.text.direction
        guard let layout = try? paragraphs.measure(in: context).measurement.layout else { return [] }
        return ResultComparison.lines(result).map { line in
            let start = Int(line["start"]?.number ?? 0)
            return layout.lines.last { $0.utf16Range.lowerBound <= start }?.isRightToLeft ?? false
        }
    }

    /// A number as the renderer's SVG writes coordinates: at most two decimals.
    static func decimal(_ value: Double) -> String { RenderScene.decimal(value) }

    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}
