// The chromium profile's font fallback as Blink's: generic families from the browser's settings (`genericFamilies`), the standard font after every list, and LayoutNG's half-leading of a whole-pixel line gap.
import Foundation
import Testing
import TextLayout
import TextLayoutIO
import TestSupport

/// Liberation Serif and Sans come in one package (fonts-liberation2), the one `.liberationSans` requires.
@Suite("Blink's font fallback in the chromium profile", .needs(.liberationSans))
struct BrowserFallbackTests {
    static let liberationSerif = "/usr/share/fonts/truetype/liberation2/LiberationSerif-Regular.ttf"

    /// The results of `jobs`, one batch in the system's fonts (the fonts a browser would find).
    static func answers(_ jobs: [String]) throws -> [JSONValue] {
        let layouter = BatchLayouter(fonts: .shared)
        return try jobs.map { job in
            let line = Array(job.utf8)
            return try parseJSON(line.withUnsafeBufferPointer { layouter.resultLine(for: $0).json })
        }
    }

    /// The font file of each run of `answer` (a result with glyphs), in order.
    static func runFiles(_ answer: JSONValue) throws -> [String] {
        guard case let .array(lines)? = answer["lines"] else { throw TestFailure("no lines in \(answer)") }
        return try lines.flatMap { line -> [String] in
            guard case let .array(runs)? = line["runs"] else { throw TestFailure("no runs in \(line)") }
            return try runs.map { run in
                guard case let .string(font)? = run["font"], let open = font.lastIndex(of: "(") else { throw TestFailure("no font in \(run)") }
                return String(font[font.index(after: open)...].dropLast())
            }
        }
    }

    @Test("what the list's font lacks is drawn in the standard font (Times New Roman: Liberation Serif) before fontconfig's fallback, by the chromium profile only")
    func standardFontAfterTheList() throws {
        // Noto Sans Hebrew has no Latin letters: Chromium 156 measures `statoverride` in a `div`
        // of `font-family: "Noto Sans Hebrew"` at 17 px as 80.25 px, Liberation Serif's width
        // (Noto Sans, fontconfig's next font for that family, gives it 96.59).
        let job = #"{"text":"statoverride","font":"Noto Sans Hebrew","glyphs":true%@}"#
        let answers = try Self.answers([job.replacingOccurrences(of: "%@", with: #","profile":"chromium""#),
                                        job.replacingOccurrences(of: "%@", with: "")])
        #expect(try Self.runFiles(answers[0]) == [Self.liberationSerif])
        guard case let .number(width, _)? = answers[0]["width"] else { throw TestFailure("no width in \(answers[0])") }
        #expect(abs(width - 80.25) < 1.0 / 64, "\(width)")
        let standard = try Self.runFiles(answers[1])
        #expect(standard.count == 1 && standard != [Self.liberationSerif], "the standard profile keeps fontconfig's order: \(standard)")
    }

    @Test("generic families are the browser's settings' (sans-serif is Arial: Liberation Sans), which genericFamilies changes; the font cache keeps the profiles apart")
    func genericFamilies() throws {
        let answers = try Self.answers([
            #"{"text":"statoverride","font":"sans-serif","glyphs":true,"profile":"chromium"}"#,
            #"{"text":"statoverride","font":"sans-serif","glyphs":true}"#,
            #"{"text":"statoverride","font":"sans-serif","glyphs":true,"profile":"chromium","genericFamilies":{"sans-serif":"DejaVu Sans"}}"#,
            #"{"text":"statoverride","font":"cursive, DejaVu Sans","glyphs":true,"profile":"chromium","genericFamilies":{"cursive":"No Such Family"}}"#,
        ])
        let alone = try Self.answers([#"{"text":"statoverride","font":"sans-serif","glyphs":true}"#])[0]
        #expect(try Self.runFiles(answers[0]) == ["/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf"])
        #expect(try Self.runFiles(answers[1]) == Self.runFiles(alone), "a standard job after a chromium one with the same font name gets its own fonts")
        #expect(try Self.runFiles(answers[1]) != Self.runFiles(answers[0]))
        #expect(try Self.runFiles(answers[2]).allSatisfy { $0.hasSuffix("/DejaVuSans.ttf") })
        #expect(answers[3]["warnings"] == .array([.string("no font has the family 'cursive (No Such Family)' of the font list: it is skipped")]))
    }

    @Test("a whole-pixel line gap goes below the descent but for its half's whole pixels above (LayoutNG's half-leading)")
    func halfLeadingOfARoundedGap() throws {
        let context = FontContext.shared
        let font = try context.font(path: Self.liberationSerif)
        let size = 17.0
        let ascent = font.metrics.ascent(size: size).rounded(), descent = font.metrics.descent(size: size).rounded()
        let gap = font.metrics.leading(size: size).rounded()
        #expect(gap == 1, "the case this test is for: an odd gap, which half-and-half would split into half pixels")
        let answer = try Self.answers([#"{"text":"abc","font":"\#(Self.liberationSerif)","profile":"chromium"}"#])[0]
        guard case let .array(lines)? = answer["lines"], let line = lines.first else { throw TestFailure("no lines in \(answer)") }
        #expect(line["height"] == .number(ascent + descent + gap, literal: ""))
        #expect(line["baseline"] == .number(ascent + (gap / 2).rounded(.down), literal: ""))
    }

    @Test("genericFamilies: bad values and profiles that do not read them are invalidJob naming the key", arguments: [
        (#"{"text":"x","genericFamilies":{"serif":"DejaVu Sans"}}"#, "'genericFamilies' is read by the 'chromium' profile"),
        (#"{"text":"x","profile":"chromium","genericFamilies":{"sans":"DejaVu Sans"}}"#, "unknown key 'genericFamilies.sans'"),
        (#"{"text":"x","profile":"chromium","genericFamilies":{"serif":"A, B"}}"#, "'genericFamilies.serif' must be one family name"),
        (#"{"text":"x","profile":"chromium","genericFamilies":"Arial"}"#, "'genericFamilies' must be an object of standard, serif, sans-serif"),
        (#"{"text":"x","profile":"chromium","genericFamilies":{"monospace":7}}"#, "'genericFamilies.monospace' must be a family name"),
    ])
    func badGenericFamilies(job: String, phrase: String) throws {
        let answer = try Self.answers([job])[0]
        #expect(answer["error"]?["code"] == .string("invalidJob"), "\(answer)")
        guard case let .string(message)? = answer["error"]?["message"] else { throw TestFailure("no message in \(answer)") }
        #expect(message.contains(phrase), "\(message)")
    }

    @Test("measure --generic-families takes the batch's object, and the standard profile refuses it (exit 2)")
    func commandLine() throws {
        let chromium = try runTextlayout(["measure", "--profile", "chromium", "--font", "sans-serif", "--generic-families", #"{"sans-serif": "DejaVu Sans"}"#, "statoverride"])
        #expect(chromium.status == 0 && chromium.output.contains("DejaVu Sans Book"), "\(chromium.output)\(chromium.error)")
        let standard = try runTextlayout(["measure", "--generic-families", #"{"serif": "DejaVu Sans"}"#, "x"])
        #expect(standard.status == 2 && standard.error.contains("--generic-families: 'genericFamilies' is read by the 'chromium' profile"), "\(standard.error)")
    }
}
