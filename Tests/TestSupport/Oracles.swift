// The outside programs and fonts tests hold the engine against (Chromium, Pango, Inter, Liberation Sans, Java, PySpark): where each is, its version against the one docs/testing.md names, and the one decision whether a test that lacks one skips or fails.
import Foundation
import Synchronization
import Testing

/// Whether a missing oracle fails the tests that need it instead of skipping them:
/// `TEXTLAYOUT_REQUIRE_ORACLES=1`, which `.ci/run` sets.
public let oraclesRequired = ProcessInfo.processInfo.environment["TEXTLAYOUT_REQUIRE_ORACLES"] == "1"

/// A program or font outside the package that tests compare the engine with or lay out in;
/// `scripts/install-deps.sh` installs each. Its raw value is its name in docs/testing.md's
/// table of oracles.
public enum Oracle: String, CaseIterable, Sendable {
    case chromium = "Chromium"
    /// Pango's headers and gcc, to compile the project's Pango programs.
    case pango = "Pango"
    /// Inter's variable font.
    case inter = "Inter"
    case liberationSans = "Liberation Sans"
    case java = "Java"
    case pySpark = "PySpark"

    /// Debian's Chromium: the first of its usual paths that is an executable, or nil.
    public static let chromiumPath = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }
    /// The folder of Inter's variable font (Debian's fonts-inter-variable).
    public static let interFolder = "/usr/share/fonts/truetype/inter-vf"
    /// Inter's variable font: `wght` 100–900 and `slnt` −10–0, no `ital`, no `opsz`.
    public static let interFile = interFolder + "/Inter.var.ttf"
    /// Liberation Sans 2 (Debian's fonts-liberation2), whose legacy `kern` table kerns the space.
    public static let liberationSansFile = "/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf"

    /// What installs it.
    public var installedBy: String {
        switch self {
        case .chromium: "Debian's chromium"
        case .pango: "Debian's libpango1.0-dev, with gcc"
        case .inter: "Debian's fonts-inter-variable"
        case .liberationSans: "Debian's fonts-liberation2"
        case .java: "a Java runtime (Debian's default-jre-headless)"
        case .pySpark: "PySpark from PyPI"
        }
    }

    /// What was found of an oracle on this machine.
    public enum Probe: Sendable, Equatable {
        /// Installed, at this version.
        case found(version: String)
        /// Not installed, or its version could not be read: why.
        case missing(String)
    }

    /// Looks for the oracle and reads its version (uncached: see ``probe``).
    func look() -> Probe {
        do {
            switch self {
            case .chromium:
                guard let path = Self.chromiumPath else { return .missing("no /usr/bin/chromium") }
                return try Self.version(of: runProgram([path, "--version"], timeLimit: .seconds(60)).output, /Chromium (\d+(?:\.\d+)*)/)
            case .pango:
                let run = try runProgram(["sh", "-c", "command -v gcc >/dev/null && pkg-config --modversion pangocairo"], timeLimit: .seconds(60))
                guard run.status == 0 else { return .missing("gcc or pkg-config's pangocairo is missing: \(run.error)") }
                return try Self.version(of: run.output, /^(\d+(?:\.\d+)*)/)
            case .inter, .liberationSans:
                let path = self == .inter ? Self.interFile : Self.liberationSansFile
                guard let data = FileManager.default.contents(atPath: path) else { return .missing("no \(path)") }
                return try Self.version(of: fontVersionString(data) ?? "", /Version (\d+(?:\.\d+)*)/)
            case .java:
                let run = try runProgram(["sh", "-c", "command -v java >/dev/null && java -version"], timeLimit: .seconds(60))
                guard run.status == 0 else { return .missing("no java on the path: \(run.error)") }
                return try Self.version(of: run.error, /version "(\d+(?:\.\d+)*)/)
            case .pySpark:
                let run = try runProgram(["python3", "-c", "import pyspark; print(pyspark.__version__)"], timeLimit: .seconds(60))
                guard run.status == 0 else { return .missing("python3 cannot import pyspark: \(run.error.suffix(300))") }
                return try Self.version(of: run.output, /^(\d+(?:\.\d+)*)/)
            }
        } catch {
            return .missing("\(error)")
        }
    }

    /// The version `pattern`'s first group finds in `text`.
    private static func version(of text: String, _ pattern: Regex<(Substring, Substring)>) throws -> Probe {
        guard let match = text.firstMatch(of: pattern) else { return .missing("no version in '\(text.prefix(200))'") }
        return .found(version: String(match.1))
    }

    /// What was found of each oracle, looked for once a run.
    private static let probes = Mutex<[Oracle: Probe]>([:])

    /// What is found of the oracle on this machine, looked for once a run.
    public var probe: Probe {
        if let known = Self.probes.withLock({ $0[self] }) { return known }
        let found = look()
        Self.probes.withLock { $0[self] = found }
        return found
    }

    /// The version docs/testing.md names for the oracle, in its table of oracles (`| Chromium | 156 | ...`).
    public var documentedVersion: String {
        get throws {
            let section = try Documentation.section("Oracles", in: "docs/testing.md")
            for line in section.split(separator: "\n") where line.hasPrefix("|") {
                let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
                if cells.count >= 2, cells[0] == rawValue { return cells[1] }
            }
            throw TestFailure("docs/testing.md's table of oracles has no row for \(rawValue)")
        }
    }
}

/// Whether `installed` is the version `documented` names: its numbers begin with the documented
/// ones (`156.0.8078.114` is Chromium 156, `1.50.12` is Pango 1.50, `1.51.0` is not).
public func isVersion(_ installed: String, of documented: String) -> Bool {
    let have = installed.split(separator: "."), want = documented.split(separator: ".")
    return want.count <= have.count && zip(have, want).allSatisfy { $0 == $1 }
}

/// The one decision for a test that needs oracles, given what was found of each and its
/// documented version: true when each is installed at that version; false when one is not and
/// oracles are not `required` (the test is skipped); when they are, it throws naming what is
/// missing, and the test fails.
public func oracleDecision(_ found: [(oracle: Oracle, probe: Oracle.Probe, documented: String)], required: Bool) throws -> Bool {
    var problems: [String] = []
    for (oracle, probe, documented) in found {
        switch probe {
        case .found(let version) where isVersion(version, of: documented):
            print("oracle: \(oracle.rawValue) \(version), the version docs/testing.md names (\(documented))")
        case .found(let version):
            problems.append("\(oracle.rawValue) is \(version), not the \(documented) docs/testing.md names")
        case .missing(let why):
            problems.append("\(oracle.rawValue) is missing (\(why)); scripts/install-deps.sh installs it: \(oracle.installedBy)")
        }
    }
    guard !problems.isEmpty else { return true }
    let message = problems.joined(separator: "; ")
    if required { throw TestFailure("TEXTLAYOUT_REQUIRE_ORACLES=1 requires the oracles: " + message) }
    print("oracle: skipping, " + message)
    return false
}

/// Whether the tests that need `oracles` run here (see ``oracleDecision(_:required:)``), from what
/// this machine has and ``oraclesRequired``; for a test that uses an oracle only where there is
/// one, as a ``Trait/needs(_:sourceLocation:)`` test would.
public func oraclesAvailable(_ oracles: [Oracle]) throws -> Bool {
    try oracleDecision(oracles.map { ($0, $0.probe, try $0.documentedVersion) }, required: oraclesRequired)
}

extension Trait where Self == ConditionTrait {
    /// The trait of a test or suite that holds the engine against `oracles`: it runs when each is
    /// installed at the version docs/testing.md names (printed), and is skipped where one is not,
    /// but fails under `TEXTLAYOUT_REQUIRE_ORACLES=1`.
    public static func needs(_ oracles: Oracle..., sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        let names = oracles.map(\.rawValue).joined(separator: " and ")
        return .enabled(Comment(rawValue: "needs \(names) at the version docs/testing.md names (scripts/install-deps.sh installs it)"),
                        sourceLocation: sourceLocation) { try oraclesAvailable(oracles) }
    }
}

/// The version string of an OpenType font file's `name` table (name ID 5, `Version 3.019;git-0a5106e0b`),
/// from a Windows (UTF-16) or Macintosh (ASCII) record; nil when it has none.
public func fontVersionString(_ font: Data) -> String? {
    let bytes = [UInt8](font)
    func u16(_ at: Int) -> Int? { at + 2 <= bytes.count ? Int(bytes[at]) << 8 | Int(bytes[at + 1]) : nil }
    func u32(_ at: Int) -> Int? { guard let high = u16(at), let low = u16(at + 2) else { return nil }; return high << 16 | low }
    guard let tableCount = u16(4) else { return nil }
    // The table records follow the 12-byte header: tag, checksum, offset, length.
    guard let record = (0..<tableCount).map({ 12 + 16 * $0 }).first(where: { bytes.count >= $0 + 16 && bytes[$0..<$0 + 4].elementsEqual("name".utf8) }),
          let table = u32(record + 8), let count = u16(table + 2), let storage = u16(table + 4).map({ table + $0 }) else { return nil }
    for k in 0..<count {
        let at = table + 6 + 12 * k
        guard let platform = u16(at), let nameID = u16(at + 6), let length = u16(at + 8), let offset = u16(at + 10),
              nameID == 5, storage + offset + length <= bytes.count else { continue }
        let raw = bytes[(storage + offset)..<(storage + offset + length)]
        if platform == 3 || platform == 0 {
            let units = stride(from: raw.startIndex, to: raw.endIndex - 1, by: 2).map { UInt16(raw[$0]) << 8 | UInt16(raw[$0 + 1]) }
            return String(decoding: units, as: UTF16.self)
        }
        if platform == 1 { return String(decoding: raw, as: UTF8.self) }
    }
    return nil
}
