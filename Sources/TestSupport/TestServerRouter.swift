import Foundation

/// Maps a request to a response from the content being served.
///
/// Routes: `GET|HEAD /info.0.json` (the newest comic) and `GET|HEAD /N/info.0.json`
/// (comic N, or 404 when absent). Everything else is 404; other methods get 405.
/// Comic responses carry ETag and Last-Modified and honour If-None-Match and
/// If-Modified-Since with 304. `/imgs/…` serves images and `/wiki/api.php` explainxkcd's
/// parse API (`action=parse`) and batch query API (`action=query`, see ``ExplainQueryResponder``).
struct TestServerRouter: Sendable {
    /// What a request path names.
    enum Route: Equatable {
        case newestComic
        case comic(Int)
        case image(String)
        case wikiAPI
        case notFound
    }

    /// The response to `request` given `content`.
    func response(to request: HTTPRequest, content: ServedContent) -> HTTPResponse {
        guard request.method == "GET" || request.method == "HEAD" else {
            return .errorPage(405, extraHeaders: [("Allow", "GET, HEAD")])
        }
        switch route(request.path) {
        case .newestComic:
            guard let newest = content.newest, let entry = content.entries[newest] else {
                return .errorPage(404)
            }
            return comicResponse(entry, request: request, content: content)
        case .comic(let num):
            guard let entry = content.entries[num] else { return .errorPage(404) }
            return comicResponse(entry, request: request, content: content)
        case .image(let path):
            return imageResponse(path, content: content)
        case .wikiAPI:
            let query = FormQuery(target: request.target)
            guard query["action"] == "query" else { return wikiResponse(request, content: content) }
            return ExplainQueryResponder(
                explanations: content.explanations, maxResultSize: content.explainMaxResultSize
            ).response(to: query)
        case .notFound:
            return .errorPage(404)
        }
    }

    /// Paths under `/imgs/` hold images: a set override, else a generated PNG whose strokes
    /// depend on the path (whatever the file name's extension says, as servers sometimes do); a
    /// `_2x` image, twice the size, for comics from #1084 on and 404 below, as xkcd.com has them.
    private func imageResponse(_ path: String, content: ServedContent) -> HTTPResponse {
        let name = path.dropFirst("/imgs/".count)
        guard !name.isEmpty, !name.hasSuffix("/") else { return .errorPage(404) }
        let seed = path.utf8.reduce(2_166_136_261) { ($0 ^ UInt32($1)) &* 16_777_619 }
        var body = content.images[path]
        if body == nil, let doubled = name.range(of: "_2x.", options: .backwards) {
            // xkcd has `_2x` images from about #1084 on: the comic whose 1x image this doubles decides.
            let single = Data((name[..<doubled.lowerBound] + "." + name[doubled.upperBound...]).utf8)
            let owner = content.entries.first { $0.value.body.firstRange(of: single) != nil }?.key
            guard let owner, owner >= Self.firstDoubledComic else { return .errorPage(404) }
            body = SyntheticPNG.make(width: 240, height: 180, seed: seed)
        }
        let served = body ?? SyntheticPNG.make(seed: seed)
        return HTTPResponse(
            status: 200,
            headers: [
                (
                    "Content-Type",
                    served.starts(with: [0x89, 0x50, 0x4E, 0x47]) ? "image/png" : "application/octet-stream"
                )
            ],
            body: served)
    }

    /// The first comic the server has a `_2x` image for, as xkcd has them from about #1084.
    static let firstDoubledComic = 1084

    /// Whether `request` asks explainxkcd's batch query API (`action=query`).
    func isExplainQuery(_ request: HTTPRequest) -> Bool {
        (request.method == "GET" || request.method == "HEAD") && route(request.path) == .wikiAPI
            && FormQuery(target: request.target)["action"] == "query"
    }

    /// Parses a path (without query).
    func route(_ path: String) -> Route {
        let parts = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map(Substring.init)
        // "/info.0.json" -> ["", "info.0.json"]; "/353/info.0.json" -> ["", "353", "info.0.json"]
        if parts.count == 2, parts[0].isEmpty, parts[1] == "info.0.json" {
            return .newestComic
        }
        if parts.count == 3, parts[0].isEmpty, parts[2] == "info.0.json",
            let first = parts[1].first, first != "0", parts[1].allSatisfy({ ("0"..."9").contains($0) }),
            let num = Int(parts[1]), num > 0
        {
            return .comic(num)
        }
        if path.hasPrefix("/imgs/"), !path.contains("/../") {
            return .image(path)
        }
        if path == "/wiki/api.php" {
            return .wikiAPI
        }
        return .notFound
    }

    /// explainxkcd's `api.php?action=parse&page=N&prop=wikitext&format=json&redirects=1`: the
    /// numeric page redirects to `N: Title`; a page that does not exist answers MediaWiki's error.
    private func wikiResponse(_ request: HTTPRequest, content: ServedContent) -> HTTPResponse {
        let query = URLComponents(string: request.target)?.queryItems ?? []
        let page = query.first { $0.name == "page" }?.value ?? ""
        let json: [String: Any]
        if let num = Int(page.prefix(while: \.isNumber)), let entry = content.explanations[num] {
            let title = "\(num): \(entry.title)"
            json = [
                "parse": [
                    "title": title, "pageid": num, "redirects": [["from": String(num), "to": title]],
                    "wikitext": ["*": entry.wikitext],
                ]
            ]
        } else {
            json = ["error": ["code": "missingtitle", "info": "The page you specified doesn't exist.", "*": ""]]
        }
        let body = (try? JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])) ?? Data()
        return HTTPResponse(status: 200, headers: [("Content-Type", "application/json; charset=utf-8")], body: body)
    }

    private func comicResponse(_ entry: ServedContent.Entry, request: HTTPRequest, content: ServedContent)
        -> HTTPResponse
    {
        let validators: [(name: String, value: String)] = [
            ("Last-Modified", HTTPDate.format(entry.lastModified)),
            ("ETag", entry.etag),
            ("Cache-Control", "no-cache"),
        ]
        if notModified(entry, request: request) {
            return HTTPResponse(status: 304, headers: validators)
        }
        return HTTPResponse(
            status: 200, headers: [("Content-Type", "application/json")] + validators,
            body: entry.served)
    }

    /// RFC 9110 §13.2.2: If-None-Match (weak comparison) wins; If-Modified-Since only
    /// without it.
    private func notModified(_ entry: ServedContent.Entry, request: HTTPRequest) -> Bool {
        if let ifNoneMatch = request.headers["if-none-match"] {
            let tags = ASCIIBytes.list(ifNoneMatch)
            let current = entry.etag
            return tags.contains { tag in
                tag == "*" || (tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag) == current
            }
        }
        if let ifModifiedSince = request.headers["if-modified-since"], let since = HTTPDate.parse(ifModifiedSince) {
            return entry.lastModified <= since
        }
        return false
    }
}
