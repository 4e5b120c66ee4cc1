#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Comics (with their search text) and numbers found absent, written together.
struct ComicBatch: Sendable {
    var comics: [Comic] = []
    var documents: [SearchDocument] = []
    var absent: [Int] = []
    /// When they were fetched.
    var date: Date

    /// Adds `other`'s comics and numbers (the later date wins).
    mutating func append(_ other: ComicBatch) {
        comics += other.comics
        documents += other.documents
        absent += other.absent
        date = max(date, other.date)
    }
}
