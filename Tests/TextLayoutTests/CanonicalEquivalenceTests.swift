// Canonically equivalent texts ("é" as U+00E9 and as "e" + U+0301) are different texts to every cache and key: same String ==, different code units and offsets.
import Foundation
import Testing
import TextLayout
import TextLayoutIO
import TestSupport

@Suite("Canonically equivalent texts are kept apart")
struct CanonicalEquivalenceTests {
    let precomposed = "Un caf\u{E9} cr\u{E8}me, s'il vous pla\u{EE}t"
    let decomposed = "Un cafe\u{301} cre\u{300}me, s'il vous plai\u{302}t"

    @Test("the two forms are == as Strings but not as code units")
    func formsDiffer() {
        #expect(precomposed == decomposed)
        #expect(precomposed.utf16.count + 3 == decomposed.utf16.count)
        #expect(!precomposed.hasSameCodeUnits(as: decomposed))
        #expect(precomposed.hasSameCodeUnits(as: String(precomposed.unicodeScalars)))
    }

    /// The line ranges and widths of `text` prepared in `context`.
    func lines(_ text: String, in context: FontContext, width: Double?) throws -> [(Range<Int>, Double)] {
        let font = try context.font(path: FontContext.bundledFontPath("DejaVuSans.ttf")!)
        let layout = try PreparedText(text, style: TextStyle(font: font)).layout(wrapWidth: width)
        return layout.lines.map { ($0.utf16Range, $0.width) }
    }

    @Test("one cached context answers each form as an uncached context does, in either order",
          arguments: [nil, 90.0])
    func cachedEqualsUncached(width: Double?) throws {
        for order in [[precomposed, decomposed], [decomposed, precomposed]] {
            // A context of its own for each order: the first form is the one that fills its caches.
            let cached = FontContext(fontDirectories: [FontContext.bundledFontsDirectory!], includeSystemFonts: false)
            for text in order {
                let answer = try lines(text, in: cached, width: width)
                let reference = try lines(text, in: uncachedBundledFonts, width: width)
                #expect(answer.map(\.0) == reference.map(\.0), "\(text.unicodeScalars.count) scalars at \(width ?? 0)")
                #expect(answer.map(\.1) == reference.map(\.1))
                #expect(answer.last?.0.upperBound == text.utf16.count)
            }
        }
    }

    @Test("styled spans whose attributes differ only in normalisation are not served from each other's entry")
    func spanAttributes() throws {
        // A context of its own: its prepared-text cache holds only the first text when the second comes.
        let context = FontContext(fontDirectories: [FontContext.bundledFontsDirectory!], includeSystemFonts: false)
        let style = try TextStyle(font: try context.font(path: FontContext.bundledFontPath("DejaVuSans.ttf")!))
        let first = try PreparedText("link", style: style, spans: [StyledSpan(range: 0..<4, attributes: ["title": "caf\u{E9}"])])
        let second = try PreparedText("link", style: style, spans: [StyledSpan(range: 0..<4, attributes: ["title": "cafe\u{301}"])])
        #expect(first.spans[0].attributes["title"]!.utf8.count == 5)
        #expect(second.spans[0].attributes["title"]!.utf8.count == 6)
        let run = try #require(try second.layout(wrapWidth: nil).lines.first?.runs.first)
        #expect(run.attributes["title"]!.utf8.count == 6)
    }

    @Test("a batch stream answers the decomposed form with its own length after the precomposed one")
    func batchStream() throws {
        // A context of its own: its caches hold only the precomposed form when the decomposed one comes.
        let layouter = BatchLayouter(fonts: FontContext(fontDirectories: [FontContext.bundledFontsDirectory!], includeSystemFonts: false))
        var fonts = BatchLayouter.WorkerFonts()
        for (text, length) in [("caf\\u00e9", 4), ("cafe\\u0301", 5), ("caf\\u00e9", 4)] {
            let line = Array("{\"text\": \"\(text)\"}".utf8)
            let result = line.withUnsafeBufferPointer { layouter.resultLine(for: $0, fonts: &fonts) }
            #expect(result.succeeded)
            #expect(result.json.contains("\"start\":0,\"end\":\(length),"), "\(text): \(result.json)")
        }
    }

    @Test("font files whose paths differ only in normalisation are different fonts")
    func fontPaths() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("canonical-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let sans = folder.appendingPathComponent("caf\u{E9}.ttf").path
        let mono = folder.appendingPathComponent("cafe\u{301}.ttf").path
        try FileManager.default.copyItem(atPath: FontContext.bundledFontPath("DejaVuSans.ttf")!, toPath: sans)
        try FileManager.default.copyItem(atPath: FontContext.bundledFontPath("DejaVuSansMono.ttf")!, toPath: mono)
        // A context of its own: fonts loaded from a temporary folder must not stay in the shared one.
        let context = FontContext(fontDirectories: [FontContext.bundledFontsDirectory!], includeSystemFonts: false)
        let first = try context.font(path: sans)
        let second = try context.font(path: mono)
        #expect(first !== second)
        #expect(first.familyName == "DejaVu Sans" && second.familyName == "DejaVu Sans Mono")
    }
}
