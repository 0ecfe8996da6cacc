// `hyphens` and its limits at the boundary: batch keys, "hyphen": true on lines, "warnings" in results, errors naming the key, and the CLI's options.
import Foundation
import Testing
import TextLayout
import TextLayoutIO
import TestSupport

@Suite("Hyphenation at the boundary")
struct HyphenationBoundaryTests {
    static let job = #"{"id":1,"text":"The hyphenation","width":100,"language":"en","hyphens":"auto","font":"\#(sansPath)"}"#

    @Test("a line that ends at a hyphen says \"hyphen\": true; other lines, and results without hyphens, say nothing")
    func hyphenOnLines() throws {
        let result = batchResult(Self.job)
        #expect(result.succeeded, "\(result.json)")
        let lines = try #require(foundationObject(result.json)?["lines"] as? [[String: Any]])
        #expect(lines.map { $0["hyphen"] as? Bool } == [true, nil])
        #expect(!result.json.contains("warnings"))
        let manual = batchResult(Self.job.replacingOccurrences(of: #""auto""#, with: #""manual""#))
        #expect(!manual.json.contains("hyphen\""), "\(manual.json)")
        // The default is manual: the same result as without the key, byte for byte.
        let absent = batchResult(Self.job.replacingOccurrences(of: #","hyphens":"auto""#, with: ""))
        #expect(absent.json == manual.json)
    }

    @Test("auto without patterns for the language succeeds, as manual, with one warning")
    func warningInResult() throws {
        let job = Self.job.replacingOccurrences(of: #""en""#, with: #""ja""#)
        let result = batchResult(job)
        #expect(result.succeeded, "\(result.json)")
        let warnings = try #require(foundationObject(result.json)?["warnings"] as? [String])
        #expect(warnings.count == 1 && warnings[0].contains("ja"), "\(warnings)")
        let manual = batchResult(job.replacingOccurrences(of: #""auto""#, with: #""manual""#))
        let lines = { (json: String) in foundationObject(json)?["lines"] as? [[String: Any]] }
        #expect(try #require(lines(result.json)).map { $0["end"] as? Int } == (try #require(lines(manual.json))).map { $0["end"] as? Int })
    }

    @Test("an unknown hyphens value or a limit below 1 is an error naming the key", arguments: [
        (#""hyphens":"sometimes""#, "hyphens", "invalidJob"), (#""hyphenMinWord":0"#, "hyphenMinWord", "invalidArgument"),
        (#""hyphenMinBefore":-1"#, "hyphenMinBefore", "invalidArgument"), (#""hyphenMinAfter":1.5"#, "hyphenMinAfter", "invalidJob"),
    ])
    func badValues(_ member: String, _ key: String, _ code: String) throws {
        let result = batchResult(#"{"text":"hyphenation",\#(member)}"#)
        #expect(!result.succeeded)
        let error = try #require(foundationObject(result.json)?["error"] as? [String: Any])
        #expect(error["code"] as? String == code && (error["message"] as? String)?.contains(key) == true, "\(error)")
    }

    @Test("the CLI: --hyphens auto marks hyphenated lines; a bad value exits 2 naming the option")
    func commandLine() throws {
        let run = try runTextlayout(["measure", "--width", "100", "--language", "en", "--hyphens", "auto", "The hyphenation"])
        #expect(run.status == 0, "\(run.error)")
        let lines = run.output.split(separator: "\n").filter { $0.hasPrefix("line ") }
        #expect(lines.map { $0.hasSuffix("+hyphen") } == [true, false], "\(run.output)")
        let json = try runTextlayout(["measure", "--width", "100", "--language", "en", "--hyphens", "auto", "--output-format", "json",
                                      "The hyphenation"])
        #expect(json.output.contains(#""hyphen":true"#), "\(json.output)")
        let bad = try runTextlayout(["measure", "--hyphens", "sometimes", "x"])
        #expect(bad.status == 2 && bad.error.contains("--hyphens"), "\(bad.error)")
        let limit = try runTextlayout(["measure", "--hyphen-min-word", "0", "x"])
        #expect(limit.status == 2 && limit.error.contains("hyphen-min-word"), "\(limit.error)")
    }
}
