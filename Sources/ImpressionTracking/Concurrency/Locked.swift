#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif os(Windows)
import WinSDK
#endif

/// A value behind an operating-system mutex: the shared state of the few types that are
/// touched from more than one task without an actor (``ManualClock``, the tick, the
/// subscriptions' termination notes).
///
/// It wraps `pthread_mutex_t` (an `SRWLOCK` on Windows), as swift-nio's `NIOLock` does,
/// rather than `Synchronization.Mutex`: Thread Sanitizer intercepts pthread calls and so
/// sees the ordering this lock gives, while on Linux it cannot see inside `Mutex` and
/// reports races between threads that take turns under it.
///
/// - Important: Never resume a continuation, or call out to code that may take the
///   same lock, inside ``withLock(_:)``: return what to do and do it after.
final class Locked<Value>: @unchecked Sendable {
    // @unchecked: every access to `value` is inside `withLock`, under `mutex`.
    #if os(Windows)
    private let mutex = UnsafeMutablePointer<SRWLOCK>.allocate(capacity: 1)
    #else
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    #endif
    private var value: Value

    init(_ value: Value) {
        self.value = value
        #if os(Windows)
        InitializeSRWLock(mutex)
        #else
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
        #endif
    }

    deinit {
        #if !os(Windows)
        pthread_mutex_destroy(mutex)
        #endif
        mutex.deallocate()
    }

    /// Runs `body` with the value, holding the lock.
    func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        #if os(Windows)
        AcquireSRWLockExclusive(mutex)
        defer { ReleaseSRWLockExclusive(mutex) }
        #else
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        #endif
        return try body(&value)
    }
}
