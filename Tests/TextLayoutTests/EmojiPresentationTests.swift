// Variation selectors choose the font: every sequence of Unicode's emoji-variation-sequences.txt, emoji style to the colour font, text style to a text font.
import Foundation
import Testing
import TextLayout
import TestSupport

@Suite("Emoji and text presentation sequences")
struct EmojiPresentationTests {
    /// Unicode's list of the standardized variation sequences of emoji, from Debian's unicode-data
    /// (installed by scripts/install-deps.sh), of the Unicode version ICU 72 has (15.0).
    static let sequencesFile = "/usr/share/unicode/emoji/emoji-variation-sequences.txt"

    struct Sequence: CustomStringConvertible {
        let base: UInt32
        let isEmojiStyle: Bool
        let line: Int
        var description: String { "line \(line): U+\(String(base, radix: 16, uppercase: true)) \(isEmojiStyle ? "emoji" : "text") style" }
    }

    /// The sequences of the file: `0023 FE0F  ; emoji style; # (1.1) NUMBER SIGN`.
    static func sequences() throws -> [Sequence] {
        let text = try String(contentsOfFile: sequencesFile, encoding: .utf8)
        var found: [Sequence] = []
        for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let fields = line.prefix { $0 != "#" }.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count >= 2, !fields[0].isEmpty else { continue }
            let scalars = fields[0].split(separator: " ").compactMap { UInt32($0, radix: 16) }
            #expect(scalars.count == 2 && (fields[1] == "emoji style") == (scalars[1] == 0xFE0F),
                    "line \(n + 1) is not a base with VS15 (text style) or VS16 (emoji style): \(line)")
            found.append(Sequence(base: scalars[0], isEmojiStyle: scalars[1] == 0xFE0F, line: n + 1))
        }
        return found
    }

    static let colourFamily = "Noto Color Emoji"

    /// A context of the bundled fonts whose fontconfig configuration puts the colour font first for
    /// every family, as some systems' configurations do: text style must still find a text font.
    static func colourFirstContext() throws -> FontContext {
        let folder = try makeTemporaryDirectory()
        let bundled = FontContext.bundledFontsDirectory!
        for file in try FileManager.default.contentsOfDirectory(atPath: bundled) where file.hasSuffix(".ttf") || file.hasSuffix(".otf") {
            try FileManager.default.createSymbolicLink(atPath: folder.path + "/" + file, withDestinationPath: bundled + "/" + file)
        }
        try """
            <?xml version="1.0"?>
            <fontconfig><match target="pattern"><edit name="family" mode="prepend" binding="strong">\
            <string>\(colourFamily)</string></edit></match></fontconfig>
            """.write(toFile: folder.path + "/fonts.conf", atomically: true, encoding: .utf8)
        return FontContext(fontDirectories: [folder.path], includeSystemFonts: false)
    }

    /// DejaVu Sans, the default font, has many of the bases (♥, ☝, ✈) as monochrome glyphs;
    /// Noto Sans Hebrew has almost none, so their fonts come from fallback.
    @Test("every sequence in the file: emoji style in the colour font, text style in a text font that has the base",
          arguments: [("DejaVuSans.ttf", false), ("NotoSansHebrew-Regular.ttf", false), ("NotoSansHebrew-Regular.ttf", true)])
    func wholeFile(primaryFile: String, colourFirst: Bool) throws {
        let sequences = try Self.sequences()
        #expect(sequences.count == 708, "Unicode 15.0 lists 354 bases, each with VS15 and VS16")
        let context = colourFirst ? try Self.colourFirstContext() : bundledFonts
        let directory = context.fontDirectories[0]
        let primary = try context.font(path: directory + "/" + primaryFile)
        let fontFiles = try FileManager.default.contentsOfDirectory(atPath: directory)
            .filter { $0.hasSuffix(".ttf") || $0.hasSuffix(".otf") }.sorted()
        let fonts = try fontFiles.map { try context.font(path: directory + "/" + $0) }
        let colour = try #require(fonts.first { $0.familyName == Self.colourFamily })
        let textFonts = fonts.filter { $0.familyName != Self.colourFamily }
        var primaryHadEmojiStyleBase = 0
        for sequence in sequences {
            let text = "a" + String(UnicodeScalar(sequence.base)!) + (sequence.isEmojiStyle ? "\u{FE0F}" : "\u{FE0E}") + "b"
            let layout = try PreparedText(text, style: TextStyle(font: primary)).layout()
            let runs = layout.lines.flatMap(\.runs).filter { $0.utf16Range.contains(1) }
            guard let font = runs.first?.content.textFont, runs.count == 1 else {
                Issue.record("\(sequence): drawn in \(runs.count) runs, expected one")
                continue
            }
            #expect(colour.hasGlyph(sequence.base), "\(sequence): the bundled colour font lacks the base; rerun Fonts/make-subsets.sh")
            if sequence.isEmojiStyle {
                if primary.hasGlyph(sequence.base) { primaryHadEmojiStyleBase += 1 }
                #expect(font === colour, "\(sequence): drawn in \(font.familyName), expected the colour font")
            } else if textFonts.contains(where: { $0.hasGlyph(sequence.base) }) {
                #expect(font.familyName != Self.colourFamily && font.hasGlyph(sequence.base),
                        "\(sequence): drawn in \(font.familyName), expected a text font that has the base")
            } else {
                #expect(font === colour, "\(sequence): no text font has the base, so the colour font draws it")
            }
        }
        // The rule is tested where it matters: DejaVu Sans itself has many of the bases.
        #expect(primaryHadEmojiStyleBase > (primaryFile == "DejaVuSans.ttf" ? 90 : -1))
    }

    @Test("❤️ ☝️ ✈️ with VS16 are drawn in colour, and with VS15 in DejaVu Sans", arguments: ["\u{2764}", "\u{261D}", "\u{2708}"])
    func examples(base: String) throws {
        let primary = try bundledFonts.font(path: FontContext.bundledFontPath("DejaVuSans.ttf")!)
        let emoji = try PreparedText(base + "\u{FE0F}", style: TextStyle(font: primary)).layout()
        #expect(emoji.lines[0].runs.map(\.content.textFont.familyName) == [Self.colourFamily])
        let text = try PreparedText(base + "\u{FE0E}", style: TextStyle(font: primary)).layout()
        #expect(text.lines[0].runs.map(\.content.textFont.familyName) == ["DejaVu Sans"])
    }
}

@Suite("A soft hyphen after an emoji")
struct EmojiSoftHyphenTests {
    @Test("a line broken at a soft hyphen after ❤️ shows the primary font's hyphen, as the colour font has none")
    func hyphenAfterEmoji() throws {
        let context = bundledFonts
        let primary = try context.font(path: FontContext.bundledFontPath("DejaVuSans.ttf")!)
        let style = try TextStyle(font: primary)
        let text = "\u{2764}\u{FE0F}\u{AD}abcdefgh"
        let unbroken = try PreparedText(text, style: style).layout()
        let layout = try PreparedText(text, style: style).layout(wrapWidth: unbroken.widestLineWidth - 1)
        #expect(layout.lines.count == 2)
        #expect(layout.lines[0].endsWithHyphen)
        let hyphen = layout.lines[0].runs.filter { $0.glyphs.contains(where: \.isGenerated) }
        #expect(hyphen.map(\.content.textFont.familyName) == ["DejaVu Sans"])
        #expect(layout._checkInvariants() == [])
    }
}
