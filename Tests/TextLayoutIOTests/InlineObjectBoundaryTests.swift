// Inline objects at the boundary: the reader of one object and of the `placeholders` list, the batch's and measure's keys and results, and their errors.
import Foundation
import Testing
import TextLayout
import TextLayoutIO
import TestSupport

@Suite("Inline objects at the boundary")
struct InlineObjectBoundaryTests {
    @Test("an object reads its size, its alignment (baseline when absent) and its baseline")
    func readsObjects() throws {
        let objects = try InlineObject.readList(parseJSON(#"[{"width":24,"height":20,"align":"middle"},{"width":8.5,"height":30,"baseline":22},{"width":0,"height":0}]"#),
                                                code: .invalidJob)
        #expect(objects == [InlineObject(width: 24, height: 20, align: .middle),
                            InlineObject(width: 8.5, height: 30, align: .baseline, baseline: 22),
                            InlineObject(width: 0, height: 0)])
        #expect(try InlineObject.readList(nil, code: .invalidJob).isEmpty)
        #expect(try InlineObject.readList(.null, code: .invalidJob).isEmpty)
    }

    @Test("a bad object is an error that names its key; a size out of range is the engine's invalidArgument",
          arguments: [(#"[{"width":24,"height":24},{"width":-1,"height":3}]"#, "invalidArgument", "placeholders[1].width"),
                      (#"[{"width":24,"height":1e300}]"#, "invalidArgument", "placeholders[0].height"),
                      (#"[{"width":24,"height":24,"baseline":-2e6}]"#, "invalidArgument", "placeholders[0].baseline"),
                      (#"[{"width":24,"height":24,"align":"center"}]"#, "invalidJob", "placeholders[0].align"),
                      (#"[{"width":24}]"#, "invalidJob", "placeholders[0]"),
                      (#"[{"width":24,"height":24,"depth":3}]"#, "invalidJob", "placeholders[0].depth"),
                      (#"[{"width":"24","height":24}]"#, "invalidJob", "placeholders[0].width"),
                      (#"[3]"#, "invalidJob", "placeholders[0]"),
                      (#"{"width":24,"height":24}"#, "invalidJob", "placeholders")])
    func badObjects(_ list: String, _ code: String, _ key: String) throws {
        let value = try parseJSON(list)
        do throws(BoundaryError) {
            _ = try InlineObject.readList(value, code: .invalidJob)
            Issue.record("\(list) was read")
        } catch {
            #expect(error.code.rawValue == code, "\(error)")
            #expect(error.message.contains("'\(key)"), "\(error.message)")
            if code == "invalidArgument" || key.hasSuffix(".align") { #expect(error.keys == [key]) }
            if key.hasSuffix(".align") {
                #expect(InlineObjectAlignment.allCases.allSatisfy { error.message.contains($0.rawValue) }, "lists the values: \(error.message)")
            }
        }
    }
}
