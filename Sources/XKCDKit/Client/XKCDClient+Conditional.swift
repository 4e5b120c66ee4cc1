#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension XKCDClient {
    /// The newest comic unless it is unchanged since `validators`: the request carries
    /// If-None-Match for a known ETag and If-Modified-Since for a known Last-Modified (see
    /// ``HTTPValidators/conditionalHeaders``), and the server's 304 is `.notModified`.
    ///
    /// With no usable validators the request is unconditional, and a 304 to it is a server
    /// error rather than "nothing changed". A 404 throws what ``latest()`` throws; other
    /// statuses but 200 throw ``XKCDError/httpStatus(_:url:)``.
    func latest(ifChangedSince validators: HTTPValidators) async throws -> NewestLookup {
        let conditions = validators.conditionalHeaders
        let response = try await get(newestURL, headers: conditions)
        switch response.status {
        case 200:
            let comic = try ComicPayload.decode(response.body, expected: nil)
            return .found(comic, HTTPValidators(responseHeaders: response.headers))
        case 304 where !conditions.isEmpty:
            return .notModified
        case 404:
            throw noNewestComic
        default:
            throw XKCDError.httpStatus(response.status, url: newestURL.absoluteString)
        }
    }
}

/// What a conditional request for the newest comic found.
enum NewestLookup: Sendable, Equatable {
    /// HTTP 304: the newest comic has not changed since the validators given.
    case notModified
    /// HTTP 200: the newest comic, with the validators of this response.
    case found(Comic, HTTPValidators)
}
