// Hostile texts (a huge line, a huge word, a million newlines, a mountain of marks, deep bidi nesting, tabs) laid out in time and memory that grow linearly.
import Foundation
import Testing
@testable import TextLayout

/// The CPU time of the calling thread, in seconds.
func threadCPUTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// A field of /proc/self/status in bytes (VmHWM: the peak resident memory; VmRSS: the current).
func processMemory(_ field: String) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
          let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
    return kilobytes * 1024
}

@Suite("Hostile texts grow linearly")
struct HostileTextTests {
    /// A text that grows with `n`, laid out at `width`.
    struct Case: Sendable, Codable, CustomTestStringConvertible {
        var name: String
        /// n for the smaller of the two sizes in a debug build (about a second at 4n); the larger is 4n.
        var debugN: Int
        /// n with TEXTLAYOUT_HOSTILE_FULL=1 (CI, in release): 4n is the full size.
        var fullN: Int
        var width: Double?
        var testDescription: String { name }

        var n: Int { ProcessInfo.processInfo.environment["TEXTLAYOUT_HOSTILE_FULL"] == "1" ? fullN : debugN }

        func text(_ n: Int) -> String {
            switch name {
            case "a line of words": String(repeating: "word ", count: n / 5)
            case "a line of one word": String(repeating: "a", count: n)
            case "a line of one Arabic word": String(repeating: "\u{628}", count: n / 2)
            case "a line of tabs, wide": String(repeating: "a\t", count: n / 2)
            case "a line of CJK": String(repeating: "\u{4E2D}", count: n / 3)
            case "newlines": String(repeating: "\n", count: n)
            case "combining marks on one base": "a" + String(repeating: "\u{301}", count: n)
            case "nested embeddings": String(repeating: "\u{202B}a", count: n) + String(repeating: "\u{202C}", count: n)
            case "nested isolates": String(repeating: "\u{2067}a ", count: n) + String(repeating: "\u{2069}", count: n)
            default: ""
            }
        }
    }

    /// Sizes a debug build handles in about a second at 4n; with TEXTLAYOUT_HOSTILE_FULL=1 (CI runs
    /// it in release) 4n is the full size: a 10 MB line, 1,000,000 newlines, 100,000 marks, 10,000
    /// nested embeddings.
    static let cases = [
        Case(name: "a line of words", debugN: 64 << 10, fullN: 2_500_000, width: 300),
        Case(name: "a line of one word", debugN: 32 << 10, fullN: 2_500_000, width: 300),
        Case(name: "a line of one Arabic word", debugN: 16 << 10, fullN: 2_500_000, width: 300),
        Case(name: "a line of tabs, wide", debugN: 16 << 10, fullN: 2_500_000, width: 1e300),
        Case(name: "a line of CJK", debugN: 48 << 10, fullN: 2_500_000, width: 300),
        Case(name: "newlines", debugN: 25_000, fullN: 250_000, width: 300),
        Case(name: "combining marks on one base", debugN: 25_000, fullN: 25_000, width: 300),
        Case(name: "nested embeddings", debugN: 2_500, fullN: 2_500, width: 300),
        Case(name: "nested isolates", debugN: 2_500, fullN: 2_500, width: 300),
    ]

    /// Lays out `text` (prepared, then laid out with and without glyph runs) and returns the CPU
    /// time it took and the layout, after checking it. Without caches: the work is measured, not
    /// whether the text fits the prepared-text cache.
    static func lay(_ text: String, width: Double?) throws -> (time: Double, lines: Int) {
        let path = try #require(FontContext.bundledFontPath("DejaVuSans.ttf"))
        let style = try TextStyle(font: uncachedBundledFonts.font(path: path), size: 17)
        let start = threadCPUTime()
        let prepared = try PreparedText(text, style: style)
        let lines = try prepared.layout(width: width, glyphRuns: false).lineCount
        let full = try prepared.layout(width: width)
        let time = threadCPUTime() - start
        let problems = full._checkInvariants()
        if !problems.isEmpty { throw GoldenError(problems.prefix(3).joined(separator: "\n")) }
        return (time, lines)
    }

    /// Each case runs in a child process of its own (so that its peak memory is its own): at n,
    /// then at 4n, it prints the CPU time and the growth of the peak resident memory. Four times
    /// the text must take less than 8 times the time and 6 times the memory: linear growth gives
    /// about 4, quadratic 16. (CPU time, not wall-clock time, and the best of two runs; one case
    /// at a time, since cases running side by side on two cores share caches and memory bandwidth
    /// unevenly: in parallel, a million newlines took 5 to 7.4 times as long as 250,000, alone
    /// about 5 times.)
    @Test("time and memory at 4n are at most about four times those at n", .serialized, arguments: cases)
    func linearGrowth(_ c: Case) async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) { [c = c as Case] in
            let baseline = processMemory("VmRSS")
            for n in [c.n, 4 * c.n] {
                let text = c.text(n)
                let first = try HostileTextTests.lay(text, width: c.width)
                let memory = processMemory("VmHWM") - baseline
                let second = try HostileTextTests.lay(text, width: c.width)
                print("\(n) \(min(first.time, second.time)) \(memory) \(first.lines)")
            }
        }
        let output = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
        let rows = output.split(separator: "\n").map { $0.split(separator: " ").compactMap { Double($0) } }.filter { $0.count == 4 }
        try #require(rows.count == 2, "the child printed \(output.debugDescription)")
        let timeRatio = rows[1][1] / max(rows[0][1], 1e-6)
        let memoryRatio = rows[1][2] / max(rows[0][2], 1)
        print("hostile text, \(c.name): \(Int(rows[0][0])) in \(rows[0][1]) s and \(Int(rows[0][2]) >> 20) MiB, \(Int(rows[1][0])) in \(rows[1][1]) s and \(Int(rows[1][2]) >> 20) MiB: time ×\(timeRatio), memory ×\(memoryRatio)")
        #expect(timeRatio < 8, "\(c.name): \(rows[1][1]) s at \(Int(rows[1][0])), \(rows[0][1]) s at \(Int(rows[0][0])): ×\(timeRatio)")
        #expect(memoryRatio < 6, "\(c.name): peak memory grew by \(Int(rows[1][2]) >> 20) MiB at \(Int(rows[1][0])), \(Int(rows[0][2]) >> 20) MiB at \(Int(rows[0][0])): ×\(memoryRatio)")
    }

    @Test("the hostile texts keep every invariant")
    func invariants() throws {
        for c in Self.cases {
            let text = c.text(c.debugN / 64)
            for width in [c.width, 1, 40] as [Double?] {
                let style = try TextStyle(font: isolatedFont("DejaVuSans.ttf"), size: 17)
                let layout = try PreparedText(text, style: style).layout(width: width)
                expectInvariants(layout, "\(c.name) at width \(width ?? 0)")
            }
        }
    }
}
