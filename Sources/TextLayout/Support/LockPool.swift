// A fixed pool of mutexes shared by objects too numerous to own one each (a text's paragraphs).
import Glibc

/// Mutexes for objects that each guard a little rarely-written state but come by the million (a
/// text with a million newlines has a million paragraphs): rather than a mutex each, an object
/// locks the one of a fixed pool that its address picks. Two objects that pick the same mutex
/// only wait for each other, and only while one of them holds it.
///
/// The mutexes are `pthread_mutex_t`s, as in ``Locked``, so that ThreadSanitizer sees them.
package enum LockPool {
    private static let sizeBits = 6
    private static let size = 1 << sizeBits
    nonisolated(unsafe) private static let mutexes: UnsafeMutablePointer<pthread_mutex_t> = {
        let mutexes = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: size)
        for i in 0..<size {
            (mutexes + i).initialize(to: pthread_mutex_t())
            pthread_mutex_init(mutexes + i, nil)
        }
        return mutexes
    }()

    /// Runs `body` holding the pool's mutex for `object` (always the same one for the same object).
    /// `body` must not lock the pool again: the mutex is not recursive.
    package static func withLock<Result>(for object: AnyObject, _ body: () throws -> Result) rethrows -> Result {
        let address = UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
        // Fibonacci hashing: the top bits of the product spread neighbouring addresses over the pool.
        let mutex = mutexes + Int((UInt64(address) &* 0x9E37_79B9_7F4A_7C15) >> (64 - sizeBits))
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
