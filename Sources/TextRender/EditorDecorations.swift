// What an editor adds around its text in a picture: the caret, the marked text's underline and the configured border, drawn in PNG and SVG.

/// A caret: a thin bar in the box's coordinates (insets included, where the scene's scroll shows it), in layout pixels.
public struct CaretMark: Sendable, Hashable {
    public var x: Double
    public var y: Double
    /// At least one device pixel is drawn, whatever the width.
    public var width: Double
    public var height: Double
    public var color: RGBAColor

    public init(x: Double, y: Double, width: Double = 1, height: Double, color: RGBAColor = .black) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.color = color
    }
}

/// A border stroked inside the box's edges (it takes no room from the layout, as an editor's
/// border does), with rounded corners.
public struct BoxBorder: Sendable, Hashable {
    /// The stroke's width in layout pixels; 0 draws nothing.
    public var width: Double
    public var cornerRadius: Double
    public var color: RGBAColor

    public init(width: Double, cornerRadius: Double = 0, color: RGBAColor) {
        self.width = width
        self.cornerRadius = cornerRadius
        self.color = color
    }
}

extension Canvas {
    /// Strokes `border` inside the canvas's edges, antialiased: each pixel is covered by how much of
    /// it lies between the box's rounded outline and the same outline `width` further in.
    mutating func stroke(_ border: BoxBorder, scale: Double) {
        let w = border.width * scale
        guard w > 0 else { return }
        let halfWidth = Double(width) / 2, halfHeight = Double(height) / 2
        let radius = min(max(0, border.cornerRadius * scale), halfWidth, halfHeight)
        let band = Int((max(w, radius) + 2).rounded(.up))
        for y in 0..<height {
            let nearEdgeRow = y < band || y >= height - band
            for x in 0..<width where nearEdgeRow || x < band || x >= width - band {
                // Signed distance from the pixel's centre to the rounded box (negative inside).
                let px = abs(Double(x) + 0.5 - halfWidth) - (halfWidth - radius)
                let py = abs(Double(y) + 0.5 - halfHeight) - (halfHeight - radius)
                let outside = (max(px, 0) * max(px, 0) + max(py, 0) * max(py, 0)).squareRoot()
                let distance = outside + min(max(px, py), 0) - radius
                // Coverage of the band -w...0 by a pixel-wide box filter around the centre.
                let coverage = min(1, max(0, 0.5 - distance)) - min(1, max(0, -w + 0.5 - distance))
                if coverage > 0 { blend(x, y, border.color, coverage: Int((coverage * 255).rounded())) }
            }
        }
    }

    /// Fills the caret's bar, at least one device pixel wide.
    mutating func draw(_ caret: CaretMark, scale: Double) {
        let x0 = Int((caret.x * scale).rounded(.down))
        let x1 = max(x0 + 1, Int(((caret.x + caret.width) * scale).rounded()))
        fill(x0: x0, y0: Int((caret.y * scale).rounded()), x1: x1, y1: Int(((caret.y + caret.height) * scale).rounded()), caret.color)
    }
}

extension RenderScene {
    /// The SVG elements of the border, the marked text's underlines and the caret.
    func decorationsSVG(scale: Double) -> String {
        let n = RenderScene.decimal
        var out = ""
        if let border, border.width > 0 {
            let w = border.width
            let radius = max(0, min(border.cornerRadius, width / 2, height / 2) - w / 2)
            out += "<rect x=\"\(n(w / 2))\" y=\"\(n(w / 2))\" width=\"\(n(max(0, width - w)))\" height=\"\(n(max(0, height - w)))\"" +
                (radius > 0 ? " rx=\"\(n(radius))\"" : "") + " fill=\"none\" stroke=\"\(border.color.hexRGB)\"" +
                (border.color.alpha == 255 ? "" : " stroke-opacity=\"\(n(Double(border.color.alpha) / 255))\"") +
                " stroke-width=\"\(n(w))\"/>\n"
        }
        for bar in markedTextUnderlines + (caret.map { [$0] } ?? []) {
            out += "<rect x=\"\(n(bar.x))\" y=\"\(n(bar.y))\" width=\"\(n(max(bar.width, 1 / scale)))\" height=\"\(n(bar.height))\"" +
                " fill=\"\(bar.color.hexRGB)\"" + (bar.color.alpha == 255 ? "" : " fill-opacity=\"\(n(Double(bar.color.alpha) / 255))\"") + "/>\n"
        }
        return out
    }
}
