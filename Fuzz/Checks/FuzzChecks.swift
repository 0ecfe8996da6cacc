// What each fuzz target does with one input, shared by the libFuzzer targets in Fuzz/ and the regression tests that replay committed inputs.
import Foundation
import TextLayout
import TextLayoutIO

/// The fuzz targets' checks. Each takes one input's bytes, runs the engine on it and returns what
/// went wrong: an empty list when nothing did. A crash, a trap or a hang is the other way to fail.
/// `Fuzz/Targets` turns a non-empty list into a trap, so that libFuzzer keeps the input;
/// `Tests/TextLayoutTests/FuzzRegressionTests.swift` replays every committed input through the same
/// check and expects an empty list.
public enum FuzzChecks {
    /// The targets, by the names `scripts/fuzz.sh` and the regression folders use.
    public static let targets = ["text", "font", "batch", "patterns", "editor"]

    /// One libFuzzer input for the target called `name`: runs its check and traps when the check
    /// reports a problem, after writing the first ten to standard error, so that libFuzzer keeps
    /// the input. The body of every target's `LLVMFuzzerTestOneInput`.
    public static func fuzzOne(_ name: String, _ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        let problems = check(name, bytes)
        if !problems.isEmpty {
            FileHandle.standardError.write(Data((problems.prefix(10).joined(separator: "\n") + "\n").utf8))
            fatalError("FuzzChecks.\(name) found \(problems.count) problem(s)")
        }
        return 0
    }

    /// The check of the target called `name`.
    public static func check(_ name: String, _ data: [UInt8]) -> [String] {
        switch name {
        case "text": text(data)
        case "font": font(data)
        case "batch": batch(data)
        case "patterns": patterns(data)
        case "editor": editor(data)
        default: ["no fuzz target '\(name)'; the targets are \(targets.joined(separator: ", "))"]
        }
    }

    /// The bundled fonts, with the default caches (so that the caches are fuzzed too).
    static let fonts = FontContext(fontDirectories: bundledDirectory.map { [$0] } ?? [], includeSystemFonts: false)
    /// The same fonts without any cache: the reference cached layouts must equal.
    static let uncachedFonts = FontContext(fontDirectories: bundledDirectory.map { [$0] } ?? [], includeSystemFonts: false,
                                           shapeCacheBudget: 0, preparedTextCacheBudget: 0)
    static var bundledDirectory: String? { FontContext.bundledFontsDirectory }

    /// The bundled font files an input may pick as its primary font.
    static let fontFiles = ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansMono.ttf", "NotoSansArabic-Regular.ttf",
                            "NotoSansHebrew-Regular.ttf", "NotoSansDevanagari-Regular.ttf", "NotoSansThai-Regular.ttf",
                            "NotoSansCJKjp-Regular.otf", "NotoColorEmoji-subset.ttf"]

    /// Everything observable about a layout, as numbers, for exact comparisons.
    static func fingerprint(_ layout: Layout) -> [Double] {
        var values: [Double] = [Double(layout.lineCount), layout.contentHeight]
        for line in layout.lines {
            values += [Double(line.utf16Range.lowerBound), Double(line.utf16Range.upperBound), line.width, line.height, line.top,
                       line.baseline, line.endsWithHardBreak ? 1 : 0]
            for run in line.runs {
                values += [run.x, Double(run.utf16Range.lowerBound), Double(run.utf16Range.upperBound), run.isRightToLeft ? 1 : 0]
                for glyph in run.glyphs { values += [Double(glyph.id), Double(glyph.cluster), glyph.advance, glyph.xOffset, glyph.yOffset] }
                switch run.content {
                case .text: break
                case .inlineObject(let object, _): values += [Double(object.index), object.width, object.height, object.ascent]
                }
            }
        }
        return values
    }

    /// Whether two fingerprints are equal (NaN included, which the invariants report anyway).
    static func same(_ a: [Double], _ b: [Double]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) }
    }

    /// A short, printable form of an input, for messages.
    static func describe(_ text: String) -> String {
        let shown = text.unicodeScalars.prefix(80).map { $0.isASCII && $0.value >= 0x20 ? String($0) : "\\u{\(String($0.value, radix: 16))}" }
        return "\"" + shown.joined() + (text.unicodeScalars.count > 80 ? "…" : "") + "\" (\(text.utf8.count) bytes)"
    }
}

/// Reads settings from the first bytes of an input, zero past its end.
struct ByteReader {
    let bytes: [UInt8]
    var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func byte() -> UInt8 {
        defer { position += 1 }
        return position < bytes.count ? bytes[position] : 0
    }

    mutating func uint16() -> UInt16 { UInt16(byte()) << 8 | UInt16(byte()) }

    /// The bytes from the current position on.
    var rest: ArraySlice<UInt8> { bytes[min(position, bytes.count)...] }
}
