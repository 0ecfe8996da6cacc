// Splits a paragraph into the runs it is shaped in: one bidi level, one script and one font each, with fallback fonts per grapheme cluster; each inline object a run of its own.
import CICU

/// A run of a paragraph shaped as one: one bidi level, one script, one styled span, and text in
/// one font or an inline object.
struct TextRun: Sendable {
    var range: Range<Int>
    var level: UInt8
    /// ISO 15924 script code ("Zyyy" when the run has no letters).
    var script: String
    /// Text in its font, or an inline object (its U+FFFC alone, never shaped) in the primary font
    /// of the text around it.
    var content: RunContent
    /// The position in the text's resolved spans of a span whose shaping the run takes (several
    /// spans that shape alike share runs), or nil for the text's own style.
    var span: Int?
    /// Whether the run stands upright in a column (shaped top to bottom): in a vertical writing
    /// mode, every run under `upright`, a run of upright characters under `mixed`
    /// (``isUprightInMixedColumn(_:)``); false in horizontal text and for a turned run.
    var upright = false
    /// Whether the run is a span's text combined upright in a column (``TextCombineUpright/all``):
    /// the span's whole text in the paragraph, shaped horizontally as one unit 1 em long.
    var combined = false
}

/// The runs of `range` (a paragraph of UTF-8 `bytes`), in logical order: a new run starts wherever
/// the bidi level, the script, the styled span or the font changes. Each span's characters take
/// the span's own font list, and fall back from its primary font. Each of the `objects` in the range is a run of its own, in the
/// primary font of its span (or of the style), which fallback does not look at: its bidi level is
/// the one its U+FFFC, a neutral, resolves to.
func itemize(_ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, style: TextStyle, bidi: BidiLevels,
             spans: [ResolvedSpan] = [], objects: InlineObjectTable = InlineObjectTable()) throws -> [TextRun] {
    guard !range.isEmpty else { return [] }
    // The paragraph cut at span edges: each slice in its span's font (nil: outside every span).
    let slices = spanSlices(range, spans: spans, style: style)
    let objectIndices = objects.indices(in: range)
    // Spans combined upright: each one run, whose text is no script's for the text around it.
    let combined = spans.contains(where: \.combinesUpright) ? combinedSlices(slices, spans: spans, objects: objects.offsets[objectIndices]) : []
    let scripts = combined.isEmpty ? scriptRuns(bytes, range: range) : scriptRuns(bytes, range: range, neutral: combined)
    // In columns of mixed orientation, where characters turn from upright to sideways and back.
    let orientations = style.settings.splitsRunsByOrientation ? orientationRuns(bytes, range: range) : []
    var levelChanges = Set<Int>()
    if let levels = bidi.levels {
        for i in 1..<levels.count where levels[i] != levels[i - 1] { levelChanges.insert(range.lowerBound + i) }
    }
    var fonts: [FontRun] = []
    for slice in slices {
        let list = slice.span.map { spans[$0].fonts } ?? style.fonts
        // The text between the slice's objects falls back; each object is a font run of its own.
        var position = slice.range.lowerBound
        for offset in objects.offsets[objectIndices] where slice.range.contains(offset) {
            if offset > position { fonts += try fontRuns(bytes, range: position..<offset, list: list, style: style, levelChanges: levelChanges) }
            position = offset + InlineObjectTable.characterLength
            fonts.append(FontRun(range: offset..<position, font: list.primary))
        }
        if position < slice.range.upperBound {
            fonts += try fontRuns(bytes, range: position..<slice.range.upperBound, list: list, style: style, levelChanges: levelChanges)
        }
    }
    // Gathered in an array, sorted, then each kept once: a set would hash every one.
    var boundaries = [range.lowerBound]
    boundaries.reserveCapacity(1 + slices.count + scripts.count + fonts.count + levelChanges.count)
    for slice in slices { boundaries.append(slice.range.lowerBound) }
    for run in scripts { boundaries.append(run.range.lowerBound) }
    for run in fonts { boundaries.append(run.range.lowerBound) }
    boundaries.append(contentsOf: levelChanges)
    for run in orientations { boundaries.append(run.range.lowerBound) }
    boundaries.sort()
    var starts: [Int] = []
    starts.reserveCapacity(boundaries.count)
    for boundary in boundaries where boundary < range.upperBound && boundary != starts.last { starts.append(boundary) }
    if !combined.isEmpty {
        // A span combined upright is one run: no script, font or orientation change cuts it.
        starts.removeAll { start in combined.contains { $0.lowerBound < start && start < $0.upperBound } }
    }
    var runs: [TextRun] = []
    runs.reserveCapacity(starts.count)
    var script = 0
    var font = 0
    var slice = 0
    var orientation = 0
    let everyRunUpright = style.settings.setsEveryRunUpright
    for (k, start) in starts.enumerated() {
        while script + 1 < scripts.count, scripts[script + 1].range.lowerBound <= start { script += 1 }
        while font + 1 < fonts.count, fonts[font + 1].range.lowerBound <= start { font += 1 }
        while slice + 1 < slices.count, slices[slice + 1].range.lowerBound <= start { slice += 1 }
        let end = k + 1 < starts.count ? starts[k + 1] : range.upperBound
        var run = TextRun(range: start..<end, level: bidi.level(at: start, paragraphStart: range.lowerBound),
                          script: scripts[script].script, content: .text(fonts[font].font), span: slices[slice].span)
        if !orientations.isEmpty {
            while orientation + 1 < orientations.count, orientations[orientation + 1].range.lowerBound <= start { orientation += 1 }
            run.upright = orientations[orientation].upright
        } else {
            run.upright = everyRunUpright
        }
        if let span = slices[slice].span, spans[span].combinesUpright, slices[slice].range.lowerBound == start,
           slices[slice].range.upperBound == end {
            run.combined = true
            run.upright = false
            // Shaped on its own, HarfBuzz finds its script from its own letters.
            run.script = "Zyyy"
        }
        if !objectIndices.isEmpty, let index = objects.index(atByte: start) {
            // Not shaped: its script is no one's, so that it does not tell runs of the same object apart.
            run.content = .inlineObject(objects.objects[index].laidOut(in: style.settings.writingMode), around: fonts[font].font)
            run.script = "Zyyy"
        }
        runs.append(run)
    }
    return runs
}

/// `range` cut where its characters turn from upright to sideways in a column of mixed orientation
/// (``isUprightInMixedColumn(_:)``), each stretch with its orientation: a character that extends the
/// cluster before it (a combining mark, a variation selector, a joiner) takes that cluster's.
private func orientationRuns(_ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) -> [(range: Range<Int>, upright: Bool)] {
    var runs: [(range: Range<Int>, upright: Bool)] = []
    var i = range.lowerBound
    while i < range.upperBound {
        let (scalar, length) = decodeScalar(bytes, at: i)
        let upright = isUprightInMixedColumn(scalar)
        if let last = runs.last, last.upright == upright || extendsCluster(scalar) {
            runs[runs.count - 1].range = last.range.lowerBound..<i + length
        } else {
            runs.append((i..<i + length, upright))
        }
        i += length
    }
    return runs
}

/// The script runs of `range` with the bytes of each of `neutral` read as spaces (Common): a unit
/// combined upright is an object in the text around it, as Chromium 156 itemizes it (an object
/// replacement character there), so that the punctuation after it takes the script of the text
/// before it (`处理 [text]/calendar`: `/` is Han, not Latin, and so not kerned with the `c` after
/// it: 6.664 px, as Chromium measures it, where after `text` it is 6.069).
private func scriptRuns(_ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, neutral: [Range<Int>]) -> [ScriptRun] {
    var masked = Array(bytes[range])
    for stretch in neutral {
        for i in stretch { masked[i - range.lowerBound] = 0x20 }
    }
    return masked.withUnsafeBufferPointer { scriptRuns($0, range: 0..<$0.count) }.map { run in
        ScriptRun(range: run.range.lowerBound + range.lowerBound..<run.range.upperBound + range.lowerBound, script: run.script)
    }
}

/// The slices of `slices` whose span is combined upright (``ResolvedSpan/combinesUpright``) and
/// that hold none of the inline objects at byte offsets `objects` (a span around an object is set
/// as if not combined).
private func combinedSlices(_ slices: [(range: Range<Int>, span: Int?)], spans: [ResolvedSpan], objects: ArraySlice<Int>) -> [Range<Int>] {
    slices.compactMap { slice in
        guard let span = slice.span, spans[span].combinesUpright, !objects.contains(where: slice.range.contains) else { return nil }
        return slice.range
    }
}

/// `range` cut at the edges of the styled `spans` in it, each slice with the index of its span
/// (nil: outside every span). Neighbouring slices that shape alike (a span that only carries
/// attributes, such as a colour) are one slice: shaping, and so kerning, runs across their edge as
/// if unstyled.
private func spanSlices(_ range: Range<Int>, spans: [ResolvedSpan], style: TextStyle) -> [(range: Range<Int>, span: Int?)] {
    var slices: [(range: Range<Int>, span: Int?)] = []
    var position = range.lowerBound
    for (k, span) in spans.enumerated() where span.bytes.upperBound > range.lowerBound && span.bytes.lowerBound < range.upperBound {
        let start = max(span.bytes.lowerBound, range.lowerBound)
        let end = min(span.bytes.upperBound, range.upperBound)
        if start > position { slices.append((position..<start, nil)) }
        if end > start { slices.append((start..<end, k)) }
        position = max(position, end)
    }
    if position < range.upperBound { slices.append((position..<range.upperBound, nil)) }
    func shapesAlike(_ a: Int?, _ b: Int?) -> Bool {
        let x = a.map { spans[$0] }
        let y = b.map { spans[$0] }
        return (x?.fonts ?? style.fonts) == (y?.fonts ?? style.fonts) && (x?.size ?? style.settings.size) == (y?.size ?? style.settings.size)
            && (x?.features ?? []) == (y?.features ?? []) && (x?.letterSpacing ?? style.settings.letterSpacing) == (y?.letterSpacing ?? style.settings.letterSpacing)
            && (x?.wordSpacing ?? style.settings.wordSpacing) == (y?.wordSpacing ?? style.settings.wordSpacing)
            // A combined span is a unit of its own, whatever shapes alike beside it.
            && !(x?.combinesUpright ?? false) && !(y?.combinesUpright ?? false)
    }
    var merged: [(range: Range<Int>, span: Int?)] = []
    for slice in slices {
        if let last = merged.last, shapesAlike(last.span, slice.span) {
            merged[merged.count - 1].range = last.range.lowerBound..<slice.range.upperBound
        } else {
            merged.append(slice)
        }
    }
    return merged
}

/// A stretch of text drawn with one font.
struct FontRun: Sendable {
    var range: Range<Int>
    var font: Font
}

/// Chooses a font for every grapheme cluster of `range`: the first font of `list` (the primary
/// first) that has every character of the cluster (default-ignorable ones, such as ZWJ and
/// variation selectors, need no glyph; a precomposed letter the font lacks counts as had when the
/// font has the parts of its canonical decomposition, which HarfBuzz then draws), else the first
/// fallback font the primary's ``FontContext`` finds that has every character of the cluster that
/// needs a glyph (as Chromium keeps a cluster in the first font that draws it without a missing
/// glyph). When no font has them all, the cluster stays in its base's font (the primary, or the
/// fallback for the base when the primary lacks it), and the characters that font lacks are its
/// missing glyphs. A cluster drawn as emoji (with VS16, a keycap, or an
/// Emoji_Presentation character without VS15) prefers a colour font of the `emoji` family, even
/// when the primary font has its base (when the profile's ``LayoutProfile/emojiPresentationFont``
/// is `familyList`, only a cluster with VS16 does: the others take the list's fonts as any cluster
/// does, and prefer the colour font in the fallback after them); one with VS15 prefers a font that is not a colour font,
/// even when its base is an Emoji_Presentation character. A character no font has
/// stays with the primary font and is drawn and measured as its .notdef glyph. A soft hyphen
/// keeps the font of the cluster before it when that font has a hyphen. The style's profile
/// says which font draws a space (``LayoutProfile/spaceFont``), `levelChanges` being where the
/// bidi level changes; its language picks fallback fonts.
func fontRuns(_ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, list: FontFamilyList, style: TextStyle,
              levelChanges: Set<Int> = []) throws -> [FontRun] {
    let language = style.languageTag
    let emojiPresentationFont = style.settings.profile.emojiPresentationFont
    let browserOrder = style.settings.profile.familyFallback == .browser
    let primary = list.primary
    let transform = style.settings.textTransform
    var needsFallback = false
    var i = range.lowerBound
    while i < range.upperBound {
        let (scalar, length) = decodeScalar(bytes, at: i)
        if !isCovered(scalar, by: primary) || isEmojiPresentation(scalar) || scalar == 0xFE0F { needsFallback = true; break }
        i += length
    }
    if !needsFallback, transform != .none {
        // The characters shown must be the primary font's too (a full-width `Ａ` for an `A`).
        i = range.lowerBound
        while i < range.upperBound {
            let (scalar, length) = decodeScalar(bytes, at: i)
            if !transform.shownScalars(scalar).allSatisfy({ isShownCovered($0, by: primary, transform) }) { needsFallback = true; break }
            i += length
        }
    }
    guard needsFallback, let context = primary.context else { return [FontRun(range: range, font: primary)] }

    var runs: [FontRun] = []
    var emojiClusters: [Range<Int>] = []
    var clusterStart = range.lowerBound
    // The cluster's characters, in one array reused from cluster to cluster rather than one allocated for each.
    var scalars: [UInt32] = []
    for clusterEnd in try boundaries(.grapheme, in: bytes, range: range) {
        scalars.removeAll(keepingCapacity: true)
        var k = clusterStart
        while k < clusterEnd {
            let (scalar, length) = decodeScalar(bytes, at: k)
            if transform == .none { scalars.append(scalar) } else { scalars.append(contentsOf: transform.shownScalars(scalar)) }
            k += length
        }
        var font = primary
        let primaryLacksOne = scalars.contains { !isShownCovered($0, by: primary, transform) }
        let emoji = scalars.contains(0xFE0F) || scalars.contains(0x20E3)
            || (isEmojiPresentation(scalars[0]) && !scalars.contains(0xFE0E))
        // Whether the cluster takes a colour font before the list's (see ``LayoutProfile/emojiPresentationFont``).
        let colourFirst = emojiPresentationFont == .colourFont ? emoji : scalars.contains(0xFE0F)
        if emoji || isEmojiSequence(scalars) { emojiClusters.append(clusterStart..<clusterEnd) }
        if scalars == [0xAD], let before = runs.last, before.font.hyphen != nil {
            // A soft hyphen needs no glyph of its own: it keeps the font of the text before it, the
            // font its hyphen is shaped in at a break after it (unless that font has no hyphen,
            // such as the colour emoji font: then the primary's).
            font = before.font
        } else if colourFirst, let found = context.fallbackFont(covering: [scalars[0]], primary: primary, language: language,
                                                                          presentation: .emoji, browserOrder: browserOrder) {
            font = found
        } else if primaryLacksOne, let listed = list.others.first(where: { font in scalars.allSatisfy { isShownCovered($0, by: font, transform) } }) {
            font = listed
        } else if primaryLacksOne {
            let presentation: FontContext.Presentation = scalars.contains(0xFE0E) ? .text : emoji && !colourFirst ? .emoji : .any
            let needed = scalars.filter(needsGlyph)
            if let found = context.fallbackFont(covering: needed, primary: primary, language: language, presentation: presentation,
                                                browserOrder: browserOrder) {
                font = found
            } else if let base = needed.first, !isCovered(base, by: primary),
                      let found = context.fallbackFont(covering: [base], primary: primary, language: language, presentation: presentation,
                                                       browserOrder: browserOrder) {
                // No font has the whole cluster: it stays in its base's font, and the code points
                // that font lacks are drawn as missing glyphs.
                font = found
            }
        }
        if let last = runs.last, last.font === font {
            runs[runs.count - 1].range = last.range.lowerBound..<clusterEnd
        } else {
            runs.append(FontRun(range: clusterStart..<clusterEnd, font: font))
        }
        clusterStart = clusterEnd
    }
    // Under full-width a space is shown as U+3000, a character of its own font, not a space.
    guard style.settings.profile.spaceFont == .previousCharacter, transform != .fullWidth else { return runs }
    return withSpacesInPreviousCharacterFonts(runs, bytes, range: range, list: list, emojiClusters: emojiClusters,
                                              levelChanges: levelChanges)
}

/// Whether `font` can draw `scalar` under `transform`: as ``isCovered(_:by:)``, but a space
/// shown full-width (U+3000) only in a font that has its glyph, as Chromium chooses a font for an
/// ideographic space (HarfBuzz's stand-in, a space widened to an em, is drawn in none).
@inline(__always)
func isShownCovered(_ scalar: UInt32, by font: Font, _ transform: TextTransform) -> Bool {
    transform == .fullWidth && scalar == 0x3000 ? font.hasGlyph(scalar) : isCovered(scalar, by: font)
}

/// Whether `font` can draw `scalar`: it has a glyph, or the character needs none (controls and
/// default-ignorable characters, which HarfBuzz hides), or HarfBuzz draws it with a glyph the
/// font has: the parts of the character's canonical decomposition (each again as a glyph or
/// through its own decomposition), when the font lacks the precomposed glyph (CSS Fonts 4
/// "Cluster matching": a font supports a cluster in its precomposed or its canonically decomposed
/// form), or the character HarfBuzz puts in its place (``harfBuzzStandIn(for:)``). Chromium keeps
/// a character in the first font HarfBuzz draws it in without a missing glyph, so both rules
/// are its too.
func isCovered(_ scalar: UInt32, by font: Font) -> Bool {
    if !needsGlyph(scalar) || font.hasGlyph(scalar) { return true }
    if let standIn = harfBuzzStandIn(for: scalar), font.hasGlyph(standIn) { return true }
    return scalar >= 0xC0 && isCoveredDecomposed(scalar, by: font)
}

/// Whether `scalar` is drawn with a glyph: not a control character or a default-ignorable one
/// (joiners, variation selectors, soft hyphens), which HarfBuzz hides.
func needsGlyph(_ scalar: UInt32) -> Bool {
    !(scalar < 0x20 || scalar == 0x7F || (scalar >= 0xAD && isDefaultIgnorable(scalar)))
}

/// Whether `scalar` is a default-ignorable code point, asking ICU only where one may be (kept out
/// of line, so that ``needsGlyph(_:)`` stays small enough to be inlined in the itemizer's loops).
@inline(never)
func isDefaultIgnorable(_ scalar: UInt32) -> Bool {
    mayBeDefaultIgnorable(scalar) && cicu_is_default_ignorable(scalar) != 0
}

/// Whether `scalar` lies outside the long stretches that hold no default-ignorable character
/// (Latin to Syriac, Indic, CJK, Hangul, the SMP's scripts and emoji), where ICU need not be asked:
/// a test holds it to ICU's property for every code point.
@inline(__always)
func mayBeDefaultIgnorable(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0xAE...0x34E, 0x350...0x61B, 0x61D...0x115E, 0x1161...0x17B3, 0x17B6...0x180A, 0x1810...0x200A,
         0x2070...0x3163, 0x3165...0xFDFF, 0xFE10...0xFEFE, 0xFF00...0xFF9F, 0x10000...0x1BC9F, 0x1BCA4...0x1D172,
         0x1D17B...0xDFFFF:
        false
    default:
        true
    }
}

/// The character whose glyph HarfBuzz draws for `scalar` in a font that lacks it, or nil: for
/// every space character but U+1680 OGHAM SPACE MARK (U+00A0, U+2000 to U+200A, U+202F, U+205F,
/// U+3000), the font's U+0020 SPACE, its advance set to the space's own width (an em, half an em,
/// a figure's...: HarfBuzz's space fallback); for U+2011 NON-BREAKING HYPHEN, U+2010 HYPHEN.
private func harfBuzzStandIn(for scalar: UInt32) -> UInt32? {
    switch scalar {
    case 0xA0, 0x2000...0x200A, 0x202F, 0x205F, 0x3000: 0x20
    case 0x2011: 0x2010
    default: nil
    }
}

/// Whether `font` has every part of the canonical decomposition of `scalar` (false when it has none).
private func isCoveredDecomposed(_ scalar: UInt32, by font: Font) -> Bool {
    var parts: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
    let count = withUnsafeMutableBytes(of: &parts) { raw in
        cicu_canonical_decomposition(scalar, raw.baseAddress!.assumingMemoryBound(to: UInt32.self), 4)
    }
    guard count > 0 else { return false }
    return withUnsafeBytes(of: parts) { raw in
        raw.bindMemory(to: UInt32.self).prefix(Int(count)).allSatisfy { isCovered($0, by: font) }
    }
}

/// Whether a cluster is an emoji sequence without an emoji presentation character or VS16: a
/// modifier sequence (`✌🏾`), a ZWJ sequence, a flag (regional indicators, tag sequences).
private func isEmojiSequence(_ scalars: [UInt32]) -> Bool {
    scalars.contains { (0x1F3FB...0x1F3FF).contains($0) || $0 == 0x200D || (0x1F1E6...0x1F1FF).contains($0) || (0xE0020...0xE007F).contains($0) }
}

func isEmojiPresentation(_ scalar: UInt32) -> Bool {
    // Every Emoji_Presentation character lies in U+231A...U+2B55 or from U+1F004 on (a test holds this to ICU).
    scalar >= 0x231A && (scalar <= 0x2B55 || scalar >= 0x1F004) && cicu_is_emoji_presentation(scalar) != 0
}
