// The invariants every robustness test checks on every layout it makes: the engine's own check, the structural checks, determinism and caret boundaries.
import Testing
@testable import TextLayout
import TestSupport

/// A context over the system's fonts with its caches turned off: the reference for layouts made
/// in ``FontContext/shared``.
let uncachedSystemFonts = FontContext(shapeCacheBudget: 0, preparedTextCacheBudget: 0)

/// The same font file and face in the uncached context that finds the same fallback fonts as
/// `font`'s own context (the bundled fonts only, or the system's).
func uncachedTwin(of font: Font) throws -> Font {
    // A font holds its context weakly: a context made for one call is gone, and its fonts with it.
    let own = try #require(font.context, "the context of \(font) no longer exists")
    let context = own.includesSystemFonts ? uncachedSystemFonts : uncachedBundledFonts
    return try context.font(path: font.path, faceIndex: font.faceIndex)
}

/// Records an issue for every invariant `layout` breaks (see ``Layout/_checkInvariants()``).
/// - Parameter label: what was laid out, for the issue's message (the seed and the case).
func expectInvariants(_ layout: Layout, _ label: @autoclosure () -> String = "",
                      sourceLocation: SourceLocation = #_sourceLocation) {
    let problems = layout._checkInvariants()
    if !problems.isEmpty {
        let message = label() + "\n" + problems.joined(separator: "\n")
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
}

/// Lays `text` out in `style` at `width` the ways that must agree: twice from one preparation,
/// and from a fresh preparation in a context without caches (the same font files). Checks the
/// invariants of the first and returns it.
@discardableResult
func expectDeterministicLayout(_ text: String, style: TextStyle, width: Double?, lineSpace: Double = 0,
                               _ label: @autoclosure () -> String = "",
                               sourceLocation: SourceLocation = #_sourceLocation) throws -> Layout {
    let prepared = try PreparedText(text, style: style)
    let first = try prepared.layout(wrapWidth: width, lineSpace: lineSpace)
    expectInvariants(first, label(), sourceLocation: sourceLocation)
    let again = try prepared.layout(wrapWidth: width, lineSpace: lineSpace)
    if fingerprint(first) != fingerprint(again) {
        Issue.record("\(label())\nlaying out the same preparation twice gave different results", sourceLocation: sourceLocation)
    }
    let height = try prepared.layout(wrapWidth: width, lineSpace: lineSpace, glyphRuns: false)
    expectInvariants(height, label(), sourceLocation: sourceLocation)
    if height.lines.map(\.utf16Range) != first.lines.map(\.utf16Range) || height.contentHeight != first.contentHeight {
        Issue.record("\(label())\nthe height-only path broke the lines differently", sourceLocation: sourceLocation)
    }
    var fresh = style
    fresh.font = try uncachedBundledFonts.font(path: style.font.path, faceIndex: style.font.faceIndex)
    let reference = try PreparedText(text, style: fresh).layout(wrapWidth: width, lineSpace: lineSpace)
    if fingerprint(first) != fingerprint(reference) {
        let diff = zip(first.lines, reference.lines).enumerated().first { fingerprint(lineOnly: $1.0) != fingerprint(lineOnly: $1.1) }?.offset
        Issue.record("\(label())\nthe layout through the caches differs from the one without (line \(diff.map(String.init) ?? "count"))",
                     sourceLocation: sourceLocation)
    }
    return first
}

private func fingerprint(lineOnly line: Line) -> [Double] {
    [Double(line.utf16Range.lowerBound), Double(line.utf16Range.upperBound), line.width, line.height]
        + line.runs.flatMap { run in run.glyphs.flatMap { [Double($0.id), Double($0.cluster), $0.advance, run.x] } }
}

/// Checks that the carets the layout gives for points are on grapheme cluster boundaries (as the
/// engine finds them, per paragraph) or line edges (UAX #14 may break inside a cluster, between a
/// space and a mark), and have finite rectangles.
func expectCaretsOnBoundaries(_ layout: Layout, points: [(x: Double, y: Double)], _ label: @autoclosure () -> String = "",
                              sourceLocation: SourceLocation = #_sourceLocation) {
    let prepared = layout.prepared
    var allowed = Set(layout.lines.flatMap { [$0.utf16Range.lowerBound, $0.utf16Range.upperBound] })
    prepared.bytes.withUnsafeBufferPointer { bytes in
        var offsets = UTF16OffsetCounter(bytes)
        for paragraph in prepared.paragraphs {
            var stops = [paragraph.range.start, paragraph.range.end]
            stops += (try? boundaries(.grapheme, in: bytes, range: paragraph.range.start..<paragraph.range.end)) ?? []
            for stop in stops.sorted() { allowed.insert(offsets.utf16(at: stop)) }
        }
    }
    for point in points {
        let caret = layout.caret(atX: point.x, y: point.y)
        if !allowed.contains(caret.offset) {
            Issue.record("\(label())\nthe caret at (\(point.x), \(point.y)) is at UTF-16 offset \(caret.offset), not a grapheme boundary",
                         sourceLocation: sourceLocation)
        }
        let rect = layout.caretRect(for: caret)
        if !(rect.x.isFinite && rect.y.isFinite && rect.height.isFinite && rect.height >= 0) {
            Issue.record("\(label())\nthe caret rectangle at offset \(caret.offset) is \(rect)", sourceLocation: sourceLocation)
        }
    }
}
