// swift-tools-version:6.2
// The package: C shims over FreeType, HarfBuzz, fontconfig and ICU; the layout engine; the CLI; tests; benchmark.
import Foundation
import PackageDescription

/// Everything in the package root besides Fonts/ and the TextLayoutFonts sources, so that the
/// resource target rooted there takes nothing else for a resource (listed, so a new folder needs
/// no edit here).
let nonFontFiles: [String] = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path
    func entries(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root + "/" + folder)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }
    return entries("").filter { $0 != "Fonts" && $0 != "Sources" }
        + entries("Sources").filter { $0 != "TextLayoutFonts" }.map { "Sources/" + $0 }
}()

let package = Package(
    name: "TextLayout",
    products: [
        .library(name: "TextLayout", targets: ["TextLayout"]),
        .library(name: "TextEditing", targets: ["TextEditing"]),
        .library(name: "TextRender", targets: ["TextRender"]),
        // The boundary formats: JSON, layout requests and results, errors, the editing session.
        .library(name: "TextLayoutIO", targets: ["TextLayoutIO"]),
        .executable(name: "textlayout", targets: ["textlayout"]),
        // The fuzz targets' checks, for the libFuzzer package in Fuzz/ (scripts/fuzz.sh).
        .library(name: "TextLayoutFuzzing", targets: ["TextLayoutFuzzing"]),
    ],
    targets: [
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2",
                       providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz",
                       providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig",
                       providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"])]),
        .target(name: "CICU",
                linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icudata")]),
        // libthai's Thai word breaks for the pango profile, opened at run time: no build dependency.
        .target(name: "CThai"),
        // The Fonts/ folder as a resource bundle (every file in it is copied), shipped next to the
        // built binaries; rooted at the package so that Fonts/ stays where scripts and people find it.
        .target(name: "TextLayoutFonts", path: ".", exclude: nonFontFiles,
                sources: ["Sources/TextLayoutFonts"], resources: [.copy("Fonts")]),
        .target(name: "TextLayout",
                dependencies: ["CFreeType", "CHarfBuzz", "CFontconfig", "CICU", "CThai", "TextLayoutFonts"]),
        // The boundary: JSON in and out, requests, the one error type, the editing session.
        .target(name: "TextLayoutIO", dependencies: ["TextLayout", "TextEditing"]),
        // The batch's thread runner.
        .target(name: "TextLayoutBatch", dependencies: ["TextLayout", "TextLayoutIO"]),
        .target(name: "TextRender", dependencies: ["TextLayout", "TextEditing", "CFreeType", "CPNG"]),
        .target(name: "TextEditing", dependencies: ["TextLayout"]),
        // The CLI's option table, parser and usage texts, a library so that its tests can import it.
        .target(name: "TextLayoutCLI", dependencies: ["TextLayout", "TextLayoutIO"]),
        .executableTarget(name: "textlayout",
                          dependencies: ["TextLayoutCLI", "TextLayout", "TextEditing", "TextLayoutIO", "TextLayoutBatch", "TextRender"]),
        .systemLibrary(name: "CMalloc", path: "Benchmarks/CMalloc"),
        .executableTarget(name: "textlayout-bench", dependencies: ["TextLayout", "TextLayoutIO", "TextLayoutBatch", "TextLayoutCLI", "CHarfBuzz", "CICU", "CMalloc"],
                          path: "Benchmarks/TextLayoutBench"),
        .target(name: "TextLayoutFuzzing", dependencies: ["TextLayout", "TextEditing", "TextLayoutIO", "TextLayoutBatch", "TextRender"], path: "Fuzz/Checks"),
        // What the test targets share: the bundled-font contexts, the repository's paths, running
        // the built command, batch lines, the seeded random source and texts, the documentation.
        .target(name: "TestSupport", dependencies: ["TextLayout", "TextLayoutIO"], path: "Tests/TestSupport"),
        // The engine's tests. CHarfBuzz and CICU: the reference breaker measures and breaks without the engine.
        .testTarget(name: "TextLayoutTests",
                    dependencies: ["TextLayout", "TextLayoutIO", "TextLayoutBatch", "TextLayoutFuzzing", "TestSupport", "CHarfBuzz", "CICU"]),
        // The boundary's tests: JSON, requests and results, the batch, the commands and their
        // output, the golden workflow, the scripts. CHarfBuzz: the bare-machine tests read a font's cmap.
        .testTarget(name: "TextLayoutIOTests", dependencies: ["TextLayout", "TextLayoutIO", "TestSupport", "CHarfBuzz"]),
        .testTarget(name: "TextEditingTests",
                    dependencies: ["TextEditing", "TextLayoutIO", "TextLayout", "TestSupport"]),
        .testTarget(name: "TextLayoutCLITests", dependencies: ["TextLayoutCLI", "TextLayout", "TextLayoutIO"]),
        .testTarget(name: "TextRenderTests", dependencies: ["TextRender", "TextEditing", "TextLayout", "TextLayoutIO", "TestSupport"]),
        // The benchmark's scenarios measure what they say (never how fast: no timed tests).
        .testTarget(name: "TextLayoutBenchTests", dependencies: ["textlayout-bench", "TextLayout", "TextLayoutIO", "TextLayoutBatch", "TextLayoutCLI"]),
    ]
)

// `swift test` builds without a warning: in the package's own targets every Swift and C warning
// is an error. SwiftPM leaves these settings out where the package is a dependency fetched by URL.
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [.treatAllWarnings(as: .error)]
    target.cSettings = (target.cSettings ?? []) + [.treatAllWarnings(as: .error)]
}

// TEXTLAYOUT_UNOPTIMIZED_TESTS=1 (scripts/robustness.sh's full-size stage): in a release build the
// test targets and their support are compiled without optimization, the engine with it. The stage
// measures the engine's time and memory at full size, not the tests' own code, and optimizing the
// large test modules was most of that build's time.
if ProcessInfo.processInfo.environment["TEXTLAYOUT_UNOPTIMIZED_TESTS"] == "1" {
    for target in package.targets where target.type == .test || target.name == "TestSupport" {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-Onone"], .when(configuration: .release))]
    }
}
