// The documentation names only what exists: every file, type, member (on its own type) and function that README.md or a docs/ page names in backticks is in the repository, every link reaches a page and a heading, and DESIGN.md's module table, profile rule table, file map and settings fields match the code.
import Foundation
import TestSupport
import Testing
import TextLayout

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
///    `.notdef` and `.txt` are endings, not members): the type by rule 4. When the type is the
///    project's, the member must be declared on that type (`func`, `var`, `let`, `case`, `init`,
///    a nested type; in its declaration, an extension in any file, or a supertype:
///    ``SwiftDeclarations``), and `b` of `Type.a.b` on `a` when `a` is a nested type (else
///    anywhere); a call `Type.name(…)` takes its labels from that type's functions. For another
///    library's type (`String.Index`), the member is declared or used by the code.
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
    /// What each type declares, for a member named on its type (rule 3).
    let declarations: SwiftDeclarations

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
        declarations = SwiftDeclarations(files: swift.map(\.text))
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
            // `[StyledSpan].areExactly` is a member of an array (an extension of `Array`).
            let type = owner.hasPrefix("[") ? "Array" : Self.baseType(owner)
            guard isProjectType(type) else { return names.lazy.compactMap { memberProblem($0, ofProjectType: false) }.first }
            return memberProblem(names, of: type)
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

    /// The problem of `Type.a.b…` for a project type: `a` must be declared on the type, `b` on
    /// `a` when `a` is a type (a nested type, or a property whose type the scan does not know:
    /// then anywhere).
    func memberProblem(_ names: [String], of type: String) -> String? {
        var owner: String? = type
        for name in names {
            if let type = owner {
                if !declarations.has(type, member: name) {
                    let elsewhere = declarations.typesDeclaring(name).map { "`\($0)`" }
                    return "`\(type)` declares no `\(name)`" + (elsewhere.isEmpty ? "" : " (declared on \(elsewhere.joined(separator: ", ")))")
                }
            } else if let problem = memberProblem(name, ofProjectType: true) {
                return problem
            }
            owner = declarations.isDeclared(name) ? name : nil
        }
        return nil
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
        if let ownerType, isProjectType(Self.baseType(ownerType)) {
            return callProblem(on: Self.baseType(ownerType), name: name, arguments: arguments)
        }
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

    /// A call's or selector's problem on a project type: `Type.name(…)` must be a function (or an
    /// enum case with a value, or a property) of that type, its labels one of its declarations'.
    func callProblem(on type: String, name: String, arguments: String) -> String? {
        let declared = declarations.functions(of: type, named: name)
        if declared.isEmpty {
            if declarations.has(type, member: name) { return nil }
            let elsewhere = declarations.typesDeclaring(name).map { "`\($0)`" }
            return "`\(type)` declares no function `\(name)`" + (elsewhere.isEmpty ? "" : " (declared on \(elsewhere.joined(separator: ", ")))")
        }
        let labels = Self.labels(arguments)
        if declared.contains(where: { Self.accepts($0, labels) }) { return nil }
        return "no function `\(type).\(name)` takes the labels (\(labels.map { $0 + ":" }.joined()))"
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

/// docs/DESIGN.md's tables and file map held to the code: the module table to `Package.swift`, the
/// rule table to `LayoutProfile` and to the files that read each rule, the file map to the files,
/// and the types the page describes field by field to their stored properties. Each check takes the
/// page's text and returns its problems, each naming the target, rule, file or property.
struct DesignPageChecks {
    /// The folders whose every file the file map lists (the main package's sources, C ones
    /// included, and the benchmark's targets), and those whose Swift files it lists (the fuzz
    /// package's; its corpus and dictionary are inputs, not sources). Tests/ is testing.md's.
    static let mappedFolders = ["Sources/", "Benchmarks/TextLayoutBench/", "Benchmarks/CMalloc/"]
    static let mappedSwiftFolders = ["Fuzz/"]
    /// The types DESIGN.md describes field by field ("The settings are one value"): each public
    /// stored property must be named there as `Type.property`.
    static let typesDescribedInFull = ["LayoutSettings", "TextSettings", "TextStyle"]
    /// A `LayoutProfile` stored property that is no rule: the profile's name.
    static let profileFieldsThatAreNoRules: Set<String> = ["name"]

    let declarations: SwiftDeclarations
    /// Every file of the repository, from its root.
    let paths: [String]
    /// The Swift of Sources/ by path, comments and strings taken out: where rules are read.
    let sourceCode: [String: String]
    /// Package.swift's targets and the dependencies each names, in order.
    let packageTargets: [(name: String, dependencies: [String])]

    init(names: DocumentationNames, root: URL = repositoryRoot) {
        declarations = names.declarations
        paths = names.paths
        var code: [String: String] = [:]
        for path in names.paths where path.hasPrefix("Sources/") && path.hasSuffix(".swift") {
            if let text = try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8) {
                code[path] = SwiftDeclarations.withoutCommentsAndStrings(text)
            }
        }
        sourceCode = code
        let package = DocumentationNames.withoutComments((try? String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)) ?? "")
        packageTargets = Self.targets(ofPackage: package)
    }

    /// The targets a package manifest declares (`.target(name:`, `.executableTarget`, `.testTarget`,
    /// `.systemLibrary`), each with the names in its `dependencies:` list.
    static func targets(ofPackage text: String) -> [(name: String, dependencies: [String])] {
        let heads = text.matches(of: /\.(?:target|executableTarget|testTarget|systemLibrary)\(\s*name:\s*"([^"]+)"/)
        return heads.indices.map { i in
            let end = i + 1 < heads.count ? heads[i + 1].range.lowerBound : text.endIndex
            let body = text[heads[i].range.upperBound..<end]
            let list = body.firstMatch(of: /dependencies:\s*\[([^\]]*)\]/).map { String($0.1) } ?? ""
            return (String(heads[i].output.1), list.matches(of: /"([^"]+)"/).map { String($0.1) })
        }
    }

    /// The rows of the Markdown tables in `text`, each as its trimmed cells (header and separator rows left out).
    static func tableRows(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var previousWasRow = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("|") else { previousWasRow = false; continue }
            let cells = trimmed.dropFirst().dropLast(trimmed.hasSuffix("|") ? 1 : 0).split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            let isSeparator = cells.allSatisfy { $0.allSatisfy { "-: ".contains($0) } }
            // A table's first row is its header.
            if previousWasRow, !isSeparator { rows.append(cells) }
            previousWasRow = true
        }
        return rows
    }

    /// The words of a comma-separated table cell.
    static func list(_ cell: String) -> [String] {
        cell.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The module table (`## Modules`: target, what it holds, its dependencies) against Package.swift.
    func moduleTableProblems(modulesSection: String) -> [String] {
        let rows = Self.tableRows(modulesSection).filter { $0.count == 3 }
        var problems: [String] = []
        for target in packageTargets {
            guard let row = rows.first(where: { $0[0] == target.name }) else {
                problems.append("Package.swift's target \(target.name) has no row in DESIGN.md's module table (## Modules)")
                continue
            }
            if row[1].isEmpty { problems.append("the module table's row \(target.name) does not say what the target holds") }
            let written = Self.list(row[2])
            if written != target.dependencies {
                problems.append("the module table says \(target.name) depends on [\(written.joined(separator: ", "))]; "
                                + "Package.swift says [\(target.dependencies.joined(separator: ", "))]")
            }
        }
        for row in rows where !packageTargets.contains(where: { $0.name == row[0] }) {
            problems.append("the module table has a row for \(row[0]), which is no target of Package.swift")
        }
        return problems
    }

    /// The rules of `LayoutProfile`: its stored properties but its name.
    var profileRules: [String] {
        (declarations.types["LayoutProfile"]?.publicStoredProperties ?? []).filter { !Self.profileFieldsThatAreNoRules.contains($0) }
    }

    /// The files of Sources/ whose code reads `rule` (`.rule`), `LayoutProfile.swift`, which declares it, left out.
    func filesReading(_ rule: String) -> Set<String> {
        let read = try! Regex("\\.\(rule)\\b")
        return Set(sourceCode.filter { !$0.key.hasSuffix("/LayoutProfile.swift") && $0.value.contains(read) }.keys)
    }

    /// The rule table (rows whose first cell is `` `LayoutProfile.rule` ``, the files that read it
    /// in the last cell) against `LayoutProfile` and the code.
    func ruleTableProblems(page: String) -> [String] {
        var problems: [String] = []
        var rows: [String: [String]] = [:]
        for row in Self.tableRows(page) {
            guard row.count >= 2, let rule = row[0].wholeMatch(of: /`LayoutProfile\.([A-Za-z0-9_]+)`/)?.1 else { continue }
            rows[String(rule)] = row
        }
        for rule in profileRules {
            guard let row = rows[rule] else {
                problems.append("LayoutProfile.\(rule) has no row in DESIGN.md's rule table (Rule profiles)")
                continue
            }
            let named = row[row.count - 1].matches(of: /`([^`]+\.swift)`/).map { String($0.1) }
            var namedFiles: Set<String> = []
            for path in named {
                let matching = sourceCode.keys.filter { $0.hasSuffix("/" + path) }
                if matching.isEmpty { problems.append("the rule table's row \(rule) names \(path), which is no Swift file of Sources/") }
                namedFiles.formUnion(matching)
            }
            let reading = filesReading(rule)
            for file in reading.subtracting(namedFiles).sorted() {
                problems.append("\(file) reads LayoutProfile.\(rule), but the rule table's row does not name it")
            }
            for file in namedFiles.subtracting(reading).sorted() {
                problems.append("the rule table's row \(rule) names \(file), which does not read it")
            }
        }
        for rule in rows.keys.sorted() where !profileRules.contains(rule) {
            problems.append("the rule table has a row for LayoutProfile.\(rule), which is no rule of LayoutProfile")
        }
        return problems
    }

    /// The files the file map must list (see ``mappedFolders``).
    var mappedFiles: [String] {
        let directories = Set(paths.compactMap { path in paths.contains { $0.hasPrefix(path + "/") } ? path : nil })
        return paths.filter { path in
            !directories.contains(path)
                && (Self.mappedFolders.contains { path.hasPrefix($0) } || (Self.mappedSwiftFolders.contains { path.hasPrefix($0) } && path.hasSuffix(".swift")))
        }.sorted()
    }

    /// The file map (`## Source files`: a line `` **`folder/`** ``, then `` - `file`: what it is for `` for each file) against the files.
    func fileMapProblems(mapSection: String) -> [String] {
        var problems: [String] = []
        var folder: String?
        var listed: Set<String> = []
        for line in mapSection.split(separator: "\n") {
            if let heading = line.wholeMatch(of: /\*\*`([^`]+\/)`\*\*/) {
                folder = String(heading.1)
            } else if let entry = line.wholeMatch(of: /- `([^`]+)`:(.*)/) {
                guard let folder else { problems.append("the file map lists \(entry.1) before any folder line"); continue }
                let path = folder + entry.1
                listed.insert(path)
                if !paths.contains(path) { problems.append("the file map lists \(path), which is no file of the repository") }
                if entry.2.trimmingCharacters(in: .whitespaces).isEmpty { problems.append("the file map's line for \(path) does not say what it is for") }
            }
        }
        for file in mappedFiles where !listed.contains(file) {
            let folder = String(file[...(file.lastIndex(of: "/") ?? file.startIndex)])
            problems.append("\(file) is not in DESIGN.md's file map (## Source files): add a line `- `\(file.dropFirst(folder.count))`: what it is for` under its folder \(folder)")
        }
        return problems
    }

    /// The public stored properties of ``typesDescribedInFull`` that `page` never names as `Type.property`.
    func unnamedFieldProblems(page: String) -> [String] {
        let spans = Set(DocumentationNames.codeSpans(page).map(\.span))
        return Self.typesDescribedInFull.flatMap { type in
            (declarations.types[type]?.publicStoredProperties ?? []).filter { !spans.contains("\(type).\($0)") }
                .map { "DESIGN.md never names `\(type).\($0)`, a stored property of \(type), which it describes field by field" }
        }
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

    /// Public members whose cost is not what a reader would guess (they copy, rebuild, lock or
    /// depend on what came before), each with the declaration's first words and its file.
    static let costlyMembers: [(file: String, declaration: String)] = [
        ("Sources/TextLayout/Layout/LayoutLines.swift", "public subscript(index: Int) -> Line"),
        ("Sources/TextLayout/Prepare/PreparedText+Editing.swift", "public func replacingCharacters(inUTF16 range"),
        ("Sources/TextLayout/Prepare/PreparedText+Editing.swift", "public func replacingCharacters(in range"),
        ("Sources/TextLayout/Prepare/PreparedParagraph+Appending.swift", "public func appending(_ piece: String"),
        ("Sources/TextLayout/Layout/Layout+Incremental.swift", "public func updated(for prepared: PreparedText"),
        ("Sources/TextLayout/Prepare/PreparedText.swift", "public var text: String"),
        ("Sources/TextLayout/Prepare/PreparedText.swift", "public init(_ text: String, style: TextStyle"),
        ("Sources/TextLayout/Layout/Layout.swift", "public var widestLineWidth: Double"),
        ("Sources/TextLayout/Layout/Layout.swift", "public func layout(wrapWidth: Double? = nil"),
        ("Sources/TextLayout/Layout/EditorHeight.swift", "public func measureEditor(editorWidth: Double?"),
        ("Sources/TextLayout/Layout/EditorHeight.swift", "public func editorHeight(editorWidth: Double?"),
        ("Sources/TextLayout/Layout/Layout+Geometry.swift", "public func lineIndex(for caret: TextCaret)"),
        ("Sources/TextLayout/Layout/Layout+Geometry.swift", "public func caretRect(for caret: TextCaret"),
        ("Sources/TextLayout/Layout/Layout+Geometry.swift", "public func caret(atX x: Double, y: Double)"),
        ("Sources/TextEditing/EditorModel+Editing.swift", "public func insert(_ string: String)"),
    ]

    @Test("the public members whose cost is not obvious say it in a `- Complexity:` line of their documentation")
    func costlyMembersSayTheirCost() throws {
        for (file, declaration) in Self.costlyMembers {
            let lines = try String(contentsOf: repositoryRoot.appendingPathComponent(file), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false)
            let found = lines.indices.filter { lines[$0].trimmingCharacters(in: .whitespaces).hasPrefix(declaration) }
            guard let index = found.first, found.count == 1 else {
                Issue.record("\(file): \(found.count) declarations start with `\(declaration)`, not one")
                continue
            }
            // The documentation comment right above it (attributes such as @discardableResult between).
            var comment: [Substring] = []
            var k = index - 1
            while k >= 0 {
                let line = lines[k].trimmingCharacters(in: .whitespaces)
                if line.hasPrefix("///") { comment.append(lines[k]) } else if !line.hasPrefix("@") { break }
                k -= 1
            }
            #expect(comment.contains { $0.contains("- Complexity:") }, "\(file): `\(declaration)` does not say its cost (`- Complexity:`)")
        }
    }

    static let design = DesignPageChecks(names: names)
    static let designPage = "docs/DESIGN.md"

    @Test("DESIGN.md's module table lists every target of Package.swift, what it holds and its dependencies, and no other")
    func moduleTableMatchesPackage() throws {
        #expect(!Self.design.packageTargets.isEmpty, "no target read from Package.swift")
        let problems = Self.design.moduleTableProblems(modulesSection: try Documentation.section("Modules", in: Self.designPage))
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("every rule of LayoutProfile has a row in DESIGN.md's rule table that names every file of Sources/ reading it, and no other")
    func ruleTableCoversProfile() throws {
        let problems = Self.design.ruleTableProblems(page: try Documentation.text(Self.designPage))
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("DESIGN.md's file map has a line for every file of Sources/, the benchmark and the fuzzers, and none for a file that is gone")
    func fileMapCoversSources() throws {
        #expect(Self.design.mappedFiles.contains("Sources/TextLayout/LayoutProfile.swift"), "the files to map were not found")
        let problems = Self.design.fileMapProblems(mapSection: try Documentation.section("Source files", in: Self.designPage))
        #expect(problems.isEmpty, "\(problems.count) problems:\n\(problems.joined(separator: "\n"))")
    }

    @Test("DESIGN.md names every stored property of the settings and the style, which it describes field by field")
    func settingsNamedInFull() throws {
        let problems = Self.design.unnamedFieldProblems(page: try Documentation.text(Self.designPage))
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("the declaration scan finds the stored properties the runtime sees, and members on their own types")
    func declarationScanMatchesRuntime() {
        let scanned = Self.names.declarations.types
        func stored(_ value: Any) -> [String] { Mirror(reflecting: value).children.compactMap(\.label) }
        #expect(scanned["LayoutProfile"]?.publicStoredProperties == stored(LayoutProfile.standard))
        #expect(scanned["TextSettings"]?.publicStoredProperties == stored(TextSettings()))
        #expect(scanned["LayoutSettings"]?.publicStoredProperties == stored(LayoutSettings()))
        #expect(Self.design.profileRules.count == stored(LayoutProfile.standard).count - 1)
        // An extension in another file counts; a local variable inside a function does not.
        #expect(Self.names.declarations.has("TextSettings", member: "usesFontLineBoxes"))
        #expect(!Self.names.declarations.has("ParagraphStyle", member: "usesFontLineBoxes"))
        #expect(!Self.names.declarations.has("TextSettings", member: "unit"))
        #expect(Self.names.declarations.has("LayoutError", member: "keys"), "a typealias has its target's members")
        #expect(Self.names.declarations.has("PunctuationBreaks", member: "allCases"), "CaseIterable gives allCases")
    }

    @Test("the design checks name a missing target, a wrong dependency, a missing rule row, an unnamed reader, a missing file and an unnamed field")
    func designChecksFindDrift() throws {
        let page = try Documentation.text(Self.designPage)
        // The module table without CThai's row, and TextLayout's dependencies without it.
        let modules = try Documentation.section("Modules", in: Self.designPage)
        let withoutCThai = modules.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("| CThai |") }
            .joined(separator: "\n").replacing("CICU, CThai, TextLayoutFonts", with: "CICU, TextLayoutFonts")
        #expect(Self.design.moduleTableProblems(modulesSection: withoutCThai) == [
            "Package.swift's target CThai has no row in DESIGN.md's module table (## Modules)",
            "the module table says TextLayout depends on [CFreeType, CHarfBuzz, CFontconfig, CICU, TextLayoutFonts]; "
                + "Package.swift says [CFreeType, CHarfBuzz, CFontconfig, CICU, CThai, TextLayoutFonts]",
        ])
        // The rule table without its spaceFont row, and its textSpacingTrim row without Shaper.swift.
        let ruleDrift = page.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("| `LayoutProfile.spaceFont` |") }
            .joined(separator: "\n").replacing(", `Shaping/Shaper.swift` (`Shaper.shape`)", with: "")
        #expect(Self.design.ruleTableProblems(page: ruleDrift) == [
            "LayoutProfile.spaceFont has no row in DESIGN.md's rule table (Rule profiles)",
            "Sources/TextLayout/Shaping/Shaper.swift reads LayoutProfile.textSpacingTrim, but the rule table's row does not name it",
        ])
        // The file map without LayoutProfile.swift, and with a file that is not there.
        let map = try Documentation.section("Source files", in: Self.designPage)
        let mapDrift = map.replacing(/\n- `LayoutProfile.swift`:[^\n]*/, with: "\n- `ForgottenFile.swift`: gone")
        #expect(Self.design.fileMapProblems(mapSection: mapDrift) == [
            "the file map lists Sources/TextLayout/ForgottenFile.swift, which is no file of the repository",
            "Sources/TextLayout/LayoutProfile.swift is not in DESIGN.md's file map (## Source files): add a line "
                + "`- `LayoutProfile.swift`: what it is for` under its folder Sources/TextLayout/",
        ])
        // The settings described without the profile.
        #expect(Self.design.unnamedFieldProblems(page: page.replacing("`TextSettings.profile`", with: "the profile")) == [
            "DESIGN.md never names `TextSettings.profile`, a stored property of TextSettings, which it describes field by field",
        ])
        // A member named on a type that does not declare it.
        #expect(Self.names.problems(inPage: "page.md", text: "`ParagraphStyle.usesFontLineBoxes`") == [
            "page.md:1: `ParagraphStyle` declares no `usesFontLineBoxes` (declared on `LineBoxRule`, `TextSettings`)",
        ])
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
            "page.md:1: `LineBox` declares no `forgottenRule`",
            "page.md:1: no function `forgottenHelper` is declared",
            "page.md:2: no function `Layout.updated` takes the labels (before:after:)",
            "page.md:2: no file or folder `Sources/TextLayout/Layout/Forgotten.swift` in the repository",
            "page.md:2: no code uses `forgottenPhase`",
            "page.md:3: no file or folder `scripts/forgotten.sh` in the repository",
        ], "\(problems)")
    }
}
