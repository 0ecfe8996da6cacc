// Holds Font.decorationMetrics(size:) to Pango's font metrics (a C program against PangoFT2) for every bundled font at several sizes, and checks which way the positions point.
import Foundation
import Testing
import TestSupport
import TextLayout

/// Prints, for each font file given and each size, the size Pango loaded the font at and its
/// underline and strikethrough position and thickness, all in Pango units (1/1024 px). Each file
/// is the only font of its own fontconfig configuration, unhinted, so Pango loads exactly it.
private let pangoMetricsProgram = #"""
#include <stdio.h>
#include <stdlib.h>
#include <fontconfig/fontconfig.h>
#include <pango/pangoft2.h>
#include <pango/pangofc-fontmap.h>

static void unhinted(FcPattern *pattern, gpointer data) {
    (void)data;
    FcPatternDel(pattern, FC_HINTING);
    FcPatternAddBool(pattern, FC_HINTING, FcFalse);
}

int main(int argc, char **argv) {
    static const double sizes[] = {9, 12, 17, 24.5, 40, 100};
    for (int i = 1; i < argc; i++) {
        FcConfig *config = FcConfigCreate();
        FcChar8 *family = NULL;
        if (!FcConfigAppFontAddFile(config, (const FcChar8 *)argv[i])) { fprintf(stderr, "cannot add %s\n", argv[i]); return 1; }
        FcFontSet *fonts = FcConfigGetFonts(config, FcSetApplication);
        if (!fonts || fonts->nfont < 1 || FcPatternGetString(fonts->fonts[0], FC_FAMILY, 0, &family) != FcResultMatch) {
            fprintf(stderr, "no family in %s\n", argv[i]);
            return 1;
        }
        PangoFontMap *map = pango_ft2_font_map_new();
        pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(map), config);
        pango_fc_font_map_set_default_substitute(PANGO_FC_FONT_MAP(map), unhinted, NULL, NULL);
        PangoContext *context = pango_font_map_create_context(map);
        for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
            PangoFontDescription *asked = pango_font_description_new();
            pango_font_description_set_family(asked, (const char *)family);
            pango_font_description_set_absolute_size(asked, sizes[s] * PANGO_SCALE);
            PangoFont *font = pango_font_map_load_font(map, context, asked);
            if (!font) { fprintf(stderr, "Pango loads no font for %s\n", argv[i]); return 1; }
            PangoFontDescription *loaded = pango_font_describe_with_absolute_size(font);
            PangoFontMetrics *m = pango_font_get_metrics(font, NULL);
            printf("%s %g %d %d %d %d %d\n", argv[i], sizes[s], pango_font_description_get_size(loaded),
                   pango_font_metrics_get_underline_position(m), pango_font_metrics_get_underline_thickness(m),
                   pango_font_metrics_get_strikethrough_position(m), pango_font_metrics_get_strikethrough_thickness(m));
            pango_font_metrics_unref(m);
            pango_font_description_free(loaded);
            g_object_unref(font);
            pango_font_description_free(asked);
        }
        g_object_unref(context);
        g_object_unref(map);
    }
    return 0;
}
"""#

@Suite("Decoration metrics")
struct DecorationMetricsTests {
    /// Every font file in Fonts/.
    static func bundledFontFiles() throws -> [String] {
        let directory = try #require(FontContext.bundledFontsDirectory)
        return try FileManager.default.contentsOfDirectory(atPath: directory)
            .filter { $0.hasSuffix(".ttf") || $0.hasSuffix(".otf") }.sorted().map { directory + "/" + $0 }
    }

    /// One line of the program's output: a font file, the size asked for and the size Pango loaded
    /// (px), and Pango's metrics in pixels.
    struct PangoRow {
        let file: String
        let askedSize: Double
        let loadedSize: Double
        let metrics: DecorationMetrics
    }

    /// Pango's metrics of `files` at the program's sizes.
    static func pangoMetrics(_ files: [String]) throws -> [PangoRow] {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("metrics.c")
        let program = folder.appendingPathComponent("metrics")
        try pangoMetricsProgram.write(to: source, atomically: true, encoding: .utf8)
        let flags = try runProgram(["pkg-config", "--cflags", "--libs", "pangoft2", "pango", "fontconfig"])
        try #require(flags.status == 0, "pkg-config pangoft2 (libpango1.0-dev): \(flags.error)")
        let compile = try runProgram(["gcc", "-O1", "-o", program.path, source.path]
                                     + flags.output.split(whereSeparator: \.isWhitespace).map(String.init))
        try #require(compile.status == 0, "gcc against Pango (libpango1.0-dev): \(compile.error)")
        let run = try runProgram([program.path] + files)
        try #require(run.status == 0, "\(run.error)")
        let pixels = { (units: Substring) in Double(units).map { $0 / 1024 } }
        return try outputLines(run.output).map { line in
            let f = line.split(separator: " ")
            try #require(f.count == 7, "unexpected line \(line)")
            let numbers = try f[1...].map { try #require(Double($0), "not a number in \(line)") }
            return PangoRow(file: String(f[0]), askedSize: numbers[0], loadedSize: numbers[1] / 1024,
                            metrics: DecorationMetrics(underlinePosition: try #require(pixels(f[3])), underlineThickness: try #require(pixels(f[4])),
                                                       strikeoutPosition: try #require(pixels(f[5])), strikeoutThickness: try #require(pixels(f[6]))))
        }
    }

    /// Pango gives each value in whole Pango units (1/1024 px), HarfBuzz rounding it from the font's
    /// units at the size, so the engine's exact value is within half a unit of it; a unit allows
    /// for the rounding of sizes like 24.5 px to HarfBuzz's integer scale as well.
    static let tolerance = 1.0 / 1024

    @Test("underline and strikeout positions and thicknesses equal Pango's for every bundled font at six sizes", .needs(.pango))
    func sameAsPango() throws {
        let files = try Self.bundledFontFiles()
        #expect(files.count >= 10)
        let rows = try Self.pangoMetrics(files)
        #expect(rows.count == files.count * 6, "\(rows.count) rows for \(files.count) fonts")
        var compared = 0
        for row in rows {
            let font = try bundledFonts.font(path: row.file)
            // Pango loads a font of colour strikes only (Noto Color Emoji) at its strike's size
            // whatever size is asked; the engine scales it to any size, so it is compared at that one.
            let scalable = font.withFreeTypeFace { !Font.hasColorStrikesOnly($0) }
            #expect(scalable ? row.loadedSize == row.askedSize : row.loadedSize > 100, "\(row.file) at \(row.askedSize): Pango loaded \(row.loadedSize) px")
            let mine = font.decorationMetrics(size: row.loadedSize)
            let name = "\(URL(fileURLWithPath: row.file).lastPathComponent) at \(row.loadedSize) px"
            let pairs = [("underline position", mine.underlinePosition, row.metrics.underlinePosition),
                         ("underline thickness", mine.underlineThickness, row.metrics.underlineThickness),
                         ("strikeout position", mine.strikeoutPosition, row.metrics.strikeoutPosition),
                         ("strikeout thickness", mine.strikeoutThickness, row.metrics.strikeoutThickness)]
            for (what, engine, pango) in pairs {
                #expect(abs(engine - pango) <= Self.tolerance, "\(name): \(what) \(engine) px, Pango \(pango) px")
                compared += 1
            }
            // Both count positions up from the baseline: the underline below it, the strikeout above.
            #expect(row.metrics.underlinePosition < 0 && mine.underlinePosition < 0, "\(name): underline not below the baseline")
            #expect(row.metrics.strikeoutPosition > 0 && mine.strikeoutPosition > 0, "\(name): strikeout not above the baseline")
            #expect(mine.underlineThickness > 0 && mine.strikeoutThickness > 0)
        }
        #expect(compared == files.count * 6 * 4)
    }

    @Test("the metrics scale linearly with the size")
    func linear() throws {
        let font = try bundledFonts.font(path: try #require(FontContext.bundledFontPath("NotoSansThai-Regular.ttf")))
        let (small, large) = (font.decorationMetrics(size: 10), font.decorationMetrics(size: 30))
        // Noto Sans Thai: post underline at -100, 50 thick, at 1000 units per em.
        #expect(abs(small.underlinePosition - -1.0) < 1e-9 && abs(small.underlineThickness - 0.5) < 1e-9)
        #expect(abs(large.underlinePosition - 3 * small.underlinePosition) < 1e-9)
        #expect(abs(large.strikeoutPosition - 3 * small.strikeoutPosition) < 1e-9)
        #expect(abs(large.strikeoutThickness - 3 * small.strikeoutThickness) < 1e-9)
    }
}
