// Measures agreement with Pango 1.50 live on every run: a fixed sample of the corpus laid out by Pango (the project's Benchmarks/PangoStudy/pango_lines.c) and by the engine, with its own rules and with the pango profile, held per font to the floors docs/exactness.md states; and the goldens' recorded Pango lines reproduced.
import Foundation
import TestSupport
import Testing
import TextLayoutBatch
import TextLayoutIO

@Suite("Pango agreement, measured live", .needs(.pango), suiteTimeLimit(minutes: 3))
struct PangoAgreementTests {
    /// The sample takes every `sampleStep`-th text of each corpus language (the 1st, 4th, 7th...), at the three widths.
    static let sampleStep = 3

    /// One font's count of jobs, and of those whose line starts are Pango's.
    struct Agreement {
        var jobs = 0
        var identicalStarts = 0
        var share: Double { Double(identicalStarts) / Double(max(jobs, 1)) }
    }

    /// What one run measured: the sample's size, its jobs per language and width ("ar w120"), the agreement
    /// per font ("all" for the whole sample), and the seconds the measurement took (making the jobs, compiling, both engines).
    struct Measurement {
        var jobs = 0
        var byLanguageAndWidth: [String: Int] = [:]
        var byFont: [String: Agreement] = [:]
        /// The same jobs laid out with the pango profile (`"profile": "pango"`), against the same Pango layouts.
        var byFontWithPangoProfile: [String: Agreement] = [:]
        var seconds = 0.0
    }

    /// The sample's jobs (batch lines by Benchmarks/Corpus/make_jobs.py, as the study lays out), measured once
    /// per run: one Pango process and one batch call of the engine.
    static let measured: Result<Measurement, TestFailure> = {
        do { return .success(try measure()) } catch let failure as TestFailure { return .failure(failure) } catch {
            return .failure(TestFailure("\(error)"))
        }
    }()

    static func measure() throws -> Measurement {
        let clock = ContinuousClock.now
        let made = try runProgram(["python3", repositoryRoot.appendingPathComponent("Benchmarks/Corpus/make_jobs.py").path])
        guard made.status == 0 else { throw TestFailure("make_jobs.py failed: \(made.error)") }
        let jobs = outputLines(made.output).filter { line in
            // "<lang>-<n>-w<width>": the n-th text (from 1) of its language.
            guard let id = foundationObject(line)?["id"] as? String, let n = Int(id.split(separator: "-").dropLast().last ?? "") else { return false }
            return (n - 1) % sampleStep == 0
        }
        let binDirectory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: binDirectory) }
        let pango = try runTextlayout(["python3", repositoryRoot.appendingPathComponent("scripts/pango_program.py").path,
                                       "--system-fonts", "--bin-dir", binDirectory.path],
                                      input: Data(jobs.joined(separator: "\n").utf8), executable: URL(fileURLWithPath: "/usr/bin/env"))
        guard pango.status == 0 else { throw TestFailure("scripts/pango_program.py failed (exit \(pango.status)): \(pango.error)") }
        let pangoLines = outputLines(pango.output)
        // The study's engine: the system's fonts, then the bundled ones, as `textlayout batch` has them.
        let runner = BatchRunner(layouter: BatchLayouter(), threads: 2)
        let ours = runner.results(for: jobs.map { Array($0.utf8) })
        let withProfile = runner.results(for: jobs.map { Array(("{\"profile\":\"pango\"," + $0.dropFirst()).utf8) })
        guard pangoLines.count == jobs.count, ours.count == jobs.count, withProfile.count == jobs.count else {
            throw TestFailure("\(jobs.count) jobs, \(pangoLines.count) results from Pango, \(ours.count) and \(withProfile.count) from the engine")
        }
        var measurement = Measurement(jobs: jobs.count)
        for (job, (pangoLine, (ourLine, profileLine))) in zip(jobs, zip(pangoLines, zip(ours, withProfile))) {
            guard let object = foundationObject(job), let font = object["font"] as? String, let id = object["id"] as? String,
                  let theirs = foundationObject(pangoLine)?["starts"] as? [Int],
                  let lines = foundationObject(ourLine.json)?["lines"] as? [[String: Any]],
                  let profileLines = foundationObject(profileLine.json)?["lines"] as? [[String: Any]] else {
                throw TestFailure("unreadable job or result: \(job.prefix(120)) / \(ourLine.json.prefix(120)) / \(profileLine.json.prefix(120))")
            }
            let same = lines.compactMap { $0["start"] as? Int } == theirs
            let sameWithProfile = profileLines.compactMap { $0["start"] as? Int } == theirs
            for key in [font, "all"] {
                measurement.byFont[key, default: Agreement()].jobs += 1
                measurement.byFont[key, default: Agreement()].identicalStarts += same ? 1 : 0
                measurement.byFontWithPangoProfile[key, default: Agreement()].jobs += 1
                measurement.byFontWithPangoProfile[key, default: Agreement()].identicalStarts += sameWithProfile ? 1 : 0
            }
            measurement.byLanguageAndWidth["\(id.split(separator: "-")[0]) \(id.split(separator: "-").last ?? "")", default: 0] += 1
        }
        let elapsed = (ContinuousClock.now - clock).components
        measurement.seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
        return measurement
    }

    /// The floors docs/exactness.md states for the live sample, per font (and "all"), with the sample's job count:
    /// the last column of the agreement table in `section` (by default "Exactness against Pango"), `99.4% (2,100)`.
    static func documentedFloors(in section: String? = nil) throws -> [String: (floor: Double, jobs: Int)] {
        let section = try section ?? pangoExactnessSection()
        let lines = section.split(separator: "\n").map(String.init)
        guard let header = lines.firstIndex(where: { $0.hasPrefix("| font") }) else { throw TestFailure("docs/exactness.md has no '| font' table") }
        var floors: [String: (floor: Double, jobs: Int)] = [:]
        for row in lines[(header + 2)...].prefix(while: { $0.hasPrefix("|") }) {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let font = cells[0].components(separatedBy: " (").first ?? cells[0]
            let last = cells.last ?? ""
            guard let percent = last.split(separator: "%").first.flatMap({ Double($0) }),
                  let jobs = last.split(separator: "(").last.flatMap({ Int($0.replacingOccurrences(of: ",", with: "").dropLast()) }) else {
                throw TestFailure("docs/exactness.md's row for \(font) ends in '\(last)', not a floor and the sample's jobs as '99.4% (2,100)'")
            }
            floors[font] = (percent / 100, jobs)
        }
        return floors
    }

    /// Expects every font of `measured` (a sample's agreement, `what` naming how it was laid out) to have a row in
    /// `floors` with the sample's job count, and a share of identical line starts at least the row's floor.
    static func expectFloors(_ measured: [String: Agreement], _ floors: [String: (floor: Double, jobs: Int)], what: String) {
        #expect(Set(floors.keys) == Set(measured.keys),
                "docs/exactness.md's table (\(what)) has rows for \(floors.keys.sorted()), the sample's fonts are \(measured.keys.sorted())")
        for (font, agreement) in measured.sorted(by: { $0.key < $1.key }) {
            guard let stated = floors[font] else { continue }
            #expect(agreement.jobs == stated.jobs, "\(font): the sample has \(agreement.jobs) jobs, docs/exactness.md says \(stated.jobs)")
            #expect(agreement.share >= stated.floor,
                    "\(font), \(what): identical line starts on \(agreement.identicalStarts) of \(agreement.jobs) jobs (\(agreement.share)), below the floor \(stated.floor)")
        }
        print("Pango agreement, \(what): " + measured.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.identicalStarts)/\($0.value.jobs)" }.joined(separator: ", "))
    }

    @Test("every font of the sample keeps identical line starts on at least the share docs/exactness.md states")
    func holdsTheFloors() throws {
        let measured = try Self.measured.get()
        Self.expectFloors(measured.byFont, try Self.documentedFloors(), what: "the engine's own rules, \(measured.jobs) jobs in \(measured.seconds) s")
    }

    @Test("with the pango profile, every font of the sample keeps identical line starts on at least the share docs/exactness.md states, and never fewer than without it")
    func holdsTheProfileFloors() throws {
        let measured = try Self.measured.get()
        let floors = try Self.documentedFloors(in: Documentation.section("The pango profile", in: "docs/exactness.md"))
        Self.expectFloors(measured.byFontWithPangoProfile, floors, what: "the pango profile")
        for (font, agreement) in measured.byFontWithPangoProfile {
            // The profile is there to agree more: never less than the engine's own rules on the same jobs.
            let without = measured.byFont[font]?.identicalStarts ?? 0
            #expect(agreement.identicalStarts >= without, "\(font): \(agreement.identicalStarts) jobs agree with the profile, \(without) without it")
        }
    }

    @Test("the sample has at least 3,000 jobs, every corpus language at every width")
    func sampleRepresentsTheCorpus() throws {
        let measured = try Self.measured.get()
        #expect(measured.jobs >= 3_000)
        let cells = CorpusTexts.fonts.keys.flatMap { language in ["w120", "w240", "w360"].map { "\(language) \($0)" } }
        for cell in cells {
            let count = measured.byLanguageAndWidth[cell] ?? 0
            #expect(count == 100, "\(cell): \(count) jobs; the sample takes every third of the language's 300 texts")
        }
        #expect(Set(measured.byLanguageAndWidth.keys) == Set(cells))
        #expect(measured.byFont.count - 1 == Set(CorpusTexts.fonts.values).count, "every primary font of the corpus is in the sample")
    }

    @Test("scripts/record-pango-starts.py --check finds every golden case's Pango lines as recorded")
    func goldensReproduce() throws {
        let run = try runProgram(["python3", repositoryRoot.appendingPathComponent("scripts/record-pango-starts.py").path, "--check"])
        #expect(run.status == 0, "record-pango-starts.py --check (exit \(run.status)): \(run.error)")
        #expect(run.output.contains("core/truncate-middle: same"), "it checked the clamped cases: \(run.output.prefix(300))")
    }

    @Test("record-pango-starts.py refuses to overwrite a recorded value that differs from Pango's unless --overwrite, naming the golden and both values")
    func refusesToOverwrite() throws {
        let goldens = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: goldens) }
        for area in ["core", "scripts"] {
            try FileManager.default.createDirectory(at: goldens.appendingPathComponent(area), withIntermediateDirectories: true)
        }
        let source = goldensDirectory.appendingPathComponent("core/truncate-end")
        let copy = goldens.appendingPathComponent("core/truncate-end")
        let recorded = try String(contentsOf: source.appendingPathExtension("txt"), encoding: .utf8)
        let wrong = recorded.replacingOccurrences(of: "pango-hidden: 46,146", with: "pango-hidden: 40,146")
        #expect(wrong != recorded, "core/truncate-end records pango-hidden: 46,146")
        try wrong.write(to: copy.appendingPathExtension("txt"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(at: source.appendingPathExtension("expected"), to: copy.appendingPathExtension("expected"))
        let script = repositoryRoot.appendingPathComponent("scripts/record-pango-starts.py").path
        let refused = try runProgram(["python3", script, "--goldens", goldens.path])
        #expect(refused.status == 1)
        #expect(refused.error.contains("core/truncate-end: 'pango-hidden' is recorded as 40,146, Pango gives 46,146"), "\(refused.error)")
        #expect(try String(contentsOf: copy.appendingPathExtension("txt"), encoding: .utf8) == wrong, "the golden was left as it was")
        let overwritten = try runProgram(["python3", script, "--goldens", goldens.path, "--overwrite"])
        #expect(overwritten.status == 0, "\(overwritten.error)")
        #expect(try String(contentsOf: copy.appendingPathExtension("txt"), encoding: .utf8) == recorded)
    }

    /// A seed from the clock for `profileSampleHoldsTheList`, printed so that a failing sample can be run again
    /// (`agreement.py --profile pango --expect ... --sample 300 --seed SEED`).
    static let listSeed: Int = {
        let seed = Int(Date().timeIntervalSince1970 * 1000) % 1_000_000_007
        print("PangoAgreementTests: the pango profile's corpus sample's seed is \(seed)")
        return seed
    }()

    @Test("a fresh sample of 300 corpus jobs by the pango profile has Pango's starts, line count and height (to 1/1024 px a line) but the jobs Benchmarks/PangoStudy/expected-differences-pango.txt lists, as listed",
          arguments: ["system", "bundled"])
    func profileSampleHoldsTheList(fonts: String) throws {
        let textlayout = try #require(textlayoutExecutable(), "build the package first (swift build)")
        let run = try runProgram(["python3", repositoryRoot.appendingPathComponent("Benchmarks/PangoStudy/agreement.py").path, "--profile", "pango",
                                  "--expect", repositoryRoot.appendingPathComponent("Benchmarks/PangoStudy/expected-differences-pango.txt").path,
                                  "--fonts", fonts, "--sample", "300", "--seed", "\(Self.listSeed)", textlayout.path])
        #expect(run.status == 0, "\(run.output)\n\(run.error)")
        let line = try #require(outputLines(run.output).first { $0.hasPrefix("expected differences") }, "\(run.output)")
        #expect(line.contains("300 jobs run"), "\(line)")
    }
}
