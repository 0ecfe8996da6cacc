// The fit scenario: the largest font size that keeps each job within 3 lines, against one full layout and against the step-by-step search that lays out every size from the largest down.
import Foundation
import TextLayout

extension Scenario {
    /// The fit every job with a width is timed at: at most 3 lines, 8 to 32 px by the default step.
    static let benchFit = FontSizeFit(maxLines: 3, minSize: 8, maxSize: 32)

    /// Times, for each job with a width, ``FontSizeFit`` through `PreparedText.fittingSize`; one
    /// full layout (the text prepared at its size and measured, as each size the fit tries is);
    /// and the step-by-step search (every grid size prepared and measured from the largest down,
    /// until one fits, as Android's and Compose's autosize do). The prepared-text cache is emptied
    /// before each job (the corpus lays each text out at three widths, whose searches would share
    /// sizes), so that every layout, the one and the searches', is a preparation at a size not
    /// seen; the word cache stays warm (no shaping after the warm-up).
    /// Prints the three medians per job, the layouts each search makes on average, and whether the
    /// two searches agree on every job.
    func runFit() throws {
        let fitted = jobs.filter { $0.width != nil }
        let prepared = try fitted.map { try PreparedText($0.text, style: $0.style) }
        let fit = Self.benchFit
        func layout(_ i: Int, size: Double) throws -> Layout {
            var settings = prepared[i].style.settings
            settings.size = size
            return try PreparedText(fitted[i].text, style: TextStyle(fonts: prepared[i].style.fonts, settings: settings))
                .measureEditor(editorWidth: fitted[i].width, sizing: fitted[i].sizing, glyphRuns: false).layout
        }
        func emptyPreparedTexts() { fonts.preparedTextCache.removeAll() }
        var fitLayouts = 0
        var answers: [Double] = []
        print("-- fit")
        let search = try timed(count: fitted.count) {
            fitLayouts = 0
            answers = []
            for i in prepared.indices {
                emptyPreparedTexts()
                let answer = try prepared[i].fittingSize(fit, editorWidth: fitted[i].width, sizing: fitted[i].sizing, glyphRuns: false)
                fitLayouts += answer.layoutCount
                answers.append(answer.size)
            }
            return fitLayouts
        }
        print("-- one layout")
        let one = try timed(count: fitted.count) {
            var checksum = 0
            for i in prepared.indices {
                emptyPreparedTexts()
                checksum &+= try layout(i, size: fitted[i].style.settings.size).lineCount
            }
            return checksum
        }
        print("-- step by step")
        var stepLayouts = 0
        var stepAnswers: [Double] = []
        let stepped = try timed(count: fitted.count) {
            stepLayouts = 0
            stepAnswers = []
            for i in prepared.indices {
                emptyPreparedTexts()
                var answer = fit.minSize    // when none fits, as the fit answers
                for index in stride(from: fit.lastIndex, through: 0, by: -1) {
                    stepLayouts += 1
                    if fit.isFitting(try layout(i, size: fit.size(at: index))) {
                        answer = fit.size(at: index)
                        break
                    }
                }
                stepAnswers.append(answer)
            }
            return stepLayouts
        }
        let count = Double(fitted.count)
        print(Self.fitLine(fitPerJob: search / count, layoutPerJob: one / count, stepPerJob: stepped / count,
                           fitLayouts: Double(fitLayouts) / count, stepLayouts: Double(stepLayouts) / count,
                           disagreeing: zip(answers, stepAnswers).filter { $0 != $1 }.count))
    }

    /// The fit scenario's line: the three medians per job, the searches' layouts a job, their ratios.
    static func fitLine(fitPerJob: Double, layoutPerJob: Double, stepPerJob: Double, fitLayouts: Double, stepLayouts: Double,
                        disagreeing: Int) -> String {
        String(format: "fit (at most %d lines, %g...%g px by %g, %d sizes): median %.2f us/job, %.1f layouts a job; one layout %.2f us/job; "
               + "step by step %.2f us/job, %.1f layouts a job; fit / one layout = %.1f, step by step / fit = %.1f; answers that differ: %d",
               benchFit.maxLines ?? 0, benchFit.minSize, benchFit.maxSize, benchFit.step, benchFit.lastIndex + 1, fitPerJob * 1e6, fitLayouts,
               layoutPerJob * 1e6, stepPerJob * 1e6, stepLayouts, fitPerJob / layoutPerJob, stepPerJob / fitPerJob, disagreeing)
    }
}
