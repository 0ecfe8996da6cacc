// The types the repository's Swift declares and what each declares (members, functions, stored properties), found by a scan of declarations, for the documentation checks.
import Foundation

/// What the repository's Swift declares, type by type: a scan of `struct`, `class`, `enum`,
/// `protocol`, `actor` and `extension` blocks (by their braces) and of the `var`, `let`, `func`,
/// `init`, `subscript`, `case` and nested types declared directly in each, not a parser.
/// Extensions in any file add to their type; a type also has what its supertypes (the project's
/// protocols and classes it names after `:`) and a typealias's target declare.
///
/// Comments and string literals are taken out before the scan, so braces in them do not count.
/// A type is known by its last name (`FontContext.Presentation` is `Presentation`).
struct SwiftDeclarations {
    /// What one type declares, over its declaration and its extensions.
    struct TypeDeclarations {
        /// Names declared directly in its blocks: properties, functions, enum cases, nested types, `init`, `subscript`.
        var members: Set<String> = []
        /// The parameter lists of its functions by name ("init" for its initializers).
        var functions: [String: [[DocumentationNames.Parameter]]] = [:]
        /// Its instance stored properties that are public, from its own declaration (extensions hold none), in order.
        var publicStoredProperties: [String] = []
        /// What it names after `:` (protocols, a superclass, an enum's raw type), or a typealias's target.
        var supertypes: Set<String> = []
        /// Whether a `struct`, `class`, `enum`, `protocol`, `actor` or `typealias` declares it (not only an extension).
        var isDeclared = false
    }

    /// Members that a library protocol or a raw type gives a type without a declaration in the
    /// repository (the compiler synthesizes them, or the library's protocol extensions add them).
    static let libraryMembers: [String: Set<String>] = [
        "CaseIterable": ["allCases"],
        "RawRepresentable": ["rawValue", "init"],
        "String": ["rawValue", "init"], "Int": ["rawValue", "init"], "UInt8": ["rawValue", "init"], "UInt32": ["rawValue", "init"],
        "Hashable": ["hashValue", "hash"],
        "Error": ["localizedDescription"],
        "Sequence": ["makeIterator", "map", "filter", "reduce", "first", "contains"],
        "Collection": ["count", "isEmpty", "first", "indices", "startIndex", "endIndex", "subscript", "map", "filter"],
        "BidirectionalCollection": ["last"],
        "RandomAccessCollection": ["count", "isEmpty", "first", "last", "indices", "startIndex", "endIndex", "subscript", "map"],
    ]

    /// Every type by its last name; "" holds the top-level functions.
    private(set) var types: [String: TypeDeclarations] = [:]

    /// Scans `files`, each a Swift file's text.
    init(files: [String]) {
        for file in files { scan(Self.withoutCommentsAndStrings(file)) }
    }

    /// `text` without its comments and with every string literal emptied (`""`).
    static func withoutCommentsAndStrings(_ text: String) -> String {
        DocumentationNames.withoutComments(text)
            .replacing(#/"""[\s\S]*?"""/#, with: "\"\"")
            .replacing(##/#"[^\n]*?"#/##, with: "\"\"")
            .replacing(#/"(?:[^"\\\n]|\\.)*"/#, with: "\"\"")
    }

    /// Whether the repository declares a type of this name (by a declaration, not only an extension).
    func isDeclared(_ type: String) -> Bool { types[type]?.isDeclared == true }

    /// The type and every project type it names as a supertype, transitively.
    func lineage(of type: String) -> [String] {
        var seen: [String] = []
        var queue = [type]
        while let next = queue.popLast() {
            guard !seen.contains(next) else { continue }
            seen.append(next)
            queue += types[next]?.supertypes ?? []
        }
        return seen
    }

    /// Whether `type` has `member`: declared in it or a supertype, or given by a library protocol it adopts.
    func has(_ type: String, member: String) -> Bool {
        lineage(of: type).contains { types[$0]?.members.contains(member) == true || Self.libraryMembers[$0]?.contains(member) == true }
    }

    /// The parameter lists of `type`'s functions named `name` ("init" for initializers), its supertypes' included.
    func functions(of type: String, named name: String) -> [[DocumentationNames.Parameter]] {
        lineage(of: type).flatMap { types[$0]?.functions[name] ?? [] }
    }

    /// The types that declare `member`, sorted: what a message suggests when a page names it on the wrong type.
    func typesDeclaring(_ member: String) -> [String] {
        types.filter { $0.key != "" && $0.value.members.contains(member) }.map(\.key).sorted()
    }

    private mutating func scan(_ text: String) {
        // One declaration the scan matches: a type's head up to its brace, a typealias, a member, or a brace.
        let declaration = #/(?<open>\{)|(?<close>\})|\b(?<kind>struct|class|enum|protocol|extension|actor)\s+(?!func\b|var\b|let\b|subscript\b|init\b)(?<type>[A-Za-z_][A-Za-z0-9_.]*)(?<head>[^{};]*)\{|\btypealias\s+(?<alias>[A-Za-z_][A-Za-z0-9_]*)(?:<[^>=]*>)?\s*=\s*(?<target>[A-Za-z_][A-Za-z0-9_]*)|\b(?:var|let)\s+(?<property>[A-Za-z_][A-Za-z0-9_]*)(?<propertyRest>[^\n{}]*)|\bfunc\s+(?<function>[A-Za-z_][A-Za-z0-9_]*)\s*(?:<[^>()]*>)?\(|\b(?<initializer>init)[?!]?\s*(?:<[^>()]*>)?\(|\b(?<subscriptKeyword>subscript)\s*[(<]|\n[ \t]*(?:indirect[ \t]+)?case[ \t]+(?<cases>[^\n{}]*)/#
        // The open type blocks, each with the brace depth of its body and whether it is an extension.
        var open: [(name: String, depth: Int, isExtension: Bool)] = []
        var depth = 0
        for match in text.matches(of: declaration) {
            let found = match.output
            // Members count only directly in a type's body (or at the top level), not inside functions.
            let block = open.last.flatMap { $0.depth == depth ? $0 : nil }
            let owner = block?.name ?? (open.isEmpty && depth == 0 ? "" : nil)
            if found.open != nil {
                depth += 1
            } else if found.close != nil {
                if open.last?.depth == depth { open.removeLast() }
                depth -= 1
            } else if let kind = found.kind, let written = found.type {
                let name = String(written.split(separator: ".").last ?? written)
                if let owner, owner != "" { types[owner, default: .init()].members.insert(name) }
                if kind != "extension" { types[name, default: .init()].isDeclared = true }
                types[name, default: .init()].supertypes.formUnion(Self.supertypes(in: String(found.head ?? "")))
                depth += 1
                open.append((name, depth, kind == "extension"))
            } else if let owner {
                if let name = found.alias.map(String.init), let target = found.target {
                    if owner != "" { types[owner, default: .init()].members.insert(name) }
                    types[name, default: .init()].isDeclared = true
                    types[name, default: .init()].supertypes.insert(String(target))
                } else if let name = found.property.map(String.init) {
                    types[owner, default: .init()].members.insert(name)
                    // Stored: no body or observers after it (the next character is no brace), not
                    // static, in the type's own block; public: so marked on its line.
                    let lineStart = text[..<match.range.lowerBound].lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
                    let modifiers = text[lineStart..<match.range.lowerBound]
                    let isStored = text[match.range.upperBound...].first != "{" && !modifiers.contains("static") && !modifiers.contains("class ")
                    if let block, !block.isExtension, isStored, modifiers.contains("public") || modifiers.contains("open ") {
                        types[owner, default: .init()].publicStoredProperties.append(name)
                    }
                } else if let name = found.function.map(String.init) ?? found.initializer.map(String.init) {
                    types[owner, default: .init()].members.insert(name)
                    types[owner, default: .init()].functions[name, default: []].append(DocumentationNames.parameters(in: text, from: match.range.upperBound))
                } else if found.subscriptKeyword != nil {
                    types[owner, default: .init()].members.insert("subscript")
                } else if let list = found.cases {
                    // An enum's cases, maybe with values or raw values.
                    for name in list.replacing(/\([^)]*\)/, with: "").split(separator: ",") {
                        let trimmed = (name.split(separator: "=").first ?? "").trimmingCharacters(in: .whitespaces)
                        if trimmed.wholeMatch(of: /[a-z][A-Za-z0-9_]*/) != nil { types[owner, default: .init()].members.insert(trimmed) }
                    }
                }
            }
        }
    }

    /// The names after the `:` of a type's head (`<T>: P, Q<R> where …`), generic arguments left out.
    static func supertypes(in head: String) -> Set<String> {
        let withoutGenerics = head.replacing(/<[^<>]*>/, with: "").replacing(/\bwhere\b[\s\S]*/, with: "")
        guard let colon = withoutGenerics.firstIndex(of: ":") else { return [] }
        let list = withoutGenerics[withoutGenerics.index(after: colon)...]
        return Set(list.split(separator: ",").compactMap { $0.split(whereSeparator: { $0.isWhitespace || $0 == "&" }).first.map(String.init) })
    }
}
