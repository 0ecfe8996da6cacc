// A batch job's answer depends on the job alone: the same bytes alone in a fresh layouter as after any other jobs, refused ones among them, whatever the caches hold.
import Foundation
import Testing
import TextLayout
import TextLayoutIO
import TestSupport

@Suite("Batch answers independent of order")
struct BatchOrderIndependenceTests {
    static let interFolder = "/usr/share/fonts/truetype/inter-vf"
    static let inter = interFolder + "/Inter.var.ttf"

    /// A context of its own, caches empty: the bundled fonts and Inter's variable font.
    static func freshContext() -> FontContext {
        FontContext(fontDirectories: [interFolder, FontContext.bundledFontsDirectory!], includeSystemFonts: false)
    }

    /// Jobs that share every key but one, which is absent in one, set in another and refused in a
    /// third: each key that takes part in a cache key (the batch's font names, the context's
    /// instances, the prepared texts, the word cache), with "glyphs" so that a result names its
    /// fonts, their axes and what is synthesized. (id, the job's other keys, whether it is refused.)
    static let jobs: [(id: String, keys: String, refused: Bool)] = [
        ("plain", "", false),
        ("weight 0", #""weight":0"#, true),
        ("weight -0", #""weight":-0"#, true),
        ("weight 1001", #""weight":1001"#, true),
        ("weight 400", #""weight":400"#, false),
        ("weight 700", #""weight":700"#, false),
        ("weight 700, synthesis none", #""weight":700,"synthesis":"none""#, false),
        ("weight 700, synthesis []", #""weight":700,"synthesis":[]"#, false),
        ("synthesis weight style", #""synthesis":"weight style""#, false),
        ("synthesis bad word", #""synthesis":"bold""#, true),
        ("stretch 100", #""stretch":100"#, false),
        ("stretch 0", #""stretch":0"#, true),
        ("fontStyle normal", #""fontStyle":"normal""#, false),
        ("fontStyle italic", #""fontStyle":"italic""#, false),
        ("oblique 0", #""fontStyle":"oblique 0deg""#, false),
        ("oblique -0", #""fontStyle":"oblique -0deg""#, false),
        ("oblique 91", #""fontStyle":"oblique 91deg""#, true),
        ("variations {}", #""variations":{}"#, false),
        ("variations wght 0", #""variations":{"wght":0}"#, false),
        ("variations bad tag", #""variations":{"wg":1}"#, true),
        ("font empty", #""font":"""#, false),
        ("font spaces", #""font":"  ""#, false),
        ("font unknown", #""font":"No Such Family Xyzzy""#, true),
        ("font list", #""font":"No Such Family Xyzzy, DejaVu Sans Mono""#, false),
        ("font list malformed", #""font":"DejaVu Sans Mono,""#, true),
        ("Inter", #""font":"\#(inter)""#, false),
        ("Inter weight 0", #""font":"Inter","weight":0"#, true),
        ("Inter weight 650", #""font":"Inter","weight":650"#, false),
        ("Inter wght 0", #""font":"Inter","variations":{"wght":0}"#, false),
        ("Inter oblique 0", #""font":"Inter","fontStyle":"oblique 0deg""#, false),
        ("Inter oblique -0", #""font":"Inter","fontStyle":"oblique -0deg""#, false),
        ("Inter size 12", #""font":"Inter","size":12"#, false),
        ("size 0", #""size":0"#, true),
        ("size 17", #""size":17"#, false),
        ("profile chromium", #""profile":"chromium""#, false),
        ("profile pango", #""profile":"pango""#, false),
        ("sans-serif", #""font":"sans-serif""#, false),
        ("sans-serif, chromium", #""font":"sans-serif","profile":"chromium""#, false),
        ("sans-serif, chromium, DejaVu Sans Mono", #""font":"sans-serif","profile":"chromium","genericFamilies":{"sans-serif":"DejaVu Sans Mono"}"#, false),
        ("genericFamilies, standard", #""font":"sans-serif","genericFamilies":{"sans-serif":"DejaVu Sans Mono"}"#, true),
        ("profile unknown", #""profile":"webkit""#, true),
        ("language empty", #""language":"""#, true),
        ("language en", #""language":"en""#, false),
        ("width 100", #""width":100"#, false),
        ("width -5", #""width":-5"#, true),
        ("span weight 0", #""spans":[{"start":0,"end":1,"weight":0}]"#, true),
        ("span weight 700", #""spans":[{"start":0,"end":1,"weight":700}]"#, false),
        ("span plain", #""spans":[{"start":0,"end":1}]"#, false),
        ("span outside", #""spans":[{"start":0,"end":9}]"#, true),
    ]

    static var lines: [String] {
        jobs.map { #"{"id":\#(jsonString($0.id)),"text":"ab","glyphs":true\#($0.keys.isEmpty ? "" : ",")\#($0.keys)}"# }
    }

    @Test("each job gives the same bytes alone in a fresh layouter and after any of the others, in any order")
    func answersDependOnTheJobAlone() throws {
        let lines = Self.lines
        let alone = lines.map { batchResult($0, layouter: BatchLayouter(fonts: Self.freshContext())) }
        // The set tells its jobs apart: each refused job is refused alone, each other one laid out.
        for (job, result) in zip(Self.jobs, alone) {
            #expect(result.succeeded == !job.refused, "\(job.id) alone: \(result.json)")
        }
        let weightZero = try #require(foundationObject(alone[1].json)?["error"] as? [String: Any])
        #expect(weightZero["code"] as? String == "invalidArgument", "weight 0 is refused on its own: \(weightZero)")

        // One layouter, its caches filling: the jobs in order, backwards, then shuffled.
        let layouter = BatchLayouter(fonts: Self.freshContext())
        var random = SplitMix(seed: 39)
        var orders = [Array(lines.indices), Array(lines.indices.reversed())]
        for _ in 0..<4 { orders.append(Array(lines.indices).shuffled(using: &random)) }
        for (round, order) in orders.enumerated() {
            for index in order {
                let answer = batchResult(lines[index], layouter: layouter)
                #expect(answer.json == alone[index].json, "round \(round): '\(Self.jobs[index].id)' after other jobs gave\n\(answer.json)\nalone\n\(alone[index].json)")
            }
        }
    }

    @Test("the example of the weight: refused alone, refused after a plain job")
    func weightZeroAfterAPlainJob() {
        let layouter = BatchLayouter(fonts: Self.freshContext())
        let answers = [#"{"id":"w0","text":"a","weight":0}"#, #"{"id":"plain","text":"a"}"#, #"{"id":"w0-again","text":"a","weight":0}"#]
            .map { batchResult($0, layouter: layouter) }
        #expect(answers.map(\.succeeded) == [false, true, false], "\(answers.map(\.json))")
        #expect(answers[2].json == answers[0].json.replacingOccurrences(of: #""id":"w0""#, with: #""id":"w0-again""#), "\(answers[2].json)")
    }
}
