// The keystroke scenario: one character typed into a 10 KB multi-paragraph text, against laying the whole text out again.
import Foundation
import TextLayout

struct KeystrokeScenario {
    let jobs: [BenchJob]
    let rounds: Int

    /// About 10 KB of the jobs' own texts, one a paragraph, in the first job's style.
    func longText() -> (String, TextStyle) {
        var text = ""
        var seen = Set<String>()
        for job in jobs where job.style.font === jobs[0].style.font && !seen.contains(job.text) {
            seen.insert(job.text)
            text += (text.isEmpty ? "" : "\n") + job.text
            if text.utf8.count >= 10_000 { break }
        }
        return (text, jobs[0].style)
    }

    func run() throws {
        let (text, style) = longText()
        let width = 320.0
        let prepared = try PreparedText(text, style: style)
        let layout = try prepared.layout(width: width, lineSpace: 2, glyphRuns: false)
        print("text: \(text.utf8.count) bytes, \(prepared.text.split(separator: "\n").count) paragraphs, \(layout.lineCount) lines at \(Int(width)) px")
        let utf16Count = text.utf16.count
        let cases: [(String, Int, String)] = [("end", utf16Count, "x"), ("middle", utf16Count / 2, "x"), ("newline", utf16Count / 2, "\n")]
        var full = 0.0
        do {
            var samples: [Double] = []
            for _ in 0..<(rounds + 1) {
                // A full layout of the same text: preparing it from scratch, as an editor without
                // incremental reflow does on every keystroke (with the shaping caches emptied).
                style.font.context?.clearShapingCaches()
                let start = DispatchTime.now().uptimeNanoseconds
                let fresh = try PreparedText(text, style: style)
                _ = try fresh.layout(width: width, lineSpace: 2, glyphRuns: false)
                samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            }
            full = samples.dropFirst().sorted()[rounds / 2]
            print(String(format: "full layout of the text: %.1f us", full * 1e6))
        }
        for (name, offset, insertion) in cases {
            var samples: [Double] = []
            for round in 0..<(rounds * 20 + 1) {
                let start = DispatchTime.now().uptimeNanoseconds
                let (edited, edit) = try prepared.replacingCharacters(inUTF16: offset..<offset, with: insertion)
                let updated = try layout.updated(for: edited, after: edit)
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                if updated.lineCount < 0 { print(round) }
                samples.append(seconds)
            }
            let median = samples.dropFirst().sorted()[samples.count / 2]
            print(String(format: "round 0: %.6f s for 1 jobs", median))
            print(String(format: "keystroke at the %@: %.1f us = %.2f%% of the full layout", name, median * 1e6, 100 * median / full))
        }
    }
}
