// The text-wrap scenario: relayout at new widths with greedy, balanced and pretty lines, each as a ratio to greedy's in the same run.
import Foundation
import TextLayout

extension Scenario {
    /// Relayout with lines built (as the `relayout` scenario) once per ``TextWrap`` mode, then
    /// 'balance / wrap = R' and 'pretty / wrap = R', the ratios of their medians.
    func runTextWrap(floor: Floors) throws {
        var medians: [TextWrap: Double] = [:]
        for wrap in TextWrap.allCases {
            print("-- \(wrap.rawValue)")
            let styled = try jobs.map { job in
                var paragraph = job.style.settings.paragraph
                paragraph.textWrap = wrap
                var styled = job
                styled.style = try job.style.withParagraph(paragraph)
                return styled
            }
            medians[wrap] = try relayout(styled, floor: floor) { prepared, i, sizing, width in
                try prepared[i].measureEditor(editorWidth: width, sizing: sizing, glyphRuns: false).lineCount
            }
        }
        for wrap in TextWrap.allCases where wrap != .wrap {
            print(String(format: "%@ / wrap = %.2f", wrap.rawValue, medians[wrap]! / medians[.wrap]!))
        }
    }
}
