// Hostile texts (a huge line, a huge word, a million newlines, a mountain of marks, deep bidi nesting, tabs) laid out in time and memory that grow linearly.
import Foundation
import Testing
import TextLayout
import TestSupport

/// The CPU time of the calling thread, in seconds.
func threadCPUTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
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
        let style = try TextStyle(font: uncachedBundledFonts.font(path: path))
        let start = threadCPUTime()
        let prepared = try PreparedText(text, style: style)
        let lines = try prepared.layout(wrapWidth: width, glyphRuns: false).lineCount
        let full = try prepared.layout(wrapWidth: width)
        let time = threadCPUTime() - start
        let problems = full._checkInvariants()
        if !problems.isEmpty { throw TestFailure(problems.prefix(3).joined(separator: "\n")) }
        return (time, lines)
    }

    /// The slope of the least-squares line through (log x, log y): the exponent k of y ∝ x^k.
    static func fittedExponent(_ points: [(x: Double, y: Double)]) -> Double {
        let logs = points.map { (x: log($0.x), y: log($0.y)) }
        let meanX = logs.map(\.x).reduce(0, +) / Double(logs.count)
        let meanY = logs.map(\.y).reduce(0, +) / Double(logs.count)
        let covariance = logs.map { ($0.x - meanX) * ($0.y - meanY) }.reduce(0, +)
        let variance = logs.map { ($0.x - meanX) * ($0.x - meanX) }.reduce(0, +)
        return covariance / variance
    }

    @Test("the fitted exponent is the growth: 1 for linear, 2 for quadratic")
    func exponentFit() {
        let sizes = [1.0, 2, 4, 8]
        #expect(abs(Self.fittedExponent(sizes.map { ($0, 3 * $0) }) - 1) < 1e-12)
        #expect(abs(Self.fittedExponent(sizes.map { ($0, 0.5 * $0 * $0) }) - 2) < 1e-12)
        #expect(abs(Self.fittedExponent(sizes.map { ($0, 7) })) < 1e-12)
    }

    /// Each case runs in a child process of its own (so that its peak memory is its own) at four
    /// sizes, n/2, n, 2n and 4n, printing for each the CPU time and the growth of the peak resident
    /// memory. The exponents fitted to time and memory against size must stay under 1.5: linear
    /// growth gives 1 (less where a fixed cost dominates the small sizes), quadratic 2. (CPU time,
    /// not wall-clock time, and the best of two runs at n/2 and n, where a disturbance weighs
    /// most; one run at 2n and 4n, which take three quarters of the time and where it weighs
    /// least, unless it took under a second: a run of milliseconds, as at the sizes of `swift
    /// test`, is as easily disturbed at 2n as at n (under AddressSanitizer, beside the suite's other
    /// tests, one line of words took 97 ms at 2n against 19 ms at n and 168 ms at 4n, an exponent
    /// of 1.53 from one run); one case at a time, since cases running side by side on two cores
    /// share caches and memory bandwidth unevenly.)
    @Test("time and memory grow linearly over four sizes", .serialized, arguments: cases)
    func linearGrowth(_ c: Case) async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) { [c = c as Case] in
            let baseline = processMemory("VmRSS") ?? 0
            for n in [c.n / 2, c.n, 2 * c.n, 4 * c.n] {
                let text = c.text(n)
                let first = try HostileTextTests.lay(text, width: c.width)
                let memory = (processMemory("VmHWM") ?? 0) - baseline
                let time = n > c.n && first.time >= 1 ? first.time : min(first.time, try HostileTextTests.lay(text, width: c.width).time)
                print("\(n) \(time) \(memory) \(first.lines)")
            }
        }
        let output = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
        let rows = output.split(separator: "\n").map { $0.split(separator: " ").compactMap { Double($0) } }.filter { $0.count == 4 }
        try #require(rows.count == 4, "the child printed \(output.debugDescription)")
        // Times under a millisecond and memory under a megabyte are noise: floor them there.
        let timeExponent = Self.fittedExponent(rows.map { ($0[0], max($0[1], 1e-3)) })
        let memoryExponent = Self.fittedExponent(rows.map { ($0[0], max($0[2], Double(1 << 20))) })
        let table = rows.map { "\(Int($0[0])): \($0[1]) s, \(Int($0[2]) >> 20) MiB" }.joined(separator: "; ")
        print("hostile text, \(c.name): \(table); time ∝ n^\(timeExponent), memory ∝ n^\(memoryExponent)")
        #expect(timeExponent < 1.5, "\(c.name): time grows as n^\(timeExponent): \(table)")
        #expect(memoryExponent < 1.5, "\(c.name): memory grows as n^\(memoryExponent): \(table)")
    }

    @Test("the hostile texts keep every invariant")
    func invariants() throws {
        for c in Self.cases {
            let text = c.text(c.debugN / 64)
            for width in [c.width, 1, 40] as [Double?] {
                let style = try TextStyle(font: isolatedFont("DejaVuSans.ttf"))
                let layout = try PreparedText(text, style: style).layout(wrapWidth: width)
                expectInvariants(layout, "\(c.name) at width \(width ?? 0)")
            }
        }
    }
}
