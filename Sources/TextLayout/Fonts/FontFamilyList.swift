// A CSS font-family list ("Inter, \"Noto Sans Arabic\", sans-serif"): its syntax, and the fonts it names, tried in order for each cluster before fallback.
import Foundation

/// The fonts of a `font-family` list that exist, in the list's order: the ``primary`` font
/// (line heights, empty lines, and every cluster it can draw), then the ``others``. The itemizer
/// gives each grapheme cluster the first font of the list that has all its characters (CSS
/// Fonts 4's per-character matching), and only a cluster none has goes to the fallback fonts of
/// the primary's ``FontContext``.
public struct FontFamilyList: Sendable, Hashable {
    /// The first family of the list that exists.
    public let primary: Font
    /// The later families that exist, in order, without repeats (of the primary, or of each other).
    public let others: [Font]
    /// The entries of the list that name nothing, skipped (as browsers skip them), in order: a
    /// family no font has, or a font file that does not exist.
    public let skippedFamilies: [String]

    /// A list of one font.
    public init(_ font: Font) {
        self.init(primary: font, others: [])
    }

    /// A list of `primary`, then `others` (a font already in the list is dropped).
    public init(primary: Font, others: [Font], skippedFamilies: [String] = []) {
        self.primary = primary
        var kept: [Font] = []
        for font in others where font !== primary && !kept.contains(where: { $0 === font }) { kept.append(font) }
        self.others = kept
        self.skippedFamilies = skippedFamilies
    }

    /// Every font of the list, the primary first.
    public var fonts: [Font] { [primary] + others }

    /// One warning for each skipped entry.
    var warnings: [String] {
        skippedFamilies.map { name in
            if let path = FontContext.missingFile(name) { return "no font file at '\(path)' of the font list: it is skipped" }
            return "no font has the family '\(name)' of the font list: it is skipped"
        }
    }

    /// The family names of a CSS `font-family` list, in order: entries separated by commas, each a
    /// quoted string (`"Noto Sans, Bold"`, `'Inter'`, with `\` escaping the next character) or
    /// unquoted words (their runs of white space read as one space), such as
    /// `Inter, "Noto Sans Arabic", sans-serif`. An entry may be a fontconfig pattern or a file
    /// path, as a single font name may.
    /// - Parameter key: the key the list was given under, named by errors.
    /// - Throws: ``LayoutError`` `.invalidArgument` naming `key` and the entry that is wrong: an
    ///   empty entry, a quote that is not closed, or text after a closing quote.
    public static func familyNames(in list: String, key: String = "font") throws -> [String] {
        var names: [String] = []
        var characters = Substring(list)
        func fail(_ problem: String) -> LayoutError {
            LayoutError(.invalidArgument, "\(key) '\(list)' is not a font-family list: entry \(names.count + 1) \(problem); give families separated by commas, such as 'Inter, \"Noto Sans Arabic\", sans-serif'",
                        keys: [key])
        }
        while true {
            characters = characters.drop { $0.isWhitespace }
            var name = ""
            if let quote = characters.first, quote == "\"" || quote == "'" {
                characters.removeFirst()
                var closed = false
                while let character = characters.popFirst() {
                    if character == quote { closed = true; break }
                    if character == "\\", let escaped = characters.popFirst() { name.append(escaped) } else { name.append(character) }
                }
                guard closed else { throw fail("opens a quote (\(quote)) that is not closed") }
                characters = characters.drop { $0.isWhitespace }
                if let next = characters.first, next != "," { throw fail("has text after its closing quote, starting at '\(next)'") }
                guard !name.isEmpty else { throw fail("is an empty quoted name") }
            } else {
                let end = characters.firstIndex { $0 == "," } ?? characters.endIndex
                name = characters[..<end].split(whereSeparator: \.isWhitespace).joined(separator: " ")
                if name.contains(where: { $0 == "\"" || $0 == "'" }) { throw fail("has a quote inside an unquoted name ('\(name)')") }
                characters = characters[end...]
                guard !name.isEmpty else { throw fail("is empty") }
            }
            names.append(name)
            guard characters.popFirst() == "," else { return names }
        }
    }
}

extension FontContext {
    /// Loads the fonts of a CSS `font-family` list (see ``FontFamilyList/familyNames(in:key:)``):
    /// each entry as ``font(named:selection:size:)`` loads a name, at the instance `selection`
    /// asks for, so an entry may be a family, a fontconfig pattern, a file path or a generic
    /// family (`serif`, `sans-serif`, `monospace`, `system-ui`, `emoji`, resolved through
    /// fontconfig). An empty list is the default font; a list of one name is that font, as
    /// ``font(named:selection:size:)`` gives it. A family no font has, or a font file that does
    /// not exist, is skipped, as CSS skips both (``FontFamilyList/skippedFamilies``, which the
    /// prepared text's warnings name).
    ///
    /// With `genericFamilies` (a browser's font settings: the profile's
    /// ``FamilyFallback/browser`` rule), a generic family of the list is the family the settings
    /// give it, and the list ends with their standard font when the system has it (Blink's
    /// `-webkit-standard`, which no warning names when it is missing).
    /// - Parameter key: the key the list was given under, named by errors.
    /// - Throws: ``LayoutError`` `.invalidArgument` for a list that is not well formed (naming
    ///   `key`), `.unknownFont` when no entry of the list exists (naming `key`, and why each is
    ///   missing), and what ``font(named:selection:size:)`` throws for an entry otherwise wrong (a
    ///   file that is not a font, a weight out of range).
    public func fonts(familyList list: String, selection: FontSelection, size: Double? = nil, key: String = "font",
                      genericFamilies: GenericFamilies? = nil) throws -> FontFamilyList {
        func load(_ name: String) throws -> Font { try font(named: genericFamilies?.family(forGeneric: name) ?? name, selection: selection, size: size).font }
        // The settings' standard font where they are given and the system has it: it ends the list.
        let standard = genericFamilies.flatMap { try? font(named: $0.standard, selection: selection, size: size).font }
        /// The list's fonts, then the standard font.
        func ending(_ fonts: [Font], skipped: [String] = []) -> FontFamilyList {
            FontFamilyList(primary: fonts[0], others: Array(fonts.dropFirst()) + (standard.map { [$0] } ?? []), skippedFamilies: skipped)
        }
        guard !list.allSatisfy(\.isWhitespace) else { return ending([try load("")]) }
        let names = try FontFamilyList.familyNames(in: list, key: key)
        var found: [Font] = []
        var skipped: [String] = []
        var misses: [LayoutError] = []
        for name in names {
            do {
                found.append(try load(name))
            } catch let error as LayoutError where error.code == .unknownFont || (error.code == .badFontFile && Self.missingFile(name) != nil) {
                let browserFamily = genericFamilies?.family(forGeneric: name)
                if names.count == 1, browserFamily == nil { throw error }
                skipped.append(browserFamily.map { "\(name) (\($0))" } ?? name)
                misses.append(error)
            }
        }
        // A list with a generic family stands for whatever fonts the browser has: when none of its
        // fonts exists, it is the settings' standard font, as Blink's list goes on to it, or without
        // that, the generic family as fontconfig gives it (Blink's last resort), not an error.
        if found.isEmpty, let genericFamilies, let generic = names.first(where: { genericFamilies.family(forGeneric: $0) != nil }) {
            found.append(try standard ?? font(named: generic, selection: selection, size: size).font)
        }
        guard !found.isEmpty else {
            let families = names.map { "'\($0)'" }.joined(separator: ", ")
            throw LayoutError(.unknownFont, "no family of the font list \(families) exists: " + misses.map(\.message).joined(separator: "; "),
                              keys: [key])
        }
        return ending(found, skipped: skipped)
    }

    /// The path of the font file `name` names (``fileAndFace(_:)``) when no file is there; nil
    /// for a name that is not a path, or a file that exists.
    static func missingFile(_ name: String) -> String? {
        guard let (path, _) = fileAndFace(name), !FileManager.default.fileExists(atPath: path) else { return nil }
        return path
    }

    /// The fonts of a list at a `weight` alone (see ``fonts(familyList:selection:size:key:)``).
    public func fonts(familyList list: String, weight: Double? = nil, key: String = "font") throws -> FontFamilyList {
        try fonts(familyList: list, selection: FontSelection(weight: weight), key: key)
    }
}
