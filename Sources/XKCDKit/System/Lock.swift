#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#else
    import Darwin
#endif

/// A value guarded by a `pthread_mutex_t`, with the shape of `Synchronization.Mutex`.
///
/// On Linux, a contended `Mutex` is handed over by the kernel (a priority-inheriting futex),
/// out of ThreadSanitizer's sight: it then reports races between code that holds the lock on
/// both sides. ThreadSanitizer intercepts `pthread_mutex_lock` and `pthread_mutex_unlock`, so it
/// sees this lock's order and reports only real races.
package final class Lock<Value>: @unchecked Sendable {
    // Both out of line: a pthread mutex must not move while in use, and the value is reached
    // through a pointer, as `Mutex` reaches its own, not as a stored property whose accesses
    // ThreadSanitizer checks apart from the lock (it reports them when `Value` is empty).
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let value: UnsafeMutablePointer<Value>

    package init(_ initialValue: sending Value) {
        value = .allocate(capacity: 1)
        value.initialize(to: initialValue)
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Runs `body` with the value, holding the lock.
    package func withLock<Result, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }
}
