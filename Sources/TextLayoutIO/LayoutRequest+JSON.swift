// Reading a layout request from JSON: a batch job's keys, a session config's layout keys and the spans, each mistake named by its key.
import TextLayout

extension LayoutRequest.Span {
    /// The keys a span may have.
    public static let keys = ["start", "end", "font", "weight", "fontStyle", "size", "features", "letterSpacing", "wordSpacing", "attributes", "decoration",
                              "textCombineUpright"]

    /// Reads span `index` of a request's `spans`.
    /// - Throws: ``BoundaryError`` with `code`, naming the key (`spans[1].size`).
    init(_ value: JSONValue, index: Int, code: BoundaryErrorCode) throws(BoundaryError) {
        let span = try JSONObjectReader(value, keys: Self.keys, code: code, path: "spans[\(index)].", name: "'spans[\(index)]'",
                                        expected: "an object with \(Self.keys.joined(separator: ", "))", owner: "a span")
        guard let start = try span.field("start").integer(below: 1e15), let end = try span.field("end").integer(below: 1e15) else {
            throw BoundaryError(code, "'spans[\(index)]' needs 'start' and 'end' (UTF-16 offsets into the text)", keys: ["spans[\(index)]"])
        }
        guard 0 <= start, start <= end else {
            throw BoundaryError(code, "'spans[\(index)]' must have 0 <= start <= end, got start \(start) and end \(end)", keys: ["spans[\(index)]"])
        }
        self.init(start: start, end: end)
        font = try span.string("font")
        weight = try span.number("weight")
        slant = try span.field("fontStyle").fontSlant()
        size = try span.number("size")
        letterSpacing = try span.number("letterSpacing")
        wordSpacing = try span.number("wordSpacing")
        if case let .string(settings)? = span.field("features").value {
            // CSS font-feature-settings, as a job's own features.
            do {
                self.features = try FontFeature.list(parsing: settings, key: "spans[\(index)].features").map { ($0.tag, $0.value) }
            } catch {
                throw BoundaryError(error)
            }
        } else if let features = span.field("features").value, features != .null {
            guard case let .object(members) = features else {
                throw BoundaryError(code, "'spans[\(index)].features' must be an object of tags and values such as {\"liga\": 0, \"smcp\": 1}, or a string such as \"liga 0, smcp\", got \(features.typeName)",
                                    keys: ["spans[\(index)].features"])
            }
            for (tag, value) in members {
                let field = JSONField(value, name: "spans[\(index)].features.\(tag)", code: code)
                guard let number = try field.integer(below: 65536), number >= 0 else {
                    throw field.mistake("a whole number from 0 to 65535")
                }
                self.features.append((tag, UInt32(number)))
            }
        }
        if let attributes = span.field("attributes").value, attributes != .null {
            guard case let .object(members) = attributes else {
                throw BoundaryError(code, "'spans[\(index)].attributes' must be an object of strings such as {\"color\": \"#d00\"}, got \(attributes.typeName)",
                                    keys: ["spans[\(index)].attributes"])
            }
            for (key, value) in members {
                let field = JSONField(value, name: "spans[\(index)].attributes.\(key)", code: code)
                guard let text = try field.string() else { throw field.mistake(saying: "a string, got null") }
                self.attributes.append((key, text))
            }
        }
        decoration = try Self.readDecoration(span.field("decoration"))
        textCombineUpright = try span.choice("textCombineUpright") ?? .none
    }

    /// Reads a span's `decoration`: the name of a line (``TextDecoration/named``) or a list of
    /// them; absent or null for none.
    private static func readDecoration(_ field: JSONField) throws(BoundaryError) -> TextDecoration {
        let names = TextDecoration.named.map(\.name).joined(separator: ", ")
        func line(_ value: JSONValue, inList: Bool) throws(BoundaryError) -> TextDecoration {
            guard case let .string(name) = value else {
                throw field.mistake(saying: "one of \(names), or a list of them, got \(value.typeName)\(inList ? " in the list" : "")")
            }
            guard let line = TextDecoration.named.first(where: { $0.name == name }) else {
                throw field.mistake(saying: "one of \(names), or a list of them, got '\(name)'")
            }
            return line.decoration
        }
        switch field.value {
        case nil, .null?: return []
        case let .array(items)?:
            var decoration: TextDecoration = []
            for item in items { decoration.formUnion(try line(item, inList: true)) }
            return decoration
        case let value?: return try line(value, inList: false)
        }
    }
}

extension LayoutRequest {
    /// The keys that set the font and the settings: a job's and a session config's.
    public static let layoutKeys = ["font", "weight"] + fontInstanceKeys + ["features", "wordSpacing", "tabSize", "letterSpacing", "size", "width", "lineSpace", "minLines", "maxLines",
                                    "insets", "minHeight", "maxHeight", "direction", "language", "lineBreak", "wordBreak", "textTransform", "textSpacingTrim", "textAutospace",
                                    "writingMode", "textOrientation",
                                    "hyphens", "hyphenMinWord", "hyphenMinBefore", "hyphenMinAfter",
                                    "lineClamp", "truncate", "ellipsis", "lineHeight", "strut", "align", "indent",
                                    "textWrap", "whiteSpace", "overflowWrap", "textBox", "profile", "genericFamilies"]
    /// The keys a batch job may have.
    public static let keys = ["id", "text"] + layoutKeys + ["shrinkWrap", "intrinsicWidths", "fit", "heightSteps", "glyphs", "spans", "placeholders"]
    static let insetKeys = ["top", "left", "bottom", "right"]

    /// Reads a batch job.
    /// - Throws: ``BoundaryError`` `invalidJob` naming the key that is missing, unknown or of the wrong type.
    public init(job value: JSONValue) throws(BoundaryError) {
        let job = try JSONObjectReader(value, keys: Self.keys, code: .invalidJob, name: "a job", expected: "a JSON object", owner: "a job")
        guard let text = try job.string("text") else {
            throw BoundaryError(.invalidJob, "the job has no 'text' (a string; it is the only required key)")
        }
        self.init(text: text)
        id = job.field("id").value ?? .null
        try readLayoutKeys(job)
        shrinkWrap = try job.bool("shrinkWrap") ?? false
        intrinsicWidths = try job.bool("intrinsicWidths") ?? false
        fit = try Self.readFit(job)
        heightSteps = try Self.readWidthRange(job.field("heightSteps").value, key: "heightSteps")
        glyphs = try job.bool("glyphs") ?? false
        spans = try Self.readSpans(job.field("spans").value, code: .invalidJob)
        inlineObjects = try InlineObject.readList(job.field("placeholders").value, code: .invalidJob)
    }

    /// The keys of a `fit` object.
    public static let fitKeys = ["maxLines", "maxHeight", "minSize", "maxSize", "step"]

    /// Reads the `fit` object of `object` (absent or null: nil): `minSize` and `maxSize` required,
    /// `maxLines` and/or `maxHeight`, `step` (``FontSizeFit/defaultStep`` when absent), checked
    /// by ``FontSizeFit/validate()``.
    /// - Throws: ``BoundaryError`` with the object's code, naming `fit.KEY`.
    public static func readFit(_ object: JSONObjectReader) throws(BoundaryError) -> FontSizeFit? {
        // Absent in most jobs: found before the message it would need is made.
        guard let member = object.field("fit").value, member != .null else { return nil }
        let expected = "an object with \(fitKeys.joined(separator: ", "))"
        guard let reader = try object.object("fit", keys: fitKeys, expected: expected, owner: "fit") else { return nil }
        guard let minSize = try reader.number("minSize"), let maxSize = try reader.number("maxSize") else {
            throw BoundaryError(reader.code, "'fit' needs 'minSize' and 'maxSize' (the sizes tried, in pixels), and 'maxLines' or 'maxHeight' or both",
                                keys: [try reader.number("minSize") == nil ? "fit.minSize" : "fit.maxSize"])
        }
        let fit = FontSizeFit(maxLines: try reader.field("maxLines").integer(below: 1e9), maxHeight: try reader.number("maxHeight"),
                              minSize: minSize, maxSize: maxSize, step: try reader.number("step") ?? FontSizeFit.defaultStep)
        do { try fit.validate() } catch { throw BoundaryError(reader.code, error) }
        return fit
    }

    /// Reads a list of spans (absent or null: none).
    /// - Throws: ``BoundaryError`` with `code`, naming the span and key that are wrong.
    public static func readSpans(_ value: JSONValue?, code: BoundaryErrorCode) throws(BoundaryError) -> [Span] {
        guard let value, value != .null else { return [] }
        guard case let .array(list) = value else {
            throw BoundaryError(code, "'spans' must be a list of spans {\(Span.keys.joined(separator: ", "))}, got \(value.typeName)")
        }
        var spans: [Span] = []
        for (index, item) in list.enumerated() { spans.append(try Span(item, index: index, code: code)) }
        return spans
    }

    /// Reads `[min, max]`, two numbers with min <= max (absent or null: nil); whether min is a
    /// width the engine can lay out at is the engine's to say.
    /// - Throws: ``BoundaryError`` `invalidArgument` naming `key`, for anything else.
    static func readWidthRange(_ value: JSONValue?, key: String) throws(BoundaryError) -> ClosedRange<Double>? {
        guard let value, value != .null else { return nil }
        guard case let .array(items) = value, items.count == 2, case let .number(low, _) = items[0], case let .number(high, _) = items[1],
              low <= high else {
            throw BoundaryError(.layout(.invalidArgument),
                                "'\(key)' must be two numbers [min, max] of editor widths in pixels, with 0 < min <= max, got \(value.serialized)",
                                keys: [key])
        }
        return low...high
    }

    /// Sets the font, the weight and the settings ``layoutKeys`` name that `object` has (the
    /// others keep their values).
    /// - Throws: ``BoundaryError`` with the object's code, naming a key of the wrong type.
    public mutating func readLayoutKeys(_ object: JSONObjectReader) throws(BoundaryError) {
        font = try object.string("font") ?? font
        weight = try object.number("weight") ?? weight
        try readFontInstanceKeys(object)
        features = try object.string("features") ?? features
        try settings.readLayoutKeys(object)
        try readGenericFamilies(object)
    }

    /// Sets the families `object`'s `genericFamilies` gives (the others keep theirs), which only a
    /// profile with a browser's fallback reads (``genericFamiliesProblem``).
    /// - Throws: ``BoundaryError`` naming `genericFamilies.NAME` for a value that is not one family
    ///   name, and `genericFamilies` when they are set and the request's profile (as `object`
    ///   leaves it) does not read them.
    mutating func readGenericFamilies(_ object: JSONObjectReader) throws(BoundaryError) {
        if let value = object.field("genericFamilies").value, value != .null {
            genericFamilies = try GenericFamilies.read(value, over: genericFamilies ?? .chromiumLinux, code: object.code)
        }
        if let problem = genericFamiliesProblem { throw BoundaryError(object.code, problem, keys: ["genericFamilies"]) }
    }

    /// Why ``genericFamilies`` cannot be as they are: set for a profile that does not read them
    /// (its generic families are fontconfig's); nil when they can.
    public var genericFamiliesProblem: String? {
        guard genericFamilies != nil, settings.text.profile.familyFallback != .browser else { return nil }
        let readers = LayoutProfile.allCases.filter { $0.familyFallback == .browser }.map { "'\($0.name)'" }.joined(separator: ", ")
        return "'genericFamilies' is read by the \(readers) profile, whose fallback is a browser's; this layout's profile is "
            + "'\(settings.text.profile.name)': give the profile with it, or leave it out"
    }
}

extension GenericFamilies {
    /// Reads a `genericFamilies` object (of ``names`` and one family name each) over `base`: the
    /// names it gives are set, the others keep `base`'s.
    /// - Throws: ``BoundaryError`` with `code` naming `genericFamilies` or `genericFamilies.NAME`.
    public static func read(_ value: JSONValue, over base: GenericFamilies, code: BoundaryErrorCode) throws(BoundaryError) -> GenericFamilies {
        let families = try JSONObjectReader(value, keys: names, code: code, path: "genericFamilies.", name: "'genericFamilies'",
                                            expected: "an object of \(names.joined(separator: ", ")) and family names", owner: "genericFamilies")
        var read = base
        for name in names {
            let field = families.field(name)
            guard let family = try field.string(expecting: "a family name such as \"Liberation Serif\"") else { continue }
            guard let names = try? FontFamilyList.familyNames(in: family), names.count == 1 else {
                throw field.mistake(saying: "one family name such as \"Liberation Serif\", got '\(family)'")
            }
            read[setting: name] = names[0]
        }
        return read
    }
}

private extension LayoutSettings {
    /// Sets the settings of ``LayoutRequest/layoutKeys`` that `object` has (the others keep their values).
    mutating func readLayoutKeys(_ object: JSONObjectReader) throws(BoundaryError) {
        text.size = try object.number("size") ?? text.size
        text.wordSpacing = try object.number("wordSpacing") ?? text.wordSpacing
        text.tabSize = try object.field("tabSize").tabSize() ?? text.tabSize
        text.letterSpacing = try object.number("letterSpacing") ?? text.letterSpacing
        editorWidth = try object.number("width") ?? editorWidth
        text.direction = try object.choice("direction") ?? text.direction
        text.language = try object.string("language") ?? text.language
        text.lineBreak = try object.choice("lineBreak") ?? text.lineBreak
        text.wordBreak = try object.choice("wordBreak") ?? text.wordBreak
        text.textTransform = try object.choice("textTransform") ?? text.textTransform
        text.textSpacingTrim = try object.choice("textSpacingTrim") ?? text.textSpacingTrim
        text.textAutospace = try object.choice("textAutospace") ?? text.textAutospace
        text.writingMode = try object.choice("writingMode") ?? text.writingMode
        text.textOrientation = try object.choice("textOrientation") ?? text.textOrientation
        text.profile = try object.choice("profile") ?? text.profile
        text.hyphens = try object.choice("hyphens") ?? text.hyphens
        text.hyphenationLimits.minWord = try object.integer("hyphenMinWord") ?? text.hyphenationLimits.minWord
        text.hyphenationLimits.minBefore = try object.integer("hyphenMinBefore") ?? text.hyphenationLimits.minBefore
        text.hyphenationLimits.minAfter = try object.integer("hyphenMinAfter") ?? text.hyphenationLimits.minAfter
        text.paragraph.lineHeight = try object.field("lineHeight").lineHeight() ?? text.paragraph.lineHeight
        text.paragraph.strut = try object.choice("strut") ?? text.paragraph.strut
        text.paragraph.alignment = try object.choice("align") ?? text.paragraph.alignment
        text.paragraph.indent = try object.number("indent") ?? text.paragraph.indent
        text.paragraph.textWrap = try object.choice("textWrap") ?? text.paragraph.textWrap
        text.paragraph.textBox = try object.field("textBox").textBox() ?? text.paragraph.textBox
        text.whiteSpace = try object.choice("whiteSpace") ?? text.whiteSpace
        text.paragraph.overflowWrap = try object.choice("overflowWrap") ?? text.paragraph.overflowWrap
        sizing.lineSpace = try object.number("lineSpace") ?? sizing.lineSpace
        sizing.minLines = try object.integer("minLines") ?? sizing.minLines
        sizing.maxLines = try object.integer("maxLines") ?? sizing.maxLines
        sizing.minHeight = try object.number("minHeight") ?? sizing.minHeight
        sizing.maxHeight = try object.number("maxHeight") ?? sizing.maxHeight
        text.paragraph.lineClamp = try object.integer("lineClamp") ?? text.paragraph.lineClamp
        text.paragraph.truncate = try object.choice("truncate") ?? text.paragraph.truncate
        text.paragraph.ellipsis = try object.string("ellipsis") ?? text.paragraph.ellipsis
        if let insets = try object.object("insets", keys: LayoutRequest.insetKeys, expected: "an object with top, left, bottom and right",
                                          owner: "insets") {
            sizing.insets = EdgeInsets(top: try insets.number("top") ?? 0, left: try insets.number("left") ?? 0,
                                       bottom: try insets.number("bottom") ?? 0, right: try insets.number("right") ?? 0)
        }
    }
}

private extension JSONField {
    /// CSS's `text-box` shorthand as text: `"trim-both cap alphabetic"`, `"none"`, `"normal"` (``TextBox/init(_:)``).
    func textBox() throws(BoundaryError) -> TextBox? {
        switch value {
        case nil, .null?: return nil
        case let .string(text)?:
            guard let textBox = TextBox(text) else { throw mistake(saying: "\(TextBox.allowed), got '\(text)'") }
            return textBox
        default: throw mistake(TextBox.allowed)
        }
    }

    /// A tab size: a number of spaces (`4`) or a string of pixels (`"20px"`).
    func tabSize() throws(BoundaryError) -> TabSize? {
        switch value {
        case nil, .null?: return nil
        case let .number(spaces, _)?: return .spaces(spaces)
        case let .string(text)?:
            guard let tabSize = TabSize(text), case .pixels = tabSize else {
                throw mistake(saying: "\(TabSize.allowed), got '\(text)'")
            }
            return tabSize
        default: throw mistake(TabSize.allowed)
        }
    }

    /// A line height: `"normal"`, a number (a multiple of the size) or a string of pixels (`"24px"`).
    func lineHeight() throws(BoundaryError) -> LineHeight? {
        switch value {
        case nil, .null?: return nil
        case let .number(multiple, _)?: return .multiple(multiple)
        case let .string(text)?:
            guard let lineHeight = LineHeight(text) else {
                throw mistake(saying: "\(LineHeight.allowed), got '\(text)'")
            }
            return lineHeight
        default: throw mistake(LineHeight.allowed)
        }
    }
}
