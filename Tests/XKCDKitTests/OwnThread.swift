import Foundation

/// Runs `body` with a thread of its own as the preferred executor: timing expectations then
/// hold even while other suites block the few threads of the shared pool (sleeps, waiting
/// for processes). Measure inside `body`: leaving it may wait for the shared pool.
func onOwnThread<T: Sendable>(_ body: () async throws -> T) async rethrows -> T {
    if #available(macOS 15, *) {
        return try await withTaskExecutorPreference(OwnThreadExecutor()) { try await body() }
    }
    return try await body()
}

/// An unstructured task that prefers a thread of its own (see ``onOwnThread(_:)``).
func ownThreadTask<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) -> Task<T, any Error> {
    if #available(macOS 15, *) {
        return Task(executorPreference: OwnThreadExecutor()) { try await body() }
    }
    return Task { try await body() }
}

/// A task executor running jobs on a serial dispatch queue, outside the cooperative pool.
@available(macOS 15, *)
final class OwnThreadExecutor: TaskExecutor {
    private let queue = DispatchQueue(label: "CurlTransportTests.OwnThreadExecutor")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
