// One font context shared by many threads laying out at once (word cache, prepared-text cache, fallback, font loading under contention) gives what one thread gives.
import Dispatch
import Foundation
import Synchronization
import Testing
import TextLayout
import TextLayoutBatch
import TextLayoutIO
import TestSupport

/// Compiles only for Sendable types: the public types a server shares between threads must say so.
private func requireSendable<T: Sendable>(_: T.Type) {}

@Suite("Concurrency")
struct ConcurrencyTests {
    /// Texts that need fallback fonts, shaping in several scripts, tabs and cuts, with many words in common.
    static let texts: [String] = {
        var rng = SplitMix(seed: 2024)
        let fixed = ["Hello, world! A longer message that wraps around.", "مرحبا بالعالم hello 123", "שָׁלוֹם עוֹלָם",
                     "中文字符和😀表情混合的文本", "हिन्दी क्षत्रिय", "ภาษาไทย ไม่มี ช่องว่าง", "a\tb\tc 👨‍👩‍👧 🇫🇷",
                     "e\u{301}\u{302} x\u{308}", String(repeating: "word ", count: 60)]
        return fixed + (0..<16).map { _ in RandomText.make(&rng, maxPieces: 24) }
    }()
    static let widths: [Double?] = [nil, 1, 45, 120, 333]
    static let fontFiles = ["DejaVuSans.ttf", "NotoSansArabic-Regular.ttf", "NotoSansCJKjp-Regular.otf", "DejaVuSansMono.ttf"]

    /// What one thread gets: each text in each font at each width, in a context without caches.
    static func reference() throws -> [[Double]] {
        try jobs().map { job in
            let style = try TextStyle(font: uncachedBundledFonts.font(path: FontContext.bundledFontPath(job.font)!))
            return try fingerprintNumbers(PreparedText(job.text, style: style).layout(wrapWidth: job.width))
        }
    }

    struct Job: Sendable {
        var text: String
        var font: String
        var width: Double?
    }

    static func jobs() -> [Job] {
        var all: [Job] = []
        for (t, text) in texts.enumerated() {
            for (w, width) in widths.enumerated() { all.append(Job(text: text, font: fontFiles[(t + w) % fontFiles.count], width: width)) }
        }
        return all
    }

    static func fingerprintNumbers(_ layout: Layout) -> [Double] {
        layout.lines.flatMap { line in
            [Double(line.utf16Range.lowerBound), Double(line.utf16Range.upperBound), line.width, line.height, line.baseline]
                + line.runs.flatMap { run in [run.x] + run.glyphs.flatMap { [Double($0.id), Double($0.cluster), $0.advance, $0.xOffset, $0.yOffset] } }
        }
    }

    /// Eight threads go through every job twice, each in its own order, sharing one
    /// context whose caches are small enough to evict all the time; one of them empties the
    /// caches now and then, and every layout must equal the single-threaded one.
    @Test("a shared context under contention gives the same layouts as one thread", arguments: [64 << 10, 32 << 20])
    func sharedContext(cacheBudget: Int) throws {
        let expected = try Self.reference()
        let jobs = Self.jobs()
        let context = FontContext(fontDirectories: [FontContext.bundledFontsDirectory!], includeSystemFonts: false,
                                  shapeCacheBudget: cacheBudget, preparedTextCacheBudget: cacheBudget)
        let mismatches = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            var rng = SplitMix(seed: UInt64(thread))
            for round in 0..<2 {
                for index in jobs.indices.shuffled(using: &rng) {
                    let job = jobs[index]
                    do {
                        // Fonts are looked up concurrently too (the context's font table).
                        let font = try context.font(path: FontContext.bundledFontPath(job.font)!)
                        let layout = try PreparedText(job.text, style: TextStyle(font: font)).layout(wrapWidth: job.width)
                        if Self.fingerprintNumbers(layout) != expected[index] {
                            mismatches.withLock { $0.append("thread \(thread), round \(round): \(job.text.debugDescription) in \(job.font) at \(job.width ?? 0)") }
                        }
                    } catch {
                        mismatches.withLock { $0.append("thread \(thread): \(error)") }
                    }
                    if thread == 0, index % 97 == 0 { context.clearShapingCaches() }
                }
            }
        }
        let found = mismatches.withLock { $0 }
        #expect(found.isEmpty, "\(found.count) layouts differ, first: \(found.prefix(3).joined(separator: "; "))")
        // The caches stayed within their budgets while full.
        #expect(context.shapeCache.statistics.bytes <= cacheBudget + (64 << 10))
    }

    /// Fallback choices are made and cached by many threads at once for the same characters.
    @Test("fallback fonts chosen by many threads at once are the ones one thread chooses")
    func fallbackUnderContention() throws {
        let scalars: [UInt32] = [0x627, 0x5D0, 0x4E2D, 0x915, 0xE01, 0x1F600, 0x1F1EB, 0x3042, 0xAC00, 0x10FFFD, 0x378, 0xE000]
        let primaryPath = try #require(FontContext.bundledFontPath("DejaVuSans.ttf"))
        // Contexts of their own: the reference chooses alone, and the threads race to fill empty caches.
        let reference = FontContext(fontDirectories: [FontContext.bundledFontsDirectory!], includeSystemFonts: false)
        let referencePrimary = try reference.font(path: primaryPath)
        let expected = scalars.map { reference.fallbackFont(for: $0, primary: referencePrimary)?.path }
        let context = FontContext(fontDirectories: [FontContext.bundledFontsDirectory!], includeSystemFonts: false)
        let wrong = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            guard let primary = try? context.font(path: primaryPath) else { wrong.add(1, ordering: .relaxed); return }
            for k in 0..<(scalars.count * 4) {
                let i = (k + thread * 3) % scalars.count
                let emoji = k % 5 == 0
                let found = context.fallbackFont(for: scalars[i], primary: primary, language: k % 3 == 0 ? "ja" : nil, emoji: emoji)
                if !emoji, k % 3 != 0, found?.path != expected[i] { wrong.add(1, ordering: .relaxed) }
            }
        }
        #expect(wrong.load(ordering: .relaxed) == 0)
    }

    /// The batch runner's threads share one layouter and font context: any thread count gives the
    /// same result lines as one thread.
    @Test("the batch runner gives the same lines on 1, 2 and 7 threads")
    func batchThreads() throws {
        let lines: [[UInt8]] = Self.jobs().enumerated().map { index, job in
            var object = "{\"id\":\(index),\"text\":"
            object += JSONValue.string(job.text).serialized
            object += ",\"font\":\"\(FontContext.bundledFontPath(job.font)!)\""
            if let width = job.width { object += ",\"width\":\(width)" }
            return Array((object + "}").utf8)
        } + [[0xFF, 0xFE], Array("{\"text\":".utf8), []]
        // A context of its own: the threads start on empty caches.
        let layouter = BatchLayouter(fonts: FontContext(fontDirectories: [FontContext.bundledFontsDirectory!], includeSystemFonts: false))
        let one = BatchRunner(layouter: layouter, threads: 1).results(for: lines).map(\.json)
        for threads in [2, 7] {
            let many = BatchRunner(layouter: layouter, threads: threads).results(for: lines).map(\.json)
            #expect(many == one, "\(threads) threads")
        }
        #expect(one.count == lines.count)
    }

    @Test("the types a server shares between threads are Sendable")
    func sendable() {
        requireSendable(FontContext.self)
        requireSendable(Font.self)
        requireSendable(FontMetrics.self)
        requireSendable(TextStyle.self)
        requireSendable(StyledSpan.self)
        requireSendable(PreparedText.self)
        requireSendable(Layout.self)
        requireSendable(Line.self)
        requireSendable(GlyphRun.self)
        requireSendable(Glyph.self)
        requireSendable(EditorSizing.self)
        requireSendable(EditorMeasurement.self)
        requireSendable(EditorHeight.self)
        requireSendable(LayoutError.self)
        requireSendable(ShapeCache.self)
        requireSendable(PreparedTextCache.self)
        requireSendable(TextEdit.self)
        requireSendable(BatchLayouter.self)
        requireSendable(BatchRunner.self)
        requireSendable(LayoutRequest.self)
        requireSendable(BoundaryError.self)
        requireSendable(JSONValue.self)
    }
}
