// Checks the batch's `fit`: the result is the job laid out at its fitted size, that size fits and one step above does not, the answer is the engine's, and the keys are reported.
import Testing
import TextLayout
import TextLayoutIO
import TestSupport

@Suite("Fit requests")
struct FitRequestTests {
    static let jobs = [
        #"{"text":"Start your free trial today, cancel any time","width":160,"fit":{"maxLines":2,"minSize":10,"maxSize":24}}"#,
        #"{"text":"Fit this title","width":120,"fit":{"maxHeight":40,"minSize":8,"maxSize":30}}"#,
        #"{"text":"ef cd op ij 日本 日本","font":"DejaVu Sans, Noto Sans CJK JP","width":90,"fit":{"maxHeight":40,"minSize":10,"maxSize":20,"step":0.25}}"#,
        #"{"text":"Settings live in /etc/pam.d/common-auth on the server.","profile":"chromium","width":150,"insets":{"left":10,"right":10},"fit":{"maxLines":3,"minSize":8,"maxSize":20,"step":0.5}}"#,
        #"{"text":"A name with a span","width":200,"spans":[{"start":2,"end":6,"size":20}],"fit":{"maxLines":1,"minSize":4,"maxSize":30,"step":1}}"#,
    ]

    static func measured(_ request: LayoutRequest, size: Double) throws -> EditorMeasurement {
        var plain = request
        plain.fit = nil
        plain.settings.text.size = size
        return try plain.measure(in: bundledFonts).measurement
    }

    static func keepsWithin(_ measurement: EditorMeasurement, _ fit: FontSizeFit) -> Bool {
        measurement.lineCount <= (fit.maxLines ?? .max) && measurement.contentHeight <= (fit.maxHeight ?? .infinity)
    }

    @Test("the result is the layout at fittedSize, which fits, and one step above does not; every grid size scanned agrees", arguments: jobs)
    func fittedSizeFits(_ line: String) throws {
        let request = try LayoutRequest(job: try parseJSON(line))
        let fit = try #require(request.fit)
        let result = try request.measure(in: bundledFonts)
        let size = try #require(result.fittedSize)
        #expect(result.fits == true)
        let at = try Self.measured(request, size: size)
        #expect(at == result.measurement)
        #expect(Self.keepsWithin(at, fit))
        if size < fit.maxSize { #expect(try !Self.keepsWithin(Self.measured(request, size: size + fit.step), fit)) }
        let scanned = try stride(from: fit.lastIndex, through: 0, by: -1).map(fit.size(at:)).first { try Self.keepsWithin(Self.measured(request, size: $0), fit) }
        #expect(scanned == size)
    }

    @Test("the batch writes fittedSize and fits after the widths; fits false with the smallest size when none fits")
    func batchKeys() throws {
        let fitting = batchResult(Self.jobs[0])
        #expect(fitting.succeeded)
        #expect(fitting.json.contains(#""isScrollable":false,"fittedSize":13.75,"fits":true,"lines""#), "\(fitting.json)")
        let none = batchResult(#"{"text":"Supercalifragilisticexpialidocious words","width":100,"fit":{"maxLines":1,"minSize":30,"maxSize":40}}"#)
        let object = try #require(foundationObject(none.json))
        #expect(object["fittedSize"] as? Double == 30 && object["fits"] as? Bool == false)
        #expect(object["lineCount"] as? Int ?? 0 > 1)
    }
}
