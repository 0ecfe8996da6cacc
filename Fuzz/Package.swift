// swift-tools-version:6.0
// The libFuzzer targets (text, font, batch, patterns, editor) over the TextLayout package one folder up; built by scripts/fuzz.sh, not by the main package.
import Foundation
import PackageDescription

// The main package, by path: its identity is its folder's name, whatever the clone is called.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let rootIdentity = root.lastPathComponent.lowercased()

func fuzzTarget(_ name: String) -> Target {
    .executableTarget(name: name, dependencies: [.product(name: "TextLayoutFuzzing", package: rootIdentity)],
                      path: "Targets/\(name)",
                      // libFuzzer brings main(); the file only defines LLVMFuzzerTestOneInput.
                      swiftSettings: [.unsafeFlags(["-parse-as-library"])])
}

let package = Package(
    name: "TextLayoutFuzz",
    dependencies: [.package(path: root.path)],
    targets: ["FuzzText", "FuzzFont", "FuzzBatch", "FuzzPatterns", "FuzzEditor"].map(fuzzTarget)
)
