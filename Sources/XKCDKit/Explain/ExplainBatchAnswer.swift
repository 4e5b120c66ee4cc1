#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One answer of explainxkcd's batch API (MediaWiki 1.30 `action=query&prop=revisions`,
/// `format=json`), read into pages by comic number. A pure value.
///
/// `query.redirects` maps the numbers asked (`"353"`) to page titles (`"353: Python"`);
/// `query.pages` holds each page by id, with its wikitext in `revisions[0]["*"]`, or, for a
/// page that does not exist, `"missing": ""` under a negative id. A page listed without
/// `revisions` has its text in a later answer, asked for with the `continue` object's fields.
struct ExplainBatchAnswer: Equatable {
    /// The pages whose text arrived, one per comic asked for.
    var pages: [ExplainPage] = []
    /// The fields to add to the request for the rest of the text; nil when the batch is complete.
    var continuation: [(key: String, value: String)]?
    /// Whether the server asked to be left alone for a while (`maxlag`).
    var lagged = false

    static func == (lhs: ExplainBatchAnswer, rhs: ExplainBatchAnswer) -> Bool {
        lhs.pages == rhs.pages && lhs.lagged == rhs.lagged
            && lhs.continuation?.map(\.key) == rhs.continuation?.map(\.key)
            && lhs.continuation?.map(\.value) == rhs.continuation?.map(\.value)
    }

    /// Reads `body`, the answer to a request for the pages of `asked`.
    static func parse(_ body: Data, asked: [Int]) throws -> ExplainBatchAnswer {
        let document: JSONValue
        do {
            document = try JSONReader.parse(body)
        } catch {
            throw XKCDError.badData("explainxkcd sent something that is not JSON")
        }
        var answer = ExplainBatchAnswer()
        if let error = document["error"] {
            guard error["code"]?.string == "maxlag" else {
                let info = TerminalSanitizer.brief(error["info"]?.string ?? "unknown error", limit: 80)
                throw XKCDError.badData("explainxkcd refused the request: \(info)")
            }
            answer.lagged = true
            return answer
        }
        guard let query = document["query"] else {
            throw XKCDError.badData("explainxkcd sent JSON that is not a query answer")
        }
        let numbers = Self.numbersByTitle(query, asked: Set(asked))
        if case let .object(pages)? = query["pages"] {
            for (_, page) in pages {
                guard let title = page["title"]?.string, let nums = numbers[title] else { continue }
                // A page that does not exist (`missing`, `invalid`) has no text: the client counts
                // every comic whose text did not come as missing.
                if let text = page["revisions"]?.array?.first.flatMap({
                    $0["*"]?.string ?? $0["content"]?.string
                }) {
                    let wikitext = ComicPayload.withoutNUL(text)
                    answer.pages += nums.map {
                        ExplainPage(num: $0, title: ComicPayload.withoutNUL(title), wikitext: wikitext)
                    }
                }
            }
        }
        if case let .object(fields)? = document["continue"] {
            answer.continuation = fields.compactMap { key, value in
                value.string.map { (key: key, value: $0) } ?? value.integer.map { (key, String($0)) }
            }
        }
        answer.pages.sort { $0.num < $1.num }
        return answer
    }

    // Which asked-for comics each page title stands for: a title asked as a number, followed
    // through `normalized` and `redirects`; or the number a page title starts with (`353: …`).
    private static func numbersByTitle(_ query: JSONValue, asked: Set<Int>) -> [String: [Int]] {
        var target: [String: String] = [:]
        for list in ["normalized", "redirects"] {
            for entry in query[list]?.array ?? [] {
                if let from = entry["from"]?.string, let to = entry["to"]?.string { target[from] = to }
            }
        }
        var numbers: [String: [Int]] = [:]
        for num in asked.sorted() {
            var title = String(num)
            var steps = 0
            while let next = target[title], steps < 4 {
                title = next
                steps += 1
            }
            numbers[title, default: []].append(num)
        }
        if case let .object(pages)? = query["pages"] {
            for (_, page) in pages {
                guard let title = page["title"]?.string, numbers[title] == nil,
                    let num = Int(title.prefix { $0.isASCII && $0.isNumber }), asked.contains(num)
                else { continue }
                numbers[title] = [num]
            }
        }
        return numbers
    }
}
