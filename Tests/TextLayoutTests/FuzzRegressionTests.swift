// Replays every input the fuzzers found (Tests/Goldens/fuzz/<target>/) and the fuzz seeds through the fuzz targets' own checks.
import Foundation
import Testing
import TextLayout
@testable import TextLayoutFuzzing
import TestSupport

@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    /// The committed inputs of `target`: the regressions, then the seeds of Fuzz/corpus (for the
    /// font target, every bundled font, each of which must load: the check reports refusing one).
    static func inputs(_ target: String) -> [URL] {
        let found = ["Tests/Goldens/fuzz/\(target)", "Fuzz/corpus/\(target)"].flatMap { folder -> [URL] in
            let directory = repositoryRoot.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            return names.filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted().map { directory.appendingPathComponent($0) }
        }
        let fontsDirectory = repositoryRoot.appendingPathComponent("Fonts")
        let fonts = target != "font" ? [] : ((try? FileManager.default.contentsOfDirectory(atPath: fontsDirectory.path)) ?? [])
            .filter { $0.hasSuffix(".ttf") || $0.hasSuffix(".otf") }.sorted()
        return found + fonts.map { fontsDirectory.appendingPathComponent($0) }
    }

    /// The font lists the text and editor targets draw load what they name: the bundled variable
    /// font first (with its weight axis set) where they name it first, the file's family
    /// otherwise, and a family no font has skipped, so that the inputs reach what the lists are for.
    @Test("the fuzz targets' font lists load the fonts they name")
    func fontLists() throws {
        let directory = try #require(FontContext.bundledFontsDirectory)
        for code in 0...9 {
            let (list, asked) = try FuzzChecks.fontList(bundledFonts, file: "NotoSansHebrew-Regular.ttf", code: code, seed: 128, size: 17, directory: directory)
            let variable = (6...8).contains(code)
            #expect(list.primary.familyName == (variable ? "Inter Subset" : "Noto Sans Hebrew"), "\(asked)")
            #expect(!variable || list.primary.axes.contains { $0.tag == "wght" } && list.others.contains { $0.familyName == "Noto Sans Hebrew" }, "\(asked)")
            #expect(list.skippedFamilies == (code == 2 ? ["No Such Family"] : []), "\(asked)")
        }
    }

    /// Each target's inputs run first in a child process, so that an input that crashes fails
    /// this test (the child's output names it) rather than the whole run; then here, each
    /// reported problem recorded with its file.
    @Test("every committed input passes its fuzz target's check", arguments: FuzzChecks.targets)
    func replay(_ target: String) async throws {
        let inputs = Self.inputs(target)
        #expect(!inputs.isEmpty, "no inputs for \(target)")
        await #expect(processExitsWith: .success, "an input of the \(target) target crashed") { [target = target as String] in
            for url in FuzzRegressionTests.inputs(target) {
                FileHandle.standardError.write(Data("replaying \(url.path)\n".utf8))
                _ = FuzzChecks.check(target, try [UInt8](Data(contentsOf: url)))
            }
        }
        for url in inputs {
            for problem in FuzzChecks.check(target, try [UInt8](Data(contentsOf: url))) {
                Issue.record(Comment(rawValue: "\(url.lastPathComponent): \(problem)"))
            }
        }
    }
}
