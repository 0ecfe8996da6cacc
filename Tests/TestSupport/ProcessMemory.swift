// A process's memory as Linux reports it in /proc/<pid>/status, for the tests that bound it.
import Foundation

/// A memory field of /proc/`pid`/status in bytes (of the test process itself when `pid` is nil):
/// `VmHWM` the peak resident memory, `VmRSS` the current, `RssAnon` the anonymous part of it (heap,
/// stacks), `RssFile` the file-backed part (mapped fonts, data, code). Nil when the process or
/// the field is gone.
public func processMemory(_ field: String, pid: Int32? = nil) -> Int? {
    let path = pid.map { "/proc/\($0)/status" } ?? "/proc/self/status"
    guard let status = try? String(contentsOfFile: path, encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
          let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return nil }
    return kilobytes << 10
}
