// swift-tools-version:6.0
// The package: C shims over FreeType, HarfBuzz, fontconfig and ICU; the layout engine; the CLI; tests; benchmark.
import PackageDescription

let package = Package(
    name: "TextLayout",
    products: [
        .library(name: "TextLayout", targets: ["TextLayout"]),
        .executable(name: "textlayout", targets: ["textlayout"]),
    ],
    targets: [
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2",
                       providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz",
                       providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig",
                       providers: [.apt(["libfontconfig-dev"])]),
        .target(name: "CICU",
                linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icudata")]),
        .target(name: "TextLayout",
                dependencies: ["CFreeType", "CHarfBuzz", "CFontconfig", "CICU"]),
        .target(name: "TextLayoutBatch", dependencies: ["TextLayout"]),
        .executableTarget(name: "textlayout", dependencies: ["TextLayout", "TextLayoutBatch"]),
        .testTarget(name: "TextLayoutTests", dependencies: ["TextLayout", "TextLayoutBatch"]),
    ]
)
