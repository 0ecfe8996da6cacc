// The keystroke scenario: one character typed into a 10 KB multi-paragraph text, against laying the whole text out again.
import Foundation
import TextLayout

struct KeystrokeScenario {
    let jobs: [BenchJob]
    let rounds: Int

    func run() throws {
        print("(keystroke: needs incremental reflow; not measured yet)")
    }
}
