// libFuzzer entry of the font target: runs FuzzChecks.font on each input and traps when it reports a problem.
import Foundation
import TextLayoutFuzzing

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFont(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let problems = FuzzChecks.font(bytes)
    if !problems.isEmpty {
        FileHandle.standardError.write(Data((problems.prefix(10).joined(separator: "\n") + "\n").utf8))
        fatalError("FuzzChecks.font found \(problems.count) problem(s)")
    }
    return 0
}
