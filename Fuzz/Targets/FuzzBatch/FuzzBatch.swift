// libFuzzer entry of the batch target: runs FuzzChecks.batch on each input and traps when it reports a problem.
import TextLayoutFuzzing

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBatch(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzChecks.fuzzOne("batch", data, size)
}
