/// What a conditional request for the newest comic found.
package enum NewestLookup: Sendable, Equatable {
    /// HTTP 304: the newest comic has not changed since the validators given.
    case notModified
    /// HTTP 200: the newest comic, with the validators of this response.
    case found(Comic, HTTPValidators)
}
