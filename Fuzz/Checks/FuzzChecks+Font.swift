// The font target: the input is a font file (mutations of the bundled fonts); loaded, then texts in every script laid out and drawn with it.
import Foundation
import TextLayout
import TextRender

extension FuzzChecks {
    /// Texts every fuzzed font lays out: Latin with kerning pairs and ligatures, Hebrew with
    /// points, Arabic, Devanagari, Thai, CJK, emoji, tabs and marks, mixed directions.
    static let fontTexts = ["AVAWAY To fi ffl Wave, 1234.", "שָׁלוֹם עוֹלָם", "مرحبا بالعالم", "हिन्दी क्षत्रिय", "ภาษาไทย",
                            "中文字 かな", "😀 👨‍👩‍👧 🇫🇷", "\ta\u{301}\u{302}\tb", "abc שלום 123 مرحبا"]

    /// Input: a font file. It is written to a temporary file and loaded in a fresh context (no
    /// fallback fonts, so every character is the fuzzed font's): refused with `badFontFile`, or
    /// laid out at two sizes and three widths keeping every invariant without any error, and drawn
    /// (raster and SVG).
    public static func font(_ data: [UInt8]) -> [String] {
        let path = NSTemporaryDirectory() + "/textlayout-fuzz-font-\(getpid()).ttf"
        guard FileManager.default.createFile(atPath: path, contents: Data(data)) else { return ["cannot write \(path)"] }
        defer { try? FileManager.default.removeItem(atPath: path) }
        let context = FontContext(fontDirectories: [], includeSystemFonts: false, shapeCacheBudget: 1 << 20, preparedTextCacheBudget: 0)
        let font: Font
        do {
            font = try context.font(path: path)
        } catch let error as LayoutError {
            // A bundled font, unchanged, is a good font: refusing it is a finding.
            if let bundled = bundledFontNamed(byBytes: data) { return ["the bundled font \(bundled) was refused: \(error.message)"] }
            return error.code == .badFontFile ? [] : ["a font file refused with \(error.code), not badFontFile: \(error.message)"]
        } catch {
            return ["a font file refused with \(error)"]
        }
        var problems: [String] = []
        let label = "a \(data.count)-byte font (\(font.familyName), \(font.metrics.unitsPerEm) units per em)"
        if !(16...16384).contains(font.metrics.unitsPerEm) { problems.append("\(label) loaded") }
        for (k, text) in fontTexts.enumerated() {
            for size in [17.0, 300] {
                do {
                    let prepared = try PreparedText(text, style: TextStyle(font: font, settings: TextSettings(size: size)))
                    for width in [nil, 1, 90] as [Double?] {
                        let layout = try prepared.layout(wrapWidth: width, lineSpace: 1)
                        problems += layout._checkInvariants().map { "\(label), \(describe(text)) at \(size) px, width \(width ?? 0): \($0)" }
                        // Draw the small layouts: FreeType loads and rasterizes every glyph.
                        if size == 17, width == 90 || k == 0 {
                            let scene = RenderScene(layout: layout)
                            if (try? scene.pixelSize(scale: 1)) != nil {
                                _ = try RasterRenderer.render(scene, options: RenderOptions())
                                _ = try SVGRenderer.render(scene, options: RenderOptions())
                            }
                        }
                    }
                } catch {
                    // The font loaded and the texts, sizes and widths are valid: any error is a finding.
                    problems.append("\(label), \(describe(text)) at \(size) px: an error on a valid input: \(error)")
                }
            }
        }
        return problems
    }

    /// The bundled font files (Fonts/*.ttf and *.otf), by their length in bytes.
    static let bundledFontsByLength: [Int: [String]] = {
        guard let directory = bundledDirectory,
              let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [:] }
        var byLength: [Int: [String]] = [:]
        for name in names where name.hasSuffix(".ttf") || name.hasSuffix(".otf") {
            let path = directory + "/" + name
            if let length = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int { byLength[length, default: []].append(path) }
        }
        return byLength
    }()

    /// The name of the bundled font file whose bytes are exactly `data`, if one is.
    static func bundledFontNamed(byBytes data: [UInt8]) -> String? {
        bundledFontsByLength[data.count]?.first { path in (try? Data(contentsOf: URL(fileURLWithPath: path))).map { Array($0) == data } ?? false }
            .map { URL(fileURLWithPath: $0).lastPathComponent }
    }
}
