// libFuzzer entry of the text target: runs FuzzChecks.text on each input and traps when it reports a problem.
import TextLayoutFuzzing

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzText(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzChecks.fuzzOne("text", data, size)
}
