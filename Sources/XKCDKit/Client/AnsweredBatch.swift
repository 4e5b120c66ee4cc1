/// A batch whose every URL is already answered, as when libcurl cannot be loaded.
struct AnsweredBatch: RequestBatch {
    func cancel() {}
    func releasePlace() {}
}
