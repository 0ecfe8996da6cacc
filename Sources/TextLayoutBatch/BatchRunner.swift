// Lays out a chunk of batch lines on several threads, results in input order.
import Dispatch
import TextLayoutIO
import Synchronization

/// Runs batch jobs on a fixed number of threads.
///
/// Input comes in chunks (a few hundred lines); each chunk's results come back in input order,
/// so a stream of any length is answered line for line with memory bounded by the chunk size.
public final class BatchRunner: Sendable {
    public let layouter: BatchLayouter
    /// How many threads lay out at once (at least 1).
    public let threads: Int
    /// How many consecutive jobs a thread takes at a time.
    static let block = 16

    public init(layouter: BatchLayouter = BatchLayouter(), threads: Int) {
        self.layouter = layouter
        self.threads = max(1, threads)
    }

    /// The result line of each input line, in input order, and whether its job succeeded.
    public func results(for lines: [[UInt8]]) -> [(json: String, succeeded: Bool)] {
        let results = ResultSlots(count: lines.count)
        let next = Atomic<Int>(0)
        let workers = min(threads, lines.count)
        let work: @Sendable (Int) -> Void = { _ in
            var fonts = BatchLayouter.WorkerFonts()
            // Jobs are taken in blocks: neighbouring jobs often share a text (one message at
            // several widths), and one thread touching its prepared text avoids two cores
            // fighting over the same reference counts.
            while true {
                let first = next.add(Self.block, ordering: .relaxed).oldValue
                guard first < lines.count else { return }
                for index in first..<min(first + Self.block, lines.count) {
                    let result = lines[index].withUnsafeBufferPointer { self.layouter.resultLine(for: $0, fonts: &fonts) }
                    results.store(result, at: index)
                }
            }
        }
        if workers <= 1 {
            work(0)
        } else {
            DispatchQueue.concurrentPerform(iterations: workers, execute: work)
        }
        return results.values
    }
}

/// One slot per result; each slot is written by exactly one thread, and read after all have joined.
/// The slots are raw memory, so that writes from many threads do not go through one array's
/// exclusivity check.
private final class ResultSlots: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<(json: String, succeeded: Bool)>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: ("", false))
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    func store(_ value: (json: String, succeeded: Bool), at index: Int) { slots[index] = value }

    var values: [(json: String, succeeded: Bool)] { Array(slots) }
}
