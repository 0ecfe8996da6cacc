// The text target: eight bytes of settings, then the text; laid out every way the API offers and checked against the invariants.
import Foundation
import TextLayout

extension FuzzChecks {
    static let sizes: [Double] = [17, 0.01, 1, 7.5, 13, 20.48, 48, 200, 1000, 10_000, 16, 17, 17, 24, 0.5, 3]
    static let languages: [String?] = [nil, nil, nil, "en", "ja", "zh-Hant", "ko", "th", "ar", "he", "hi", "de-u-co-phonebk",
                                       "sr-Latn", "und", "x-private", "ja-u-lb-strict"]

    /// Paragraph settings by the size byte's high nibble: none for 0–7 (every input before they
    /// were drawn keeps its meaning), then line choice, alignment, indents and line heights.
    /// `physical` (an odd width code) turns 8's start alignment to `left` and 14's end to `right`,
    /// which differ from them in a right-to-left paragraph.
    /// Indents are kept below a quarter of the width, so that every input stays valid.
    static func paragraphStyle(_ code: Int, width: Double?, physical: Bool) -> ParagraphStyle {
        let indent = min(12, (width ?? 48) / 4)
        return switch code {
        case 8: ParagraphStyle(alignment: physical ? .left : .start, textWrap: .balance)
        case 9: ParagraphStyle(textWrap: .pretty)
        case 10: ParagraphStyle(alignment: .justify, indent: indent)
        case 11: ParagraphStyle(lineHeight: .multiple(1.5), alignment: .center)
        case 12: ParagraphStyle(alignment: .justify, indent: -indent, textWrap: .pretty)
        case 13: ParagraphStyle(lineHeight: .fixed(24), strut: .forced, textWrap: .balance)
        case 14: ParagraphStyle(lineHeight: .fixed(0), alignment: physical ? .right : .end)
        case 15: ParagraphStyle(lineHeight: .multiple(0.5), strut: .minimum, textWrap: .pretty)
        default: ParagraphStyle()
        }
    }

    /// The profile and the fonts by the font byte's quotient by the number of ``fontFiles`` (its
    /// remainder picks the file): 0, a font byte below 9 as in every committed input made before
    /// they were drawn, is the standard profile and the file alone. Otherwise the quotient's
    /// remainder by 3 picks a profile of ``LayoutProfile/allCases`` and its quotient by 3 a font
    /// list (see ``fontList(_:file:code:seed:size:directory:)``).
    static func profile(_ code: Int) -> LayoutProfile { LayoutProfile.allCases[code % LayoutProfile.allCases.count] }

    /// The fonts of `file` (a bundled file) by `code` (0 to 9), loaded from `context`: 0 the file
    /// alone; else a CSS family list that names its family by name (with the other bundled
    /// families, a family no font has, and the variable font "Inter Subset") at a
    /// ``FontSelection`` of weights, slants, stretches, axis values (`wght` in and out of the
    /// variable font's range, an axis it lacks) and synthesis on and off, `seed` picking the
    /// values. Every one is valid, so an error loading them is a finding. Returns the list and
    /// how it was asked for, for messages.
    static func fontList(_ context: FontContext, file: String, code: Int, seed: UInt8, size: Double,
                         directory: String) throws -> (fonts: FontFamilyList, asked: String) {
        let font = try context.font(path: directory + "/" + file)
        guard code != 0 else { return (FontFamilyList(font), file) }
        let family = "\"\(font.familyName)\""
        let value = Double(seed)
        let (list, selection): (String, FontSelection) = switch code {
        case 1: ("\(family), \"Noto Sans Hebrew\", \"Noto Sans Arabic\", DejaVu Sans", FontSelection())
        case 2: ("No Such Family, \(family), \"Noto Color Emoji\"", FontSelection())
        case 3: (family, FontSelection(weight: 700))
        case 4: (family, FontSelection(slant: .italic))
        case 5: ("\(family), DejaVu Sans Mono", FontSelection(weight: 900, slant: .oblique(angle: 20), synthesis: []))
        case 6: ("\"Inter Subset\", \(family)", FontSelection(variations: [try FontVariation("wght", 100 + value * 800 / 255)]))
        case 7: ("\"Inter Subset\", \(family)", FontSelection(weight: 1 + value * 999 / 255, stretch: 75, slant: .oblique(angle: value / 4 - 30)))
        case 8: ("\"Inter Subset\", \(family)", FontSelection(variations: [try FontVariation("wght", value * 8), try FontVariation("wdth", 50)],
                                                              synthesis: .weight))
        default: ("\(family), \"Inter Subset\"", FontSelection(weight: 800, variations: [try FontVariation("wght", 250)], synthesis: .weight))
        }
        return (try context.fonts(familyList: list, selection: selection, size: size), "\(list) at \(selection)")
    }

    /// Truncation by bits 5 and 6 of the sizing byte: none; a clamp of one line (cut at its end);
    /// two lines cut at the start with a two-character ellipsis; three lines cut in the middle with
    /// an Arabic ellipsis between spaces (shaped right to left, in a fallback font). Added to `paragraph`.
    static func truncated(_ paragraph: ParagraphStyle, code: Int) -> ParagraphStyle {
        var clamped = paragraph
        switch code {
        case 1: clamped.lineClamp = 1
        case 2: (clamped.lineClamp, clamped.truncate, clamped.ellipsis) = (2, .start, "..")
        // Spaces around it, which are measured as they are drawn (the one at its end does not hang).
        case 3: (clamped.lineClamp, clamped.truncate, clamped.ellipsis) = (3, .middle, " \u{627}\u{644}\u{62E} ")
        default: break
        }
        return clamped
    }

    /// Hyphenation by the same nibble: automatic with two of the paragraph settings (the language
    /// byte picks patterns or none), none with one, manual otherwise.
    static func hyphens(_ code: Int) -> Hyphens {
        code == 12 || code == 15 ? .auto : code == 14 ? .none : .manual
    }

    /// The inline objects of `text` when they are drawn: one for each U+FFFC, its size, alignment
    /// and baseline picked by `seed` and its place (sizes from nothing to wider than most lines).
    static func inlineObjects(of text: String, seed: UInt8) -> [InlineObject] {
        let lengths: [Double] = [0, 1, 8, 24, 60, 300, 0.5, 17]
        let count = text.unicodeScalars.count { $0 == "\u{FFFC}" }
        return (0..<count).map { k in
            let width = lengths[(Int(seed) + k) % lengths.count], height = lengths[(Int(seed >> 3) + 3 * k) % lengths.count]
            return InlineObject(width: width, height: height,
                                align: InlineObjectAlignment.allCases[(Int(seed) + 5 * k) % InlineObjectAlignment.allCases.count],
                                baseline: k % 3 == 2 ? height / 3 - 2 : nil)
        }
    }

    /// Two styled spans of `text` when bit 6 of `seed` is set (none otherwise), at scalar boundaries
    /// that `seed` picks, in order and apart: the first larger (by a size from ``sizes``) and
    /// letter-spaced, the second in another bundled font of `fonts` (a right-to-left one by bit 7)
    /// with ligatures off, word spacing and an underline. Empty ranges too, which are valid.
    static func styledSpans(of text: String, seed: UInt8, fonts: FontContext, directory: String) throws -> [StyledSpan] {
        guard seed & 0x40 != 0 else { return [] }
        let scalars = Array(text.unicodeScalars)
        var offsets = [0]
        for scalar in scalars { offsets.append(offsets[offsets.count - 1] + scalar.utf16.count) }
        let n = scalars.count
        let cuts = [Int(seed) % (n + 1), Int(seed >> 2) % (n + 1), Int(seed &* 7) % (n + 1), Int(seed &* 13) % (n + 1)].sorted().map { offsets[$0] }
        let other = try fonts.font(path: directory + "/" + (seed & 0x80 != 0 ? "NotoSansHebrew-Regular.ttf" : "DejaVuSansMono.ttf"))
        var second = StyledSpan(range: cuts[2]..<cuts[3], font: other, features: [try FontFeature("liga", 0)], decoration: .underline)
        second.wordSpacing = 2.5
        return [StyledSpan(range: cuts[0]..<cuts[1], size: min(TextSettings.maximumSize, sizes[Int(seed >> 1) % sizes.count] * 1.5), letterSpacing: 1.25), second]
    }

    /// A text with styled spans (see ``styledSpans(of:seed:fonts:directory:)``) keeps every
    /// invariant, breaks the same lines with and without glyph runs and twice over, and gives the
    /// same lines through the caches as without, to the last bit (as ``checkEdit``).
    static func checkSpans(_ text: String, seed: UInt8, objects: [InlineObject], style: TextStyle, uncached: TextStyle,
                           width: Double?, lineSpace: Double, directory: String, label: String) -> [String] {
        do {
            let spans = try styledSpans(of: text, seed: seed, fonts: fonts, directory: directory)
            guard !spans.isEmpty else { return [] }
            let at = "\(label), spans \(spans.map { "\($0.range)" })"
            let prepared = try PreparedText(text, style: style, spans: spans, inlineObjects: objects)
            let layout = try prepared.layout(wrapWidth: width, lineSpace: lineSpace)
            var problems = layout._checkInvariants().map { "\(at): \($0)" }
            let print = fingerprint(layout)
            if !same(print, fingerprint(try prepared.layout(wrapWidth: width, lineSpace: lineSpace))) { problems.append("\(at): laid out twice, different") }
            let heightOnly = try prepared.layout(wrapWidth: width, lineSpace: lineSpace, glyphRuns: false)
            problems += heightOnly._checkInvariants().map { "\(at) (height only): \($0)" }
            if heightOnly.lines.map(\.utf16Range) != layout.lines.map(\.utf16Range) || heightOnly.contentHeight != layout.contentHeight {
                problems.append("\(at): the height-only path broke elsewhere or is another height")
            }
            let uncachedSpans = try styledSpans(of: text, seed: seed, fonts: uncachedFonts, directory: directory)
            let fresh = try PreparedText(text, style: uncached, spans: uncachedSpans, inlineObjects: objects).layout(wrapWidth: width, lineSpace: lineSpace)
            if !same(print, fingerprint(fresh)) {
                problems.append("\(at): the layout through the caches differs from the one without: \(firstDifference(layout, fresh))")
            }
            return problems
        } catch {
            return ["\(label): an error with styled spans on a valid text: \(error)"]
        }
    }

    /// Input: byte 0 the font (and by its quotient by the number of font files a profile and a
    /// font list, see ``profile(_:)`` and ``fontList(_:file:code:seed:size:directory:)``, the
    /// insert byte their values), 1 the size (and by its high nibble the paragraph settings), 2–3 the width (0 none, 1 a thousandth of a pixel,
    /// 0xFFFF 1e300, else n/16 px), 4 direction, strictness and language, 5 line space and editor
    /// sizing (by bits 5–6 a line clamp and truncation, see ``truncated(_:code:)``; by its high bit inline objects at the text's U+FFFC characters, see
    /// ``inlineObjects(of:seed:)``, the insert byte their seed), 6–7 an edit (where, and what to insert; also where a streamed piece starts, and its
    /// length; by bit 6 of the insert byte, styled spans, see ``styledSpans(of:seed:fonts:directory:)``); the rest is the text, as UTF-8
    /// (invalid bytes become U+FFFD). The text is prepared,
    /// laid out with and without glyph runs and without caches, measured as an editor both ways,
    /// tapped, selected, edited and streamed (a prefix of the text, then the next piece appended),
    /// driven as an editor's session whose events are the text's bytes (``checkEditorSession``),
    /// and every result checked. Every input is valid, so an error of any kind is a problem.
    public static func text(_ data: [UInt8]) -> [String] {
        var input = ByteReader(data)
        let fontByte = Int(input.byte())
        let fontFile = fontFiles[fontByte % fontFiles.count]
        let fontCode = fontByte / fontFiles.count
        let layoutProfile = profile(fontCode)
        let listCode = fontCode / LayoutProfile.allCases.count
        let sizeByte = input.byte()
        let size = sizes[Int(sizeByte) % sizes.count]
        let widthCode = input.uint16()
        let width: Double? = switch widthCode {
        case 0: nil
        case 1: 0.001
        case 0xFFFF: 1e300
        default: Double(widthCode) / 16
        }
        let styleByte = input.byte()
        let direction = TextDirection.allCases[Int(styleByte) % 3]
        let lineBreak = LineBreakStrictness.allCases[Int(styleByte >> 2) % LineBreakStrictness.allCases.count]
        let language = languages[Int(styleByte >> 4) % languages.count]
        let sizingByte = input.byte()
        let lineSpace = [0, 0, 2, 0.5, 100, 1e-9, 7, 0][Int(sizingByte) % 8]
        let maxLines = [nil, 1, 3, 100][Int(sizingByte >> 3) % 4]
        let editByte = input.byte()
        let insertByte = input.byte()
        let text = String(decoding: input.rest, as: UTF8.self)
        let objects = sizingByte & 0x80 != 0 ? inlineObjects(of: text, seed: insertByte) : []
        let paragraph = truncated(paragraphStyle(Int(sizeByte >> 4), width: width, physical: widthCode & 1 == 1), code: Int(sizingByte >> 5) & 3)
        let hyphenation = hyphens(Int(sizeByte >> 4))
        var label = "\(describe(text)) in \(fontFile) at \(size) px, width \(width.map { "\($0)" } ?? "none"), \(direction), "
            + "\(lineBreak), language \(language ?? "none"), lineSpace \(lineSpace)"
            + (paragraph == ParagraphStyle() ? "" : ", \(paragraph)") + (hyphenation == .manual ? "" : ", hyphens \(hyphenation)")
            + (objects.isEmpty ? "" : ", objects \(objects)") + (layoutProfile == .standard ? "" : ", profile \(layoutProfile.name)")

        guard let directory = bundledDirectory else { return ["the bundled fonts are missing"] }
        var problems: [String] = []
        func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
            if !condition { problems.append("\(label): \(message())") }
        }
        do {
            var settings = TextSettings(size: size, direction: direction, language: language, lineBreak: lineBreak,
                                        hyphens: hyphenation, paragraph: paragraph)
            settings.profile = layoutProfile
            let (list, asked) = try Self.fontList(fonts, file: fontFile, code: listCode, seed: insertByte, size: size, directory: directory)
            if listCode != 0 { label += ", fonts \(asked)" }
            let style = try TextStyle(fonts: list, settings: settings)
            let prepared = try PreparedText(text, style: style, inlineObjects: objects)
            let layout = try prepared.layout(wrapWidth: width, lineSpace: lineSpace)
            problems += layout._checkInvariants().map { "\(label): \($0)" }
            if paragraph.truncates {
                // The clamped layout keeps the invariants (above); the same text unclamped keeps them
                // too, and the clamped layout is it cut.
                var unclamped = paragraph
                (unclamped.lineClamp, unclamped.truncate) = (nil, nil)
                let plain = try PreparedText(text, style: style.withParagraph(unclamped), inlineObjects: objects).layout(wrapWidth: width, lineSpace: lineSpace)
                problems += plain._checkInvariants().map { "\(label) (unclamped): \($0)" }
                problems += checkClamped(layout, plain: plain, paragraph: paragraph, width: width, length: text.utf16.count).map { "\(label): \($0)" }
            }
            if paragraph.textWrap != .wrap {
                var greedy = paragraph
                greedy.textWrap = .wrap
                let filled = try PreparedText(text, style: style.withParagraph(greedy), inlineObjects: objects).layout(wrapWidth: width, lineSpace: lineSpace)
                expect(layout.lineCount <= filled.lineCount, "\(paragraph.textWrap) gives \(layout.lineCount) lines, greedy filling \(filled.lineCount)")
            }
            let print = fingerprint(layout)
            expect(same(print, fingerprint(try prepared.layout(wrapWidth: width, lineSpace: lineSpace))), "laid out twice, different")

            // The height-only path breaks the same lines.
            let heightOnly = try prepared.layout(wrapWidth: width, lineSpace: lineSpace, glyphRuns: false)
            problems += heightOnly._checkInvariants().map { "\(label) (height only): \($0)" }
            expect(heightOnly.lines.map(\.utf16Range) == layout.lines.map(\.utf16Range), "the height-only path broke elsewhere")
            expect(heightOnly.contentHeight == layout.contentHeight, "the height-only path's height differs")

            // Without caches: the same lines, runs and glyphs, to the last bit. Widths are read
            // from integer font units (see `ClusterPositions`), so one summed from word-cache
            // pieces is one summed over a fresh shaping (the CI fuzz run of bf9c0f0 once found
            // 6.902000000000044 against 6.902 for one Thai cluster); a cache serving another text
            // changes ids, clusters and ranges, which must be equal.
            var uncached = style
            uncached.fonts = try Self.fontList(uncachedFonts, file: fontFile, code: listCode, seed: insertByte, size: size, directory: directory).fonts
            let uncachedLayout = try PreparedText(text, style: uncached, inlineObjects: objects).layout(wrapWidth: width, lineSpace: lineSpace)
            expect(same(print, fingerprint(uncachedLayout)),
                   "the layout through the caches differs from the one without: \(firstDifference(layout, uncachedLayout))")

            // The editor, both ways.
            let sizing = EditorSizing(minLines: 1, maxLines: maxLines, lineSpace: lineSpace,
                                      insets: EdgeInsets(top: 2, left: 1, bottom: 2, right: 1))
            // The editor is measured where its insets leave room for text and the indent leaves
            // room on a line (anything narrower is an argument error, which the check would report).
            let editorHasRoom = width.map { $0 - sizing.insets.left - sizing.insets.right > abs(paragraph.indent) } ?? true
            if editorHasRoom {
                let measured = try prepared.measureEditor(editorWidth: width, sizing: sizing)
                let counted = try prepared.editorHeight(editorWidth: width, sizing: sizing)
                expect(measured.height.isFinite && measured.height >= 0, "editor height \(measured.height)")
                // Both paths sum the lines' heights in the same order: equal to the last bit.
                expect(measured.height == counted.height && measured.lineCount == counted.lineCount,
                       "measureEditor (\(measured.height), \(measured.lineCount) lines) and editorHeight (\(counted.height), \(counted.lineCount)) differ")
            }

            // Height steps over a range around the width (greedy lines: balanced and pretty ones
            // have none): editorHeight gives each step's figures at its first width, one Double
            // below it the step before's, and at the edit byte's width.
            if let width, width > 16, width < 1e6, paragraph.textWrap == .wrap {  // room for the insets and indent at width / 2
                let widths = (width / 2)...(width * 2)
                let steps = try prepared.heightSteps(in: widths, sizing: sizing)
                for (index, step) in steps.enumerated() {
                    let at = try prepared.editorHeight(editorWidth: step.fromEditorWidth, sizing: sizing)
                    expect(at.lineCount == step.lineCount && at.height == step.editorHeight,
                           "height step \(step) differs from editorHeight at its width: \(at.lineCount) lines, \(at.height) px")
                    if index > 0 {
                        let below = try prepared.editorHeight(editorWidth: step.fromEditorWidth.nextDown, sizing: sizing)
                        expect(below.lineCount == steps[index - 1].lineCount && below.height == steps[index - 1].editorHeight,
                               "just below height step \(step): \(below.lineCount) lines, \(below.height) px, not the step before's")
                    }
                }
                let probe = widths.lowerBound + (widths.upperBound - widths.lowerBound) * Double(editByte) / 255
                let step = steps.last { $0.fromEditorWidth <= probe }
                let at = try prepared.editorHeight(editorWidth: probe, sizing: sizing)
                expect(step?.lineCount == at.lineCount && step?.editorHeight == at.height,
                       "at \(probe) px editorHeight gives \(at.lineCount) lines, \(at.height) px; the height steps \(String(describing: step))")
            }

            // Taps and selections give finite geometry.
            let utf16Count = text.utf16.count
            for (x, y) in [(-5.0, -5.0), (layout.widestLineWidth / 2, layout.contentHeight / 2), (layout.widestLineWidth + 5, layout.contentHeight + 5),
                           (Double(editByte), Double(insertByte))] {
                let caret = layout.caret(atX: x, y: y)
                expect((0...utf16Count).contains(caret.offset), "a tap gave offset \(caret.offset) outside 0...\(utf16Count)")
                let rect = layout.caretRect(for: caret)
                expect(rect.x.isFinite && rect.y.isFinite && rect.height.isFinite, "caret rectangle \(rect)")
            }
            for rect in layout.selectionRects(forUTF16Range: 0..<utf16Count) {
                expect(rect.x.isFinite && rect.width.isFinite && rect.width >= 0 && rect.height >= 0, "selection rectangle \(rect)")
            }

            // An edit, and the incremental relayout against a fresh one.
            if utf16Count > 0 || editByte != 0 {
                problems += checkEdit(prepared, layout, style: style, uncached: uncached, width: width, lineSpace: lineSpace,
                                      at: Int(editByte), insert: insertByte, label: label)
            }
            problems += checkAppend(text, objects: objects, style: style, uncached: uncached, width: width, lineSpace: lineSpace,
                                    at: Int(editByte), length: insertByte, label: label)
            problems += checkSpans(text, seed: insertByte, objects: objects, style: style, uncached: uncached, width: width,
                                   lineSpace: lineSpace, directory: directory, label: label)
            if editorHasRoom {
                problems += checkEditorSession(text, style: style, settings: settings, width: width, sizing: sizing,
                                               events: Array(data.dropFirst(8)), label: label)
            }
        } catch {
            // Every setting above is valid and the text is valid UTF-8, so any error is a finding.
            problems.append("\(label): an error on a valid input: \(error)")
        }
        return problems
    }

    /// Replaces a range chosen by `at` with a text chosen by `insert`, and checks that the
    /// incremental relayout equals laying the new text out afresh, in `uncached` (the same style in
    /// a context without caches, so that a stale cache entry cannot hide in both).
    static func checkEdit(_ prepared: PreparedText, _ layout: Layout, style: TextStyle, uncached: TextStyle, width: Double?, lineSpace: Double,
                          at: Int, insert: UInt8, label: String) -> [String] {
        let scalars = Array(prepared.text.unicodeScalars)
        let start = scalars.isEmpty ? 0 : at % (scalars.count + 1)
        let end = min(scalars.count, start + Int(insert >> 5))
        let utf16Start = scalars[..<start].reduce(0) { $0 + $1.utf16.count }
        let utf16End = utf16Start + scalars[start..<end].reduce(0) { $0 + $1.utf16.count }
        var replacement = ["", "x", " ", "\n", "\r", "\u{301}", "\u{200D}", "ab cd\n"][Int(insert) % 8]
        // A text with objects gets one more, an object of its own at the replacement's end.
        let newObjects = prepared.inlineObjects.isEmpty ? [] : [InlineObject(width: 12, height: 30, align: .middle)]
        if !newObjects.isEmpty { replacement += "\u{FFFC}" }
        do {
            let (edited, edit) = try prepared.replacingCharacters(inUTF16: utf16Start..<utf16End, with: replacement, inlineObjects: newObjects)
            let updated = try layout.updated(for: edited, after: edit)
            var problems = updated._checkInvariants().map { "\(label), after replacing \(utf16Start)..<\(utf16End) with \(describe(replacement)): \($0)" }
            let fresh = try PreparedText(edited.text, style: uncached, inlineObjects: edited.inlineObjects).layout(wrapWidth: width, lineSpace: lineSpace)
            // Balanced and pretty lines above the edited one stay while typing: not a fresh layout.
            if style.settings.paragraph.textWrap == .wrap, !same(fingerprint(updated), fingerprint(fresh)) {
                problems.append("\(label): replacing \(utf16Start)..<\(utf16End) with \(describe(replacement)) and updating the layout differs from laying out \(describe(edited.text)) afresh: "
                                + difference(updated, fresh))
            }
            return problems
        } catch {
            return ["\(label): an error in an edit of a valid text: \(error)"]
        }
    }

    /// Prepares and lays out the text's first scalars (as many as `at` picks), appends the next
    /// 1 to 16 (`length` picks) as a streamed piece, and checks that the incremental relayout
    /// equals laying the whole out afresh in `uncached` (as ``checkEdit``).
    /// `objects` are the text's inline objects: the prefix takes those of its U+FFFC characters, the piece the rest.
    static func checkAppend(_ text: String, objects: [InlineObject], style: TextStyle, uncached: TextStyle, width: Double?, lineSpace: Double,
                            at: Int, length: UInt8, label: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        let cut = at % (scalars.count + 1)
        var prefix = String.UnicodeScalarView()
        prefix.append(contentsOf: scalars[..<cut])
        var piece = String.UnicodeScalarView()
        piece.append(contentsOf: scalars[cut..<min(scalars.count, cut + 1 + Int(length & 0x0F))])
        let whole = String(prefix) + String(piece)
        let prefixObjects = objects.isEmpty ? 0 : prefix.count { $0 == "\u{FFFC}" }
        let pieceObjects = objects.isEmpty ? 0 : piece.count { $0 == "\u{FFFC}" }
        do {
            let prepared = try PreparedText(String(prefix), style: style, inlineObjects: Array(objects.prefix(prefixObjects)))
            let (appended, edit) = try prepared.appending(String(piece), inlineObjects: Array(objects[prefixObjects..<(prefixObjects + pieceObjects)]))
            let updated = try prepared.layout(wrapWidth: width, lineSpace: lineSpace).updated(for: appended, after: edit)
            var problems = updated._checkInvariants().map { "\(label), after appending \(describe(String(piece))): \($0)" }
            if appended.text != whole { problems.append("\(label): appending \(describe(String(piece))) gives \(describe(appended.text))") }
            let fresh = try PreparedText(whole, style: uncached, inlineObjects: appended.inlineObjects).layout(wrapWidth: width, lineSpace: lineSpace)
            if appended.inlineObjects != Array(objects.prefix(prefixObjects + pieceObjects)) {
                problems.append("\(label): appending \(describe(String(piece))) gives the objects \(appended.inlineObjects)")
            }
            // Balanced and pretty lines above the edited one stay while typing: not a fresh layout.
            if style.settings.paragraph.textWrap == .wrap, !same(fingerprint(updated), fingerprint(fresh)) {
                problems.append("\(label): appending \(describe(String(piece))) to \(describe(String(prefix))) and updating the layout differs from laying out \(describe(whole)) afresh: "
                                + difference(updated, fresh))
            }
            return problems
        } catch {
            return ["\(label): an error appending to a valid text: \(error)"]
        }
    }

    /// A clamped layout against the same text laid out without the clamp: nothing hidden when the
    /// text fits; else exactly the clamp's lines, the lines before the last as they were (greedy
    /// lines: balanced ones are chosen anew), an ellipsis of generated glyphs on the last line,
    /// within the width when text is kept beside it, and a hidden range inside the text that the
    /// lines not shown account for.
    static func checkClamped(_ clamped: Layout, plain: Layout, paragraph: ParagraphStyle, width: Double?, length: Int) -> [String] {
        var problems: [String] = []
        let clamp = paragraph.lineClamp ?? Int.max
        guard let truncation = clamped.truncation else {
            if plain.lineCount > clamp { problems.append("nothing is hidden, but the text has \(plain.lineCount) lines for a clamp of \(clamp)") }
            if !same(fingerprint(clamped), fingerprint(plain)) { problems.append("nothing is hidden, but the layout differs from the unclamped one") }
            return problems
        }
        guard clamped.lineCount == clamp, truncation.hiddenLineCount == plain.lineCount - clamp, truncation.ellipsisLine == clamp - 1 else {
            return ["\(clamped.lineCount) lines kept, \(truncation.hiddenLineCount) hidden, the ellipsis on line \(truncation.ellipsisLine), "
                    + "for a clamp of \(clamp) over \(plain.lineCount) lines"]
        }
        if paragraph.textWrap == .wrap {
            for k in 0..<(clamp - 1) where !same(fingerprint(lineOf: clamped.lines[k]), fingerprint(lineOf: plain.lines[k])) {
                problems.append("line \(k), before the clamped one, changed: \(difference(clamped, plain))")
            }
        }
        let last = clamped.lines[clamp - 1]
        let ellipsisRuns = last.runs.filter(\.isEllipsis)
        if !last.hasEllipsis || ellipsisRuns.isEmpty || !ellipsisRuns.allSatisfy({ $0.glyphs.allSatisfy(\.isGenerated) }) {
            problems.append("the last line's ellipsis is missing or holds glyphs of the text")
        }
        if let width, last.runs.contains(where: { !$0.isEllipsis && !$0.glyphs.isEmpty }), last.width > width + Layout.fitTolerance {
            problems.append("the last line is \(last.width) px wide, past the width \(width)")
        }
        if !fingerprint(clamped).allSatisfy(\.isFinite) { problems.append("a number is not finite") }
        let hidden = truncation.hiddenRange
        if hidden.lowerBound < last.utf16Range.lowerBound || hidden.upperBound > length || hidden.isEmpty {
            problems.append("the hidden range \(hidden) is empty, starts before the last line \(last.utf16Range) or ends past the text (\(length))")
        }
        if paragraph.truncate ?? .end == .end, hidden.upperBound != length {
            problems.append("cut at the end, but the hidden range \(hidden) stops before the text's end (\(length))")
        }
        return problems
    }

    /// The first line where two layouts differ, both ways, for a message.
    static func difference(_ a: Layout, _ b: Layout) -> String {
        func describe(_ line: Line) -> String {
            "\(line.utf16Range) w=\(line.width) h=\(line.height) top=\(line.top) runs "
                + line.runs.map { "\($0.utf16Range)\($0.isRightToLeft ? "rtl" : "")@\($0.x):" + $0.glyphs.map { "\($0.id)/\($0.cluster)/\($0.advance)" }.joined(separator: ",") }.joined(separator: " ")
        }
        for (k, (x, y)) in zip(a.lines, b.lines).enumerated() where !same(fingerprint(lineOf: x), fingerprint(lineOf: y)) {
            return "line \(k): \(describe(x)) against \(describe(y))"
        }
        return "\(a.lineCount) lines against \(b.lineCount), heights \(a.contentHeight) and \(b.contentHeight)"
    }

    static func fingerprint(lineOf line: Line) -> [Double] {
        [Double(line.utf16Range.lowerBound), Double(line.utf16Range.upperBound), line.width, line.height, line.top, line.baseline]
            + line.runs.flatMap { run in [run.x, Double(run.utf16Range.lowerBound), Double(run.utf16Range.upperBound), run.isRightToLeft ? 1 : 0] + run.glyphs.flatMap { [Double($0.id), Double($0.cluster), $0.advance, $0.xOffset, $0.yOffset] } }
    }

    /// The first line whose fingerprint differs between two layouts, and the first value that
    /// does, for messages.
    static func firstDifference(_ a: Layout, _ b: Layout) -> String {
        guard a.lineCount == b.lineCount else { return "\(a.lineCount) lines against \(b.lineCount)" }
        for (k, (x, y)) in zip(a.lines, b.lines).enumerated() where !same(fingerprint(lineOf: x), fingerprint(lineOf: y)) {
            let (p, q) = (fingerprint(lineOf: x), fingerprint(lineOf: y))
            let i = Array(zip(p, q)).firstIndex { !same([$0.0], [$0.1]) } ?? min(p.count, q.count)
            return "line \(k), value \(i) of \(p.count) and \(q.count): \(i < p.count ? p[i] : .nan) against \(i < q.count ? q[i] : .nan)"
                + " (line: range, width, height, top, baseline; then per run x, range, direction and per glyph id, cluster,"
                + " advance, x and y offset); the lines: \(p) against \(q)"
        }
        return "the content heights \(a.contentHeight) against \(b.contentHeight)"
    }
}
