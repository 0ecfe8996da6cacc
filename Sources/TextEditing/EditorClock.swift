// The clock an editor reads the time from: injected, so that tests and replayed sessions move time without sleeping.
import TextLayout

/// A source of the current time in seconds, on a scale that never goes back.
///
/// The editor reads ``now`` when text changes (to debounce live validation) and when it is asked
/// to run what is due (``EditorModel/tick()``). Inject ``ManualClock`` in tests and replayed
/// sessions; use ``SystemClock`` in apps.
public protocol EditorClock {
    /// The current time in seconds.
    var now: Double { get }
}

/// A clock that moves only when told to.
public final class ManualClock: EditorClock {
    /// The current time in seconds; starts at the value given to `init`.
    public private(set) var now: Double

    public init(now: Double = 0) {
        self.now = now
    }

    /// Moves the time forward.
    /// - Throws: ``EditorError`` `.invalidArgument` when `seconds` is negative or not finite; the
    ///   time is then unchanged.
    public func advance(by seconds: Double) throws(EditorError) {
        guard seconds.isFinite, seconds >= 0 else {
            throw EditorError(.invalidArgument, "time can only move forward: advance by a finite number of seconds of at least 0, got \(plainNumber(seconds))")
        }
        now += seconds
    }
}

/// The system's monotonic clock (`ContinuousClock`), in seconds since the clock was made.
public struct SystemClock: EditorClock {
    private let origin = ContinuousClock.now

    public init() {}

    public var now: Double {
        let elapsed = (ContinuousClock.now - origin).components
        return Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
    }
}
