// The time limits of the suites that have one and of every program a test starts: short enough to fail a hang, four times as long under a sanitizer (several times slower, and scripts/robustness.sh runs it on two shared cores).
import Foundation
import Testing

/// The sanitizer scripts/robustness.sh runs the suite under ("address" or "thread"); nil in a plain run.
public let sanitizer = ProcessInfo.processInfo.environment["TEXTLAYOUT_SANITIZER"]

/// A suite's time limit: `minutes` in a plain run, four times as many under a sanitizer.
public func suiteTimeLimit(minutes: Int) -> TimeLimitTrait {
    .timeLimit(.minutes(sanitizer == nil ? minutes : 4 * minutes))
}

/// A program's time limit: `minutes` in a plain run, four times as long under a sanitizer.
public func programTimeLimit(minutes: Int) -> Duration {
    .seconds(60 * (sanitizer == nil ? minutes : 4 * minutes))
}

/// The time limit of a program a test starts that names none: well above the longest run a test
/// makes (an oracle study in headless Chromium), so that only a hang reaches it.
public let defaultProgramTimeLimit = programTimeLimit(minutes: 5)
