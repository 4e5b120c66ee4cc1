#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The address of one request to explainxkcd's batch API: the pages of up to
/// ``maxTitles`` comics, following redirects (`353` → `353: Python`), with `maxlag` so a
/// lagging wiki can ask us to wait. A pure function.
package enum ExplainBatchQuery {
    /// The most titles MediaWiki takes in one request from a client without bot rights.
    package static let maxTitles = 50
    /// Seconds of replication lag past which the wiki answers `maxlag` instead of serving.
    static let maxLag = 5

    /// `explainURL/wiki/api.php?action=query&prop=revisions&rvprop=content&titles=…`, plus the
    /// fields of a `continue` object when asking for the rest of an answer.
    package static func url(explainURL: URL, numbers: [Int], continuation: [(key: String, value: String)] = []) -> URL?
    {
        var components = URLComponents(
            url: explainURL.appendingPathComponent("wiki/api.php"), resolvingAgainstBaseURL: false)
        var items = [
            URLQueryItem(name: "action", value: "query"), URLQueryItem(name: "prop", value: "revisions"),
            URLQueryItem(name: "rvprop", value: "content"),
            URLQueryItem(name: "titles", value: numbers.prefix(maxTitles).map(String.init).joined(separator: "|")),
            URLQueryItem(name: "redirects", value: "1"), URLQueryItem(name: "format", value: "json"),
            URLQueryItem(name: "maxlag", value: String(maxLag)),
        ]
        items += continuation.map { URLQueryItem(name: $0.key, value: $0.value) }
        components?.queryItems = items
        return components?.url
    }
}
