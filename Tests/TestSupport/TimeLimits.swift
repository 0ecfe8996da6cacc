// The time limits of the suites that have one: short enough to fail a hang, four times as long under a sanitizer (several times slower, and scripts/robustness.sh runs it on two shared cores).
import Foundation
import Testing

/// The sanitizer scripts/robustness.sh runs the suite under ("address" or "thread"); nil in a plain run.
public let sanitizer = ProcessInfo.processInfo.environment["TEXTLAYOUT_SANITIZER"]

/// A suite's time limit: `minutes` in a plain run, four times as many under a sanitizer.
public func suiteTimeLimit(minutes: Int) -> TimeLimitTrait {
    .timeLimit(.minutes(sanitizer == nil ? minutes : 4 * minutes))
}
