// Automatic hyphenation: the pattern reader against libhyphen itself, the lookup by language, where lines break with `hyphens: auto`, and bad or missing pattern files.
import Foundation
import Testing
@testable import TextLayout
import TestSupport

/// The installed pattern files the tests read (Debian's hyphen-en-us, hyphen-de, hyphen-fr, hyphen-ru).
let hyphenationLanguages: [(language: String, file: String, corpus: String)] = [
    ("en", "hyph_en_US.dic", "en"), ("de", "hyph_de_DE.dic", "de"), ("fr", "hyph_fr.dic", "fr"), ("ru", "hyph_ru_RU.dic", "ru"),
]

/// The lowercase words of a corpus file (runs of letters), each once, in order of first use.
func corpusWords(_ name: String) throws -> [String] {
    let url = repositoryRoot.appendingPathComponent("Benchmarks/Corpus/\(name).txt")
    let text = try String(contentsOf: url, encoding: .utf8)
    var seen = Set<String>()
    var words: [String] = []
    var word = ""
    for character in text.lowercased() + " " {
        if character.isLetter, character.unicodeScalars.allSatisfy({ !(0xFB00...0xFB06).contains($0.value) }) {
            word.append(character)
        } else {
            if word.unicodeScalars.count > 1, seen.insert(word).inserted { words.append(word) }
            word = ""
        }
    }
    return words
}

/// A C program that prints, for each UTF-8 word of a file, libhyphen's standard points
/// (`hnj_hyphen_hyphenate2`, the dictionary's own limits): one digit per character, 1 where a
/// hyphen may follow it (a non-standard point, one that changes the spelling, counts as 0);
/// `skip` for a word the dictionary's charset cannot hold.
private let libhyphenProgram = #"""
#include <hyphen.h>
#include <iconv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    HyphenDict *dict = hnj_hyphen_load(argv[1]);
    if (!dict) { fprintf(stderr, "cannot load %s\n", argv[1]); return 1; }
    FILE *words = fopen(argv[2], "r");
    iconv_t to_dict = iconv_open(dict->cset, "UTF-8");
    char line[1024];
    while (fgets(line, sizeof line, words)) {
        line[strcspn(line, "\n")] = 0;
        char word[4096];
        char *in = line, *out = word;
        size_t in_left = strlen(line), out_left = sizeof word - 1;
        iconv(to_dict, NULL, NULL, NULL, NULL);
        if (iconv(to_dict, &in, &in_left, &out, &out_left) == (size_t)-1) { puts("skip"); continue; }
        *out = 0;
        int length = (int)strlen(word);
        char *hyphens = calloc(length + 5, 1);
        char **rep = NULL; int *pos = NULL; int *cut = NULL;
        hnj_hyphen_hyphenate2(dict, word, length, hyphens, NULL, &rep, &pos, &cut);
        int characters = 0;
        for (int i = 0; i < length; i++) {
            if (dict->utf8 && (((unsigned char)word[i]) >> 6) == 2) continue;
            characters++;
        }
        for (int i = 0; i < characters; i++) putchar((hyphens[i] & 1) && !(rep && rep[i]) ? '1' : '0');
        putchar('\n');
        free(hyphens);
    }
    return 0;
}
"""#

@Suite("Hyphenation")
struct HyphenationTests {
    static let directory = HyphenationDictionaries.defaultDirectory

    static func style(_ language: String?, _ hyphens: Hyphens, limits: HyphenationLimits = HyphenationLimits(),
                      context: FontContext = bundledFonts) throws -> TextStyle {
        try TextStyle(font: try context.font(path: FontContext.bundledFontsDirectory! + "/DejaVuSans.ttf"),
                      settings: TextSettings(language: language, hyphens: hyphens, hyphenationLimits: limits))
    }

    @Test("the reader finds libhyphen's points in thousands of words of each installed language",
          arguments: hyphenationLanguages.map(\.language))
    func sameAsLibhyphen(_ language: String) throws {
        let entry = try #require(hyphenationLanguages.first { $0.language == language })
        let path = Self.directory + "/" + entry.file
        let patterns = try HyphenationDictionaries.read(path)
        // The corpus' words, and as many again made by joining two of them (compounds, where the
        // German patterns' first level finds the joint).
        let words = try corpusWords(entry.corpus)
        var rng = SplitMix(seed: 15)
        var all = words
        for _ in 0..<3000 { all.append(words.randomElement(using: &rng)! + words.randomElement(using: &rng)!) }
        #expect(all.count >= 4000, "\(all.count) words")

        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("points.c")
        let program = folder.appendingPathComponent("points")
        let wordFile = folder.appendingPathComponent("words")
        try libhyphenProgram.write(to: source, atomically: true, encoding: .utf8)
        try (all.joined(separator: "\n") + "\n").write(to: wordFile, atomically: true, encoding: .utf8)
        let compile = try runProgram(["gcc", "-O1", "-o", program.path, source.path, "-lhyphen"])
        try #require(compile.status == 0, "gcc against libhyphen (libhyphen-dev): \(compile.error)")
        let run = try runProgram([program.path, path, wordFile.path])
        try #require(run.status == 0, "\(run.error)")
        let expected = run.output.split(separator: "\n", omittingEmptySubsequences: false).prefix(all.count)
        try #require(expected.count == all.count)

        var compared = 0
        var pointsSeen = 0
        var mismatches: [String] = []
        for (word, reference) in zip(all, expected) where reference != "skip" {
            let scalars = word.unicodeScalars.map(\.value)
            let mine = patterns.points(scalars).map { $0 ? "1" : "0" }.joined()
            compared += 1
            pointsSeen += reference.filter { $0 == "1" }.count
            if mine != reference, mismatches.count < 10 { mismatches.append("\(word): libhyphen \(reference), reader \(mine)") }
        }
        #expect(mismatches.isEmpty, "\(language): \(mismatches.joined(separator: "; "))")
        #expect(compared >= 4000, "\(language): only \(compared) words compared")
        // The comparison means something only if the words do get points.
        #expect(pointsSeen > compared, "\(language): \(pointsSeen) points in \(compared) words")
    }

    @Test("a language tag finds its file with the tag completed as for fonts", arguments: [
        ("en", "hyph_en_US.dic"), ("en-US", "hyph_en_US.dic"), ("de", "hyph_de_DE.dic"), ("de-CH", "hyph_de_CH.dic"),
        ("fr", "hyph_fr_FR.dic"), ("ru", "hyph_ru_RU.dic"),
    ])
    func lookupByTag(_ tag: String, _ file: String) throws {
        let names = HyphenationDictionaries.fileNames(for: LanguageTag(tag))
        let real = { (name: String) in URL(fileURLWithPath: Self.directory + "/" + name).resolvingSymlinksInPath().path }
        let found = try #require(names.first { FileManager.default.fileExists(atPath: Self.directory + "/" + $0) }, "\(tag): tried \(names)")
        #expect(real(found) == real(file), "\(tag): found \(found)")
    }

    /// Where the lines of `text` break (their ends, as the text before each) and which end with a hyphen.
    static func lines(_ text: String, _ style: TextStyle, width: Double) throws -> [(text: String, hyphen: Bool)] {
        let layout = try PreparedText(text, style: style).layout(wrapWidth: width)
        expectInvariants(layout, "\(text) at \(width)")
        return layout.lines.map { (String(text[$0.range]), $0.endsWithHyphen) }
    }

    @Test("auto breaks a word that does not fit at a point the patterns allow, with the generated hyphen, measured as drawn")
    func autoBreaksInsideWords() throws {
        let style = try Self.style("en", .auto)
        let manual = try Self.style("en", .manual)
        // "hyphenation" is hy-phen-ation in the US patterns (libhyphen agrees, see above). The
        // width holds "The hyphen" and a hyphen (U+2010, DejaVu Sans has it), measured on their own.
        let text = "The hyphenation"
        let alone = try PreparedText("The hyphen\u{2010}", style: manual).layout().lines[0].width
        let width = alone + 0.5
        let lines = try Self.lines(text, style, width: width)
        #expect(lines.map(\.text) == ["The hyphen", "ation"], "\(lines)")
        #expect(lines.map(\.hyphen) == [true, false])
        let layout = try PreparedText(text, style: style).layout(wrapWidth: width)
        let first = layout.lines[0]
        let hyphen = try #require(first.runs.flatMap(\.glyphs).last)
        let drawn = try PreparedText("\u{2010}", style: style).layout().lines[0].runs[0].glyphs[0]
        #expect(hyphen.isGenerated && hyphen.id == drawn.id)
        // In the cluster of the letter before the point ("n", UTF-16 offset 9), inside the line.
        #expect(hyphen.cluster == 9 && first.utf16Range == 0..<10)
        #expect(abs(first.runs.reduce(0) { $0 + $1.width } - first.width) < 1e-9)
        #expect(abs(alone - first.width) < 1e-6, "\(alone) vs \(first.width)")
        // A caret after the line's last letter stands after the hyphen, at the line's end.
        #expect(abs(layout.caretRect(forUTF16Offset: 10, affinity: .upstream).x - first.width) < 1e-6)
        // manual and none leave the word whole (cut only when it is wider than the line).
        for hyphens in [Hyphens.manual, .none] {
            #expect(try Self.lines(text, Self.style("en", hyphens), width: width).map(\.text) == ["The ", "hyphenation"])
        }
    }

    @Test("a point is used only when the word does not fit: a word that fits whole moves or stays whole")
    func pointsOnlyWhenNeeded() throws {
        let style = try Self.style("en", .auto)
        let text = "The hyphenation"
        let whole = try PreparedText(text, style: try Self.style("en", .manual)).layout().lines[0].width
        #expect(try Self.lines(text, style, width: whole + 0.01).map(\.hyphen) == [false])
        // Every width from "The hy-" up: a line ends with a hyphen only when the rest did not fit.
        for width in stride(from: 60.0, through: whole, by: 3) {
            let layout = try PreparedText(text, style: style).layout(wrapWidth: width)
            expectInvariants(layout, "at \(width)")
            for (k, line) in layout.lines.enumerated() where line.endsWithHyphen {
                #expect(line.overflowWidth > width, "line \(k) at \(width)")
            }
        }
    }

    @Test("none: a soft hyphen is no break opportunity")
    func noneIgnoresSoftHyphens() throws {
        let text = "The hyph\u{AD}enation"
        let width = try PreparedText(text, style: Self.style("en", .none)).layout().lines[0].width - 1
        let manual = try Self.lines(text, Self.style("en", .manual), width: width)
        #expect(manual.map(\.hyphen) == [true, false], "\(manual)")
        let none = try Self.lines(text, Self.style("en", .none), width: width)
        #expect(none.map(\.text) == ["The ", "hyph\u{AD}enation"], "\(none)")
        #expect(none.allSatisfy { !$0.hyphen })
    }

    @Test("a word with a soft or hard hyphen is hyphenated only there; the limits hold")
    func wordsWithHyphensAndLimits() throws {
        let points = { (text: String, limits: HyphenationLimits) -> [String] in
            let style = try Self.style("en", .auto, limits: limits)
            let prepared = try PreparedText(text, style: style)
            return prepared.paragraphs[0].autoHyphens.map { String(decoding: prepared.bytes[..<$0], as: UTF8.self) }
        }
        #expect(try points("hyphenation", HyphenationLimits()) == ["hy", "hyphen"])
        #expect(try points("hyph\u{AD}enation", HyphenationLimits()).isEmpty)
        #expect(try points("non-hyphenation", HyphenationLimits()).isEmpty)
        #expect(try points("hyphenation", HyphenationLimits(minBefore: 3)) == ["hyphen"])
        #expect(try points("hyphenation", HyphenationLimits(minAfter: 6)) == ["hy"])
        #expect(try points("hyphenation", HyphenationLimits(minWord: 12)).isEmpty)
        // The dictionary's own limit holds too: RIGHTHYPHENMIN 3 in the US patterns, so never
        // "hyphenati-on" even with 1 allowed.
        #expect(try points("hyphenation", HyphenationLimits(minWord: 1, minBefore: 1, minAfter: 1)) == ["hy", "hyphen"])
    }

    @Test("a limit below 1 is invalidArgument naming the key", arguments: [
        (HyphenationLimits(minWord: 0), "hyphenMinWord"), (HyphenationLimits(minBefore: 0), "hyphenMinBefore"),
        (HyphenationLimits(minAfter: -3), "hyphenMinAfter"),
    ])
    func badLimits(_ limits: HyphenationLimits, _ key: String) throws {
        let error = #expect(throws: LayoutError.self) { try Self.style("en", .auto, limits: limits) }
        #expect(error?.code == .invalidArgument && error?.message.contains(key) == true, "\(String(describing: error))")
    }

    @Test("without patterns for the language, auto breaks as manual and says so once")
    func noPatterns() throws {
        let text = "Die Donau\u{AD}dampf\u{AD}schiff\u{AD}fahrt hyphenation"
        for language in ["ja", "xx", nil] as [String?] {
            let auto = try PreparedText(text, style: Self.style(language, .auto))
            let manual = try PreparedText(text, style: Self.style(language, .manual))
            #expect(auto.warnings.count == 1, "\(language ?? "none"): \(auto.warnings)")
            #expect(manual.warnings.isEmpty)
            #expect(try auto.layout(wrapWidth: 80).lines.map(\.utf16Range) == manual.layout(wrapWidth: 80).lines.map(\.utf16Range))
        }
        #expect(try PreparedText(text, style: Self.style("en", .auto)).warnings.isEmpty)
    }

    @Test("a missing, empty, binary, truncated or huge pattern file is a warning, and auto acts as manual")
    func badPatternFiles() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let real = try Data(contentsOf: URL(fileURLWithPath: Self.directory + "/hyph_en_US.dic"))
        let files: [(String, Data)] = [
            ("hyph_aa.dic", Data()),                                                   // empty
            ("hyph_ab.dic", Data([0x7F, 0x45, 0x4C, 0x46, 0, 1, 2, 3, 0xFF, 0xFE])),   // binary
            ("hyph_ae.dic", Data("UTF-8\nLEFTHYPHENMIN 2\n".utf8)),                    // truncated: no pattern
            ("hyph_af.dic", Data("NO-SUCH-CHARSET-X\na1b\n".utf8)),                    // a charset ICU does not know
            ("hyph_ak.dic", Data(repeating: 0x61, count: HyphenationPatterns.maximumFileSize + 1)),  // huge
        ]
        for (name, data) in files { try data.write(to: folder.appendingPathComponent(name)) }
        try real.write(to: folder.appendingPathComponent("hyph_en.dic"))
        let context = FontContext(fontDirectories: [FontContext.bundledFontsDirectory!], includeSystemFonts: false,
                                  hyphenationDirectory: folder.path)
        for language in ["aa", "ab", "ae", "af", "ak", "am"] {
            let prepared = try PreparedText("hyphenation hyphenation", style: Self.style(language, .auto, context: context))
            #expect(prepared.warnings.count == 1, "\(language): \(prepared.warnings)")
            #expect(prepared.paragraphs[0].autoHyphens.isEmpty)
        }
        // The folder's own copy serves English.
        let english = try PreparedText("hyphenation", style: Self.style("en", .auto, context: context))
        #expect(english.warnings.isEmpty && english.paragraphs[0].autoHyphens.count == 2)
    }

    @Test("balanced and pretty lines choose among the hyphenation points too, with every invariant and no more lines than greedy",
          arguments: TextWrap.allCases)
    func withTextWrap(_ wrap: TextWrap) throws {
        let text = "Automatic hyphenation fills narrow columns: international organizations understandably appreciate typographical consistency."
        let greedy = try Self.style("en", .auto)
        let style = try greedy.withParagraph(ParagraphStyle(textWrap: wrap))
        for width in stride(from: 90.0, through: 300, by: 30) {
            let layout = try PreparedText(text, style: style).layout(wrapWidth: width)
            expectInvariants(layout, "\(wrap) at \(width)")
            #expect(layout.lineCount <= (try PreparedText(text, style: greedy).layout(wrapWidth: width)).lineCount, "\(wrap) at \(width)")
            #expect(layout.lines.allSatisfy { $0.width <= width + Layout.fitTolerance }, "\(wrap) at \(width)")
        }
    }

    /// Random paragraphs of corpus words in each language, at random widths.
    @Test("random texts and widths: every hyphen sits at a point the patterns allow, no line is too wide, auto never takes more lines than manual",
          arguments: hyphenationLanguages.map(\.language))
    func randomParagraphs(_ language: String) throws {
        let entry = try #require(hyphenationLanguages.first { $0.language == language })
        let words = try corpusWords(entry.corpus)
        let patterns = try HyphenationDictionaries.read(Self.directory + "/" + entry.file)
        let auto = try Self.style(language, .auto)
        let manual = try Self.style(language, .manual)
        var rng = SplitMix(seed: 1515)
        var hyphenated = 0
        var compared = 0
        for round in 0..<60 {
            let text = (0..<Int.random(in: 3...40, using: &rng)).map { _ in
                let word = words.randomElement(using: &rng)!
                return Bool.random(using: &rng) ? word.capitalized : word
            }.joined(separator: [" ", " ", " ", ", "].randomElement(using: &rng)!)
            let width = Double.random(in: 40...500, using: &rng)
            let prepared = try PreparedText(text, style: auto)
            let layout = try prepared.layout(wrapWidth: width)
            let label = "round \(round), \(language) at \(width): \(text)"
            expectInvariants(layout, label)
            // Where manual cuts no word (each line ends at a break opportunity), auto takes no
            // more lines. (A word wider than the line is cut to fill it under manual; auto breaks
            // it at a hyphenation point instead, as browsers do, which may take more lines.)
            let plain = try PreparedText(text, style: manual).layout(wrapWidth: width)
            let manualCutsNoWord = plain.lines.dropLast().allSatisfy { line in
                let end = String.Index(utf16Offset: line.utf16Range.upperBound, in: text)
                return text[..<end].last.map { $0.isWhitespace || $0 == "," } ?? true
            }
            if manualCutsNoWord {
                compared += 1
                #expect(layout.lineCount <= plain.lineCount, "\(label): \(layout.lineCount) lines, manual \(plain.lineCount)")
            }
            for line in layout.lines {
                let onlyOneCluster = text[line.range].trimmingCharacters(in: .whitespaces).count <= 1
                #expect(line.width <= width + Layout.fitTolerance || onlyOneCluster, "\(label): a line \(line.width) wide")
                guard line.endsWithHyphen else { continue }
                hyphenated += 1
                // The word around the line's end, and where in it the line ends.
                let end = String.Index(utf16Offset: line.utf16Range.upperBound, in: text)
                let before = String(text[..<end].reversed().prefix { $0.isLetter }.reversed())
                let after = String(text[end...].prefix { $0.isLetter })
                let word = (before + after).lowercased().unicodeScalars.map(\.value)
                let allowed = patterns.points(word)
                let index = before.unicodeScalars.count - 1
                #expect(index >= 1 && allowed[index], "\(label): a hyphen after '\(before)' in '\(before + after)'")
                #expect(before.count >= 2 && after.count >= 2, "\(label): '\(before)-\(after)'")
            }
        }
        #expect(hyphenated > 20, "\(language): only \(hyphenated) hyphenated lines")
        #expect(compared > 10, "\(language): only \(compared) layouts without cut words")
    }
}
