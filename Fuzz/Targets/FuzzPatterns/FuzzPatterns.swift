// libFuzzer entry of the patterns target: runs FuzzChecks.patterns on each input and traps when it reports a problem.
import TextLayoutFuzzing

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPatterns(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzChecks.fuzzOne("patterns", data, size)
}
