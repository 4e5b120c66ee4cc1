import Testing

/// `task`'s value, waited for as long as a loaded machine may need: under the sanitizers,
/// blocked test threads can hold up an async test for minutes, so `patience` is a bound on a
/// wait that should end, not a measure of speed. Gives nil and records `comment` if `task` has
/// not finished by then (it runs on): a test whose only other bound is a timeout far beyond
/// its patience fails here when a cancel did not end what it had to.
func waitPatiently<Success: Sendable, Failure: Error>(
    for task: Task<Success, Failure>, patience: Duration = .seconds(600), _ comment: Comment,
    sourceLocation: SourceLocation = #_sourceLocation
) async throws(Failure) -> Success? {
    let (first, finish) = AsyncStream<Result<Success, Failure>?>.makeStream()
    Task { finish.yield(await task.result) }
    let timer = Task {
        try await Task.sleep(for: patience)
        finish.yield(nil)
    }
    var results = first.makeAsyncIterator()
    let result = await results.next() ?? nil
    timer.cancel()
    finish.finish()
    guard let result else {
        Issue.record(comment, sourceLocation: sourceLocation)
        return nil
    }
    return try result.get()
}
