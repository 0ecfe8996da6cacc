// Synthetic bold and oblique as render draws them: the pictures' ink lies within a pixel of the ink boxes the engine reports, bold covers more, the slant leans right, in PNG and SVG.
import Foundation
import Testing
import TextLayout
import TextRender
import TestSupport

@Suite("Synthetic styles in pictures")
struct SyntheticStylePictureTests {
    /// Room around the text for the slant and the embolden, which ink past the advances.
    static let insets = EdgeInsets(top: 4, left: 8, bottom: 4, right: 8)

    /// A scene of `text` in DejaVu Sans Mono (no bold or italic face among the bundled fonts) at `selection`.
    static func scene(_ text: String, _ selection: FontSelection) throws -> (scene: RenderScene, font: Font) {
        let font = try bundledFonts.font(named: "DejaVu Sans Mono", selection: selection, size: 24).font
        let prepared = try PreparedText(text, style: TextStyle(font: font, settings: TextSettings(size: 24)))
        let sizing = EditorSizing(insets: insets)
        let measurement = try prepared.measureEditor(editorWidth: nil, sizing: sizing)
        return (RenderScene(editor: measurement, sizing: sizing, editorWidth: nil), font)
    }

    /// The sum of the picture's alpha: how much ink it has.
    static func coverage(_ canvas: Canvas) -> Int { stride(from: 3, to: canvas.pixels.count, by: 4).reduce(0) { $0 + Int(canvas.pixels[$1]) } }

    @Test("synthetic bold and oblique are drawn, and their ink stays within a pixel of the reported boxes")
    func drawnAsReported() throws {
        let text = "Il|mW"
        let (plain, _) = try Self.scene(text, FontSelection())
        let (bold, boldFont) = try Self.scene(text, FontSelection(weight: 700))
        let (oblique, obliqueFont) = try Self.scene(text, FontSelection(slant: .italic))
        #expect(boldFont.synthetic == .bold && obliqueFont.synthetic == .oblique)
        for (name, scene) in [("plain", plain), ("bold", bold), ("oblique", oblique)] {
            let compared = try InkBoundsPictureTests.checkLine(0, of: scene, insets: Self.insets, scale: 1, name)
            #expect(compared > 1)
        }
        let options = RenderOptions(scale: 1, background: .transparent)
        let plainCanvas = try RasterRenderer.render(plain, options: options)
        let boldCanvas = try RasterRenderer.render(bold, options: options)
        let obliqueCanvas = try RasterRenderer.render(oblique, options: options)
        // Each glyph's stems grow by 1/24 of the size, 1 px: "Il|mW" has some ten stems.
        #expect(Double(Self.coverage(boldCanvas)) > Double(Self.coverage(plainCanvas)) * 1.2, "bold covers more")
        let plainInk = try #require(plainCanvas.inkBounds()), obliqueInk = try #require(obliqueCanvas.inkBounds())
        #expect(obliqueInk.x1 > plainInk.x1 + 2, "the slant leans the tops right: \(plainInk) \(obliqueInk)")
        // The SVG draws the same outlines: the synthetic ones differ from the face's.
        let svg = try SVGRenderer.render(plain, options: options), boldSVG = try SVGRenderer.render(bold, options: options)
        let obliqueSVG = try SVGRenderer.render(oblique, options: options)
        #expect(svg != boldSVG && svg != obliqueSVG && boldSVG != obliqueSVG)
    }
}

