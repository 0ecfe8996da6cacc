// The project's documentation as tests read it: README.md and the pages of docs/, by path, and a page's section by its heading.
import Foundation

public enum Documentation {
    /// Every page: README.md, then docs/*.md by name (docs/DESIGN.md among them).
    public static var pages: [String] {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent("docs").path)) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    /// The text of the page at `path` from the repository's root (`README.md`, `docs/line-model.md`).
    public static func text(_ path: String) throws -> String {
        try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// The pages written for users: every page but docs/DESIGN.md, which is for maintainers.
    public static var userPages: [String] { pages.filter { $0 != "docs/DESIGN.md" } }

    /// The text of every page for users (``userPages``), joined: where a test asks whether the
    /// documentation tells users something anywhere.
    public static func userText() throws -> String {
        try userPages.map(text).joined(separator: "\n")
    }

    /// The section of the page at `path` under the heading `title` (at any level, `## Truncation`),
    /// up to the next heading of the same or a higher level.
    public static func section(_ title: String, in path: String) throws -> String {
        let lines = try text(path).split(separator: "\n", omittingEmptySubsequences: false)
        let headings = headings(lines)
        guard let start = headings.firstIndex(where: { $0.title == title }) else { throw MissingSection(path: path, title: title) }
        let end = headings[(start + 1)...].first { $0.level <= headings[start].level }?.line ?? lines.endIndex
        return lines[(headings[start].line + 1)..<end].joined(separator: "\n")
    }

    /// The headings of a page's `lines`, outside fenced code blocks, with the index of their line.
    public static func headings(_ lines: [Substring]) -> [(line: Int, level: Int, title: String)] {
        var inFence = false
        var found: [(line: Int, level: Int, title: String)] = []
        for (index, line) in lines.enumerated() {
            if line.hasPrefix("```") { inFence.toggle() }
            if !inFence, let heading = heading(line) { found.append((index, heading.level, heading.title)) }
        }
        return found
    }

    /// The path from the repository's root of `target`, a link's target written on the page at
    /// `page`: `docs/chat-3.png` for `chat-3.png` on docs/pictures.md, `README.md` for `../README.md`.
    public static func resolve(_ target: String, fromPage page: String) -> String {
        var path = page.split(separator: "/").dropLast().map(String.init)
        for component in target.split(separator: "/") where component != "." {
            if component == ".." { path = path.dropLast() } else { path.append(String(component)) }
        }
        return path.joined(separator: "/")
    }

    /// A Markdown heading's level (the number of `#`) and title; nil for a line that is none.
    public static func heading(_ line: Substring) -> (level: Int, title: String)? {
        let hashes = line.prefix { $0 == "#" }
        guard (1...6).contains(hashes.count), line.dropFirst(hashes.count).first == " " else { return nil }
        return (hashes.count, line.dropFirst(hashes.count + 1).trimmingCharacters(in: .whitespaces))
    }

    /// The heading a page does not have.
    public struct MissingSection: Error, CustomStringConvertible {
        public let path: String
        public let title: String
        public var description: String { "\(path) has no heading '\(title)'" }
    }
}
