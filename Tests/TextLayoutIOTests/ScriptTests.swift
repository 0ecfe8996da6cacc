// The repository's shell scripts parse, and scripts/make-readme-pictures.sh makes every picture the README and the docs/ pages show.
import Foundation
import TestSupport
import Testing

@Suite("Scripts")
struct ScriptTests {
    /// Every shell script of the repository, as a path from its root: a `.sh` file, or one whose
    /// first line runs bash or sh (`.ci/run`); build folders left out.
    static let shellScripts: [String] = {
        let files = FileManager.default
        guard let walk = files.enumerator(at: repositoryRoot, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        var scripts: [String] = []
        for case let url as URL in walk {
            if [".build", ".git", ".swiftpm"].contains(url.lastPathComponent) {
                walk.skipDescendants()
                continue
            }
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true,
                  url.pathExtension == "sh" || runsShell(firstLine(url)) else { continue }
            scripts.append(String(url.standardizedFileURL.path.dropFirst(repositoryRoot.standardizedFileURL.path.count + 1)))
        }
        return scripts.sorted()
    }()

    /// The first line of a file (its first 200 bytes at most).
    static func firstLine(_ url: URL) -> String {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return "" }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 200)) ?? Data()
        return String(decoding: head.prefix { $0 != 0x0A }, as: UTF8.self)
    }

    /// Whether a first line is a `#!` line running bash or sh, directly or through env.
    static func runsShell(_ line: String) -> Bool {
        line.wholeMatch(of: /#!\s*(\/usr)?\/bin\/(env\s+)?(ba)?sh(\s.*)?/) != nil
    }

    @Test("every shell script parses (bash -n)", arguments: shellScripts)
    func parses(_ script: String) throws {
        let run = try runProgram(["bash", "-n", repositoryRoot.appendingPathComponent(script).path])
        #expect(run.status == 0 && run.error.isEmpty, "\(script): \(run.error)")
    }

    /// The pictures the documentation shows or links, as paths from the repository's root: a
    /// `.png` or `.svg` as a Markdown link's or image's target, or as an `<img>`'s `src`, relative
    /// to its page (`docs/chat-3.png` in the README, `chat-3.png` in docs/pictures.md).
    static func documentedPictures() throws -> Set<String> {
        var pictures: Set<String> = []
        for page in Documentation.pages {
            for match in try Documentation.text(page).matches(of: /(?:\]\(|src=")([^)"\s:]+\.(?:png|svg))/) {
                pictures.insert(Documentation.resolve(String(match.1), fromPage: page))
            }
        }
        return pictures
    }

    /// The command lines (comments left out) of scripts/make-readme-pictures.sh.
    static func pictureScriptLines() throws -> [Substring] {
        let script = try String(contentsOf: repositoryRoot.appendingPathComponent("scripts/make-readme-pictures.sh"), encoding: .utf8)
        return script.split(separator: "\n").filter { !$0.drop { $0 == " " }.hasPrefix("#") }
    }

    @Test("scripts/make-readme-pictures.sh names every picture the README and the docs/ pages show, and only those")
    func documentedPicturesAreMade() throws {
        #expect(Self.shellScripts.contains("scripts/make-readme-pictures.sh") && Self.shellScripts.contains(".ci/run"), "\(Self.shellScripts)")
        let shown = try Self.documentedPictures()
        #expect(shown.count >= 20, "\(shown.sorted())")
        for picture in shown.sorted() {
            #expect(FileManager.default.fileExists(atPath: repositoryRoot.appendingPathComponent(picture).path), "\(picture) is not in docs/")
        }
        let lines = try Self.pictureScriptLines()
        // Read statically, a picture counts as made only where its path is written out whole.
        let computed = lines.filter { $0.contains(/docs\/[^\s"']*\$/) }
        #expect(computed.isEmpty, "pictures whose names the script computes: \(computed)")
        let made = Set(lines.flatMap { $0.matches(of: /docs\/[A-Za-z0-9._-]+\.(?:png|svg)/).map { String($0.0) } })
        #expect(shown.subtracting(made).isEmpty, "the documentation shows pictures the script does not make: \(shown.subtracting(made).sorted())")
        #expect(made.subtracting(shown).isEmpty, "the script makes pictures the documentation does not show: \(made.subtracting(shown).sorted())")
    }
}
