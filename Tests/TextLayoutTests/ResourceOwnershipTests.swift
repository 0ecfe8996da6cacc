// What the engine holds per paragraph and per thread: no mutex per paragraph, and no ICU object left behind by a thread that exits.
import Glibc
import Synchronization
import Testing
import TextLayout
import TestSupport

@Suite("Resource ownership")
struct ResourceOwnershipTests {
    /// Each paragraph is a long word cut into lines, so each one caches grapheme boundaries: the
    /// state that a mutex per paragraph used to guard.
    @Test("a text of 5,000 paragraphs, each cut into lines, makes no mutex per paragraph")
    func noMutexPerParagraph() throws {
        let paragraphs = 5_000
        let text = Array(repeating: "abcdefghijklmnopqrstuvwxyz", count: paragraphs).joined(separator: "\n")
        let font = try uncachedBundledFonts.font(path: #require(FontContext.bundledFontPath("DejaVuSans.ttf")))
        let locks = LockedInstances.Counter()
        let (prepared, layout) = try LockedInstances.$counter.withValue(locks) {
            let prepared = try PreparedText(text, style: TextStyle(font: font))
            return (prepared, try prepared.layout(wrapWidth: 60))
        }
        #expect(layout.lineCount >= 3 * paragraphs)
        let made = locks.created.load(ordering: .relaxed)
        #expect(made < 10, "\(made) mutexes made for \(paragraphs) paragraphs")
        // The cut words' boundaries were cached: a second layout cuts the same way.
        #expect(try prepared.layout(wrapWidth: 60) == layout)
    }

    /// One thread's work: prepares its own text in a context without caches, so that ICU breaks
    /// its lines and resolves its bidi levels, and counts the ICU objects its thread then holds.
    final class Worker {
        let text: String
        var heldBeforeExit = 0
        var failure: String?

        init(_ text: String) { self.text = text }

        func run() {
            do {
                let font = try uncachedBundledFonts.font(path: FontContext.bundledFontPath("DejaVuSans.ttf")!)
                _ = try PreparedText(text, style: TextStyle(font: font)).layout(wrapWidth: 50)
                heldBeforeExit = ICUObjectCounts.heldByThisThread
            } catch {
                failure = "\(error)"
            }
        }
    }

    /// Without the thread-exit cleanup every thread leaves its iterators open: the count of live
    /// objects grows by what the threads held and none is counted as closed at exit. Other tests
    /// may open or close objects meanwhile on their own threads, hence the inequalities; alone,
    /// the live count returns exactly to what it was.
    @Test("200 threads that each break a line leave no ICU iterator open when they exit")
    func iteratorsClosedAtThreadExit() throws {
        let liveBefore = ICUObjectCounts.live
        let closedBefore = ICUObjectCounts.closedAtThreadExit
        var workers: [Worker] = []
        for batch in 0..<10 {
            var threads: [pthread_t] = []
            for index in 0..<20 {
                let worker = Worker("Thread \(batch * 20 + index) breaks this line into a few pieces, \u{5E9}\u{5DC}\u{5D5}\u{5DD}.")
                workers.append(worker)
                var thread = pthread_t()
                let started = pthread_create(&thread, nil, { argument in
                    Unmanaged<Worker>.fromOpaque(argument!).takeRetainedValue().run()
                    return nil
                }, Unmanaged.passRetained(worker).toOpaque())
                try #require(started == 0, "pthread_create failed: \(started)")
                threads.append(thread)
            }
            for thread in threads { pthread_join(thread, nil) }
        }
        #expect(workers.compactMap(\.failure) == [])
        let held = workers.reduce(0) { $0 + $1.heldBeforeExit }
        #expect(workers.allSatisfy { $0.heldBeforeExit >= 2 }, "each thread holds a line iterator and a bidi object")
        #expect(ICUObjectCounts.closedAtThreadExit - closedBefore >= held)
        #expect(ICUObjectCounts.live - liveBefore < held, "\(ICUObjectCounts.live - liveBefore) more live ICU objects after \(held) were held by exited threads")
    }
}
