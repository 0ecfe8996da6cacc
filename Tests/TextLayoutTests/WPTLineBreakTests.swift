// Runs WPT's css-text i18n line-breaking expectations (Tests/Conformance/wpt-css-text-i18n-line-breaks.tsv) through the chromium profile's break opportunities and its lines.
import Foundation
import Testing
@testable import TextLayout
import TestSupport

// The table is converted from WPT's tests by scripts/wpt-line-break-table.py (its header names the
// commit; docs/exactness.md says how to regenerate it). Each row is one expectation of one test:
//
// - a data-table row (ja/, zh/, other-lang/, unknown-lang/): the text `文文文文文文X字字` with `lang`
//   and `line-break` set, and whether a line may break right before X (`break`) or not
//   (`no-break`). Two checks: the chromium profile's break opportunities hold a break before X or
//   not, and laid out at 30 px in the test's box (185 px: six ideographs and a sixth), the second
//   line starts at X (`break`) or at the last `文` (`no-break`), as WPT's reference box draws it.
// - a punctuation row (css3-text-line-break-opclns-*): `中中X文` (X may not end a line) or `中中中X文`
//   (X may not start one), and `no-break` at the place the test forbids a break (after X, or before
//   it). The same two checks, in the test's box (95 px: three ideographs and a sixth): no
//   opportunity there, and the second line starts one character earlier, as the reference draws it.
// - a white-space row (css3-text-line-break-baspglwj-*): a text of 39 `a`, a character, and `b`s,
//   and whether it has a break opportunity anywhere (WPT measures whether the box wraps). The
//   chromium profile's opportunities are checked; its lines always wrap the text, as
//   `overflow-wrap: anywhere` does, so they tell nothing here. WPT runs each text under four
//   `white-space` values; the engine's is `pre-wrap`.
//
// Every text is one that `white-space: normal` (the data tables') and the other values break as
// `pre-wrap` does (no tab, no line feed, no two spaces in a row, no space at an end: checked), so
// every row runs.
//
// A row that fails must be listed below with its reason; the test fails on a failure not listed
// and on a listed row that passes (the list only shrinks). `swift test --filter WPTLineBreakTests`
// prints the counts.

private let tablePath = "Tests/Conformance/wpt-css-text-i18n-line-breaks.tsv"

// MARK: - Listed exceptions

// The reasons, one per class of failure; each begins with its name for the printed counts. In each
// class headless Chromium 156 gives the engine's answer, not WPT's: scripts/wpt-line-breaks-in-chromium.py
// sets every row in the browser as its WPT test sets it, and the browser fails exactly these 56 rows.

private let inseparableUnderLoose = """
    IN under loose: WPT expects a break before an inseparable character (U+2024, U+2025, U+2026, \
    U+22EF, U+FE19: line break class IN) after an ideograph under `line-break: loose`, in every \
    language, as CSS Text 3 allows. ICU's loose rules (`lb=loose`, which the engine's `loose` \
    selects under every profile) keep UAX #14's LB22, no break before IN; Chromium 156 does not \
    break there either.
    """
private let prefixAfterIdeograph = """
    PR after an ideograph: WPT's ja and zh copies of the PR test expect no break between an \
    ideograph and a prefix character (U+00B1, U+20AC, U+2116, U+FE69, U+FF04, U+FFE1, U+FFE5, \
    U+FFE6: class PR) under `line-break: normal` and `strict`. UAX #14 keeps PR with an ideograph \
    after it (LB23a, PR × ID) but not with one before it (ID ÷ PR, LB31), and so do ICU and \
    Chromium 156; WPT's commit 84330c9 (#29781) corrected the same expectation in the de and \
    unknown-lang copies of the test for that reason, which pass.
    """
private let verticalLineBeforeLetter = """
    U+007C before a letter: WPT's exploratory test of the BA word dividers expects `a|b` to break \
    after the vertical line (class BA, LB21 then LB31), as ICU does. Chromium decides a break \
    between two printable ASCII characters by its own pair table, which never breaks between `|` \
    and a letter; the chromium profile has that table (`chromiumASCIIBreak`), and Chromium 156 does \
    not break the text under any of the four white-space values.
    """

/// Failing rows ("source U+XXXX" for a data-table row, "source white-space" for a white-space
/// row) and why each fails.
private let wptLineBreakExceptions: [String: String] = [
    "css3-text-line-break-baspglwj-026.html break-spaces": verticalLineBeforeLetter,
    "css3-text-line-break-baspglwj-026.html normal": verticalLineBeforeLetter,
    "css3-text-line-break-baspglwj-026.html pre-line": verticalLineBeforeLetter,
    "css3-text-line-break-baspglwj-026.html pre-wrap": verticalLineBeforeLetter,
    "ja/css-text-line-break-ja-in-loose.html U+2024": inseparableUnderLoose,
    "ja/css-text-line-break-ja-in-loose.html U+2025": inseparableUnderLoose,
    "ja/css-text-line-break-ja-in-loose.html U+2026": inseparableUnderLoose,
    "ja/css-text-line-break-ja-in-loose.html U+22EF": inseparableUnderLoose,
    "ja/css-text-line-break-ja-in-loose.html U+FE19": inseparableUnderLoose,
    "ja/css-text-line-break-ja-pr-normal.html U+00B1": prefixAfterIdeograph,
    "ja/css-text-line-break-ja-pr-normal.html U+20AC": prefixAfterIdeograph,
    "ja/css-text-line-break-ja-pr-normal.html U+2116": prefixAfterIdeograph,
    "ja/css-text-line-break-ja-pr-normal.html U+FE69": prefixAfterIdeograph,
    "ja/css-text-line-break-ja-pr-normal.html U+FF04": prefixAfterIdeograph,
    "ja/css-text-line-break-ja-pr-normal.html U+FFE1": prefixAfterIdeograph,
    "ja/css-text-line-break-ja-pr-normal.html U+FFE5": prefixAfterIdeograph,
    "ja/css-text-line-break-ja-pr-normal.html U+FFE6": prefixAfterIdeograph,
    "ja/css-text-line-break-ja-pr-strict.html U+00B1": prefixAfterIdeograph,
    "ja/css-text-line-break-ja-pr-strict.html U+20AC": prefixAfterIdeograph,
    "ja/css-text-line-break-ja-pr-strict.html U+2116": prefixAfterIdeograph,
    "ja/css-text-line-break-ja-pr-strict.html U+FE69": prefixAfterIdeograph,
    "ja/css-text-line-break-ja-pr-strict.html U+FF04": prefixAfterIdeograph,
    "ja/css-text-line-break-ja-pr-strict.html U+FFE1": prefixAfterIdeograph,
    "ja/css-text-line-break-ja-pr-strict.html U+FFE5": prefixAfterIdeograph,
    "ja/css-text-line-break-ja-pr-strict.html U+FFE6": prefixAfterIdeograph,
    "other-lang/css-text-line-break-de-in-loose.html U+2024": inseparableUnderLoose,
    "other-lang/css-text-line-break-de-in-loose.html U+2025": inseparableUnderLoose,
    "other-lang/css-text-line-break-de-in-loose.html U+2026": inseparableUnderLoose,
    "other-lang/css-text-line-break-de-in-loose.html U+22EF": inseparableUnderLoose,
    "other-lang/css-text-line-break-de-in-loose.html U+FE19": inseparableUnderLoose,
    "unknown-lang/css-text-line-break-in-loose.html U+2024": inseparableUnderLoose,
    "unknown-lang/css-text-line-break-in-loose.html U+2025": inseparableUnderLoose,
    "unknown-lang/css-text-line-break-in-loose.html U+2026": inseparableUnderLoose,
    "unknown-lang/css-text-line-break-in-loose.html U+22EF": inseparableUnderLoose,
    "unknown-lang/css-text-line-break-in-loose.html U+FE19": inseparableUnderLoose,
    "zh/css-text-line-break-zh-in-loose.html U+2024": inseparableUnderLoose,
    "zh/css-text-line-break-zh-in-loose.html U+2025": inseparableUnderLoose,
    "zh/css-text-line-break-zh-in-loose.html U+2026": inseparableUnderLoose,
    "zh/css-text-line-break-zh-in-loose.html U+22EF": inseparableUnderLoose,
    "zh/css-text-line-break-zh-in-loose.html U+FE19": inseparableUnderLoose,
    "zh/css-text-line-break-zh-pr-normal.html U+00B1": prefixAfterIdeograph,
    "zh/css-text-line-break-zh-pr-normal.html U+20AC": prefixAfterIdeograph,
    "zh/css-text-line-break-zh-pr-normal.html U+2116": prefixAfterIdeograph,
    "zh/css-text-line-break-zh-pr-normal.html U+FE69": prefixAfterIdeograph,
    "zh/css-text-line-break-zh-pr-normal.html U+FF04": prefixAfterIdeograph,
    "zh/css-text-line-break-zh-pr-normal.html U+FFE1": prefixAfterIdeograph,
    "zh/css-text-line-break-zh-pr-normal.html U+FFE5": prefixAfterIdeograph,
    "zh/css-text-line-break-zh-pr-normal.html U+FFE6": prefixAfterIdeograph,
    "zh/css-text-line-break-zh-pr-strict.html U+00B1": prefixAfterIdeograph,
    "zh/css-text-line-break-zh-pr-strict.html U+20AC": prefixAfterIdeograph,
    "zh/css-text-line-break-zh-pr-strict.html U+2116": prefixAfterIdeograph,
    "zh/css-text-line-break-zh-pr-strict.html U+FE69": prefixAfterIdeograph,
    "zh/css-text-line-break-zh-pr-strict.html U+FF04": prefixAfterIdeograph,
    "zh/css-text-line-break-zh-pr-strict.html U+FFE1": prefixAfterIdeograph,
    "zh/css-text-line-break-zh-pr-strict.html U+FFE5": prefixAfterIdeograph,
    "zh/css-text-line-break-zh-pr-strict.html U+FFE6": prefixAfterIdeograph,
]

// MARK: - Tests

@Suite struct WPTLineBreakTests {
    @Test func wptLineBreakExpectations() throws {
        let rows = try readWPTRows()
        #expect(rows.count > 1700, "\(tablePath) holds \(rows.count) rows")
        let keys = rows.map(\.key)
        #expect(Set(keys).count == keys.count, "two rows share a name: \(Dictionary(grouping: keys) { $0 }.filter { $1.count > 1 }.keys.sorted())")
        var failures: [String: (row: WPTRow, problems: [String])] = [:]
        var passed = 0
        var styles: [String: TextStyle] = [:]
        for row in rows {
            let styleKey = row.lang + "/" + row.lineBreak
            let style: TextStyle
            if let known = styles[styleKey] {
                style = known
            } else {
                style = try wptStyle(row)
                styles[styleKey] = style
            }
            var problems: [String] = []
            if row.whiteSpace != "pre-wrap" && holdsWhiteSpaceThatMatters(row.scalars) {
                problems.append("white-space \(row.whiteSpace) differs from the engine's pre-wrap for this text")
            }
            let text = String(String.UnicodeScalarView(row.scalars.map { Unicode.Scalar($0)! }))
            let breaks = try breakOpportunities(text, style: style)  // code point indices
            if let position = row.position {
                let found = breaks.contains(position)
                if found != row.expectsBreak {
                    problems.append("opportunities \(markup(row.scalars, breaks)): \(found ? "a" : "no") break before U+\(hex(row.scalars[position]))")
                }
                guard let width = row.pixelWidth else { throw TestFailure("\(row.key): cannot read the width \(row.width)") }
                let layout = try PreparedText(text, style: style).layout(wrapWidth: width)
                let expectedStart = row.expectsBreak ? position : position - 1
                let starts = layout.lines.map { utf16Offset(ofScalarAt: $0.utf16Range.lowerBound, in: row.scalars) }
                if starts.count < 2 || starts[1] != expectedStart {
                    problems.append("lines start at code points \(starts), expected the second at \(expectedStart)")
                }
            } else {
                let scalars = row.scalars
                let found = breaks.contains { $0 > 0 && $0 < scalars.count }
                if found != row.expectsBreak {
                    problems.append("opportunities \(markup(row.scalars, breaks)): expected \(row.expectsBreak ? "one" : "none")")
                }
            }
            if problems.isEmpty {
                passed += 1
            } else {
                failures[row.key] = (row, problems)
            }
        }
        for key in failures.keys.sorted() where wptLineBreakExceptions[key] == nil {
            let failure = failures[key]!
            Issue.record("\(key) (lang \(failure.row.lang), line-break \(failure.row.lineBreak), expected \(failure.row.expectsBreak ? "break" : "no-break")) fails and is not a listed exception: \(failure.problems.joined(separator: "; "))")
        }
        for key in wptLineBreakExceptions.keys.sorted() where failures[key] == nil {
            Issue.record("\(key) is listed as an exception but passes (or is not in the table): remove it from the list")
        }
        var byReason: [String: Int] = [:]
        for key in failures.keys { if let reason = wptLineBreakExceptions[key] { byReason[reasonName(reason), default: 0] += 1 } }
        print("WPT css-text i18n: \(rows.count) rows, \(passed) pass, \(failures.count) fail, \(byReason.values.reduce(0, +)) of them listed exceptions: "
              + byReason.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
    }
}

// MARK: - The table

/// One expectation of the table.
private struct WPTRow {
    var source: String
    var scalars: [UInt32]
    /// The code point index the expectation is about; nil for anywhere in the text.
    var position: Int?
    var lang: String
    var lineBreak: String
    var whiteSpace: String
    /// The test box's width as WPT's CSS gives it (`185px`, `3em`, `50ch`).
    var width: String
    var expectsBreak: Bool

    /// The row's name in the exception list: its source and the character it tests (the one that
    /// is not an ideograph of the frame), or its `white-space` value for a white-space row.
    var key: String {
        guard position != nil else { return "\(source) \(whiteSpace)" }
        let frame: Set<UInt32> = [0x6587, 0x4E2D, 0x5B57]  // 文 中 字
        return "\(source) U+\(hex(scalars.first { !frame.contains($0) } ?? 0))"
    }

    /// The box's width in pixels at 30 px text (`px`, or `em` times 30); nil for another unit.
    var pixelWidth: Double? {
        if width.hasSuffix("px") { return Double(width.dropLast(2)) }
        if width.hasSuffix("em") { return Double(width.dropLast(2)).map { $0 * 30 } }
        return nil
    }
}

private func readWPTRows() throws -> [WPTRow] {
    let text = try String(contentsOf: repositoryRoot.appendingPathComponent(tablePath), encoding: .utf8)
    var rows: [WPTRow] = []
    for (number, line) in text.split(separator: "\n").enumerated() where !line.hasPrefix("#") {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        let scalars = fields.count == 8 ? fields[1].split(separator: " ").compactMap { UInt32($0, radix: 16) } : []
        guard fields.count == 8, !scalars.isEmpty, fields[7] == "break" || fields[7] == "no-break",
              fields[2] == "any" || Int(fields[2]).map({ (1..<scalars.count).contains($0) }) == true else {
            throw TestFailure("\(tablePath):\(number + 1): cannot read \(line)")
        }
        rows.append(WPTRow(source: fields[0], scalars: scalars, position: Int(fields[2]), lang: fields[3], lineBreak: fields[4],
                           whiteSpace: fields[5], width: fields[6], expectsBreak: fields[7] == "break"))
    }
    return rows
}

// MARK: - The engine's answers

/// The chromium profile's style for a row: 30 px (WPT's size) in Noto Sans CJK JP, the row's
/// `lang` and `line-break`.
private func wptStyle(_ row: WPTRow) throws -> TextStyle {
    let strictness: LineBreakStrictness = switch row.lineBreak {
    case "auto", "normal": .normal
    case "strict": .strict
    case "loose": .loose
    default: throw TestFailure("\(row.source): line-break \(row.lineBreak) has no counterpart in the engine")
    }
    var settings = TextSettings(size: 30, language: row.lang == "-" ? nil : row.lang, lineBreak: strictness)
    settings.profile = .chromium
    return try TextStyle(font: isolatedFont("NotoSansCJKjp-Regular.otf"), settings: settings)
}

/// The break opportunities of `text` under `style` as code point indices (a break before the
/// code point at that index), its end included.
private func breakOpportunities(_ text: String, style: TextStyle) throws -> Set<Int> {
    let bytes = Array(text.utf8)
    let offsets = try bytes.withUnsafeBufferPointer { try lineBreaks($0, in: 0..<bytes.count, style: style) }
    var indexOfOffset: [Int: Int] = [:]
    var offset = 0
    for (index, scalar) in text.unicodeScalars.enumerated() {
        indexOfOffset[offset] = index
        offset += UTF8.width(scalar)
    }
    indexOfOffset[offset] = text.unicodeScalars.count
    return Set(offsets.map { indexOfOffset[$0] ?? -1 })
}

/// Whether `white-space` values other than `pre-wrap` could give `scalars` other break
/// opportunities: a tab, a line feed, two spaces in a row or a space at either end, which
/// `normal` and `pre-line` collapse or remove and `break-spaces` breaks inside. A single space
/// between two other characters is an opportunity after itself under all four.
private func holdsWhiteSpaceThatMatters(_ scalars: [UInt32]) -> Bool {
    scalars.contains(0x09) || scalars.contains(0x0A) || scalars.first == 0x20 || scalars.last == 0x20
        || zip(scalars, scalars.dropFirst()).contains { $0 == 0x20 && $1 == 0x20 }
}

/// The code point index at UTF-16 offset `utf16` of the text of `scalars`.
private func utf16Offset(ofScalarAt utf16: Int, in scalars: [UInt32]) -> Int {
    var offset = 0
    for (index, scalar) in scalars.enumerated() {
        if offset >= utf16 { return index }
        offset += scalar > 0xFFFF ? 2 : 1
    }
    return scalars.count
}

private func hex(_ scalar: UInt32) -> String {
    let digits = String(scalar, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}

/// Code points with `÷` at the breaks and `×` elsewhere, as Unicode's break tests write them.
private func markup(_ scalars: [UInt32], _ breaks: Set<Int>) -> String {
    scalars.indices.map { (breaks.contains($0) && $0 > 0 ? "÷ " : "") + hex(scalars[$0]) }.joined(separator: " ")
}

/// A reason's name for the counts: its first words, up to the colon.
private func reasonName(_ reason: String) -> String {
    String(reason.prefix { $0 != ":" })
}
