// libFuzzer entry of the editor target: runs FuzzChecks.editor on each input and traps when it reports a problem.
import TextLayoutFuzzing

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEditor(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzChecks.fuzzOne("editor", data, size)
}
