// Where the repository's files are, for tests that read them: the root, found from this file's own path, and the golden files, with whether this run re-blesses them.
import Foundation

/// The repository's root folder (README.md, docs/, Sources/, scripts/, Benchmarks/).
public let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// Tests/Goldens: every test target's golden files, a folder an area (core, edit, render, scripts, fuzz).
public let goldensDirectory = repositoryRoot.appendingPathComponent("Tests/Goldens")

/// Whether this run rewrites the golden files from the current output instead of checking them:
/// `TEXTLAYOUT_BLESS=1 swift test`, only on purpose, never in CI.
public let blessing = ProcessInfo.processInfo.environment["TEXTLAYOUT_BLESS"] == "1"
