// One loaded face: the font file mapped once, shared by a FreeType face (metrics, later outlines) and a HarfBuzz font (shaping).
import CFreeType
import CHarfBuzz

/// A font face loaded from a file, ready to shape and measure.
///
/// A `Font` is immutable after loading and safe to share between threads: shaping goes through
/// HarfBuzz's font, which is thread-safe; the FreeType face is only read while loading. Fonts are
/// made by a ``FontContext``, which loads each file and face index once.
public final class Font: @unchecked Sendable, Hashable, CustomStringConvertible {
    /// The file the face was loaded from.
    public let path: String
    /// The face's index in a font collection (0 for a plain font file).
    public let faceIndex: Int
    /// The family name the font file gives.
    public let familyName: String
    /// The style name the font file gives ("Book", "Bold"...).
    public let styleName: String
    /// The vertical metrics in font units.
    public let metrics: FontMetrics
    /// The height of the lowercase letters in font units (what CSS's `middle` alignment of an
    /// inline object raises by half of): the `OS/2` table's sxHeight, as HarfBuzz reads it; else
    /// the top of the font's `x`; else 0.56 × the ascender (Chromium's fallback, which also reads
    /// sxHeight first and then the `x`).
    public let xHeight: Int
    /// The advance of the space glyph in font units (0 when the font has no space); tab stops are counted in it.
    public let spaceAdvance: Int
    /// The glyph id of the space, used to draw tabs (0, .notdef, when the font has none).
    public let spaceGlyph: UInt32
    /// The file's size and modification time when loaded: part of the font's identity in caches.
    public let fileStamp: String
    /// Whether no substitution or positioning lookup of the font involves the space glyph, and
    /// no pair of its legacy `kern` table kerns it: then text on either side of a space shapes the
    /// same alone as together, and the word cache may join words shaped in other texts.
    let spaceIsInert: Bool
    /// The face's variation axes (its `fvar` table), empty for a face that is not variable.
    public let axes: [FontAxis]
    /// The instance drawn: each axis of ``axes`` with its value, in the same order (empty for a
    /// face that is not variable). Shaping, advances, metrics, ink boxes and the renderers all use it.
    public let variations: [FontVariation]
    /// What is drawn without being in the face (emboldened or slanted outlines); advances are the face's.
    public let synthetic: SyntheticStyle
    /// The face's weight: its `wght` coordinate, else the `OS/2` usWeightClass (400 without one).
    public let faceWeight: Double
    /// Whether the face is italic or oblique (the `OS/2` selection bits, or FreeType's style flag).
    public let isSlantedFace: Bool
    /// The instance this font was made for and the size it was resolved at (nil for a face as it
    /// is loaded): its fallback fonts are made for the same, as CSS matches fallback faces with
    /// the element's weight and style.
    public let selection: (selection: FontSelection, size: Double?)?

    let blob: OpaquePointer
    let ftFace: FT_Face
    let hbFont: OpaquePointer
    /// Kept alive while the face is: FreeType frees faces through their library.
    let library: FreeTypeLibrary
    /// The context that loaded the font; it finds fallback fonts. Set once, right after loading.
    /// Held weakly, as the context holds its fonts: nil once the context is released (see
    /// ``FontContext/init(fontDirectories:includeSystemFonts:shapeCacheBudget:preparedTextCacheBudget:hyphenationDirectory:)``).
    public internal(set) weak var context: FontContext?
    /// The ink boxes of the glyphs asked for so far (``inkBox(ofGlyph:)``), nil for a glyph without ink.
    let inkBoxes = Locked<[UInt32: GlyphInkBox?]>([:])
    /// The tops of the `H` and the `x` hinted lightly, in pixels, by size, for those asked so far (``hintedLetterTops(size:)``).
    let hintedLetterTops = Locked<[Double: (capital: Double?, lowercase: Double?)]>([:])
    /// The face's strikes when it is a font of colour strikes only (CBDT, sbix), else none.
    let bitmapStrikes: [BitmapStrike]
    /// HarfBuzz's fonts that shape by a strike's advances (``harfBuzzFont(advancingBy:)``), by strike index.
    let strikeFonts = Locked<[Int: StrikeAdvanceFont]>([:])
    /// Whether the face has vertical advances (a `vmtx` table): without one, a glyph upright in a
    /// column advances by the face's ascent and descent (``uprightAdvance(size:_:)``).
    let hasVerticalAdvances: Bool
    /// Whether the font draws the curly quotation marks fullwidth, by language, for those asked so far (``drawsFullwidthQuotes(language:)``).
    let fullwidthQuotes = Locked<[String: Bool]>([:])
    /// The classes of the marks the font places itself upright in a column, by language, for those asked so far (``punctuationClasses(language:upright:)``).
    let uprightPunctuationClasses = Locked<[String: PlacedPunctuationClasses]>([:])

    /// Loads face `faceIndex` of the file (its upper 16 bits a named instance of a variable face,
    /// as fontconfig gives them), at `coordinates` (one per axis) when given, else at the named
    /// instance's or the default ones, drawn with `synthetic`.
    init(path: String, faceIndex: Int, library freeType: FreeTypeLibrary, fileStamp: String,
         coordinates: [Double]? = nil, synthetic: SyntheticStyle = [], selection: (selection: FontSelection, size: Double?)? = nil) throws {
        let (blob, face) = try Font.openFace(path: path, faceIndex: faceIndex, library: freeType.handle)
        let axes = Font.readAxes(face)
        let values = Font.applyCoordinates(coordinates, to: face, axes: axes)
        self.axes = axes
        self.variations = zip(axes, values).map { FontVariation(checkedTag: $0.tag, value: $1) }
        self.synthetic = synthetic
        self.selection = selection
        let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self).pointee
        let wght = axes.firstIndex { $0.tag == "wght" }.map { values[$0] }
        self.faceWeight = wght ?? os2.map { $0.version != 0xFFFF && $0.usWeightClass > 0 ? Double($0.usWeightClass) : 400 } ?? 400
        self.isSlantedFace = face.pointee.style_flags & FT_Long(FT_STYLE_FLAG_ITALIC) != 0
            || os2.map { $0.version != 0xFFFF && $0.fsSelection & (1 << 0 | 1 << 9) != 0 } ?? false
        do {
            self.metrics = try Font.readMetrics(face, path: path)
        } catch {
            FT_Done_Face(face)
            hb_blob_destroy(blob)
            throw error
        }
        let hbFont = Font.harfBuzzFont(blob: blob, faceIndex: faceIndex, unitsPerEm: metrics.unitsPerEm, coordinates: values)
        (self.spaceGlyph, self.spaceAdvance) = Font.space(in: hbFont)
        self.xHeight = Font.xHeight(of: hbFont, ascender: metrics.ascender)
        self.spaceIsInert = Font.isSpaceInert(hbFont, space: spaceGlyph)
        self.path = path
        self.faceIndex = faceIndex
        self.familyName = face.pointee.family_name.map { String(cString: $0) } ?? ""
        self.styleName = face.pointee.style_name.map { String(cString: $0) } ?? ""
        self.fileStamp = fileStamp
        self.blob = blob
        self.library = freeType
        self.ftFace = face
        self.hbFont = hbFont
        self.bitmapStrikes = BitmapStrike.strikes(of: face)
        self.lowCoverage = Font.coverageBelow800(of: hbFont)
        self.hasVerticalAdvances = Font.hasTable("vmtx", in: hbFont)
    }

    /// Maps the file at `path` once into a HarfBuzz blob and opens its face `faceIndex` with
    /// FreeType, which reads the blob's bytes.
    /// - Throws: ``LayoutError`` `.badFontFile`: a face index out of range, a file that is missing,
    ///   unreadable or empty, or one FreeType cannot read (naming the faces it holds when the
    ///   index is past them).
    private static func openFace(path: String, faceIndex: Int, library: FT_Library) throws -> (blob: OpaquePointer, face: FT_Face) {
        guard faceIndex >= 0, faceIndex < Int(Int32.max) else {
            throw LayoutError(.badFontFile, "font face index must be between 0 and \(Int32.max), got \(faceIndex)")
        }
        guard let blob = hb_blob_create_from_file_or_fail(path) else {
            throw LayoutError(.badFontFile, "cannot read the font file '\(path)': it is missing or unreadable")
        }
        let length = Int(hb_blob_get_length(blob))
        guard length > 0, let data = hb_blob_get_data(blob, nil) else {
            hb_blob_destroy(blob)
            throw LayoutError(.badFontFile, "the font file '\(path)' is empty")
        }
        var face: FT_Face?
        let error = data.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
            FT_New_Memory_Face(library, bytes, FT_Long(length), FT_Long(faceIndex), &face)
        }
        guard error == 0, let face else {
            let faces = Font.faceCount(data: data, length: length, library: library)
            hb_blob_destroy(blob)  // only now: faceCount reads the file's bytes
            if faces > 0, faceIndex >= faces {
                throw LayoutError(.badFontFile, "the font file '\(path)' holds \(faces) face(s): index \(faceIndex) does not exist (allowed: 0 to \(faces - 1))")
            }
            throw LayoutError(.badFontFile, "'\(path)' is not a font file FreeType can read (FreeType error \(error)\(Font.freeTypeReason(error)))")
        }
        return (blob, face)
    }

    /// HarfBuzz's font of face `faceIndex` of `blob` (its named-instance bits dropped) at the
    /// design `coordinates` (one per axis), made immutable, its scale units per em: HarfBuzz then
    /// gives exact, unhinted advances in font units.
    private static func harfBuzzFont(blob: OpaquePointer, faceIndex: Int, unitsPerEm: Int, coordinates: [Double]) -> OpaquePointer {
        let hbFace = hb_face_create(blob, UInt32(faceIndex & 0xFFFF))
        let hbFont = hb_font_create(hbFace)
        hb_face_destroy(hbFace)
        let upem = Int32(unitsPerEm)
        hb_font_set_scale(hbFont, upem, upem)
        if !coordinates.isEmpty {
            let design = coordinates.map { Float($0) }
            hb_font_set_var_coords_design(hbFont, design, UInt32(design.count))
        }
        hb_font_make_immutable(hbFont)
        return hbFont!
    }

    /// The face's variation axes, in `fvar` order (empty when it has none).
    private static func readAxes(_ face: FT_Face) -> [FontAxis] {
        guard face.pointee.face_flags & FT_Long(FT_FACE_FLAG_MULTIPLE_MASTERS) != 0 else { return [] }
        var master: UnsafeMutablePointer<FT_MM_Var>?
        guard FT_Get_MM_Var(face, &master) == 0, let master else { return [] }
        defer { FT_Done_MM_Var(face.pointee.glyph.pointee.library, master) }
        return (0..<Int(master.pointee.num_axis)).map { index in
            let axis = master.pointee.axis[index]
            let tag = UInt32(axis.tag)
            let name = String(decoding: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: tag >> $0) }, as: Unicode.ASCII.self)
            return FontAxis(tag: name, minimum: Double(axis.minimum) / 65536, defaultValue: Double(axis.def) / 65536,
                            maximum: Double(axis.maximum) / 65536)
        }
    }

    /// Sets `coordinates` (one per axis) on the face when given, and gives the face's design
    /// coordinates as they then are (a named instance's when none are given).
    private static func applyCoordinates(_ coordinates: [Double]?, to face: FT_Face, axes: [FontAxis]) -> [Double] {
        guard !axes.isEmpty else { return [] }
        var fixed = [FT_Fixed](repeating: 0, count: axes.count)
        if let coordinates, coordinates.count == axes.count {
            fixed = coordinates.map { FT_Fixed(($0 * 65536).rounded()) }
            FT_Set_Var_Design_Coordinates(face, FT_UInt(fixed.count), &fixed)
        }
        guard FT_Get_Var_Design_Coordinates(face, FT_UInt(fixed.count), &fixed) == 0 else { return axes.map(\.defaultValue) }
        return fixed.map { Double($0) / 65536 }
    }

    /// The space's glyph and its advance in font units (0 and 0 when the font has no space).
    private static func space(in font: OpaquePointer) -> (glyph: UInt32, advance: Int) {
        var space: hb_codepoint_t = 0
        guard hb_font_get_nominal_glyph(font, 0x20, &space) != 0 else { return (0, 0) }
        return (space, Int(hb_font_get_glyph_h_advance(font, space)))
    }

    /// The x-height in font units (see ``xHeight``).
    private static func xHeight(of font: OpaquePointer, ascender: Int) -> Int {
        var position: hb_position_t = 0
        if hb_ot_metrics_get_position(font, HB_OT_METRICS_TAG_X_HEIGHT, &position) != 0, position > 0 { return Int(position) }
        var glyph: hb_codepoint_t = 0
        var extents = hb_glyph_extents_t()
        if hb_font_get_nominal_glyph(font, 0x78, &glyph) != 0, hb_font_get_glyph_extents(font, glyph, &extents) != 0, extents.y_bearing > 0 {
            return Int(extents.y_bearing)
        }
        return ascender * 56 / 100
    }

    /// One bit per code point below U+0800: whether the font's character map has it (``lowCoverage``).
    private static func coverageBelow800(of font: OpaquePointer) -> [UInt64] {
        var coverage = [UInt64](repeating: 0, count: 32)
        for scalar in UInt32(0)..<0x800 {
            var glyph: hb_codepoint_t = 0
            if hb_font_get_nominal_glyph(font, scalar, &glyph) != 0 { coverage[Int(scalar >> 6)] |= 1 << (scalar & 63) }
        }
        return coverage
    }

    deinit {
        hb_font_destroy(hbFont)
        FT_Done_Face(ftFace)
        hb_blob_destroy(blob)
    }

    /// Whether the face of `font` has the table `tag`.
    private static func hasTable(_ tag: StaticString, in font: OpaquePointer) -> Bool {
        let table = hb_face_reference_table(hb_font_get_face(font), openTypeTag(tag))
        defer { hb_blob_destroy(table) }
        return hb_blob_get_length(table) > 0
    }

    /// Looks for the space glyph in every GSUB and GPOS lookup (as context before or after, or as
    /// input) and in the pairs of a legacy `kern` table, which HarfBuzz applies without lookups
    /// (``LegacyKernTable``). A GSUB lookup that only joins the space with marks after it
    /// (``SpaceMarkLigatures``, with ``areMarks(_:in:)`` for the marks) leaves the space inert:
    /// the word cache shapes a space and the marks after it together. Apple's `morx`, `mort` and
    /// `kerx` tables, which HarfBuzz applies in place of GSUB and GPOS, are not read: a font with
    /// one counts as not inert.
    private static func isSpaceInert(_ font: OpaquePointer, space: UInt32) -> Bool {
        let face = hb_font_get_face(font)
        for tag in ["morx", "mort", "kerx"] as [StaticString] {
            let table = hb_face_reference_table(face, openTypeTag(tag))
            defer { hb_blob_destroy(table) }
            if hb_blob_get_length(table) > 0 { return false }
        }
        let kern = hb_face_reference_table(face, openTypeTag("kern"))
        defer { hb_blob_destroy(kern) }
        if LegacyKernTable(bytes: tableBytes(kern)).kerns(glyph: space) { return false }
        let gsub = hb_face_reference_table(face, openTypeTag("GSUB"))
        defer { hb_blob_destroy(gsub) }
        let sets = (0..<3).map { _ in hb_set_create()! }
        defer { sets.forEach { hb_set_destroy($0) } }
        for table in [openTypeTag("GSUB"), openTypeTag("GPOS")] {
            let lookups = hb_ot_layout_table_get_lookup_count(face, table)
            for lookup in 0..<lookups {
                sets.forEach { hb_set_clear($0) }
                hb_ot_layout_lookup_collect_glyphs(face, table, lookup, sets[0], sets[1], sets[2], nil)
                guard sets.contains(where: { hb_set_has($0, space) != 0 }) else { continue }
                guard table == openTypeTag("GSUB") else { return false }
                guard let joined = SpaceMarkLigatures(bytes: tableBytes(gsub)).glyphsJoinedAfterSpace(lookup: Int(lookup), space: space),
                      areMarks(joined, in: font) else { return false }
            }
        }
        return true
    }

    /// The bytes of a table HarfBuzz holds (empty for a table the font lacks).
    private static func tableBytes(_ blob: OpaquePointer?) -> UnsafeRawBufferPointer {
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: UnsafeRawPointer(data), count: Int(length))
    }

    /// Whether every glyph of `glyphs` stands only for characters that join the cluster before
    /// them (``extendsCluster(_:)``: combining marks, joiners), as the character map gives them,
    /// and no GSUB lookup makes it out of other glyphs: the word cache never cuts such a glyph
    /// from a space before it.
    static func areMarks(_ glyphs: Set<UInt32>, in font: OpaquePointer) -> Bool {
        let face = hb_font_get_face(font)
        let scalars = hb_set_create()!, substituted = hb_set_create()!
        defer { hb_set_destroy(scalars); hb_set_destroy(substituted) }
        hb_face_collect_unicodes(face, scalars)
        var found = Set<UInt32>()
        var scalar = UInt32.max
        while hb_set_next(scalars, &scalar) != 0 {
            var glyph: hb_codepoint_t = 0
            guard hb_font_get_nominal_glyph(font, scalar, &glyph) != 0, glyphs.contains(glyph) else { continue }
            guard extendsCluster(scalar) else { return false }
            found.insert(glyph)
        }
        guard found == glyphs else { return false }
        for lookup in 0..<hb_ot_layout_table_get_lookup_count(face, openTypeTag("GSUB")) {
            hb_ot_layout_lookup_collect_glyphs(face, openTypeTag("GSUB"), lookup, nil, nil, nil, substituted)
        }
        return !glyphs.contains { hb_set_has(substituted, $0) != 0 }
    }

    /// Whether the font's character map has a glyph for `scalar`.
    public func hasGlyph(_ scalar: UInt32) -> Bool {
        if scalar < 0x800 { return lowCoverage[Int(scalar >> 6)] & (1 << (scalar & 63)) != 0 }
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar, &glyph) != 0
    }

    /// The character this font draws a line-end hyphen with: U+2010 HYPHEN, or `-` when it has
    /// none (as Pango and browsers choose), or nil when it has neither (a colour emoji font).
    package var hyphen: UInt32? { hasGlyph(0x2010) ? 0x2010 : hasGlyph(0x2D) ? 0x2D : nil }

    /// One bit per code point below U+0800 (Latin, Greek, Cyrillic, Hebrew, Arabic): whether the
    /// font has it, read once at loading, since every character is checked before shaping.
    private let lowCoverage: [UInt64]

    /// What a FreeType error code means, for the message (": " and a phrase, or nothing).
    private static func freeTypeReason(_ error: FT_Error) -> String {
        switch error {
        case 0x02: ": not a format FreeType knows"
        case 0x03: ": the file's format is broken"
        case 0x08: ": a table is broken, such as units per em outside 16 to 16384"
        case 0x09: ": an offset points outside the file"
        case 0x40: ": out of memory"
        case 0x55: ": the file is shorter than its tables say"
        case 0x8E: ": a table the font needs is missing"
        default: ""
        }
    }

    /// How many faces a font file holds, or 0 when FreeType cannot tell.
    private static func faceCount(data: UnsafePointer<CChar>, length: Int, library: FT_Library) -> Int {
        var probe: FT_Face?
        let error = data.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
            FT_New_Memory_Face(library, bytes, FT_Long(length), -1, &probe)
        }
        guard error == 0, let probe else { return 0 }
        defer { FT_Done_Face(probe) }
        return Int(probe.pointee.num_faces)
    }

    /// Reads the line model's metrics (see ``FontMetrics``) from the face's tables.
    private static func readMetrics(_ face: FT_Face, path: String) throws -> FontMetrics {
        // FreeType gives 0 units per em for bitmap-only fonts (Noto Color Emoji's CBDT); their
        // `head` table still has the value HarfBuzz scales by.
        var upem = Int(face.pointee.units_per_EM)
        if upem == 0, let head = FT_Get_Sfnt_Table(face, FT_SFNT_HEAD)?.assumingMemoryBound(to: TT_Header.self) {
            upem = Int(head.pointee.Units_Per_EM)
        }
        guard upem >= 16, upem <= 16384 else {
            throw LayoutError(.badFontFile, "the font '\(path)' has \(upem) units per em; a usable font has 16 to 16384 (from the head table)")
        }
        let hhea = FT_Get_Sfnt_Table(face, FT_SFNT_HHEA)?.assumingMemoryBound(to: TT_HoriHeader.self).pointee
        let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self).pointee
        let useTypo = os2.map { $0.version != 0xFFFF && ($0.fsSelection & (1 << 7)) != 0 } ?? false
        var values: (Int, Int, Int, String)
        if let os2, os2.version != 0xFFFF, useTypo {
            values = (Int(os2.sTypoAscender), Int(os2.sTypoDescender), Int(os2.sTypoLineGap), "OS/2 typo")
        } else if let hhea, hhea.Ascender != 0 || hhea.Descender != 0 {
            values = (Int(hhea.Ascender), Int(hhea.Descender), Int(hhea.Line_Gap), "hhea")
        } else if let os2, os2.version != 0xFFFF, os2.sTypoAscender != 0 || os2.sTypoDescender != 0 {
            values = (Int(os2.sTypoAscender), Int(os2.sTypoDescender), Int(os2.sTypoLineGap), "OS/2 typo")
        } else if let os2, os2.version != 0xFFFF, os2.usWinAscent != 0 || os2.usWinDescent != 0 {
            values = (Int(os2.usWinAscent), -Int(os2.usWinDescent), 0, "OS/2 win")
        } else {
            values = (Int(face.pointee.ascender), Int(face.pointee.descender), 0, "FreeType")
        }
        // A descender given as a positive number (some broken fonts) still means "below the baseline".
        let descender = -abs(values.1)
        let lineGap = max(0, values.2)
        guard values.0 - descender + lineGap > 0, values.0 - descender + lineGap <= upem * 16 else {
            throw LayoutError(.badFontFile, "the font '\(path)' has unusable line metrics (ascender \(values.0), descender \(descender), line gap \(lineGap) for \(upem) units per em)")
        }
        return FontMetrics(unitsPerEm: upem, ascender: values.0, descender: descender, lineGap: lineGap, source: values.3)
    }

    public static func == (lhs: Font, rhs: Font) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    public var description: String {
        "\(familyName) \(styleName) (\(path)\(faceIndex == 0 ? "" : "#\(faceIndex)"))\(instanceDescription)"
    }

    /// The instance, as descriptions end: each axis away from its default (` wght=650`) and each
    /// synthetic style (` synthetic bold`); empty for a face drawn as it is.
    public var instanceDescription: String {
        let instance = axes.indices.filter { variations[$0].value != axes[$0].defaultValue }
            .map { " \(axes[$0].tag)=\(plainNumber(variations[$0].value))" }.joined()
        return instance + synthetic.names.map { " synthetic " + $0 }.joined()
    }
}
