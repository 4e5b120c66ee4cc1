#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive lock (flock) on a lock file, held by one process at a time until this value
/// goes. The lock file stays: removing it would let two processes lock two different files.
final class FileLock: Sendable {
    private let descriptor: Int32

    /// Why a lock could not be waited for: its file could not be made, or not locked.
    struct Failure: Error {
        let making: Bool
        let code: Int32
    }

    /// Waits for the lock on `path`.
    init(waitingFor path: String) throws(Failure) {
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Failure(making: true, code: errno) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                let code = errno
                close(descriptor)
                throw Failure(making: false, code: code)
            }
        }
    }

    /// The lock on `path` if no other process holds it; nil while one does. A lock file that
    /// cannot be made or locked guards nothing: the lock is given, holding nothing. A lock held
    /// for a moment (``isHeld(_:)`` asking) is waited out: it is asked again a few times.
    init?(ifFree path: String) {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        var tries = 0
        while descriptor >= 0, flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            if errno == EINTR { continue }
            if errno == EWOULDBLOCK, tries < 5 {
                tries += 1
                usleep(2_000)
                continue
            }
            let held = errno == EWOULDBLOCK
            close(descriptor)
            if held { return nil }
            self.descriptor = -1
            return
        }
        self.descriptor = descriptor
    }

    /// Whether some holder has the lock on `path` now, asked without making the lock file (a
    /// data directory may be read-only): a shared lock, taken and given back at once, is
    /// refused while it is held.
    static func isHeld(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_SH | LOCK_NB) != 0 {
            guard errno == EINTR else { return errno == EWOULDBLOCK }
        }
        flock(descriptor, LOCK_UN)
        return false
    }

    /// Holds nothing: for a store in memory, which no other process sees.
    private init() {
        descriptor = -1
    }

    static let none = FileLock()

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }
}
