import Foundation

extension XKCDTestServer {
    /// The most wikitext bytes one explainxkcd `action=query` answer carries (MediaWiki's
    /// `$wgAPIMaxResultSize`, 8 MiB by default); the pages past it are left for `rvcontinue`.
    /// One page's wikitext is always sent, however large.
    package var explainMaxResultSize: Int {
        get { core.state.withLock { $0.content.explainMaxResultSize } }
        set { core.state.withLock { $0.content.explainMaxResultSize = newValue } }
    }

    /// explainxkcd `action=query` requests answered normally since start or `resetCounters()`:
    /// those that met a fault other than `.delay` are not counted (`requestLog` holds every
    /// request target, query string included).
    package var explainQueryCount: Int {
        core.state.withLock { $0.explainQueryCount }
    }

    /// Stops serving comic `num`'s page: the wiki has none for it.
    package func withdrawExplanation(_ num: Int) {
        core.state.withLock { _ = $0.content.explanations.removeValue(forKey: num) }
    }

    /// Serves a generated explainxkcd page (``ExplainPageGenerator``) for every comic in the
    /// archive that has no page yet, so pages set before (real fixtures) stay. Comics
    /// published later get one only from another call.
    package func serveGeneratedExplanations() {
        let (archive, existing) = core.state.withLock { ($0.content.archive, Set($0.content.explanations.keys)) }
        let vocabulary = ExplainVocabulary(archive: archive)
        var pages: [Int: (title: String, wikitext: String)] = [:]
        for (num, body) in archive.bodies where !existing.contains(num) {
            pages[num] = ExplainPageGenerator.page(for: num, comicJSON: body, vocabulary: vocabulary)
        }
        core.state.withLock { state in
            for (num, page) in pages where state.content.explanations[num] == nil {
                state.content.explanations[num] = page
            }
        }
    }
}
