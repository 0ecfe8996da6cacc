// fontconfig behind the font context: families by name, the list of families, and fallback fonts in fontconfig's order.
import CFontconfig
import Foundation

extension FontContext {
    /// Loads the font fontconfig matches for a pattern in fontconfig's syntax: a family name,
    /// optionally followed by properties, as in `DejaVu Sans`, `DejaVu Sans:bold`,
    /// `DejaVu Sans:weight=200:slant=italic` or `monospace`. A `-` in the family is part of its
    /// name (`system-ui`), not fontconfig's size suffix: the size is the style's.
    /// - Throws: ``LayoutError`` `.unknownFont` when the font fontconfig matches has neither that
    ///   family nor one the configuration binds to it strongly (an alias with binding "same" or
    ///   "strong", such as the metric-compatible Arial → Liberation Sans); a generic family such
    ///   as `sans-serif` or `monospace` always matches. ``LayoutError`` `.invalidArgument` for a
    ///   weight out of range.
    /// - Parameter weight: a CSS weight, 1 to 1000 (400 regular, 700 bold), which replaces the
    ///   pattern's `weight` (that one is on fontconfig's own scale, where 80 is regular and 200 bold),
    ///   converted with fontconfig's OpenType mapping (FcWeightFromOpenTypeDouble).
    public func font(family pattern: String, weight: Double? = nil) throws -> Font {
        try font(family: pattern, weight: weight, slant: .normal, stretch: nil)
    }

    /// ``font(family:weight:)`` that also asks fontconfig for a slant (italic, oblique) and a
    /// width (CSS stretch in percent, fontconfig's own scale), when they are not the defaults.
    func font(family pattern: String, weight: Double?, slant: FontSlant, stretch: Double?) throws -> Font {
        var properties: [(name: String, value: Double)] = []
        switch slant {
        case .normal: break
        case .italic: properties.append((FC_SLANT, Double(FC_SLANT_ITALIC)))
        case .oblique: properties.append((FC_SLANT, Double(FC_SLANT_OBLIQUE)))
        }
        if let stretch { properties.append((FC_WIDTH, stretch)) }
        let fontconfigWeight = try weight.map { weight throws -> Double in FcWeightFromOpenTypeDouble(try FontSelection.checkedWeight(weight)) }
        // The first configuration that knows the name answers: the system's (with the context's
        // folders), then the bundled fonts'.
        // A name matched once is not matched again (fontconfig's substitutions and sort cost about a
        // million instructions a family): the configurations never change, so neither does the answer.
        let key = ExactString(([pattern, fontconfigWeight.map { "\($0)" } ?? "none"] + properties.map { "\($0.name)=\($0.value)" })
            .joined(separator: "\u{0}"))
        let match = try state.withLock { state throws -> (path: String, index: Int) in
            if let known = state.matches[key] { return known }
            for config in try configurations(&state) {
                if let found = try Self.match(pattern, weight: fontconfigWeight, properties: properties, config: config) {
                    state.matches[key] = found
                    return found
                }
            }
            throw unknownFamily(pattern)
        }
        return try font(path: match.path, faceIndex: match.index)
    }

    /// The weight (on CSS's scale), slant and width (a stretch in percent) the fontconfig pattern
    /// `name` names, each nil when it names none (a family alone names none), or one CSS has no
    /// value for (a weight range, a weight off fontconfig's scale).
    static func patternStyle(_ name: String) -> (weight: Double?, slant: FontSlant?, stretch: Double?) {
        guard name.contains(":"), let pattern = FcNameParse(escapingHyphens(name)) else { return (nil, nil, nil) }
        defer { FcPatternDestroy(pattern) }
        var number = 0.0
        var weight: Double?
        if FcPatternGetDouble(pattern, FC_WEIGHT, 0, &number) == FcResultMatch {
            let css = FcWeightToOpenTypeDouble(number)
            if css >= 1, css <= 1000 { weight = css }
        }
        var slant: FontSlant?
        var slantValue: Int32 = 0
        if FcPatternGetInteger(pattern, FC_SLANT, 0, &slantValue) == FcResultMatch {
            switch slantValue {
            case Int32(FC_SLANT_ITALIC): slant = .italic
            case Int32(FC_SLANT_OBLIQUE): slant = .oblique(angle: 14)
            default: slant = .normal
            }
        }
        var stretch: Double?
        if FcPatternGetDouble(pattern, FC_WIDTH, 0, &number) == FcResultMatch, (50...200).contains(number) { stretch = number }
        return (weight, slant, stretch)
    }

    /// The family names of every font fontconfig knows in this context (the bundled fonts'
    /// among them when it searches them), sorted.
    public func availableFamilies() -> [String] {
        state.withLock { state -> [String] in
            guard let configs = try? configurations(&state), let pattern = FcPatternCreate() else { return [] }
            defer { FcPatternDestroy(pattern) }
            guard let objects = FcObjectSetCreate() else { return [] }
            defer { FcObjectSetDestroy(objects) }
            FcObjectSetAdd(objects, FC_FAMILY)
            var families = Set<String>()
            for config in configs {
                guard let set = FcFontList(config, pattern, objects) else { continue }
                defer { FcFontSetDestroy(set) }
                for i in 0..<Int(set.pointee.nfont) {
                    guard let font = set.pointee.fonts[i] else { continue }
                    families.formUnion(Self.strings(FC_FAMILY, of: font))
                }
            }
            return families.sorted()
        }
    }

    /// The font to draw `scalar` with when `primary` lacks it: the first font, in the order
    /// fontconfig sorts fonts for the primary's family and `language` (FcFontSort), whose
    /// character set has it; the system's fonts first, then the bundled ones
    /// (``bundledFallbackDirectory``). `language` is a BCP 47 tag, given to fontconfig as the language it
    /// names once completed with its likely subtags (``LanguageTag/fontconfigLanguage``), so that
    /// "zh", "zh-Hans" and "zh-SG" prefer the Simplified Chinese face and "zh-Hant" the Traditional
    /// one. With `emoji`, colour fonts of the `emoji` family come first. Nil when no font has it.
    /// Choices are cached per primary font, language, emoji flag and code point.
    public func fallbackFont(for scalar: UInt32, primary: Font, language: String? = nil, emoji: Bool = false) -> Font? {
        fallbackFont(for: scalar, primary: primary, language: language.flatMap { $0.isEmpty ? nil : LanguageTag($0) },
                     presentation: emoji ? .emoji : .any)
    }

    func fallbackFont(for scalar: UInt32, primary: Font, language tag: LanguageTag?, presentation: Presentation = .any) -> Font? {
        fallbackFont(covering: [scalar], primary: primary, language: tag, presentation: presentation)
    }

    /// The font to draw all of `scalars` with (a grapheme cluster's code points that need a glyph)
    /// when `primary` lacks one of them: the first font, in the order ``fallbackFont(for:primary:language:emoji:)``
    /// searches, whose character set and character map have every one of them. Nil when no font
    /// has them all. With `browserOrder` (the profile's ``FamilyFallback/browser``), fontconfig
    /// sorts for the language alone, no family asked for, as Blink asks it for a character's font.
    /// Choices are cached per primary font, language, presentation, order and code points.
    func fallbackFont(covering scalars: [UInt32], primary: Font, language tag: LanguageTag?, presentation: Presentation = .any,
                      browserOrder: Bool = false) -> Font? {
        guard !scalars.isEmpty else { return nil }
        let language = tag?.fontconfigLanguage
        let key = FallbackKey(primary: ObjectIdentifier(primary), language: language ?? "", presentation: presentation, browserOrder: browserOrder,
                              scalars: scalars)
        if let cached = state.withLock({ $0.fallbackChoices[key] }) { return cached }
        var chosen: Font?
        // Each pass: a family to sort for, and whether its candidates must be colour fonts (true),
        // must not be (false), or may be either (nil).
        // The family fontconfig sorts for: the primary's, or none (an empty name).
        let sorted = browserOrder ? "" : primary.familyName
        let passes: [(family: String, colour: Bool?)] = switch presentation {
        // Without fontconfig's "emoji" alias (a context of bundled fonts only), the "emoji" sort is
        // by other criteria: take colour fonts only.
        case .emoji: [("emoji", true), (sorted, nil)]
        case .text: [(sorted, false), (sorted, nil)]
        case .any: [(sorted, nil)]
        }
        let configCount = state.withLock { state in (try? configurations(&state))?.count ?? 0 }
        // Each pass in every configuration before the next pass: a colour emoji among the bundled
        // fonts comes before a system font's text glyph of the same character.
        search: for (family, colour) in passes {
          for config in 0..<configCount {
            let candidates = state.withLock { state -> [(String, Int)] in
                guard let set = try? fallbackSet(family: family, language: language, config: config, state: &state) else { return [] }
                var found: [(String, Int)] = []
                for i in 0..<Int(set.pointee.nfont) {
                    guard let pattern = set.pointee.fonts[i] else { continue }
                    var charset: OpaquePointer?
                    guard FcPatternGetCharSet(pattern, FC_CHARSET, 0, &charset) == FcResultMatch,
                          scalars.allSatisfy({ FcCharSetHasChar(charset, $0) != 0 }),
                          let path = Self.strings(FC_FILE, of: pattern).first else { continue }
                    if let colour {
                        var isColour: FcBool = FcFalse
                        FcPatternGetBool(pattern, FC_COLOR, 0, &isColour)
                        guard (isColour != FcFalse) == colour else { continue }
                    }
                    var index: Int32 = 0
                    FcPatternGetInteger(pattern, FC_INDEX, 0, &index)
                    found.append((path, Int(index)))
                    if found.count >= 4 { break }
                }
                return found
            }
            for (path, index) in candidates {
                // fontconfig's character set can claim a glyph the font maps to nothing: check the cmap too.
                if let font = try? font(path: path, faceIndex: index), scalars.allSatisfy(font.hasGlyph) {
                    chosen = fallback(font, for: scalars, madeFor: primary)
                    break search
                }
            }
          }
        }
        state.withLock { $0.fallbackChoices[key] = .some(chosen) }
        return chosen
    }

    /// The kind of font a fallback prefers, from the cluster's presentation (UTS #51).
    enum Presentation: Hashable, Sendable {
        /// The first font in fontconfig's order.
        case any
        /// A colour font of the `emoji` family (VS16, keycaps, Emoji_Presentation characters).
        case emoji
        /// A font that is not a colour font (VS15), when one has the character.
        case text
    }

    // MARK: - fontconfig state (called with the state locked)

    /// The configurations searched, in order: fontconfig's own (the system's fonts, with the
    /// context's folders added) or, without the system's, one of the context's folders only; then,
    /// when ``bundledFallbackDirectory`` is set, one of the bundled folder only.
    func configurations(_ state: inout State) throws -> [OpaquePointer] {
        if let configs = state.configs { return configs }
        var configs = [try Self.makeConfiguration(includingSystemFonts: includesSystemFonts, directories: fontDirectories)]
        if let bundled = bundledFallbackDirectory {
            do {
                configs.append(try Self.makeConfiguration(includingSystemFonts: false, directories: [bundled]))
            } catch {
                for config in configs { FcConfigDestroy(config) }
                throw error
            }
        }
        state.configs = configs
        return configs
    }

    /// A fontconfig configuration of the system's fonts (or of none) with the fonts of `directories` added.
    private static func makeConfiguration(includingSystemFonts: Bool, directories: [String]) throws -> OpaquePointer {
        guard let config = includingSystemFonts ? FcInitLoadConfigAndFonts() : FcConfigCreate() else {
            throw LayoutError(.internalError, "fontconfig could not load its configuration")
        }
        if !includingSystemFonts {
            // An empty configuration has no cache folder: fontconfig would scan the font folders
            // every time and print "No writable cache directories". Give it one in the temporary
            // folder, named after the folders' files as they are now: fontconfig trusts a cache
            // while its folder's modification time stays, which a font file rewritten in place
            // (a rebuilt bundle) does not change, so a cache of the old files would still claim
            // their characters.
            let caches = """
                <fontconfig><cachedir>\(NSTemporaryDirectory())/textlayout-fontconfig-\(getuid())/\(folderStamp(directories))</cachedir></fontconfig>
                """
            guard FcConfigParseAndLoadFromMemory(config, caches, FcTrue) != 0 else {
                FcConfigDestroy(config)
                throw LayoutError(.internalError, "fontconfig could not read the cache folders' configuration")
            }
        }
        for directory in directories where FcConfigAppFontAddDir(config, directory) == 0 {
            FcConfigDestroy(config)
            throw LayoutError(.badFontFile, "fontconfig could not read the font folder '\(directory)'")
        }
        // Without the system's configuration, a folder's own `fonts.conf` says which of its fonts
        // each language prefers (the bundled folder's names the regional CJK faces).
        if !includingSystemFonts {
            for directory in directories {
                let file = directory + "/" + folderConfigurationName
                guard FileManager.default.fileExists(atPath: file) else { continue }
                guard FcConfigParseAndLoad(config, file, FcTrue) != 0 else {
                    FcConfigDestroy(config)
                    throw LayoutError(.badFontFile, "fontconfig could not read the configuration '\(file)' (it must be a fontconfig XML file)")
                }
            }
        }
        return config
    }

    /// A name that changes whenever a file directly in `directories` is added, removed or rewritten: a
    /// hash of each file's name, size and modification time.
    private static func folderStamp(_ directories: [String]) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325  // FNV-1a
        func mix(_ text: String) {
            for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        }
        for directory in directories {
            mix(directory + "\u{0}")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            for name in names.sorted() { mix(name + "\u{0}" + FontContext.stamp(directory + "/" + name) + "\u{0}") }
        }
        return String(hash, radix: 16)
    }

    /// The fonts of configuration number `config` (of ``configurations(_:)``) sorted for `family`
    /// (none when it is empty: fontconfig's configuration then supplies its default) and `language`.
    private func fallbackSet(family: String, language: String?, config index: Int, state: inout State) throws -> UnsafeMutablePointer<FcFontSet>? {
        let key = ExactString(family + "\u{0}" + (language ?? "") + "\u{0}\(index)")
        if let set = state.fallbackSets[key] { return set }
        let config = try configurations(&state)[index]
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        if !family.isEmpty { FcPatternAddString(pattern, FC_FAMILY, family) }
        if let language, !language.isEmpty { FcPatternAddString(pattern, FC_LANG, language) }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let set = FcFontSort(config, pattern, FcTrue, nil, &result) else { return nil }
        state.fallbackSets[key] = set
        return set
    }

    /// The fontconfig configuration a font folder may hold, read by a context without system fonts.
    static let folderConfigurationName = "fonts.conf"

    /// The languages fontconfig has orthographies for ("ja", "zh-cn", "pa-pk"...).
    static let knownLanguages: Set<String> = {
        guard let langs = FcGetLangs() else { return [] }
        defer { FcStrSetDestroy(langs) }
        guard let list = FcStrListCreate(langs) else { return [] }
        defer { FcStrListDone(list) }
        var found = Set<String>()
        while let lang = FcStrListNext(list) { found.insert(String(cString: lang)) }
        return found
    }()

    static let genericFamilies: Set<String> = [
        "sans-serif", "sans", "serif", "monospace", "mono", "system-ui", "emoji", "cursive", "fantasy", "math",
    ]

    /// The font file and face `config` matches for the pattern `name`; nil when the match has
    /// neither the family asked for nor one bound to it strongly.
    /// - Throws: ``LayoutError`` `.unknownFont` when `name` is empty or not a pattern.
    private static func match(_ name: String, weight: Double?, properties: [(name: String, value: Double)],
                              config: OpaquePointer) throws -> (path: String, index: Int)? {
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw LayoutError(.unknownFont, "the font name is empty; give a family such as 'DejaVu Sans' or a font file path")
        }
        guard let pattern = FcNameParse(escapingHyphens(name)) else {
            throw LayoutError(.unknownFont, "'\(name)' is not a fontconfig pattern (expected 'Family' or 'Family:property=value', such as 'DejaVu Sans:bold')")
        }
        defer { FcPatternDestroy(pattern) }
        let requested = strings(FC_FAMILY, of: pattern)
        if let weight {
            FcPatternDel(pattern, FC_WEIGHT)
            FcPatternAddDouble(pattern, FC_WEIGHT, weight)
        }
        for property in properties {
            FcPatternDel(pattern, property.name)
            FcPatternAddDouble(pattern, property.name, property.value)
        }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        // The requested families and those the configuration binds strongly to them; the weak
        // ones (every family's default, sans-serif, and its fonts) are only fallbacks.
        let accepted = Set(stronglyBoundFamilies(of: pattern).map(normalized))
        var result = FcResultNoMatch
        guard let matched = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(matched) }
        let found = strings(FC_FAMILY, of: matched).map(normalized)
        let isKnown = requested.isEmpty || requested.contains { genericFamilies.contains(normalized($0)) }
            || found.contains { accepted.contains($0) }
        guard isKnown, let path = strings(FC_FILE, of: matched).first else { return nil }
        var index: Int32 = 0
        FcPatternGetInteger(matched, FC_INDEX, 0, &index)
        return (path, Int(index))
    }

    /// The families of `pattern` (after FcConfigSubstitute) with a strong binding, in order.
    private static func stronglyBoundFamilies(of pattern: OpaquePointer) -> [String] {
        var families: [String] = []
        var value = FcValue()
        var binding = FcValueBindingWeak
        var n: Int32 = 0
        while FcPatternGetWithBinding(pattern, FC_FAMILY, n, &value, &binding) == FcResultMatch {
            if binding == FcValueBindingStrong, value.type == FcTypeString, let string = value.u.s {
                families.append(String(cString: string))
            }
            n += 1
        }
        return families
    }

    /// `name` with each `-` of its family part (before the first `:`) escaped, so that fontconfig
    /// reads `system-ui` as one family rather than the family `system` at the size `ui`.
    static func escapingHyphens(_ name: String) -> String {
        var escaped = ""
        var inFamily = true
        var afterBackslash = false
        for character in name {
            if inFamily, character == "-", !afterBackslash { escaped.append("\\") }
            if character == ":", !afterBackslash { inFamily = false }
            afterBackslash = character == "\\" && !afterBackslash
            escaped.append(character)
        }
        return escaped
    }

    /// The error for a family no configuration of the context knows, naming where it looked.
    private func unknownFamily(_ name: String) -> LayoutError {
        guard includesSystemFonts else {
            let folders = fontDirectories.map { "'\($0)'" }.joined(separator: ", ")
            let listing = fontDirectories.count == 1 ? "'textlayout fonts --fonts-dir \(fontDirectories[0])'" : "'textlayout fonts --fonts-dir DIR'"
            return LayoutError(.unknownFont, "no font in \(fontDirectories.isEmpty ? "this context (it has no font folder)" : folders) has the family '\(name)'; list the families there with \(listing), or give a font file path inside it")
        }
        let bundled = bundledFallbackDirectory == nil ? "" : " or bundled"
        return LayoutError(.unknownFont, "no installed\(bundled) font has the family '\(name)' or one fontconfig's configuration aliases to it (as Liberation Sans for Arial); list the available families with 'textlayout fonts' (or 'fc-list : family'), or give a font file path")
    }

    private static func normalized(_ family: String) -> String {
        family.lowercased().filter { !$0.isWhitespace }
    }

    static func strings(_ object: String, of pattern: OpaquePointer) -> [String] {
        var values: [String] = []
        var n: Int32 = 0
        var value: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(pattern, object, n, &value) == FcResultMatch, let value {
            values.append(String(cString: value))
            n += 1
        }
        return values
    }
}

extension LanguageTag {
    /// The language fontconfig is given (FC_LANG) for this tag, in fontconfig's names, which its
    /// configurations test to prefer a regional face (fonts-noto-cjk's, and the bundled folder's
    /// `fonts.conf`). Han is read by script and region: Simplified "zh-cn", Traditional "zh-hk" in
    /// Hong Kong and Macau and "zh-tw" elsewhere, whatever the language (so Cantonese, "yue", is
    /// Traditional Han of Hong Kong); Japanese script "ja", Korean "ko". Any other tag is its
    /// language and region when fontconfig knows that pair ("pa-pk", "mn-cn"), else its language.
    var fontconfigLanguage: String {
        switch script {
        case "Hans": return "zh-cn"
        case "Hant": return region == "HK" || region == "MO" ? "zh-hk" : "zh-tw"
        case "Jpan": return "ja"
        case "Kore": return "ko"
        default:
            let withRegion = region.map { language + "-" + $0.lowercased() }
            if let withRegion, FontContext.knownLanguages.contains(withRegion) { return withRegion }
            return language
        }
    }
}
