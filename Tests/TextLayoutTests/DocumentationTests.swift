// The documentation names only what exists: every file, type, member and function that README.md or a docs/ page names in backticks is in the repository, and every link between pages reaches a page and a heading.
import Foundation
import TestSupport
import Testing

/// The names a page writes as code, checked against the repository.
///
/// A name is the text of an inline code span (between single backticks) in prose: fenced code
/// blocks and lines indented by four spaces are examples, not names, and are not read. A span is
/// checked by the first rule it fits; a span that fits none (an option such as `--width`, a JSON
/// key or value such as `lineSpace` or `"auto"`, a shell command, a Unicode name, prose) is not a
/// name and is passed over.
///
/// 1. **A path**: a span with a `/` whose first part is the name of a folder of the repository
///    (`Sources/TextLayout/Layout/LineRuns.swift`, `scripts/fuzz.sh`, `Prepare/TextStyle.swift`),
///    or a file name ending in `.swift`, `.c`, `.h`, `.sh`, `.py`, `.md`, `.ttf` or `.otf`. Some
///    file or folder of the repository must end with it (a golden case may be named without its
///    ending); `*` and `<what>` stand for any characters within one part. Absolute paths, `..`,
///    and `.build` (made by the build) are the machine's, not the repository's. In a span of
///    several words (a command: `scripts/compare-outputs.sh OLD NEW`), each word that is such a
///    path must exist.
/// 2. **A call or a selector**: `name(…)`, `Type(…)`, `Type.name(…)`, `.name(…)` or
///    `value.name(…)` (the value is not checked): the function must be declared (`func name`, or
///    an enum case with a value; for a type, the type, and an `init` when the type declares one),
///    and the labels the span gives (`font(named:weight:)`, or `TextStyle(font: font)`)
///    must be a declaration's, in its order, every label it leaves out having a default. A C
///    function (a name with `_`) is another library's and passed over, but for the project's own
///    (`cicu_…`), which the code must use. A function no Swift here declares is a library's when
///    the code calls it (`treatAllWarnings(as: .error)`).
/// 3. **A member**: `Type.member` (or `Type.a.b`), or `.member` with a capital in it (`.keepAll`;
///    `.notdef` and `.txt` are endings, not members): the type by rule 4; each member declared in
///    the repository's Swift (`func`, `var`, `let`, `case`, `init`, a nested type) when the type is
///    the project's; for another library's type (`String.Index`), declared or used by the code.
/// 4. **A type**: an UpperCamelCase word (`LineBox`, `Font`, `[StyledSpan]`, `CodedError<Code>`):
///    declared in the repository's Swift (`struct`, `class`, `enum`, `protocol`, `typealias`,
///    `actor` or `extension` Name), or, for a library's name (`Double`, `FcFontSort`), used by the
///    code. Other software the pages compare with, which no code here uses, is listed in
///    ``otherSoftware``.
/// 5. **A Swift name**: a lowerCamelCase word with a capital in it (`forEachLine`,
///    `widthCursor`, and JSON keys such as `shrinkWrapWidth`): the code must use it, as an
///    identifier or inside a string literal (where JSON keys are written).
///
/// "The code" is the Swift and C of Sources/, Tests/, Benchmarks/ and Fuzz/, Package.swift, and
/// the Python of scripts/ and Benchmarks/, with comments taken out (a name only a comment still
/// mentions has drifted too). This file declares, but what it writes in strings is no use.
struct DocumentationNames {
    /// Names (of types, functions and files) of other software that the pages compare with or
    /// descend from, which the code does not use.
    static let otherSoftware: Set<String> = [
        "AutoHeightEditor", "FormattableTextView", "VitaminTextField",  // the projects TextLayout's editor follows
        "PangoLayout", "ellipsize.c",  // Pango
        "ScoreLineBreaker", "kMaxLinesForBalance",  // Chromium
        "SkParagraph", "forceStrutHeight",  // Skia
        "Mutex",  // Swift's Synchronization, which the code does not use on purpose
        "compare.py",  // the peers' script beside the repository (../shared/peers)
    ]

    /// The file endings a bare file name is checked by (rule 1).
    static let checkedEndings = ["swift", "c", "h", "sh", "py", "md", "ttf", "otf"]

    /// Every file and folder of the repository, as a path from its root (build and VCS folders left out).
    let paths: [String]
    /// The names of every folder of the repository.
    let folderNames: Set<String>
    /// Types declared in the repository's Swift: by a type declaration, and by an extension.
    let declaredTypes: Set<String>
    let extendedTypes: Set<String>
    /// Names declared as functions, properties, enum cases or nested types.
    let declaredMembers: Set<String>
    /// Names declared as enum cases.
    let enumCases: Set<String>
    /// Every identifier-like word of the code, strings included.
    let usedWords: Set<String>
    /// The parameter lists of every `func` and `init` by name ("init" for initializers), with the
    /// types the file that declares it declares or extends.
    let parameterLists: [String: [(types: Set<String>, parameters: [Parameter])]]

    /// One parameter of a declaration: its argument label (`_` for none) and whether it has a default.
    struct Parameter {
        var label: String
        var hasDefault: Bool
    }

    init(root: URL = repositoryRoot, leavingOut: String = #filePath) {
        var paths: [String] = []
        var folders: Set<String> = []
        var swift: [(text: String, isThisFile: Bool)] = []
        var python: [String] = []
        let skipped: Set<String> = [".build", ".git", ".swiftpm"]
        let rootPath = root.standardizedFileURL.path
        let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey])
        while let url = walk?.nextObject() as? URL {
            if skipped.contains(url.lastPathComponent) {
                walk?.skipDescendants()
                continue
            }
            let path = String(url.standardizedFileURL.path.dropFirst(rootPath.count + 1))
            paths.append(path)
            if (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
                folders.insert(url.lastPathComponent)
                continue
            }
            let folder = path.split(separator: "/").first.map(String.init) ?? ""
            if (["swift", "c", "h"].contains(url.pathExtension) && ["Sources", "Tests", "Benchmarks", "Fuzz"].contains(folder))
                || path == "Package.swift", let text = try? String(contentsOf: url, encoding: .utf8) {
                swift.append((Self.withoutComments(text), url.standardizedFileURL.path == URL(fileURLWithPath: leavingOut).standardizedFileURL.path))
            } else if url.pathExtension == "py", ["scripts", "Benchmarks"].contains(folder), let text = try? String(contentsOf: url, encoding: .utf8) {
                python.append(text.replacing(/(?m)^\s*#[^\n]*/, with: ""))
            }
        }
        self.paths = paths
        folderNames = folders
        var types: Set<String> = []
        var extended: Set<String> = []
        var members: Set<String> = []
        var cases: Set<String> = []
        var words: Set<String> = []
        var lists: [String: [(types: Set<String>, parameters: [Parameter])]] = [:]
        for file in python {
            for match in file.matches(of: /[A-Za-z_][A-Za-z0-9_]*/) { words.insert(String(match.0)) }
        }
        for (file, isThisFile) in swift {
            var fileTypes: Set<String> = []
            for match in file.matches(of: /\b(struct|class|enum|protocol|typealias|actor|extension)\s+([A-Za-z_][A-Za-z0-9_]*)/) {
                fileTypes.insert(String(match.2))
                if match.1 == "extension" { extended.insert(String(match.2)) } else { types.insert(String(match.2)) }
            }
            for match in file.matches(of: /\b(?:func|var|let|struct|class|enum|protocol|typealias|actor)\s+([A-Za-z_][A-Za-z0-9_]*)/) {
                members.insert(String(match.1))
            }
            for match in file.matches(of: /(?m)^\s*(?:indirect\s+)?case\s+([a-z][^\n:]*)$/) {
                // An enum's cases, maybe with values or raw values (a switch's patterns start with a
                // dot, `let` or a literal, and end in a colon).
                let list = match.1.replacing(/\([^)]*\)/, with: "")
                for name in list.split(separator: ",") {
                    let trimmed = (name.split(separator: "=").first ?? "").trimmingCharacters(in: .whitespaces)
                    if trimmed.wholeMatch(of: /[a-z][A-Za-z0-9_]*/) != nil, trimmed != "let", trimmed != "var" { cases.insert(trimmed) }
                }
            }
            if !isThisFile {
                for match in file.matches(of: /[A-Za-z_][A-Za-z0-9_]*/) { words.insert(String(match.0)) }
            }
            for match in file.matches(of: /\b(?:func\s+([A-Za-z_][A-Za-z0-9_]*)|(init)[?!]?)\s*(?:<[^>()]*>)?\(/) {
                let name = String(match.1 ?? match.2 ?? "")
                members.insert(name)
                lists[name, default: []].append((fileTypes, Self.parameters(in: file, from: match.range.upperBound)))
            }
        }
        declaredTypes = types
        extendedTypes = extended
        declaredMembers = members.union(cases)
        enumCases = cases
        usedWords = words
        parameterLists = lists
    }

    /// `text` without its `//` and `/* */` comments.
    static func withoutComments(_ text: String) -> String {
        text.replacing(/\/\*[\s\S]*?\*\//, with: " ").replacing(/\/\/[^\n]*/, with: "")
    }

    /// The parameters of the list that opens before `start` in `text`, up to its closing parenthesis.
    static func parameters(in text: String, from start: String.Index) -> [Parameter] {
        topLevelPieces(text[start...], countingAngleBrackets: true).compactMap { piece in
            let head = piece.split(separator: ":", maxSplits: 1).first.map { $0.split(whereSeparator: \.isWhitespace) } ?? []
            guard let first = head.first else { return nil }
            return Parameter(label: String(first), hasDefault: piece.contains("="))
        }
    }

    /// The pieces of `text` between its commas outside brackets, up to the parenthesis that closes
    /// the list `text` is in. Angle brackets count in declarations (`[K: V]`, `Dictionary<K, V>`),
    /// not in calls, where `0..<5` is a value.
    static func topLevelPieces(_ text: Substring, countingAngleBrackets: Bool) -> [String] {
        var depth = 0
        var current = ""
        var pieces: [String] = []
        var previous: Character = " "
        for character in text {
            if depth == 0, character == ")" { break }
            switch character {
            case "(", "[", "{": depth += 1
            case "<" where countingAngleBrackets: depth += 1
            case ")", "]", "}": depth -= 1
            case ">" where countingAngleBrackets && previous != "-": depth -= 1
            default: break
            }
            if depth == 0, character == "," {
                pieces.append(current)
                current = ""
            } else {
                current.append(character)
            }
            previous = character
        }
        pieces.append(current)
        return pieces
    }

    /// `page` with its code blocks (fenced, or indented by four spaces) blanked, line for line.
    static func prose(_ page: String) -> String {
        var inFence = false
        return page.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            if line.hasPrefix("```") { inFence.toggle(); return "" }
            return inFence || line.hasPrefix("    ") ? "" : line
        }.joined(separator: "\n")
    }

    /// The inline code spans of `page`'s prose (a span may go on over one line break, not past a
    /// paragraph), each with the number of the line it starts on.
    static func codeSpans(_ page: String) -> [(line: Int, span: String)] {
        let text = prose(page)
        return text.matches(of: /`((?:[^`\n]|\n(?!\s*\n))+)`/).map { match in
            let line = text[..<match.range.lowerBound].filter { $0 == "\n" }.count + 1
            return (line, String(match.1).replacing(/\n\s*/, with: " "))
        }
    }

    /// What is wrong with `span` (nil when it names what exists, or names nothing).
    func problem(_ span: String) -> String? {
        switch pathVerdict(span) {
        case .found: return nil
        case .missing: return "no file or folder `\(span)` in the repository"
        case .notAPath: break
        }
        // A command names its script: `scripts/compare-outputs.sh OLD NEW`.
        for word in span.split(whereSeparator: \.isWhitespace).map(String.init) where pathVerdict(word) == .missing {
            return "no file or folder `\(word)` in the repository"
        }
        if span.contains("/") || span.first == "-" || span.first == "\"" { return nil }
        // A call: `Type.name(…)`, `.name(…)`, `value.name(…)` (the value's name is not checked) or `Name(…)`.
        if let call = span.wholeMatch(of: /(?:[a-z][A-Za-z0-9]*\.)?((?:\[?[A-Z][A-Za-z0-9]*(?:<[^>]*>)?\]?\.)?\.?)([A-Za-z_][A-Za-z0-9_]*)\((.*)\)/) {
            return callProblem(owner: String(call.1), name: String(call.2), arguments: String(call.3))
        }
        guard !span.contains(where: \.isWhitespace) else { return nil }
        if let member = span.wholeMatch(of: /(\[?[A-Z][A-Za-z0-9]*(?:<[^>]*>)?\]?)?((?:\.[A-Za-z_][A-Za-z0-9_]*)+)/) {
            let names = member.2.split(separator: ".").map(String.init)
            guard let owner = member.1.map(String.init) else {
                // `.name` alone is also how a file ending (`.notdef`, `.txt`) is written: only a
                // name with a capital in it (`.keepAll`) is surely a member.
                return names.count == 1 && names[0].contains(where: \.isUppercase) ? memberProblem(names[0], ofProjectType: true) : nil
            }
            if let problem = typeProblem(owner) { return problem }
            let ofProjectType = isProjectType(Self.baseType(owner))
            return names.lazy.compactMap { memberProblem($0, ofProjectType: ofProjectType) }.first
        }
        if span.wholeMatch(of: /\[?[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*(?:<[^>]*>)?\]?/) != nil { return typeProblem(span) }
        if span.wholeMatch(of: /_?[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*/) != nil {
            return usedWords.contains(span) || Self.otherSoftware.contains(span) ? nil : "no code uses `\(span)`"
        }
        return nil
    }

    /// The type a span writes, without its array brackets and generic arguments: `[StyledSpan]`
    /// and `CodedError<Code>` are `StyledSpan` and `CodedError`.
    static func baseType(_ written: String) -> String {
        String(written.replacing(/<.*>/, with: "").filter { $0 != "[" && $0 != "]" })
    }

    func isProjectType(_ name: String) -> Bool { declaredTypes.contains(name) }

    func typeProblem(_ written: String) -> String? {
        let name = Self.baseType(written)
        if declaredTypes.contains(name) || extendedTypes.contains(name) || usedWords.contains(name) || Self.otherSoftware.contains(name) {
            return nil
        }
        return "no type `\(name)` is declared, and no code uses it"
    }

    func memberProblem(_ name: String, ofProjectType: Bool) -> String? {
        if declaredMembers.contains(name) || declaredTypes.contains(name) { return nil }
        if !ofProjectType, usedWords.contains(name) { return nil }
        return "no `\(name)` is declared"
    }

    /// A call's or selector's problem: `owner` is `Type.`, `.` or empty; `arguments` what stands in its parentheses.
    func callProblem(owner: String, name: String, arguments: String) -> String? {
        let ownerType = owner.hasSuffix(".") && owner.count > 1 ? String(owner.dropLast()) : nil
        if let ownerType, let problem = typeProblem(ownerType) { return problem }
        let isInit = name.first?.isUppercase == true && ownerType == nil
        if isInit, let problem = typeProblem(name) { return problem }
        if ownerType == nil, name.dropFirst().contains("_") {
            // A C library's function (`pango_layout_set_line_spacing(layout, factor)`): only the
            // project's own, `cicu_`, must be there.
            return !name.hasPrefix("cicu_") || usedWords.contains(name) ? nil : "no code uses `\(name)`"
        }
        // An enum case with a value (`.fixed(24)`, `.layout(code)`).
        if !isInit, enumCases.contains(name) { return nil }
        let declared = parameterLists[isInit ? "init" : name] ?? []
        if !isInit, declared.isEmpty {
            // Not a function of ours: a library's function the code calls (`treatAllWarnings(as:)`).
            if declaredMembers.contains(name) || Self.otherSoftware.contains(name)
                || (!(ownerType.map { isProjectType(Self.baseType($0)) } ?? false) && usedWords.contains(name)) {
                return nil
            }
            return "no function `\(name)` is declared"
        }
        let labels = Self.labels(arguments)
        let type = ownerType.map(Self.baseType) ?? (isInit ? name : nil)
        // A library type's initializer (`Range(…)`) or a type with only its memberwise one is not checked by labels.
        if isInit, !declared.contains(where: { $0.types.contains(name) }) { return nil }
        let candidates = declared.filter { type == nil || $0.types.contains(type!) || !isProjectType(type!) }
        if candidates.contains(where: { Self.accepts($0.parameters, labels) }) { return nil }
        let shown = labels.map { $0 + ":" }.joined()
        return "no \(isInit ? "initializer of `\(name)`" : "function `\(name)`") takes the labels (\(shown))"
    }

    /// The argument labels a span gives: a selector's (`a:b:`, `_:`, or none), or a call's (the
    /// word before each top-level `:`, `_` for an argument without one).
    static func labels(_ arguments: String) -> [String] {
        if arguments.isEmpty { return [] }
        if arguments.wholeMatch(of: /(?:[A-Za-z_][A-Za-z0-9_]*:)+/) != nil {
            return arguments.split(separator: ":").map(String.init)
        }
        return topLevelPieces(arguments[...], countingAngleBrackets: false).map { piece in
            piece.wholeMatch(of: /\s*([A-Za-z_][A-Za-z0-9_]*):\s[\s\S]*/).map { String($0.1) } ?? "_"
        }
    }

    /// Whether a declaration's `parameters` take `labels` in order, every one left out having a default.
    static func accepts(_ parameters: [Parameter], _ labels: [String]) -> Bool {
        var next = 0
        for parameter in parameters {
            if next < labels.count, parameter.label == labels[next] {
                next += 1
            } else if !parameter.hasDefault {
                return false
            }
        }
        return next == labels.count
    }

    /// What a span is as a path of the repository (rule 1).
    enum PathVerdict {
        /// No path of the repository's, or another program's file: the other rules read it.
        case notAPath
        case found
        case missing
    }

    func pathVerdict(_ span: String) -> PathVerdict {
        if Self.otherSoftware.contains(span) { return .found }
        let pattern = span.replacing(/<[^>]*>/, with: "*")
        guard !pattern.contains(where: { $0.isWhitespace || "\"'=:|$%{}".contains($0) }) else { return .notAPath }
        let parts = pattern.split(separator: "/", omittingEmptySubsequences: true)
        let ending = pattern.split(separator: ".").last.map(String.init) ?? ""
        let looksLikePath = pattern.contains("/") ? parts.first.map { folderNames.contains(String($0)) } ?? false
            : parts.count == 1 && pattern.contains(".") && Self.checkedEndings.contains(ending)
        guard looksLikePath, !pattern.hasPrefix("/") else { return .notAPath }
        let trimmed = pattern.hasSuffix("/") ? String(pattern.dropLast()) : pattern
        let escaped = NSRegularExpression.escapedPattern(for: trimmed).replacingOccurrences(of: "\\*", with: "[^/]*")
        // `+Geometry.swift` is short for `EditorModel+Geometry.swift`.
        let start = trimmed.hasPrefix("+") ? "" : "(?:^|/)"
        guard let regex = try? Regex(start + escaped + "(?:\\.[A-Za-z0-9]+)?$") else { return .notAPath }
        return paths.contains(where: { $0.contains(regex) }) ? .found : .missing
    }

    /// The problems of every name a page writes, as `page:line: problem`.
    func problems(inPage page: String, text: String) -> [String] {
        Self.codeSpans(text).compactMap { line, span in problem(span).map { "\(page):\(line): \($0)" } }
    }
}

/// GitHub's anchor of a heading: lower case, punctuation but `-` and `_` dropped, spaces made `-`.
func headingAnchor(_ title: String) -> String {
    String(title.lowercased().filter { $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" || $0 == "_" }
        .map { $0 == " " ? "-" : $0 })
}

@Suite("Documentation")
struct DocumentationTests {
    static let names = DocumentationNames()

    @Test("every file, type, member and function a page names exists", arguments: Documentation.pages)
    func namesExist(_ page: String) throws {
        let problems = Self.names.problems(inPage: page, text: try Documentation.text(page))
        #expect(problems.isEmpty, "\(problems.count) names have drifted:\n\(problems.joined(separator: "\n"))")
    }

    @Test("every link of a page leads to a file, and to a heading of it", arguments: Documentation.pages)
    func linksLead(_ page: String) throws {
        var broken: [String] = []
        for match in DocumentationNames.prose(try Documentation.text(page)).matches(of: /(?:\]\(|src=")([^)"\s]+)/) {
            let target = String(match.1)
            guard !target.contains("://"), !target.hasPrefix("mailto:") else { continue }
            let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let file = parts[0].isEmpty ? page : Documentation.resolve(parts[0], fromPage: page)
            let url = repositoryRoot.appendingPathComponent(file)
            guard FileManager.default.fileExists(atPath: url.path) else { broken.append("\(target): no file \(file)"); continue }
            guard parts.count == 2 else { continue }
            let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            let anchors = Documentation.headings(lines).map { headingAnchor($0.title) }
            if !anchors.contains(parts[1]) { broken.append("\(target): \(file) has no heading whose anchor is #\(parts[1])") }
        }
        #expect(broken.isEmpty, "\(page): \(broken.joined(separator: "; "))")
    }

    @Test("each docs/ page opens with its title, then one line that says what it is for", arguments: Documentation.pages.dropFirst())
    func pagesSayWhatTheyAreFor(_ page: String) throws {
        let lines = try Documentation.text(page).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count > 3 && lines[0].hasPrefix("# ") && lines[1].isEmpty && !lines[2].isEmpty && lines[3].isEmpty,
                "\(page) should open with '# Title', a blank line, one line of what it is for, and a blank line")
    }

    @Test("the README links every docs/ page")
    func readmeLinksEveryPage() throws {
        let readme = try Documentation.text("README.md")
        for page in Documentation.pages.dropFirst() {
            #expect(readme.contains("](\(page))"), "the README does not link \(page)")
        }
    }

    @Test("the README's test section says how long the whole swift test takes and runs one suite by a suite's real name")
    func readmeSaysHowToRunOneSuite() throws {
        let readme = try Documentation.text("README.md")
        let section = try #require(readme.firstMatch(of: /- \*\*Tested\.\*\*[\s\S]*?\n\n/), "the README has no Tested section").output
        #expect(section.contains(/about \d+ minutes on \d+ cores/), "\(section)")
        let suites = section.matches(of: /swift test --filter (\w+)/).map { String($0.1) }.filter { $0 != "SuiteName" }
        #expect(!suites.isEmpty, "the Tested section shows no `swift test --filter` with a suite: \(section)")
        let tests = try FileManager.default.subpathsOfDirectory(atPath: repositoryRoot.appendingPathComponent("Tests").path)
            .filter { $0.hasSuffix(".swift") }
            .map { try String(contentsOf: repositoryRoot.appendingPathComponent("Tests/\($0)"), encoding: .utf8) }
        for suite in suites {
            #expect(tests.contains { $0.contains("struct \(suite) ") }, "no suite \(suite) is declared under Tests/")
        }
    }

    @Test("the check names a type, member, function, labels and files that do not exist, and passes keys, options and commands")
    func checkFindsDrift() {
        let page = """
        Lines come from `ForgottenBreaker` and `LineBox.forgottenRule`, after `forgottenHelper(in:)`
        and `Layout.updated(before:after:)`; see `Sources/TextLayout/Layout/Forgotten.swift` and `forgottenPhase`,
        run by `scripts/forgotten.sh OLD NEW`.
        These exist: `LineBox`, `LineBox.union`, `Layout.updated(for:after:)`, `PreparedText(_:style:spans:)`,
        `Sources/TextLayout/Layout/LineRuns.swift`, `Prepare/Itemizer.swift`, `Tests/Goldens/core/align-*`, `.ci/run`,
        `bash scripts/make-readme-pictures.sh`, `TextStyle(font: font)`,
        `scripts/japanese-kana-kerning`, `String.Index`, `.fixed(24)`, `FcFontSort`, `buildLine`, `shrinkWrapWidth`.
        And these are no names: `--line-height`, `lineSpace`, `"auto"`, `textlayout measure -- -5`, `/usr/share/hyphen`,
        `keep-all`, `hyph_*.dic`, `jobs.jsonl`, `U+2028`, `text-wrap-style: stable`.

            `InsideACodeBlock` is an example, not a name.
        """
        let problems = Self.names.problems(inPage: "page.md", text: page)
        #expect(problems == [
            "page.md:1: no type `ForgottenBreaker` is declared, and no code uses it",
            "page.md:1: no `forgottenRule` is declared",
            "page.md:1: no function `forgottenHelper` is declared",
            "page.md:2: no function `updated` takes the labels (before:after:)",
            "page.md:2: no file or folder `Sources/TextLayout/Layout/Forgotten.swift` in the repository",
            "page.md:2: no code uses `forgottenPhase`",
            "page.md:3: no file or folder `scripts/forgotten.sh` in the repository",
        ], "\(problems)")
    }
}
