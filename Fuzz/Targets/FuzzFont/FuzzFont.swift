// libFuzzer entry of the font target: runs FuzzChecks.font on each input and traps when it reports a problem.
import TextLayoutFuzzing

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFont(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzChecks.fuzzOne("font", data, size)
}
