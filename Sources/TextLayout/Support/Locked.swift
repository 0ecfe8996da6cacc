// State behind a POSIX mutex, for the caches and tables that threads share.
import Glibc
import Synchronization

/// A value only reached with its lock held.
///
/// Synchronization's `Mutex` does the same, but on Linux ThreadSanitizer does not see its futex,
/// so every access under it is reported as a race and real races drown among them. The lock here
/// is a `pthread_mutex_t`, which ThreadSanitizer understands; uncontended, it costs the same.
package final class Locked<State> {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var state: State

    package init(_ state: State) {
        LockedInstances.counter?.created.add(1, ordering: .relaxed)
        self.state = state
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` on the state with the lock held.
    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }
}

/// Threads may share a `Locked` only when the state may cross threads: the lock serialises access
/// to the state, but a non-Sendable state (a class another thread also holds) could still be
/// reached around it.
extension Locked: @unchecked Sendable where State: Sendable {}

/// Counts the ``Locked`` values, each a mutex, made in a task while it binds ``counter``: a test
/// holds that preparing a text makes only a few, however many paragraphs it has (other tasks'
/// locks, made meanwhile, are not counted).
package enum LockedInstances {
    package final class Counter: Sendable {
        package let created = Atomic<Int>(0)
        package init() {}
    }

    @TaskLocal package static var counter: Counter?
}
